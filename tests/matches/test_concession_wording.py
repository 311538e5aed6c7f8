"""Conceding Without Penalty as the report form and the API state it, read from the
league's edition: BB2025 "a team that cannot put 3 players on the Line of Scrimmage"
(at most 2; bb2025-league-facts.md section 9), BB2020 "3 or fewer players"
(bb2020-league-facts.md section 4, Conceding)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches.serializers import ReportSerializer
from matches.serializers_input import ReportInputSerializer
from tests.matches.bb2025 import edition_match, kick_off_by_api
from tests.matches.test_bb2025_pages import html, logged_in

pytestmark = pytest.mark.django_db

BB2025_RULE = "cannot put 3 players on the Line of Scrimmage (at most 2)"
BB2020_RULE = "3 or fewer players may concede before a set-up without penalty"


@pytest.mark.parametrize(
    ("ruleset", "shown", "not_shown"),
    [("bb2025", BB2025_RULE, BB2020_RULE), ("bb2020", BB2020_RULE, BB2025_RULE)],
)
def test_the_report_form_says_who_may_concede_without_penalty(ruleset, shown, not_shown):
    s = edition_match(ruleset, "orc", "human")
    kick_off_by_api(s)
    page = html(logged_in(s.home_coach).get(reverse("match-detail", args=[s.match.pk])))
    assert "Players the conceding team could set up" in page
    assert "Conceding Without Penalty: A team" in page
    assert shown in page and not_shown not in page


@pytest.mark.parametrize("serializer", [ReportInputSerializer, ReportSerializer])
def test_the_api_help_gives_each_editions_rule(serializer):
    help_text = str(serializer().fields["conceded_at_setup_players"].help_text)
    assert f"Blood Bowl 2025: a team that {BB2025_RULE}" in help_text
    assert f"Blood Bowl 2020: a team with {BB2020_RULE}" in help_text
