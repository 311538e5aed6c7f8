"""Team value (TV) and current team value (CTV), facts sheet section 2 (p.35).

- A player's current value is his hiring fee plus the value increases of his
  advancements.
- TV is the players' current values plus sideline staff plus team re-rolls at
  the roster's price. Dedicated Fans and Treasury add nothing (the facts
  sheet's Decision).
- The League Trophy (facts section 5: "League Trophy (one free re-roll while
  held, counts in TV)") counts as one more team re-roll at the roster's price
  while the team holds it; in BB2025 it counts toward the cap of 8 re-rolls, so
  a holder already at 8 gets none (bb2025-league-facts.md section 13.8).
- CTV is TV less the players who miss the next game and the temporarily
  retired, plus journeymen at their hiring cost, plus inducements when CTV is
  recalculated to find the Underdog.
- Low Cost Linemen: BB2020 (our reading) leaves a Lineman's hiring fee out of
  his current value itself. BB2025 counts it 0 in CTV only: TV keeps the fee,
  CTV drops it, and journeymen of such a team add nothing for their fee
  (bb2025-league-facts.md sections 3 and 13.11).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rules_engine.draft import DRAFT_RULES
from rules_engine.ruleset import Position, Roster, Ruleset

LOW_COST_LINEMEN = "Low Cost Linemen"
# Editions whose Low Cost Linemen rule counts a Lineman's fee 0 in CTV only (TV keeps
# it); the others leave it out of his current value (BB2020, our reading).
LOW_COST_LINEMEN_IN_CTV_ONLY: frozenset[str] = frozenset({"bb2025"})


@dataclass(frozen=True)
class PlayerValueInput:
    """What team value needs to know about one player on a team sheet.

    ``value_increases`` is the gold his advancements added; a journeyman is
    on the sheet for the next game only; dead or fired players count for
    nothing and may be left on the sheet for history.
    """

    position_slug: str
    value_increases: int = 0
    miss_next_game: bool = False
    temporarily_retired: bool = False
    journeyman: bool = False
    dead_or_fired: bool = False


@dataclass(frozen=True)
class TeamValueInput:
    """A team as team value sees it. ``dedicated_fans`` and ``treasury`` are
    carried so callers can pass a whole team, but never count (facts section 2).
    ``inducements_value`` is the gold spent on inducements for the next game.
    ``league_trophies`` is how many League Trophies the team holds (one per league
    whose last final it won): each is a free team re-roll that counts in TV."""

    roster_slug: str
    players: Sequence[PlayerValueInput] = ()
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    treasury: int = 0
    inducements_value: int = 0
    league_trophies: int = 0


@dataclass(frozen=True)
class TeamValueBreakdown:
    """The parts of TV and CTV, in gold pieces, so a team sheet can show its sums."""

    players: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    missing_next_game: int
    temporarily_retired: int
    journeymen: int
    inducements: int
    league_trophy: int = 0
    # BB2025 Low Cost Linemen: the Lineman hiring fees TV counts and CTV does not.
    low_cost_linemen: int = 0

    @property
    def sideline_staff(self) -> int:
        return self.assistant_coaches + self.cheerleaders + self.apothecary

    @property
    def team_value(self) -> int:
        """TV: players, re-rolls (the League Trophy's free one included) and sideline staff."""
        return self.players + self.rerolls + self.league_trophy + self.sideline_staff

    @property
    def current_team_value(self) -> int:
        """CTV without inducements: TV less MNG and retired players (and BB2025's Low
        Cost Linemen fees), plus journeymen."""
        return (
            self.team_value
            - self.missing_next_game
            - self.temporarily_retired
            - self.low_cost_linemen
            + self.journeymen
        )

    @property
    def current_team_value_with_inducements(self) -> int:
        """CTV as recalculated after inducements, to find the Underdog."""
        return self.current_team_value + self.inducements


class ValuedPlayer(Protocol):
    """What team value reads of a player: a ``PlayerValueInput`` or a ``PlayerState``."""

    @property
    def position_slug(self) -> str: ...
    @property
    def value_increases(self) -> int: ...
    @property
    def miss_next_game(self) -> bool: ...
    @property
    def temporarily_retired(self) -> bool: ...
    @property
    def journeyman(self) -> bool: ...
    @property
    def dead_or_fired(self) -> bool: ...


class ValuedTeam(Protocol):
    """What team value reads of a team: a ``TeamValueInput`` or a ``TeamState``."""

    @property
    def roster_slug(self) -> str: ...
    @property
    def players(self) -> Iterable[ValuedPlayer]: ...
    @property
    def rerolls(self) -> int: ...
    @property
    def assistant_coaches(self) -> int: ...
    @property
    def cheerleaders(self) -> int: ...
    @property
    def apothecary(self) -> bool: ...
    @property
    def league_trophies(self) -> int: ...


# Roster (by identity, kept alive here) -> position slug -> the hiring fee its players'
# current value counts: the position's cost, nothing for a Low Cost Linemen Lineman.
_HIRING_FEES: dict[int, tuple[Roster, dict[str, int]]] = {}


def counted_hiring_fees(roster: Roster) -> dict[str, int]:
    """Each position's hiring fee as CTV counts it (nothing for a Low Cost Linemen
    Lineman, in every edition), worked out once a roster (by slug; ``hiring_fee`` adds
    an alias the first time it is asked for)."""
    found = _HIRING_FEES.get(id(roster))
    if found is not None and found[0] is roster:
        return found[1]
    low_cost = roster.has_special_rule(LOW_COST_LINEMEN)
    linemen = roster.lineman_positions()
    fees = {
        slug: 0 if low_cost and position in linemen else position.cost
        for slug, position in roster.positions.items()
    }
    _HIRING_FEES[id(roster)] = (roster, fees)
    return fees


def hiring_fee(roster: Roster, fees: dict[str, int], player: ValuedPlayer) -> int:
    """The player's position's fee in ``fees`` (``counted_hiring_fees(roster)``)."""
    fee = fees.get(player.position_slug)
    if fee is None:
        position = _position(roster, player)  # an alias, or an error naming the slug
        low_cost = roster.has_special_rule(LOW_COST_LINEMEN) and roster.is_lineman(position)
        fee = fees[player.position_slug] = 0 if low_cost else position.cost
    return fee


def _position(roster: Roster, player: ValuedPlayer) -> Position:
    try:
        return roster.positions[player.position_slug]
    except KeyError:
        raise ValueError(f"{roster.name} teams have no position {player.position_slug!r}") from None


def lcl_in_ctv_only(ruleset: Ruleset) -> bool:
    """Whether the ruleset's Low Cost Linemen counts the fee 0 in CTV only (BB2025)."""
    return ruleset.key in LOW_COST_LINEMEN_IN_CTV_ONLY


def player_current_value(ruleset: Ruleset, roster: Roster, player: ValuedPlayer) -> int:
    """A player's current value: hiring fee plus value increases.

    Low Cost Linemen, BB2020 (our reading): a Lineman's hiring fee is left out,
    so a journeyman of such a team is worth nothing and adds nothing to CTV.
    BB2025: his current value keeps the fee (TV counts it); only CTV drops it.
    A dead or fired player is worth nothing.
    """
    if player.value_increases < 0:
        raise ValueError("value increases cannot be negative")
    if player.dead_or_fired:
        return 0
    if lcl_in_ctv_only(ruleset):
        return _position(roster, player).cost + player.value_increases
    return hiring_fee(roster, counted_hiring_fees(roster), player) + player.value_increases


def journeyman_hiring_price(roster: Roster, player: ValuedPlayer) -> int:
    """What hiring a journeyman permanently costs after the game: his position's hiring
    fee plus his value increases, in every edition and for Low Cost Linemen teams too
    (the 0 of that rule is CTV's, not a price; bb2025-league-facts.md section 8, step 4)."""
    if player.value_increases < 0:
        raise ValueError("value increases cannot be negative")
    return _position(roster, player).cost + player.value_increases


def team_value_breakdown(ruleset: Ruleset, team: TeamValueInput) -> TeamValueBreakdown:
    """Every part of TV and CTV for the team."""
    return breakdown_of(ruleset, team, team.inducements_value)


def breakdown_of(
    ruleset: Ruleset, team: ValuedTeam, inducements_value: int = 0
) -> TeamValueBreakdown:
    """``team_value_breakdown`` of a ``TeamValueInput`` or straight off a ``TeamState``
    (``inducements_value`` as ``TeamValueInput`` would carry it)."""
    roster = ruleset.roster(team.roster_slug)
    rerolls, trophies = team.rerolls, team.league_trophies
    coaches, cheerleaders = team.assistant_coaches, team.cheerleaders
    if min(rerolls, coaches, cheerleaders, inducements_value, trophies) < 0:
        _negative_count(team, inducements_value)
    if team.apothecary and not roster.apothecary_allowed:
        raise ValueError(f"{roster.name} teams may not hire an apothecary")
    if trophies:
        trophies = _capped_trophies(ruleset, rerolls, trophies)

    fees = counted_hiring_fees(roster)
    # BB2025: TV keeps a Low Cost Linemen Lineman's fee, CTV drops it (``low_cost``).
    ctv_only = lcl_in_ctv_only(ruleset) and roster.has_special_rule(LOW_COST_LINEMEN)
    players = missing_next_game = temporarily_retired = journeymen = low_cost = 0
    for player in team.players:
        increases = player.value_increases
        if increases < 0:
            raise ValueError("value increases cannot be negative")
        if player.dead_or_fired:
            continue
        fee = fees.get(player.position_slug)
        value = (hiring_fee(roster, fees, player) if fee is None else fee) + increases
        if player.journeyman:
            # A journeyman who cannot play the next game is no help to CTV.
            if not (player.miss_next_game or player.temporarily_retired):
                journeymen += value
            continue
        unpaid = 0
        if ctv_only:
            unpaid = _position(roster, player).cost + increases - value
            value += unpaid
        players += value
        if player.temporarily_retired:
            temporarily_retired += value
        elif player.miss_next_game:
            missing_next_game += value
        else:
            low_cost += unpaid

    return TeamValueBreakdown(
        players=players,
        rerolls=rerolls * roster.reroll_cost,
        assistant_coaches=coaches * roster.assistant_coach_cost,
        cheerleaders=cheerleaders * roster.cheerleader_cost,
        apothecary=(roster.apothecary_cost or 0) if team.apothecary else 0,
        missing_next_game=missing_next_game,
        temporarily_retired=temporarily_retired,
        journeymen=journeymen,
        inducements=inducements_value,
        league_trophy=trophies * roster.reroll_cost,
        low_cost_linemen=low_cost,
    )


def _capped_trophies(ruleset: Ruleset, rerolls: int, trophies: int) -> int:
    """The League Trophies' re-rolls a team really has where they count toward the cap
    (``DraftRules.trophy_rerolls``; bb2025-league-facts.md section 13.8)."""
    rules = DRAFT_RULES.get(ruleset.key)
    return rules.trophy_rerolls(rerolls, trophies) if rules is not None else trophies


def _negative_count(team: ValuedTeam, inducements_value: int) -> None:
    """Raise ValueError naming the first count of the team that is negative."""
    for label, count in (
        ("team re-rolls", team.rerolls),
        ("assistant coaches", team.assistant_coaches),
        ("cheerleaders", team.cheerleaders),
        ("inducements value", inducements_value),
        ("League Trophies", team.league_trophies),
    ):
        if count < 0:
            raise ValueError(f"{label} cannot be negative")


def team_value(ruleset: Ruleset, team: TeamValueInput) -> int:
    """TV in gold pieces (p.35): players, sideline staff and re-rolls at roster price."""
    return team_value_breakdown(ruleset, team).team_value


def current_team_value(
    ruleset: Ruleset, team: TeamValueInput, include_inducements: bool = False
) -> int:
    """CTV in gold pieces; with ``include_inducements`` as recalculated for the Underdog."""
    breakdown = team_value_breakdown(ruleset, team)
    if include_inducements:
        return breakdown.current_team_value_with_inducements
    return breakdown.current_team_value
