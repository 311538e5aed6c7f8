"""Dice luck: how the dice a team (a coach, the whole site) rolled compare with fair dice.

For each die, the rolls are counted face by face (a 2D6 roll by its total, the number
the tables read) and compared with what fair dice give: Pearson's chi-square with its
p-value (``chi_square``), the average roll against the fair average, and a verdict in
plain words. The expected distributions are not a table typed in: they follow from the
dice themselves (``rules_engine.dice.DIE_FACES`` and the block die's faces, BB2020
"Block dice": Push Back on two faces of six), and 2D6 is the sum of two D6.

A chi-square test is only trusted when the counts are large enough (Cochran's rule:
every expected count at least 1, and no more than a fifth of them below 5); with fewer
rolls the verdict says so instead of guessing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from rules_engine.dice import BLOCK_DIE_FACES, DIE_FACES
from rules_engine.insight.chi_square import chi_square_p_value, chi_square_statistic
from rules_engine.wording import Shown, Wording, say, say_plural

Face = int | str
# The dice the luck pages judge, in the order they show them.
JUDGED_DICE: tuple[str, ...] = ("d6", "2d6", "d3", "d8", "d16", "block")
DIE_LABELS: dict[str, Shown] = {
    "d3": "D3",
    "d6": "D6",
    "d8": "D8",
    "d16": "D16",
    "2d6": say("2D6 (total)"),
    "block": say("Block die"),
}
# Cochran's rule for a trustworthy chi-square test.
MIN_EXPECTED = 1.0
SMALL_EXPECTED = 5.0
MAX_SMALL_SHARE = Fraction(1, 5)
# Below this p-value fair dice would rarely spread so unevenly.
SIGNIFICANT = 0.05
# How far from the fair average (in standard errors) counts as rolling high or low.
NOTABLE_Z = 2.0


@cache
def expected_distribution(die: str) -> dict[Face, Fraction]:
    """Each face's chance on a fair ``die``, in face order."""
    if die == "2d6":
        chances: dict[Face, Fraction] = {}
        for first in range(1, 7):
            for second in range(1, 7):
                total = first + second
                chances[total] = chances.get(total, Fraction(0)) + Fraction(1, 36)
        return dict(sorted(chances.items(), key=lambda item: int(item[0])))
    if die == "block":
        faces: dict[Face, Fraction] = {}
        for face in BLOCK_DIE_FACES:
            faces[face] = faces.get(face, Fraction(0)) + Fraction(1, len(BLOCK_DIE_FACES))
        return faces
    if die not in DIE_FACES:
        raise ValueError(f"unknown die {die!r}")
    sides = DIE_FACES[die]
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def face_of(die: str, result: Any) -> Face:
    """The face a stored roll counts under: a 2D6 roll ([d6, d6]) by its total."""
    if die == "2d6":
        return int(sum(result))
    if die == "block":
        return str(result)
    return int(result)


def side_of_purpose(purpose: str) -> str | None:
    """The side ("home" or "away") a recorded roll was made for, read from its purpose
    as the engine writes it ("Fair-weather fans (home)", "MVP: away", "Fan Factor
    (home, 2D6)"); None for a roll of neither team (the weather, a kick-off event)."""
    for side, markers in SIDE_MARKERS.items():
        if any(marker in purpose for marker in markers):
            return side
    return None


# How the engine names a side in a roll's purpose: "(home)", "(home, 2D6)", ": home".
SIDE_MARKERS: dict[str, tuple[str, ...]] = {
    side: (f"({side})", f"({side},", f": {side}") for side in ("home", "away")
}


@dataclass(frozen=True)
class FaceCount:
    face: Face
    observed: int
    expected: float


@dataclass(frozen=True)
class DieLuck:
    """One die's rolls against fair dice."""

    die: str
    label: Shown
    rolls: int
    faces: tuple[FaceCount, ...]
    average: float | None  # None for the block die (no numbers on it)
    fair_average: float | None
    chi_square: float | None  # None when there are too few rolls to test
    degrees_of_freedom: int
    p_value: float | None
    verdict: Wording

    @property
    def tested(self) -> bool:
        return self.p_value is not None


def judge_die(die: str, counts: Mapping[Face, int]) -> DieLuck:
    """``counts`` (face -> rolls) of one die against a fair one."""
    chances = expected_distribution(die)
    unknown = set(counts) - set(chances)
    if unknown:
        raise ValueError(f"a {die} has no face {sorted(map(str, unknown))[0]}")
    rolls = sum(counts.values())
    faces = tuple(
        FaceCount(face, counts.get(face, 0), float(chance * rolls))
        for face, chance in chances.items()
    )
    average, fair_average, z = _averages(die, counts, rolls)
    statistic = p_value = None
    if rolls and enough_rolls([f.expected for f in faces]):
        statistic = chi_square_statistic([f.observed for f in faces], [f.expected for f in faces])
        p_value = chi_square_p_value(statistic, len(faces) - 1)
    return DieLuck(
        die=die,
        label=DIE_LABELS.get(die, die.upper()),
        rolls=rolls,
        faces=faces,
        average=average,
        fair_average=fair_average,
        chi_square=statistic,
        degrees_of_freedom=len(faces) - 1,
        p_value=p_value,
        verdict=verdict(p_value, rolls=rolls, minimum=minimum_rolls(die), z=z),
    )


