"""BB2020 fidelity fixes, each pinned against the facts sheet and two public
datasets (rules_engine/data/bb2020/SOURCE.md, "Corrections")."""

from __future__ import annotations

import pytest

from rules_engine.bb2020.inducements import PETTY_CASH, Money, inducement_offer, validate_purchase
from rules_engine.bb2020.pregame import pre_game
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Roll, ScriptedDice
from rules_engine.errors import InducementError
from rules_engine.wording import english

PLENTY = Money(5_000_000, PETTY_CASH)
CHAOS_GODS = (
    "Favoured of Chaos Undivided, Favoured of Hashut, Favoured of Khorne, "
    "Favoured of Nurgle, Favoured of Slaanesh, Favoured of Tzeentch"
)


def players(position: str, count: int, start: int = 0, **flags) -> tuple[PlayerState, ...]:
    return tuple(
        PlayerState(id=i, name=f"Player {i}", position_slug=position, **flags)
        for i in range(start, start + count)
    )


def team(roster: str, *groups: tuple[PlayerState, ...], **changes) -> TeamState:
    squad = tuple(p for group in groups for p in group)
    return TeamState(name=roster.title(), roster_slug=roster, players=squad, **changes)


def refused(bb2020, who: TeamState, order) -> list[str]:
    with pytest.raises(InducementError) as caught:
        validate_purchase(bb2020, who, order, PLENTY)
    return caught.value.messages


# --- 1. "Favoured of ..." / league option chosen before what depends on it ---------------


def test_a_team_without_a_choice_cannot_buy_what_depends_on_it(bb2020):
    undecided = team("chaos-chosen", players("chaos-chosen-beastman-runner-lineman", 11))
    assert refused(
        bb2020, undecided, {"plague-doctor": 1, "star_players": ["bilerot-vomitflesh"]}
    ) == [
        "Plague Doctor depends on the Chaos Chosen team's special rule: choose one of "
        f"{CHAOS_GODS} first",
        "Bilerot Vomitflesh depends on the Chaos Chosen team's special rule: choose one of "
        f"{CHAOS_GODS} first",
    ]
    # Stars who play for every Favoured of ... do not depend on which one.
    assert validate_purchase(bb2020, undecided, {"star_players": ["grashnak-blackhoof"]}, PLENTY)
    offer = inducement_offer(bb2020, undecided, PLENTY)
    assert "plague-doctor" not in {row["slug"] for row in offer["inducements"]}
    stars = {row["slug"] for row in offer["star_players"]}
    assert "bilerot-vomitflesh" not in stars and "grashnak-blackhoof" in stars

    nurgle = undecided.evolve(special_rule_choice="Favoured of Nurgle")
    order = {"plague-doctor": 1, "star_players": ["bilerot-vomitflesh"]}
    assert validate_purchase(bb2020, nurgle, order, PLENTY).total == 100_000 + 180_000


def test_an_undecided_norse_team_has_no_old_world_classic_stars(bb2020):
    norse = team("norse", players("norse-raider-lineman", 11))
    assert refused(bb2020, norse, {"star_players": ["ivar-eriksson"]}) == [
        "Ivar Eriksson depends on the Norse team's special rule: choose one of "
        "Old World Classic, Favoured of Khorne, Favoured of Chaos Undivided first"
    ]
    classic = norse.evolve(special_rule_choice="Old World Classic")
    assert validate_purchase(bb2020, classic, {"star_players": ["ivar-eriksson"]}, PLENTY)


# --- 2. mercenaries count against each position's maximum --------------------------------


def test_mercenaries_count_against_the_position_maximum(bb2020):
    humans = team("human", players("human-lineman", 9), players("human-blitzer", 3, start=9))
    assert validate_purchase(bb2020, humans, {"mercenaries": ["human-blitzer"]}, PLENTY)
    assert refused(bb2020, humans, {"mercenaries": ["human-blitzer", "human-blitzer"]}) == [
        "Human teams may have at most 4 Blitzers: 3 on the team and 2 mercenaries make 5"
    ]
    # An injured Blitzer is still on the team and still counts.
    hurt = humans.evolve(
        players=humans.players + players("human-blitzer", 1, start=12, miss_next_game=True)
    )
    assert refused(bb2020, hurt, {"mercenaries": ["human-blitzer"]}) == [
        "Human teams may have at most 4 Blitzers: 4 on the team and 1 mercenary make 5"
    ]


# --- 3. temporarily retired players count toward the 16 ---------------------------------


def test_temporarily_retired_players_count_toward_the_16(bb2020):
    humans = team(
        "human",
        players("human-lineman", 12),
        players("human-lineman", 3, start=12, temporarily_retired=True),
    )
    assert validate_purchase(bb2020, humans, {"star_players": ["griff-oberwald"]}, PLENTY)
    assert refused(
        bb2020, humans, {"star_players": ["griff-oberwald"], "mercenaries": ["human-lineman"]}
    ) == [
        "A team may field at most 16 players: 12 available players, 3 temporarily retired "
        "players, 1 star player and 1 mercenary make 17"
    ]
    offer = inducement_offer(bb2020, humans, PLENTY)
    assert offer["player_slots"] == 1


# --- 4. Josef Bugman 0-1 -----------------------------------------------------------------


