"""Re-drafting between seasons (league facts section 5, "Re-draft between seasons").

"Re-draft between seasons: budget = 1,000,000 + Treasury + 20,000 per game played
+ 20,000 per league win + 10,000 per league draw (commissioner may cap at
1,300,000). Staff at 10,000 (apothecary 50,000), re-rolls at roster price,
players re-hired at current value + 20,000 per season played (fee does not
change value). MNG players recover; each Niggling Injury is removed on D6 4+
(+1 with an apothecary)."
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, Roll
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import recording
from rules_engine.wording import Shown, say

REDRAFT_BASE = 1_000_000
PER_GAME_PLAYED = 20_000
PER_LEAGUE_WIN = 20_000
PER_LEAGUE_DRAW = 10_000
COMMISSIONERS_CAP = 1_300_000  # "commissioner may cap at 1,300,000"
REHIRE_PER_SEASON = 20_000
# "each Niggling Injury is removed on D6 4+ (+1 with an apothecary)"
NIGGLING_RECOVERY_TARGET = 4
APOTHECARY_MODIFIER = 1


def check_season_record(
    treasury: int, games_played: int, league_wins: int, league_draws: int, cap: int | None
) -> None:
    """RulesError with every reason a season's record cannot give a re-draft budget."""
    counts = {
        "treasury": treasury,
        "games played": games_played,
        "league wins": league_wins,
        "league draws": league_draws,
    }
    problems: list[Shown] = [
        say("{count} cannot be negative", count=name) for name, value in counts.items() if value < 0
    ]
    if league_wins + league_draws > games_played:
        problems.append(say("a team cannot win or draw more league games than it played"))
    if cap is not None and cap < 0:
        problems.append(say("a cap cannot be negative"))
    if problems:
        raise RulesError(problems)


@dataclass(frozen=True)
class NigglingRecovery:
    """One player's Niggling Injury rolls between seasons and what is left."""

    niggling_injuries: int
    rolls: tuple[Roll, ...]
    modifier: int

    @property
    def removed(self) -> int:
        return sum(
            1 for roll in self.rolls if roll.total + self.modifier >= NIGGLING_RECOVERY_TARGET
        )

    @property
    def remaining(self) -> int:
        return self.niggling_injuries - self.removed


# The purpose of a Niggling Injury's recovery roll where no player is named.
NIGGLING_INJURY = say("Niggling Injury")


def niggling_injury_recovery(
    dice: Dice, niggling_injuries: int, apothecary: bool, *, purpose: Shown = NIGGLING_INJURY
) -> NigglingRecovery:
    """Re-draft: "each Niggling Injury is removed on D6 4+ (+1 with an apothecary)".

    One D6 per Niggling Injury; with the team's apothecary a 3 removes it too.
    """
    if niggling_injuries < 0:
        raise RulesError(say("A player cannot have fewer than 0 Niggling Injuries"))
    with recording(dice) as rolls:
        for _ in range(niggling_injuries):
            dice.d6(purpose)
    return NigglingRecovery(niggling_injuries, tuple(rolls), APOTHECARY_MODIFIER * apothecary)


@dataclass(frozen=True)
class SeasonRecovery:
    """The team after the close season's recovery: who recovered from MNG, each
    player's Niggling Injury rolls, and every roll made."""

    team: TeamState
    recovered: tuple[Any, ...]
    niggling: dict[Any, NigglingRecovery]
    rolls: tuple[Roll, ...]


def recover_between_seasons(
    team: TeamState, dice: Dice, ruleset: Ruleset | None = None
) -> SeasonRecovery:
    """Re-draft: "MNG players recover; each Niggling Injury is removed on D6 4+ (+1 with
    an apothecary)". Players roll in the team sheet's order. ``ruleset``, which every
    edition's recovery is handed, is not read: no roll here depends on a position."""
    niggling: dict[Any, NigglingRecovery] = {}
    players = []
    with recording(dice) as rolls:
        for player in team.players:
            if player.niggling_injuries:
                recovery = niggling_injury_recovery(
                    dice,
                    player.niggling_injuries,
                    team.apothecary,
                    purpose=say("Niggling Injury: {player}", player=player.name),
                )
                niggling[player.id] = recovery
                player = player.evolve(niggling_injuries=recovery.remaining)
            players.append(player.evolve(miss_next_game=False))
    recovered = tuple(p.id for p in team.players if p.miss_next_game)
    return SeasonRecovery(team.evolve(players=tuple(players)), recovered, niggling, tuple(rolls))


@dataclass(frozen=True)
class Redraft:
    """An edition's re-draft between seasons (``Edition.redraft``): the budget's parts,
    the cap where the league sets none, the agent's fee per season played and the
    close season's recovery."""

    base: int
    per_game_played: int
    per_league_win: int
    per_league_draw: int
    # Whether play-off games count as games played (BB2025 counts League Fixtures only).
    counts_playoff_games: bool
    # Whether a fixture conceded for real-life reasons, where no game was played, counts
    # as played for both teams and as won by the other (BB2025 section 13.5); where it
    # does not, the budget counts neither (its wins are wins of games played).
    counts_conceded_fixtures: bool
    # What heals between seasons (MNG, Niggling Injuries), rolled with the dice; handed
    # the team's ruleset, whose positions a recovery may read (BB2025's reductions).
    recover: Callable[[TeamState, Dice, Ruleset], SeasonRecovery]
    default_cap: int | None = None
    rehire_per_season: int = REHIRE_PER_SEASON

    def budget(
        self,
        treasury: int,
        games_played: int,
        league_wins: int,
        league_draws: int,
        cap: int | None = None,
    ) -> int:
        """Re-draft budget: ``base`` + Treasury + ``per_game_played`` per game played +
        ``per_league_win`` per league win + ``per_league_draw`` per league draw, no more
        than ``cap`` (``default_cap`` when the league sets none)."""
        check_season_record(treasury, games_played, league_wins, league_draws, cap)
        budget = (
            self.base
            + treasury
            + games_played * self.per_game_played
            + league_wins * self.per_league_win
            + league_draws * self.per_league_draw
        )
        if cap is None:
            cap = self.default_cap
        return budget if cap is None else min(budget, cap)

    def rehire_fee(self, current_value: int, seasons_played: int) -> int:
        """Re-draft: "players re-hired at current value + 20,000 per season played (fee
        does not change value)" - the fee is paid from the budget; the player's current
        value stays what it was."""
        if current_value < 0 or seasons_played < 0:
            raise RulesError(say("Current value and seasons played cannot be negative"))
        return current_value + seasons_played * self.rehire_per_season


# "budget = 1,000,000 + Treasury + 20,000 per game played + 20,000 per league win +
# 10,000 per league draw (commissioner may cap at 1,300,000)": no cap unless the league
# sets one (``COMMISSIONERS_CAP`` is the facts sheet's figure); play-offs count. A
# fixture conceded for real-life reasons ("the opponent wins 1-0, gains D6 x 10,000 and
# two MVPs", section 5) has no game played: it counts for neither team.
BB2020_REDRAFT = Redraft(
    base=REDRAFT_BASE,
    per_game_played=PER_GAME_PLAYED,
    per_league_win=PER_LEAGUE_WIN,
    per_league_draw=PER_LEAGUE_DRAW,
    counts_playoff_games=True,
    counts_conceded_fixtures=False,
    recover=recover_between_seasons,
)
redraft_budget = BB2020_REDRAFT.budget
rehire_fee = BB2020_REDRAFT.rehire_fee
