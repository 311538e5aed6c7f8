"""Play-offs (facts §5, p.98-101): seeding, the bracket, the winners and the prizes.

Four teams play: semi-finals 1 v 4 and 2 v 3 (the better seed at home), then
the final between the winners and a third-place match between the losers.
A level play-off goes to extra time and then sudden death; the fixture keeps
how it was decided. When the final and the third-place match are decided the
prizes are paid into the teams' treasuries (3rd 30,000, 2nd 60,000, 1st
100,000 gp) and the winner holds the League Trophy (``League.trophy_holder``) until
the league's next final decides a new champion: "one free re-roll while held,
counts in TV" (the team's games and its TV read it from there).

Where the league's ruleset scores games in points (Blitz Bowl: the fixture holds
``home_points``/``away_points``) the points decide a play-off, whatever the
touchdowns. Blitz Bowl has no extra time and no roll-offs: "POINTS VICTORY: ...
If both teams have the same score, the game ends in a draw!" A play-off drawn on
points waits for a commissioner to name who goes through (``record_playoff_winner``,
decided by ``DecidedBy.COMMISSIONER``). The prizes are the league's edition's
(``Edition.playoff_prizes``); an edition without gold (Blitz Bowl) pays none, and its
champion is still crowned.

Here: the seeds, the semi-finals, and a level play-off's winner (sudden death or
named). The bracket after the semi-finals, the prizes and the trophy:
``leagues.services.bracket``.
"""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import DecidedBy, Fixture, League, PlayoffFormat, PlayoffStage, Season
from leagues.services._common import (
    lock_fixture,
    lock_season,
    require_commissioner,
    require_status,
    season_said,
)
from leagues.services.bracket import advance_bracket, league_edition
from leagues.standings import DivisionTable, StandingRow, overall_standings, season_standings
from rules_engine.dice import Dice, SeededDice
from rules_engine.edition import SuddenDeathRule
from rules_engine.wording import Wording, say
from teams.audit import log_action
from teams.models import Team

SEEDS = 4


def playoff_seeds(season: Season) -> list[StandingRow]:
    """The four play-off teams, seed 1 first, by the season's play-off format.

    - top four: the best four of the whole season (one table across divisions);
    - top two per division (two divisions): the division winners are seeds 1
      and 2 by their record, runners-up 3 and 4 so that the semi-finals cross
      over (seed 1 meets the other division's runner-up);
    - division winners plus wild cards: every division winner by record, then
      the best other teams to make four.
    """
    return seeds_from(season, overall_standings(season), season_standings(season))


def seeds_from(
    season: Season, overall: list[StandingRow], tables: list[DivisionTable]
) -> list[StandingRow]:
    """``playoff_seeds`` from the season's ranked tables (the play-off odds pass
    simulated ones): ``overall`` across divisions, ``tables`` per division."""
    if len(overall) < SEEDS:
        raise LeagueError(
            _("The play-offs need %(seeds)s teams; %(season)s has %(teams)s.")
            % {"seeds": SEEDS, "season": season, "teams": len(overall)}
        )
    if season.playoff_format == PlayoffFormat.TOP_FOUR:
        return overall[:SEEDS]
    rank = {row.team_id: n for n, row in enumerate(overall)}
    winners = sorted((t.rows[0] for t in tables), key=lambda r: rank[r.team_id])
    if season.playoff_format == PlayoffFormat.TOP_TWO_PER_DIVISION:
        if len(tables) != 2 or any(len(t.rows) < 2 for t in tables):
            raise LeagueError(
                _(
                    "The top-two-per-division format needs exactly two divisions of two or "
                    "more teams."
                )
            )
        runner_up = {t.division_id: t.rows[1] for t in tables}
        return [*winners, runner_up[winners[0].division_id], runner_up[winners[1].division_id]]
    if not 2 <= len(tables) <= SEEDS:
        raise LeagueError(
            _(
                "The division-winners format needs 2 to %(seeds)s divisions; %(season)s has "
                "%(divisions)s."
            )
            % {"seeds": SEEDS, "season": season, "divisions": len(tables)}
        )
    taken = {row.team_id for row in winners}
    wild_cards = [row for row in overall if row.team_id not in taken]
    return [*winners, *wild_cards][:SEEDS]


