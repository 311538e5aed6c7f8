"""Reading a FUMBBL team as XML: the same team as its JSON (``fumbbl.py``), written as
elements. The XML is turned into the JSON's shape and read by ``read_fumbbl``, so the
two agree on every name, number and refusal.

The shape read (written from FUMBBL's published team shape; names match without
regard to case, and a value may be an element or an attribute)::

    <team id="1040321">
      <name>Altdorf Marauders</name>
      <coach id="4711">grimgor</coach>
      <roster id="4001"><name>Human</name></roster>   (or <roster>Human</roster>, or <race>)
      <treasury>65000</treasury>
      <rerolls>3</rerolls>
      <fanFactor>3</fanFactor>                         (or <dedicatedFans>)
      <assistantCoaches>1</assistantCoaches>
      <cheerleaders>2</cheerleaders>
      <apothecary>Yes</apothecary>                     (Yes/No, true/false, 1/0)
      <players>
        <player id="900001" number="1">
          <name>Karl Brandt</name>
          <position id="40010">Blitzer</position>      (or <position><name>...)
          <skills><skill>Mighty Blow (+1)</skill></skills>   (or "A, B" as text)
          <injuries>n, -av</injuries>                  (or one <injury> each)
          <record><spp>14</spp><extra_spp>0</extra_spp><spent_spp>6</spent_spp></record>
        </player>
      </players>
    </team>

A ``<teams>`` wrapper holding exactly one ``<team>`` is read too. The XML is parsed by
defusedxml: no entities, no DTDs.
"""

from __future__ import annotations

from typing import Any
from xml.etree.ElementTree import Element

from django.utils.translation import gettext as _

from teams.interchange.fumbbl import read_fumbbl
from teams.interchange.naflm import parse_xml
from teams.interchange.shapes import MAX_PER_PLAYER, MAX_PLAYERS, InterchangeError, TeamIn


def _local(tag: Any) -> str:
    """An element's name without its namespace, folded for matching."""
    return str(tag).rsplit("}", 1)[-1].casefold()


def _child(element: Element, *names: str) -> Element | None:
    wanted = {name.casefold() for name in names}
    return next((child for child in element if _local(child.tag) in wanted), None)


def _value(element: Element, *names: str) -> str | None:
    """The first of ``names`` as an attribute or a child element's text."""
    for name in names:
        for key, value in element.attrib.items():
            if _local(key) == name.casefold():
                return value.strip()
    found = _child(element, *names)
    if found is None:
        return None
    return (found.text or "").strip()


def _named(element: Element, *names: str) -> str | None:
    """A value that may be an element's text or its ``<name>`` (FUMBBL's roster and
    position)."""
    found = _child(element, *names)
    if found is None:
        return _value(element, *names)
    inner = _value(found, "name")
    return inner if inner is not None else (found.text or "").strip()


def _texts(element: Element, wrapper: str, item: str, most: int) -> list[str] | str:
    """A list of one ``item`` element each, or the wrapper's text as FUMBBL's JSON
    writes it (comma-separated)."""
    found = _child(element, wrapper)
    if found is None:
        return []
    items = [child for child in found if _local(child.tag) == item]
    if len(items) > most:
        raise InterchangeError(
            _("A player lists at most %(most)s %(what)s") % {"most": most, "what": wrapper}
        )
    if items:
        return [(child.text or "").strip() for child in items]
    return (found.text or "").strip()


def _player(element: Element) -> dict[str, Any]:
    record = _child(element, "record")
    holder = record if record is not None else element
    skills = _texts(element, "skills", "skill", MAX_PER_PLAYER)
    injuries = _texts(element, "injuries", "injury", MAX_PER_PLAYER)
    return {
        "number": _value(element, "number", "nr"),
        "name": _value(element, "name"),
        "position": _named(element, "position", "positionName"),
        "skills": [s.strip() for s in skills.split(",") if s.strip()]
        if isinstance(skills, str)
        else skills,
        "injuries": ", ".join(injuries) if isinstance(injuries, list) else injuries,
        "record": {
            "spp": _value(holder, "spp") or 0,
            "extra_spp": _value(holder, "extra_spp", "extraSpp") or 0,
            "spent_spp": _value(holder, "spent_spp", "spentSpp") or 0,
        },
    }


def fumbbl_xml_data(content: str | bytes) -> dict[str, Any]:
    """The FUMBBL team XML in the shape of FUMBBL's team JSON."""
    root = parse_xml(content)
    teams = [root] if _local(root.tag) == "team" else [c for c in root if _local(c.tag) == "team"]
    if len(teams) != 1:
        raise InterchangeError(_("A FUMBBL team XML file holds exactly one <team>"))
    team = teams[0]
    players = _child(team, "players")
    elements = [p for p in (players if players is not None else []) if _local(p.tag) == "player"]
    if players is None:
        raise InterchangeError(_("This is not a FUMBBL team (no <players>)"))
    if len(elements) > MAX_PLAYERS:
        raise InterchangeError(
            _("A team file lists at most %(most)s players") % {"most": MAX_PLAYERS}
        )
    data: dict[str, Any] = {
        "id": _value(team, "id") or "",
        "name": _value(team, "name"),
        "roster": {"name": _named(team, "roster", "race")},
        "rerolls": _value(team, "rerolls", "reRolls") or 0,
        "assistantCoaches": _value(team, "assistantCoaches") or 0,
        "cheerleaders": _value(team, "cheerleaders") or 0,
        "apothecary": _value(team, "apothecary", "apothecaries") or "",
        "treasury": _value(team, "treasury") or 0,
        "players": [_player(p) for p in elements],
    }
    fans = _value(team, "dedicatedFans", "fanFactor")
    if fans is not None:
        data["fanFactor"] = fans
    if str(data["apothecary"]).strip() in {"1", "2"}:  # a count of apothecaries
        data["apothecary"] = "yes"
    return data


def read_fumbbl_xml(content: str | bytes) -> TeamIn:
    """The team of a FUMBBL team XML file; every problem at once in one error."""
    return read_fumbbl(fumbbl_xml_data(content))


def looks_like_xml(content: str | bytes) -> bool:
    """Whether a file is XML rather than JSON: its first character, past a byte-order
    mark and white space, opens a tag."""
    head = content[:200]
    text = head.decode("utf-8", "ignore") if isinstance(head, bytes) else head
    return text.lstrip("\ufeff \t\r\n").startswith("<")
