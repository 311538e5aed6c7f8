"""The read-only ruleset API and the public roster pages."""

from __future__ import annotations

import pytest
from django.core.management import call_command

import rules_engine


def test_rulesets_list(client):
    response = client.get("/api/v1/rulesets/")
    assert response.status_code == 200
    keys = [r["key"] for r in response.json()]
    assert "bb2020" in keys
    bb2020 = next(r for r in response.json() if r["key"] == "bb2020")
    assert bb2020["roster_count"] == 29


def test_rosters_list_has_all_bb2020_teams(client):
    response = client.get("/api/v1/rulesets/bb2020/rosters/")
    assert response.status_code == 200
    rosters = {r["slug"]: r for r in response.json()}
    assert len(rosters) == 29
    assert rosters["human"]["reroll_cost"] == 50_000
    assert rosters["shambling-undead"]["apothecary_allowed"] is False


def test_roster_detail_fields_in_snake_case(client):
    response = client.get("/api/v1/rulesets/bb2020/rosters/human/")
    assert response.status_code == 200
    human = response.json()
    assert human["name"] == "Human"
    assert human["tier"] == 2  # as teams.json lists it
    blitzer = next(p for p in human["positions"] if p["slug"] == "human-blitzer")
    assert blitzer == {
        **blitzer,
        "name": "Blitzer",
        "max_count": 4,
        "cost": 85_000,
        "ma": 7,
        "st": 3,
        "ag": 3,
        "pa": 4,
        "av": 9,
        "skills": ["Block"],
    }
    assert blitzer["primary"] == ["General", "Strength"]


def test_star_players_skills_and_inducements(client):
    stars = client.get("/api/v1/rulesets/bb2020/star-players/").json()
    assert len(stars) == 64  # Gretchen Wächter has her profile (SOURCE.md, Corrections)
    assert all({"slug", "name", "cost", "plays_for", "skills"} <= set(s) for s in stars)
    skills = {s["name"]: s for s in client.get("/api/v1/rulesets/bb2020/skills/").json()}
    assert skills["Block"]["category"] == "General"
    inducements = {i["name"]: i for i in client.get("/api/v1/rulesets/bb2020/inducements/").json()}
    assert inducements["Bribes"]["price"] == 100_000
    assert inducements["Bribes"]["max_count"] == 3


@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/rulesets/nope/",
        "/api/v1/rulesets/nope/rosters/",
        "/api/v1/rulesets/bb2020/rosters/no-such-team/",
    ],
)
def test_unknown_ruleset_or_roster_is_404(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_roster_pages(client):
    listing = client.get("/rulesets/bb2020/")
    assert listing.status_code == 200
    html = listing.content.decode()
    for roster in rules_engine.get_ruleset("bb2020").rosters.values():
        assert f"/rulesets/bb2020/rosters/{roster.slug}/" in html

    page = client.get("/rulesets/bb2020/rosters/human/").content.decode()
    assert "<h1>Human</h1>" in page
    assert "Blitzer" in page and "85k" in page
    assert "3+" in page  # AG shown as the rules print it

    undead = client.get("/rulesets/bb2020/rosters/shambling-undead/").content.decode()
    assert "may not hire an apothecary" in undead
    assert client.get("/rulesets/bb2020/rosters/no-such-team/").status_code == 404


def test_openapi_schema_validates(tmp_path):
    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    assert "/api/v1/rulesets/{key}/rosters/{slug}/" in out.read_text()
