"""Team pages show only the rows a team's ruleset has (ruleset-specific
polish): a Blitz Bowl sheet has no gold, re-rolls, staff or fans to list."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from teams.services import draft_team
from tests.factories import UserFactory, drafted_team
from tests.teams.test_pages_polish import SKAVEN

pytestmark = pytest.mark.django_db

GOLD_ROWS = ("Team value (TV)", "Treasury", "Dedicated Fans", "Team re-rolls", "Apothecary")


def row_headings(client, url: str) -> list[str]:
    html = client.get(url).content.decode()
    return [
        re.sub(r"<[^>]+>|\s+", " ", h).strip()
        for h in re.findall(r'<th scope="row">(.*?)</th>', html)
    ]


def test_a_blitz_bowl_sheet_lists_no_gold_rerolls_staff_or_fans(client):
    team = draft_team(
        UserFactory(),
        name="Gutter Scamps",
        ruleset_key="blitz_bowl",
        roster_slug="skaven",
        players=SKAVEN,
    )
    for url in (reverse("team-detail", args=[team.pk]), reverse("team-print", args=[team.pk])):
        headings = row_headings(client, url)
        assert not [h for h in headings if h.startswith(GOLD_ROWS)], (url, headings)
        html = client.get(url).content.decode()
        assert 'id="team-value"' not in html and "Ledger</a>" not in html, url
        assert '<th class="num">Value</th>' not in html, url


def test_a_bb2020_sheet_keeps_every_row(client):
    team = drafted_team(UserFactory(), name="Reavers")
    headings = row_headings(client, reverse("team-detail", args=[team.pk]))
    for row in GOLD_ROWS:
        assert any(h.startswith(row) for h in headings), row
