"""Re-drafting between seasons in BB2025 (league facts section 9, CZ admin.action.ts).

"New budget = min(Treasury + 1,000,000 + 40,000 per win + 30,000 per draw + 20,000
per loss + play-off prizes, 1,300,000); staff and re-rolls reset; the champion starts
with 1 re-roll." Differs from BB2020 ("20k per game + 20k per win + 10k per draw;
1.3M cap optional"). One source: UNVERIFIED.

Play-off prizes are paid into the Treasury when the play-offs finish (the edition's
``playoff_prizes``), so the Treasury the budget starts from holds them already.
Re-hire fees and the close season's recovery are not in the facts: BB2020's are used
(``rules_engine.bb2020.redraft``; Dugout's reading).
"""

from __future__ import annotations

from rules_engine.bb2020.redraft import (
    SeasonRecovery,
    check_season_record,
    recover_between_seasons,
    rehire_fee,
)
from rules_engine.bb2025.league_tables import league_section

__all__ = [
    "CHAMPION_REROLLS",
    "SeasonRecovery",
    "recover_between_seasons",
    "redraft_budget",
    "rehire_fee",
]

_SECTION = league_section("redraft")
REDRAFT_BASE = int(_SECTION["base"])
PER_LEAGUE_WIN = int(_SECTION["per_win"])
PER_LEAGUE_DRAW = int(_SECTION["per_draw"])
PER_LEAGUE_LOSS = int(_SECTION["per_loss"])
REDRAFT_CAP = int(_SECTION["cap"])
CHAMPION_REROLLS = int(_SECTION["champion_rerolls"])
PLAYOFF_PRIZES: tuple[tuple[int, int], ...] = (
    (1, int(_SECTION["playoff_prizes"]["winner"])),
    (2, int(_SECTION["playoff_prizes"]["runner_up"])),
    (3, int(_SECTION["playoff_prizes"]["semi_final_loser"])),
)


def redraft_budget(
    treasury: int,
    games_played: int,
    league_wins: int,
    league_draws: int,
    cap: int | None = None,
) -> int:
    """Facts section 9: min(Treasury + 1,000,000 + 40,000 per win + 30,000 per draw +
    20,000 per loss, 1,300,000), with BB2020's signature: the losses are the games
    played less the wins and draws. ``cap`` replaces the 1,300,000 where a league
    sets its own."""
    check_season_record(treasury, games_played, league_wins, league_draws, cap)
    losses = games_played - league_wins - league_draws
    budget = (
        REDRAFT_BASE
        + treasury
        + league_wins * PER_LEAGUE_WIN
        + league_draws * PER_LEAGUE_DRAW
        + losses * PER_LEAGUE_LOSS
    )
    return min(budget, REDRAFT_CAP if cap is None else cap)
