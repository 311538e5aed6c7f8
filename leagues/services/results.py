"""Results: what the matches app reports, what a commissioner awards or docks."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from leagues.errors import LeagueError
from leagues.models import DecidedBy, Fixture, PointsAdjustment, Season
from leagues.services._common import (
    entry_of,
    lock_fixture,
    lock_season,
    require_commissioner,
    require_status,
)
from leagues.services.playoffs import advance_bracket
from teams.models import Team

FORFEIT_UNPLAYED = "unplayed"
FORFEIT_CONCESSION = "concession"
FORFEIT_KINDS = {
    FORFEIT_UNPLAYED: "Unplayed: a loss for both",
    FORFEIT_CONCESSION: "Conceded for real-life reasons: the opponent wins 1-0",
}
MAX_SCORE = 99
MAX_DOCKED_POINTS = 99

# Which season phase takes results for each kind of fixture.
_PHASES = {
    Fixture.Kind.LEAGUE: (Season.Status.REGULAR_SEASON,),
    Fixture.Kind.FRIENDLY: (Season.Status.REGULAR_SEASON, Season.Status.PLAYOFFS),
    Fixture.Kind.PLAYOFF: (Season.Status.PLAYOFFS,),
}


def _team_id(team: Team | int | None) -> int | None:
    return team.pk if isinstance(team, Team) else team


def _side(fixture: Fixture, team: Team | int | None, what: str) -> int:
    team_id = _team_id(team)
    if team_id not in (fixture.home_id, fixture.away_id):
        raise LeagueError(f"The {what} must be {fixture.home.name} or {fixture.away.name}.")
    return team_id


def _check_numbers(**numbers: Any) -> None:
    problems = [
        f"{name.replace('_', ' ').capitalize()} must be a whole number from 0 to {MAX_SCORE}."
        for name, value in numbers.items()
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SCORE
    ]
    if problems:
        raise LeagueError(problems)


def record_result(
    actor: Any,
    fixture: Fixture,
    *,
    home_touchdowns: int,
    away_touchdowns: int,
    home_casualties: int,
    away_casualties: int,
    conceded_by: Team | int | None = None,
    decided_by: str | None = None,
    home_points: int | None = None,
    away_points: int | None = None,
) -> Fixture:
    """Record (or correct) the result of a fixture; the matches app calls this on close.

    Casualties are those each team *caused*. ``home_points``/``away_points`` (both or
    neither) are the points scored where the league's ruleset scores games in points
    (Blitz Bowl): the winner is then the team with more points, whatever the
    touchdowns. ``conceded_by`` names a team that
    conceded during the match: it must have lost. Recording the same numbers
    again changes nothing (not even ``played_at``); different numbers
    overwrite the earlier ones. On a play-off fixture a decisive score decides
    the winner (``decided_by`` "normal", the default, or "extra_time" when the
    score is the one after extra time) and the bracket advances; a score still
    level after extra time waits for ``resolve_sudden_death`` or
    ``record_playoff_winner``. A coach of either team or a commissioner may
    record; a fixture the commissioner settled as a forfeit cannot take a result.
    """
    if actor is None or not actor.has_perm("leagues.record_result", fixture):
        raise PermissionDenied(
            "Only a coach of one of the two teams or a commissioner may record the result."
        )
    _check_numbers(
        home_touchdowns=home_touchdowns,
        away_touchdowns=away_touchdowns,
        home_casualties=home_casualties,
        away_casualties=away_casualties,
    )
    if (home_points is None) != (away_points is None):
        raise LeagueError("Give the points of both teams, or of neither.")
    if home_points is not None:
        _check_numbers(home_points=home_points, away_points=away_points)
    if decided_by not in (None, DecidedBy.NORMAL, DecidedBy.EXTRA_TIME):
        raise LeagueError("A score is decided in normal time or extra time.")
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        require_status(season, *_PHASES[fixture.kind], doing="record this result")
        if fixture.status in (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS):
            raise LeagueError(
                f"{fixture} was settled by the commissioner "
                f"({fixture.get_status_display().lower()}); it takes no match result."
            )
        conceded_id = None
        if conceded_by is not None:
            conceded_id = _side(fixture, conceded_by, "conceding team")
            conceder_scored, other_scored = (
                (home_touchdowns, away_touchdowns)
                if conceded_id == fixture.home_id
                else (away_touchdowns, home_touchdowns)
            )
            if conceder_scored >= other_scored:
                raise LeagueError(
                    "A conceding team loses: its opponent gets one touchdown plus all of the "
                    "conceding team's (p.67), so the conceding team must have fewer touchdowns."
                )
        scores = (home_touchdowns, away_touchdowns)
        if home_points is not None:
            scores = (home_points, away_points)
        winner_id, how = _playoff_outcome(fixture, *scores, conceded_id, decided_by)
        new = {
            "status": Fixture.Status.PLAYED,
            "home_touchdowns": home_touchdowns,
            "away_touchdowns": away_touchdowns,
            "home_points": home_points,
            "away_points": away_points,
            "home_casualties": home_casualties,
            "away_casualties": away_casualties,
            "conceded_by_id": conceded_id,
            "winner_id": winner_id,
            "decided_by": how,
        }
        if all(getattr(fixture, name) == value for name, value in new.items()):
            return fixture
        for name, value in new.items():
            setattr(fixture, name, value)
        fixture.played_at = fixture.played_at or timezone.now()
        fixture.save()
        advance_bracket(season, actor)
    return fixture


def _playoff_outcome(
    fixture: Fixture, home_td: int, away_td: int, conceded_id: int | None, decided_by: str | None
) -> tuple[int | None, str]:
    """The winner and how, for a play-off; (None, "") for any other fixture. The scores
    are touchdowns, or points where the ruleset scores games in points."""
    if fixture.kind != Fixture.Kind.PLAYOFF:
        return None, DecidedBy.NONE
    if conceded_id is not None:
        other = fixture.away_id if conceded_id == fixture.home_id else fixture.home_id
        return other, DecidedBy.CONCESSION
    if home_td != away_td:
        return (
            fixture.home_id if home_td > away_td else fixture.away_id,
            decided_by or DecidedBy.NORMAL,
        )
    # A level score already settled (sudden death, or the commissioner for a draw on
    # points) stays settled when the same level result is recorded again.
    previous = (
        (fixture.home_points, fixture.away_points)
        if fixture.home_points is not None
        else (fixture.home_touchdowns, fixture.away_touchdowns)
    )
    if (
        fixture.decided_by in (DecidedBy.SUDDEN_DEATH, DecidedBy.COMMISSIONER)
        and previous[0] == previous[1]
    ):
        return fixture.winner_id, fixture.decided_by
    return None, DecidedBy.NONE


def award_forfeit(
    actor: Any, fixture: Fixture, *, kind: str, conceded_by: Team | int | None = None
) -> Fixture:
    """Settle a fixture that was not played (facts §5, p.98).

    ``kind`` "unplayed": a loss for both teams (counts as played, no points).
    ``kind`` "concession": ``conceded_by`` conceded for real-life reasons and
    its opponent wins 1-0; the opponent is also owed D6 x 10,000 gp and two
    MVPs, which the post-game pays: the fixture records that it is due.
    """
    require_commissioner(actor, fixture, "award forfeits")
    if kind not in FORFEIT_KINDS:
        raise LeagueError(f"A forfeit is {' or '.join(FORFEIT_KINDS)}, not {kind!r}.")
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        require_status(season, *_PHASES[fixture.kind], doing="award a forfeit here")
        if not fixture.is_open:
            raise LeagueError(
                f"{fixture} is already settled ({fixture.get_status_display().lower()})."
            )
        fixture.played_at = timezone.now()
        if kind == FORFEIT_UNPLAYED:
            if fixture.kind == Fixture.Kind.PLAYOFF:
                raise LeagueError(
                    "A play-off needs a winner: award it as a concession by one team instead."
                )
            if conceded_by is not None:
                raise LeagueError("An unplayed fixture is a loss for both: no team concedes it.")
            fixture.status = Fixture.Status.UNPLAYED_DOUBLE_LOSS
        else:
            if conceded_by is None:
                raise LeagueError("Say which team conceded.")
            conceded_id = _side(fixture, conceded_by, "conceding team")
            home_conceded = conceded_id == fixture.home_id
            fixture.status = Fixture.Status.FORFEIT
            fixture.home_touchdowns, fixture.away_touchdowns = (0, 1) if home_conceded else (1, 0)
            fixture.home_casualties = fixture.away_casualties = 0
            fixture.conceded_by_id = conceded_id
            fixture.concession_award_due = True
            if fixture.kind == Fixture.Kind.PLAYOFF:
                fixture.winner_id = fixture.away_id if home_conceded else fixture.home_id
                fixture.decided_by = DecidedBy.CONCESSION
        fixture.save()
        advance_bracket(season, actor)
    return fixture


def dock_points(
    actor: Any, season: Season, team: Team, *, reason: str, points: int = 3
) -> PointsAdjustment:
    """Take ``points`` league points off a team, with the reason (facts §5: "dock 3 points")."""
    require_commissioner(actor, season, "dock points")
    reason = (reason or "").strip()
    problems = []
    if not reason:
        problems.append("Give the reason for docking points; the coaches will read it.")
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= 99:
        problems.append(f"Dock between 1 and {MAX_DOCKED_POINTS} points.")
    if problems:
        raise LeagueError(problems)
    with transaction.atomic():
        season = lock_season(season)
        require_status(
            season,
            Season.Status.SIGN_UP,
            Season.Status.REGULAR_SEASON,
            Season.Status.PLAYOFFS,
            doing="dock points",
        )
        entry_of(season, team)
        return PointsAdjustment.objects.create(
            season=season, team=team, points=-points, reason=reason, created_by=actor
        )


def results_changed(fixture: Fixture, *, actor: Any = None) -> None:
    """Hook for whoever changes a fixture's result outside ``record_result``.

    League tables are computed when read, so only the play-off bracket needs
    telling: it creates the final and third-place match once both semi-finals
    have winners, and pays the prizes once both of those are decided.
    ``record_result`` and ``award_forfeit`` call it themselves.
    """
    with transaction.atomic():
        season = lock_season(fixture.season_id)
        advance_bracket(season, actor)
