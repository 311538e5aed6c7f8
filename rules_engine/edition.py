"""An edition of the rules as one typed object: the ``Edition`` protocol.

Each ruleset package (``rules_engine.bb2020``, ``rules_engine.classic``,
``rules_engine.blitz_bowl``, ...) has an ``edition`` module whose ``EDITION``
implements this protocol; ``rules_engine.edition_for(key)`` returns it. Code
outside the engine asks a league (or team) for its edition and calls the
protocol - its pre-game, post-game, report shape, standings order, development,
scoring, prizes and what happens between seasons - and never compares edition
names or reads module attributes.

Adding an edition: its engine package with an ``edition.py`` exposing
``EDITION``, its data and loader, its tests, and one line in
``rules_engine.editions.SEQUENCE_MODULES`` (and its loader's line in
``rules_engine.registry``). ``tests/rules_engine/test_editions.py`` checks every
registered edition against this protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Protocol, runtime_checkable

if TYPE_CHECKING:
    from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
    from rules_engine.bb2020.extra_time import SuddenDeathResult
    from rules_engine.bb2020.forfeit import RealLifeConcessionAward
    from rules_engine.bb2020.redraft import SeasonRecovery
    from rules_engine.bb2020.state import PlayerState, TeamState
    from rules_engine.bb2025.forfeit import ForfeitAftermath
    from rules_engine.dice import Dice
    from rules_engine.ruleset import Ruleset
    from rules_engine.sequence import SequenceResult

# What a ruleset's teams do between two seasons (``Edition.between_seasons``).
REDRAFT: Final = "redraft"  # each coach re-drafts (BB2020's "Re-draft between seasons")
CARRY_OVER: Final = "carry_over"  # the team goes into the next season as it is

# How a ruleset's players develop (``Edition.development``).
SPEND_SPP: Final = "spend_spp"  # players spend SPP on advancements they choose (BB2020)
IMPROVEMENT_ROLL: Final = "improvement_roll"  # a new SPP title earns a roll (classic)
NO_DEVELOPMENT: Final = ""  # players never develop (Blitz Bowl); falsy on purpose

# How a ruleset's games are scored (``Edition.scoring``).
TOUCHDOWNS: Final = "touchdowns"
POINTS: Final = "points"  # Blitz Bowl: cards, Clean Sweeps, Bonus Plays

# What league tables can rank by before a league's tie-breakers (``Edition.standings_rank_by``).
LEAGUE_POINTS: Final = "league_points"
WINS: Final = "wins"
POINTS_SCORED: Final = "points_scored"
RANK_KEYS: Final = (LEAGUE_POINTS, WINS, POINTS_SCORED)

# BB2020 facts section 5: the play-off prizes, (place, gold).
BB2020_PLAYOFF_PRIZES: Final[tuple[tuple[int, int], ...]] = (
    (1, 100_000),
    (2, 60_000),
    (3, 30_000),
)


class ConcessionAwardRule(Protocol):
    """A real-life concession's award to the opponent (BB2020 facts section 5)."""

    def __call__(
        self, opponent: TeamState, dice: Dice, *, league: bool = True
    ) -> RealLifeConcessionAward: ...


class ForfeitAftermathRule(Protocol):
    """What an unplayed or conceded fixture does to both teams besides the award
    (BB2025 facts section 13.4: Dedicated Fans rolls, missed games served)."""

    def __call__(
        self, home: TeamState, away: TeamState, dice: Dice, *, conceded_by: str | None = None
    ) -> ForfeitAftermath: ...


class SuddenDeathRule(Protocol):
    """The roll-offs that decide a play-off still level after extra time."""

    def __call__(self, dice: Dice) -> SuddenDeathResult: ...


@runtime_checkable
class RedraftRules(Protocol):
    """How a ruleset's teams re-draft between seasons (present where
    ``Edition.between_seasons`` is ``REDRAFT``)."""

    # The budget's parts, as the re-draft page itemises them.
    base: int
    per_game_played: int
    per_league_win: int
    per_league_draw: int
    # Whether play-off games count as games played (BB2025 counts League Fixtures only).
    counts_playoff_games: bool

    def budget(
        self,
        treasury: int,
        games_played: int,
        league_wins: int,
        league_draws: int,
        cap: int | None = None,
    ) -> int:
        """The re-draft budget, no more than ``cap`` when the league sets one."""
        ...

    def rehire_fee(self, current_value: int, seasons_played: int) -> int:
        """What re-hiring a player costs out of the budget."""
        ...

    def recover(self, team: TeamState, dice: Dice) -> SeasonRecovery:
        """What heals between seasons (MNG, Niggling Injuries), rolled with ``dice``."""
        ...


