"""Glicko-2 pinned to the worked example of Glickman's paper ("Example of the Glicko-2
system", 2012: a player rated 1500 / 200 / 0.06 against three opponents ends the
period at 1464.06 / 151.52 / 0.05999) and to cases worked by hand below."""

from __future__ import annotations

import math

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from rules_engine.insight.glicko import (
    DRAW,
    LOSS,
    NEW_PLAYER,
    WIN,
    Rating,
    draw_rate,
    expected_score,
    match_odds,
    rate,
    rate_match,
)


def test_the_paper_s_worked_example():
    player = Rating(1500, 200, 0.06)
    results = [(Rating(1400, 30), WIN), (Rating(1550, 100), LOSS), (Rating(1700, 300), LOSS)]
    after = rate(player, results, tau=0.5)
    # The paper rounds mu' to -0.2069 before scaling back (1464.06); unrounded it is
    # 1464.0507.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    assert after.volatility == pytest.approx(0.05999, abs=1e-5)  # 0.059996


def test_two_new_players_one_wins():
    # mu = 0, phi = 350 / 173.7178 = 2.014761; g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)
    # = 0.669068; E = 0.5; v = 1 / (g^2 / 4) = 8.9356. The volatility barely moves
    # (0.06), so phi* = sqrt(phi^2 + 0.06^2) = 2.015654, 1/phi'^2 = 1/phi*^2 + 1/v
    # = 0.35804, phi' = 1.67121 (RD 290.32), mu' = phi'^2 * g * (1 - 0.5) = 0.93434
    # (rating 1500 + 162.31).
    winner, loser = rate_match(NEW_PLAYER, NEW_PLAYER, WIN)
    assert round(winner.rating, 2) == 1662.31
    assert round(loser.rating, 2) == 1337.69
    assert round(winner.deviation, 2) == round(loser.deviation, 2) == 290.32
    assert winner.volatility == pytest.approx(0.06, abs=1e-5)


def test_a_draw_between_equals_moves_no_rating():
    first, second = rate_match(NEW_PLAYER, NEW_PLAYER, DRAW)
    assert first.rating == pytest.approx(1500) and second.rating == pytest.approx(1500)
    assert first.deviation < 350  # a game was still learnt from


def test_a_period_without_games_only_widens_the_deviation():
    # phi* = sqrt(2.014761^2 + 0.06^2) = 2.015654 -> 350.155 on the Glicko scale.
    idle = rate(NEW_PLAYER, [])
    assert idle.rating == 1500
    assert round(idle.deviation, 3) == 350.155


def test_the_estimate_between_equals_is_the_draw_rate_and_even_odds():
    odds = match_odds(NEW_PLAYER, NEW_PLAYER, 0.2)
    assert (odds.win, odds.draw, odds.loss) == pytest.approx((0.4, 0.2, 0.4))


def test_the_estimate_favours_the_higher_rating():
    # Both certain (RD 0): E = 1 / (1 + exp(-(1700 - 1500) / 173.7178)) = 0.75975;
    # draw = 0.2 * 4 * 0.75975 * 0.24025 = 0.14602; win = E - draw / 2 = 0.68674.
    strong, weak = Rating(1700, 0.0), Rating(1500, 0.0)
    assert expected_score(strong, weak) == pytest.approx(0.75975, abs=1e-5)
    odds = match_odds(strong, weak, 0.2)
    assert odds.draw == pytest.approx(0.14602, abs=1e-5)
    assert odds.win == pytest.approx(0.68674, abs=1e-5)
    assert odds.loss == pytest.approx(1 - 0.68674 - 0.14602, abs=1e-5)


def test_the_league_draw_rate_is_shrunk_towards_the_prior():
    assert draw_rate(0, 0) == pytest.approx(0.2)  # a new league: the prior
    assert draw_rate(10, 20) == pytest.approx((10 + 4) / 40)  # half its games drawn
    assert draw_rate(1000, 1000) == 0.5  # capped: win and loss stay >= 0
    with pytest.raises(ValueError):
        draw_rate(3, 2)


ratings = st.builds(
    Rating,
    st.floats(800, 2200),
    st.floats(30, 350),
    st.floats(0.03, 0.09),
)


@given(ratings, ratings, st.sampled_from([WIN, DRAW, LOSS]), st.floats(0, 0.5))
# Two ratings a float's last digit apart drawing: the draw beats the expected score by
# about 1e-16, a move too small for a rating of 800 to show.
@example(Rating(800.0, 30.0, 0.0625), Rating(800.0000000000001, 30.0, 0.0625), DRAW, 0.0)
def test_odds_are_probabilities_and_results_move_the_right_way(first, second, score, draw):
    odds = match_odds(first, second, draw)
    assert min(odds.win, odds.draw, odds.loss) >= -1e-12
    assert math.isclose(odds.win + odds.draw + odds.loss, 1.0)
    after, _ = rate_match(first, second, score)
    surprise = score - expected_score(first, second)
    if surprise > 1e-9:
        assert after.rating > first.rating
    elif surprise < -1e-9:
        assert after.rating < first.rating
    else:  # the result expected, to a float's precision: the rating stays put
        assert math.isclose(after.rating, first.rating, abs_tol=1e-6)
    # A game only narrows the deviation the new volatility widened (phi' <= phi*).
    assert after.deviation <= math.hypot(first.deviation, after.volatility * 173.7178) + 1e-9