def test_josef_bugman_is_0_to_1(bb2020):
    assert bb2020.inducements["josef-bugman"].max_count == 1
    humans = team("human", players("human-lineman", 11))
    assert validate_purchase(bb2020, humans, {"josef-bugman": 1}, PLENTY).total == 100_000
    assert refused(bb2020, humans, {"josef-bugman": 2}) == [
        "A team may induce at most 1 Infamous coaching staff (Josef Bugman); 2 were asked for"
    ]


# --- 5. Riotous Rookies: 2D3+1 extra journeymen for the game -----------------------------


def test_riotous_rookies_bring_2d3_plus_1_journeymen_for_the_game(bb2020):
    # 16 Gnoblars (Low Cost Linemen: nothing in CTV) + 5 re-rolls (350,000) against
    # 16 Human Linemen + 1 re-roll (850,000): the Ogres are the underdog.
    ogres = team("ogre", players("ogre-gnoblar-lineman", 16), rerolls=5)
    humans = team("human", players("human-lineman", 16), rerolls=1, treasury=0)
    choices = {"inducements": {"away": {}, "home": {"riotous-rookies": 1}}, "coin_toss": "home",
               "kick_or_receive": "kick"}  # fmt: skip
    dice = ScriptedDice(
        [2, 1, (3, 4),
         Roll("Riotous Rookies (home)", "d3", 2), Roll("Riotous Rookies (home)", "d3", 3)]
        + list(range(1, 17))  # Prayers to Nuffle, no repeats
    )  # fmt: skip
    result = pre_game(bb2020, ogres, humans, dice, choices=choices)
    step = result.step("inducements")
    assert step.outcome["home"]["riotous_rookies"] == {
        "roll": [2, 3],
        "count": 6,
        "positions": ["ogre-gnoblar-lineman"] * 6,
    }
    assert [english(r.purpose) for r in step.rolls] == ["Riotous Rookies (home)"] * 2
    rookies = result.journeymen["home"]
    assert len(rookies) == 6
    assert {p.position_slug for p in rookies} == {"ogre-gnoblar-lineman"}
    assert all(p.journeyman and p.skills == ("Loner (4+)",) for p in rookies)
    assert len({p.id for p in rookies}) == 6
    assert result.journeymen["away"] == ()
    # The rookies cost their 100,000 and add nothing more (Low Cost Linemen).
    assert result.ctv_after_inducements == {"home": 450_000, "away": 850_000}


def test_riotous_rookies_follow_the_journeymen_of_step_3(bb2020):
    ogres = team("ogre", players("ogre-gnoblar-lineman", 9), rerolls=5)
    humans = team("human", players("human-lineman", 16), rerolls=1)
    choices = {"inducements": {"away": {}, "home": {"riotous-rookies": 1}}, "coin_toss": "home",
               "kick_or_receive": "kick"}  # fmt: skip
    dice = ScriptedDice([2, 1, (3, 4), 1, 1, *range(1, 17)])
    result = pre_game(bb2020, ogres, humans, dice, choices=choices)
    home = result.journeymen["home"]
    assert len(home) == 2 + 3  # two to reach 11, then 2D3+1 = 3
    assert len({p.id for p in home}) == 5
    assert result.step("inducements").outcome["home"]["riotous_rookies"]["count"] == 3


# --- 6 and 7. star player profiles --------------------------------------------------------


def test_gretchen_wachter_has_her_profile(bb2020):
    gretchen = bb2020.star_players["gretchen-wachter-the-blood-bowl-widow"]
    assert gretchen.name == "Gretchen Wächter 'The Blood Bowl Widow'"
    assert (gretchen.cost, gretchen.ma, gretchen.st, gretchen.ag, gretchen.pa, gretchen.av) == (
        260_000, 7, 3, 2, None, 9,
    )  # fmt: skip
    assert gretchen.skills == (
        "Disturbing Presence", "Dodge", "Foul Appearance", "Jump Up", "Loner (4+)",
        "No Hands", "Regeneration", "Shadowing", "Sidestep",
    )  # fmt: skip
    assert gretchen.special_rule == "Incorporeal"
    assert gretchen.plays_for == ("Sylvanian Spotlight",)
    assert "gretchen-wachter-the-blood-bowl-widow" in {
        star.slug for star in bb2020.stars_for("vampire")
    }


@pytest.mark.parametrize(
    ("slug", "skills"),
    [
        ("roxanna-darknail",
         ("Dodge", "Frenzy", "Juggernaut", "Jump Up", "Leap", "Loner (4+)")),
        ("bryce-the-slice-cambuel",
         ("Chainsaw", "Loner (4+)", "Regeneration", "Secret Weapon", "Stand Firm", "Thick Skull")),
        ("ivar-eriksson", ("Block", "Guard", "Loner (3+)", "Tackle")),
        ("puggy-baconbreath",
         ("Block", "Dodge", "Loner (3+)", "Nerves of Steel", "Right Stuff", "Stunty")),
    ],
)  # fmt: skip
def test_star_skill_lists_agree_with_the_second_source(bb2020, slug, skills):
    assert bb2020.star_players[slug].skills == skills


def test_lucien_swift_has_no_juggernaut(bb2020):
    lucien, valen = bb2020.star_players["the-swift-twins"].profiles
    assert lucien.skills == ("Block", "Loner (4+)", "Mighty Blow (+1)", "Tackle")
    assert valen.skills == (
        "Accurate", "Loner (4+)", "Nerves of Steel", "Pass", "Safe Pass", "Sure Hands",
    )  # fmt: skip
