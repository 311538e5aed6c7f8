"""Running the play-off odds in the background and caching them.

The odds of a season are cached under its fingerprint: a hash of everything they
depend on (the season's league fixtures and their results, its points adjustments,
the league's scoring, tie-breakers and play-off format, and the league's ratings,
which any result of any of its seasons moves). A result recorded, corrected or
undone gives another fingerprint, so cached odds are never stale: the page asks for
the fingerprint's figures and finds none until they are worked out again. The
fingerprint also seeds the simulation, so the same season gives the same odds.

``start_odds`` (leagues/tasks.py) queues the Celery task (``playoff_odds``; eager
without Redis) once per fingerprint: a marker in the cache says it is under way, and the task
writes its progress there every ``PROGRESS_EVERY`` simulations for the page's
progress bar. A task that died leaves a marker that expires (``RUNNING_TTL``) so the
odds can be asked for again.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.core.cache import cache
from django.db.models import Count, Max

from leagues.insight.odds import N_SIMULATIONS, SeasonOdds, read_input, simulate
from leagues.models import Fixture, League, PointsAdjustment, RatingChange, Season

RESULT_TTL = 7 * 24 * 3600
RUNNING_TTL = 10 * 60
VERSION = 1  # of the simulation: a change to it must not read older figures


@dataclass(frozen=True)
class OddsState:
    """Where a season's odds stand: "ready" (``odds``), "running" (``progress``
    of 0..1) or "none" (not asked for since the last result)."""

    season: Season
    fingerprint: str
    status: str
    progress: float = 0.0
    odds: SeasonOdds | None = None


def odds_season(league: League) -> Season | None:
    """The season the league's odds are about: its latest, while in its regular season."""
    season = league.seasons.select_related("league").order_by("-number").first()
    if season is None or season.status != Season.Status.REGULAR_SEASON:
        return None
    return season


def fingerprint(season: Season) -> str:
    """The hash of what the season's odds depend on. Three queries."""
    league = season.league
    fixtures = list(
        Fixture.objects.filter(season=season, kind=Fixture.Kind.LEAGUE)
        .order_by("id")
        .values_list(
            "id",
            "status",
            "home_id",
            "away_id",
            "division_id",
            "home_touchdowns",
            "away_touchdowns",
            "home_casualties",
            "away_casualties",
            "home_points",
            "away_points",
        )
    )
    adjustments = list(
        PointsAdjustment.objects.filter(season=season)
        .order_by("id")
        .values_list("id", "team_id", "points")
    )
    ratings = RatingChange.objects.filter(league_id=season.league_id).aggregate(
        n=Count("id"), last=Max("updated_at")
    )
    facts = [
        VERSION,
        N_SIMULATIONS,
        season.pk,
        season.playoff_format,
        [league.points_for_win, league.points_for_draw, league.points_for_loss],
        [league.bonus_three_touchdowns, league.bonus_clean_sheet, league.bonus_three_casualties],
        list(league.tie_breakers),
        fixtures,
        adjustments,
        [ratings["n"], str(ratings["last"])],
    ]
    return hashlib.sha256(json.dumps(facts, default=str).encode()).hexdigest()[:32]


def cache_keys(season: Season, print_: str) -> tuple[str, str]:
    """The cache keys of the season's odds for a fingerprint: the figures, the progress."""
    base = f"dugout:playoff-odds:{season.pk}:{print_}"
    return base, f"{base}:progress"


def odds_state(season: Season) -> OddsState:
    """The season's odds if worked out for its current results, else how far along."""
    print_ = fingerprint(season)
    done_key, progress_key = cache_keys(season, print_)
    odds = cache.get(done_key)
    if odds is not None:
        return OddsState(season, print_, "ready", 1.0, odds)
    progress = cache.get(progress_key)
    if progress is not None:
        return OddsState(season, print_, "running", float(progress))
    return OddsState(season, print_, "none")


def compute_odds(season_id: int, simulations: int = N_SIMULATIONS) -> SeasonOdds:
    """The task's work: simulate the season's current results and cache the odds
    under their fingerprint (the one of when the task runs)."""
    season = Season.objects.select_related("league").get(pk=season_id)
    print_ = fingerprint(season)
    done_key, progress_key = cache_keys(season, print_)
    cache.add(progress_key, 0.0, RUNNING_TTL)

    def progress(done: int, total: int) -> None:
        cache.set(progress_key, done / total, RUNNING_TTL)

    try:
        odds = simulate(
            read_input(season),
            simulations=simulations,
            seed=int(print_[:12], 16),
            progress=progress,
        )
        cache.set(done_key, odds, RESULT_TTL)
    finally:  # done or failed, nothing is under way any more: the page may ask again
        cache.delete(progress_key)
    return odds
