"""``rules_engine.frozen``: the engine's fast way of making its frozen results gives
instances no one can tell from those ``__init__`` makes."""

from __future__ import annotations

import dataclasses

import pytest

from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.spp import SppEarned, spp_earned
from rules_engine.dice import Roll
from rules_engine.frozen import frozen
from rules_engine.sequence import Choice, StepResult


@pytest.mark.parametrize(
    ("cls", "values"),
    [
        (
            SppEarned,
            {
                "player_id": 7,
                "completions": 1,
                "deflections": 0,
                "interceptions": 2,
                "casualties": 0,
                "touchdowns": 1,
                "mvp": True,
            },
        ),
        (Choice, {"side": "home", "kind": "advancement", "prompt": "Pick", "options": {"a": [1]}}),
        (
            StepResult,
            {
                "step": "fans",
                "title": "The Fans",
                "rule": "r",
                "outcome": {"x": 1},
                "rolls": (Roll("why", "d6", 4),),
                "pending": (),
            },
        ),
    ],
)
def test_frozen_makes_what_init_makes(cls, values):
    made = frozen(cls, dict(values))
    by_init = cls(**values)
    assert made == by_init
    assert repr(made) == repr(by_init)
    if cls is SppEarned:  # the others hold dicts: no hash either way
        assert hash(made) == hash(by_init)
    assert list(vars(made)) == [f.name for f in dataclasses.fields(cls)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.extra = 1  # type: ignore[attr-defined]


def test_spp_earned_knows_its_total_as_the_award_table_counts_it():
    report = PlayerReport("p", touchdowns=2, completions=1, casualties=1, interceptions=1)
    earned = spp_earned(report, "p", mvp=True)
    # Touchdown 3, Completion 1, Casualty 2, Interception 2, MVP 4 (facts section 4).
    assert earned.total == 2 * 3 + 1 + 2 + 2 + 4 == sum(earned.breakdown.values())
    assert earned == SppEarned(
        "p", completions=1, interceptions=1, casualties=1, touchdowns=2, mvp=True
    )
