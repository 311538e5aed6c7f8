"""What every league service shares: permission, locking, lookups, a fixture's audit."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, Season, TeamEntry
from leagues.permissions import league_of
from rules_engine.wording import Shown, Wording, english, say
from teams.audit import log_action
from teams.models import Team

MANAGE = "leagues.manage_league"


def require_commissioner(actor: Actor, obj: Any, refusal: str) -> None:
    """Raise PermissionDenied (403) unless ``actor`` commissions ``obj``'s league;
    ``refusal`` is the sentence said, translated, with the league's name in
    ``%(league)s`` ("Only a commissioner of %(league)s may open a season.")."""
    if actor is None or not actor.has_perm(MANAGE, obj):
        raise PermissionDenied(str(refusal) % {"league": league_of(obj).name})


def _require_atomic(what: str) -> None:
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError(f"{what} must run inside transaction.atomic()")


def lock_season(season: Season | int) -> Season:
    """The season's row, locked for the open transaction, with its league."""
    _require_atomic("lock_season()")
    season_id = season.pk if isinstance(season, Season) else season
    # Lock only the season row (``of``): its league comes in the same read, unlocked.
    return Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season_id)


def lock_fixture(fixture: Fixture | int) -> tuple[Fixture, Season]:
    """The fixture's season, then the fixture, both locked (one lock order everywhere)."""
    fixture_id = fixture.pk if isinstance(fixture, Fixture) else fixture
    season_id = (  # a fixture never changes season
        fixture.season_id
        if isinstance(fixture, Fixture)
        else Fixture.objects.values_list("season_id", flat=True).get(pk=fixture_id)
    )
    season = lock_season(season_id)
    locked = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("home", "away", "division", "round")
        .get(pk=fixture_id)
    )
    locked.season = season
    return locked, season


def playing_elsewhere(team: Team | int, league_id: int) -> Season | None:
    """The current season (not finished) of a league other than ``league_id`` that the
    team is admitted to, or None: a team plays in one league's current season at a time.

    No database constraint can hold this: whether a season is current is its status, a
    column of another table than the entries, and a unique index or constraint reads one
    table's row. The services that admit a team (``admit_team``, ``enter_team``, the
    re-draft, the carry-over) lock the team's row after the season's (the one lock order)
    and ask this, so two leagues admitting the same team at once take turns and the second
    sees the first's entry.
    """
    return (
        Season.objects.filter(entries__team=team_id_of(team), entries__division__isnull=False)
        .exclude(status=Season.Status.FINISHED)
        .exclude(league_id=league_id)
        .select_related("league")
        .order_by("pk")
        .first()
    )


def teams_playing_elsewhere(league_id: int) -> QuerySet[TeamEntry, Any]:
    """The ids (``team_id``) of the teams admitted to the current season of another
    league than ``league_id`` (see ``playing_elsewhere``), for a list to leave them out."""
    return (
        TeamEntry.objects.filter(division__isnull=False)
        .exclude(season__status=Season.Status.FINISHED)
        .exclude(season__league_id=league_id)
        .values("team_id")
    )


def playing_elsewhere_message(team_name: str, season: Season) -> str:
    """Why a team playing in ``season`` (another league's current one) is refused."""
    return _(
        "%(team)s is playing in season %(number)s of %(league)s: a team plays in one "
        "league's current season at a time. It can join another league once that season "
        "is finished."
    ) % {"team": team_name, "number": season.number, "league": season.league.name}


# Where a season is, in a sentence (``require_status``).
SEASON_IS: dict[str, Any] = {
    Season.Status.SIGN_UP: gettext_lazy("%(season)s is in sign-up."),
    Season.Status.REGULAR_SEASON: gettext_lazy("%(season)s is in its regular season."),
    Season.Status.PLAYOFFS: gettext_lazy("%(season)s is in its play-offs."),
    Season.Status.FINISHED: gettext_lazy("%(season)s is finished."),
}
# When something may be done (``require_status``'s ``%(allowed)s``).
DURING: dict[str, Any] = {
    Season.Status.SIGN_UP: gettext_lazy("sign-up"),
    Season.Status.REGULAR_SEASON: gettext_lazy("the regular season"),
    Season.Status.PLAYOFFS: gettext_lazy("the play-offs"),
    Season.Status.FINISHED: gettext_lazy("the season's end"),
}


