"""Reading a ``dugout-team`` file (docs/interchange.md) back into a ``TeamIn``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.wording import say
from teams.interchange.export import FORMAT, VERSION
from teams.interchange.shapes import (
    CHARACTERISTICS,
    InjuryIn,
    InterchangeError,
    PlayerIn,
    TeamIn,
    text,
    whole,
)
from teams.models import InjuryRecord, PlayerSkill, PlayerStatus


def _mapping(value: Any, what: str, problems: list[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        problems.append(f"{what} must be an object")
        return {}
    return value


def _list(value: Any, what: str, problems: list[str]) -> list[Any]:
    if not isinstance(value, list):
        problems.append(f"{what} must be a list")
        return []
    return value


def _choice(value: Any, choices: list[str], what: str, problems: list[str]) -> str:
    if value not in choices:
        problems.append(f"{what} must be one of {', '.join(c or '(none)' for c in choices)}")
        return choices[0]
    return str(value)


def _changes(value: Any, what: str, problems: list[str]) -> dict[str, int]:
    changes = {}
    for name, change in _mapping(value, what, problems).items():
        if name not in CHARACTERISTICS:
            problems.append(f"{what}: there is no characteristic {name!r}")
        elif isinstance(change, bool) or not isinstance(change, int):
            problems.append(f"{what}: the change of {name} must be a whole number")
        else:
            changes[name] = change
    return changes


def _injury(value: Any, what: str, problems: list[str]) -> InjuryIn:
    data = _mapping(value, what, problems)
    return InjuryIn(
        kind=_choice(data.get("kind"), InjuryRecord.Kind.values, f"{what}'s kind", problems),
        characteristic=_choice(
            data.get("characteristic", ""),
            InjuryRecord.Characteristic.values,
            f"{what}'s characteristic",
            problems,
        ),
        note=text(data.get("note"), f"{what}'s note", problems, required=False)[:200],
        source=text(data.get("source"), f"{what}'s source", problems, required=False)[:200],
    )


def _skills(value: Any, what: str, problems: list[str]) -> list[tuple[str, str]]:
    skills = []
    for index, item in enumerate(_list(value, what, problems), start=1):
        data = _mapping(item, f"{what} {index}", problems)
        skill = text(data.get("skill"), f"{what} {index}", problems)
        source = _choice(
            data.get("source", "other"), PlayerSkill.Source.values, f"{what} {index}", problems
        )
        skills.append((skill, source))
    return skills


def _player(value: Any, index: int, problems: list[str]) -> PlayerIn:
    data = _mapping(value, f"Player {index}", problems)
    what = f"Player {index}"
    flag = data.get
    return PlayerIn(
        number=whole(flag("number"), f"{what}'s number", problems, least=1),
        name=text(flag("name"), f"{what}'s name", problems),
        position=text(flag("position"), f"{what}'s position", problems),
        skills=_skills(flag("skills", []), f"{what}'s skill", problems),
        changes=_changes(flag("characteristic_changes", {}), f"{what}'s changes", problems),
        injuries=[
            _injury(item, f"{what}'s injury", problems)
            for item in _list(flag("injuries", []), f"{what}'s injuries", problems)
        ],
        spp_earned=whole(flag("spp_earned", 0), f"{what}'s SPP earned", problems),
        spp_spent=whole(flag("spp_spent", 0), f"{what}'s SPP spent", problems),
        advancements=whole(flag("advancements", 0), f"{what}'s advancements", problems),
        value_increases=whole(flag("value_increases", 0), f"{what}'s value increases", problems),
        niggling_injuries=whole(flag("niggling_injuries", 0), f"{what}'s niggles", problems),
        miss_next_game=flag("miss_next_game") is True,
        temporarily_retired=flag("temporarily_retired") is True,
        journeyman=flag("journeyman") is True,
        status=_choice(flag("status", "active"), PlayerStatus.values, f"{what}'s status", problems),
    )


def read_dugout(data: Any) -> TeamIn:
    """The team of a parsed ``dugout-team`` file; every problem at once in one error."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise InterchangeError(f'This is not a Dugout team file ("format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise InterchangeError(
            f"This Dugout team file is version {data.get('version')!r}; this site reads "
            f"version {VERSION}"
        )
    problems: list[str] = []
    team = _mapping(data.get("team"), "team", problems)
    staff = _mapping(data.get("staff", {}), "staff", problems)
    players = _list(data.get("players", []), "players", problems)
    result = TeamIn(
        name=text(team.get("name"), "The team's name", problems),
        roster=text(team.get("roster"), "The team's roster", problems),
        ruleset=text(team.get("ruleset"), "The team's ruleset", problems),
        source=say("a Dugout export of {team}", team=team.get("name")),
        special_rule_choice=text(
            team.get("special_rule_choice"), "special rule", problems, required=False
        ),
        rerolls=whole(team.get("rerolls", 0), "Team re-rolls", problems),
        dedicated_fans=whole(team.get("dedicated_fans", 1), "Dedicated fans", problems, least=1),
        treasury=whole(team.get("treasury", 0), "The treasury", problems),
        assistant_coaches=whole(staff.get("assistant_coaches", 0), "Assistant coaches", problems),
        cheerleaders=whole(staff.get("cheerleaders", 0), "Cheerleaders", problems),
        apothecary=staff.get("apothecary") is True,
        players=[_player(p, i, problems) for i, p in enumerate(players, start=1)],
        # The other site's ledger history, for the import's audit row (a list, or none).
        kept={"ledger": ledger if isinstance(ledger := data.get("ledger"), list) else []},
    )
    if problems:
        raise InterchangeError(problems)
    return result
