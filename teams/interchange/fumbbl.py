"""Reading a FUMBBL team as its API publishes it (``GET /api/team/get/{id}``, JSON).

What is read: ``name``, ``roster.name``, ``rerolls``, ``assistantCoaches``,
``cheerleaders``, ``apothecary`` ("Yes"/"No"), ``fanFactor`` (or ``dedicatedFans``),
``treasury`` (gold pieces) and each of ``players``: ``number``, ``name``,
``position`` (its name), ``skills`` (the skills it gained; "+MA" ... "+AV" are
characteristic improvements), ``injuries`` (FUMBBL's letters, comma-separated:
"n" a niggling injury, "m" miss next game, "-ma" ... "-av" a lasting injury) and
``record.spp`` / ``record.extra_spp`` (earned) and ``record.spent_spp``. FUMBBL's
``players`` are the team's current roster (fired players are apart, in
``firedPlayers``), so every player comes in active.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules_engine.wording import say
from teams.interchange.shapes import (
    InjuryIn,
    InterchangeError,
    PlayerIn,
    TeamIn,
    part,
    player_called,
    text,
    whole,
)
from teams.models import InjuryRecord, PlayerSkill

# "+MA" in a FUMBBL skill list: a characteristic improvement, and its change to the
# profile (AG and PA are target numbers: better is lower).
IMPROVEMENTS = {"+ma": ("ma", 1), "+st": ("st", 1), "+ag": ("ag", -1), "+pa": ("pa", -1),
                "+av": ("av", 1)}  # fmt: skip
# A lasting injury's change to the profile (BB2020 facts, Lasting Injury table).
LASTING = {"-ma": ("ma", -1), "-st": ("st", -1), "-ag": ("ag", 1), "-pa": ("pa", 1),
           "-av": ("av", -1)}  # fmt: skip


def _injuries(value: Any, player: PlayerIn, what: str, problems: list[str]) -> None:
    """FUMBBL's injury letters onto ``player``: records, niggles, changes."""
    if value in (None, ""):
        return
    if not isinstance(value, str):
        problems.append(_('%(what)s\'s injuries must be text like "n, -ma"') % {"what": what})
        return
    for token in filter(None, re.split(r"[\s,]+", value.strip().lower())):
        if token == "n":
            player.niggling_injuries += 1
            player.injuries.append(InjuryIn(InjuryRecord.Kind.NIGGLING, source="FUMBBL"))
        elif token == "m":
            player.miss_next_game = True
            player.injuries.append(InjuryIn(InjuryRecord.Kind.MISS_NEXT_GAME, source="FUMBBL"))
        elif token in LASTING:
            name, change = LASTING[token]
            player.changes[name] = player.changes.get(name, 0) + change
            player.injuries.append(InjuryIn(InjuryRecord.Kind.LASTING, name, source="FUMBBL"))
        else:
            problems.append(
                _("%(what)s has an injury FUMBBL does not write: %(token)s")
                % {"what": what, "token": repr(token)}
            )


def _skills(value: Any, player: PlayerIn, what: str, problems: list[str]) -> None:
    if not isinstance(value, list):
        problems.append(_("%(what)s's skills must be a list") % {"what": what})
        return
    for skill in value:
        if skill is None:
            continue
        if not isinstance(skill, str) or not skill.strip():
            problems.append(
                _("%(what)s has a skill that is not a name: %(skill)s")
                % {"what": what, "skill": repr(skill)}
            )
        elif skill.strip().lower() in IMPROVEMENTS:
            name, change = IMPROVEMENTS[skill.strip().lower()]
            player.changes[name] = player.changes.get(name, 0) + change
            player.improvements.append(name)
            player.advancements += 1
        else:
            player.skills.append((skill.strip(), PlayerSkill.Source.OTHER))
            player.advancements += 1


def _player(data: Any, index: int, problems: list[str]) -> PlayerIn:
    what = player_called(index)
    if not isinstance(data, Mapping):
        problems.append(_("%(what)s must be an object") % {"what": what})
        return PlayerIn(number=index, name="", position="")
    found = data.get("record")
    record: Mapping[str, Any] = found if isinstance(found, Mapping) else {}
    player = PlayerIn(
        number=whole(data.get("number"), part(what, "number"), problems, least=1),
        name=text(data.get("name"), part(what, "name"), problems),
        position=text(data.get("position"), part(what, "position"), problems),
        spp_earned=whole(record.get("spp", 0), part(what, "spp"), problems)
        + whole(record.get("extra_spp", 0), part(what, "extra_spp"), problems),
        spp_spent=whole(record.get("spent_spp", 0), part(what, "spent_spp"), problems),
    )
    what = player_called(index, player.name)
    _skills(data.get("skills", []), player, what, problems)
    _injuries(data.get("injuries"), player, what, problems)
    return player


def read_fumbbl(data: Any) -> TeamIn:
    """The team of a parsed FUMBBL team; every problem at once in one error."""
    if not isinstance(data, Mapping) or not isinstance(data.get("players"), list):
        raise InterchangeError(_("This is not a FUMBBL team (no list of players)"))
    problems: list[str] = []
    roster = data.get("roster")
    fans = data.get("dedicatedFans", data.get("fanFactor", 1))
    team = TeamIn(
        name=text(data.get("name"), _("The team's name"), problems),
        roster=text(
            roster.get("name") if isinstance(roster, Mapping) else roster, _("The roster"), problems
        ),  # fmt: skip
        source=say("FUMBBL team {id}", id=data["id"]) if data.get("id") else say("a FUMBBL team"),
        rerolls=whole(data.get("rerolls", 0), _("Team re-rolls"), problems),
        assistant_coaches=whole(data.get("assistantCoaches", 0), _("Assistant coaches"), problems),
        cheerleaders=whole(data.get("cheerleaders", 0), _("Cheerleaders"), problems),
        apothecary=str(data.get("apothecary", "")).strip().lower() in {"yes", "true", "1"},
        dedicated_fans=max(whole(fans, _("Fan factor"), problems), 1),
        treasury=whole(data.get("treasury", 0), _("The treasury"), problems),
        price_advancements=True,
        players=[_player(p, i, problems) for i, p in enumerate(data["players"], start=1)],
    )
    if problems:
        raise InterchangeError(problems)
    return team