def start_playoffs(actor: Actor, season: Season) -> list[Fixture]:
    """Close the regular season and draw the semi-finals (1 v 4, 2 v 3)."""
    require_commissioner(
        actor, season, _("Only a commissioner of %(league)s may start the play-offs.")
    )
    with transaction.atomic():
        season = lock_season(season)
        require_status(
            season,
            Season.Status.REGULAR_SEASON,
            doing=_("You can start the play-offs only during %(allowed)s."),
        )
        still_open = season.fixtures.filter(
            kind=Fixture.Kind.LEAGUE, status__in=Fixture.OPEN_STATUSES
        ).count()
        if still_open:
            raise LeagueError(
                ngettext(
                    "%(count)d league fixture is still to be played: record it or award a "
                    "forfeit before the play-offs.",
                    "%(count)d league fixtures are still to be played: record them or award "
                    "forfeits before the play-offs.",
                    still_open,
                )
                % {"count": still_open}
            )
        seeds = playoff_seeds(season)
        semis = [
            Fixture.objects.create(
                season=season,
                kind=Fixture.Kind.PLAYOFF,
                stage=PlayoffStage.SEMI_FINAL,
                slot=slot,
                home_id=seeds[high - 1].team_id,
                away_id=seeds[low - 1].team_id,
                home_seed=high,
                away_seed=low,
            )
            for slot, (high, low) in enumerate(((1, 4), (2, 3)), start=1)
        ]
        season.status = Season.Status.PLAYOFFS
        season.save(update_fields=["status"])
        log_action(
            actor,
            "season.start_playoffs",
            say(
                "{season}: play-offs started, {first} and {second} in the semi-finals.",
                season=season_said(season),
                first=str(semis[0]),
                second=str(semis[1]),
            ),
            league=season.league_id,
            season=season.pk,
            fixtures=[s.pk for s in semis],
        )
    return semis


def scored_in_points(fixture: Fixture) -> bool:
    """Whether the fixture's result is in points (the ruleset scores games in points,
    Blitz Bowl): then the points decide it, not the touchdowns."""
    return fixture.home_points is not None and fixture.away_points is not None


def final_score(fixture: Fixture) -> tuple[int | None, int | None]:
    """The score that decides the fixture: the points where it was scored in points,
    else the touchdowns."""
    if scored_in_points(fixture):
        return fixture.home_points, fixture.away_points
    return fixture.home_touchdowns, fixture.away_touchdowns


def record_playoff_winner(
    actor: Actor, fixture: Fixture, *, winner: Team | int, decided_by: str | None = None
) -> Fixture:
    """Name the winner of a play-off left level.

    Touchdowns level after extra time: the sudden death was rolled at the table
    (``resolve_sudden_death`` rolls it here); ``decided_by`` is "sudden_death", the
    default. Points level (Blitz Bowl): "If both teams have the same score, the game
    ends in a draw!" and the rules go no further, so a commissioner names who goes
    through; ``decided_by`` is "commissioner", the default.
    """
    if actor is None or not actor.has_perm("leagues.record_result", fixture):
        raise PermissionDenied(
            _("Only a coach of one of the two teams or a commissioner may record the winner.")
        )
    if decided_by not in (None, DecidedBy.SUDDEN_DEATH, DecidedBy.COMMISSIONER):
        raise LeagueError(_("Only a sudden death decides a level play-off after extra time."))
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_level_playoff(fixture, season)
        if scored_in_points(fixture):
            require_commissioner(
                actor,
                season,
                _(
                    "Only a commissioner of %(league)s may name the winner of a play-off drawn "
                    "on points."
                ),
            )
            if decided_by not in (None, DecidedBy.COMMISSIONER):
                raise LeagueError(
                    _(
                        "%(fixture)s is drawn on points: there is no extra time or sudden death "
                        "in its rules, and the commissioner names who goes through."
                    )
                    % {"fixture": fixture}
                )
            how = DecidedBy.COMMISSIONER
        else:
            if decided_by not in (None, DecidedBy.SUDDEN_DEATH):
                raise LeagueError(
                    _("Only a sudden death decides a level play-off after extra time.")
                )
            how = DecidedBy.SUDDEN_DEATH
        winner_id = winner.pk if isinstance(winner, Team) else winner
        if winner_id not in (fixture.home_id, fixture.away_id):
            raise LeagueError(
                _("The winner must be %(home)s or %(away)s.")
                % {"home": fixture.home.name, "away": fixture.away.name}
            )
        return _set_winner(fixture, season, winner_id, actor, how=how)


SETTLE_BY_SUDDEN_DEATH = "sudden-death"
SETTLE_BY_NAMED_WINNER = "playoff-winner"


def level_playoff_settlement(fixture: Fixture) -> str | None:
    """How a play-off played and left level is settled (the API operation's name): the
    server's sudden death where the edition has one and the score is in touchdowns,
    else the winner named (a draw on points: the commissioner's). None if nothing waits."""
    home, away = final_score(fixture)
    if fixture.kind != Fixture.Kind.PLAYOFF or fixture.status != Fixture.Status.PLAYED:
        return None
    if fixture.winner_id or home != away:
        return None
    if scored_in_points(fixture) or _engine_sudden_death(fixture.season.league) is None:
        return SETTLE_BY_NAMED_WINNER
    return SETTLE_BY_SUDDEN_DEATH


