"""The post-game as the match page shows it: one card per team with the figures its
ruleset has, every player named (``post_game_team``), and the report's versions with
their events (``history_entries``). Pure functions over what the services stored."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.models import Report
from matches.selectors.words import CHARACTERISTICS, event_text, humanize
from teams.templatetags.dugout import gp

RESULTS = {"win": gettext_lazy("Win"), "draw": gettext_lazy("Draw"), "loss": gettext_lazy("Loss")}
LEDGER_REASONS = {
    "winnings": gettext_lazy("Winnings"),
    "expensive_mistake": gettext_lazy("Expensive mistake"),
    "journeyman_hired": gettext_lazy("Journeyman hired"),
    "concession": gettext_lazy("Concession"),
    "spiralling_expenses": gettext_lazy("Spiralling expenses"),
    "purchases": gettext_lazy("Purchases"),
}
# How a Blitz Bowl game ended, as the summary names it.
ENDINGS = {
    "sudden_death": gettext_lazy("Sudden death"),
    "points_victory": gettext_lazy("Points victory"),
    "draw": gettext_lazy("Draw"),
}
# Blitz Bowl's points, as the summary names them.
POINTS_ROWS = {
    "challenge_points": gettext_lazy("Challenge points"),
    "clean_sweeps": gettext_lazy("Clean Sweeps"),
    "bonus_play_points": gettext_lazy("Bonus Play points"),
}


def _player(names: Mapping[int, str], pid: Any) -> str:
    return names.get(pid) or _("player %(id)s") % {"id": pid}


@dataclass(frozen=True)
class SppLine:
    player: str
    breakdown: str
    total: int


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str


@dataclass(frozen=True)
class PostGameTeam:
    """One team's post-game: its result, its figures as (label, value) rows, and the
    players named under each thing that befell them."""

    result: str
    rows: list[tuple[str, str]]
    spp: list[SppLine]
    dead: list[str]
    quit: list[str]
    miss_next_game: list[str]
    niggling: list[str]
    lasting: list[str]
    recovered: list[str]
    hired: list[str]
    released: list[str]
    retired: list[str]
    not_done: list[str]
    advancements: list[PlayerRef]


@dataclass(frozen=True)
class HistoryEntry:
    """A version of the report with its events as lines."""

    report: Report
    events: list[str]


def _named(ids: Iterable[Any] | None, names: Mapping[int, str]) -> list[str]:
    return [_player(names, i) for i in ids or ()]


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
    rows.append((_("Winnings"), winnings))
    if team.get("gate") is not None:
        rows.append(
            (
                _("Gate"),
                _("%(fans)s fans; FAME %(fame)s")
                % {"fans": f"{team['gate']:,}", "fame": team.get("fame", 0)},
            )
        )
    rows += [
        (str(LEDGER_REASONS.get(c["reason"], humanize(c["reason"]))), f"{c['amount']:+,} gp")
        for c in team.get("treasury_changes") or []
        if c["reason"] != "winnings"  # on its own line
    ]
    if team.get("spiralling_expenses"):
        rows.append((_("Spiralling Expenses"), f"−{gp(team['spiralling_expenses'])}"))
    return rows


def _points_rows(team: Mapping[str, Any]) -> list[tuple[str, str]]:
    """A game scored in points (Blitz Bowl): the points and what scored them."""
    rows = [(_("Points"), f"{team['points']} – {team.get('opponent_points', '?')}")]
    for key, label in POINTS_ROWS.items():
        if team.get(key):
            rows.append((str(label), str(team[key])))
    if team.get("ending"):
        rows.append((_("Decided by"), str(ENDINGS.get(team["ending"]) or humanize(team["ending"]))))
    return rows


def _fans_and_players_rows(
    team: Mapping[str, Any], names: Mapping[int, str]
) -> list[tuple[str, str]]:
    """Dedicated Fans (or classic's Fan Factor), the MVP and BB2025's Hatred rolls."""
    rows = []
    before, after = team.get("dedicated_fans_before"), team.get("dedicated_fans_after")
    roll = team.get("dedicated_fans_roll")
    if before is not None and (before != after or roll is not None):
        label = "Fan Factor" if team.get("fan_factor_dice") else "Dedicated Fans"
        rolled = _dice(team.get("fan_factor_dice") or [roll], " + ")
        change = f"{before} → {after}"
        if rolled:
            change = _("%(change)s (rolled %(dice)s)") % {"change": change, "dice": rolled}
        rows.append((label, change))
    drawn = list(team.get("mvps") or ())  # BB2025: the opponent of a conceder draws two
    if len(drawn) > 1:
        rows.append(("MVPs", ", ".join(_player(names, pid) for pid in drawn)))
    elif team.get("mvp") is not None:
        reason = f" ({team['mvp_reason']})" if team.get("mvp_reason") else ""
        rows.append(("MVP", _player(names, team["mvp"]) + reason))
    for hatred in team.get("hatred") or ():  # BB2025: a casualty's Hatred roll
        values = {
            "player": _player(names, hatred["player_id"]),
            "roll": hatred["roll"],
            "skill": hatred.get("gained"),
        }
        if hatred.get("gained"):
            line = _("%(player)s: D6 %(roll)s, gains %(skill)s") % values
        else:
            line = _("%(player)s: D6 %(roll)s, no Hatred") % values
        rows.append(("Hatred", line))
    return rows


def _mistake_text(mistake: Mapping[str, Any]) -> str:
    text = mistake.get("outcome") or "—"
    if mistake.get("roll"):
        text += f" (D6 {mistake['roll']})"
    if mistake.get("gold_lost"):
        text += f": −{gp(mistake['gold_lost'])}"
    return text


def post_game_rows(team: Mapping[str, Any], names: Mapping[int, str]) -> list[tuple[str, str]]:
    """The figures of one team's post-game, only those its ruleset has."""
    rows = [(_("Touchdowns"), str(team.get("touchdowns", "—")))]
    if team.get("points") is not None:  # Blitz Bowl
        rows += _points_rows(team)
    has_money = bool(team.get("team_value") or team.get("winnings") or team.get("treasury"))
    if has_money:
        rows += _money_rows(team)
    rows += _fans_and_players_rows(team, names)
    raised = team.get("raised_lineman")
    if raised:  # BB2025 Masters of Undeath: the Lineman raised from a dead opponent
        values = {"victim": names.get(raised.get("victim_id")) or _("an opponent")}
        if team.get("so_far"):
            fate = _("from %(victim)s: the coach may keep him for free") % values
        elif team.get("kept_raised"):
            fate = _("from %(victim)s: kept for free") % values
        else:
            fate = _("from %(victim)s: not kept") % values
        rows.append((_("Raised Lineman"), fate))
    mistake = team.get("expensive_mistake")
    if mistake:
        rows.append((_("Expensive mistakes"), _mistake_text(mistake)))
    if has_money:
        rows.append((_("Treasury"), gp(team.get("treasury"))))
        tv, ctv = gp(team.get("team_value")), gp(team.get("current_team_value"))
        if team.get("gate") is not None:
            # The classic sheet's one team value, TV: the engine's current team value.
            rows.append(("TV", ctv))
        else:
            rows.append((_("Team value / CTV"), f"{tv} / {ctv}"))
    return rows


def post_game_team(team: Mapping[str, Any], names: Mapping[int, str]) -> PostGameTeam:
    """One team's post-game, every player named."""
    return PostGameTeam(
        result=str(RESULTS.get(str(team.get("result")), team.get("result") or "—")),
        rows=post_game_rows(team, names),
        spp=[
            SppLine(
                player=_player(names, row["player_id"]),
                breakdown=", ".join(f"{k} {v}" for k, v in (row.get("breakdown") or {}).items()),
                total=row.get("spp", 0),
            )
            for row in team.get("spp") or []
        ],
        dead=_named(team.get("dead"), names),
        quit=_named(team.get("quit"), names),
        miss_next_game=_named(team.get("miss_next_game"), names),
        niggling=_named(team.get("niggling_injuries"), names),
        lasting=[
            f"{names.get(pid, pid)} −{CHARACTERISTICS.get(c, c)}"
            for pid, c in team.get("characteristic_losses") or []
        ],
        recovered=_named(team.get("recovered"), names),
        hired=_named(team.get("hired_journeymen"), names),
        released=_named(team.get("released_journeymen"), names),
        retired=_named(team.get("retired"), names),
        not_done=[
            _("%(player)s: not done, %(why)s")
            % {"player": names.get(item["player"], item["player"]), "why": item["why"]}
            for item in team.get("not_done") or []
        ],
        advancements=[
            PlayerRef(pid, _player(names, pid)) for pid in team.get("advancement_eligible") or []
        ],
    )


def history_entries(
    reports: Iterable[Report], events: Iterable[Any], teams: Mapping[str, str]
) -> list[HistoryEntry]:
    """The report's versions, newest first, each with its events as lines."""
    by_report: dict[int | None, list[str]] = defaultdict(list)
    for event in sorted(events, key=lambda e: e.pk):
        by_report[event.report_id].append(event_text(event, teams))
    return [HistoryEntry(r, by_report[r.pk]) for r in reversed(list(reports))]
