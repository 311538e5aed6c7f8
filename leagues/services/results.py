"""Results: what the matches app reports, what a commissioner awards or docks."""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from config.types import Actor
from leagues.errors import LeagueError
from leagues.models import DecidedBy, Fixture, PointsAdjustment, Season
from leagues.permissions import signed_in
from leagues.services._common import (
    MANAGE,
    entry_of,
    lock_fixture,
    lock_season,
    require_commissioner,
    require_status,
)
from leagues.services.playoffs import advance_bracket
from leagues.services.standings_sync import refresh_fixture_teams, refresh_team_totals
from rules_engine.dice import Dice, SeededDice
from rules_engine.edition import ConcessionAwardRule
from rules_engine.editions import edition_for
from teams.audit import log_action
from teams.models import LedgerReason, Player, Team
from teams.services import post_to_ledger, team_state
from teams.services._common import gp, lock_team

FORFEIT_UNPLAYED = "unplayed"
FORFEIT_CONCESSION = "concession"
FORFEIT_KINDS = {
    FORFEIT_UNPLAYED: "Unplayed: a loss for both",
    FORFEIT_CONCESSION: "Conceded for real-life reasons: the opponent wins 1-0",
}
MAX_SCORE = 99
MAX_DOCKED_POINTS = 99

# Which season phase takes results for each kind of fixture.
_PHASES: dict[str, tuple[str, ...]] = {
    Fixture.Kind.LEAGUE: (Season.Status.REGULAR_SEASON,),
    Fixture.Kind.FRIENDLY: (Season.Status.REGULAR_SEASON, Season.Status.PLAYOFFS),
    Fixture.Kind.PLAYOFF: (Season.Status.PLAYOFFS,),
}


def _team_id(team: Team | int | None) -> int | None:
    return team.pk if isinstance(team, Team) else team


def _log(actor: Actor, action: str, message: str, fixture: Fixture, **data: Any) -> None:
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


def _score(fixture: Fixture) -> str:
    if fixture.home_touchdowns is None:
        return f"{fixture.get_status_display().lower()}"
    return f"{fixture.home_touchdowns}-{fixture.away_touchdowns}"


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
        if all(getattr(fixture, name) == value for name, value in new.items()):
            return fixture
        before = {name: getattr(fixture, name) for name in new}
        was = _score(fixture)
        for name, value in new.items():
            setattr(fixture, name, value)
        fixture.played_at = fixture.played_at or timezone.now()
        fixture.save()
        refresh_fixture_teams(fixture)
        if actor.has_perm(MANAGE, season):  # a coach's result is audited as his match report
            _log(
                actor,
                "fixture.result",
                f"Result of {fixture} recorded by a commissioner: {_score(fixture)} (was {was}).",
                fixture,
                before=before,
                after=new,
            )
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


def concession_dice() -> Dice:
    """The dice a real-life concession's award is rolled with (tests pass their own)."""
    return SeededDice(secrets.randbits(63))


def award_forfeit(
    actor: Actor,
    fixture: Fixture,
    *,
    kind: str,
    conceded_by: Team | int | None = None,
    dice: Dice | None = None,
) -> Fixture:
    """Settle a fixture that was not played (facts §5, p.98).

    ``kind`` "unplayed": a loss for both teams (counts as played, no points, no
    gold). ``kind`` "concession": ``conceded_by`` conceded for real-life reasons
    and its opponent wins 1-0 and "gains D6 x 10,000 and two MVPs": where the
    league's ruleset has that rule the award is rolled with ``dice`` and paid at
    once (gold through the opponent's ledger, 4 SPP per MVP), and the fixture
    keeps what was paid and every roll (``concession_award``, ``concession_rolls``).
    """
    require_commissioner(actor, fixture, "award forfeits")
    _check_forfeit_kind(kind)
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        require_status(season, *_PHASES[fixture.kind], doing="award a forfeit here")
        if not fixture.is_open:
            raise LeagueError(
                f"{fixture} is already settled ({fixture.get_status_display().lower()})."
            )
        _settle_forfeit(fixture, season, actor, kind, conceded_by, dice)
        fixture.save()
        refresh_fixture_teams(fixture)
        _log(
            actor,
            "fixture.forfeit",
            f"Forfeit awarded in {fixture}: {_forfeit_text(fixture)}.",
            fixture,
            kind=kind,
            conceded_by=fixture.conceded_by_id,
            award=fixture.concession_award,
        )
        advance_bracket(season, actor)
    return fixture


