"""Reading the NAFLM/OBBLM team import XML (``admin/admin_import.php`` and its
``xml/import.xsd``): ``<teams><team>`` with ``name``, ``race_id``, ``treasury`` (in
thousands of gold, as NAFLM keeps it), ``apothecary``, ``rr``, ``ff``,
``ass_coaches``, ``cheerleaders`` and ``<players><player>`` with ``name``, ``nr``,
``status`` ("none", "mng" or "dead"), the achievements ``cp``, ``td``, ``intcpt``,
``bh``, ``si``, ``ki``, ``mvp`` and the injuries ``ma``, ``st``, ``ag``, ``pa``,
``av``, ``ni`` (counts).

NAFLM names a position by its own number (``pos_id``), which means nothing outside
its database: a file for Dugout gives the position's name in ``<position>`` (and
may give ``<race>`` by name instead of ``race_id``, and ``<skills>`` the skills
gained, comma-separated). The XML is parsed by defusedxml: no entities, no DTDs.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from defusedxml import ElementTree
from defusedxml.common import DefusedXmlException
from django.utils.translation import gettext as _

from rules_engine.wording import say
from teams.interchange.shapes import (
    MAX_PER_PLAYER,
    InjuryIn,
    InterchangeError,
    PlayerIn,
    TeamIn,
    part,
    player_called,
    text,
    whole,
)
from teams.models import InjuryRecord, PlayerSkill, PlayerStatus

# NAFLM's race numbers (lib/game_data_bb2020.php, T_RACE_*) -> the race's name.
RACE_IDS: dict[int, str] = {
    0: "Amazon", 1: "Chaos Chosen", 2: "Chaos Dwarf", 3: "Dark Elf", 4: "Dwarf",
    5: "Elven Union", 6: "Goblin", 7: "Halfling", 8: "High Elf", 9: "Human",
    10: "Tomb Kings", 11: "Lizardmen", 12: "Orc", 13: "Necromantic Horror", 14: "Norse",
    15: "Nurgle", 16: "Ogre", 17: "Shambling Undead", 18: "Vampire", 19: "Skaven",
    20: "Wood Elf", 21: "Chaos Renegades", 22: "Slann", 23: "Underworld Denizens",
    24: "Old World Alliance", 25: "Snotling", 26: "Black Orc", 27: "Imperial Nobility",
    28: "Khorne", 33: "Chaos Dwarf", 34: "Gnome",
}  # fmt: skip
# Achievement element -> the achievement the SPP table names (a casualty is a casualty
# whether it was a badly hurt, a serious injury or a kill).
ACHIEVEMENTS = {"cp": "Completion", "td": "Touchdown", "intcpt": "Interception",
                "bh": "Casualty", "si": "Casualty", "ki": "Casualty", "mvp": "MVP"}  # fmt: skip
# Injury element -> (characteristic, change of the profile) of one lasting injury.
LASTING = {"ma": ("ma", -1), "st": ("st", -1), "ag": ("ag", 1), "pa": ("pa", 1),
           "av": ("av", -1)}  # fmt: skip
STATUSES = {"none": PlayerStatus.ACTIVE, "ready": PlayerStatus.ACTIVE, "mng": PlayerStatus.ACTIVE,
            "dead": PlayerStatus.DEAD, "sold": PlayerStatus.FIRED}  # fmt: skip


def _value(element: Element, tag: str) -> str | None:
    found = element.find(tag)
    return None if found is None or found.text is None else found.text.strip()


def _count(element: Element, tag: str, what: str, problems: list[str], most: int = 9_999) -> int:
    value = _value(element, tag)
    if value in (None, ""):
        return 0
    return whole(value, _("%(what)s's %(tag)s") % {"what": what, "tag": tag}, problems, most=most)


def _injuries(element: Element, player: PlayerIn, what: str, problems: list[str]) -> None:
    for tag, (name, change) in LASTING.items():
        for _injury in range(_count(element, tag, what, problems, most=MAX_PER_PLAYER)):
            player.changes[name] = player.changes.get(name, 0) + change
            player.injuries.append(InjuryIn(InjuryRecord.Kind.LASTING, name, source="NAFLM"))
    for _niggle in range(_count(element, "ni", what, problems, most=MAX_PER_PLAYER)):
        player.niggling_injuries += 1
        player.injuries.append(InjuryIn(InjuryRecord.Kind.NIGGLING, source="NAFLM"))


def _player(element: Element, index: int, problems: list[str]) -> PlayerIn:
    name = text(_value(element, "name"), part(player_called(index), "name"), problems)
    what = player_called(index, name)
    position = _value(element, "position")
    if not position:
        pos_id = _value(element, "pos_id")
        problems.append(
            _(
                "%(what)s names its position only by NAFLM's number (%(number)s): give its "
                "name in <position>"
            )
            % {"what": what, "number": pos_id}
            if pos_id
            else _("%(what)s has no <position>") % {"what": what}
        )
    status = (_value(element, "status") or "none").lower()
    if status not in STATUSES:
        problems.append(
            _("%(what)s's status must be none, mng or dead; got %(status)s")
            % {"what": what, "status": repr(status)}
        )
    player = PlayerIn(
        number=whole(_value(element, "nr") or index, part(what, "number"), problems, least=1),
        name=name,
        position=position or "",
        status=STATUSES.get(status, PlayerStatus.ACTIVE),
        miss_next_game=status == "mng",
    )
    for tag, achievement in ACHIEVEMENTS.items():
        count = _count(element, tag, what, problems)
        if count:
            player.achievements[achievement] = player.achievements.get(achievement, 0) + count
    if player.miss_next_game:
        player.injuries.append(InjuryIn(InjuryRecord.Kind.MISS_NEXT_GAME, source="NAFLM"))
    _injuries(element, player, what, problems)
    skills = _value(element, "skills") or ""
    player.skills = [(s.strip(), PlayerSkill.Source.OTHER) for s in skills.split(",") if s.strip()]
    player.advancements = len(player.skills)
    return player


def _race(team: Element, problems: list[str]) -> str:
    race = _value(team, "race")
    if race:
        return race
    race_id = _value(team, "race_id")
    if race_id is None or not race_id.isdigit() or int(race_id) not in RACE_IDS:
        problems.append(
            _("The team's race_id %(race)s is not a NAFLM race this site knows")
            % {"race": repr(race_id)}
        )
        return ""
    return RACE_IDS[int(race_id)]


def parse_xml(content: str | bytes) -> Element:
    """The file's root element, parsed safely; an InterchangeError if it is not XML."""
    try:
        return ElementTree.fromstring(content)
    except DefusedXmlException:
        raise InterchangeError(_("The XML file declares entities or a DTD; remove them")) from None
    except ElementTree.ParseError as error:
        raise InterchangeError(
            _("The file is not well-formed XML (%(error)s)") % {"error": error}
        ) from None


