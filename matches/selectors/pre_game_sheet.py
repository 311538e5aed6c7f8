"""The pre-game as the match page shows it: each step in sentences that name the
teams (``step_views``), the match sheet's figures (``pre_game_rows``) and the dice
log (``dice_groups``). Pure functions over the stored steps and rolls; no queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from matches.models import DiceRoll
from matches.selectors.words import (
    SIDES,
    bought_text,
    humanize,
    position_name,
    roll_text,
    short_value,
    star_name,
)
from matches.services.sequence_json import shown
from rules_engine.ruleset import Ruleset
from teams.templatetags.dugout import gp

MONEY_SOURCES = {
    "treasury": gettext_lazy("%(money)s from the Treasury"),
    "petty cash": gettext_lazy("%(money)s of petty cash"),
    "budget": gettext_lazy("%(money)s of inducement budget"),
}
# Blitz Bowl's pitches, as a coach says them.
PITCHES = {
    "one_trapdoor": gettext_lazy("one trapdoor"),
    "two_trapdoors": gettext_lazy("two trapdoors"),
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


def _fans(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    return [
        _("%(team)s: D3 %(roll)s + %(fans)s Dedicated Fans = Fan Factor %(factor)s")
        % {
            "team": teams[s],
            "roll": o.get("roll"),
            "fans": o.get("dedicated_fans"),
            "factor": o.get("fan_factor"),
        }
        for s in SIDES
        if (o := outcome.get(s))
    ]


def _weather(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    if "weather" not in outcome:
        return []
    return [
        _("2D6 %(roll)s: %(weather)s")
        % {"roll": roll_text(outcome.get("roll")), "weather": outcome["weather"]}
    ]


def _journeymen(outcome: Mapping[str, Any], teams: Mapping[str, str], ruleset: Any) -> list[str]:
    lines = []
    for side in SIDES:
        o = outcome.get(side)
        if not o:
            continue
        if not o.get("count"):
            lines.append(_("%(team)s: no journeymen needed") % {"team": teams[side]})
            continue
        positions = ", ".join(position_name(ruleset, p) for p in o.get("positions") or []) or "?"
        lines.append(
            ngettext(
                "%(team)s: takes %(count)s journeyman (%(positions)s); CTV %(before)s → %(after)s",
                "%(team)s: takes %(count)s journeymen (%(positions)s); CTV %(before)s → %(after)s",
                o["count"],
            )
            % {
                "team": teams[side],
                "count": o["count"],
                "positions": positions,
                "before": gp(o.get("ctv_before")),
                "after": gp(o.get("ctv_after")),
            }
        )
    return lines


def _petty_cash(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    """Classic step 2: the gold each team moved from its Treasury into Petty Cash."""
    if outcome.get("skipped"):
        return [_("No Petty Cash: there is no Treasury in exhibition play")]
    lines = []
    for side in SIDES:
        o = outcome.get(side)
        if not o:
            continue
        values = {
            "team": teams[side],
            "treasury": gp(o.get("treasury")),
            "tv": gp(o.get("team_value")),
            "moved": gp(o.get("petty_cash")),
            "tv_with": gp(o.get("team_value_with_petty_cash")),
        }
        if o.get("petty_cash") is None:
            lines.append(_("%(team)s: TV %(tv)s; Treasury %(treasury)s; not answered yet") % values)
        elif not o["petty_cash"]:
            lines.append(_("%(team)s: TV %(tv)s; no gold moved into Petty Cash") % values)
        else:
            lines.append(
                _("%(team)s: %(moved)s moved into Petty Cash; TV %(tv)s → %(tv_with)s") % values
            )
    return lines


def _gate_and_fame(
    outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any
) -> list[str]:
    """Classic step 5: each team's gate, (2D6 + Fan Factor) × 1,000 fans, and its FAME."""
    lines = [
        _("%(team)s: 2D6 %(roll)s, plus Fan Factor %(factor)s: %(fans)s fans; FAME %(fame)s")
        % {
            "team": teams[side],
            "roll": roll_text(o.get("roll")),
            "factor": o.get("fan_factor"),
            "fans": f"{o.get('fans') or 0:,}",
            "fame": o.get("fame", 0),
        }
        for side in SIDES
        if (o := outcome.get(side))
    ]
    if outcome.get("total_gate") is not None:
        lines.append(_("Total gate: %(fans)s fans") % {"fans": f"{outcome['total_gate']:,}"})
    return lines


