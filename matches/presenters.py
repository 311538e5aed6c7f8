"""What the match pages print: the JSON the match services store (pre-game and
post-game steps, summaries, dice) turned into sentences and rows that name the
teams and players, so templates only loop. Pure functions; no queries."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from matches.models import DiceRoll, EventKind, Match
from rules_engine import get_ruleset
from rules_engine.ruleset import Ruleset
from teams.templatetags.dugout import gp

SIDES = ("home", "away")
MONEY_SOURCES = {
    "treasury": "from the Treasury",
    "petty cash": "of petty cash",
    "budget": "of inducement budget",
}
RESULTS = {"win": "Win", "draw": "Draw", "loss": "Loss"}
LEDGER_REASONS = {
    "winnings": "Winnings",
    "expensive_mistake": "Expensive mistake",
    "journeyman_hired": "Journeyman hired",
    "concession": "Concession",
}
CHARACTERISTICS = {"ma": "MA", "st": "ST", "ag": "AG", "pa": "PA", "av": "AV"}


def ruleset_of(match: Match) -> Ruleset | None:
    try:
        return get_ruleset(match.fixture.season.ruleset)
    except (KeyError, LookupError):
        return None


def team_names(match: Match) -> dict[str, str]:
    return {"home": match.fixture.home.name, "away": match.fixture.away.name}


def player_names(match: Match) -> dict[int, str]:
    """ "#3 Name" for every player in the match's team snapshots (journeymen included)."""
    names: dict[int, str] = {}
    for field in ("pre_game_teams", "match_teams"):
        for team in (getattr(match, field) or {}).values():
            for player in team.get("players", ()):
                names[player["id"]] = f"#{player.get('number', '?')} {player.get('name', '')}"
    return names


def position_name(ruleset: Ruleset | None, slug: str) -> str:
    if ruleset is not None:
        try:
            return ruleset.position(slug).name
        except (KeyError, LookupError, ValueError):
            pass
    return slug.replace("-", " ")


def roll_text(result: Any) -> str:
    """A stored die result: 4, [2, 6] -> "2 + 6 = 8", a block die face as named."""
    if isinstance(result, list):
        if result and all(isinstance(r, int) for r in result):
            return " + ".join(map(str, result)) + f" = {sum(result)}"
        return ", ".join(map(str, result))
    return str(result)


def humanize(key: str) -> str:
    return key.replace("_", " ").capitalize()


GOLD_WORDS = ("treasury", "value", "cash", "gold", "money", "cost", "winnings", "price")


def _short(value: Any, names: Mapping[str, str], key: str = "") -> str:
    """An outcome's value in a few words: gold as gold ("130k"), sides by team name."""
    if isinstance(value, Mapping):
        return "; ".join(
            f"{names.get(k, humanize(str(k)))} {_short(v, names, str(k))}" for k, v in value.items()
        )
    if isinstance(value, list):
        return ", ".join(_short(v, names) for v in value) or "none"
    if value is None or value == "":
        return "—"
    if isinstance(value, int) and not isinstance(value, bool):
        return gp(value) if any(word in key for word in GOLD_WORDS) else str(value)
    return str(names.get(value, value)) if isinstance(value, str) else str(value)


# --- the pre-game's steps ------------------------------------------------------------


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


def bought_text(bought: Mapping[str, Any] | None, ruleset: Ruleset | None) -> str:
    """ "1 × Bribes, Griff Oberwald, mercenary Blitzer" for an inducement purchase."""
    if not bought:
        return "nothing"
    parts = []
    for slug, count in (bought.get("items") or {}).items():
        name = slug
        if ruleset is not None and slug in ruleset.inducements:
            name = ruleset.inducements[slug].name
        parts.append(f"{count} × {name}")
    for slug in bought.get("star_players") or []:
        star = ruleset.star_players.get(slug) if ruleset is not None else None
        parts.append(star.name if star else slug)
    for merc in bought.get("mercenaries") or []:
        parts.append(f"mercenary {position_name(ruleset, merc.get('position', ''))}")
    return ", ".join(parts) or "nothing"


def _inducements(outcome: Mapping[str, Any], teams: Mapping[str, str], ruleset: Any) -> list[str]:
    lines = []
    for side in SIDES:
        o = outcome.get(side)
        if not o:
            continue
        source = o.get("money_source")
        if source == "none" or source is None:
            money = "no money for inducements"
        else:
            money = f"{gp(o.get('money'))} {MONEY_SOURCES.get(source, source)}"
        line = f"{teams[side]}: {money}"
        if "bought" in o:
            line += f"; bought {bought_text(o['bought'], ruleset)}"
        if o.get("treasury_spent"):
            line += f"; {gp(o['treasury_spent'])} spent from the Treasury"
        if o.get("petty_cash"):
            line += f"; petty cash {gp(o['petty_cash'])}"
        if o.get("ctv_after") is not None:
            line += f"; CTV after inducements {gp(o['ctv_after'])}"
        lines.append(line)
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


