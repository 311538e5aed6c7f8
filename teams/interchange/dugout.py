"""Reading a ``dugout-team`` file (docs/interchange.md) back into a ``TeamIn``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules_engine.wording import say
from teams.interchange.export import FORMAT, VERSION
from teams.interchange.shapes import (
    CHARACTERISTICS,
    InjuryIn,
    InterchangeError,
    PlayerIn,
    TeamIn,
    numbered,
    part,
    player_called,
    text,
    whole,
)
from teams.models import InjuryRecord, PlayerSkill, PlayerStatus


def _mapping(value: Any, what: str, problems: list[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        problems.append(_("%(what)s must be an object") % {"what": what})
        return {}
    return value


def _list(value: Any, what: str, problems: list[str]) -> list[Any]:
    if not isinstance(value, list):
        problems.append(_("%(what)s must be a list") % {"what": what})
        return []
    return value


def _choice(value: Any, choices: list[str], what: str, problems: list[str]) -> str:
    if value not in choices:
        listed = ", ".join(c or _("(none)") for c in choices)
        problems.append(
            _("%(what)s must be one of %(choices)s") % {"what": what, "choices": listed}
        )
        return choices[0]
    return str(value)


def _changes(value: Any, what: str, problems: list[str]) -> dict[str, int]:
    changes = {}
    for name, change in _mapping(value, what, problems).items():
        if name not in CHARACTERISTICS:
            problems.append(
                _("%(what)s: there is no characteristic %(name)s")
                % {"what": what, "name": repr(name)}
            )
        elif isinstance(change, bool) or not isinstance(change, int):
            problems.append(
                _("%(what)s: the change of %(name)s must be a whole number")
                % {"what": what, "name": name}
            )
        else:
            changes[name] = change
    return changes


def _injury(value: Any, what: str, problems: list[str]) -> InjuryIn:
    data = _mapping(value, what, problems)
    return InjuryIn(
        kind=_choice(data.get("kind"), InjuryRecord.Kind.values, part(what, "kind"), problems),
        characteristic=_choice(
            data.get("characteristic", ""),
            InjuryRecord.Characteristic.values,
            part(what, "characteristic"),
            problems,
        ),
        note=text(data.get("note"), part(what, "note"), problems, required=False)[:200],
        source=text(data.get("source"), part(what, "source"), problems, required=False)[:200],
    )


def _skills(value: Any, what: str, problems: list[str]) -> list[tuple[str, str]]:
    skills = []
    for index, item in enumerate(_list(value, what, problems), start=1):
        one = numbered(what, index)
        data = _mapping(item, one, problems)
        skill = text(data.get("skill"), one, problems)
        source = _choice(data.get("source", "other"), PlayerSkill.Source.values, one, problems)
        skills.append((skill, source))
    return skills


def _player(value: Any, index: int, problems: list[str]) -> PlayerIn:
    what = player_called(index)
    data = _mapping(value, what, problems)
    flag = data.get
    return PlayerIn(
        number=whole(flag("number"), part(what, "number"), problems, least=1),
        name=text(flag("name"), part(what, "name"), problems),
        position=text(flag("position"), part(what, "position"), problems),
        skills=_skills(flag("skills", []), part(what, "skill"), problems),
        changes=_changes(flag("characteristic_changes", {}), part(what, "changes"), problems),
        injuries=[
            _injury(item, part(what, "injury"), problems)
            for item in _list(flag("injuries", []), part(what, "injuries"), problems)
        ],
        spp_earned=whole(flag("spp_earned", 0), part(what, "spp_earned"), problems),
        spp_spent=whole(flag("spp_spent", 0), part(what, "spp_spent"), problems),
        advancements=whole(flag("advancements", 0), part(what, "advancements"), problems),
        value_increases=whole(flag("value_increases", 0), part(what, "value_increases"), problems),
        niggling_injuries=whole(flag("niggling_injuries", 0), part(what, "niggles"), problems),
        miss_next_game=flag("miss_next_game") is True,
        temporarily_retired=flag("temporarily_retired") is True,
        journeyman=flag("journeyman") is True,
        status=_choice(
            flag("status", "active"), PlayerStatus.values, part(what, "status"), problems
        ),
    )


def read_dugout(data: Any) -> TeamIn:
    """The team of a parsed ``dugout-team`` file; every problem at once in one error."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise InterchangeError(
            _('This is not a Dugout team file ("format": "%(format)s")') % {"format": FORMAT}
        )
    if data.get("version") != VERSION:
        raise InterchangeError(
            _("This Dugout team file is version %(version)s; this site reads version %(ours)s")
            % {"version": repr(data.get("version")), "ours": VERSION}
        )
    problems: list[str] = []
    team = _mapping(data.get("team"), _("The team"), problems)
    staff = _mapping(data.get("staff", {}), _("The staff"), problems)
    players = _list(data.get("players", []), _("The players"), problems)
    result = TeamIn(
        name=text(team.get("name"), _("The team's name"), problems),
        roster=text(team.get("roster"), _("The team's roster"), problems),
        ruleset=text(team.get("ruleset"), _("The team's ruleset"), problems),
        source=say("a Dugout export of {team}", team=team.get("name")),
        special_rule_choice=text(
            team.get("special_rule_choice"), _("The team's special rule"), problems, required=False
        ),
        rerolls=whole(team.get("rerolls", 0), _("Team re-rolls"), problems),
        dedicated_fans=whole(team.get("dedicated_fans", 1), _("Dedicated fans"), problems, least=1),
        treasury=whole(team.get("treasury", 0), _("The treasury"), problems),
        assistant_coaches=whole(
            staff.get("assistant_coaches", 0), _("Assistant coaches"), problems
        ),
        cheerleaders=whole(staff.get("cheerleaders", 0), _("Cheerleaders"), problems),
        apothecary=staff.get("apothecary") is True,
        players=[_player(p, i, problems) for i, p in enumerate(players, start=1)],
        # The other site's ledger history, for the import's audit row (a list, or none).
        kept={"ledger": ledger if isinstance(ledger := data.get("ledger"), list) else []},
    )
    if problems:
        raise InterchangeError(problems)
    return result
