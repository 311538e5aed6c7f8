"""Glicko-2 ratings (Mark E. Glickman, "Example of the Glicko-2 system", 2012) and the
pre-match win/draw/loss estimate read from two ratings. Pure Python.

A rating is (rating, deviation, volatility) on the Glicko scale: a new player is
1500 / 350 / 0.06. ``rate`` is the paper's steps 2-8 for one rating period;
``rate_match`` applies it to one match taken as a rating period of its own for its two
players (Dugout's choice: a league plays when its coaches can, there is no calendar
period every team plays in, and a result should move the table at once). A player
who does not play has no period, so his deviation does not grow between matches.

The estimate (``match_odds``): Glicko's expected score of the first player,
``E = 1 / (1 + exp(-g(sqrt(phi_a^2 + phi_b^2)) * (mu_a - mu_b)))``, split into win,
draw and loss with a draw share that is largest between equals and vanishes as one
side becomes certain: ``draw = d * 4E(1 - E)``, ``win = E - draw/2``,
``loss = 1 - E - draw/2`` (so the expected score stays ``E``). ``d`` is the draw rate
of an even match: ``draw_rate`` shrinks the league's own draw rate towards a prior
of one draw in five (``DRAW_PRIOR``), weighted as ``DRAW_PRIOR_GAMES`` games, so a
new league starts from the prior and a league that has played moves to its own rate.
The prior is an assumption for Blood Bowl's low scores (1-1 and 0-0 are common), not
a measured figure; ``d`` is capped at one half, where ``win`` and ``loss`` stay >= 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # the paper's step 2: mu = (r - 1500) / 173.7178
BASE_RATING = 1500.0
BASE_DEVIATION = 350.0
BASE_VOLATILITY = 0.06
# The system constant tau constrains how fast the volatility changes (the paper:
# "reasonable choices are between 0.3 and 1.2"); 0.5 is the paper's own example.
TAU = 0.5
EPSILON = 0.000001  # the paper's convergence tolerance for the volatility

WIN, DRAW, LOSS = 1.0, 0.5, 0.0
DRAW_PRIOR = 0.2
DRAW_PRIOR_GAMES = 20
MAX_DRAW_RATE = 0.5


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale."""

    rating: float = BASE_RATING
    deviation: float = BASE_DEVIATION
    volatility: float = BASE_VOLATILITY

    @property
    def mu(self) -> float:
        return (self.rating - BASE_RATING) / SCALE

    @property
    def phi(self) -> float:
        return self.deviation / SCALE


NEW_PLAYER = Rating()


@dataclass(frozen=True)
class MatchOdds:
    """The chances of the first side's win, a draw and its loss (they sum to 1)."""

    win: float
    draw: float
    loss: float

    @property
    def expected_score(self) -> float:
        return self.win + self.draw / 2


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the Illinois algorithm on f(x), x = ln(sigma'^2)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    upper = a
    if delta * delta > phi * phi + v:
        lower = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        lower = a - k * tau
    f_upper, f_lower = f(upper), f(lower)
    while abs(lower - upper) > EPSILON:
        c = upper + (upper - lower) * f_upper / (f_lower - f_upper)
        f_c = f(c)
        if f_c * f_lower <= 0:
            upper, f_upper = lower, f_lower
        else:
            f_upper /= 2
        lower, f_lower = c, f_c
    return math.exp(upper / 2)


def rate(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``results``: (opponent's
    rating before the period, the player's score 1 / 0.5 / 0) each. A period without
    games only widens the deviation (the paper's step 6 alone)."""
    mu, phi, sigma = player.mu, player.phi, player.volatility
    if not results:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    v_inverse = 0.0
    improvement = 0.0
    for opponent, score in results:
        g = _g(opponent.phi)
        e = _expected(mu, opponent.mu, opponent.phi)
        v_inverse += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / v_inverse
    new_sigma = _new_volatility(phi, sigma, v * improvement, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + BASE_RATING, new_phi * SCALE, new_sigma)


def rate_match(first: Rating, second: Rating, first_score: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one match (a rating period of its own), each rated
    against the other's rating before it."""
    return (
        rate(first, [(second, first_score)]),
        rate(second, [(first, 1 - first_score)]),
    )


def expected_score(first: Rating, second: Rating) -> float:
    """The first player's expected score against the second, both ratings uncertain."""
    phi = math.sqrt(first.phi**2 + second.phi**2)
    return _expected(first.mu, second.mu, phi)


def draw_rate(draws: int, games: int) -> float:
    """The draw rate of an even match in a league that drew ``draws`` of ``games``:
    its own rate shrunk towards ``DRAW_PRIOR`` (weighted as ``DRAW_PRIOR_GAMES``
    games), at most ``MAX_DRAW_RATE``."""
    if games < 0 or not 0 <= draws <= games:
        raise ValueError(f"{draws} draws in {games} games")
    rate_ = (draws + DRAW_PRIOR * DRAW_PRIOR_GAMES) / (games + DRAW_PRIOR_GAMES)
    return min(rate_, MAX_DRAW_RATE)


def match_odds(first: Rating, second: Rating, even_draw_rate: float) -> MatchOdds:
    """The first side's chances of a win, a draw and a loss (see the module's text)."""
    if not 0 <= even_draw_rate <= MAX_DRAW_RATE:
        raise ValueError(f"a draw rate from 0 to {MAX_DRAW_RATE}, not {even_draw_rate}")
    e = expected_score(first, second)
    draw = even_draw_rate * 4 * e * (1 - e)
    return MatchOdds(win=e - draw / 2, draw=draw, loss=1 - e - draw / 2)