STEP_LINES = {
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
        f"{teams.get(k, humanize(str(k)))}: {_short(v, teams, str(k))}" for k, v in outcome.items()
    ]


def dice_groups(rolls: Iterable[DiceRoll]) -> list[dict[str, Any]]:
    """Every roll, one group per sequence: the pre-game, then each report's post-game."""
    groups: list[dict[str, Any]] = []
    for roll in rolls:
        title = roll.get_sequence_display()
        if roll.report is not None:
            title += f" (report v{roll.report.version})"
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "rows": []})
        groups[-1]["rows"].append(
            {"roll": roll, "step": humanize(roll.step), "result": roll_text(roll.result)}
        )
    return groups


def rolls_by_step(rolls: Iterable[DiceRoll]) -> dict[str, list[DiceRoll]]:
    grouped: dict[str, list[DiceRoll]] = defaultdict(list)
    for roll in rolls:
        grouped[roll.step].append(roll)
    return grouped


def steps(
    stored: Iterable[Mapping[str, Any]],
    rolls: Iterable[DiceRoll],
    teams: Mapping[str, str],
    ruleset: Ruleset | None,
    *,
    detailed: bool = True,
) -> list[dict[str, Any]]:
    """Each step with its title, what it came to (``lines``), its dice and whether it waits."""
    grouped = rolls_by_step(rolls)
    out = []
    for step in stored:
        outcome = step.get("outcome") or {}
        lines: list[str] = []
        if detailed:
            describe = STEP_LINES.get(step.get("step", ""))
            try:
                lines = describe(outcome, teams, ruleset) if describe else []
            except (KeyError, TypeError, AttributeError):
                lines = []
            if not lines and not describe:
                lines = generic_lines(outcome, teams)
        out.append(
            {
                "key": step.get("step", ""),
                "title": step.get("title") or humanize(step.get("step", "")),
                "rule": step.get("rule", ""),
                "complete": step.get("complete", True),
                "lines": lines,
                "dice": [
                    {"purpose": r.purpose, "die": r.die, "result": roll_text(r.result)}
                    for r in grouped.get(step.get("step", ""), [])
                ],
            }
        )
    return out


def pre_game_rows(summary: Mapping[str, Any], ruleset: Ruleset | None) -> list[dict[str, Any]]:
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
        ("Prayers to Nuffle", per_side("prayers", lambda v: ", ".join(v) or "none")),
    ]
    out = [{"label": label, "values": values} for label, values in rows if values]
    kicking = summary.get("kicking_team")
    if kicking:
        out.append(
            {
                "label": "Kick-off",
                "values": ["kicks" if s == kicking else "receives" for s in SIDES],
            }
        )
    return out


# --- the post-game ---------------------------------------------------------------------


def _named(ids: Iterable[Any] | None, names: Mapping[int, str]) -> list[str]:
    return [names.get(i, f"player {i}") for i in ids or ()]


def _dice(values: Any, joiner: str = " then ") -> str:
    """Dice rolled one after another ("1 then 4": a re-roll), or summed (" + ")."""
    values = [v for v in values or () if v is not None]
    return joiner.join(map(str, values))


