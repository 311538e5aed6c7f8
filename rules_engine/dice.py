"""Dice for the rules engine.

Every roll the engine makes goes through a ``Dice`` and is recorded as a
``Roll(purpose, die, result)`` in the order made, so a match's pre-game and
post-game can be stored, shown, audited and replayed. A purpose is a sentence a
coach reads (``say("Weather")``, shown in his language); the dice key, replay
and fingerprint it by its English (``rules_engine.wording.english``), so a roll
is the same whatever language it is read in.

- ``KeyedDice(seed)`` is what production uses: each roll is determined by the seed,
  the step, the roll's purpose and die, and how many such rolls came before it in
  that step, so running a step again (a corrected report) rolls the same dice for
  every purpose it rolled before, and new dice only for new purposes.
- ``SeededDice(seed)`` is the older production dice: one ``random.Random`` stream,
  each roll taking the next numbers. Matches recorded with it replay with it.
- ``ScriptedDice([...])`` is what tests use: each roll takes the next scripted
  result, and asking for a roll the script does not hold is a clear error.
- ``ScriptedDice.replay(rolls)`` replays stored rolls and also checks that the
  same dice are asked for the same purposes, so a replay cannot drift silently.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.errors import DiceScriptError
from rules_engine.wording import Shown, english

# The block die (BB2020 core rules, "Block dice"): six faces, Push Back twice.
BLOCK_DIE_FACES: tuple[str, ...] = (
    "Player Down!",
    "Both Down",
    "Push Back",
    "Push Back",
    "Stumble",
    "POW!",
)

# Die name -> number of faces. "2d6" is two six-sided dice kept apart, because
# some tables read the dice separately (the random skill table reads D6 + D6).
DIE_FACES: dict[str, int] = {"d3": 3, "d6": 6, "d8": 8, "d16": 16}
DIE_NAMES: tuple[str, ...] = ("d3", "d6", "d8", "d16", "2d6", "block")

RollResult = int | tuple[int, int] | str


@dataclass(frozen=True, eq=False)
class Roll:
    """One roll: why it was made (a sentence, or a plain string), which die, and
    what it showed. Two rolls are the same when their purposes read the same in
    English, whether either is a sentence or a plain string."""

    purpose: Shown
    die: str
    result: RollResult

    def _key(self) -> tuple[str, str, RollResult]:
        return (english(self.purpose), self.die, self.result)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Roll):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @property
    def total(self) -> int:
        """The number the roll counts as (2D6 summed); not for the block die."""
        if isinstance(self.result, tuple):
            return sum(self.result)
        if isinstance(self.result, str):
            raise TypeError("a block die result has no total")
        return self.result

    def as_dict(self) -> dict[str, Any]:
        result = list(self.result) if isinstance(self.result, tuple) else self.result
        return {"purpose": english(self.purpose), "die": self.die, "result": result}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Roll:
        result = data["result"]
        if isinstance(result, list):
            result = tuple(result)
        return cls(purpose=data["purpose"], die=data["die"], result=result)


def _check_result(die: str, result: Any) -> RollResult:
    if die == "block":
        if result not in BLOCK_DIE_FACES:
            raise DiceScriptError(f"{result!r} is not a face of the block die")
        return str(result)
    if die == "2d6":
        if (
            not isinstance(result, (tuple, list))
            or len(result) != 2
            or not all(isinstance(r, int) and 1 <= r <= 6 for r in result)
        ):
            raise DiceScriptError(f"a 2D6 roll needs two dice of 1-6, got {result!r}")
        return (result[0], result[1])
    faces = DIE_FACES.get(die)
    if faces is None:
        raise DiceScriptError(f"unknown die {die!r}")
    if isinstance(result, bool) or not isinstance(result, int) or not 1 <= result <= faces:
        raise DiceScriptError(f"a {die.upper()} shows 1-{faces}, got {result!r}")
    return result


class Dice(ABC):
    """Base class: subclasses provide ``_draw(die, purpose)``; this records."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        # The rule step rolling now (``rules_engine.sequence.run_step`` sets it): keyed
        # dice read it, the others ignore it.
        self.step = ""

    @abstractmethod
    def _draw(self, die: str, purpose: str) -> RollResult:
        """Produce the raw result of one roll (checked and recorded by ``roll``);
        ``purpose`` is the roll's purpose in English."""

    def roll(self, die: str, purpose: Shown) -> RollResult:
        """Roll ``die`` ("d3", "d6", "d8", "d16", "2d6" or "block") for ``purpose``."""
        if die not in DIE_NAMES:
            raise DiceScriptError(f"unknown die {die!r}")
        result = _check_result(die, self._draw(die, english(purpose)))
        self.rolls.append(Roll(purpose=purpose, die=die, result=result))
        return result

    def d3(self, purpose: Shown) -> int:
        return self.roll("d3", purpose)  # type: ignore[return-value]

    def d6(self, purpose: Shown) -> int:
        return self.roll("d6", purpose)  # type: ignore[return-value]

    def d8(self, purpose: Shown) -> int:
        return self.roll("d8", purpose)  # type: ignore[return-value]

    def d16(self, purpose: Shown) -> int:
        return self.roll("d16", purpose)  # type: ignore[return-value]

    def two_d6(self, purpose: Shown) -> tuple[int, int]:
        """Two D6 kept apart; sum them with ``sum()`` where a table reads 2D6."""
        return self.roll("2d6", purpose)  # type: ignore[return-value]

    def block(self, purpose: Shown) -> str:
        return self.roll("block", purpose)  # type: ignore[return-value]

    def rolls_as_dicts(self) -> list[dict[str, Any]]:
        return [r.as_dict() for r in self.rolls]


