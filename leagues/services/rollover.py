"""Closing a season and opening the next (season rollover).

The commissioner closes a season once its games are done and opens the league's
next season in one step (``roll_over_season``). What the teams do between the
two seasons is the league's ruleset's (``rules_engine.editions.between_seasons``):

- **re-draft** (BB2020, facts §5): each coach re-drafts his team
  (``teams.services.redraft_team``: the budget from the season's recorded games,
  wins and draws, re-hire fees, staff, re-rolls, MNG recovery, Niggling Injury
  rolls) and the re-drafted team enters the new season. Until then it waits,
  listed by ``awaiting_redraft``.
- **carry over** (classic and Blitz Bowl, where the texts say nothing of
  seasons): every active team of the closed season enters the new season as it
  is. A classic team keeps its players, injuries, Fan Factor and treasury; a
  Blitz Bowl team, which has no gold or development, is simply entered again.

**Moving to another edition** (``ruleset``): where the engine has a move from the
league's edition to another (``rules_engine.edition_change``: BB2020 to BB2025), the
commissioner may open the next season under it. The league plays it from that season
on; each season keeps the edition it was played under (``Season.ruleset``), so earlier
matches and history read as they were. Every team then re-drafts into the new edition
(``teams.services.edition_change``: players mapped to the new roster, what cannot carry
listed before the coach confirms).

Either way a team goes into the division of the same name as before (the new
season copies the closed season's divisions, format and play-off format); the
commissioner can still move it or admit others while the season is in sign-up.

When is a season done: its play-offs decided (the season finished itself, with
its prizes); or, where the commissioner chooses to play no play-offs this
season, every league fixture settled and the commissioner saying so
(``without_playoffs``: no prizes, no champion). A season in sign-up, with league
fixtures still to play, or with a play-off undecided is refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, League, Season, TeamEntry
from leagues.services._common import (
    lock_season,
    require_commissioner,
    season_said,
    teams_playing_elsewhere,
)
from leagues.services.setup import open_season
from rules_engine.edition_change import edition_move, edition_moves_from, is_edition_change
from rules_engine.editions import CARRY_OVER, REDRAFT, between_seasons, edition_for
from rules_engine.errors import RulesError
from rules_engine.wording import Wording, say, say_plural
from teams.audit import log_action
from teams.models import Redraft, Team
from teams.services._common import lock_teams


@dataclass(frozen=True)
class Rollover:
    """A season closed and the next opened: the teams carried over and the teams
    whose coaches have a re-draft to make."""

    closed: Season
    opened: Season
    carried_over: list[Team] = field(default_factory=list)
    awaiting_redraft: list[Team] = field(default_factory=list)


# What a league's page says its teams do between seasons (see the module).
BETWEEN_SEASONS_TEXT = {
    REDRAFT: gettext_lazy(
        "each coach re-drafts his team (budget 1,000,000 gp + treasury + 20,000 per "
        "game played + 20,000 per league win + 10,000 per league draw, capped where the league "
        "says; players re-hired at current value + 20,000 per season played; MNG players "
        "recover, each Niggling Injury heals on a D6 of 4+, +1 with an apothecary) and the "
        "re-drafted team enters the new season."
    ),
    CARRY_OVER: gettext_lazy(
        "every team goes into the new season as it is: players, injuries, fans "
        "and treasury (Dugout's reading: the rules have no re-draft)."
    ),
}


def between_seasons_text(league: League) -> str:
    """What the league's teams do between seasons, in words for its pages."""
    return str(BETWEEN_SEASONS_TEXT[between_seasons(league.ruleset)])


def _open_count(season: Season, kind: str) -> int:
    return season.fixtures.filter(kind=kind, status__in=Fixture.OPEN_STATUSES).count()