def read_naflm(content: str | bytes) -> TeamIn:
    """The team of a NAFLM/OBBLM import XML; every problem at once in one error."""
    root = parse_xml(content)
    teams = [root] if root.tag == "team" else root.findall("team")
    if len(teams) != 1:
        raise InterchangeError(_("A NAFLM import file for Dugout holds exactly one <team>"))
    team = teams[0]
    problems: list[str] = []
    players: Any = team.find("players")
    elements = (players if players is not None else team).findall("player")
    thousands = _value(team, "treasury")
    result = TeamIn(
        name=text(_value(team, "name"), _("The team's name"), problems),
        roster=_race(team, problems),
        source=say("a NAFLM team import"),
        treasury=1000 * (0 if not thousands else whole(thousands, _("The treasury"), problems)),
        price_advancements=True,
        apothecary=(_value(team, "apothecary") or "").lower() in {"1", "true", "yes"},
        rerolls=_count(team, "rr", _("The team"), problems),
        dedicated_fans=max(_count(team, "ff", _("The team"), problems), 1),
        assistant_coaches=_count(team, "ass_coaches", _("The team"), problems),
        cheerleaders=_count(team, "cheerleaders", _("The team"), problems),
        players=[_player(p, i, problems) for i, p in enumerate(elements, start=1)],
    )
    if problems:
        raise InterchangeError(problems)
    return result
