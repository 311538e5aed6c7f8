"""A real-life concession's award (facts §5): "the opponent wins 1-0, gains D6 x 10,000
and two MVPs", pinned with scripted dice."""

from __future__ import annotations

import pytest

from rules_engine.bb2020 import real_life_concession_award
from rules_engine.bb2020.forfeit import GOLD_PURPOSE, mvp_purpose
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Roll, ScriptedDice
from rules_engine.editions import sequences_for
from rules_engine.errors import DiceScriptError
from rules_engine.wording import english


def team(count: int, **marks: dict) -> TeamState:
    """Human linemen numbered 1..count (ids 101..); ``marks`` by number: field changes."""
    players = tuple(
        PlayerState(
            id=100 + n,
            name=f"Lineman {n}",
            position_slug="human-lineman",
            number=n,
            **marks.get(str(n), {}),
        )
        for n in range(1, count + 1)
    )
    return TeamState(name="Reikland Reavers", roster_slug="human", players=players)


def test_gold_is_a_d6_times_ten_thousand_and_two_mvps_are_picked():
    # 11 players: each MVP pick is a D16, re-rolled above 11.
    dice = ScriptedDice([4, 3, 13, 7])
    award = real_life_concession_award(team(11), dice)
    assert (award.gold_roll, award.gold) == (4, 40_000)
    assert award.mvp_player_ids == (103, 107)
    assert award.spp_per_mvp == 4 and award.spp_by_player == {103: 4, 107: 4}
    assert award.rolls == (
        Roll(GOLD_PURPOSE, "d6", 4),
        Roll(mvp_purpose(1), "d16", 3),
        Roll(mvp_purpose(2), "d16", 13),
        Roll(mvp_purpose(2), "d16", 7),
    )
    assert dice.remaining == 0


@pytest.mark.parametrize("roll", range(1, 7))
def test_every_d6_pays_its_ten_thousands(roll):
    award = real_life_concession_award(team(2), ScriptedDice([roll, 1, 2]))
    assert award.gold == roll * 10_000


def test_one_player_may_win_both_mvps():
    """Two MVPs, not two players: the second pick is made among everyone eligible."""
    award = real_life_concession_award(team(6), ScriptedDice([6, 2, 2]))
    assert award.mvp_player_ids == (102, 102)
    assert award.spp_by_player == {102: 8}


def test_only_players_eligible_to_play_can_be_mvp():
    # #2 misses the game, #3 is temporarily retired: candidates #1, #4 (a journeyman), #5.
    opponent = team(
        5,
        **{"2": {"miss_next_game": True}, "3": {"temporarily_retired": True}},
        **{"4": {"journeyman": True}},
    )
    award = real_life_concession_award(opponent, ScriptedDice([1, 2, 3]))
    assert award.candidates == (101, 104, 105)
    assert award.mvp_player_ids == (104, 105)
    assert [r.die for r in award.rolls] == ["d6", "d3", "d3"]


def test_a_single_eligible_player_needs_no_roll_and_wins_both():
    award = real_life_concession_award(team(1), ScriptedDice([5]))
    assert award.mvp_player_ids == (101, 101)
    assert [english(r.purpose) for r in award.rolls] == [english(GOLD_PURPOSE)]


def test_nobody_eligible_gets_the_gold_and_no_mvp():
    opponent = team(2, **{"1": {"miss_next_game": True}, "2": {"miss_next_game": True}})
    award = real_life_concession_award(opponent, ScriptedDice([3]))
    assert (award.gold, award.mvp_player_ids) == (30_000, ())
    assert "No player was eligible" in award.reason


def test_a_friendly_pays_the_gold_and_no_mvp():
    award = real_life_concession_award(team(11), ScriptedDice([2]), league=False)
    assert (award.gold, award.mvp_player_ids, award.reason) == (
        20_000,
        (),
        "A friendly awards no MVP",
    )


def test_the_rolls_replay_and_a_short_script_is_an_error():
    first = real_life_concession_award(team(11), ScriptedDice([4, 3, 13, 7]))
    again = real_life_concession_award(team(11), ScriptedDice.replay(first.rolls))
    assert again == first
    assert first.as_dict()["rolls"][0] == {
        "purpose": english(GOLD_PURPOSE),
        "die": "d6",
        "result": 4,
    }
    with pytest.raises(DiceScriptError):
        real_life_concession_award(team(11), ScriptedDice([4]))


def test_only_the_bb2020_sequences_have_the_rule():
    """The apps ask the league's sequences module; classic and Blitz Bowl have no award."""
    assert sequences_for("bb2020").real_life_concession_award is real_life_concession_award
    assert not hasattr(sequences_for("classic"), "real_life_concession_award")
    assert not hasattr(sequences_for("blitz_bowl"), "real_life_concession_award")
