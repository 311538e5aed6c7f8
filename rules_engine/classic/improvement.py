"""The IMPROVEMENT TABLE (classic reference sheet) and applying its results.

A player rolls 2D6 on it each time his SPP reach a new title (post-match
step 4). "2-9 New skill", "10 +1 MA, +1 AV, or new skill", "11 +1 AG or new
skill", "12 +1 ST or new skill"; "Double: New skill from any skill category".
The coach picks one of the options a roll offers; ``take_improvement``
applies the pick.

Decisions, since the sheet is a summary:

- Value: each option adds what the sheet prints for it - a new skill
  +20,000 (the 2-9 row), +1 MA or +1 AV +30,000, +1 AG +40,000, +1 ST
  +50,000, a skill on a double +30,000 - as in the LRB-era value table the
  sheet summarises. A new skill taken on a 10-12 is still +20,000.
- Categories: a "new skill" comes from the player's primary categories (the
  BB2020 roster's, which play the part of the classic "normal" skills); a
  double's skill from any category, as the sheet says.
- Characteristics: +1 AG lowers the BB2020 AG target by one (AG3+ becomes
  AG2+, classic AG 4 -> 5); MA, ST and AV rise. BB2020's characteristic
  limits (MA 9, ST 8, AG 1+, AV 11+) bound them, the rosters being BB2020's.
- SPP are never spent: ``PlayerState.spp`` holds a classic player's total.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.state import PlayerState
from rules_engine.classic.tables import CHARACTERISTIC_KINDS, classic_table
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.ruleset import SKILL_CATEGORIES, Ruleset, skill_key
from rules_engine.tables import load_league_tables
from rules_engine.wording import say

# MA, ST and AV rise; AG is a target number and improves by falling.
IMPROVEMENT_STEP: dict[str, int] = {"ma": 1, "st": 1, "ag": -1, "av": 1}
ALL_CATEGORIES: tuple[str, ...] = tuple(SKILL_CATEGORIES.values())
NEW_SKILL = "new_skill"
ANY_SKILL = "any_skill"
_LABELS = {
    "ma": "+1 MA",
    "st": "+1 ST",
    "ag": "+1 AG",
    "av": "+1 AV",
    NEW_SKILL: "New skill",
    ANY_SKILL: "New skill from any skill category",
}


@dataclass(frozen=True)
class ImprovementOption:
    """One result a roll offers: ``kind`` (ma, av, ag, st, new_skill, any_skill), the
    gold it adds to the player's value, and the categories a skill may come from."""

    kind: str
    value_increase: int
    categories: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return _LABELS[self.kind]

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "label": self.label,
            "value_increase": self.value_increase,
            "categories": list(self.categories),
        }


@dataclass(frozen=True)
class Improvement:
    """A 2D6 on the Improvement table: the dice, the row, whether a double, the options
    (the row's, plus the double's skill from any category)."""

    roll: tuple[int, int]
    result: str
    doubles: bool
    options: tuple[ImprovementOption, ...]

    @property
    def total(self) -> int:
        return sum(self.roll)

    def option(self, kind: str) -> ImprovementOption:
        for option in self.options:
            if option.kind == kind:
                return option
        offered = ", ".join(o.kind for o in self.options)
        raise AdvancementError(
            say(
                "A roll of {total} offers {offered}, not {kind}",
                total=self.total,
                offered=offered,
                kind=repr(kind),
            )
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "roll": list(self.roll),
            "total": self.total,
            "result": self.result,
            "doubles": self.doubles,
            "options": [o.as_dict() for o in self.options],
        }


def improvement(roll_pair: tuple[int, int] | list[int]) -> Improvement:
    """IMPROVEMENT TABLE: the options of a 2D6 roll, before the player is considered.

    (4, 5) is "New skill" (+20,000); (5, 5) is "+1 MA, +1 AV, or new skill" plus,
    being a double, "New skill from any skill category" (+30,000).
    """
    if len(roll_pair) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in roll_pair):
        raise RulesError(f"the Improvement table is read with 2D6, got {roll_pair!r}")
    roll = (roll_pair[0], roll_pair[1])
    entry = classic_table("improvement").lookup(roll)
    options = [ImprovementOption(o["kind"], o["value_increase"]) for o in entry.effect["options"]]
    doubles = roll[0] == roll[1]
    if doubles:
        extra = classic_table("improvement_doubles")["option"]
        options.append(ImprovementOption(extra["kind"], extra["value_increase"]))
    return Improvement(roll, str(entry.name), doubles, tuple(options))


