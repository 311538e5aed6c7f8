"""Buying inducements (pre-game step 4): prices, maximums, who may buy, star players,
mercenaries, 16 players and money, against facts sheet section 3."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.inducements import (
    BUDGET,
    EQUAL_CTV_MESSAGE,
    NO_MONEY,
    PETTY_CASH,
    TREASURY,
    Money,
    can_buy_anything,
    inducement_offer,
    validate_purchase,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.errors import InducementError

PLENTY = Money(5_000_000, PETTY_CASH)


def make_team(roster: str, position: str, count: int = 11, **changes) -> TeamState:
    players = tuple(
        PlayerState(id=i, name=f"Player {i}", position_slug=position) for i in range(count)
    )
    return TeamState(name=roster.title(), roster_slug=roster, players=players, **changes)


HUMANS = make_team("human", "human-lineman")
ORCS = make_team("orc", "orc-lineman")
GOBLINS = make_team("goblin", "goblin-lineman")


def refused(bb2020, team, order, money=PLENTY) -> list[str]:
    with pytest.raises(InducementError) as caught:
        validate_purchase(bb2020, team, order, money)
    return caught.value.messages


@pytest.mark.parametrize(
    ("team", "slug", "price"),
    [
        (HUMANS, "bribes", 100_000),
        (GOBLINS, "bribes", 50_000),  # Bribery and Corruption
        (GOBLINS, "biased-referee", 80_000),
        (HUMANS, "biased-referee", 120_000),
        (make_team("halfling", "halfling-hopeful-lineman"), "halfling-master-chef", 100_000),
        (HUMANS, "halfling-master-chef", 300_000),
        (HUMANS, "temp-agency-cheerleaders", 20_000),
        (HUMANS, "wizard", 150_000),
    ],
)
def test_each_team_pays_its_own_price(bb2020, team, slug, price):
    purchase = validate_purchase(bb2020, team, {slug: 1}, PLENTY)
    assert purchase.total == price
    assert purchase.count(slug) == 1


def test_an_order_takes_names_and_slugs_and_adds_up(bb2020):
    purchase = validate_purchase(
        bb2020, HUMANS, {"Bribe": 2, "bloodweiser-kegs": 2, "Weather Mage": 1}, PLENTY
    )
    assert purchase.as_dict()["items"] == {"weather-mage": 1, "bloodweiser-kegs": 2, "bribes": 2}
    assert purchase.total == 30_000 + 100_000 + 200_000


def test_maximums(bb2020):
    assert refused(bb2020, HUMANS, {"bribes": 4, "weather-mage": 2}) == [
        "A team may induce at most 1 Weather Mage; 2 were asked for",
        "A team may induce at most 3 Bribes; 4 were asked for",
    ]


def test_who_may_buy(bb2020):
    undead = make_team("shambling-undead", "shambling-undead-zombie-lineman")
    assert refused(bb2020, undead, {"wandering-apothecaries": 1, "riotous-rookies": 1}) == [
        "Shambling Undead teams may not induce Wandering Apothecaries",
        "Shambling Undead teams may not induce Riotous Rookies",
    ]
    assert validate_purchase(bb2020, undead, {"mortuary-assistant": 1}, PLENTY).total == 100_000


def test_a_chosen_favour_decides_the_plague_doctor(bb2020):
    position = "chaos-chosen-beastman-runner-lineman"
    nurgle = make_team("chaos-chosen", position, special_rule_choice="Favoured of Nurgle")
    khorne = make_team("chaos-chosen", position, special_rule_choice="Favoured of Khorne")
    assert validate_purchase(bb2020, nurgle, {"plague-doctor": 1}, PLENTY).total == 100_000
    assert refused(bb2020, khorne, {"plague-doctor": 1}) == [
        "Chaos Chosen teams may not induce Plague Doctor"
    ]


def test_unknown_inducements_and_bad_numbers(bb2020):
    assert refused(bb2020, HUMANS, {"cheerleaders": 1, "bribes": -1, "wizard": "one"}) == [
        "There is no inducement called 'cheerleaders'",
        "Bribes: -1 is not a number to buy",
        "Wizard (Hireling Sports-Wizard): 'one' is not a number to buy",
    ]


def test_star_players_play_for_their_own_teams_only(bb2020):
    purchase = validate_purchase(bb2020, HUMANS, {"star_players": ["Griff Oberwald"]}, PLENTY)
    assert [star.slug for star in purchase.star_players] == ["griff-oberwald"]
    assert purchase.total == 280_000
    assert refused(bb2020, ORCS, {"star_players": ["griff-oberwald"]}) == [
        "Griff Oberwald does not play for Orc teams"
    ]


def test_at_most_two_star_players_each_once(bb2020):
    stars = [star.slug for star in bb2020.stars_for("human")][:3]
    messages = refused(bb2020, HUMANS, {"star_players": stars})
    assert messages[0] == "A team may induce at most 2 star players; 3 were asked for"
    assert refused(bb2020, HUMANS, {"star_players": ["griff-oberwald", "Griff Oberwald"]}) == [
        "Griff Oberwald can be induced only once"
    ]
    assert refused(bb2020, HUMANS, {"star_players": ["Jim Johnson"]}) == [
        "There is no star player called 'Jim Johnson'"
    ]


def test_mercenaries_cost_position_plus_30000_and_50000_more_for_a_skill(bb2020):
    purchase = validate_purchase(
        bb2020,
        HUMANS,
        {"mercenaries": ["human-blitzer", {"position": "Catcher", "skill": "block"}]},
        PLENTY,
    )
    blitzer, catcher = purchase.mercenaries
    assert blitzer.price == 85_000 + 30_000
    assert catcher.price == 65_000 + 30_000 + 50_000
    assert blitzer.skills == ("Loner (4+)",)
    assert catcher.skills == ("Loner (4+)", "Block")


def test_a_mercenarys_extra_skill_must_be_a_new_primary_skill(bb2020):
    order = {
        "mercenaries": [
            {"position": "human-blitzer", "skill": "Dodge"},
            {"position": "human-blitzer", "skill": "Block"},
            {"position": "human-blitzer", "skill": "Flying Kick"},
            "orc-blitzer",
        ]
    }
    assert refused(bb2020, HUMANS, order) == [
        "Dodge is not a primary skill for a Blitzer (General, Strength), "
        "so a mercenary cannot take it",
        "A Blitzer already has Block",
        "There is no skill called 'Flying Kick'",
        "Human teams have no position 'orc-blitzer' to hire as a mercenary",
    ]


def test_no_more_than_16_players_with_stars_and_mercenaries(bb2020):
    team = make_team("human", "human-lineman", 14)
    assert validate_purchase(
        bb2020, team, {"mercenaries": ["human-lineman", "human-lineman"]}, PLENTY
    )
    assert refused(
        bb2020,
        team,
        {"mercenaries": ["human-lineman", "human-lineman"], "star_players": ["griff-oberwald"]},
    ) == [
        "A team may field at most 16 players: 14 available players, 1 star player and "
        "2 mercenaries make 17"
    ]


def test_a_pair_of_stars_is_two_players(bb2020):
    elves = make_team("wood-elf", "wood-elf-lineman", 15)
    assert refused(bb2020, elves, {"star_players": ["the-swift-twins"]}) == [
        "A team may field at most 16 players: 15 available players, 2 star players and "
        "0 mercenaries make 17"
    ]


def test_players_who_miss_the_game_leave_room_for_stars(bb2020):
    players = tuple(
        PlayerState(id=i, name=str(i), position_slug="human-lineman", miss_next_game=i < 2)
        for i in range(16)
    )
    team = TeamState(name="Humans", roster_slug="human", players=players)
    assert validate_purchase(bb2020, team, {"star_players": ["griff-oberwald"]}, PLENTY)


def test_the_coach_reads_what_it_costs_and_what_is_left(bb2020):
    money = Money(60_000, PETTY_CASH)
    assert refused(bb2020, HUMANS, {"bribes": 1}, money) == [
        "Bribes cost 100,000 gp each for Human teams; you have 60,000 gp of petty cash left"
    ]


def test_an_over_budget_order_names_every_reason(bb2020):
    order = {
        "bloodweiser-kegs": 1,
        "bribes": 2,
        "wizard": 1,
        "star_players": ["griff-oberwald"],
        "mercenaries": ["human-blitzer"],
        "plague-doctor": 1,
    }
    # In the order of the price list; the Bloodweiser Keg fits and is charged first.
    assert refused(bb2020, HUMANS, order, Money(150_000, TREASURY)) == [
        "2 Bribes cost 200,000 gp (100,000 gp each for Human teams); "
        "you have 100,000 gp left in the Treasury",
        "Human teams may not induce Plague Doctor",
        "A mercenary Blitzer costs 115,000 gp; you have 100,000 gp left in the Treasury",
        "Griff Oberwald costs 280,000 gp; you have 100,000 gp left in the Treasury",
        "Wizard (Hireling Sports-Wizard) cost 150,000 gp each for Human teams; "
        "you have 100,000 gp left in the Treasury",
    ]


def test_an_exhibition_budget_is_named_as_such(bb2020):
    assert refused(bb2020, HUMANS, {"bribes": 1}, Money(0, BUDGET)) == [
        "Bribes cost 100,000 gp each for Human teams; you have 0 gp of your inducement budget left"
    ]


def test_with_equal_ctvs_nothing_may_be_bought(bb2020):
    assert validate_purchase(bb2020, HUMANS, {}, Money(0, NO_MONEY)).total == 0
    assert refused(bb2020, HUMANS, {"bribes": 1}, Money(0, NO_MONEY)) == [
        EQUAL_CTV_MESSAGE.english()
    ]


def test_the_offer_lists_what_the_team_may_buy_at_its_prices(bb2020):
    offer = inducement_offer(bb2020, GOBLINS, Money(90_000, PETTY_CASH), ["bomber-dribblesnot"])
    prices = {row["slug"]: (row["price"], row["max_count"]) for row in offer["inducements"]}
    assert prices["bribes"] == (50_000, 3)
    assert "plague-doctor" not in prices
    assert (offer["money"], offer["money_source"], offer["max_star_players"]) == (
        90_000,
        PETTY_CASH,
        2,
    )
    assert offer["player_slots"] == 5
    bomber = next(s for s in offer["star_players"] if s["slug"] == "bomber-dribblesnot")
    assert bomber["induced_by_opponent"] is True
    lineman = next(m for m in offer["mercenaries"] if m["position"] == "goblin-lineman")
    assert (lineman["price"], lineman["price_with_extra_skill"]) == (70_000, 120_000)
    assert can_buy_anything(offer)
    assert not can_buy_anything(inducement_offer(bb2020, GOBLINS, Money(15_000, PETTY_CASH)))
