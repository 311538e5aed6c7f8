"""What the NAF report's XML writer does with text XML cannot hold: a refusal whose
message quotes control characters is still an <error> document (the live fuzz found a
500 there), and coaches' names never break the report's comment."""

from __future__ import annotations

from lxml import etree

from insight.naf import NafCoach, NafReport
from insight.naf_xml import report_xml, xml_text
from insight.views_naf import XmlRenderer


def test_text_xml_cannot_hold_is_left_out():
    assert xml_text("Old\x00 World\x1b Cup\ufffe") == "Old World Cup"
    assert xml_text("tab\tline\nend\r ü 🏈") == "tab\tline\nend\r ü 🏈"


def test_a_refusal_quoting_control_characters_is_an_error_document():
    body = XmlRenderer().render({"detail": "No league \x01\x02 here"})
    assert etree.fromstring(body).text == "No league  here"


def test_coaches_named_with_dashes_keep_the_comment_well_formed():
    report = NafReport(
        organiser="commissioner",
        coaches=(NafCoach("a---b", 0, "Human"), NafCoach("c-", 0, "Orc")),
        games=(),
    )
    root = etree.fromstring(report_xml(report))
    comment = next(node for node in root.iter() if isinstance(node, etree._Comment))
    assert "--" not in comment.text and "a- - -b" in comment.text
