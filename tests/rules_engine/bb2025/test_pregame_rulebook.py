"""The BB2025 pre-game and inducements as the rulebook has them, each test citing its
section of shared/rules/bb2025-league-facts.md: the five steps and the inducement money
(section 4), the inducement table row by row, the prayers bought and Mercenary Players
(section 5; section 13.9 for mercenaries and the 16)."""

from __future__ import annotations

from typing import Any

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.inducements import NO_MONEY, PETTY_CASH, TREASURY, Money
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025TeamReport
from rules_engine.bb2025.data import Bb2025Inducement
from rules_engine.bb2025.inducements import inducement_offer, validate_purchase
from rules_engine.bb2025.pregame import inducements
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.errors import InducementError
from rules_engine.ruleset import Ruleset
from rules_engine.wording import english


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def team(
    roster: str,
    positions: dict[str, int],
    *,
    treasury: int = 0,
    missing: dict[str, int] | None = None,
    choice: str | None = None,
    name: str = "T",
) -> TeamState:
    """A team of ``positions`` (slug: count); ``missing`` of them miss the game (MNG)."""
    players = []
    out = dict(missing or {})
    for slug, count in positions.items():
        for _ in range(count):
            n = len(players) + 1
            mng = out.get(slug, 0) > 0
            if mng:
                out[slug] -= 1
            players.append(
                PlayerState(
                    id=f"{name}-{n}",
                    name=f"{name} {n}",
                    position_slug=slug,
                    number=n,
                    miss_next_game=mng,
                )
            )
    return TeamState(
        name=name,
        roster_slug=roster,
        players=tuple(players),
        treasury=treasury,
        special_rule_choice=choice,
    )


def humans(blitzers: int = 0, linemen: int = 11, **kwargs: Any) -> TeamState:
    return team("human", {"human-blitzer": blitzers, "human-lineman": linemen}, **kwargs)


RICH = Money(1_000_000, TREASURY)


# --- section 4: the sequence and the inducement money --------------------------------------


def test_the_pre_game_has_five_steps_and_no_prayers_step(ruleset: Ruleset) -> None:
    """Section 4: The Fans, The Weather, Take on Journeymen, Inducements, Determine Kicking
    Team; "There is no Prayers to Nuffle step": a team 170,000 behind rolls no prayer."""
    home = humans(blitzers=2, linemen=11)  # 720,000
    away = humans(linemen=9)  # 9 linemen + 2 journeymen: 550,000
    choices = {"inducements": {"home": {}, "away": {}}, "kick_or_receive": "kick"}
    dice = ScriptedDice([1, 1, (3, 4), 6, 1])
    result = bb2025.pre_game(ruleset, home, away, dice, choices=choices)
    assert result.complete and dice.remaining == 0
    assert [english(s.title) for s in result.steps] == [
        "The Fans",
        "The Weather",
        "Take on Journeymen",
        "Inducements",
        "Determine Kicking Team",
    ]
    assert result.ctv_before_inducements == {"home": 720_000, "away": 550_000}
    assert result.prayers == {"home": (), "away": ()}
    assert all(r.die != "d16" for r in result.rolls)


def test_the_book_example_of_inducement_money(ruleset: Ruleset) -> None:
    """Section 4, the book's example: CTVs 1,240,000 and 1,160,000; the higher team buys
    a keg (50,000); the lower gets 80,000 + 50,000 and adds 10,000 of its own: 140,000."""
    higher = humans(blitzers=2, treasury=200_000, name="High")
    lower = humans(treasury=100_000, name="Low")
    orders = {
        "home": {"blitzers-best-kegs": 1},
        # 2 kegs, 1 coach, 4 cheerleaders: 100,000 + 20,000 + 20,000 = 140,000.
        "away": {
            "blitzers-best-kegs": 2,
            "part-time-assistant-coaches": 1,
            "temp-agency-cheerleaders": 4,
        },
    }
    ctv = {"home": 1_240_000, "away": 1_160_000}
    step = inducements(
        ruleset, ScriptedDice([]), {"home": higher, "away": lower}, orders, ctv=ctv
    ).outcome
    assert step["home"]["money_source"] == TREASURY
    assert step["home"]["treasury_spent"] == 50_000
    assert step["away"]["petty_cash"] == 80_000 + 50_000
    assert step["away"]["money"] == 130_000 + 50_000  # may add up to 50,000 of its own
    assert step["away"]["treasury_spent"] == 10_000
    assert step["away"]["bought"]["total"] == 140_000


