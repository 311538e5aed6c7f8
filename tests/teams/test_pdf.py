"""The team sheet as a PDF download."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.models import InjuryRecord, Player
from teams.pdf import team_sheet_pdf
from teams.selectors import team_sheet
from tests.factories import InjuryRecordFactory, PlayerSkillFactory, drafted_team


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
