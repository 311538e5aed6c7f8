"""Drafting through the API: every roster, every reason at once, nothing saved on refusal."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

import rules_engine
from rules_engine.draft import draft_rules_for
from teams.models import Player, Team, TreasuryEntry
from tests.factories import UserFactory, assert_treasury_is_ledger

RULESET = rules_engine.get_ruleset("bb2020")
ROSTERS = sorted(RULESET.rosters)


def legal_draft(roster_slug: str) -> dict[str, int]:
    """The cheapest legal draft of a roster, computed from the engine's data:
    each position's minimum, then the cheapest positions with room (Big Guys
    only within the roster's limit) up to the draft's minimum of players."""
    roster = RULESET.roster(roster_slug)
    rules = draft_rules_for(RULESET)
    counts = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}

    def has_room(position) -> bool:
        if counts.get(position.slug, 0) >= position.max_count:
            return False
        if position.big_guy and roster.max_big_guys is not None:
            big = sum(n for s, n in counts.items() if roster.positions[s].big_guy)
            return big < roster.max_big_guys
        return True

    by_price = sorted(roster.positions.values(), key=lambda p: (p.cost, p.slug))
    while sum(counts.values()) < rules.min_players:
        cheapest = next(p for p in by_price if has_room(p))
        counts[cheapest.slug] = counts.get(cheapest.slug, 0) + 1
    choice = (roster.special_rule_choices or (None,))[0]
    proposal = rules_engine.DraftProposal(
        roster_slug=roster_slug, players=counts, special_rule_choice=choice
    )
    assert rules_engine.validate_draft(RULESET, proposal) == [], roster_slug
    return counts


def row_counts() -> tuple[int, int, int]:
    return Team.objects.count(), Player.objects.count(), TreasuryEntry.objects.count()


@pytest.fixture
def coach():
    return UserFactory()


@pytest.fixture
def api(coach):
    client = APIClient()
    client.force_authenticate(coach)
    return client


def test_there_are_29_rosters_to_draft():
    assert len(ROSTERS) == 29


@pytest.mark.django_db
@pytest.mark.parametrize("roster_slug", ROSTERS)
def test_draft_every_roster(api, coach, roster_slug):
    players = legal_draft(roster_slug)
    cost = rules_engine.draft_cost(
        RULESET, rules_engine.DraftProposal(roster_slug=roster_slug, players=players)
    )
    body = {"name": f"The {roster_slug} Draft", "roster": roster_slug, "players": players}
    choices = RULESET.roster(roster_slug).special_rule_choices
    if choices:  # chosen when drafted (facts section 1)
        body["special_rule_choice"] = choices[0]
    response = api.post("/api/v1/teams/", body, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["coach"] == coach.pk
    assert body["roster_slug"] == roster_slug
    assert len(body["players"]) == sum(players.values())
    assert body["treasury"] == cost.remaining
    assert body["value"]["team_value"] == body["team_value"]
    team = Team.objects.get(pk=body["id"])
    assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_draft_with_staff_fans_and_special_rule(api):
    response = api.post(
        "/api/v1/teams/",
        {
            "name": "Favoured Few",
            "roster": "chaos-chosen",
            "players": {"chaos-chosen-beastman-runner-lineman": 11},
            "rerolls": 2,
            "assistant_coaches": 1,
            "cheerleaders": 1,
            "apothecary": True,
            "dedicated_fans": 3,
            "special_rule_choice": "Favoured of Nurgle",
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["special_rule_choice"] == "Favoured of Nurgle"
    assert body["dedicated_fans"] == 3
    assert body["apothecary"] is True
    # 660k players + 120k re-rolls + 10k + 10k + 50k + 2 x 10k fans
    assert body["treasury"] == 1_000_000 - 870_000
    value = body["value"]
    assert value["sideline_staff"] == 70_000
    assert value["team_value"] == 660_000 + 120_000 + 70_000


@pytest.mark.django_db
def test_over_budget_and_over_a_limit_lists_every_reason_and_saves_nothing(api):
    before = row_counts()
    response = api.post(
        "/api/v1/teams/",
        {
            "name": "Too Many Blitzers",
            "roster": "human",
            "players": {"human-blitzer": 5, "human-lineman": 11},
            "rerolls": 2,
        },
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert set(body) >= {"detail", "errors"}
    assert "Human teams may have at most 4 Blitzers; this draft has 5" in body["errors"]
    assert any("over the 1,000,000 gp budget" in e for e in body["errors"])
    assert len(body["errors"]) >= 2
    assert row_counts() == before


@pytest.mark.django_db
def test_duplicate_name_and_bad_counts_come_back_together(api, coach):
    api.post(
        "/api/v1/teams/",
        {"name": "Taken", "roster": "orc", "players": legal_draft("orc")},
        format="json",
    )
    before = row_counts()
    response = api.post(
        "/api/v1/teams/",
        {"name": "taken", "roster": "orc", "players": {"orc-lineman": 10}, "rerolls": -1},
        format="json",
    )
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert any("already exists" in e for e in errors)
    assert any("at least 11 players" in e for e in errors)
    assert any("cannot be negative" in e for e in errors)
    assert row_counts() == before


@pytest.mark.django_db
def test_badly_shaped_draft_is_400_with_field_errors(api):
    response = api.post(
        "/api/v1/teams/",
        {"name": "Shapeless", "roster": "human", "players": {"human-lineman": "many"}},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["errors"] and "players" in body["fields"]
    assert Team.objects.count() == 0


@pytest.mark.django_db
def test_unknown_roster_and_ruleset_are_400(api):
    response = api.post(
        "/api/v1/teams/", {"name": "X", "roster": "elves", "players": {}}, format="json"
    )
    assert response.status_code == 400
    assert "no 'elves' roster" in response.json()["errors"][0]
    response = api.post(
        "/api/v1/teams/",
        {"name": "X", "ruleset": "bb1987", "roster": "human", "players": {}},
        format="json",
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_signed_out_draft_is_refused():
    response = APIClient().post(
        "/api/v1/teams/",
        {"name": "Anonymous", "roster": "human", "players": legal_draft("human")},
        format="json",
    )
    assert response.status_code in (401, 403)
    assert Team.objects.count() == 0


@pytest.mark.django_db
def test_draft_preview_prices_without_saving():
    response = APIClient().post(
        "/api/v1/teams/draft-preview/",
        {"name": "", "roster": "human", "players": {"human-blitzer": 5, "human-lineman": 7}},
        format="json",
    )
    assert response.status_code == 200
    body = response.json()
    assert body["players"] == 5 * 85_000 + 7 * 50_000
    assert body["remaining"] == 1_000_000 - body["total"]
    assert body["errors"] == ["Human teams may have at most 4 Blitzers; this draft has 5"]
    assert Team.objects.count() == 0
