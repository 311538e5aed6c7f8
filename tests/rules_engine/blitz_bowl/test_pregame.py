"""The Blitz Bowl set-up against the rule text: Game Overview step 1 (coin toss, pitch),
Blitz Bowl Arenas (the D8 "Before the coach that won the coin toss chooses which pitch")
and step 7 (ball placement on two trapdoors: "1, 2 or 3 ... closest to their End Zone;
on a 4, 5 or 6 ... closest to their opponent's End Zone")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.bb2020.state import TeamState
from rules_engine.blitz_bowl import (
    BlitzBowlPreGameResult,
    ball_placement_end_zone,
    coin_toss_winner,
    pre_game,
)
from rules_engine.dice import Roll, ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError, RulesError
from rules_engine.sequence import Choice
from rules_engine.wording import english
from tests.rules_engine.blitz_bowl.teams import box_team

STEPS = ["coin_toss", "regional_rules", "pitch", "ball_placement"]


# --- the pure rules ------------------------------------------------------------------------


@pytest.mark.parametrize(("d6", "winner"), [(1, "home"), (3, "home"), (4, "away"), (6, "away")])
def test_a_coin_flipped_with_a_d6(d6, winner):
    assert coin_toss_winner(d6) == winner


@pytest.mark.parametrize(
    ("d6", "toss_winner", "end_zone"),
    [
        (1, "home", "home"),
        (3, "home", "home"),  # "On a result of 1, 2 or 3 ... closest to their End Zone"
        (4, "home", "away"),  # "on a 4, 5 or 6 ... closest to their opponent's End Zone"
        (6, "home", "away"),
        (3, "away", "away"),
        (4, "away", "home"),
    ],
)
def test_ball_placement_boundaries(d6, toss_winner, end_zone):
    assert ball_placement_end_zone(d6, toss_winner) == end_zone


@pytest.mark.parametrize("d6", [0, 7, True, 2.0])
def test_a_d6_that_cannot_be_is_refused(d6):
    with pytest.raises(RulesError):
        coin_toss_winner(d6)
    with pytest.raises(RulesError):
        ball_placement_end_zone(d6, "home")


# --- the sequence --------------------------------------------------------------------------


def test_the_toss_winner_rolls_the_d8_then_owes_the_pitch(blitz_bowl, reavers, scramblers):
    # D6 5: the away coach wins the toss; D8 2: Underworld Challenge.
    dice = ScriptedDice([5, 2])
    result = pre_game(blitz_bowl, reavers, scramblers, dice)
    assert isinstance(result, BlitzBowlPreGameResult)
    assert [s.step for s in result.steps] == STEPS[:3]
    toss = result.step("coin_toss").outcome
    assert (toss["method"], toss["roll"], toss["winner"]) == ("d6", 5, "away")
    assert toss["winner_team"] == "The Scramblers"
    # "the coach that lost the coin toss sets up their team ... first" and "The coach who
    # set up their team first (coach A) takes the first turn".
    assert (toss["sets_up_first"], result.first_turn) == ("home", "home")
    regional = result.step("regional_rules")
    assert regional.outcome["regional_rule"] == "Underworld Challenge"
    assert regional.outcome["rolled_by"] == "away"
    assert [english(r.purpose) for r in regional.rolls] == ["Regional league (away)"]
    assert result.regional_rule.name == "Underworld Challenge"
    assert result.sudden_death_margin == 10
    assert not result.complete
    assert result.pending[0].prompt.english() == "The Scramblers won the toss: one trapdoor or two?"
    assert result.pending == (
        Choice(
            side="away",
            kind="pitch",
            prompt=result.pending[0].prompt,
            options={"answers": ["one_trapdoor", "two_trapdoors"]},
        ),
    )
    assert (result.pitch, result.ball_end_zone) == (None, None)
    assert dice.remaining == 0  # nothing rolled after the pending choice


def test_one_trapdoor_rolls_nothing_for_the_ball(blitz_bowl, reavers, scramblers):
    result = pre_game(
        blitz_bowl, reavers, scramblers, ScriptedDice([1, 4]), choices={"pitch": "one_trapdoor"}
    )
    assert result.complete
    assert [s.step for s in result.steps] == STEPS
    assert result.coin_toss_winner == "home" and result.first_turn == "away"
    assert result.regional_rule.name == "Elven Kingdoms League"
    assert result.pitch == "one_trapdoor"
    placement = result.step("ball_placement")
    assert placement.rolls == ()
    assert placement.outcome["roll"] is None and result.ball_end_zone is None


@pytest.mark.parametrize(("d6", "end_zone"), [(3, "home"), (4, "away")])
def test_two_trapdoors_place_the_ball_by_the_toss_winners_d6(
    blitz_bowl, reavers, scramblers, d6, end_zone
):
    dice = ScriptedDice([2, 6, d6])  # home wins the toss; The Badlands Brawl
    result = pre_game(blitz_bowl, reavers, scramblers, dice, choices={"pitch": "two_trapdoors"})
    assert result.complete
    placement = result.step("ball_placement")
    assert placement.rolls == (Roll("Ball placement (home)", "d6", d6),)
    assert placement.outcome["end_zone"] == end_zone == result.ball_end_zone
    assert placement.outcome["trapdoor"] == f"closest to the {end_zone} End Zone"


def test_ball_placement_is_the_toss_winners_side(blitz_bowl, reavers, scramblers):
    # The away coach won the toss: a 3 puts the ball by the away End Zone.
    dice = ScriptedDice([6, 3, 3])
    result = pre_game(blitz_bowl, reavers, scramblers, dice, choices={"pitch": "two_trapdoors"})
    assert result.ball_end_zone == "away"


def test_lustrian_superleague_forces_two_trapdoors(blitz_bowl, reavers, scramblers):
    # "The coach that won the coin toss must choose to use the pitch with two trapdoors."
    dice = ScriptedDice([1, 8, 5])
    result = pre_game(blitz_bowl, reavers, scramblers, dice)
    assert result.complete and result.pending == ()
    assert result.regional_rule.name == "Lustrian Superleague"
    pitch = result.step("pitch").outcome
    assert pitch == {
        "chosen_by": "home",
        "pitch": "two_trapdoors",
        "forced_by": "Lustrian Superleague",
    }
    assert result.ball_end_zone == "away"  # a 5 for the home coach: the opponent's End Zone


def test_lustrian_superleague_refuses_one_trapdoor(blitz_bowl, reavers, scramblers):
    with pytest.raises(RulesError, match="must choose the pitch with two trapdoors"):
        pre_game(
            blitz_bowl, reavers, scramblers, ScriptedDice([1, 8]), choices={"pitch": "one_trapdoor"}
        )
    # Saying "two_trapdoors" there is fine.
    dice = ScriptedDice([1, 8, 1])
    result = pre_game(blitz_bowl, reavers, scramblers, dice, choices={"pitch": "two_trapdoors"})
    assert result.ball_end_zone == "home"


def test_worlds_edge_superleague_sets_the_margin_at_8(blitz_bowl, reavers, scramblers):
    result = pre_game(blitz_bowl, reavers, scramblers, ScriptedDice([4, 7]))
    assert result.regional_rule.name == "World's Edge Superleague"
    assert result.sudden_death_margin == 8
    assert result.step("regional_rules").outcome["sudden_death_margin"] == 8


def test_a_coin_flipped_at_the_table_rolls_no_die(blitz_bowl, reavers, scramblers):
    dice = ScriptedDice([3, 2])
    result = pre_game(
        "blitz_bowl",
        reavers,
        scramblers,
        dice,
        choices={"coin_toss": "away", "pitch": "two_trapdoors"},
    )
    toss = result.step("coin_toss")
    assert toss.rolls == () and toss.outcome["method"] == "coin"
    assert result.coin_toss_winner == "away"
    assert [english(r.purpose) for r in result.rolls] == [
        "Regional league (away)",
        "Ball placement (away)",
    ]


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ({"coin_toss": "heads"}, "won by 'home' or 'away'"),
        ({"pitch": "three_trapdoors"}, "one_trapdoor or two_trapdoors"),
        ({"kick_or_receive": "kick"}, "Unknown Blitz Bowl pre-game choices"),
    ],
)
def test_bad_answers_are_refused(blitz_bowl, reavers, scramblers, choices, message):
    with pytest.raises(RulesError, match=message):
        pre_game(blitz_bowl, reavers, scramblers, ScriptedDice([1, 1, 1]), choices=choices)


def test_teams_must_be_blitz_bowl_teams(blitz_bowl, reavers):
    orcs = TeamState(name="Orcs", roster_slug="orc")
    with pytest.raises(RulesError, match="roster 'orc' is not a Blitz Bowl team"):
        pre_game(blitz_bowl, reavers, orcs, ScriptedDice([1, 1]))


def test_the_dice_script_must_cover_the_rolls(blitz_bowl, reavers, scramblers):
    with pytest.raises(DiceScriptError):
        pre_game(blitz_bowl, reavers, scramblers, ScriptedDice([1]))


def test_league_and_exhibition_set_up_alike(blitz_bowl, reavers, scramblers):
    league = pre_game(blitz_bowl, reavers, scramblers, ScriptedDice([2, 3]))
    friendly = pre_game(blitz_bowl, reavers, scramblers, ScriptedDice([2, 3]), league=False)
    assert league.steps == friendly.steps
    assert (league.league, friendly.league) == (True, False)


# --- replay --------------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["one_trapdoor", "two_trapdoors"]))
def test_a_seeded_set_up_replays_from_its_rolls(seed, pitch):
    home, away = box_team("human", "The Reavers"), box_team("skaven", "The Scramblers")
    # The first call stops at the pitch (unless Lustrian Superleague chose it); the coach's
    # answer is given with the same seed, and the stored rolls replay the whole set-up.
    first = pre_game("blitz_bowl", home, away, SeededDice(seed))
    if first.complete:
        assert first.regional_rule.name == "Lustrian Superleague"
        pitch = "two_trapdoors"
    else:
        assert first.pending[0].kind == "pitch"
    answered = pre_game("blitz_bowl", home, away, SeededDice(seed), choices={"pitch": pitch})
    assert answered.steps[:2] == first.steps[:2]
    assert answered.complete and answered.pitch == pitch
    stored = [roll.as_dict() for roll in answered.rolls]
    replayed = pre_game(
        "blitz_bowl", home, away, ScriptedDice.replay(stored), choices={"pitch": pitch}
    )
    assert replayed.steps == answered.steps
    expected_dice = ["d6", "d8"] + (["d6"] if pitch == "two_trapdoors" else [])
    assert [r.die for r in replayed.rolls] == expected_dice


def test_a_replay_with_other_purposes_is_refused(blitz_bowl, reavers, scramblers):
    stored = [
        Roll("Kicking team roll-off (home)", "d6", 2),
        Roll("Regional league (home)", "d8", 1),
    ]
    with pytest.raises(DiceScriptError, match="replay mismatch"):
        pre_game(blitz_bowl, reavers, scramblers, ScriptedDice.replay(stored))