def _classic_money(o: Mapping[str, Any]) -> str:
    """Classic step 4's money: the team's Petty Cash and the inducement money its lower
    TV brings (the TV difference)."""
    values = {"cash": gp(o.get("petty_cash")), "free": gp(o.get("inducement_money"))}
    if o.get("petty_cash") and o.get("inducement_money"):
        return _("%(cash)s of Petty Cash and %(free)s of inducement money") % values
    if o.get("inducement_money"):
        return _("%(free)s of inducement money") % values
    if o.get("petty_cash"):
        return _("%(cash)s of Petty Cash") % values
    return _("no money for inducements")


def _inducement_line(o: Mapping[str, Any], team: str, ruleset: Any) -> str:
    source = o.get("money_source")
    classic = "inducement_money" in o  # the classic sheet's Petty Cash and inducement money
    if classic:
        money = _classic_money(o)
    elif source == "none" or source is None:
        money = _("no money for inducements")
    elif source == "petty cash" and (o.get("money") or 0) > (o.get("petty_cash") or 0):
        # BB2025: the lower-CTV team may add some of its own Treasury to its petty cash.
        own = (o.get("money") or 0) - (o.get("petty_cash") or 0)
        money = _("%(cash)s of petty cash and up to %(own)s of its Treasury") % {
            "cash": gp(o.get("petty_cash")),
            "own": gp(own),
        }
    elif source in MONEY_SOURCES:
        money = str(MONEY_SOURCES[source]) % {"money": gp(o.get("money"))}
    else:
        money = f"{gp(o.get('money'))} ({humanize(str(source))})"
    parts = [money]
    if "bought" in o:
        parts.append(_("bought %(what)s") % {"what": bought_text(o["bought"], ruleset)})
    if o.get("treasury_spent"):
        spent = {"gold": gp(o["treasury_spent"])}
        parts.append(
            _("%(gold)s of Petty Cash spent") % spent
            if classic
            else _("%(gold)s spent from the Treasury") % spent
        )
    if o.get("petty_cash") and not classic:
        parts.append(_("petty cash %(gold)s") % {"gold": gp(o["petty_cash"])})
    if o.get("ctv_after") is not None:
        after = {"gold": gp(o["ctv_after"])}
        parts.append(
            _("TV after inducements %(gold)s") % after
            if classic
            else _("CTV after inducements %(gold)s") % after
        )
    return _("%(team)s: %(what)s") % {"team": team, "what": "; ".join(parts)}