# A fixture's status and play-off stage as a sentence reads them ("is already settled
# (played)", "its final keeps a winner"): the choices' labels are capitalised for a
# page's cells; each language writes these as its sentences want.
STATUS_IN_SENTENCE: dict[str, Any] = {
    Fixture.Status.SCHEDULED: pgettext_lazy("fixture status in a sentence", "scheduled"),
    Fixture.Status.PLAYED: pgettext_lazy("fixture status in a sentence", "played"),
    Fixture.Status.FORFEIT: pgettext_lazy("fixture status in a sentence", "conceded"),
    Fixture.Status.UNPLAYED_DOUBLE_LOSS: pgettext_lazy(
        "fixture status in a sentence", "unplayed: a loss for both"
    ),
    Fixture.Status.POSTPONED: pgettext_lazy("fixture status in a sentence", "postponed"),
}
STAGE_IN_SENTENCE: dict[str, Any] = {
    Fixture.Stage.SEMI_FINAL: pgettext_lazy("play-off stage in a sentence", "semi-final"),
    Fixture.Stage.FINAL: pgettext_lazy("play-off stage in a sentence", "final"),
    Fixture.Stage.THIRD_PLACE: pgettext_lazy("play-off stage in a sentence", "third-place match"),
}


def status_words(fixture: Fixture) -> str:
    """The fixture's status as a sentence reads it ("played", "conceded")."""
    return str(STATUS_IN_SENTENCE.get(fixture.status, fixture.get_status_display()))


def stage_words(fixture: Fixture) -> str:
    """The fixture's play-off stage as a sentence reads it ("final")."""
    return str(STAGE_IN_SENTENCE.get(fixture.stage, fixture.get_stage_display()))


def require_status(season: Season, *statuses: str, doing: str) -> None:
    """Raise LeagueError unless the season is in one of ``statuses``; ``doing`` is the
    sentence said after where the season is, translated, with the phases allowed in
    ``%(allowed)s`` ("You can admit a team only during %(allowed)s.")."""
    if season.status not in statuses:
        names = [str(DURING[s]) for s in statuses]
        allowed = (
            names[0]
            if len(names) == 1
            else _("%(first)s or %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}
        )
        where = str(SEASON_IS[season.status]) % {"season": season}
        # Two whole sentences: where the season is, then when the action may be done.
        raise LeagueError(f"{where} {str(doing) % {'allowed': allowed}}")


def entry_of(season: Season, team: Any) -> TeamEntry:
    try:
        return TeamEntry.objects.select_related("division").get(season=season, team=team)
    except TeamEntry.DoesNotExist:
        raise LeagueError(
            _("%(team)s is not entered in %(season)s.") % {"team": team, "season": season}
        ) from None


# Which season phase takes results for each kind of fixture.
RESULT_PHASES: dict[str, tuple[str, ...]] = {
    Fixture.Kind.LEAGUE: (Season.Status.REGULAR_SEASON,),
    Fixture.Kind.FRIENDLY: (Season.Status.REGULAR_SEASON, Season.Status.PLAYOFFS),
    Fixture.Kind.PLAYOFF: (Season.Status.PLAYOFFS,),
}


def team_id_of(team: Team | int | None) -> int | None:
    return team.pk if isinstance(team, Team) else team


def season_said(season: Season) -> Wording:
    """The season's name inside a stored sentence ("Old World League, season 2"), in
    the language of whoever reads the line."""
    return say("{league}, season {number}", league=season.league.name, number=season.number)


# A ledger note's length (teams.TreasuryEntry.note).
NOTE_MAX = 200


def ledger_note(note: Wording) -> Shown:
    """A ledger note, kept as a sentence unless its English runs past the column: then
    its English, cut (long league and team names)."""
    text = english(note)
    return note if len(text) <= NOTE_MAX else text[:NOTE_MAX]


def log_fixture_change(
    actor: Actor, action: str, message: Shown, fixture: Fixture, **data: Any
) -> None:
    """The audit row of a change to ``fixture`` (teams/audit.py), in the open transaction."""
    log_action(
        actor,
        action,
        message,
        league=fixture.season.league_id,
        team=fixture.home_id,
        other_team=fixture.away_id,
        fixture=fixture.pk,
        **data,
    )


def score_of(fixture: Fixture) -> Shown:
    """The fixture's score for an audit line ("2-1"), or its status in the line's words
    (a sentence: the line reads in its reader's language)."""
    if fixture.home_touchdowns is not None:
        return f"{fixture.home_touchdowns}-{fixture.away_touchdowns}"
    status = fixture.status
    if status == Fixture.Status.PLAYED:
        return say("played")
    if status == Fixture.Status.FORFEIT:
        return say("conceded")
    if status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        return say("unplayed: a loss for both")
    if status == Fixture.Status.POSTPONED:
        return say("postponed")
    return say("scheduled")


def side_of(fixture: Fixture, team: Team | int | None) -> int:
    """The id of ``team``, the team that conceded ``fixture``: one of its two."""
    team_id = team_id_of(team)
    if team_id not in (fixture.home_id, fixture.away_id):
        raise LeagueError(
            _("The conceding team must be %(home)s or %(away)s.")
            % {"home": fixture.home.name, "away": fixture.away.name}
        )
    return team_id