@runtime_checkable
class Edition(Protocol):
    """One edition of the rules, as the apps use it."""

    # --- identity and data -------------------------------------------------------------

    @property
    def key(self) -> str:
        """The ruleset key a league stores ("bb2020")."""
        ...

    @property
    def name(self) -> str:
        """The name coaches read ("Blood Bowl 2020")."""
        ...

    def ruleset(self) -> Ruleset:
        """The edition's data: rosters, positions, star players, skills, tables."""
        ...

    @property
    def league_tables_key(self) -> str:
        """The key of the ruleset whose league tables (characteristic limits) the
        edition's players live by: its own, or another's where it ships none."""
        ...

    # --- a match ----------------------------------------------------------------------

    def pre_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        dice: Dice,
        *,
        league: bool = True,
        choices: Mapping[str, Any] | None = None,
    ) -> SequenceResult:
        """The pre-game sequence over the two teams, every roll recorded."""
        ...

    @property
    def report_type(self) -> type[Any]:
        """The match report type ``post_game`` reads."""
        ...

    @property
    def scoring(self) -> str:
        """``TOUCHDOWNS`` or ``POINTS``: what decides a game and the report records."""
        ...

    @property
    def casualty_spp(self) -> int:
        """The SPP a casualty caused by a Block earns (0 where players earn none), as
        the event forms label it; team-specific exceptions are the post-game's."""
        ...

    @property
    def hiring_step(self) -> str | None:
        """The post-game step a league holds until each coach has hired, fired and
        bought (``post_game(..., hold_hiring=True)``); None where there is none."""
        ...

    def post_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        report: Any,
        dice: Dice,
        *,
        choices: Mapping[str, Any] | None = None,
        league: bool = True,
        hold_hiring: bool = False,
    ) -> SequenceResult:
        """The post-game sequence over a ``report_type`` report; ``hold_hiring`` holds
        it at ``hiring_step`` (ignored where the edition has none)."""
        ...

    # --- development ------------------------------------------------------------------

    @property
    def development(self) -> str:
        """``SPEND_SPP``, ``IMPROVEMENT_ROLL`` or ``NO_DEVELOPMENT`` (falsy)."""
        ...

    @property
    def earns_spp(self) -> bool:
        """Whether players earn SPP (and the pages show them)."""
        ...

    def take_advancement(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        dice: Dice,
        *,
        category: str | None = None,
        skill: str | None = None,
        characteristic_choice: str | None = None,
    ) -> AdvancementResult:
        """Develop a player (an advancement bought with SPP, an Improvement roll);
        raises ``AdvancementError`` where the edition's players do not develop."""
        ...

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        """The advancements the player may buy now (none where SPP are not spent)."""
        ...

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        """The category's skills the player may still take."""
        ...

    def player_title(self, player: PlayerState) -> str | None:
        """The title the player's career has earned him ("Veteran"), or None where the
        edition gives none (yet)."""
        ...

    def must_advance(self, player: PlayerState) -> bool:
        """Whether the player may no longer save his SPP and must take an advancement."""
        ...

    # --- league play ------------------------------------------------------------------

    @property
    def standings_rank_by(self) -> tuple[str, ...]:
        """What league tables rank by before the league's tie-breakers (``RANK_KEYS``)."""
        ...

    @property
    def has_gold(self) -> bool:
        """Whether teams have a treasury (prizes, winnings, inducements)."""
        ...

    @property
    def fans_label(self) -> str:
        """What the edition calls a team's fans on its roster sheet (BB2020's "Dedicated
        Fans", the classic sheet's "Fan Factor")."""
        ...

    @property
    def regular_season_meetings(self) -> int:
        """How many times each pair of a division meets in the regular season: BB2020
        twice, BB2025 once (bb2025-league-facts.md section 10)."""
        ...

    @property
    def playoff_prizes(self) -> tuple[tuple[int, int], ...]:
        """(place, gold) paid when the play-offs finish; empty for none."""
        ...

    @property
    def concession_award(self) -> ConcessionAwardRule | None:
        """The award to the opponent of a real-life concession, or None where the
        rules give nothing beyond the 1-0 win."""
        ...

    @property
    def forfeit_score(self) -> tuple[int, int]:
        """(conceder, opponent) touchdowns a real-life concession records: BB2020's 1-0,
        BB2025's 2-0 (facts section 13.4)."""
        ...

    @property
    def forfeit_aftermath(self) -> ForfeitAftermathRule | None:
        """The Dedicated Fans rolls and missed games an unplayed or conceded fixture
        brings (BB2025), or None where the rules give none."""
        ...

    @property
    def sudden_death(self) -> SuddenDeathRule | None:
        """The roll-offs deciding a level play-off, or None where the rules have none
        (a draw on points is decided by the commissioner)."""
        ...

    # --- between seasons --------------------------------------------------------------

    @property
    def between_seasons(self) -> str:
        """``REDRAFT`` or ``CARRY_OVER``."""
        ...

    @property
    def redraft(self) -> RedraftRules | None:
        """The re-draft rules where ``between_seasons`` is ``REDRAFT``, else None."""
        ...
