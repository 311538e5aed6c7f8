"""Star Player Points and the MVP in BB2025 (league facts sections 6 and 8).

SPP (facts section 6): touchdown 3 (Brawlin' Brutes 2), casualty 2 (Brawlin' Brutes
3), interception 2, completion 1, a Superb Throw whose team-mate lands on his feet 1
(to the thrower), a thrown team-mate landing safely 1 (to him), MVP 4. Differs from
BB2020: no Deflection; the Throw Team-mate awards and Brawlin' Brutes are new.

MVP (facts section 8): "each coach nominates 6 eligible players (not missing next
game, not dead); one is drawn at random". "The conceder gives up its MVP and the
opponent gets an extra MVP." Differs from BB2020 (random from all eligible players).
The draw itself is BB2020's fair ``pick_at_random``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.report import PlayerReport, TeamReport
from rules_engine.bb2020.spp import MVP, MvpResult, SppEarned, mvp_candidates, pick_at_random
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.data import BRAWLIN_BRUTES
from rules_engine.bb2025.league_tables import league_section
from rules_engine.bb2025.report import landings, superb_throws
from rules_engine.dice import Dice, Roll
from rules_engine.errors import RulesError
from rules_engine.sequence import recording
from rules_engine.tables import spp_award as table_spp_award
from rules_engine.wording import say, say_plural, side_said

RULESET = "bb2025"
ACHIEVEMENTS: tuple[tuple[str, str], ...] = (
    ("completions", "Completion"),
    ("superb_throws", "Superb Throw"),
    ("landings", "Landing"),
    ("interceptions", "Interception"),
    ("casualties", "Casualty"),
    ("touchdowns", "Touchdown"),
)
TOUCHDOWN = "Touchdown"
# The SPP of a touchdown a concession awarded, given by the coach (facts section 9).
AWARDED_TOUCHDOWN = "Awarded touchdown"
# The report's BB2025 counts, beyond BB2020's (``rules_engine.bb2025.report``).
_BB2025_COUNTS = {"superb_throws": superb_throws, "landings": landings}


def spp_award(achievement: str, *, brawlin_brutes: bool = False) -> int:
    """Facts section 6: the SPP an achievement earns, for a Brawlin' Brutes team or not."""
    if brawlin_brutes:
        special = league_section("spp_awards")["team_special_rules"][BRAWLIN_BRUTES]
        for name, spp in special.items():
            if name.casefold() == achievement.casefold():
                return int(spp)
    return table_spp_award(achievement, ruleset_key=RULESET)


@dataclass(frozen=True)
class Bb2025SppEarned(SppEarned):
    """SPP one player earned, with his Superb Throws, safe landings and the Brawlin'
    Brutes awards; never a deflection (``deflections`` stays 0). ``mvps`` counts MVPs
    (the opponent of a conceder may award two)."""

    landings: int = 0
    superb_throws: int = 0
    brawlin_brutes: bool = False
    mvps: int = 0
    # Touchdowns a concession awarded his team that his coach gave him (facts section 9).
    awarded_touchdowns: int = 0

    @property
    def breakdown(self) -> dict[str, int]:
        parts = {
            name: getattr(self, field) * spp_award(name, brawlin_brutes=self.brawlin_brutes)
            for field, name in ACHIEVEMENTS
            if getattr(self, field)
        }
        if self.awarded_touchdowns:
            each = spp_award(TOUCHDOWN, brawlin_brutes=self.brawlin_brutes)
            parts[AWARDED_TOUCHDOWN] = self.awarded_touchdowns * each
        if self.mvps:
            parts[MVP] = self.mvps * spp_award(MVP)
        return parts


def spp_earned(
    report: PlayerReport | None,
    player_id: Any,
    *,
    mvps: int = 0,
    brawlin_brutes: bool = False,
    awarded_touchdowns: int = 0,
) -> Bb2025SppEarned:
    """The SPP a player earned from his report, his MVPs and the awarded touchdowns his
    coach gave him. Casualties count as BB2020's report counts them (those he caused
    with a Block)."""
    counts = {
        field: _BB2025_COUNTS[field](report)
        if field in _BB2025_COUNTS
        else getattr(report, field, 0)
        for field, _ in ACHIEVEMENTS
    }
    return Bb2025SppEarned(
        player_id,
        **counts,
        mvp=mvps > 0,
        brawlin_brutes=brawlin_brutes,
        mvps=mvps,
        awarded_touchdowns=awarded_touchdowns,
    )


def mvp_nominees_allowed() -> int:
    return int(league_section("mvp")["nominees"])


def mvp_eligible(team: TeamState, report: TeamReport) -> tuple[PlayerState, ...]:
    """Players an MVP may go to: eligible to play this game (BB2020's candidates: no
    stars or mercenaries, none killed) and not missing the next game after it."""
    eligible = []
    for player in mvp_candidates(team, report):
        own = report.player(player.id)
        if own is not None and own.misses_next_game:
            continue
        eligible.append(player)
    return tuple(eligible)


def check_nominees(
    eligible: Sequence[PlayerState], nominees: Sequence[Any] | None
) -> tuple[Any, ...] | None:
    """The nominees in team-sheet order, or None while the coach must still name them.

    With at most six eligible players every one is nominated and nothing is asked."""
    ids = [p.id for p in eligible]
    allowed = mvp_nominees_allowed()
    if nominees is None:
        return tuple(ids) if len(ids) <= allowed else None
    wanted = list(nominees)
    problems = [
        say("{player} is not eligible for the MVP", player=repr(pid))
        for pid in wanted
        if pid not in ids
    ]
    if len(set(map(repr, wanted))) != len(wanted):
        problems.append(say("a player is nominated twice"))
    if len(wanted) != min(allowed, len(ids)):
        problems.append(
            say_plural(
                "nominate exactly {count} player for the MVP",
                "nominate exactly {count} players for the MVP",
                min(allowed, len(ids)),
            )
        )
    if problems:
        raise RulesError(problems)
    return tuple(pid for pid in ids if pid in wanted)


@dataclass(frozen=True)
class Bb2025MvpResult(MvpResult):
    """A team's MVPs: ``player_id`` the first, ``player_ids`` all drawn, from
    ``nominees``."""

    player_ids: tuple[Any, ...] = ()
    nominees: tuple[Any, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            **super().as_dict(),
            "player_ids": list(self.player_ids),
            "nominees": list(self.nominees),
        }


def draw_mvps(
    dice: Dice, nominees: Sequence[Any], count: int, *, side: str
) -> tuple[tuple[Any, ...], tuple[Roll, ...]]:
    """Draw ``count`` different MVPs at random among the nominees ("MVP: <side>")."""
    left = list(nominees)
    drawn: list[Any] = []
    with recording(dice) as rolls:
        while left and len(drawn) < count:
            pick = pick_at_random(dice, len(left), say("MVP: {side}", side=side_said(side)))
            drawn.append(left.pop(pick.index))
    return tuple(drawn), tuple(rolls)
