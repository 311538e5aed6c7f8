"""Results: what the matches app reports, and the points a commissioner docks
(forfeits: ``leagues.services.forfeits``)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import versions
from core.types import Actor
from leagues.errors import LeagueError
from leagues.insight.ratings import rerate_fixture
from leagues.models import DecidedBy, Fixture, PlayoffStage, PointsAdjustment, Season
from leagues.permissions import signed_in
from leagues.services._common import (
    MANAGE,
    RESULT_PHASES,
    entry_of,
    lock_fixture,
    lock_season,
    log_fixture_change,
    require_commissioner,
    require_status,
    score_of,
    season_said,
    side_of,
    stage_words,
    status_words,
)
from leagues.services.bracket import (
    advance_bracket,
    check_finished_playoff,
    correct_finished_playoff,
    finished_places,
)
from leagues.services.standings_sync import refresh_fixture_teams, refresh_team_totals
from rules_engine.wording import say, say_plural
from teams.audit import log_action
from teams.models import Team

MAX_SCORE = 99
MAX_DOCKED_POINTS = 99


# What each number of a result is called in a refusal (``_check_numbers``).
NUMBER_NAMES: dict[str, Any] = {
    "home_touchdowns": gettext_lazy("Home touchdowns"),
    "away_touchdowns": gettext_lazy("Away touchdowns"),
    "home_casualties": gettext_lazy("Home casualties"),
    "away_casualties": gettext_lazy("Away casualties"),
    "home_points": gettext_lazy("Home points"),
    "away_points": gettext_lazy("Away points"),
}


def _check_numbers(**numbers: Any) -> None:
    problems = [
        _("%(name)s must be a whole number from 0 to %(most)s.")
        % {"name": NUMBER_NAMES[name], "most": MAX_SCORE}
        for name, value in numbers.items()
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SCORE
    ]
    if problems:
        raise LeagueError(problems)


def record_result(
    actor: Actor,
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
    by_commissioner: bool | None = None,
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
    A finished season's final or third-place match takes the same result again (its
    report applied, or corrected without changing it), and another only from a
    commissioner (``_correct_finished_playoff``).
    ``by_commissioner``: whether ``actor`` is a commissioner of the fixture's league,
    when the caller read it already (a commissioner's result is audited as his).
    """
    _require_may_record(actor, fixture)
    _check_result_numbers(
        (home_touchdowns, away_touchdowns),
        (home_casualties, away_casualties),
        (home_points, away_points),
        decided_by,
    )
    # A league fixture's result takes no savepoint of its own (one per
    # recorded match): its checks write nothing and their refusal is raised once out of
    # the block, so a caller's transaction stays usable, and nothing after the writes
    # refuses it. A play-off's bracket may still refuse it after the fixture is
    # written ("the final has been played"): that takes its savepoint.
    refused: LeagueError | None = None
    with transaction.atomic(savepoint=fixture.kind != Fixture.Kind.LEAGUE):
        fixture, season = lock_fixture(fixture)
        try:
            _require_takes_result(fixture, season)
            conceded_id = _conceding_side(fixture, conceded_by, home_touchdowns, away_touchdowns)
        except LeagueError as error:
            refused = error
        else:
            scores = (home_touchdowns, away_touchdowns)
            if home_points is not None and away_points is not None:
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
            changed = any(getattr(fixture, name) != value for name, value in new.items())
            if changed and season.status == Season.Status.FINISHED:
                _correct_finished_playoff(actor, fixture, season, new, by_commissioner)
            elif changed:
                _save_result(actor, fixture, season, new, by_commissioner)
                advance_bracket(season, actor)
    if refused is not None:
        raise refused
    return fixture


def _require_may_record(actor: Actor, fixture: Fixture) -> None:
    if actor is None or not actor.has_perm("leagues.record_result", fixture):
        raise PermissionDenied(
            _("Only a coach of one of the two teams or a commissioner may record the result.")
        )


def _require_takes_result(fixture: Fixture, season: Season) -> None:
    """The season is in the phase for this kind of fixture, which no forfeit settled;
    or the fixture is a finished season's final or third-place match played for its
    result (a correction of its report: ``_correct_finished_playoff``)."""
    if not _finished_playoff(fixture, season):
        require_status(
            season,
            *RESULT_PHASES[fixture.kind],
            doing=_("You can record this result only during %(allowed)s."),
        )
    if fixture.status in (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS):
        raise LeagueError(
            _("%(fixture)s was settled by the commissioner (%(status)s); it takes no match result.")
            % {"fixture": fixture, "status": status_words(fixture)}
        )


def _finished_playoff(fixture: Fixture, season: Season) -> bool:
    """Whether ``fixture`` is the played final or third-place match of a finished season."""
    return (
        season.status == Season.Status.FINISHED
        and fixture.kind == Fixture.Kind.PLAYOFF
        and fixture.stage in (PlayoffStage.FINAL, PlayoffStage.THIRD_PLACE)
        and fixture.status == Fixture.Status.PLAYED
    )


def _correct_finished_playoff(
    actor: Actor,
    fixture: Fixture,
    season: Season,
    new: dict[str, Any],
    by_commissioner: bool | None,
) -> None:
    """A finished season's final or third-place match takes another result from a
    commissioner only (a correction of its report): it keeps a winner, and another
    winner moves the champion, the League Trophy and the prizes paid
    (``bracket.correct_finished_playoff``)."""
    if not _manages(actor, season, by_commissioner):
        raise PermissionDenied(
            _(
                "%(season)s is finished: only a commissioner may correct the result of its "
                "%(stage)s."
            )
            % {"season": season, "stage": stage_words(fixture)}
        )
    check_finished_playoff(season, fixture, new["winner_id"])
    before = finished_places(season)
    _save_result(actor, fixture, season, new, by_commissioner)
    correct_finished_playoff(season, before, actor)


