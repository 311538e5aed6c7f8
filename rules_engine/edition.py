"""An edition of the rules as one typed object: ``Edition``.

Each ruleset package (``rules_engine.bb2020``, ``rules_engine.classic``,
``rules_engine.blitz_bowl``, ...) has an ``edition`` module whose ``EDITION`` is an
``Edition`` made of that edition's data and procedures; ``rules_engine.edition_for(key)``
returns it. Code outside the engine asks a league (or team) for its edition and reads
it - its pre-game, post-game, report shape, standings order, development, scoring,
prizes and what happens between seasons - and never compares edition names or reads
module attributes. An edition built on another (BB2025 on BB2020) is that edition
with the parts that differ replaced (``dataclasses.replace``).

Adding an edition: its engine package with an ``edition.py`` exposing
``EDITION``, its data and loader, its tests, and one line in
``rules_engine.editions.SEQUENCE_MODULES`` (and its loader's line in
``rules_engine.registry``). ``tests/rules_engine/test_editions.py`` checks every
registered edition.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from rules_engine.errors import AdvancementError
from rules_engine.registry import get_ruleset
from rules_engine.wording import say

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

# What a league fixture left unplayed at its deadline becomes (``Edition.unplayed_fixture``).
LOSS_FOR_BOTH: Final = "loss_for_both"  # counted as played and lost by both teams

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


class RedraftRules(Protocol):
    """How a ruleset's teams re-draft between seasons (present where
    ``Edition.between_seasons`` is ``REDRAFT``; ``bb2020.redraft.Redraft``)."""

    # The budget's parts, as the re-draft page itemises them.
    @property
    def base(self) -> int: ...
    @property
    def per_game_played(self) -> int: ...
    @property
    def per_league_win(self) -> int: ...
    @property
    def per_league_draw(self) -> int: ...
    # Whether play-off games count as games played (BB2025 counts League Fixtures only).
    @property
    def counts_playoff_games(self) -> bool: ...
    # Whether a fixture conceded for real-life reasons (no game played) counts as played
    # for both and as won by the other (BB2025); else it counts for neither.
    @property
    def counts_conceded_fixtures(self) -> bool: ...

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

    def recover(self, team: TeamState, dice: Dice, ruleset: Ruleset) -> SeasonRecovery:
        """What heals between seasons (MNG, Niggling Injuries), rolled with ``dice``;
        ``ruleset`` is the team's, whose positions a recovery may read."""
        ...


class PreGameSequence(Protocol):
    """An edition's pre-game (a ``bb2020.pregame.PreGameRules``, or a module)."""

    def pre_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        dice: Dice,
        *,
        league: bool = True,
        choices: Mapping[str, Any] | None = None,
    ) -> SequenceResult: ...


class PostGameSequence(Protocol):
    """An edition's post-game (a ``bb2020.postgame.PostGameRules``, or a module)."""

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
    ) -> SequenceResult: ...


class Development(Protocol):
    """How an edition's players develop (a ``bb2020.advancement_rules.AdvancementRules``,
    or the classic Improvement roll's ``classic.improvement.IMPROVEMENT``)."""

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
    ) -> AdvancementResult: ...

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]: ...

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]: ...

    def player_title(self, player: PlayerState) -> str | None: ...

    def must_advance(self, player: PlayerState) -> bool: ...