def correct_forfeit(
    actor: Actor,
    fixture: Fixture,
    *,
    kind: str,
    conceded_by: Team | int | None = None,
    dice: Dice | None = None,
) -> Fixture:
    """Correct a forfeit the commissioner awarded: another kind, or the other team
    conceding. What the old forfeit paid is taken back exactly (a correction entry
    in the ledger, the MVPs' SPP) before the new one is settled and paid. The same
    forfeit again changes nothing (its award is not rolled twice)."""
    require_commissioner(actor, fixture, "correct forfeits")
    _check_forfeit_kind(kind)
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_forfeit(fixture, season, "correct")
        same_kind = (fixture.status == Fixture.Status.FORFEIT) == (kind == FORFEIT_CONCESSION)
        if same_kind and fixture.conceded_by_id == _team_id(conceded_by):
            return fixture
        if kind == FORFEIT_CONCESSION and conceded_by is not None:
            _side(fixture, conceded_by, "conceding team")
        before = {"status": fixture.status, "conceded_by": fixture.conceded_by_id}
        before.update(award=fixture.concession_award, text=_forfeit_text(fixture))
        _undo_settlement(fixture, actor, "Forfeit corrected")
        _settle_forfeit(fixture, season, actor, kind, conceded_by, dice)
        fixture.save()
        refresh_fixture_teams(fixture)
        _log(
            actor,
            "fixture.correct_forfeit",
            f"Forfeit in {fixture} corrected: {_forfeit_text(fixture)} (was {before['text']}).",
            fixture,
            before=before,
            after={"status": fixture.status, "conceded_by": fixture.conceded_by_id},
            award=fixture.concession_award,
        )
        advance_bracket(season, actor)
    return fixture


def undo_forfeit(actor: Actor, fixture: Fixture) -> Fixture:
    """Undo a forfeit: the fixture is to be played again (scheduled, no result), and
    whatever the forfeit paid is taken back exactly (a correction entry in the
    ledger, the MVPs' SPP). Refused, changing nothing, where the gold or the SPP
    have been spent since, or where a later play-off depends on the result."""
    require_commissioner(actor, fixture, "undo forfeits")
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_forfeit(fixture, season, "undo")
        before = {"status": fixture.status, "conceded_by": fixture.conceded_by_id}
        before.update(award=fixture.concession_award, text=_forfeit_text(fixture))
        _undo_settlement(fixture, actor, "Forfeit undone")
        fixture.save()
        refresh_fixture_teams(fixture)
        _log(
            actor,
            "fixture.undo_forfeit",
            f"Forfeit in {fixture} undone ({before['text']}): the fixture is to be played.",
            fixture,
            before=before,
        )
        advance_bracket(season, actor)
    return fixture


def _forfeit_text(fixture: Fixture) -> str:
    if fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        return "unplayed, a loss for both"
    conceder = fixture.home if fixture.conceded_by_id == fixture.home_id else fixture.away
    paid = fixture.concession_award or {}
    award = f", the opponent paid {gp(paid['gold'])}" if paid.get("gold") else ""
    return f"{conceder.name} conceded, 1-0{award}"


def _check_forfeit_kind(kind: str) -> None:
    if kind not in FORFEIT_KINDS:
        raise LeagueError(f"A forfeit is {' or '.join(FORFEIT_KINDS)}, not {kind!r}.")


def _require_forfeit(fixture: Fixture, season: Season, doing: str) -> None:
    require_status(season, *_PHASES[fixture.kind], doing=f"{doing} a forfeit here")
    if fixture.status not in (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS):
        raise LeagueError(
            f"{fixture} was not settled as a forfeit "
            f"({fixture.get_status_display().lower()}): there is no forfeit to {doing}."
        )


def _settle_forfeit(
    fixture: Fixture,
    season: Season,
    actor: Actor,
    kind: str,
    conceded_by: Team | int | None,
    dice: Dice | None,
) -> None:
    """Set the forfeit on the locked, open ``fixture`` and pay a concession's award
    (the caller saves the fixture and advances the bracket)."""
    fixture.played_at = timezone.now()
    if kind == FORFEIT_UNPLAYED:
        if fixture.kind == Fixture.Kind.PLAYOFF:
            raise LeagueError(
                "A play-off needs a winner: award it as a concession by one team instead."
            )
        if conceded_by is not None:
            raise LeagueError("An unplayed fixture is a loss for both: no team concedes it.")
        fixture.status = Fixture.Status.UNPLAYED_DOUBLE_LOSS
        return
    if conceded_by is None:
        raise LeagueError("Say which team conceded.")
    conceded_id = _side(fixture, conceded_by, "conceding team")
    home_conceded = conceded_id == fixture.home_id
    fixture.status = Fixture.Status.FORFEIT
    fixture.home_touchdowns, fixture.away_touchdowns = (0, 1) if home_conceded else (1, 0)
    fixture.home_casualties = fixture.away_casualties = 0
    fixture.conceded_by_id = conceded_id
    if fixture.kind == Fixture.Kind.PLAYOFF:
        fixture.winner_id = fixture.away_id if home_conceded else fixture.home_id
        fixture.decided_by = DecidedBy.CONCESSION
    _pay_concession_award(fixture, season, actor, dice)


