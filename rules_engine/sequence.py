"""Named steps and sequences: how the engine resolves pre-game and post-game.

A sequence (pre-game, post-game) is an ordered list of named steps. Each step
takes plain data and a ``Dice`` and returns a ``StepResult`` holding what it
decided and the rolls it made. Where a coach must decide (which inducements,
which skill, hire a journeyman or not), the step returns a ``Choice`` saying
what is to be chosen and what is allowed; the caller asks the coach and calls
again with the answer. The engine never guesses a coach's decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules_engine.dice import Dice, Roll
from rules_engine.errors import RulesError
from rules_engine.wording import Shown, english, say


@dataclass(frozen=True)
class Choice:
    """A decision the rules leave to a coach (or to the winner of a roll-off).

    ``side`` is "home" or "away" (or "both"); ``kind`` names the decision
    ("inducements", "kicking_team", "advancement", ...); ``options`` holds what
    is allowed, as plain data, for the caller to offer. ``prompt`` is the question
    as a coach reads it (a :class:`~rules_engine.wording.Wording`, rendered in the
    reader's language; ``english(prompt)`` where a record needs its English).
    """

    side: str
    kind: str
    prompt: Shown
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class StepResult:
    """What one rule step decided, with every roll it made, in order. ``title`` is
    the step's heading as a coach reads it (translatable); ``rule`` its English
    reference."""

    step: str
    title: Shown
    rule: str
    outcome: Mapping[str, Any]
    rolls: tuple[Roll, ...] = ()
    pending: tuple[Choice, ...] = ()

    @property
    def complete(self) -> bool:
        return not self.pending


@dataclass(frozen=True)
class SequenceResult:
    """A sequence run so far: its steps in order; stops at the first pending choice."""

    name: str
    steps: tuple[StepResult, ...]

    @property
    def complete(self) -> bool:
        return not any(step.pending for step in self.steps)  # each step's ``complete``

    @property
    def pending(self) -> tuple[Choice, ...]:
        return tuple(choice for step in self.steps for choice in step.pending)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        return tuple(roll for step in self.steps for roll in step.rolls)

    def step(self, name: str) -> StepResult:
        found = self._by_name.get(name)
        if found is None:
            raise KeyError(f"the {self.name} has no step {name!r} (yet)")
        return found

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._by_name

    @cached_property
    def _by_name(self) -> dict[str, StepResult]:
        """The steps by name (the first of a name), looked up once."""
        found: dict[str, StepResult] = {}
        for step in self.steps:
            found.setdefault(step.step, step)
        return found


class recording:  # noqa: N801 - used as a function: ``with recording(dice) as rolls``
    """Collect the rolls made inside the block (they stay on ``dice.rolls`` too)."""

    def __init__(self, dice: Dice) -> None:
        self.dice = dice
        self.collected: list[Roll] = []

    def __enter__(self) -> list[Roll]:
        self.start = len(self.dice.rolls)
        return self.collected

    def __exit__(self, *exc: object) -> None:
        self.collected.extend(self.dice.rolls[self.start :])


def run_step(
    step: str,
    title: Shown,
    rule: str,
    dice: Dice,
    resolve: Callable[[], Mapping[str, Any] | tuple[Mapping[str, Any], tuple[Choice, ...]]],
) -> StepResult:
    """Run ``resolve`` and wrap its outcome (and any pending choices) with its rolls."""
    start = len(dice.rolls)
    outer, dice.step = dice.step, step
    try:
        result = resolve()
    finally:
        dice.step = outer
    made = dice.rolls
    rolls = tuple(made[start:]) if len(made) > start else ()
    if isinstance(result, tuple):
        outcome, pending = result
        pending = tuple(pending)
    else:
        outcome, pending = result, ()
    return StepResult(
        step=step, title=title, rule=rule, outcome=outcome, rolls=rolls, pending=pending
    )


# A step to run: its name, its title, and what resolves it (``run_step``'s ``resolve``).
PlannedStep = tuple[
    str, Shown, Callable[[], Mapping[str, Any] | tuple[Mapping[str, Any], tuple[Choice, ...]]]
]


def run_steps(plan: Sequence[PlannedStep], rule: str, dice: Dice) -> tuple[StepResult, ...]:
    """Run a sequence's steps in order until one waits for a coach; each step's rule is
    ``rule`` followed by its title (in English: a rule reference is not translated)."""
    steps: list[StepResult] = []
    for name, title, resolve in plan:
        steps.append(run_step(name, title, f"{rule}{english(title)}", dice, resolve))
        if steps[-1].pending:  # it waits for a coach (``StepResult.complete``)
            break
    return tuple(steps)


def checked_choices(
    choices: Mapping[str, Any] | None,
    known: frozenset[str] | set[str],
    *,
    sequence: str,
    per_side: tuple[str, ...] = (),
    sides: tuple[str, ...] = ("home", "away"),
) -> Mapping[str, Any]:
    """A sequence's ``choices`` after checking their shape: only ``known`` keys, and the
    ``per_side`` ones given per side. Raises RulesError naming what is wrong."""
    choices = choices or {}
    if not choices.keys() <= known:
        unknown = sorted(set(choices) - set(known))
        raise RulesError(
            say(
                "Unknown {sequence} choices {unknown}; known: {known}",
                sequence=sequence,
                unknown=unknown,
                known=", ".join(sorted(known)),
            )
        )
    for key in per_side:
        given = choices.get(key) or {}
        if not isinstance(given, Mapping) or not given.keys() <= set(sides):
            raise RulesError(
                say("The {choice} choice is given per side: 'home' and/or 'away'", choice=key)
            )
    return choices