def _refusal(season: Season, without_playoffs: bool) -> str | None:
    """Why the season cannot be closed yet, or None."""
    status = season.status
    if status == Season.Status.SIGN_UP:
        return _(
            "%(season)s has not begun: draw up its schedule and play it before closing it."
        ) % {"season": season}
    if status == Season.Status.PLAYOFFS:
        # None open yet (the final waits to be drawn): one still to settle.
        open_playoffs = _open_count(season, Fixture.Kind.PLAYOFF) or 1
        return ngettext(
            "The play-offs of %(season)s are not decided: %(count)d play-off fixture still "
            "to settle. The season closes once the final and the third-place match have "
            "winners.",
            "The play-offs of %(season)s are not decided: %(count)d play-off fixtures still "
            "to settle. The season closes once the final and the third-place match have "
            "winners.",
            open_playoffs,
        ) % {"season": season, "count": open_playoffs}
    if status == Season.Status.REGULAR_SEASON:
        still_open = _open_count(season, Fixture.Kind.LEAGUE)
        if still_open:
            return ngettext(
                "%(count)d league fixture of %(season)s is still to be played: record it or "
                "award a forfeit before closing the season.",
                "%(count)d league fixtures of %(season)s are still to be played: record them "
                "or award forfeits before closing the season.",
                still_open,
            ) % {"season": season, "count": still_open}
        if not without_playoffs:
            return _(
                "%(season)s has had no play-offs: start them, or close the season without "
                "play-offs."
            ) % {"season": season}
    return None


def close_season(actor: Actor, season: Season, *, without_playoffs: bool = False) -> Season:
    """Close the season once its games are done (see the module); a season whose
    play-offs finished is closed already. No prizes without play-offs."""
    require_commissioner(actor, season, _("Only a commissioner of %(league)s may close a season."))
    with transaction.atomic():
        season = lock_season(season)
        if _close(season, without_playoffs):
            log_action(
                actor,
                "season.close",
                say("{season} closed without play-offs.", season=season_said(season))
                if without_playoffs
                else say("{season} closed.", season=season_said(season)),
                league=season.league_id,
                season=season.pk,
                without_playoffs=without_playoffs,
            )
    return season


def _close(season: Season, without_playoffs: bool) -> bool:
    """Close the locked ``season`` (refused with the reason); whether it was open."""
    refusal = _refusal(season, without_playoffs)
    if refusal:
        raise LeagueError(refusal)
    if season.status == Season.Status.FINISHED:
        return False
    season.status = Season.Status.FINISHED
    season.save(update_fields=["status"])
    return True


def edition_moves(league: League) -> list[tuple[str, str]]:
    """(key, name) of the editions the league may move to at its next roll-over."""
    if between_seasons(league.ruleset) != REDRAFT:
        return []
    return [(key, edition_for(key).name) for key in edition_moves_from(league.ruleset)]


def season_edition_name(season: Season) -> str:
    """The name of the edition the season is played under."""
    try:
        return edition_for(season.ruleset or season.league.ruleset).name
    except LookupError:
        return season.ruleset


def _check_edition_move(league: League, ruleset: str) -> None:
    if between_seasons(league.ruleset) != REDRAFT:
        raise LeagueError(
            _(
                "%(league)s's teams carry over between seasons: a league moves to another "
                "edition at a re-draft."
            )
            % {"league": league.name}
        )
    try:
        edition_move(league.ruleset, ruleset)
    except RulesError as error:
        raise LeagueError(error.messages) from None


def roll_over_season(
    actor: Actor,
    season: Season,
    *,
    without_playoffs: bool = False,
    ruleset: str | None = None,
) -> Rollover:
    """Close the season and open the league's next one, with the same divisions,
    format and play-off format; enter the teams that carry over (see the module).
    ``ruleset`` opens it under another edition the league may move to (every team
    then re-drafts into it)."""
    require_commissioner(
        actor, season, _("Only a commissioner of %(league)s may close a season and open the next.")
    )
    with transaction.atomic():
        season = lock_season(season)
        _require_last(season)
        league = League.objects.get(pk=season.league_id)
        moving = bool(ruleset) and is_edition_change(league.ruleset, ruleset or "")
        if moving:
            _check_edition_move(league, ruleset or "")
        _close(season, without_playoffs)
        closed = season
        previous_ruleset = league.ruleset
        if moving:
            # The league plays the new edition from the season opened now on; the
            # closed season keeps its own (Season.ruleset).
            league.ruleset = ruleset or ""
            league.save(update_fields=["ruleset"])
        names = list(closed.divisions.order_by("name").values_list("name", flat=True))
        opened = open_season(
            actor,
            league,
            # A league moving edition plays the new one's format (BB2025: single).
            format=None if moving else closed.format,
            playoff_format=closed.playoff_format,
            divisions=names or ("Division 1",),
        )
        carried, waiting = _carry_over(league, closed, opened, moving=moving)
        done = Rollover(closed, opened, carried_over=carried, awaiting_redraft=waiting)
        _log_rollover(actor, league, done, previous_ruleset, moving=moving)
    return done


