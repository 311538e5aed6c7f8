"""The NAF report as XML: ``<nafReport xmlns="http://www.bloodbowl.net">`` written with
lxml and checked against ``naf_report.xsd`` (our schema of the report's published
shape) before it leaves the server: a file that does not match is a bug here, never
something to hand the NAF."""

from __future__ import annotations

import re
from functools import cache

from lxml import etree

from insight.naf import HERE, NafGame, NafReport, NafSide

NAMESPACE = "http://www.bloodbowl.net"
CONTENT_TYPE = "application/xml; charset=utf-8"


class NafReportInvalid(RuntimeError):
    """The report written does not match its schema (a bug: never shown to a user)."""


@cache
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(HERE / "naf_report.xsd")))


# What XML 1.0 cannot hold (control characters other than tab and line ends, lone
# surrogates, U+FFFE and U+FFFF): lxml refuses them, so text is cleaned of them first.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(value: object) -> str:
    """``value`` as text an XML document can hold (what it cannot is left out)."""
    return _NOT_XML.sub("", str(value))


def _add(parent: etree._Element, tag: str, value: object) -> None:
    etree.SubElement(parent, f"{{{NAMESPACE}}}{tag}").text = xml_text(value)


def _player_record(game: etree._Element, side: NafSide) -> None:
    record = etree.SubElement(game, f"{{{NAMESPACE}}}playerRecord")
    _add(record, "name", side.name)
    _add(record, "number", side.number)
    _add(record, "team", side.race)
    _add(record, "teamRating", side.team_rating)
    _add(record, "touchDowns", side.touchdowns)
    _add(record, "badlyHurt", side.badly_hurt)
    if side.winnings is not None:
        _add(record, "winnings", side.winnings)


def _game(root: etree._Element, game: NafGame) -> None:
    element = etree.SubElement(root, f"{{{NAMESPACE}}}game")
    _add(element, "timeStamp", game.time_stamp)
    _player_record(element, game.home)
    _player_record(element, game.away)
    if game.gate is not None:
        _add(element, "gate", game.gate)


def _note(report: NafReport) -> str:
    missing = report.without_number
    if not missing:
        return " Written by Dugout. "
    return (
        " Written by Dugout. Number 0: no NAF number on the coach's Dugout profile ("
        + re.sub("-(?=-)", "- ", xml_text(", ".join(missing)))  # no "--" in a comment
        + "). "
    )


def report_xml(report: NafReport) -> bytes:
    """The report as a UTF-8 XML document, checked against the schema."""
    root = etree.Element(f"{{{NAMESPACE}}}nafReport", nsmap={None: NAMESPACE})
    root.append(etree.Comment(_note(report)))
    _add(root, "organiser", report.organiser)
    coaches = etree.SubElement(root, f"{{{NAMESPACE}}}coaches")
    for coach in report.coaches:
        element = etree.SubElement(coaches, f"{{{NAMESPACE}}}coach")
        _add(element, "name", coach.name)
        _add(element, "number", coach.number)
        _add(element, "team", coach.race)
    for game in report.games:
        _game(root, game)
    if not schema().validate(root):
        raise NafReportInvalid(str(schema().error_log))
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", pretty_print=True)