def _check_result_numbers(
    touchdowns: tuple[int, int],
    casualties: tuple[int, int],
    points: tuple[int | None, int | None],
    decided_by: str | None,
) -> None:
    """Refuse numbers out of range, half the points, or an unknown ``decided_by``."""
    _check_numbers(
        home_touchdowns=touchdowns[0],
        away_touchdowns=touchdowns[1],
        home_casualties=casualties[0],
        away_casualties=casualties[1],
    )
    home_points, away_points = points
    if (home_points is None) != (away_points is None):
        raise LeagueError(_("Give the points of both teams, or of neither."))
    if home_points is not None:
        _check_numbers(home_points=home_points, away_points=away_points)
    if decided_by not in (None, DecidedBy.NORMAL, DecidedBy.EXTRA_TIME):
        raise LeagueError(_("A score is decided in normal time or extra time."))


def _conceding_side(
    fixture: Fixture, conceded_by: Team | int | None, home_td: int, away_td: int
) -> int | None:
    """The team that conceded during the match (it must have lost), or None."""
    if conceded_by is None:
        return None
    conceded_id = side_of(fixture, conceded_by)
    conceder_scored, other_scored = (
        (home_td, away_td) if conceded_id == fixture.home_id else (away_td, home_td)
    )
    if conceder_scored >= other_scored:
        raise LeagueError(
            _(
                "A conceding team loses: its opponent gets one touchdown plus all of the "
                "conceding team's (p.67), so the conceding team must have fewer touchdowns."
            )
        )
    return conceded_id


def _save_result(
    actor: Actor,
    fixture: Fixture,
    season: Season,
    new: dict[str, Any],
    by_commissioner: bool | None = None,
) -> None:
    """Write ``new`` onto the fixture, refresh both teams' standings and, for a
    commissioner, audit the change (a coach's result is audited as his match report)."""
    before = {name: getattr(fixture, name) for name in new}
    was = score_of(fixture)
    for name, value in new.items():
        setattr(fixture, name, value)
    fixture.played_at = fixture.played_at or timezone.now()
    fixture.save(update_fields=[*new, "played_at", "updated_at"])
    refresh_fixture_teams(fixture)
    rerate_fixture(fixture)
    if _manages(actor, season, by_commissioner):
        log_fixture_change(
            actor,
            "fixture.result",
            say(
                "Result of {fixture} recorded by a commissioner: {score} (was {was}).",
                fixture=str(fixture),
                score=score_of(fixture),
                was=was,
            ),
            fixture,
            before=before,
            after=new,
        )


def _manages(actor: Actor, season: Season, by_commissioner: bool | None) -> bool:
    """``actor.has_perm(MANAGE, season)`` (a commissioner of the league, or a superuser:
    ``leagues.permissions``), without asking the database when the caller knows."""
    if by_commissioner is None:
        return actor.has_perm(MANAGE, season)
    return by_commissioner or bool(getattr(actor, "is_superuser", False))


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


def dock_points(
    actor: Actor, season: Season, team: Team, *, reason: str, points: int = 3
) -> PointsAdjustment:
    """Take ``points`` league points off a team, with the reason (facts §5: "dock 3 points")."""
    require_commissioner(actor, season, _("Only a commissioner of %(league)s may dock points."))
    reason = (reason or "").strip()
    problems = []
    if not reason:
        problems.append(_("Give the reason for docking points; the coaches will read it."))
    if isinstance(points, bool) or not isinstance(points, int) or not 0 < points <= 99:
        problems.append(
            _("Dock between 1 and %(max_docked_points)s points.")
            % {"max_docked_points": MAX_DOCKED_POINTS}
        )
    if problems:
        raise LeagueError(problems)
    with transaction.atomic():
        season = lock_season(season)
        require_status(
            season,
            Season.Status.SIGN_UP,
            Season.Status.REGULAR_SEASON,
            Season.Status.PLAYOFFS,
            doing=_("You can dock points only during %(allowed)s."),
        )
        entry_of(season, team)
        adjustment = PointsAdjustment.objects.create(
            season=season, team=team, points=-points, reason=reason, created_by=signed_in(actor)
        )
        refresh_team_totals(season, [team.pk])
        log_action(
            actor,
            "season.dock_points",
            say_plural(
                "{count} point docked from {team} in {season}: {reason}",
                "{count} points docked from {team} in {season}: {reason}",
                points,
                team=team.name,
                season=season_said(season),
                reason=reason,
            ),
            league=season.league_id,
            team=team,
            season=season.pk,
            points=-points,
            reason=reason,
        )
        return adjustment


def results_changed(fixture: Fixture, *, actor: Actor) -> None:
    """Hook for whoever changes a fixture's result outside ``record_result``.

    A league fixture's teams get their standings rows recomputed, the ratings are
    re-rated from the fixture on (``leagues.insight.ratings``), and the play-off
    bracket is told: it creates the final and third-place match once both semi-finals
    have winners, and pays the prizes once both of those are decided.
    ``record_result`` and ``award_forfeit`` call it themselves.
    """
    with transaction.atomic():
        season = lock_season(fixture.season_id)
        refresh_fixture_teams(fixture)
        rerate_fixture(fixture)
        advance_bracket(season, actor)
        versions.bump(leagues=[season.league_id], teams=[fixture.home_id, fixture.away_id])