def _averages(
    die: str, counts: Mapping[Face, int], rolls: int
) -> tuple[float | None, float | None, float | None]:
    """The average roll, the fair average, and how many standard errors apart they are."""
    if die == "block":
        return None, None, None
    chances = expected_distribution(die)
    mean = sum(float(chance) * int(face) for face, chance in chances.items())
    if not rolls:
        return None, mean, None
    variance = sum(float(chance) * (int(face) - mean) ** 2 for face, chance in chances.items())
    average = sum(int(face) * n for face, n in counts.items()) / rolls
    return average, mean, (average - mean) / math.sqrt(variance / rolls)


def enough_rolls(expected: Iterable[float]) -> bool:
    """Cochran's rule: every expected count at least 1, at most a fifth below 5."""
    counts = list(expected)
    small = sum(1 for e in counts if e < SMALL_EXPECTED)
    return min(counts) >= MIN_EXPECTED and Fraction(small, len(counts)) <= MAX_SMALL_SHARE


@cache
def minimum_rolls(die: str) -> int:
    """The fewest rolls of ``die`` that Cochran's rule lets a chi-square test judge."""
    chances = list(expected_distribution(die).values())
    rolls = 1
    while not enough_rolls([float(c * rolls) for c in chances]):
        rolls += 1
    return rolls


def verdict(p_value: float | None, *, rolls: int, minimum: int, z: float | None = None) -> Wording:
    """The plain-language reading of a test, with which way the dice leaned: one whole
    sentence per finding and lean, so that each language words it its own way."""
    if p_value is None:
        if not rolls:
            return say("No rolls yet.")
        return say(
            "Too few rolls to judge: {rolls} so far, a fair test needs {minimum}.",
            rolls=rolls,
            minimum=minimum,
        )
    often = _how_often(p_value)
    lean = _lean(z)
    if p_value >= SIGNIFICANT:
        if lean > 0:
            return say(
                "Nothing unusual: fair dice spread at least this unevenly {often}; they "
                "rolled high.",
                often=often,
            )
        if lean < 0:
            return say(
                "Nothing unusual: fair dice spread at least this unevenly {often}; they "
                "rolled low.",
                often=often,
            )
        return say("Nothing unusual: fair dice spread at least this unevenly {often}.", often=often)
    return say(
        "{finding} Worth a look, not proof: among many teams, some will.",
        finding=_unusual(p_value < 0.001, lean, often),
    )


def _unusual(very: bool, lean: int, often: Wording) -> Wording:
    if very:
        if lean > 0:
            return say(
                "Very unusual: fair dice spread this unevenly only {often}; they rolled high.",
                often=often,
            )
        if lean < 0:
            return say(
                "Very unusual: fair dice spread this unevenly only {often}; they rolled low.",
                often=often,
            )
        return say("Very unusual: fair dice spread this unevenly only {often}.", often=often)
    if lean > 0:
        return say(
            "Unusual: fair dice spread this unevenly only {often}; they rolled high.", often=often
        )
    if lean < 0:
        return say(
            "Unusual: fair dice spread this unevenly only {often}; they rolled low.", often=often
        )
    return say("Unusual: fair dice spread this unevenly only {often}.", often=often)


def _lean(z: float | None) -> int:
    """1 where the dice rolled notably high, -1 notably low, else 0."""
    if z is None or abs(z) < NOTABLE_Z:
        return 0
    return 1 if z > 0 else -1


def _how_often(p_value: float) -> Wording:
    """A probability as people say it: "43% of the time", "3 times in 1,000"."""
    if p_value >= 0.01:
        return say("{percent}% of the time", percent=round(p_value * 100))
    if p_value >= 0.001:
        times = round(p_value * 1000)
        return say_plural("{count} time in 1,000", "{count} times in 1,000", times)
    return say("once in more than 1,000 times")


@dataclass(frozen=True)
class LuckSummary:
    """Every judged die of one team, coach or site, and the dice taken together."""

    dice: tuple[DieLuck, ...]
    rolls: int
    chi_square: float | None
    degrees_of_freedom: int
    p_value: float | None
    verdict: Wording


def judge_dice(counts: Mapping[str, Mapping[Face, int]]) -> LuckSummary:
    """Each die's luck, and all of them together: the chi-square statistics of
    independent tests add up, and so do their degrees of freedom."""
    order = {die: n for n, die in enumerate(JUDGED_DICE)}
    dice = tuple(
        judge_die(die, counts[die])
        for die in sorted(counts, key=lambda d: (order.get(d, len(order)), d))
        if sum(counts[die].values())
    )
    tested = [d for d in dice if d.chi_square is not None]
    rolls = sum(d.rolls for d in dice)
    if not tested:
        text = (
            say("No rolls yet.") if not rolls else say("Too few rolls of any one die to judge yet.")
        )
        return LuckSummary(dice, rolls, None, 0, None, text)
    statistic = sum(d.chi_square or 0.0 for d in tested)
    freedom = sum(d.degrees_of_freedom for d in tested)
    p_value = chi_square_p_value(statistic, freedom)
    text = verdict(p_value, rolls=rolls, minimum=0)
    return LuckSummary(dice, rolls, statistic, freedom, p_value, text)
