"""The BB2025 ruleset's data: every roster loads and drafts, with BB2025's keywords,
tiers, Big Guy maxima, Team Leagues, Favoured of choices and Team Captain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine import DraftProposal, draft_cost, get_ruleset, list_rulesets
from rules_engine.bb2025.data import Bb2025Roster
from rules_engine.bb2025.draft import captain_skills, draft_problems
from rules_engine.draft import draft_rules_for, has_trait
from rules_engine.ruleset import Roster, Ruleset
from tests.rules_engine.english import in_english, validate_draft

DATA = Path(__file__).resolve().parents[3] / "rules_engine" / "data" / "bb2025"
# The rulebook's rosters; Slann is outside it, off by default (facts section 13.14).
TEAMS = [
    team
    for team in json.loads((DATA / "teams.json").read_text(encoding="utf-8"))["teams"]
    if not team.get("outside_rulebook")
]
ROSTERS = [team["name"] for team in TEAMS]
OUTSIDE_STARS = {
    star["name"]
    for star in json.loads((DATA / "star_players.json").read_text(encoding="utf-8"))["star_players"]
    if star.get("outside_rulebook")
}
TIER_4 = {"Gnome", "Goblin", "Halfling", "Ogre", "Snotling"}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def minimal_team(roster: Roster) -> dict[str, int]:
    """Eleven players: each position's minimum, then the cheapest lines, Big Guys last and
    Insignificant players only once at least as many others are in (facts section 1)."""
    counts = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}
    lines = sorted(
        roster.positions.values(),
        key=lambda p: (has_trait(p, "Insignificant"), p.big_guy, p.cost),
    )
    for position in lines:
        while sum(counts.values()) < 11 and counts.get(position.slug, 0) < position.max_count:
            counts[position.slug] = counts.get(position.slug, 0) + 1
    return counts


def test_registered(ruleset: Ruleset) -> None:
    assert "bb2025" in list_rulesets()
    assert ruleset.name == "Blood Bowl 2025"
    assert len(ruleset.rosters) == 30  # the rulebook's 30, no Slann (facts section 13.14)
    assert draft_rules_for(ruleset).budget == 1_000_000


@pytest.mark.parametrize("name", ROSTERS)
def test_every_roster_drafts_a_minimal_team(ruleset: Ruleset, name: str) -> None:
    roster = ruleset.roster(name)
    players = minimal_team(roster)
    captain = None
    if isinstance(roster, Bb2025Roster) and roster.has_team_captain:
        captain = next(iter(players))
    proposal = DraftProposal(
        roster.slug,
        players=players,
        special_rule_choice=roster.special_rule_choices[0] if roster.special_rule_choices else None,
        captain_position=captain,
    )
    # validate_draft checks the BB2025 choice and Team Captain too (DraftRules).
    assert validate_draft(ruleset, proposal) == []
    assert draft_problems(ruleset, proposal, captain_position=captain) == []
    assert draft_cost(ruleset, proposal).remaining >= 0


@pytest.mark.parametrize("team", TEAMS, ids=ROSTERS)
def test_roster_matches_its_data(ruleset: Ruleset, team: dict) -> None:  # type: ignore[type-arg]
    roster = ruleset.roster(team["name"])
    assert isinstance(roster, Bb2025Roster)
    assert roster.tier == team["tier"]
    assert roster.tier == (4 if team["name"] in TIER_4 else roster.tier)
    assert roster.big_guy_max == team["big_guy_max"]
    assert roster.team_leagues == tuple(team["team_leagues"])
    assert roster.reroll_cost == team["reroll_cost"]
    for row in team["positions"]:
        position = roster.positions[row["position"]]
        assert position.keywords == tuple(row["keywords"])  # type: ignore[attr-defined]
        assert (position.cost, position.max_count) == (row["cost"], row["max"])
        assert position.big_guy == ("Big Guy" in row["keywords"])


@pytest.mark.parametrize(
    ("name", "big_guys"),
    [("Chaos Renegades", 3), ("Goblin", 2), ("Snotling", 4), ("Tomb Kings", 4), ("Ogre", 6)],
)
def test_big_guy_maxima_from_the_facts(ruleset: Ruleset, name: str, big_guys: int) -> None:
    assert ruleset.roster(name).max_big_guys == big_guys


def test_tiers_run_one_to_four(ruleset: Ruleset) -> None:
    assert {r.tier for r in ruleset.rosters.values()} == {1, 2, 3, 4}
    assert {r.name for r in ruleset.rosters.values() if r.tier == 4} == TIER_4
    for name in ("Black Orc", "Chaos Chosen", "Chaos Renegades", "Khorne", "Nurgle"):
        assert ruleset.roster(name).tier == 3


def test_too_many_big_guys_is_refused(ruleset: Ruleset) -> None:
    roster = ruleset.roster("Chaos Chosen")
    players = minimal_team(roster)
    big = [p.slug for p in roster.positions.values() if p.big_guy]
    players.update({big[0]: 1, big[1]: 1})
    problems = validate_draft(ruleset, DraftProposal(roster.slug, players=players))
    assert any("at most 1 Big Guy" in p for p in problems)


def test_favoured_of_choice(ruleset: Ruleset) -> None:
    chosen, renegades = ruleset.roster("Chaos Chosen"), ruleset.roster("Chaos Renegades")
    assert len(chosen.special_rule_choices) == 6
    assert len(renegades.special_rule_choices) == 5
    assert "Favoured of Hashut" not in renegades.special_rule_choices
    proposal = DraftProposal(chosen.slug, players=minimal_team(chosen))
    assert any("choose one of" in p for p in in_english(draft_problems(ruleset, proposal)))
    nurgle = ruleset.stars_for(chosen, "Favoured of Nurgle")
    khorne = ruleset.stars_for(chosen, "Favoured of Khorne")
    assert "Guffle Pusmaw" in {s.name for s in nurgle} - {s.name for s in khorne}


def test_team_captain(ruleset: Ruleset) -> None:
    human, elves = ruleset.roster("Human"), ruleset.roster("Wood Elf")
    proposal = DraftProposal(human.slug, players=minimal_team(human))
    assert any("Team Captain" in p for p in in_english(draft_problems(ruleset, proposal)))
    assert captain_skills(ruleset, human, True) == ("Pro",)
    assert captain_skills(ruleset, human, False) == ()
    assert captain_skills(ruleset, elves, True) == ()
    assert {r.name for r in ruleset.rosters.values() if r.has_team_captain} == {"Human", "Orc"}  # type: ignore[attr-defined]


def test_team_star_lists_are_the_stars_plays_for(ruleset: Ruleset) -> None:
    """Facts section 13.12: without a choice, a roster lists every star whose "Plays
    For" names one of its leagues or options."""
    for team in TEAMS:
        listed = {s["name"] for s in team["star_players"]} - OUTSIDE_STARS
        assert {s.name for s in ruleset.stars_for(team["name"])} == listed
    grak = ruleset.star_players["Crumbleberry (included with Grak)"]
    assert grak.name == "Grak (+ Crumbleberry)" and len(grak.profiles) == 2


def test_star_and_skill_lookups(ruleset: Ruleset) -> None:
    assert ruleset.skills["Loner (4+)"].name == "Loner (X+)" or "Loner" in ruleset.skills
    assert "Devious" in {s.category for s in ruleset.skills.values()}
    assert ruleset.star_players["griff-oberwald"].mega_star
