"""The roster sheet names a team's fans as its edition does: "Dedicated Fans" in
BB2020 (and BB2025), "Fan Factor" on a classic sheet; the page, the draft builder and
the PDF alike."""

from __future__ import annotations

import pytest

from teams.services import draft_team
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("ruleset", "label", "other"),
    [("classic", "Fan Factor", "Dedicated Fans"), ("bb2020", "Dedicated Fans", "Fan Factor")],
)
def test_the_sheet_and_the_draft_builder_name_the_fans_as_the_edition_does(
    client, ruleset, label, other
):
    coach = UserFactory()
    team = draft_team(
        coach,
        name=f"Fans {ruleset}",
        ruleset_key=ruleset,
        roster_slug="human",
        players={"human-lineman": 11},
    )
    client.force_login(coach)
    sheet = client.get(f"/teams/{team.pk}/").content.decode()
    assert f'<th scope="row">{label}</th>' in sheet and other not in sheet
    builder = client.get(f"/teams/draft/{ruleset}/human/").content.decode()
    assert f'<th scope="row">{label}</th>' in builder and other not in builder


def test_the_pdf_of_a_classic_team_says_fan_factor(client, monkeypatch):
    from teams import pdf

    cells: list[str] = []
    table = pdf.Table

    def recording_table(rows, *args, **kwargs):
        cells.extend(str(cell) for row in rows for cell in row)
        return table(rows, *args, **kwargs)

    monkeypatch.setattr(pdf, "Table", recording_table)
    coach = UserFactory()
    team = draft_team(
        coach,
        name="Fans in print",
        ruleset_key="classic",
        roster_slug="human",
        players={"human-lineman": 11},
    )
    client.force_login(coach)
    response = client.get(f"/teams/{team.pk}/sheet.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "Fan Factor" in cells and "Dedicated Fans" not in cells
