"""The numbers of the classic league match sequence, as pure functions.

Each quotes the reference sheet (``shared/rules/classic-reference-tables.md``);
the tables behind them are data (``data/classic/tables.json``), read through
``rules_engine.classic.tables``.

Agility: the rosters are Blood Bowl 2020's, whose AG is the D6 target ("AG3+").
The classic Agility table maps AG 1-6 to the targets 6+..1+, so a BB2020 AG3+
player is a classic AG4 player; ``classic_agility`` and ``agility_target``
convert, and the engine keeps BB2020's target number everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.spp import SppEarned
from rules_engine.classic.tables import classic_table, d68
from rules_engine.errors import RulesError
from rules_engine.tables import TableEntry

RESULTS: tuple[str, ...] = ("win", "draw", "loss")
# "Each (2D6 + FF) x 1000 fans"
FANS_PER_POINT = 1_000
# "(1D6 + FAME) x 10.000 gp"
GOLD_PER_WINNINGS_POINT = 10_000
# "Won/tied: +1"
WON_OR_TIED_BONUS = 1
# "Won(3D6)/tied(2D6)": the dice a team rolls for its Fan Factor.
FAN_FACTOR_DICE: dict[str, int] = {"win": 3, "draw": 2, "loss": 2}


def _result(result: str) -> str:
    result = "draw" if result == "tie" else result
    if result not in RESULTS:
        raise ValueError(f"a result is 'win', 'draw' (or 'tie') or 'loss', not {result!r}")
    return result


def _d6(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise RulesError(f"{what} is a D6 (1-6), got {value!r}")
    return value


# --- tables read by roll -----------------------------------------------------------------


def weather(roll: int | tuple[int, int]) -> TableEntry:
    """Pre-match step 1, "Roll on Weather table": 2 Sweltering Heat, 3 Very Sunny,
    4-10 Nice, 11 Pouring Rain, 12 Blizzard."""
    entry: TableEntry = classic_table("weather").lookup(roll)
    return entry


def injury(roll: int | tuple[int, int]) -> TableEntry:
    """INJURY TABLE: "2-7 Stunned", "8-9 Knocked Out", "10-12 Casualty"."""
    entry: TableEntry = classic_table("injury").lookup(roll)
    return entry


def kick_off_event(roll: int | tuple[int, int]) -> TableEntry:
    """KICK OFF TABLE, 2D6: 2 Get the Ref ... 12 Pitch Invasion."""
    entry: TableEntry = classic_table("kick_off_event").lookup(roll)
    return entry


def casualty(tens: int, units: int | None = None) -> TableEntry:
    """CASUALTY TABLE, "D68": a D6 for the tens and a D8 for the units.

    ``casualty(4, 7)`` and ``casualty(47)`` are both "Smashed Hand". "11-38
    Badly Hurt: No long term effect"; 41-48 "Miss next game"; 51-52 "Niggling
    Injury (& Miss next game)"; 53-58 a characteristic -1 "(& Miss next game)";
    "61-68 DEAD: Dead!".
    """
    roll = tens if units is None else d68(tens, units)
    entry: TableEntry = classic_table("casualty").lookup(roll)
    return entry


def casualty_report(entry: TableEntry) -> dict[str, Any]:
    """What a Casualty result means for the player's ``PlayerReport`` (bb2020.report):
    DEAD sets ``killed``; Niggling Injury ``niggling_injuries=1``; a characteristic
    loss ``lasting_injury`` ("ma", "av", "ag", "st"), whose -1 the post-game applies
    through the report as BB2020 does (AG as a target number rises by 1); a
    "Miss next game" result ``miss_next_game``; Badly Hurt nothing."""
    effect = entry.effect
    if effect.get("dead"):
        return {"killed": True}
    if effect.get("characteristic"):
        return {"lasting_injury": effect["characteristic"]}
    if effect.get("niggling_injury"):
        return {"niggling_injuries": 1}
    if effect.get("miss_next_game"):
        return {"miss_next_game": True}
    return {}


# --- agility -----------------------------------------------------------------------------


def agility_target(agility: int) -> int:
    """AGILITY TABLE: the D6 roll a classic Agility needs, "1 2 3 4 5 6+" ->
    "6+ 5+ 4+ 3+ 2+ 1+". That target is what a BB2020 roster prints as AG."""
    target: int = classic_table("agility").target(agility)
    return target


def classic_agility(target: int) -> int:
    """The classic Agility of a BB2020 AG target number: AG3+ is AG4 (AGILITY TABLE)."""
    agility: int = classic_table("agility").agility(target)
    return agility


# --- the gate, FAME and winnings -------------------------------------------------------------


def gate(d6s: tuple[int, int] | list[int], fan_factor: int) -> int:
    """THE GATE AND FAME: "Each (2D6 + FF) x 1000 fans". ``d6s`` are the two D6."""
    if len(d6s) != 2:
        raise RulesError(f"the gate is rolled with 2D6, got {d6s!r}")
    if isinstance(fan_factor, bool) or not isinstance(fan_factor, int) or fan_factor < 0:
        raise RulesError(f"a Fan Factor is 0 or more, got {fan_factor!r}")
    return (sum(_d6(d, "a gate die") for d in d6s) + fan_factor) * FANS_PER_POINT


def fame(home_fans: int, away_fans: int) -> tuple[int, int]:
    """THE GATE AND FAME: "Equal fans show up +0 FAME; More fans show up +1 FAME;
    Double fans or more +2 FAME". (home FAME, away FAME); the side with fewer
    fans has 0. Exactly double counts as "double or more"."""
    if min(home_fans, away_fans) < 0:
        raise RulesError("a gate cannot be negative")

    def of(mine: int, theirs: int) -> int:
        if mine <= theirs:
            return 0
        return 2 if mine >= 2 * theirs else 1

    return of(home_fans, away_fans), of(away_fans, home_fans)


def total_gate(home_fans: int, away_fans: int) -> int:
    """ "Total Gate is both teams' fans"."""
    return home_fans + away_fans


def winnings(d6: int, fame: int, won_or_tied: bool) -> int:
    """WINNINGS: "(1D6 + FAME) x 10.000 gp"; "Won/tied: +1" to the D6.

    The winner's re-roll ("winner may re-roll") is a decision, taken in
    ``post_game``; pass the D6 that stands.
    """
    _d6(d6, "the winnings roll")
    if fame not in (0, 1, 2):
        raise RulesError(f"FAME is 0, 1 or 2, got {fame!r}")
    bonus = WON_OR_TIED_BONUS if won_or_tied else 0
    return (d6 + bonus + fame) * GOLD_PER_WINNINGS_POINT


# --- Fan Factor ------------------------------------------------------------------------------


def fan_factor_dice(result: str) -> int:
    """How many D6 a team rolls for its Fan Factor: "Won(3D6)", "tied(2D6)", "Lost(2D6)"."""
    return FAN_FACTOR_DICE[_result(result)]


def fan_factor_change(result: str, fan_factor: int, dice_total: int) -> int:
    """FAN FACTOR: "Won(3D6)/tied(2D6) >FF +1FF; Lost(2D6)/tied(2D6) <FF -1FF".

    A win gains 1 when its 3D6 beat the Fan Factor; a loss loses 1 when its
    2D6 fall under it; a tie rolls one 2D6 read both ways (over: +1, under:
    -1). Equal to the Fan Factor changes nothing. Returns +1, 0 or -1.
    """
    result = _result(result)
    low, high = FAN_FACTOR_DICE[result], 6 * FAN_FACTOR_DICE[result]
    if not low <= dice_total <= high:
        raise RulesError(f"a {result}'s Fan Factor roll is {low}-{high}, got {dice_total!r}")
    if result in ("win", "draw") and dice_total > fan_factor:
        return 1
    if result in ("loss", "draw") and dice_total < fan_factor:
        return -1
    return 0


# --- expenses, SPP and titles ----------------------------------------------------------------


def spiralling_expenses(team_value: int) -> int:
    """SPIRALLING EXPENSES: "1750K - 1890K 10.000 gp; Every 150K more +10.000 gp".

    Below 1,750,000 nothing; 1,750,000-1,899,999 pays 10,000, 1,900,000 starts
    the next 150K band (20,000), 2,050,000 the one after (30,000).
    """
    expenses: int = classic_table("spiralling_expenses").expenses(team_value)
    return expenses


def spp_title(spp: int) -> str:
    """STAR PLAYER POINTS, titles: Rookie 0-5, Experienced 6-15, Veteran 16-30,
    Emerging Star 31-50, Star 51-75, Super Star 76-175, Legend 176+."""
    title: str = classic_table("spp_titles").of(spp)
    return title


def titles_reached(spp_before: int, spp_after: int) -> tuple[str, ...]:
    """Post-match step 4: the new titles a player reaches; each earns one roll on the
    Improvement table (5 -> 16 SPP reaches Experienced and Veteran: two rolls)."""
    reached: tuple[str, ...] = classic_table("spp_titles").reached(spp_before, spp_after)
    return reached


def spp_award(achievement: str) -> int:
    """STAR PLAYER POINTS, "EARN": Completion 1, Casualty 2, Interception 2,
    Touchdown 3, Most Valuable Player award 5."""
    awards: Mapping[str, int] = classic_table("spp_awards")["awards"]
    for name, spp in awards.items():
        if name.casefold() == achievement.casefold():
            return spp
    raise RulesError(f"{achievement!r} earns no SPP; SPP come from {', '.join(awards)}")


_ACHIEVEMENTS: tuple[tuple[str, str], ...] = (
    ("completions", "Completion"),
    ("interceptions", "Interception"),
    ("casualties", "Casualty"),
    ("touchdowns", "Touchdown"),
)


@dataclass(frozen=True)
class ClassicSppEarned(SppEarned):
    """SPP one player earned, at the classic awards. A BB2020 ``SppEarned`` in shape;
    ``deflections`` earn nothing (the classic sheet awards none)."""

    @property
    def breakdown(self) -> dict[str, int]:
        parts = {
            name: getattr(self, field) * spp_award(name)
            for field, name in _ACHIEVEMENTS
            if getattr(self, field)
        }
        if self.mvp:
            parts["MVP"] = spp_award("MVP")
        return parts