@dataclass(frozen=True, eq=False)
class Edition:
    """One edition of the rules, as the apps use it: its data, and the procedures that
    run its pre-game, post-game and player development."""

    # --- identity and data -------------------------------------------------------------

    key: str  # the ruleset key a league stores ("bb2020")
    # The key of the ruleset whose league tables (characteristic limits) the edition's
    # players live by: its own, or another's where it ships none.
    league_tables_key: str

    # --- a match ----------------------------------------------------------------------

    pre_game_rules: PreGameSequence
    post_game_rules: PostGameSequence
    report_type: type[Any]  # the match report type ``post_game`` reads
    scoring: str  # ``TOUCHDOWNS`` or ``POINTS``: what decides a game and the report records
    # The SPP a casualty caused by a Block earns (0 where players earn none), as the
    # event forms label it; team-specific exceptions are the post-game's.
    casualty_spp: int
    # The post-game step a league holds until each coach has hired, fired and bought
    # (``post_game(..., hold_hiring=True)``); None where there is none.
    hiring_step: str | None

    # --- development ------------------------------------------------------------------

    development: str  # ``SPEND_SPP``, ``IMPROVEMENT_ROLL`` or ``NO_DEVELOPMENT`` (falsy)
    # The procedures of ``development``; None where players never develop.
    development_rules: Development | None

    # --- league play ------------------------------------------------------------------

    has_gold: bool  # whether teams have a treasury (prizes, winnings, inducements)
    # What the edition calls a team's fans on its roster sheet (BB2020's "Dedicated
    # Fans", the classic sheet's "Fan Factor").
    fans_label: str
    playoff_prizes: tuple[tuple[int, int], ...]  # (place, gold) paid when the play-offs finish
    # The award to the opponent of a real-life concession, or None where the rules give
    # nothing beyond the 1-0 win.
    concession_award: ConcessionAwardRule | None
    # The roll-offs deciding a level play-off, or None where the rules have none (a draw
    # on points is decided by the commissioner).
    sudden_death: SuddenDeathRule | None

    # --- between seasons --------------------------------------------------------------

    between_seasons: str  # ``REDRAFT`` or ``CARRY_OVER``
    redraft: RedraftRules | None  # where ``between_seasons`` is ``REDRAFT``, else None

    # --- with a default ---------------------------------------------------------------

    # What league tables rank by before the league's tie-breakers (``RANK_KEYS``).
    standings_rank_by: tuple[str, ...] = (LEAGUE_POINTS,)
    # How many times each pair of a division meets in the regular season: BB2020 twice,
    # BB2025 once (bb2025-league-facts.md section 10).
    regular_season_meetings: int = 2
    # (conceder, opponent) touchdowns a real-life concession records: BB2020's 1-0,
    # BB2025's 2-0 (facts section 13.4).
    forfeit_score: tuple[int, int] = (0, 1)
    # The Dedicated Fans rolls and missed games an unplayed or conceded fixture brings
    # (BB2025), or None where the rules give none.
    forfeit_aftermath: ForfeitAftermathRule | None = None
    # What a league fixture not played by its deadline becomes: ``LOSS_FOR_BOTH`` (BB2020
    # facts section 5, BB2025 facts section 9), or None where the rules say nothing of
    # it (the classic sheet, Blitz Bowl): then the commissioner decides.
    unplayed_fixture: str | None = None

    @property
    def name(self) -> str:
        """The name coaches read ("Blood Bowl 2020")."""
        return self.ruleset().name

    def ruleset(self) -> Ruleset:
        """The edition's data: rosters, positions, star players, skills, tables."""
        return get_ruleset(self.key)

    @property
    def earns_spp(self) -> bool:
        """Whether players earn SPP (and the pages show them)."""
        return bool(self.development)

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
        return self.pre_game_rules.pre_game(
            ruleset, home, away, dice, league=league, choices=choices
        )

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
        return self.post_game_rules.post_game(
            ruleset,
            home,
            away,
            report,
            dice,
            choices=choices,
            league=league,
            hold_hiring=hold_hiring,
        )

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
        if self.development_rules is None:
            raise AdvancementError(
                say("{edition} players do not gain advancements", edition=self.name)
            )
        return self.development_rules.take_advancement(
            ruleset,
            player,
            kind,
            dice,
            category=category,
            skill=skill,
            characteristic_choice=characteristic_choice,
        )

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        """The advancements the player may buy now (none where SPP are not spent)."""
        if self.development_rules is None:
            return ()
        return self.development_rules.advancement_options(ruleset, player)

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        """The category's skills the player may still take."""
        if self.development_rules is None:
            return ()
        return self.development_rules.takeable_skills(ruleset, player, category)

    def player_title(self, player: PlayerState) -> str | None:
        """The title the player's career has earned him ("Veteran"), or None where the
        edition gives none (yet)."""
        if self.development_rules is None:
            return None
        return self.development_rules.player_title(player)

    def must_advance(self, player: PlayerState) -> bool:
        """Whether the player may no longer save his SPP and must take an advancement."""
        if self.development_rules is None:
            return False
        return self.development_rules.must_advance(player)
