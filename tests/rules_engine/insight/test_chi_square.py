"""The chi-square p-value in closed form, pinned to the printed critical values of the
chi-square table (each is the statistic fair dice exceed 5% or 1% of the time) and to
an independent numerical integration of the chi-square density."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.insight import chi_square_p_value, chi_square_statistic

# (degrees of freedom, critical value, upper-tail probability) from the standard table.
CRITICAL_VALUES = (
    (1, 3.841, 0.05),
    (1, 6.635, 0.01),
    (2, 5.991, 0.05),
    (3, 7.815, 0.05),
    (4, 9.488, 0.05),
    (5, 11.070, 0.05),
    (5, 15.086, 0.01),
    (7, 14.067, 0.05),
    (10, 18.307, 0.05),
    (15, 24.996, 0.05),
)


@pytest.mark.parametrize(("freedom", "statistic", "tail"), CRITICAL_VALUES)
def test_the_table_s_critical_values(freedom, statistic, tail):
    assert chi_square_p_value(statistic, freedom) == pytest.approx(tail, abs=5e-5)


def test_hand_computed_statistic():
    # A D6 rolled 30 times: 10 ones, 4 twos, 6 threes, 3 fours, 3 fives, 4 sixes; 5 each
    # expected: (25 + 1 + 1 + 4 + 4 + 1) / 5 = 7.2.
    assert chi_square_statistic([10, 4, 6, 3, 3, 4], [5.0] * 6) == pytest.approx(7.2)
    assert chi_square_p_value(7.2, 5) == pytest.approx(0.20619, abs=1e-5)


def test_even_degrees_of_freedom_are_a_finite_sum():
    # k = 2: Q = exp(-x/2); k = 4: Q = exp(-x/2) (1 + x/2).
    assert chi_square_p_value(3.0, 2) == pytest.approx(math.exp(-1.5))
    assert chi_square_p_value(2.0, 4) == pytest.approx(math.exp(-1.0) * 2)


def test_no_deviation_is_certain_and_huge_deviation_is_nearly_impossible():
    assert chi_square_p_value(0.0, 5) == 1.0
    assert chi_square_p_value(48.0, 5) == pytest.approx(3.55e-9, rel=1e-2)
    assert chi_square_p_value(10_000.0, 3) == 0.0


def test_refuses_what_is_not_a_test():
    with pytest.raises(ValueError):
        chi_square_p_value(1.0, 0)
    with pytest.raises(ValueError):
        chi_square_p_value(-1.0, 3)
    with pytest.raises(ValueError):
        chi_square_statistic([1, 2], [1.0])
    with pytest.raises(ValueError):
        chi_square_statistic([1, 2], [1.0, 0.0])


def _integrated_tail(statistic: float, freedom: int, steps: int = 4000) -> float:
    """1 - CDF by Simpson's rule over the density."""
    half = freedom / 2
    norm = 2**half * math.gamma(half)

    def density(t: float) -> float:
        return t ** (half - 1) * math.exp(-t / 2) / norm if t > 0 else 0.0

    width = statistic / steps
    total = density(0.0) + density(statistic)
    total += sum((4 if i % 2 else 2) * density(i * width) for i in range(1, steps))
    return 1 - total * width / 3


@settings(max_examples=60, deadline=None)
@given(
    # From 4 on the density is smooth enough at 0 for Simpson's rule to be exact to 1e-6.
    freedom=st.integers(min_value=4, max_value=30),
    statistic=st.floats(min_value=0.01, max_value=60.0),
)
def test_agrees_with_numerical_integration(freedom, statistic):
    assert chi_square_p_value(statistic, freedom) == pytest.approx(
        _integrated_tail(statistic, freedom), abs=1e-6
    )
