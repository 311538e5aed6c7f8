"""The team sheet as a PDF download."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models import InjuryRecord, Player
from teams.pdf import pdf_value_lines, team_sheet_pdf
from teams.selectors import team_sheet
from tests.factories import InjuryRecordFactory, PlayerSkillFactory, drafted_team
from tests.leagues.factories import LeagueFactory


@pytest.fixture
def team():
    team = drafted_team(
        name="Reikland Reavers",
        roster_slug="human",
        players={"human-blitzer": 2, "human-lineman": 9},
        rerolls=3,
    )
    blitzer = team.players.get(number=1)
    PlayerSkillFactory(player=blitzer, skill="Mighty Blow (+1)")
    InjuryRecordFactory(player=blitzer, kind=InjuryRecord.Kind.NIGGLING)
    Player.objects.filter(pk=blitzer.pk).update(niggling_injuries=1, miss_next_game=True)
    return team


@pytest.mark.django_db
def test_pdf_download(client, team):
    response = client.get(reverse("team-pdf", args=[team.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == 'attachment; filename="reikland-reavers-sheet.pdf"'
    assert response.content.startswith(b"%PDF")
    # The page streams are compressed; the document's title is not.
    assert b"(Reikland Reavers)" in response.content


@pytest.mark.django_db
def test_pdf_pages_carry_the_sheet(team):
    pdf = team_sheet_pdf(team_sheet(team.pk), compress=False)
    assert pdf.startswith(b"%PDF")
    for text in (
        b"(Reikland Reavers)",
        b"Blitzer",
        # The position's Block, the gained Mighty Blow in bold (/F2, Helvetica-Bold),
        # as the HTML sheet shows them.
        b"/F1 8 Tf 0 0 0 rg (Block, ) Tj /F2 8 Tf (Mighty Blow \\(+1\\)) Tj",
        b"/BaseFont /Helvetica-Bold",
        b"1 niggling, MNG",
        b"Current team value \\(CTV\\)",
        b"3+",
    ):
        assert text in pdf, text
    # Uncompressed output is the same for the same team.
    assert team_sheet_pdf(team_sheet(team.pk), compress=False) == pdf


@pytest.mark.django_db
def test_pdf_of_unknown_team_is_404(client):
    assert client.get(reverse("team-pdf", args=[999])).status_code == 404


def _amount(shown: str) -> int:
    """A sheet's printed gold back to gold pieces: "150k" -> 150000, "-50k" -> -50000."""
    text = shown.replace("\u2212", "-").replace("+", "").replace(",", "")
    if text.endswith("k"):
        return int(text[:-1]) * 1000
    return int(text.removesuffix(" gp"))


def _pdf_text(pdf: bytes) -> bytes:
    """The page streams with their brackets unescaped."""
    return pdf.replace(b"\\(", b"(").replace(b"\\)", b")")


def _pdf_string(text: str) -> bytes:
    """Text as an uncompressed page stream holds it: in brackets, a character past
    ASCII (the "×") as its octal escape, the minus sign as "-"."""
    text = text.replace("\u2212", "-")
    return b"(" + b"".join(c.encode() if ord(c) < 128 else b"\\%03o" % ord(c) for c in text) + b")"


@pytest.mark.django_db
def test_the_pdf_value_breakdown_lists_every_line_of_the_sheet_and_adds_up(client, team):
    """A team holding the League Trophy, with a player missing the next game: the PDF
    lists each line of the sheet's breakdown, the trophy's among them, and the lines add
    up to TV, then to CTV."""
    LeagueFactory(ruleset="bb2020", trophy_holder=team)
    sheet = team_sheet(team.pk)
    lines = pdf_value_lines(sheet)
    labels = [line.label for line in lines]
    assert "League Trophy (a free re-roll while held)" in labels
    tv_at = labels.index("Team value (TV)")
    parts = [_amount(line.shown) for line in lines[:tv_at]]
    tv = _amount(lines[tv_at].shown)
    assert sum(parts) == tv == sheet.value.team_value
    after = [_amount(line.shown) for line in lines[tv_at + 1 : -1]]
    assert lines[-1].label == "Current team value (CTV)"
    assert tv + sum(after) == _amount(lines[-1].shown) == sheet.value.current_team_value
    assert sheet.value.missing_next_game and sheet.value.league_trophy

    pdf = _pdf_text(team_sheet_pdf(sheet, compress=False))
    for line in lines:
        assert _pdf_string(line.label) in pdf, line.label
        assert _pdf_string(line.shown) in pdf, line.shown
    # The HTML sheet shows the same lines.
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    for line in lines:
        assert f'<th scope="row">{line.label}</th>' in html, line.label