def _held(ruleset: Ruleset, player: PlayerState) -> frozenset[str]:
    return frozenset(skill_key(s) for s in player.all_skills(ruleset))


def takeable_skills(ruleset: Ruleset, player: PlayerState, category: str) -> tuple[str, ...]:
    """The category's skills (not traits) the player does not have yet."""
    held = _held(ruleset, player)
    return tuple(
        skill.name
        for skill in (ruleset.skills[name] for name in ruleset.skills)
        if skill.category == category and not skill.trait and skill_key(skill.name) not in held
    )


def _improvable(ruleset: Ruleset, player: PlayerState, characteristic: str) -> bool:
    current = player.characteristic(ruleset, characteristic)
    if current is None:
        return False
    low, high = load_league_tables("bb2020").characteristic_limits[characteristic]
    return low <= current + IMPROVEMENT_STEP[characteristic] <= high


def improvement_options(
    ruleset: Ruleset, player: PlayerState, rolled: Improvement
) -> tuple[ImprovementOption, ...]:
    """The options of ``rolled`` this player may take: characteristics within their
    limits, skills from categories with a skill he has not got (primary ones for a
    new skill, any for a double's)."""
    primary = tuple(player.position(ruleset).primary)
    allowed = []
    for option in rolled.options:
        if option.kind in CHARACTERISTIC_KINDS:
            if _improvable(ruleset, player, option.kind):
                allowed.append(option)
            continue
        among = primary if option.kind == NEW_SKILL else ALL_CATEGORIES
        categories = tuple(c for c in among if takeable_skills(ruleset, player, c))
        if categories:
            allowed.append(ImprovementOption(option.kind, option.value_increase, categories))
    return tuple(allowed)


def take_improvement(
    ruleset: Ruleset,
    player: PlayerState,
    rolled: Improvement,
    kind: str,
    skill: str | None = None,
) -> PlayerState:
    """Apply the coach's pick among a roll's options: the skill or the characteristic,
    the option's value increase, one more improvement taken. SPP are not spent.

    Raises AdvancementError naming what is allowed when the pick is not.
    """
    allowed = {o.kind: o for o in improvement_options(ruleset, player, rolled)}
    if kind not in allowed:
        if not allowed:
            raise AdvancementError(
                say(
                    "{player} may take nothing from this roll, not {kind}",
                    player=player.name,
                    kind=repr(kind),
                )
            )
        raise AdvancementError(
            say(
                "{player} may take {offered} from this roll, not {kind}",
                player=player.name,
                offered=", ".join(allowed),
                kind=repr(kind),
            )
        )
    option = allowed[kind]
    changes: dict[str, Any] = {
        "value_increases": player.value_increases + option.value_increase,
        "advancements": player.advancements + 1,
    }
    if kind in CHARACTERISTIC_KINDS:
        if skill is not None:
            raise AdvancementError(say("{option} takes no skill", option=option.label))
        current = player.characteristic(ruleset, kind)
        assert current is not None  # improvement_options leaves out a missing one
        changes[kind] = current + IMPROVEMENT_STEP[kind]
        changes["characteristic_improvements"] = (*player.characteristic_improvements, kind)
        return player.evolve(**changes)
    found = ruleset.skills.find(skill) if skill else None
    if found is None:
        raise AdvancementError(say("Choose a skill to take, not {skill}", skill=repr(skill)))
    if found.name not in {
        s for c in option.categories for s in takeable_skills(ruleset, player, c)
    }:
        raise AdvancementError(
            say(
                "{player} cannot take {skill}: a {option} comes from {categories}, and not a "
                "skill he has",
                player=player.name,
                skill=found.name,
                option=option.label.lower(),
                categories=", ".join(option.categories),
            )
        )
    changes["skills"] = (*player.skills, found.name)
    return player.evolve(**changes)
