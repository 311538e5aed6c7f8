"""A league's house rules in the engine (``rules_engine.house_rules``): ``HouseRules()``
is the edition as written, each section of shared/rules/bb2025-league-facts.md cited
for the edition's number, and each house rule changes what the engine decides."""

from __future__ import annotations

import pytest

from rules_engine import edition_for, get_ruleset
from rules_engine.bb2020.inducements import TREASURY, Money
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.inducements import inducement_offer, validate_purchase
from rules_engine.errors import InducementError
from rules_engine.house_rules import (
    FRESH_BUDGET,
    TREASURY_ONLY,
    HouseRules,
    edition_problems,
    fire_floor,
    house_rules_problems,
    inducements_offered,
    may_hire_star,
    playoff_prizes,
    redraft_budget,
    star_ban,
    team_value_problem,
    under_house_rules,
)
from rules_engine.ruleset import Ruleset
from rules_engine.wording import english
from tests.rules_engine.english import in_english

RICH = Money(1_000_000, TREASURY)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def humans(linemen: int = 11) -> TeamState:
    players = tuple(
        PlayerState(id=f"h{n}", name=f"H {n}", position_slug="human-lineman", number=n)
        for n in range(1, linemen + 1)
    )
    return TeamState(name="Reikland", roster_slug="human", players=players, treasury=0)


# --- star players ---------------------------------------------------------------------


def test_the_edition_bans_no_star(ruleset: Ruleset) -> None:
    assert all(may_hire_star(HouseRules(), star) for star in ruleset.star_players.values())
    assert under_house_rules(ruleset, HouseRules()) is ruleset


def test_a_star_banned_by_key_and_mega_stars_as_a_group(ruleset: Ruleset) -> None:
    """Facts section 12: the mega-stars are Griff Oberwald, Hakflem Skuttlespike, H'thark
    the Unstoppable, Ivan Deathshroud and Morg 'n' Thorg (``mega_star`` in the data)."""
    griff = ruleset.star_players["griff-oberwald"]
    morg = ruleset.star_players["morg-n-thorg"]
    by_key = HouseRules(banned_stars=frozenset({"morg-n-thorg"}))
    assert (
        english(star_ban(by_key, morg) or "")
        == "Morg 'n' Thorg is banned by this league's house rules."
    )
    assert may_hire_star(by_key, griff)
    mega = HouseRules(ban_mega_stars=True)
    banned = {s.name for s in ruleset.star_players.values() if not may_hire_star(mega, s)}
    assert banned == {
        "Griff Oberwald",
        "Hakflem Skuttlespike",
        "H'thark the Unstoppable",
        "Ivan 'The Animal' Deathshroud",
        "Morg 'n' Thorg",
    }
    assert "mega-star" in english(star_ban(mega, griff) or "")


def test_a_banned_star_is_refused_at_the_pre_game_with_the_reason(ruleset: Ruleset) -> None:
    """Griff plays for Old World Classic teams (facts section 5, "Star Players"): the
    edition sells him to Humans; the house rule refuses him, naming him and the rule."""
    assert validate_purchase(
        ruleset, humans(), {"star_players": ["griff-oberwald"]}, RICH
    ).star_players
    house = under_house_rules(ruleset, HouseRules(ban_mega_stars=True))
    with pytest.raises(InducementError) as refused:
        validate_purchase(house, humans(), {"star_players": ["griff-oberwald"]}, RICH)
    assert "Griff Oberwald is a mega-star, and this league's house rules ban mega-stars." in str(
        refused.value
    )
    offered = {s["slug"]: s for s in inducement_offer(house, humans(), RICH)["star_players"]}
    assert "house rules" in offered["griff-oberwald"]["banned"]
    assert "banned" not in offered.get("mighty-zug", {})


# --- inducements ----------------------------------------------------------------------


def test_non_core_inducements_only_when_switched_on(ruleset: Ruleset) -> None:
    """Facts section 13.14: the team lists' inducements from other publications are off
    by default; switched on, a team may buy those its own list prints, at its price."""
    core = {row["slug"] for row in inducement_offer(ruleset, humans(), RICH)["inducements"]}
    assert "bretonnian-pastries" not in core
    assert len(inducements_offered(HouseRules(), ruleset)) == len(ruleset.inducements)
    house = under_house_rules(ruleset, HouseRules(non_core_inducements=True))
    offer = {row["slug"]: row for row in inducement_offer(house, humans(), RICH)["inducements"]}
    assert offer["bretonnian-pastries"]["price"] == 15_000
    assert offer["master-of-ballistics"]["price"] == 40_000  # Humans' list: 40,000
    assert core < set(offer)
    bought = validate_purchase(house, humans(), {"bretonnian-pastries": 1}, RICH)
    assert bought.total == 15_000
    with pytest.raises(InducementError):
        validate_purchase(ruleset, humans(), {"bretonnian-pastries": 1}, RICH)


