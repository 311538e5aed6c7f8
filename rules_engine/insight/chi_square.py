"""Pearson's chi-square goodness-of-fit test, in closed form (no stats library).

The p-value of a chi-square statistic ``x`` with ``k`` degrees of freedom is the upper
regularized gamma function ``Q(k/2, x/2)``. For a whole number of degrees of freedom
(always the case here: faces of a die minus one) it has a closed form:

- ``k`` even: ``Q = exp(-x/2) * sum(i = 0 .. k/2 - 1) (x/2)^i / i!``
- ``k`` odd:  ``Q = erfc(sqrt(x/2)) + exp(-x/2) * sqrt(2x/pi) * sum(i = 1 .. (k-1)/2)
  x^(i-1) / (1 * 3 * ... * (2i - 1))``

(Abramowitz and Stegun 26.4.4 and 26.4.5), which ``math`` evaluates exactly enough for
the few dozen degrees of freedom a die table can have. scipy would give the same
numbers for a dependency of tens of megabytes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def chi_square_statistic(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic: the sum over the categories of (observed - expected)^2 / expected."""
    if len(observed) != len(expected):
        raise ValueError("observed and expected counts need one number per category each")
    if any(e <= 0 for e in expected):
        raise ValueError("every expected count must be positive")
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def chi_square_p_value(statistic: float, degrees_of_freedom: int) -> float:
    """The probability that fair dice give a statistic at least this large:
    ``Q(k/2, x/2)`` in the closed form of the module's docstring."""
    if degrees_of_freedom < 1:
        raise ValueError("a chi-square test needs at least one degree of freedom")
    if statistic < 0:
        raise ValueError("a chi-square statistic is never negative")
    if statistic == 0:
        return 1.0
    half = statistic / 2
    if degrees_of_freedom % 2 == 0:
        term = total = 1.0
        for i in range(1, degrees_of_freedom // 2):
            term *= half / i
            total += term
        return _clamp(math.exp(-half) * total)
    term = math.sqrt(statistic)  # x^(1/2) / 1: the sum's first term (i = 1)
    total = 0.0
    for i in range(1, (degrees_of_freedom - 1) // 2 + 1):
        if i > 1:
            term *= statistic / (2 * i - 1)
        total += term
    tail = math.exp(-half) * math.sqrt(2 / math.pi) * total
    return _clamp(math.erfc(math.sqrt(half)) + tail)


def _clamp(p: float) -> float:
    """Rounding can carry a sum of many terms a hair past 1."""
    return min(1.0, max(0.0, p))