def test_the_lower_team_adds_at_most_50000_of_its_treasury(ruleset: Ruleset) -> None:
    """Section 4, Inducements 3: "may add up to 50,000 of its own Treasury"."""
    higher, lower = humans(blitzers=1, name="High"), humans(treasury=500_000, name="Low")
    ctv = {"home": 585_000, "away": 550_000}
    orders = {"home": {}, "away": {"extra-team-training": 1}}  # 100,000 > 35,000 + 50,000
    with pytest.raises(InducementError, match="85,000"):
        inducements(ruleset, ScriptedDice([]), {"home": higher, "away": lower}, orders, ctv=ctv)


def test_equal_ctvs_spend_no_treasury(ruleset: Ruleset) -> None:
    """Section 4, Inducements 4: "Equal CTV: neither team may spend Treasury gold"."""
    a, b = humans(treasury=300_000, name="A"), humans(treasury=300_000, name="B")
    step = inducements(ruleset, ScriptedDice([]), {"home": a, "away": b}, {}).outcome
    assert {step[s]["money_source"] for s in ("home", "away")} == {NO_MONEY}
    with pytest.raises(InducementError, match="equal CTVs"):
        inducements(ruleset, ScriptedDice([]), {"home": a, "away": b}, {"home": {"team-mascot": 1}})


def test_petty_cash_is_the_difference_plus_the_gold_spent() -> None:
    """Section 4, Inducements 2 (public contract ``rules_engine.bb2025.petty_cash``)."""
    assert bb2025.petty_cash(1_240_000, 1_160_000, 50_000) == 130_000


# --- section 5: the inducement table ---------------------------------------------------------

# (slug, name, max, price, who, the special rule or roster of a special price, its price)
TABLE = [
    ("prayers-to-nuffle", "Prayers to Nuffle", 3, 10_000, "any", None),
    ("part-time-assistant-coaches", "Part-time Assistant Coaches", 5, 20_000, "any", None),
    ("temp-agency-cheerleaders", "Temp Agency Cheerleaders", 5, 5_000, "any", None),
    ("team-mascot", "Team Mascot", 1, 25_000, "any", None),
    ("weather-mage", "Weather Mage", 1, 25_000, "any", None),
    ("blitzers-best-kegs", "Blitzer's Best Kegs", 2, 50_000, "any", None),
    ("bribes", "Bribes", 3, 100_000, "any", ("Bribery and Corruption", 50_000, 6)),
    ("extra-team-training", "Extra Team Training", 8, 100_000, "any", None),
    ("mortuary-assistant", "Mortuary Assistant", 1, 100_000, "Masters of Undeath", None),
    ("plague-doctor", "Plague Doctor", 1, 100_000, "Favoured of Nurgle", None),
    ("riotous-rookies", "Riotous Rookies", 1, 150_000, "Low Cost Linemen", None),
    ("wandering-apothecaries", "Wandering Apothecaries", 2, 100_000, "apothecary", None),
    ("halfling-master-chef", "Halfling Master Chef", 1, 300_000, "any", ("halfling", 100_000)),
    (
        "biased-referee",
        "Biased Referee: Dodgy League Rep",
        1,
        120_000,
        "any",
        ("Bribery and Corruption", 80_000, None),
    ),
    (
        "infamous-coaching-staff",
        "Infamous Coaching Staff: Josef Bugman",
        1,
        100_000,
        "any",
        None,
    ),
    ("mercenary-players", "Mercenary Players", 3, None, "any", None),
    ("star-players", "Star Players", 2, None, "any", None),
    ("sports-wizard", "Wizard: Sports-Wizard", 1, 150_000, "any", None),
]


