"""Scoring and winning, pinned to the Blitz Bowl rule text: Scoring Touchdowns ("that
player's team scores 4 points"), Claiming Challenge Cards (the card's points; Clean
Sweep "2 bonus points"), Winning the Game (Sudden Death at "10 or more points
behind", Points Victory, draw) and World's Edge Superleague ("8 or more points
behind"). Also the report a post-game reads."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.blitz_bowl import (
    BlitzBowlReport,
    BlitzBowlTeamReport,
    game_result,
    is_sudden_death,
    regional_rule,
    score,
    sudden_death_margin,
)
from rules_engine.errors import RulesError

WORLDS_EDGE = "World's Edge Superleague"

# --- score ---------------------------------------------------------------------------------


def test_a_touchdown_scores_4_points():
    # Scoring Touchdowns: "that player's team scores 4 points".
    assert score(1, 0, 0) == 4
    assert score(3, 0, 0) == 12


def test_challenge_cards_score_their_own_points():
    # Claiming Challenge Cards: "its points value is added to their team's score".
    assert score(0, 5, 0) == 5
    assert score(0, 0, 0) == 0


def test_a_clean_sweep_scores_2_bonus_points():
    # "If a coach claims all three active Challenge cards in a single turn, this is a Clean
    # Sweep, and their team scores 2 bonus points as the crowd goes wild!"
    assert score(0, 6, 1) == 8
    assert score(0, 12, 2) == 16


def test_bonus_play_points_count_too():
    # Glossary, Scoring Points: "Teams can score points by scoring touchdowns, claiming
    # Challenge cards and some Bonus Play cards."
    assert score(2, 7, 1, 3) == 8 + 7 + 2 + 3


@pytest.mark.parametrize(
    "parts", [(-1, 0, 0), (0, -2, 0), (0, 0, -1), (1.5, 0, 0), (True, 0, 0), (0, "3", 0)]
)
def test_score_refuses_what_is_not_a_count(parts):
    with pytest.raises(RulesError):
        score(*parts)


@given(st.integers(0, 10), st.integers(0, 60), st.integers(0, 5), st.integers(0, 10))
def test_score_is_the_sum_of_its_parts(touchdowns, cards, sweeps, bonus):
    assert score(touchdowns, cards, sweeps, bonus) == 4 * touchdowns + cards + 2 * sweeps + bonus


# --- sudden death --------------------------------------------------------------------------


def test_sudden_death_margin_is_10_and_8_under_worlds_edge():
    # Winning the Game: "10 or more points behind"; World's Edge Superleague: "8 or more".
    assert sudden_death_margin() == 10
    assert sudden_death_margin(None) == 10
    assert sudden_death_margin(WORLDS_EDGE) == 8
    assert sudden_death_margin(regional_rule(7)) == 8
    assert sudden_death_margin("Worlds Edge Superleague") == 8  # BB2020's spelling
    for d8 in (1, 2, 3, 4, 5, 6, 8):
        assert sudden_death_margin(regional_rule(d8)) == 10
        assert sudden_death_margin(str(regional_rule(d8).name)) == 10


def test_an_unknown_regional_rule_is_refused():
    with pytest.raises(RulesError, match="not a regional rule.*Lustrian Superleague"):
        sudden_death_margin("Old World Classic")


@pytest.mark.parametrize(
    ("behind_by", "rule", "sudden"),
    [
        (9, None, False),
        (10, None, True),
        (11, None, True),
        (7, WORLDS_EDGE, False),
        (8, WORLDS_EDGE, True),
        (9, WORLDS_EDGE, True),
        (9, "Lustrian Superleague", False),
        (10, "Lustrian Superleague", True),
        (0, None, False),
        (-12, None, False),
    ],
)
def test_sudden_death_at_the_margin(behind_by, rule, sudden):
    assert is_sudden_death(behind_by, rule) is sudden


def test_no_sudden_death_once_the_endgame_has_begun():
    # The Endgame: "From that point on, a Sudden Death Victory cannot be won".
    assert is_sudden_death(15, endgame=True) is False
    assert is_sudden_death(15) is True


def test_behind_by_must_be_a_whole_number():
    with pytest.raises(RulesError):
        is_sudden_death(9.5)


# --- game result ---------------------------------------------------------------------------


def test_points_victory_goes_to_the_highest_score():
    # "The game then ends and the team with the highest score wins."
    result = game_result(14, 9)
    assert (result.winner, result.ending, result.loser, result.margin) == (
        "home",
        "points_victory",
        "away",
        5,
    )
    assert (result.result("home"), result.result("away")) == ("win", "loss")
    assert game_result(3, 7).winner == "away"


def test_equal_scores_are_a_draw():
    # "If both teams have the same score, the game ends in a draw!"
    result = game_result(11, 11)
    assert (result.winner, result.ending, result.loser) == (None, "draw", None)
    assert result.result("home") == result.result("away") == "draw"
    assert result.as_dict() == {
        "score": {"home": 11, "away": 11},
        "winner": None,
        "ending": "draw",
        "home": "draw",
        "away": "draw",
    }


def test_sudden_death_victory():
    result = game_result(4, 16, sudden_death_winner="away")
    assert (result.winner, result.ending) == ("away", "sudden_death")
    assert result.points("away") == 16


@pytest.mark.parametrize(("home", "away"), [(10, 10), (5, 12)])
def test_a_sudden_death_winner_must_lead(home, away):
    with pytest.raises(RulesError, match="goes to the team ahead"):
        game_result(home, away, sudden_death_winner="home")


def test_game_result_refuses_bad_input():
    with pytest.raises(RulesError):
        game_result(-1, 0)
    with pytest.raises(RulesError, match="'home' or 'away'"):
        game_result(12, 0, sudden_death_winner="visitors")


@given(st.integers(0, 60), st.integers(0, 60))
def test_results_are_complementary(home, away):
    result = game_result(home, away)
    pair = {result.result("home"), result.result("away")}
    assert pair in ({"win", "loss"}, {"draw"})
    assert (result.winner is None) == (home == away)


# --- the report ----------------------------------------------------------------------------


def test_a_team_report_adds_up():
    team = BlitzBowlTeamReport(touchdowns=2, challenge_cards=[2, 3, 1], clean_sweeps=1, points=16)
    assert team.challenge_cards == (2, 3, 1)
    assert (team.challenge_points, team.total) == (6, 16)
    assert BlitzBowlTeamReport.from_dict(team.as_dict()) == team


def test_a_score_that_does_not_add_up_is_refused():
    with pytest.raises(RulesError, match="score of 15 does not add up.*make 16"):
        BlitzBowlTeamReport(touchdowns=2, challenge_cards=(2, 3, 1), clean_sweeps=1, points=15)


def test_a_clean_sweep_needs_three_cards():
    with pytest.raises(RulesError, match="1 Clean Sweeps but claimed 2 Challenge cards"):
        BlitzBowlTeamReport(challenge_cards=(2, 3), clean_sweeps=1)
    assert BlitzBowlTeamReport(challenge_cards=(1,) * 6, clean_sweeps=2).total == 10


@pytest.mark.parametrize(
    "fields",
    [
        {"touchdowns": -1},
        {"clean_sweeps": 1.0},
        {"bonus_play_points": -2},
        {"challenge_cards": (2, 0)},
        {"challenge_cards": (2, "3")},
        {"challenge_cards": None},
    ],
)
def test_bad_team_reports_are_refused(fields):
    with pytest.raises(RulesError):
        BlitzBowlTeamReport(**fields)


def test_a_sudden_death_claim_must_fit_the_margin():
    home = BlitzBowlTeamReport(touchdowns=3)  # 12
    nine_behind = BlitzBowlTeamReport(challenge_cards=(3,))  # 3: 9 behind
    with pytest.raises(RulesError, match="10 or more points behind; the score is 12-3"):
        BlitzBowlReport(home, nine_behind, sudden_death_winner="home")
    ten_behind = BlitzBowlTeamReport(challenge_cards=(2,))
    report = BlitzBowlReport(home, ten_behind, sudden_death_winner="home")
    assert report.result().ending == "sudden_death"


def test_worlds_edge_sudden_death_at_8():
    home = BlitzBowlTeamReport(touchdowns=2)  # 8
    with pytest.raises(RulesError, match=f"8 or more points behind under {WORLDS_EDGE}"):
        BlitzBowlReport(
            home, BlitzBowlTeamReport(challenge_cards=(1,)), WORLDS_EDGE, sudden_death_winner="home"
        )
    report = BlitzBowlReport(home, BlitzBowlTeamReport(), WORLDS_EDGE, "home")
    assert report.result().winner == "home"
    # The same 8 points without the regional rule is no Sudden Death.
    with pytest.raises(RulesError, match="10 or more"):
        BlitzBowlReport(home, BlitzBowlTeamReport(), None, "home")


def test_a_big_lead_may_still_end_in_a_points_victory():
    # A Sudden Death comes at the end of the trailing coach's turn; a lead of 10 or more
    # made in the last turn ends in a Points Victory.
    report = BlitzBowlReport(BlitzBowlTeamReport(touchdowns=4), BlitzBowlTeamReport())
    assert report.result().ending == "points_victory"


def test_no_sudden_death_claim_after_the_endgame():
    with pytest.raises(RulesError, match="Endgame"):
        BlitzBowlReport(
            BlitzBowlTeamReport(touchdowns=4),
            BlitzBowlTeamReport(),
            sudden_death_winner="home",
            endgame_reached=True,
        )


def test_the_deck_limits_the_cards_claimed():
    # 24 standard cards plus 6 Endgame cards: 30 at most between the two teams.
    full = BlitzBowlReport(
        BlitzBowlTeamReport(challenge_cards=(1,) * 15),
        BlitzBowlTeamReport(challenge_cards=(1,) * 15),
    )
    assert full.final_score == (15, 15)
    with pytest.raises(RulesError, match="31 Challenge cards; the deck holds at most 30"):
        BlitzBowlReport(
            BlitzBowlTeamReport(challenge_cards=(1,) * 16),
            BlitzBowlTeamReport(challenge_cards=(1,) * 15),
        )


def test_a_report_round_trips_through_its_dict():
    report = BlitzBowlReport(
        BlitzBowlTeamReport(touchdowns=1, challenge_cards=(2, 2, 3), clean_sweeps=1),
        BlitzBowlTeamReport(challenge_cards=(1,)),
        regional_rule="worlds edge superleague",
        sudden_death_winner="home",
    )
    assert report.regional_rule == WORLDS_EDGE  # the table's own spelling
    assert report.final_score == (13, 1)
    assert BlitzBowlReport.from_dict(report.as_dict()) == report


def test_report_dicts_name_the_side_at_fault():
    with pytest.raises(RulesError) as error:
        BlitzBowlReport.from_dict({"home": {"touchdowns": -1}, "away": {}})
    assert error.value.messages[0].startswith("home: ")
    with pytest.raises(RulesError, match="no goals"):
        BlitzBowlReport.from_dict({"home": {"goals": 1}})
    with pytest.raises(RulesError, match="no referee"):
        BlitzBowlReport.from_dict({"referee": "Jim"})
    with pytest.raises(RulesError, match="'home' or 'away'"):
        BlitzBowlReport(BlitzBowlTeamReport(touchdowns=3), sudden_death_winner="visitors")