def _prayers_bought(prayers: Mapping[str, Any], team: str) -> list[str]:
    """The Prayers to Nuffle a team bought, each with its D16 (BB2025: no free prayers)."""
    results = prayers.get("results") or []
    rolled = "; ".join(f"{r.get('roll')} {r.get('name')}" for r in results)
    lines = [
        ngettext(
            "%(team)s: %(count)s Prayer to Nuffle bought, rolled on the D16: %(rolled)s",
            "%(team)s: %(count)s Prayers to Nuffle bought, rolled on the D16: %(rolled)s",
            len(results),
        )
        % {"team": team, "count": len(results), "rolled": rolled}
    ]
    if prayers.get("rerolled"):
        lines.append(
            _("%(team)s: re-rolled results it already had: %(results)s")
            % {"team": team, "results": ", ".join(map(str, prayers["rerolled"]))}
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
        lines.append(
            _("Induced by both teams, so neither fields: %(stars)s")
            % {"stars": ", ".join(star_name(ruleset, s) for s in not_fielded)}
        )
    return lines


def _prayers(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    underdog = outcome.get("underdog")
    if not underdog:
        return [_("No underdog: nobody prays to Nuffle")]
    allowed = outcome.get("rolls_allowed", 0)
    lines = [
        ngettext(
            "%(team)s is the underdog by %(gold)s: %(count)s prayer",
            "%(team)s is the underdog by %(gold)s: %(count)s prayers",
            allowed,
        )
        % {
            "team": teams.get(underdog, underdog),
            "gold": gp(outcome.get("difference")),
            "count": allowed,
        }
    ]
    for result in outcome.get("results") or []:
        lasts = f" ({result['lasts']})" if result.get("lasts") else ""
        lines.append(f"D16 {result.get('roll')}: {result.get('name')}{lasts}")
    if outcome.get("rerolled"):
        lines.append(
            _("Re-rolled repeats: %(results)s")
            % {"results": ", ".join(map(str, outcome["rerolled"]))}
        )
    return lines


def _kicking(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    lines = [
        _("Roll-off: %(home)s %(home_roll)s v %(away)s %(away_roll)s")
        % {
            "home": teams["home"],
            "home_roll": r.get("home"),
            "away": teams["away"],
            "away_roll": r.get("away"),
        }
        for r in outcome.get("roll_off") or []
    ]
    winner = outcome.get("winner")
    if winner and outcome.get("decision"):
        values = {
            "winner": teams[winner],
            "kicking": teams[outcome["kicking"]],
            "receiving": teams[outcome["receiving"]],
        }
        if outcome["decision"] == "kick":
            line = _("%(winner)s won and chose to kick: %(kicking)s kick, %(receiving)s receive")
        else:
            line = _("%(winner)s won and chose to receive: %(kicking)s kick, %(receiving)s receive")
        lines.append(line % values)
    elif winner:
        lines.append(_("%(team)s won the toss") % {"team": teams[winner]})
    return lines


def _coin_toss(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    """Blitz Bowl: who won the toss, and who sets up first and takes the first turn."""
    winner, first = str(outcome.get("winner")), str(outcome.get("first_turn"))
    if winner not in teams:
        return []
    if outcome.get("roll") is not None:
        line = _("D6 %(roll)s: %(team)s won the toss") % {
            "roll": outcome["roll"],
            "team": teams[winner],
        }
    else:
        line = _("%(team)s won the coin toss") % {"team": teams[winner]}
    lines = [line]
    if first in teams:
        lines.append(_("%(team)s sets up first and takes the first turn") % {"team": teams[first]})
    return lines


def _regional_rules(
    outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any
) -> list[str]:
    """Blitz Bowl: the D8 Regional League row, its rule and the Sudden Death margin."""
    if not outcome.get("regional_rule"):
        return []
    lines = [
        _("D8 %(roll)s, rolled by %(team)s: %(rule)s")
        % {
            "roll": outcome.get("roll"),
            "team": teams.get(outcome.get("rolled_by", ""), "?"),
            "rule": outcome["regional_rule"],
        }
    ]
    if outcome.get("description"):  # the rules data's English (``rule_texts``)
        lines.append(_(str(outcome["description"])))
    if outcome.get("sudden_death_margin"):
        lines.append(
            _("Sudden Death Victory: %(points)s points ahead")
            % {"points": outcome["sudden_death_margin"]}
        )
    if outcome.get("forced_pitch"):
        lines.append(
            _("The toss winner must play on the pitch with %(pitch)s")
            % {"pitch": pitch_name(outcome["forced_pitch"])}
        )
    return lines


def pitch_name(pitch: Any) -> str:
    """A Blitz Bowl pitch as a coach says it ("two trapdoors")."""
    name = PITCHES.get(str(pitch))
    return str(name) if name is not None else humanize(str(pitch)).lower()


def _pitch(outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any) -> list[str]:
    """Blitz Bowl: the pitch the toss winner chose (or the regional rule forced)."""
    if not outcome.get("pitch"):
        return []
    values = {
        "team": teams.get(outcome.get("chosen_by", ""), "?"),
        "pitch": pitch_name(outcome["pitch"]),
        "rule": outcome.get("forced_by") or "",
    }
    if outcome.get("forced_by"):
        return [_("The pitch with %(pitch)s, as the %(rule)s requires") % values]
    return [_("%(team)s chose the pitch with %(pitch)s") % values]


def _ball_placement(
    outcome: Mapping[str, Any], teams: Mapping[str, str], _ruleset: Any
) -> list[str]:
    """Blitz Bowl: on which trapdoor the ball goes (a D6 on two trapdoors)."""
    end_zone = str(outcome.get("end_zone"))
    if end_zone in teams:
        return [
            _("D6 %(roll)s: the ball goes on the trapdoor closest to %(team)s's End Zone")
            % {"roll": outcome.get("roll"), "team": teams[end_zone]}
        ]
    if outcome.get("pitch"):
        return [_("The ball goes on the trapdoor")]
    return []


StepLines = Callable[[Mapping[str, Any], Mapping[str, str], Any], list[str]]
STEP_LINES: dict[str, StepLines] = {
    "fans": _fans,
    "weather": _weather,
    "journeymen": _journeymen,
    "inducements": _inducements,
    "prayers_to_nuffle": _prayers,
    "kicking_team": _kicking,
    # Classic
    "petty_cash": _petty_cash,
    "gate_and_fame": _gate_and_fame,
    # Blitz Bowl
    "coin_toss": _coin_toss,
    "regional_rules": _regional_rules,
    "pitch": _pitch,
    "ball_placement": _ball_placement,
}


def generic_lines(outcome: Mapping[str, Any], teams: Mapping[str, str]) -> list[str]:
    """A step this module has no words for: its outcome, key by key."""
    return [
        f"{teams.get(k, humanize(str(k)))}: {short_value(v, teams, str(k))}"
        for k, v in outcome.items()
    ]


# --- steps, dice, the match sheet -----------------------------------------------------------


def dice_groups(
    rolls: Iterable[DiceRoll], pre_game_steps: Iterable[Mapping[str, Any]] = ()
) -> list[DiceGroup]:
    """Every roll, one group per sequence: the pre-game, then each report's post-game;
    each roll's step named by its sequence's step title in the reader's language (the
    pre-game's stored ``pre_game_steps``, a post-game's its report's), else its key."""
    groups: list[DiceGroup] = []
    titles: dict[int | None, dict[str, str]] = {}

    def step_title(roll: DiceRoll) -> str:
        report = roll.report
        key = None if report is None else id(report)
        if key not in titles:
            steps = pre_game_steps
            if report is not None:
                steps = (report.post_game_result or {}).get("steps") or ()
            titles[key] = {str(s.get("step")): shown(dict(s), "title") for s in steps}
        return titles[key].get(roll.step) or humanize(roll.step)

    for roll in rolls:
        title = roll.get_sequence_display()
        if roll.report is not None:
            title = _("%(sequence)s (report v%(version)s)") % {
                "sequence": title,
                "version": roll.report.version,
            }
        if not groups or groups[-1].title != title:
            groups.append(DiceGroup(title))
        groups[-1].rows.append(DiceRow(roll, step_title(roll), roll_text(roll.result)))
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
                DieLine(r.shown_purpose, r.die, roll_text(r.result))
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
            or _("none")
            for side in SIDES
        ]
    if not isinstance(names, Mapping):
        return None
    return [", ".join(names.get(side) or ()) or _("none") for side in SIDES]


# A figure a pre-game names in its own rules' words replaces the BB2020-named one it
# also hands on: classic's gate (whose thousands it passes on as ``fan_factor``, for the
# report) and its TV (the engine's CTV).
SHOWN_INSTEAD = {
    "gate": "fan_factor",
    "team_value": "ctv_before_inducements",
    "team_value_after_inducements": "ctv_after_inducements",
}


def pre_game_rows(
    summary: Mapping[str, Any],
    ruleset: Ruleset | None,
    steps: Iterable[Mapping[str, Any]] = (),
) -> list[SheetRow]:
    """The match sheet's numbers, one row per figure with the home and away values: only
    the figures the ruleset's pre-game has (its ``summary``), journeymen only where it
    has a journeymen step (``steps``, the stored steps)."""
    hidden = {old for new, old in SHOWN_INSTEAD.items() if isinstance(summary.get(new), Mapping)}
    step_keys = {step.get("step") for step in steps}

    def per_side(key: str, fmt: Any = str) -> list[str] | None:
        value = summary.get(key)
        if key in hidden or not isinstance(value, Mapping):
            return None
        return [fmt(value.get(side)) if value.get(side) is not None else "—" for side in SIDES]

    def money(value: int) -> str:
        return gp(value) if value else _("none")

    def positions(value: Iterable[str]) -> str:
        return ", ".join(position_name(ruleset, p) for p in value) or _("none")

    def fans(value: int) -> str:
        return f"{value:,}"

    rows = [
        (_("Fan Factor"), per_side("fan_factor")),
        (_("Gate"), per_side("gate", fans)),
        ("FAME", per_side("fame")),
        (_("Journeymen"), per_side("journeymen", positions) if "journeymen" in step_keys else None),
        ("TV", per_side("team_value", gp)),
        ("CTV", per_side("ctv_before_inducements", gp)),
        (_("Petty cash"), per_side("petty_cash", money)),
        (_("Inducement money"), per_side("inducement_money", money)),
        (_("Spent from the Treasury"), per_side("treasury_spent", money)),
        (_("Inducements"), per_side("inducements", lambda v: bought_text(v, ruleset))),
        (_("TV after inducements"), per_side("team_value_after_inducements", gp)),
        (_("CTV after inducements"), per_side("ctv_after_inducements", gp)),
        (_("Prayers to Nuffle"), _prayer_row(summary)),
    ]
    out = [SheetRow(label, values) for label, values in rows if values]
    kicking = summary.get("kicking_team")
    if kicking:
        out.append(
            SheetRow(
                # The game's kick-off (who kicks), not the time the coaches agreed.
                pgettext("the game's kick-off", "Kick-off"),
                [_("kicks") if s == kicking else _("receives") for s in SIDES],
            )
        )
    return out
