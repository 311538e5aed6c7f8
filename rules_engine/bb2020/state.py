"""Plain, frozen pictures of a team and its players, as the sequences read them.

The Django apps build these from their rows; the engine never sees a model.
Characteristics left as None are the position's own (from the roster).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar

from rules_engine.ruleset import Position, Roster, Ruleset
from rules_engine.team_value import (
    PlayerValueInput,
    TeamValueBreakdown,
    TeamValueInput,
    breakdown_of,
)


@dataclass(frozen=True)
class PlayerState:
    """One player on a team sheet.

    ``id`` is the caller's identifier (a database key), carried through so
    results can name players. ``skills`` holds skills gained by advancement
    (the position's own skills come from the roster). ``spp`` is the unspent
    Star Player Points. ``mercenary`` marks a journeyman induced as a Mercenary Player:
    he plays this game only and is never offered for hire after it.
    """

    id: Any
    name: str
    position_slug: str
    number: int = 0
    skills: tuple[str, ...] = ()
    ma: int | None = None
    st: int | None = None
    ag: int | None = None
    pa: int | None = None
    av: int | None = None
    spp: int = 0
    advancements: int = 0
    value_increases: int = 0
    niggling_injuries: int = 0
    characteristic_improvements: tuple[str, ...] = ()
    miss_next_game: bool = False
    temporarily_retired: bool = False
    journeyman: bool = False
    # Out of ``repr``: the engine's recorded results (the bench's golden file) read it.
    mercenary: bool = field(default=False, repr=False)

    def position(self, ruleset: Ruleset) -> Position:
        return ruleset.position(self.position_slug)

    def all_skills(self, ruleset: Ruleset) -> tuple[str, ...]:
        """The position's skills followed by those gained."""
        return tuple(self.position(ruleset).skills) + tuple(self.skills)

    def characteristic(self, ruleset: Ruleset, name: str) -> int | None:
        """Current MA/ST/AG/PA/AV: the player's own value, else the position's."""
        own = getattr(self, name)
        found: int | None = own if own is not None else getattr(self.position(ruleset), name)
        return found

    @property
    def available(self) -> bool:
        """Whether he may play the next game (not MNG, not temporarily retired)."""
        return not (self.miss_next_game or self.temporarily_retired)

    def value_input(self) -> PlayerValueInput:
        return PlayerValueInput(
            position_slug=self.position_slug,
            value_increases=self.value_increases,
            miss_next_game=self.miss_next_game,
            temporarily_retired=self.temporarily_retired,
            journeyman=self.journeyman,
        )

    # Team value's question (``PlayerValueInput``): a player on a sheet never is.
    dead_or_fired: ClassVar[bool] = False

    def evolve(self, **changes: Any) -> PlayerState:
        return replace(self, **changes)


@dataclass(frozen=True)
class TeamState:
    """A team between games: roster, players, staff, fans and treasury (gp).

    ``rerolls`` are the team re-rolls bought; ``league_trophies`` the League
    Trophies held (facts section 5: "one free re-roll while held, counts in TV"),
    each one more team re-roll in its games (``game_rerolls``) and in its TV.
    """

    name: str
    roster_slug: str
    players: tuple[PlayerState, ...] = ()
    special_rule_choice: str | None = None
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    treasury: int = 0
    id: Any = None
    league_trophies: int = 0
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def roster(self, ruleset: Ruleset) -> Roster:
        return ruleset.roster(self.roster_slug)

    @property
    def game_rerolls(self) -> int:
        """Team re-rolls the team takes into a game: those bought plus the League Trophy's."""
        return self.rerolls + self.league_trophies

    @property
    def available_players(self) -> tuple[PlayerState, ...]:
        return tuple(p for p in self.players if p.available)

    def player(self, player_id: Any) -> PlayerState:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(f"{self.name} has no player {player_id!r}")

    def value_input(self, inducements_value: int = 0) -> TeamValueInput:
        return TeamValueInput(
            roster_slug=self.roster_slug,
            players=tuple(p.value_input() for p in self.players),
            rerolls=self.rerolls,
            assistant_coaches=self.assistant_coaches,
            cheerleaders=self.cheerleaders,
            apothecary=self.apothecary,
            dedicated_fans=self.dedicated_fans,
            treasury=self.treasury,
            inducements_value=inducements_value,
            league_trophies=self.league_trophies,
        )

    def value_breakdown(self, ruleset: Ruleset, inducements_value: int = 0) -> TeamValueBreakdown:
        """``team_value_breakdown(ruleset, self.value_input(inducements_value))``, read
        straight off the team."""
        return breakdown_of(ruleset, self, inducements_value)

    def evolve(self, **changes: Any) -> TeamState:
        return replace(self, **changes)


TEAM_FIELDS = frozenset(f.name for f in fields(TeamState))  # the names ``TeamState.evolve`` takes