def _money_rows(team: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Winnings and the other Treasury changes, with classic's dice and gate."""
    rows = []
    winnings = gp(team.get("winnings"))
    if team.get("winnings_dice"):
        winnings += f" (D6 {_dice(team['winnings_dice'])})"
    rows.append(("Winnings", winnings))
    if team.get("gate") is not None:
        rows.append(("Gate", f"{team['gate']:,} fans; FAME {team.get('fame', 0)}"))
    rows += [
        (LEDGER_REASONS.get(c["reason"], humanize(c["reason"])), f"{c['amount']:+,} gp")
        for c in team.get("treasury_changes") or []
        if c["reason"] != "winnings"  # on its own line
    ]
    if team.get("spiralling_expenses"):
        rows.append(("Spiralling Expenses", f"−{gp(team['spiralling_expenses'])}"))
    return rows


def post_game_rows(team: Mapping[str, Any], names: Mapping[int, str]) -> list[tuple[str, str]]:
    """The figures of one team's post-game, only those its ruleset has."""
    rows = [("Touchdowns", str(team.get("touchdowns", "—")))]
    if team.get("points") is not None:  # Blitz Bowl
        rows.append(("Points", f"{team['points']} – {team.get('opponent_points', '?')}"))
        for key in ("challenge_points", "clean_sweeps", "bonus_play_points"):
            if team.get(key):
                rows.append((humanize(key), str(team[key])))
        if team.get("ending"):
            rows.append(("Decided by", humanize(team["ending"])))
    has_money = bool(team.get("team_value") or team.get("winnings") or team.get("treasury"))
    if has_money:
        rows += _money_rows(team)
    before, after = team.get("dedicated_fans_before"), team.get("dedicated_fans_after")
    roll = team.get("dedicated_fans_roll")
    if before is not None and (before != after or roll is not None):
        label = "Fan Factor" if team.get("fan_factor_dice") else "Dedicated Fans"
        rolled = _dice(team.get("fan_factor_dice") or [roll], " + ")
        rows.append((label, f"{before} → {after}" + (f" (rolled {rolled})" if rolled else "")))
    if team.get("mvp") is not None:
        reason = f" ({team['mvp_reason']})" if team.get("mvp_reason") else ""
        rows.append(("MVP", names.get(team["mvp"], f"player {team['mvp']}") + reason))
    for hatred in team.get("hatred") or ():  # BB2025: a casualty's Hatred roll
        who = names.get(hatred["player_id"], f"player {hatred['player_id']}")
        gained = f"gains {hatred['gained']}" if hatred.get("gained") else "no Hatred"
        rows.append(("Hatred", f"{who}: D6 {hatred['roll']}, {gained}"))
    mistake = team.get("expensive_mistake")
    if mistake:
        text = mistake.get("outcome") or "—"
        if mistake.get("roll"):
            text += f" (D6 {mistake['roll']})"
        if mistake.get("gold_lost"):
            text += f": −{gp(mistake['gold_lost'])}"
        rows.append(("Expensive mistakes", text))
    if has_money:
        rows.append(("Treasury", gp(team.get("treasury"))))
        tv, ctv = gp(team.get("team_value")), gp(team.get("current_team_value"))
        rows.append(("Team value / CTV", f"{tv} / {ctv}"))
    return rows


def post_game_team(team: Mapping[str, Any], names: Mapping[int, str]) -> dict[str, Any]:
    """One team's post-game, every player named."""
    return {
        "result": RESULTS.get(str(team.get("result")), team.get("result") or "—"),
        "rows": post_game_rows(team, names),
        "spp": [
            {
                "player": names.get(row["player_id"], f"player {row['player_id']}"),
                "breakdown": ", ".join(f"{k} {v}" for k, v in (row.get("breakdown") or {}).items()),
                "total": row.get("spp", 0),
            }
            for row in team.get("spp") or []
        ],
        "dead": _named(team.get("dead"), names),
        "quit": _named(team.get("quit"), names),
        "miss_next_game": _named(team.get("miss_next_game"), names),
        "niggling": _named(team.get("niggling_injuries"), names),
        "lasting": [
            f"{names.get(pid, pid)} −{CHARACTERISTICS.get(c, c)}"
            for pid, c in team.get("characteristic_losses") or []
        ],
        "recovered": _named(team.get("recovered"), names),
        "hired": _named(team.get("hired_journeymen"), names),
        "released": _named(team.get("released_journeymen"), names),
        "retired": _named(team.get("retired"), names),
        "not_done": [
            f"{names.get(item['player'], item['player'])}: not done, {item['why']}"
            for item in team.get("not_done") or []
        ],
        "advancements": [
            {"id": pid, "name": names.get(pid, f"player {pid}")}
            for pid in team.get("advancement_eligible") or []
        ],
    }


# --- events ------------------------------------------------------------------------------


def event_text(event: Any, teams: Mapping[str, str]) -> str:
    """One line of the report: "Touchdown: #3 Griff" or "Casualty caused: #5 X on #2 Y"."""
    label = EventKind(event.kind).label if event.kind in EventKind.values else event.kind
    who = f"#{event.player.number} {event.player.name}" if event.player_id else ""
    text = f"{label}: {who}" if who else label
    if event.victim_id:
        text += f" on #{event.victim.number} {event.victim.name}"
        if not event.by_block:
            text += " (foul or other, no SPP)"
    if event.injury:
        text += f" — {event.get_injury_display()}"
        if event.characteristic:
            text += f" (−{CHARACTERISTICS.get(event.characteristic, event.characteristic)})"
        if event.apothecary_used:
            text += ", after the apothecary"
    if event.detail:
        text += f" — {event.detail}"
    if event.side and not event.player_id:
        text += f" ({teams.get(event.side, event.side)})"
    return text


def history(
    reports: Iterable[Any], events: Iterable[Any], teams: Mapping[str, str]
) -> list[dict[str, Any]]:
    """The report's versions, newest first, each with its events as lines."""
    by_report: dict[int, list[str]] = defaultdict(list)
    for event in sorted(events, key=lambda e: e.pk):
        by_report[event.report_id].append(event_text(event, teams))
    return [{"report": r, "events": by_report[r.pk]} for r in reversed(list(reports))]


def running_score(events: Iterable[Any]) -> dict[str, int]:
    score = {"home": 0, "away": 0}
    for event in events:
        if event.kind == EventKind.TOUCHDOWN and event.side in score:
            score[event.side] += 1
    return score