@pytest.mark.parametrize(
    ("slug", "name", "most", "price", "who", "special"), TABLE, ids=[r[0] for r in TABLE]
)
def test_inducement_table_row(
    ruleset: Ruleset,
    slug: str,
    name: str,
    most: int,
    price: int | None,
    who: str,
    special: tuple[Any, ...] | None,
) -> None:
    """Section 5, "Inducements" table: max, price and who may buy, row by row."""
    row = ruleset.inducements[slug]
    assert (row.name, row.max_count, row.price) == (name, most, price)
    if who in ("any", "apothecary"):
        assert row.who == who
    else:
        assert (row.who, row.who_special_rule) == ("special_rule", who)
    if special is None:
        assert row.special_prices == ()
        return
    (special_price,) = row.special_prices
    key, gold = special[0], special[1]
    assert (special_price.special_rule or special_price.roster, special_price.price) == (
        key,
        gold,
    )
    if len(special) == 3 and special[2] is not None:
        assert isinstance(row, Bb2025Inducement)
        assert dict(row.special_max_counts) == {key: special[2]}


def test_the_whole_table_and_nothing_else(ruleset: Ruleset) -> None:
    """Section 5: the common inducements are exactly the table's rows."""
    assert set(ruleset.inducements) == {row[0] for row in TABLE}


def _offered(ruleset: Ruleset, state: TeamState) -> dict[str, tuple[int, int | None]]:
    offer = inducement_offer(ruleset, state, RICH)
    return {row["slug"]: (row["price"], row["max_count"]) for row in offer["inducements"]}


@pytest.mark.parametrize(
    ("roster", "choice", "slug", "offered"),
    [
        ("goblin", None, "bribes", (50_000, 6)),  # Bribery and Corruption
        ("human", None, "bribes", (100_000, 3)),
        ("dwarf", None, "biased-referee", (80_000, 1)),
        ("human", None, "biased-referee", (120_000, 1)),
        ("halfling", None, "halfling-master-chef", (100_000, 1)),
        ("human", None, "halfling-master-chef", (300_000, 1)),
        ("vampire", None, "mortuary-assistant", (100_000, 1)),
        ("human", None, "mortuary-assistant", None),
        ("nurgle", None, "plague-doctor", (100_000, 1)),
        ("chaos-chosen", "Favoured of Nurgle", "plague-doctor", (100_000, 1)),
        ("chaos-chosen", "Favoured of Khorne", "plague-doctor", None),
        ("ogre", None, "riotous-rookies", (150_000, 1)),
        ("snotling", None, "riotous-rookies", (150_000, 1)),
        ("human", None, "riotous-rookies", None),
        ("human", None, "wandering-apothecaries", (100_000, 2)),
        ("nurgle", None, "wandering-apothecaries", None),  # no apothecary
        ("shambling-undead", None, "wandering-apothecaries", None),
        ("human", None, "temp-agency-cheerleaders", (5_000, 5)),
    ],
)
def test_who_may_buy_at_what_price(
    ruleset: Ruleset,
    roster: str,
    choice: str | None,
    slug: str,
    offered: tuple[int, int] | None,
) -> None:
    """Section 5: the prices and maxima a team is offered by its special rules, roster and
    its chosen Favoured of... rule; a row it may not buy is not offered."""
    lineman = ruleset.roster(roster).lineman_positions()[0].slug
    state = team(roster, {lineman: 11}, choice=choice)
    assert _offered(ruleset, state).get(slug) == offered


# --- section 5: Prayers to Nuffle ------------------------------------------------------------


def test_prayers_bought_roll_a_d16_each_rerolling_the_teams_repeats(ruleset: Ruleset) -> None:
    """Section 5, "Prayers to Nuffle": one D16 per prayer bought, re-rolling results the
    team already has; each roll is recorded with its purpose."""
    higher, lower = humans(blitzers=1, name="High"), humans(name="Low")
    orders = {"home": {}, "away": {"prayers-to-nuffle": 2}}
    dice = ScriptedDice([7, 7, 7, 14])
    step = inducements(ruleset, dice, {"home": higher, "away": lower}, orders)
    prayers = step.outcome["away"]["prayers"]
    assert [r["name"] for r in prayers["results"]] == ["Greasy Cleats", "Throw a Rock"]
    assert prayers["rerolled"] == [7, 7]
    assert [(english(r.purpose), r.die) for r in step.rolls] == [
        ("Prayers to Nuffle (away)", "d16")
    ] * 4
    assert step.outcome["away"]["ctv_after"] == 550_000 + 20_000