def _require_level_playoff(fixture: Fixture, season: Season) -> None:
    require_status(
        season,
        Season.Status.PLAYOFFS,
        doing=_("You can decide a play-off only during %(allowed)s."),
    )
    if fixture.kind != Fixture.Kind.PLAYOFF:
        raise LeagueError(
            _("%(fixture)s is not a play-off: a level score is a draw.") % {"fixture": fixture}
        )
    home, away = final_score(fixture)
    if fixture.status != Fixture.Status.PLAYED or home != away:
        raise LeagueError(
            (
                _("%(fixture)s has no level result to decide: the points decide it.")
                if fixture.status == Fixture.Status.PLAYED and scored_in_points(fixture)
                else _(
                    "%(fixture)s has no level result to decide: record the score after extra "
                    "time first."
                )
            )
            % {"fixture": fixture}
        )


def _set_winner(
    fixture: Fixture,
    season: Season,
    winner_id: int,
    actor: Actor,
    rolls: list | None = None,
    *,
    how: str = DecidedBy.SUDDEN_DEATH,
) -> Fixture:
    if fixture.winner_id == winner_id and fixture.decided_by == how:
        return fixture
    fixture.winner_id = winner_id
    fixture.decided_by = how
    fixture.sudden_death_rolls = rolls or []
    fixture.save(update_fields=["winner", "decided_by", "sudden_death_rolls", "updated_at"])
    winner = fixture.home if winner_id == fixture.home_id else fixture.away
    log_action(
        actor,
        "fixture.playoff_winner",
        _goes_through(fixture, winner.name, how),
        league=season.league_id,
        team=fixture.home_id,
        other_team=fixture.away_id,
        fixture=fixture.pk,
        winner=winner_id,
        decided_by=how,
    )
    advance_bracket(season, actor)
    return fixture


def _goes_through(fixture: Fixture, winner: str, how: str) -> Wording:
    """The audit line of a play-off's winner: one sentence per way it was decided."""
    values = {"fixture": str(fixture), "winner": winner}
    if how == DecidedBy.SUDDEN_DEATH:
        return say("{fixture}: {winner} goes through (sudden death).", **values)
    if how == DecidedBy.COMMISSIONER:
        return say("{fixture}: {winner} goes through (commissioner's decision).", **values)
    if how == DecidedBy.EXTRA_TIME:
        return say("{fixture}: {winner} goes through (extra time).", **values)
    if how == DecidedBy.CONCESSION:
        return say("{fixture}: {winner} goes through (concession).", **values)
    return say("{fixture}: {winner} goes through (normal time).", **values)


def resolve_sudden_death(actor: Actor, fixture: Fixture, dice: Any) -> Fixture:
    """SUDDEN DEATH (core rules; facts §5): five D6 roll-offs decide a play-off
    still level after extra time. The rules engine rolls them with ``dice``;
    the fixture keeps the winner and every roll. A play-off already decided by
    sudden death keeps its winner (the roll-offs are not rolled twice).
    """
    if actor is None or not actor.has_perm("leagues.record_result", fixture):
        raise PermissionDenied(
            _("Only a coach of one of the two teams or a commissioner may roll the sudden death.")
        )
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_level_playoff(fixture, season)
        if scored_in_points(fixture):
            raise LeagueError(
                _(
                    "%(fixture)s is drawn on points, and a draw has no sudden death to roll "
                    '("If both teams have the same score, the game ends in a draw!"): the '
                    "commissioner names who goes through."
                )
                % {"fixture": fixture}
            )
        sudden_death = _engine_sudden_death(season.league)
        if sudden_death is None:
            raise LeagueError(
                _(
                    "This ruleset cannot roll the sudden death here: roll it at the table and "
                    "record the winner."
                )
            )
        if fixture.decided_by == DecidedBy.SUDDEN_DEATH and fixture.winner_id:
            return fixture
        result = sudden_death(dice)
        winner_id = fixture.home_id if result.winner == "home" else fixture.away_id
        rolls = [roll.as_dict() for roll in result.rolls]
        return _set_winner(fixture, season, winner_id, actor, rolls)


def sudden_death_dice() -> Dice:
    """The dice the server rolls a sudden death with (tests pass their own)."""
    return SeededDice(secrets.randbits(63))


def _engine_sudden_death(league: League) -> SuddenDeathRule | None:
    """The league's edition's ``sudden_death(dice)``, where it has one."""
    edition = league_edition(league)
    return edition.sudden_death if edition is not None else None
