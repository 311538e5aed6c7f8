"""Celery tasks of the leagues app (eager without REDIS_URL, real workers with it),
and queueing them."""

from __future__ import annotations

from celery import shared_task
from django.core.cache import cache
from django.utils.translation import gettext as _

from leagues.errors import LeagueError
from leagues.insight.odds_run import RUNNING_TTL, OddsState, cache_keys, compute_odds, odds_state
from leagues.models import Season
from leagues.services.deadlines import act_on_deadlines as act_on_passed_deadlines

# A season of a few hundred fixtures simulates 2,000 times in seconds.
ODDS_SOFT_TIME_LIMIT = 240
ODDS_TIME_LIMIT = 300


@shared_task(
    name="leagues.playoff_odds",
    ignore_result=True,
    soft_time_limit=ODDS_SOFT_TIME_LIMIT,
    time_limit=ODDS_TIME_LIMIT,
)
def playoff_odds(season_id: int) -> None:
    """Work out the season's play-off odds and cache them (``leagues.insight.odds_run``);
    the page polls the cache for the progress and the figures."""
    compute_odds(season_id)


@shared_task(name="leagues.act_on_deadlines", ignore_result=True)
def act_on_deadlines() -> None:
    """Celery beat's sweep every five minutes (config/celery.py): the unplayed league
    fixtures whose deadline has passed, settled by the rules or held for the
    commissioner (``leagues.services.deadlines``). Each fixture is acted on once, in a
    transaction of its own, so a run that fails or overlaps another loses nothing: the
    next one finds what is still owed."""
    act_on_passed_deadlines()


def start_odds(season: Season) -> OddsState:
    """Queue the odds of the season's current results unless they are worked out or
    under way; the state after."""
    state = odds_state(season)
    if state.status != "none":
        return state
    _result_key, progress_key = cache_keys(season, state.fingerprint)
    if cache.add(progress_key, 0.0, RUNNING_TTL):
        try:
            playoff_odds.delay(season.pk)
        except Exception as error:  # the broker is away: nothing is under way
            cache.delete(progress_key)
            raise LeagueError(
                _("The odds cannot be worked out just now; try again in a minute.")
            ) from error
    return odds_state(season)