# --- section 5: Mercenary Players ------------------------------------------------------------


def test_a_mercenary_costs_his_hiring_fee_plus_30000_and_50000_for_a_skill(
    ruleset: Ruleset,
) -> None:
    """Section 5, "Mercenary Players": hiring fee + 30,000; one primary skill +50,000;
    Loner (4+). The engine prices him from the position the order names."""
    order = {
        "mercenaries": [
            "human-blitzer",
            {"position": "human-catcher", "skill": "Sure Hands"},
        ]
    }
    bought = validate_purchase(ruleset, humans(), order, RICH)
    assert [(m.position_slug, m.price, m.skills) for m in bought.mercenaries] == [
        ("human-blitzer", 85_000 + 30_000, ("Loner (4+)",)),
        ("human-catcher", 75_000 + 30_000 + 50_000, ("Loner (4+)", "Sure Hands")),
    ]
    assert bought.total == 115_000 + 155_000


def test_the_offer_prices_each_position_and_says_what_fits(ruleset: Ruleset) -> None:
    """Section 5: 0-3 mercenaries of the team's own positions, within each QTY."""
    offer = inducement_offer(ruleset, humans(blitzers=2, linemen=9), RICH)
    assert offer["max_mercenaries"] == 3
    rows = {row["position"]: row for row in offer["mercenaries"]}
    assert "human-blitzer" not in rows  # 2 of 0-2 already play
    assert rows["human-catcher"]["price"] == 105_000
    assert rows["human-catcher"]["price_with_extra_skill"] == 155_000
    assert rows["human-catcher"]["primary"] == ["Agility", "General"]
    assert rows["human-catcher"]["places"] == 2


@pytest.mark.parametrize(
    ("state", "order", "message"),
    [
        (
            humans(),
            {"mercenaries": ["human-lineman"] * 4},
            "at most 3 Mercenary Players; 4 were asked for",
        ),
        (humans(blitzers=2, linemen=9), {"mercenaries": ["human-blitzer"]}, "at most 2"),
        (
            humans(linemen=15),
            {"mercenaries": ["human-catcher", "human-catcher"]},
            "at most 16 players",
        ),
        (
            humans(),
            {"mercenaries": [{"position": "human-blitzer", "skill": "Dodge"}]},
            "not a primary skill",
        ),
        (humans(), {"mercenaries": ["human-wizard"]}, "no position"),
    ],
    ids=["over-3", "over-qty", "over-16", "skill-not-primary", "unknown-position"],
)
def test_mercenary_refusals(
    ruleset: Ruleset, state: TeamState, order: dict[str, Any], message: str
) -> None:
    """Section 5, "Mercenary Players" (0-3, QTY, primary skill) and section 13.9 (16)."""
    with pytest.raises(InducementError, match=message):
        validate_purchase(ruleset, state, order, RICH)


def test_a_mercenary_needs_the_money(ruleset: Ruleset) -> None:
    """Section 5: he is paid for like any inducement."""
    with pytest.raises(InducementError, match="costs 115,000 gp; you have 100,000 gp"):
        validate_purchase(
            ruleset, humans(), {"mercenaries": ["human-blitzer"]}, Money(100_000, PETTY_CASH)
        )


def test_players_missing_the_game_count_neither_for_qty_nor_for_16(ruleset: Ruleset) -> None:
    """Section 5: mercenaries count toward the position's QTY, "players missing the game
    do not"; section 13.9: nor toward the 16."""
    blitzer_out = humans(blitzers=2, linemen=9, missing={"human-blitzer": 1})
    bought = validate_purchase(ruleset, blitzer_out, {"mercenaries": ["human-blitzer"]}, RICH)
    assert len(bought.mercenaries) == 1
    sixteen = humans(linemen=16, missing={"human-lineman": 2})
    order = {"mercenaries": ["human-catcher", "human-catcher"]}
    assert len(validate_purchase(ruleset, sixteen, order, RICH).mercenaries) == 2


