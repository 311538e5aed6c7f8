"""Player advancement (league facts section 4, step 3 "Player advancement").

Costs, value increases, titles, the random skill table and the Characteristic
Improvement table are the ruleset's data (``tables.py``); the steps that apply
them to a player are ``advancement_rules.AdvancementRules``, which BB2025 shares.
``post_game`` lists what each player may afford; the teams app applies the coach's
pick with ``take_advancement``.

A decision the coach has not given yet (the category of a random skill, the
characteristic after a D16) comes back as ``AdvancementResult.pending``
without changing the player. After a roll, call again with the same arguments,
the answer and ``ScriptedDice.replay(result.rolls)``, so the roll stands.
"""

from __future__ import annotations

from rules_engine.bb2020.advancement_rules import (
    CHARACTERISTICS,
    IMPROVEMENT_STEP,
    MAXIMUM_ADVANCEMENTS,
    MAXIMUM_IMPROVEMENTS,
    SKILL_INSTEAD_KIND,
    AdvancementOption,
    AdvancementResult,
    AdvancementRules,
    Resolution,
    has_skill,
    held_skills,
    learn,
    skill_categories,
)
from rules_engine.bb2020.state import PlayerState
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset
from rules_engine.tables import random_skill
from rules_engine.tables import value_increase as table_value_increase
from rules_engine.wording import say

__all__ = [
    "CHARACTERISTICS",
    "IMPROVEMENT_STEP",
    "KINDS",
    "MAXIMUM_ADVANCEMENTS",
    "MAXIMUM_IMPROVEMENTS",
    "RANDOM_CHARACTERISTIC",
    "SKILL_INSTEAD_KIND",
    "SKILL_KINDS",
    "AdvancementOption",
    "AdvancementResult",
    "advancement_choice",
    "advancement_cost",
    "advancement_options",
    "advancement_title",
    "category_skills",
    "has_skill",
    "held_skills",
    "improvable_characteristics",
    "skill_categories",
    "take_advancement",
    "takeable_skills",
    "value_increase",
]

RULESET = "bb2020"
# Kind -> (which categories it draws from, whether the skill is rolled).
SKILL_KINDS: dict[str, tuple[str, bool]] = {
    "random_primary": ("primary", True),
    "chosen_primary": ("primary", False),
    "random_secondary": ("secondary", True),
    "chosen_secondary": ("secondary", False),
}
RANDOM_CHARACTERISTIC = "random_characteristic"
KINDS: tuple[str, ...] = (*SKILL_KINDS, RANDOM_CHARACTERISTIC)


class Bb2020Advancement(AdvancementRules):
    """BB2020's values (``tables.value_increase``) and random skill (one 2D6 roll,
    re-rolled while the player has the skill)."""

    def value_increase(self, kind: str, characteristic: str | None = None) -> int:
        """Post-game step 3, value increases: gold an advancement adds to current value.

        ``kind`` is a skill kind (random primary +10,000, chosen primary and random
        secondary +20,000, chosen secondary +40,000), a characteristic ("av" +10,000,
        "ma"/"pa" +20,000, "ag" +40,000, "st" +80,000), or random_characteristic
        with the ``characteristic`` improved.
        """
        if kind.lower() in CHARACTERISTICS:
            return table_value_increase(RANDOM_CHARACTERISTIC, kind.lower(), ruleset_key=self.key)
        return table_value_increase(kind, characteristic, ruleset_key=self.key)

    def resolve_random_skill(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        category: str,
        skill: str | None,
        dice: Dice,
    ) -> Resolution:
        """Random skill: "roll 2D6 (first die 1-3 / 4-6 picks the half, second die the
        row of skills.json), re-roll skills the player has or cannot take"."""
        if not self.takeable_skills(ruleset, player, category):
            raise AdvancementError(
                say(
                    "{player} already has every {category} skill",
                    player=player.name,
                    category=category,
                )
            )
        rolled: list[tuple[int, int]] = []
        while True:
            first, second = dice.two_d6(say("Random skill: {category}", category=category))
            rolled.append((first, second))
            learned = random_skill(category, first, second, ruleset_key=self.key)
            if not has_skill(ruleset, player, learned):
                break
        details = {"category": category, "skill": learned, "skill_rolls": tuple(rolled)}
        return learn(player, learned), self.value_increase(kind), details, None


BB2020 = Bb2020Advancement(RULESET, SKILL_KINDS, RANDOM_CHARACTERISTIC)


def advancement_cost(kind: str, previous_advancements: int) -> int:
    """Post-game step 3, the advancement SPP cost table: SPP for an advancement of
    ``kind`` (random_primary, chosen_primary, random_secondary, chosen_secondary,
    random_characteristic) after ``previous_advancements`` earlier ones."""
    return BB2020.advancement_cost(kind, previous_advancements)


value_increase = BB2020.value_increase
advancement_title = BB2020.advancement_title
category_skills = BB2020.category_skills
takeable_skills = BB2020.takeable_skills
improvable_characteristics = BB2020.improvable_characteristics
advancement_options = BB2020.advancement_options
advancement_choice = BB2020.advancement_choice
# Post-game step 3, Player advancement: spend SPP on one advancement.
# - random_primary / random_secondary: ``category`` (one of the player's primary /
#   secondary categories), then the 2D6 random skill.
# - chosen_primary / chosen_secondary: ``skill`` from such a category.
# - random_characteristic: a D16 on the Characteristic Improvement table, then
#   ``characteristic_choice`` among those the row allows and the limits leave, or
#   "instead of the rolled improvement ... a primary or secondary skill" (``skill``),
#   valued as a chosen skill of that category (Decision: the facts give no value).
take_advancement = BB2020.take_advancement
