"""The one-pass paths give what the plain ones give: every player's advancement offer in
one loop, the SPP earned and their rows in one pass, numbered dice, the pre-game result
and a team that needs no journeymen."""

from __future__ import annotations

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import BB2020
from rules_engine.bb2020.journeymen import journeymen_for
from rules_engine.bb2020.pregame import PreGameResult
from rules_engine.bb2020.pregame_result import pre_game_result
from rules_engine.bb2020.report import PlayerReport, TeamReport
from rules_engine.bb2020.spp import mvp_candidates, spp_earned, spp_earned_by, spp_rows
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.advancement import BB2025
from rules_engine.bb2025.pregame import Bb2025PreGameResult
from rules_engine.dice import SeededDice
from tests.rules_engine.bench_players import bench_players

RULESET = get_ruleset("bb2020")


@pytest.mark.parametrize("rules", [BB2020, BB2025], ids=["bb2020", "bb2025"])
def test_the_offers_in_one_pass_are_each_players_offer(rules) -> None:
    ruleset = get_ruleset(rules.key)
    players = bench_players(ruleset, seeds=30)
    seen: dict = {}
    offers = rules.advancement_offers(ruleset, players, "home", seen)
    assert len(offers) == len(players) > 100
    assert any(choice is not None for _, _, choice in offers)
    for player, (pictured, options, choice) in zip(players, offers, strict=True):
        assert pictured is player
        assert (options, choice) == rules.advancement_offer(ruleset, player, "home")


def test_a_picture_alike_keeps_its_choice_and_a_new_total_gets_a_new_one() -> None:
    player = PlayerState(id=7, name="Lothar", position_slug="human-lineman", spp=12)
    seen: dict = {}
    [(_, _, first)] = BB2020.advancement_offers(RULESET, [player], "home", seen)
    [(_, _, again)] = BB2020.advancement_offers(
        RULESET, [player.evolve(miss_next_game=True)], "home", seen
    )
    [(_, _, richer)] = BB2020.advancement_offers(RULESET, [player.evolve(spp=13)], "home", seen)
    assert again is first
    assert richer is not first and richer.options["spp"] == 13 and first.options["spp"] == 12


def test_the_spp_in_one_pass_are_each_players_spp() -> None:
    reports = [
        PlayerReport(1, touchdowns=2, completions=1),
        PlayerReport(2, casualties=1, interceptions=1, deflections=2),
        PlayerReport(3),
        PlayerReport(4, touchdowns=1, induced=True),
        PlayerReport(5, completions=3),
    ]
    earned = spp_earned_by(reports, 3)
    plain = [spp_earned(r, r.player_id, mvp=r.player_id == 3) for r in reports if not r.induced]
    assert earned == plain
    assert [s.total for s in earned] == [s.total for s in plain] == [7, 6, 4, 3]
    assert spp_rows(earned) == [s.as_dict() for s in plain if s.total]
    assert spp_rows(earned) == spp_rows(earned)  # once its breakdowns are remembered


@pytest.mark.parametrize("die", ["d3", "d6", "d8", "d16"])
def test_a_numbered_die_rolls_and_records_as_the_generic_roll(die) -> None:
    quick, plain = SeededDice("same"), SeededDice("same")
    got = [getattr(quick, die)(f"purpose {n}") for n in range(200)]
    assert got == [plain.roll(die, f"purpose {n}") for n in range(200)]
    assert quick.rolls == plain.rolls


def test_dice_that_roll_their_own_way_still_roll_every_die_their_way() -> None:
    class Loaded(SeededDice):
        def roll(self, die, purpose):
            self.rolls.append(purpose)
            return 1

    dice = Loaded(1)
    assert [dice.d3("a"), dice.d6("b"), dice.d16("c")] == [1, 1, 1]
    assert dice.rolls == ["a", "b", "c"]


@pytest.mark.parametrize("result_type", [PreGameResult, Bb2025PreGameResult])
def test_the_pre_game_result_is_the_one_its_init_makes(result_type) -> None:
    made = pre_game_result(result_type, "pre-game", (), False, "bb2020")
    assert type(made) is result_type
    assert made == result_type("pre-game", (), league=False, ruleset_key="bb2020")
    assert repr(made) == repr(result_type("pre-game", (), league=False, ruleset_key="bb2020"))


def test_a_team_of_eleven_takes_no_journeymen_whatever_the_answer() -> None:
    players = tuple(
        PlayerState(id=n, name=f"P{n}", position_slug="human-lineman") for n in range(11)
    )
    team = TeamState(name="Reavers", roster_slug="human", players=players)
    result = journeymen_for(RULESET, team, "home", "no-such-position")
    assert (result.needed, result.players, result.ctv_after) == (0, (), result.ctv_before)
    assert result.ctv_before == 11 * 50_000


def test_a_picture_evolves_by_its_fields_and_refuses_any_other_name() -> None:
    player = PlayerState(id=1, name="Lothar", position_slug="human-lineman")
    evolved = player.evolve(spp=3, miss_next_game=True)
    assert evolved == PlayerState(
        id=1, name="Lothar", position_slug="human-lineman", spp=3, miss_next_game=True
    )
    assert list(vars(evolved)) == list(vars(player))
    with pytest.raises(TypeError, match="bogus"):
        player.evolve(spp=4, bogus=1)
    with pytest.raises(TypeError, match="nope"):
        TeamState(name="Reavers", roster_slug="human").evolve(nope=2)


@pytest.mark.parametrize(
    "numbers",
    [(1, 2, 3, 7, 9), (3, 1, 2, 9, 7), (1, 2, 2, 5, 0), (4, 5, 6, 0, 0), (1,), ()],
    ids=["in-order", "shuffled", "a-number-twice", "journeymen-last", "one", "none"],
)
def test_mvp_candidates_are_in_shirt_number_order_however_the_sheet_lists_them(numbers) -> None:
    players = tuple(
        PlayerState(id=f"p{index}", name=f"P{index}", position_slug="human-lineman", number=n)
        for index, n in enumerate(numbers)
    )
    team = TeamState(name="Reavers", roster_slug="human", players=players)
    expected = tuple(sorted(players, key=lambda p: (p.number, str(p.id))))
    assert mvp_candidates(team, TeamReport()) == expected
