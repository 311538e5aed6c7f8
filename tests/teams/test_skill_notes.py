"""Skill names open their rules summary on tap, and the printable sheet
and the PDF mark gained skills and injuries as the HTML sheet does."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse

from rules_engine import get_ruleset
from teams.models import InjuryRecord, Player
from teams.pdf import team_sheet_pdf
from teams.selectors import team_sheet
from teams.services import draft_team
from teams.skill_notes import TEXTS, skill_summary
from tests.factories import InjuryRecordFactory, PlayerSkillFactory, UserFactory

RULES = Path("/work/shared/rules")
CLASSIC = json.loads((TEXTS / "classic.json").read_text(encoding="utf-8"))


def test_every_classic_summary_is_the_reference_sheets_own_text():
    sheet = (RULES / "classic-reference-tables.md").read_text(encoding="utf-8")
    skills = sheet.split("## SKILLS", 1)[1]
    for name, text in CLASSIC["summaries"].items():
        assert re.search(rf"^\*\*{re.escape(name)}\*\* \(\w+\): {re.escape(text)}$", skills, re.M)
    listed = re.findall(r"^\*\*(.+?)\*\* \(\w+\):", skills, re.M)
    assert sorted(listed) == sorted(CLASSIC["summaries"])
    # Each alias is the catalogue's spelling of a skill the sheet lists under another.
    catalogue = get_ruleset("classic").skills
    for name, listed_as in CLASSIC["aliases"].items():
        assert catalogue.find(name) is not None and listed_as in CLASSIC["summaries"]


def test_a_summary_says_what_the_skill_data_and_the_rule_text_say():
    assert skill_summary("classic", "Block") == (
        "General skill. When the block result is Both Down, player is not Knocked Down."
    )
    assert skill_summary("classic", "Claws").endswith(
        "any Armour roll of 8+ after modifications breaks Armour."
    )
    # Rulesets without a text file say what their skill data says.
    assert skill_summary("bb2020", "Block") == "General skill."
    assert skill_summary("bb2025", "Block") == "General skill; elite."
    assert "compulsory" in skill_summary("bb2020", "Loner (4+)")
    assert skill_summary("bb2020", "No Such Skill") == ""


def gained_and_injured(coach, ruleset_key: str = "bb2020") -> Player:
    team = draft_team(
        coach,
        name=f"Marked {ruleset_key}",
        ruleset_key=ruleset_key,
        roster_slug="human",
        players={"human-lineman": 7, "human-blitzer": 4},
    )
    blitzer = team.players.get(position_slug="human-blitzer", number=8)
    PlayerSkillFactory(player=blitzer, skill="Dodge")
    InjuryRecordFactory(player=blitzer, kind=InjuryRecord.Kind.NIGGLING)
    InjuryRecordFactory(player=blitzer, kind=InjuryRecord.Kind.LASTING, characteristic="ma")
    Player.objects.filter(pk=blitzer.pk).update(niggling_injuries=1, ma=6)
    return blitzer


@pytest.mark.django_db
def test_the_sheet_the_print_and_the_player_page_open_a_skills_summary_on_tap(client):
    blitzer = gained_and_injured(UserFactory(), "classic")
    block = "When the block result is Both Down, player is not Knocked Down."
    for url in (
        reverse("team-detail", args=[blitzer.team_id]),
        reverse("team-print", args=[blitzer.team_id]),
        reverse("player-detail", args=[blitzer.pk]),
    ):
        html = client.get(url).content.decode()
        assert re.search(
            rf"<summary>Block</summary><small>General skill\. {block}</small>", html
        ), url
        assert "<summary><strong>Dodge</strong></summary>" in html, url


@pytest.mark.django_db
def test_the_pdf_and_the_printable_sheet_mark_gains_and_injuries_as_the_page_does(client):
    blitzer = gained_and_injured(UserFactory())
    for url in (
        reverse("team-detail", args=[blitzer.team_id]),
        reverse("team-print", args=[blitzer.team_id]),
    ):
        html = client.get(url).content.decode()
        row = html.split(blitzer.name, 1)[1].split("</tr>", 1)[0]
        assert "<strong>Dodge</strong>" in row
        assert "1 niggling" in row and '<span class="badge">\u2212MA</span>' in row
    pdf = team_sheet_pdf(team_sheet(blitzer.team_id), compress=False)
    assert b"(Block, ) Tj /F2 8 Tf (Dodge) Tj" in pdf
    assert b"(1 niggling, -MA)" in pdf