# --- prizes ---------------------------------------------------------------------------


def test_glittering_prizes_are_the_editions_unless_the_league_sets_its_own() -> None:
    """Facts section 10, Glittering Prizes: 1st 100,000, 2nd 60,000, 3rd 30,000."""
    edition = edition_for("bb2025").playoff_prizes
    assert playoff_prizes(HouseRules(), edition) == ((1, 100_000), (2, 60_000), (3, 30_000))
    own = HouseRules(prize_amounts=((1, 150_000), (3, 0)))
    assert playoff_prizes(own, edition) == ((1, 150_000), (2, 60_000), (3, 0))
    assert playoff_prizes(own, ()) == ()


# --- the re-draft ---------------------------------------------------------------------


def test_the_redraft_budget_by_formula_and_cap() -> None:
    """Facts section 11, Raise Funds: 1,000,000 + Treasury + 20,000 per fixture played
    + 20,000 per win + 10,000 per draw, the book's 1,300,000 cap on by default (13.5)."""
    redraft = edition_for("bb2025").redraft
    assert redraft is not None
    edition = redraft_budget(HouseRules(), redraft, 50_000, 6, 3, 1)
    assert edition == 1_000_000 + 50_000 + 6 * 20_000 + 3 * 20_000 + 10_000
    assert redraft_budget(HouseRules(), redraft, 400_000, 6, 3, 1) == 1_300_000
    capped = HouseRules(redraft_budget_cap=1_100_000)
    assert redraft_budget(capped, redraft, 50_000, 6, 3, 1) == 1_100_000
    treasury = HouseRules(redraft_formula=TREASURY_ONLY)
    assert redraft_budget(treasury, redraft, 50_000, 6, 3, 1) == 1_050_000
    fresh = HouseRules(redraft_formula=FRESH_BUDGET)
    assert redraft_budget(fresh, redraft, 250_000, 6, 3, 1) == 1_000_000


# --- entering a season, firing --------------------------------------------------------


def test_team_value_floor_and_ceiling_at_entry() -> None:
    assert team_value_problem(HouseRules(), "Reikland", 2_500_000) is None
    limits = HouseRules(team_value_floor=900_000, team_value_ceiling=1_500_000)
    assert team_value_problem(limits, "Reikland", 1_200_000) is None
    low = team_value_problem(limits, "Reikland", 850_000)
    assert low is not None
    assert "at least 900,000 gp" in low.english() and "850,000" in low.english()
    high = team_value_problem(limits, "Reikland", 1_600_000)
    assert high is not None and "at most 1,500,000 gp" in high.english()


def test_firing_below_eleven() -> None:
    """Facts section 8, step 4: BB2025 fires "never below 11 players eligible"."""
    assert fire_floor(HouseRules(), 11) == 11
    assert fire_floor(HouseRules(), None) is None
    assert fire_floor(HouseRules(firing_below_eleven=True), 11) is None
    assert fire_floor(HouseRules(firing_below_eleven=False), None) == 11


# --- checks and the match's snapshot --------------------------------------------------


def test_impossible_house_rules_are_reported_per_rule(ruleset: Ruleset) -> None:
    bad = HouseRules(
        team_value_floor=1_500_000,
        team_value_ceiling=1_000_000,
        prize_amounts=((1, -5),),
        banned_stars=frozenset({"nobody-at-all"}),
    )
    problems = house_rules_problems(bad)
    assert "above the ceiling" in english(problems["team_value_floor"][0])
    assert "cannot be negative" in english(problems["prize_amounts"][0])
    edition = edition_for("bb2025")
    four = HouseRules(prize_amounts=((4, 10_000),), banned_stars=frozenset({"nobody-at-all"}))
    found = edition_problems(four, ruleset, edition.playoff_prizes, edition.redraft)
    assert in_english(found["banned_stars"]) == [
        "Blood Bowl 2025 has no star player 'nobody-at-all'."
    ]
    assert "no prize for place 4" in english(found["prize_amounts"][0])


def test_the_snapshot_round_trips() -> None:
    rules = HouseRules(
        banned_stars=frozenset({"griff-oberwald"}),
        prize_amounts=((1, 120_000),),
        non_core_inducements=True,
        firing_below_eleven=True,
    )
    assert HouseRules.from_json(rules.to_json()) == rules
    assert HouseRules.from_json(None) == HouseRules() == HouseRules.from_json({})