class SeededDice(Dice):
    """Production dice: reproducible from the seed, recorded roll by roll."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__()
        self.seed = seed
        self._random = random.Random(seed)

    def _draw(self, die: str, purpose: str) -> RollResult:
        if die == "block":
            return self._random.choice(BLOCK_DIE_FACES)
        if die == "2d6":
            return (self._random.randint(1, 6), self._random.randint(1, 6))
        return self._random.randint(1, DIE_FACES[die])


class KeyedDice(Dice):
    """Production dice keyed by purpose: a roll's result depends on the seed, the step,
    the purpose, the die and the roll's occurrence ("MVP: home", 1st), never on the
    rolls made before it for other purposes. A correction that adds a roll (a
    Dedicated Fans die) leaves every other roll of the step as it was."""

    def __init__(self, seed: int | str) -> None:
        super().__init__()
        self.seed = seed
        self._made: dict[tuple[str, str, str], int] = {}

    def _draw(self, die: str, purpose: str) -> RollResult:
        key = (self.step, purpose, die)
        occurrence = self._made.get(key, 0)
        self._made[key] = occurrence + 1
        # A string seeds ``random.Random`` through SHA-512: the same on every platform
        # and Python version (seeding version 2).
        draw = random.Random(f"{self.seed}|{self.step}|{purpose}|{die}|{occurrence}")
        if die == "block":
            return draw.choice(BLOCK_DIE_FACES)
        if die == "2d6":
            return (draw.randint(1, 6), draw.randint(1, 6))
        return draw.randint(1, DIE_FACES[die])


class ScriptedDice(Dice):
    """Test and replay dice: results come from a script, in order.

    Script entries are plain results (``4``, ``(3, 5)``, ``"POW!"``), or
    ``Roll`` objects, in which case the die and purpose asked for must match.
    """

    def __init__(self, script: Iterable[RollResult | Roll]) -> None:
        super().__init__()
        self._script: list[RollResult | Roll] = list(script)
        self._next = 0

    @classmethod
    def replay(cls, rolls: Sequence[Roll | dict[str, Any]]) -> ScriptedDice:
        """Dice that give back stored rolls and insist on the same die and purpose."""
        return cls(r if isinstance(r, Roll) else Roll.from_dict(r) for r in rolls)

    @property
    def remaining(self) -> int:
        return len(self._script) - self._next

    def _draw(self, die: str, purpose: str) -> RollResult:
        if self._next >= len(self._script):
            raise DiceScriptError(
                f"the dice script is used up: roll {self._next + 1} ({die.upper()} for "
                f"{purpose!r}) was asked for, but the script holds {len(self._script)}"
            )
        entry = self._script[self._next]
        self._next += 1
        if isinstance(entry, Roll):
            stored = english(entry.purpose)
            if entry.die != die or stored != purpose:
                raise DiceScriptError(
                    f"replay mismatch at roll {self._next}: stored {entry.die.upper()} for "
                    f"{stored!r}, asked {die.upper()} for {purpose!r}"
                )
            return entry.result
        return entry
