"""The pre-game as the match page shows it: each step in sentences that name the
teams (``step_views``), the match sheet's figures (``pre_game_rows``) and the dice
log (``dice_groups``). Pure functions over the stored steps and rolls; no queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from matches.models import DiceRoll
from matches.selectors.words import (
    SIDES,
    bought_text,
    humanize,
    position_name,
    roll_text,
    short_value,
)
from rules_engine.ruleset import Ruleset
from teams.templatetags.dugout import gp

MONEY_SOURCES = {
    "treasury": "from the Treasury",
    "petty cash": "of petty cash",
    "budget": "of inducement budget",
}


@dataclass(frozen=True)
class DieLine:
    """One roll of a step: what it was for, the die, its result in words."""

    purpose: str
    die: str
    result: str


@dataclass(frozen=True)
class StepView:
    """A pre-game or post-game step: its title, what it came to (``lines``), its dice
    and whether it waits (``complete`` False)."""

    key: str
    title: str
    rule: str
    complete: bool
    lines: list[str]
    dice: list[DieLine]


@dataclass(frozen=True)
class SheetRow:
    """A figure of the match sheet, with the home and away values."""

    label: str
    values: list[str]


@dataclass(frozen=True)
class DiceRow:
    roll: DiceRoll
    step: str
    result: str


@dataclass(frozen=True)
class DiceGroup:
    """The rolls of one sequence: the pre-game, or one report version's post-game."""

    title: str
    rows: list[DiceRow] = field(default_factory=list)


# --- the pre-game's steps in words --------------------------------------------------------


def _fans(outcome: Mapping[str, Any], teams: Mapping[str, str], _: Any) -> list[str]:
    return [
        f"{teams[s]}: D3 {o.get('roll')} + {o.get('dedicated_fans')} Dedicated Fans = "
        f"Fan Factor {o.get('fan_factor')}"
        for s in SIDES
        if (o := outcome.get(s))
    ]


def _weather(outcome: Mapping[str, Any], teams: Mapping[str, str], _: Any) -> list[str]:
    if "weather" not in outcome:
        return []
    return [f"2D6 {roll_text(outcome.get('roll'))}: {outcome['weather']}"]


def _journeymen(outcome: Mapping[str, Any], teams: Mapping[str, str], ruleset: Any) -> list[str]:
    lines = []
    for side in SIDES:
        o = outcome.get(side)
        if not o:
            continue
        if not o.get("count"):
            lines.append(f"{teams[side]}: no journeymen needed")
            continue
        positions = ", ".join(position_name(ruleset, p) for p in o.get("positions") or []) or "?"
        lines.append(
            f"{teams[side]}: takes {o['count']} journeymen ({positions}); "
            f"CTV {gp(o.get('ctv_before'))} → {gp(o.get('ctv_after'))}"
        )
    return lines


def _inducement_line(o: Mapping[str, Any], team: str, ruleset: Any) -> str:
    source = o.get("money_source")
    if source == "none" or source is None:
        money = "no money for inducements"
    elif source == "petty cash" and (o.get("money") or 0) > (o.get("petty_cash") or 0):
        # BB2025: the lower-CTV team may add some of its own Treasury to its petty cash.
        own = (o.get("money") or 0) - (o.get("petty_cash") or 0)
        money = f"{gp(o.get('petty_cash'))} of petty cash and up to {gp(own)} of its Treasury"
    else:
        money = f"{gp(o.get('money'))} {MONEY_SOURCES.get(source, source)}"
    line = f"{team}: {money}"
    if "bought" in o:
        line += f"; bought {bought_text(o['bought'], ruleset)}"
    if o.get("treasury_spent"):
        line += f"; {gp(o['treasury_spent'])} spent from the Treasury"
    if o.get("petty_cash"):
        line += f"; petty cash {gp(o['petty_cash'])}"
    if o.get("ctv_after") is not None:
        line += f"; CTV after inducements {gp(o['ctv_after'])}"
    return line


def _prayers_bought(prayers: Mapping[str, Any], team: str) -> list[str]:
    """The Prayers to Nuffle a team bought, each with its D16 (BB2025: no free prayers)."""
    results = prayers.get("results") or []
    lines = [
        f"{team}: {len(results)} Prayers to Nuffle bought, rolled on the D16: "
        + "; ".join(f"{r.get('roll')} {r.get('name')}" for r in results)
    ]
    if prayers.get("rerolled"):
        lines.append(
            f"{team}: re-rolled results it already had: " + ", ".join(map(str, prayers["rerolled"]))
        )
    return lines


def _inducements(outcome: Mapping[str, Any], teams: Mapping[str, str], ruleset: Any) -> list[str]:
    lines = []
    for side in SIDES:
        o = outcome.get(side)
        if not o:
            continue
        lines.append(_inducement_line(o, teams[side], ruleset))
        if o.get("prayers"):
            lines += _prayers_bought(o["prayers"], teams[side])
    not_fielded = outcome.get("star_players_not_fielded") or []
    if not_fielded:
        lines.append(f"Induced by both teams, so neither fields: {', '.join(not_fielded)}")
    return lines


def _prayers(outcome: Mapping[str, Any], teams: Mapping[str, str], _: Any) -> list[str]:
    underdog = outcome.get("underdog")
    if not underdog:
        return ["No underdog: nobody prays to Nuffle"]
    lines = [
        f"{teams.get(underdog, underdog)} is the underdog by {gp(outcome.get('difference'))}: "
        f"{outcome.get('rolls_allowed', 0)} prayer(s)"
    ]
    for result in outcome.get("results") or []:
        lasts = f" ({result['lasts']})" if result.get("lasts") else ""
        lines.append(f"D16 {result.get('roll')}: {result.get('name')}{lasts}")
    if outcome.get("rerolled"):
        lines.append(f"Re-rolled repeats: {', '.join(map(str, outcome['rerolled']))}")
    return lines


