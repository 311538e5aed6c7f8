"""The engine's one-pass paths give what the plain ones give: a post-game lists
each player's advancement options and choice through ``advancement_offer``, which must
offer exactly what ``advancement_options`` and ``advancement_choice`` offer, for every
edition that spends SPP; the option rows it shares between choices refuse any change."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import BB2020
from rules_engine.bb2020.spp import SppEarned
from rules_engine.bb2020.state import PlayerState
from rules_engine.bb2025.advancement import BB2025
from tests.rules_engine.bench_players import bench_players

RULESET = get_ruleset("bb2020")


@pytest.mark.parametrize("rules", [BB2020, BB2025], ids=["bb2020", "bb2025"])
def test_an_offer_is_the_options_and_the_choice(rules) -> None:
    ruleset = get_ruleset(rules.key)
    players = bench_players(ruleset)
    assert len(players) > 100
    for player in players:
        options, choice = rules.advancement_offer(ruleset, player, "away")
        assert options == rules.advancement_options(ruleset, player)
        assert choice == rules.advancement_choice(ruleset, player, "away")
        assert repr(choice) == repr(rules.advancement_choice(ruleset, player, "away"))


def test_the_rows_an_offer_shares_refuse_every_change() -> None:
    player = PlayerState(id=7, name="Lothar", position_slug="human-lineman", spp=12)
    _, first = BB2020.advancement_offer(RULESET, player, "home")
    _, second = BB2020.advancement_offer(RULESET, player.evolve(id=8), "away")
    assert first is not None and second is not None
    mine, theirs = first.options["options"], second.options["options"]
    row = mine[2]
    changes = [
        lambda: row["categories"].append("Mutation"),
        lambda: row.__setitem__("cost", 0),
        lambda: row.update(cost=0),
        lambda: row.pop("cost"),
        lambda: mine.append({}),
        lambda: mine.sort(key=str),
        lambda: mine.__delitem__(0),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="shared"):
            change()
    assert theirs[2] == {
        "kind": "random_secondary",
        "cost": 6,
        "value_increase": 20_000,
        "categories": ["Agility", "Strength"],
    }
    assert repr(theirs[2]) == repr(dict(theirs[2], categories=list(theirs[2]["categories"])))


def test_a_copy_of_the_shared_rows_is_plain_and_changeable() -> None:
    player = PlayerState(id=7, name="Lothar", position_slug="human-lineman", spp=12)
    _, choice = BB2020.advancement_offer(RULESET, player, "home")
    assert choice is not None
    rows = choice.options["options"]
    for copied in (copy.deepcopy(rows), pickle.loads(pickle.dumps(rows))):
        assert copied == rows and type(copied) is list and type(copied[0]) is dict
        assert type(copied[0]["categories"]) is list
        copied[0]["categories"].append("Mutation")
    assert json.loads(json.dumps(choice.options))["options"] == rows
    assert "Mutation" not in rows[0]["categories"]


def test_players_who_earned_alike_share_a_breakdown_nobody_can_change() -> None:
    first = SppEarned("H1", touchdowns=2, casualties=1, mvp=True).as_dict()
    second = SppEarned("A7", touchdowns=2, casualties=1, mvp=True).as_dict()
    assert first["breakdown"] == {"Casualty": 2, "Touchdown": 6, "MVP": 4}
    assert repr(second) == (
        "{'player_id': 'A7', 'spp': 12, 'breakdown': {'Casualty': 2, 'Touchdown': 6, 'MVP': 4}}"
    )
    with pytest.raises(TypeError, match="shared"):
        first["breakdown"]["MVP"] = 0
    plain = json.loads(json.dumps(second))
    plain["breakdown"]["MVP"] = 0
    assert second["breakdown"]["MVP"] == 4
    # The property itself still hands out a dict of its own.
    own = SppEarned("H1", touchdowns=2).breakdown
    own["Touchdown"] = 0
    assert SppEarned("H1", touchdowns=2).as_dict()["breakdown"] == {"Touchdown": 6}


@pytest.mark.parametrize("rules", [BB2020, BB2025], ids=["bb2020", "bb2025"])
def test_each_band_of_spp_affords_what_the_spp_pay_for(rules) -> None:
    # The options are remembered per band of SPP between the costs; at every SPP total
    # they are what the whole list of advancements (each with its cost) gives for it.
    ruleset = get_ruleset(rules.key)
    players = bench_players(ruleset)[::4]
    for player in players[:40]:
        for advancements in (0, 2, 5):
            every = rules._work_out_affordable(ruleset, player.evolve(advancements=advancements))
            for spp in range(-1, 60):
                picture = player.evolve(spp=spp, advancements=advancements)
                expected = tuple(option for cost, option in every if spp >= cost)
                assert rules.advancement_options(ruleset, picture) == expected