def test_mercenaries_join_the_game_with_loner(ruleset: Ruleset) -> None:
    """Section 5: the mercenaries bought play this game (``mercenaries`` of the result),
    with Loner (4+) and the skill bought."""
    higher = humans(blitzers=1, treasury=300_000, name="High")
    lower = humans(name="Low")
    choices = {
        "inducements": {
            "home": {"mercenaries": [{"position": "human-blitzer", "skill": "Wrestle"}]},
            "away": {},
        },
        "kick_or_receive": "kick",
    }
    result = bb2025.pre_game(
        ruleset, higher, lower, ScriptedDice([1, 1, (3, 4), 6, 1]), choices=choices
    )
    assert result.complete
    assert result.mercenaries == {
        "home": [{"position": "human-blitzer", "skills": ["Loner (4+)", "Wrestle"]}],
        "away": [],
    }
    assert result.treasury_spent == {"home": 165_000, "away": 0}


def test_a_mercenary_is_never_offered_for_hire_after_the_game(ruleset: Ruleset) -> None:
    """Section 5: "unlike journeymen they cannot be hired after the game"; both leave."""
    home = humans(linemen=11, name="H", treasury=500_000)
    extra = (
        PlayerState(id="J", name="Journeyman", position_slug="human-lineman", journeyman=True),
        PlayerState(
            id="M",
            name="Mercenary",
            position_slug="human-catcher",
            skills=("Loner (4+)",),
            journeyman=True,
            mercenary=True,
        ),
    )
    home = home.evolve(players=home.players[:9] + extra)
    away = humans(linemen=11, name="A")
    report = Bb2025MatchReport(
        Bb2025TeamReport(touchdowns=0, fan_factor=3), Bb2025TeamReport(touchdowns=0, fan_factor=3)
    )
    nominees = {
        "home": ["H-1", "H-2", "H-3", "H-4", "J", "M"],
        "away": ["A-1", "A-2", "A-3", "A-4", "A-5", "A-6"],
    }
    result = bb2025.post_game(
        ruleset,
        home,
        away,
        report,
        SeededDice(2025),
        choices={"mvp_nominees": nominees},
        hold_hiring=True,
    )
    offers = [c for c in result.pending if c.kind == "hire_journeymen" and c.side == "home"]
    assert [set(c.options["journeymen"]) for c in offers] == [{"J"}]


def test_both_teams_may_field_the_same_star(ruleset: Ruleset) -> None:
    """Section 5, "Star Players": "both teams may hire the same star" (BB2020: neither
    fielded him)."""
    higher = humans(blitzers=1, treasury=400_000, name="High")
    lower = humans(treasury=0, name="Low")
    orders = {
        "home": {"star_players": ["griff-oberwald"]},
        "away": {"star_players": ["griff-oberwald"]},
    }
    outcome = inducements(
        ruleset, ScriptedDice([]), {"home": higher, "away": lower}, orders
    ).outcome
    assert outcome["home"]["bought"]["star_players"] == ["griff-oberwald"]
    assert outcome["away"]["bought"]["star_players"] == ["griff-oberwald"]
    assert outcome["star_players_not_fielded"] == []


def test_josef_bugman_is_coaching_staff_or_a_star_not_both(ruleset: Ruleset) -> None:
    """Section 5: Infamous Coaching Staff: Josef Bugman, "then he cannot also be hired as
    a star"."""
    dwarfs = team("dwarf", {"dwarf-lineman": 11})
    order = {"infamous-coaching-staff": 1, "star_players": ["josef-bugman"]}
    with pytest.raises(InducementError, match="cannot also hire him as a Star Player"):
        validate_purchase(ruleset, dwarfs, order, RICH)
    assert validate_purchase(ruleset, dwarfs, {"infamous-coaching-staff": 1}, RICH).total == 100_000