def _kicking(outcome: Mapping[str, Any], teams: Mapping[str, str], _: Any) -> list[str]:
    lines = [
        f"Roll-off: {teams['home']} {r.get('home')} v {teams['away']} {r.get('away')}"
        for r in outcome.get("roll_off") or []
    ]
    winner = outcome.get("winner")
    if winner and outcome.get("decision"):
        lines.append(
            f"{teams[winner]} won and chose to {outcome['decision']}: "
            f"{teams[outcome['kicking']]} kick, {teams[outcome['receiving']]} receive"
        )
    elif winner:
        lines.append(f"{teams[winner]} won the toss")
    return lines


StepLines = Callable[[Mapping[str, Any], Mapping[str, str], Any], list[str]]
STEP_LINES: dict[str, StepLines] = {
    "fans": _fans,
    "weather": _weather,
    "journeymen": _journeymen,
    "inducements": _inducements,
    "prayers_to_nuffle": _prayers,
    "kicking_team": _kicking,
}


def generic_lines(outcome: Mapping[str, Any], teams: Mapping[str, str]) -> list[str]:
    """A step this module has no words for: its outcome, key by key."""
    return [
        f"{teams.get(k, humanize(str(k)))}: {short_value(v, teams, str(k))}"
        for k, v in outcome.items()
    ]


# --- steps, dice, the match sheet -----------------------------------------------------------


def dice_groups(rolls: Iterable[DiceRoll]) -> list[DiceGroup]:
    """Every roll, one group per sequence: the pre-game, then each report's post-game."""
    groups: list[DiceGroup] = []
    for roll in rolls:
        title = roll.get_sequence_display()
        if roll.report is not None:
            title += f" (report v{roll.report.version})"
        if not groups or groups[-1].title != title:
            groups.append(DiceGroup(title))
        groups[-1].rows.append(DiceRow(roll, humanize(roll.step), roll_text(roll.result)))
    return groups


def rolls_by_step(rolls: Iterable[DiceRoll]) -> dict[str, list[DiceRoll]]:
    grouped: dict[str, list[DiceRoll]] = defaultdict(list)
    for roll in rolls:
        grouped[roll.step].append(roll)
    return grouped


def _step_lines(
    step: Mapping[str, Any], teams: Mapping[str, str], ruleset: Ruleset | None
) -> list[str]:
    outcome = step.get("outcome") or {}
    describe = STEP_LINES.get(step.get("step", ""))
    try:
        lines = describe(outcome, teams, ruleset) if describe else []
    except (KeyError, TypeError, AttributeError):
        lines = []
    if not lines and not describe:
        lines = generic_lines(outcome, teams)
    return lines


def step_views(
    stored: Iterable[Mapping[str, Any]],
    rolls: Iterable[DiceRoll],
    teams: Mapping[str, str],
    ruleset: Ruleset | None,
    *,
    detailed: bool = True,
) -> list[StepView]:
    """Each step with its title, what it came to (``lines``), its dice and whether it waits."""
    grouped = rolls_by_step(rolls)
    return [
        StepView(
            key=step.get("step", ""),
            title=step.get("title") or humanize(step.get("step", "")),
            rule=step.get("rule", ""),
            complete=step.get("complete", True),
            lines=_step_lines(step, teams, ruleset) if detailed else [],
            dice=[
                DieLine(r.purpose, r.die, roll_text(r.result))
                for r in grouped.get(step.get("step", ""), [])
            ],
        )
        for step in stored
    ]


def _prayer_row(summary: Mapping[str, Any]) -> list[str] | None:
    """Each team's prayers: with the D16 rolled where the summary has them (BB2025's
    bought prayers), else the names (BB2020's underdog's)."""
    rolls, names = summary.get("prayer_rolls"), summary.get("prayers")
    if isinstance(rolls, Mapping):
        return [
            ", ".join(f"{r.get('name')} (D16 {r.get('roll')})" for r in rolls.get(side) or [])
            or "none"
            for side in SIDES
        ]
    if not isinstance(names, Mapping):
        return None
    return [", ".join(names.get(side) or ()) or "none" for side in SIDES]


def pre_game_rows(summary: Mapping[str, Any], ruleset: Ruleset | None) -> list[SheetRow]:
    """The match sheet's numbers, one row per figure with the home and away values."""

    def per_side(key: str, fmt: Any = str) -> list[str] | None:
        value = summary.get(key)
        if not isinstance(value, Mapping):
            return None
        return [fmt(value.get(side)) if value.get(side) is not None else "—" for side in SIDES]

    def money(value: int) -> str:
        return gp(value) if value else "none"

    rows = [
        ("Fan Factor", per_side("fan_factor")),
        (
            "Journeymen",
            per_side(
                "journeymen",
                lambda v: ", ".join(position_name(ruleset, p) for p in v) or "none",
            ),
        ),
        ("CTV", per_side("ctv_before_inducements", gp)),
        ("Petty cash", per_side("petty_cash", money)),
        ("Spent from the Treasury", per_side("treasury_spent", money)),
        ("Inducements", per_side("inducements", lambda v: bought_text(v, ruleset))),
        ("CTV after inducements", per_side("ctv_after_inducements", gp)),
        ("Prayers to Nuffle", _prayer_row(summary)),
    ]
    out = [SheetRow(label, values) for label, values in rows if values]
    kicking = summary.get("kicking_team")
    if kicking:
        out.append(SheetRow("Kick-off", ["kicks" if s == kicking else "receives" for s in SIDES]))
    return out
