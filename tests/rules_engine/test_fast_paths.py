"""The engine's quick paths give what the plain ones give (issue 15): a post-game lists
each player's advancement options and choice through ``advancement_offer``, which must
offer exactly what ``advancement_options`` and ``advancement_choice`` offer, for every
edition that spends SPP, and hand out rows no other choice shares."""

from __future__ import annotations

import pytest

from bench.bench_rules_engine import make_match
from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import BB2020
from rules_engine.bb2020.state import PlayerState
from rules_engine.bb2025.advancement import BB2025

RULESET = get_ruleset("bb2020")


def _bench_players() -> list[PlayerState]:
    players = []
    for seed in range(40):
        match = make_match(RULESET, seed)
        for player in (*match.home.players, *match.away.players):
            players.append(player)
            # More SPP, a journeyman and a player with six advancements: every branch.
            players.append(player.evolve(spp=player.spp + 30))
            players.append(player.evolve(journeyman=True, spp=50))
            players.append(player.evolve(advancements=6, spp=99))
    return players


def _has_position(ruleset, slug: str) -> bool:
    try:
        ruleset.position(slug)
    except KeyError:
        return False
    return True


@pytest.mark.parametrize("rules", [BB2020, BB2025], ids=["bb2020", "bb2025"])
def test_an_offer_is_the_options_and_the_choice(rules) -> None:
    ruleset = get_ruleset(rules.key)
    players = [p for p in _bench_players() if _has_position(ruleset, p.position_slug)]
    assert len(players) > 100
    for player in players:
        options, choice = rules.advancement_offer(ruleset, player, "away")
        assert options == rules.advancement_options(ruleset, player)
        assert choice == rules.advancement_choice(ruleset, player, "away")
        assert repr(choice) == repr(rules.advancement_choice(ruleset, player, "away"))


def test_an_offers_rows_are_its_own() -> None:
    player = PlayerState(id=7, name="Lothar", position_slug="human-lineman", spp=12)
    _, first = BB2020.advancement_offer(RULESET, player, "home")
    _, second = BB2020.advancement_offer(RULESET, player, "home")
    assert first is not None and second is not None
    mine, theirs = first.options["options"], second.options["options"]
    mine[2]["categories"].append("Mutation")
    mine[2]["cost"] = 0
    assert theirs[2]["categories"] == ["Agility", "Strength"] and theirs[2]["cost"] == 6
    _, third = BB2020.advancement_offer(RULESET, player, "home")
    assert third is not None and third.options["options"] == theirs