def _require_last(season: Season) -> None:
    """A season rolls over once: refused when the league has a later one."""
    later = (
        Season.objects.filter(league_id=season.league_id, number__gt=season.number)
        .order_by("number")
        .first()
    )
    if later is not None:
        raise LeagueError(
            _("%(later)s is open already: %(season)s was rolled over before.")
            % {"later": later, "season": season}
        )


def _carry_over(
    league: League, closed: Season, opened: Season, *, moving: bool
) -> tuple[list[Team], list[Team]]:
    """(carried over, awaiting re-draft): the closed season's active teams are entered
    in the opened one, in their divisions, where the league's ruleset carries teams
    over and the edition stays; else they wait to re-draft."""
    old_entries = list(
        TeamEntry.objects.filter(season=closed, division__isnull=False)
        .select_related("team", "division")
        .order_by("division__name", "team__name")
    )
    active = [e for e in old_entries if e.team.status == Team.Status.ACTIVE]
    if moving or between_seasons(league.ruleset) != CARRY_OVER:
        return [], [e.team for e in active]
    divisions = {d.name: d for d in opened.divisions.all()}
    # A team admitted to another league's current season since the closed season ended
    # goes in waiting: the commissioner admits it once that season is finished. The
    # teams' rows are locked first (see ``playing_elsewhere``).
    lock_teams(*(e.team_id for e in active))
    elsewhere = set(
        teams_playing_elsewhere(league.pk)
        .filter(team_id__in=[e.team_id for e in active])
        .values_list("team_id", flat=True)
    )
    TeamEntry.objects.bulk_create(
        TeamEntry(
            season=opened,
            team=e.team,
            division=(
                divisions.get(e.division.name)
                if e.division and e.team_id not in elsewhere
                else None
            ),
        )
        for e in active
    )
    return [e.team for e in active], []


def _rollover_said(done: Rollover, league: League, *, moving: bool) -> Wording:
    """The roll-over's audit line, as a sentence its reader reads in his language."""
    carried, waiting = done.carried_over, done.awaiting_redraft
    teams = (
        say_plural("{count} team carried over.", "{count} teams carried over.", len(carried))
        if carried or not waiting
        else say_plural("{count} team to re-draft.", "{count} teams to re-draft.", len(waiting))
    )
    values = {"season": season_said(done.closed), "number": done.opened.number, "teams": teams}
    if moving:
        return say(
            "{season} rolled over into season {number}: {teams} The league moves to {edition}.",
            edition=edition_for(league.ruleset).name,
            **values,
        )
    return say("{season} rolled over into season {number}: {teams}", **values)


def _log_rollover(
    actor: Actor, league: League, done: Rollover, previous_ruleset: str, *, moving: bool
) -> None:
    """The audit line: the teams carried over (or to re-draft) and the edition's move."""
    carried, waiting = done.carried_over, done.awaiting_redraft
    log_action(
        actor,
        "season.roll_over",
        _rollover_said(done, league, moving=moving),
        league=league,
        closed=done.closed.pk,
        opened=done.opened.pk,
        carried_over=[t.pk for t in carried],
        awaiting_redraft=[t.pk for t in waiting],
        ruleset={"before": previous_ruleset, "after": league.ruleset},
    )


def awaiting_redraft(season: Season) -> list[Team]:
    """Active teams of the season before ``season`` (in sign-up) whose coaches have
    not re-drafted into it yet, where the league's ruleset re-drafts."""
    if season.status != Season.Status.SIGN_UP or between_seasons(season.league.ruleset) == (
        CARRY_OVER
    ):
        return []
    previous = Season.objects.filter(league_id=season.league_id, number=season.number - 1).first()
    if previous is None or previous.status != Season.Status.FINISHED:
        return []
    done = Redraft.objects.filter(from_season=previous).values_list("team_id", flat=True)
    entered = TeamEntry.objects.filter(season=season).values_list("team_id", flat=True)
    return list(
        Team.objects.filter(
            league_entries__season=previous,
            league_entries__division__isnull=False,
            status=Team.Status.ACTIVE,
        )
        .exclude(pk__in=done)
        .exclude(pk__in=entered)
        .select_related("coach")
        .order_by("name")
    )
