"""Round-robin fixture lists, as pure functions (no database).

League play (facts §5, p.98): "each team meets every other team of its
division twice"; in BB2025 once (bb2025-league-facts.md section 10), so a BB2025
league's seasons are single round robins unless the commissioner picks otherwise
(``default_season_format``). ``round_robin`` builds the rounds with the circle method:
one entrant stays put, the others rotate one place each round. With an odd
count the entrant that stays put is a bye: whoever meets it sits the round out.

Home and away are balanced:

- single round robin: the fixed team alternates home/away round by round and
  the other pairings alternate across the circle (Berger tables), so each
  team's home count differs from every other's by at most one;
- double round robin: the second half repeats the first with home and away
  swapped, so every pair meets once at each home and every team plays exactly
  as many home as away games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from rules_engine.editions import edition_for

SINGLE_ROUND_ROBIN = "single"
DOUBLE_ROUND_ROBIN = "double"


def default_season_format(ruleset_key: str) -> str:
    """The season format a league of the ruleset plays unless the commissioner picks
    another: a single round robin where each pair meets once (BB2025), else double."""
    try:
        meetings = edition_for(ruleset_key).regular_season_meetings
    except LookupError:
        return DOUBLE_ROUND_ROBIN
    return SINGLE_ROUND_ROBIN if meetings == 1 else DOUBLE_ROUND_ROBIN


@dataclass(frozen=True)
class Pairing[T]:
    """One fixture of a round: ``home`` hosts ``away``."""

    home: T
    away: T


def round_robin[T](teams: Sequence[T], *, double: bool = True) -> list[list[Pairing[T]]]:
    """The rounds of a (double) round robin between ``teams``, in order.

    ``teams`` must be distinct. With n teams a single round robin has n - 1
    rounds (n even) or n rounds (n odd, each team sitting out one round); a
    double round robin twice that. Fewer than two teams play no rounds.
    """
    entrants: list[T | None] = list(teams)
    if len(set(entrants)) != len(entrants):
        raise ValueError("round_robin() needs distinct teams")
    if len(entrants) < 2:
        return []
    if len(entrants) % 2:
        # The bye is the fixed point, so every real team rotates and
        # alternates home and away like the others.
        entrants.insert(0, None)
    n = len(entrants)
    fixed, rotating = entrants[0], entrants[1:]
    first_half: list[list[Pairing[T]]] = []
    for number in range(n - 1):
        circle = [fixed, *rotating]
        pairings: list[Pairing[T]] = []
        for i in range(n // 2):
            a, b = circle[i], circle[n - 1 - i]
            # Berger tables: the fixed entrant alternates round by round; the
            # other pairings alternate across the circle, and as the circle
            # turns each team moves from a hosting place to a visiting one.
            home_first = number % 2 == 0 if i == 0 else i % 2 == 1
            home, away = (a, b) if home_first else (b, a)
            if home is not None and away is not None:
                pairings.append(Pairing(home=home, away=away))
        first_half.append(pairings)
        rotating = rotating[-1:] + rotating[:-1]
    if not double:
        return first_half
    second_half = [[Pairing(home=p.away, away=p.home) for p in rnd] for rnd in first_half]
    return first_half + second_half


def round_deadlines(start: date, rounds: int, days_per_round: int) -> list[date]:
    """Deadline of each round: round k (1-based) closes ``start + k * days_per_round``."""
    if days_per_round < 1:
        raise ValueError("a round lasts at least one day")
    return [start + timedelta(days=days_per_round * k) for k in range(1, rounds + 1)]