def concession_award_rule(ruleset_key: str) -> ConcessionAwardRule | None:
    """The league edition's ``concession_award`` (BB2020's real-life concession award),
    or None where its rules give the opponent nothing beyond the 1-0 win."""
    try:
        return edition_for(ruleset_key).concession_award
    except LookupError:
        return None


def _pay_concession_award(
    fixture: Fixture, season: Season, actor: Actor, dice: Dice | None
) -> None:
    """Facts §5: the opponent of a real-life concession "gains D6 x 10,000 and two
    MVPs". Gold through its ledger (team row locked), 4 SPP per MVP; the fixture
    keeps what was paid, to be taken back exactly, and the rolls, to be shown."""
    fixture.concession_award_due = False
    fixture.concession_award, fixture.concession_rolls = {}, []
    award_rule = concession_award_rule(season.ruleset)
    if award_rule is None:
        return
    conceder = fixture.home if fixture.conceded_by_id == fixture.home_id else fixture.away
    opponent_id = fixture.away_id if conceder.pk == fixture.home_id else fixture.home_id
    team = lock_team(opponent_id)
    award = award_rule(
        team_state(team),
        dice or concession_dice(),
        league=fixture.kind != Fixture.Kind.FRIENDLY,
    )
    entry = post_to_ledger(
        team,
        award.gold,
        LedgerReason.WINNINGS,
        f"{season}: {conceder.name} conceded for real-life reasons: "
        f"D6 ({award.gold_roll}) x 10,000 gp"[:200],
        actor,
    )
    players = Player.objects.select_for_update().in_bulk(list(award.spp_by_player))
    mvps = []
    for player_id, spp in award.spp_by_player.items():
        player = players[player_id]
        player.spp_earned += spp
        player.save(update_fields=["spp_earned"])
        mvps.append({"player": player.pk, "name": str(player), "spp": spp})
    fixture.concession_award = {
        "team": team.pk,
        "gold_roll": award.gold_roll,
        "gold": award.gold,
        "mvps": mvps,
        "ledger_entry": entry.pk,
        "note": award.reason,
    }
    fixture.concession_rolls = [roll.as_dict() for roll in award.rolls]


def _undo_settlement(fixture: Fixture, actor: Actor, why: str) -> None:
    """Take back what the forfeit paid and reopen the locked ``fixture``."""
    paid = fixture.concession_award or {}
    if paid:
        team = lock_team(paid["team"])
        players = Player.objects.select_for_update().in_bulk([m["player"] for m in paid["mvps"]])
        problems = [
            f"{players[m['player']]} of {team.name} has spent SPP the award gave him: "
            "undo that advancement first."
            for m in paid["mvps"]
            if players[m["player"]].spp_earned - m["spp"] < players[m["player"]].spp_spent
        ]
        if team.treasury < paid["gold"]:
            problems.append(
                f"{team.name} has spent the award's gold: taking back {gp(paid['gold'])} "
                f"needs it in the treasury, which holds {gp(team.treasury)}."
            )
        if problems:
            raise LeagueError(problems)
        post_to_ledger(
            team,
            -paid["gold"],
            LedgerReason.CORRECTION,
            f"{why}: the real-life concession award taken back "
            f"(D6 ({paid['gold_roll']}) x 10,000 gp, {fixture.season})"[:200],
            actor,
        )
        for mvp in paid["mvps"]:
            player = players[mvp["player"]]
            player.spp_earned -= mvp["spp"]
            player.save(update_fields=["spp_earned"])
    fixture.status = Fixture.Status.SCHEDULED
    fixture.home_touchdowns = fixture.away_touchdowns = None
    fixture.home_casualties = fixture.away_casualties = None
    fixture.conceded_by_id = None
    fixture.concession_award_due = False
    fixture.concession_award, fixture.concession_rolls = {}, []
    fixture.played_at = None
    if fixture.kind == Fixture.Kind.PLAYOFF:
        fixture.winner_id = None
        fixture.decided_by = DecidedBy.NONE


def dock_points(
    actor: Actor, season: Season, team: Team, *, reason: str, points: int = 3
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
        adjustment = PointsAdjustment.objects.create(
            season=season, team=team, points=-points, reason=reason, created_by=signed_in(actor)
        )
        refresh_team_totals(season, [team.pk])
        log_action(
            actor,
            "season.dock_points",
            f"{points} point(s) docked from {team.name} in {season}: {reason}",
            league=season.league_id,
            team=team,
            season=season.pk,
            points=-points,
            reason=reason,
        )
        return adjustment


def results_changed(fixture: Fixture, *, actor: Actor) -> None:
    """Hook for whoever changes a fixture's result outside ``record_result``.

    A league fixture's teams get their standings rows recomputed, and the play-off
    bracket is told: it creates the final and third-place match once both semi-finals
    have winners, and pays the prizes once both of those are decided.
    ``record_result`` and ``award_forfeit`` call it themselves.
    """
    with transaction.atomic():
        season = lock_season(fixture.season_id)
        refresh_fixture_teams(fixture)
        advance_bracket(season, actor)
