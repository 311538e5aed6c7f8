"""Spending SPP on an advancement, written once for every edition that develops players
this way (BB2020, and BB2025 "same as BB2020" where its facts say so).

``AdvancementRules`` holds the steps; an edition's instance (``bb2020.advancement``,
``bb2025.advancement``) gives it its league tables, kinds, die and values, and
overrides the hooks where its rules differ (``value_increase``, ``skill_value``,
``resolve_random_skill``, ``normalise_kind``).

A decision the coach has not given yet (the category of a random skill, the
characteristic after the roll) comes back as ``AdvancementResult.pending`` without
changing the player. After a roll, call again with the same arguments, the answer
and ``ScriptedDice.replay(result.rolls)``, so the roll stands.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any

from rules_engine.bb2020.advancement_options import AdvancementOptions, advancement_choice_of
from rules_engine.bb2020.advancement_types import (
    CHARACTERISTICS,
    IMPROVEMENT_STEP,
    MAXIMUM_ADVANCEMENTS,
    MAXIMUM_IMPROVEMENTS,
    SKILL_INSTEAD_KIND,
    AdvancementOption,
    AdvancementResult,
    Resolution,
    has_skill,
    held_skills,
    improve,
    keyed_category_skills,
    learn,
    skill_categories,
)
from rules_engine.bb2020.state import PlayerState
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, recording
from rules_engine.tables import load_league_tables, load_tables, skill_category
from rules_engine.wording import say

__all__ = [
    "CHARACTERISTICS",
    "IMPROVEMENT_STEP",
    "MAXIMUM_ADVANCEMENTS",
    "MAXIMUM_IMPROVEMENTS",
    "SKILL_INSTEAD_KIND",
    "AdvancementOption",
    "AdvancementResult",
    "AdvancementRules",
    "Resolution",
    "has_skill",
    "held_skills",
    "learn",
    "skill_categories",
]


class AdvancementRules(AdvancementOptions):
    """Post-game player advancement for one edition: its league tables (``key``), its
    skill kinds (kind -> (categories it draws from, whether the skill is rolled)),
    and the name of its characteristic advancement."""

    def __init__(
        self, key: str, skill_kinds: Mapping[str, tuple[str, bool]], characteristic_kind: str
    ) -> None:
        self.key = key
        self.skill_kinds = dict(skill_kinds)
        self.characteristic_kind = characteristic_kind
        self.kinds: tuple[str, ...] = (*skill_kinds, characteristic_kind)
        self.start_options_memo()

    # --- the hooks an edition's class defines (abstract) ------------------------------

    @abstractmethod
    def value_increase(self, kind: str, characteristic: str | None = None) -> int:
        """Gold an advancement of ``kind`` (or a characteristic) adds to current value."""

    def skill_value(self, kind: str, skill: str) -> int:
        """The value a skill learned as an advancement of ``kind`` adds."""
        return self.value_increase(kind)

    def roll_characteristic(self, dice: Dice) -> int:
        """The roll on the Characteristic Improvement table (BB2020: a D16)."""
        return dice.d16(say("Characteristic improvement"))

    def normalise_kind(self, kind: str) -> str:
        """The advancement ``kind`` names, as this edition spells it."""
        return kind

    @abstractmethod
    def resolve_random_skill(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        category: str,
        skill: str | None,
        dice: Dice,
    ) -> Resolution:
        """A random skill from ``category`` (checked): rolled on its table."""

    # --- tables ----------------------------------------------------------------------

    def advancement_cost(self, kind: str, taken: int) -> int:
        """SPP an advancement of ``kind`` costs after ``taken`` earlier ones."""
        if taken >= MAXIMUM_ADVANCEMENTS:
            raise AdvancementError(say("players may have at most six advancements"))
        if taken < 0:
            raise AdvancementError(say("a player cannot have fewer than 0 advancements"))
        return load_league_tables(self.key).advancement_spp_costs.cost(kind, taken)

    def advancement_title(self, advancements: int) -> str | None:
        """ "Titles after the 1st-6th advancement: Experienced, Veteran, Emerging Star,
        Star, Super Star, Legend"; none before the first."""
        return load_league_tables(self.key).advancement_spp_costs.title_after(advancements)

    def player_title(self, player: PlayerState) -> str | None:
        """The title of the player's advancements so far (``advancement_title``)."""
        return self.advancement_title(player.advancements)

    def must_advance(self, player: PlayerState) -> bool:
        """Whether the player may no longer save his SPP: never in BB2020."""
        del player
        return False

    def category_skills(self, category: str) -> tuple[str, ...]:
        """The skills of a category, as its random skill table lists them."""
        return tuple(s for s, _ in keyed_category_skills(self.key, category))

    def takeable_skills(
        self, ruleset: Ruleset, player: PlayerState, category: str
    ) -> tuple[str, ...]:
        """The category's skills the player does not have yet."""
        return self._not_held(held_skills(ruleset, player), category)

    def _not_held(self, held: frozenset[str], category: str) -> tuple[str, ...]:
        return tuple(s for s, key in keyed_category_skills(self.key, category) if key not in held)

    def improvable_characteristics(
        self, ruleset: Ruleset, player: PlayerState, among: tuple[str, ...] = CHARACTERISTICS
    ) -> tuple[str, ...]:
        """Characteristics among ``among`` the player may still improve.

        Not one improved twice already, nor one at its limit (MA 9, ST 8, AG 1+,
        PA 1+, AV 11+). A player without PA ("-") cannot improve it: the facts
        sheet gives no target number to start from (Decision of this module).
        """
        limits = load_league_tables(self.key).characteristic_limits
        allowed = []
        for name in among:
            current = player.characteristic(ruleset, name)
            if current is None or player.characteristic_improvements.count(name) >= (
                MAXIMUM_IMPROVEMENTS
            ):
                continue
            low, high = limits[name]
            if low <= current + IMPROVEMENT_STEP[name] <= high:
                allowed.append(name)
        return tuple(allowed)

    # --- what a player may take --------------------------------------------------------

    def advancement_choice(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        side: str,
        options: tuple[AdvancementOption, ...] | None = None,
    ) -> Choice | None:
        """The coach's decision after post-game step 3, when the player can afford any
        advancement: which one, or save the SPP. None when there is nothing to choose."""
        options = self.advancement_options(ruleset, player) if options is None else options
        if not options:
            return None
        offered = []
        for option in options:  # each ``option.as_dict()``, copied from its template
            row = option.as_dict_template.copy()
            row["categories"] = list(option.categories)
            offered.append(row)
        return advancement_choice_of(player, side, offered)

    # --- checking the coach's answers ----------------------------------------------------

    def category_of(self, ruleset: Ruleset, player: PlayerState, category: str, access: str) -> str:
        try:
            name = skill_category(category, ruleset_key=self.key)
        except RulesError as error:
            raise AdvancementError(error.reasons) from None
        allowed = skill_categories(ruleset, player, access)
        if name not in allowed:
            if not allowed:
                raise AdvancementError(
                    say(
                        "{player} takes {access} skills from no category, not {category}",
                        player=player.name,
                        access=access,
                        category=name,
                    )
                )
            raise AdvancementError(
                say(
                    "{player} takes {access} skills from {categories}, not {category}",
                    player=player.name,
                    access=access,
                    categories=", ".join(allowed),
                    category=name,
                )
            )
        return name

    def chosen_skill(
        self, ruleset: Ruleset, player: PlayerState, skill: str, access: tuple[str, ...]
    ) -> tuple[str, str, str]:
        """Validate a chosen skill: (skill as listed, its category, "primary"/"secondary")."""
        found = ruleset.skills.find(skill)
        learnable = (
            found is not None and found.category in load_league_tables(self.key).random_skills
        )
        if found is None or not learnable:
            raise AdvancementError(
                say("{skill} is not a skill a player can learn", skill=repr(skill))
            )
        side = next(
            (a for a in access if found.category in skill_categories(ruleset, player, a)), None
        )
        if side is None:
            raise AdvancementError(
                say(
                    "{player} cannot take {skill}: {category} is not one of his {access} "
                    "categories",
                    player=player.name,
                    skill=found.name,
                    category=found.category,
                    access=" or ".join(access),
                )
            )
        if has_skill(ruleset, player, found.name):
            raise AdvancementError(
                say("{player} already has {skill}", player=player.name, skill=found.name)
            )
        return found.name, found.category, side

    # --- resolving one advancement ---------------------------------------------------------

    def _category_choice(self, ruleset: Ruleset, player: PlayerState, access: str) -> Choice:
        """The coach's choice of a random skill's category."""
        options = {
            "player_id": player.id,
            "categories": [
                c
                for c in skill_categories(ruleset, player, access)
                if self.takeable_skills(ruleset, player, c)
            ],
        }
        if access == "secondary":
            prompt = say(
                "Choose the secondary category of {player}'s random skill", player=player.name
            )
        else:
            prompt = say(
                "Choose the primary category of {player}'s random skill", player=player.name
            )
        return Choice("team", "advancement_category", prompt, options)

    def resolve_skill(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        dice: Dice,
        category: str | None,
        skill: str | None,
    ) -> Resolution:
        access, rolled = self.skill_kinds[kind]
        if rolled:
            if category is None:
                return None, 0, {}, self._category_choice(ruleset, player, access)
            name = self.category_of(ruleset, player, category, access)
            return self.resolve_random_skill(ruleset, player, kind, name, skill, dice)
        if skill is None:
            options = {
                "player_id": player.id,
                "skills": {
                    c: list(self.takeable_skills(ruleset, player, c))
                    for c in skill_categories(ruleset, player, access)
                },
            }
            if access == "secondary":
                prompt = say("Choose the secondary skill {player} learns", player=player.name)
            else:
                prompt = say("Choose the primary skill {player} learns", player=player.name)
            return None, 0, {}, Choice("team", "advancement_skill", prompt, options)
        learned, name, _ = self.chosen_skill(ruleset, player, skill, (access,))
        value = self.skill_value(kind, learned)
        return learn(player, learned), value, {"category": name, "skill": learned}, None

    def resolve_characteristic(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        dice: Dice,
        skill: str | None,
        characteristic_choice: str | None,
    ) -> Resolution:
        if characteristic_choice is not None and skill is not None:
            raise AdvancementError(say("Take either the characteristic or a skill, not both"))
        roll = self.roll_characteristic(dice)
        entry = load_tables(self.key)["characteristic_improvement"].lookup(roll)
        allowed = self.improvable_characteristics(ruleset, player, tuple(entry.effect["choices"]))
        details: dict[str, Any] = {
            "characteristic_roll": roll,
            "improvement": entry.name,
            "allowed_characteristics": allowed,
        }
        if characteristic_choice is not None:
            name = characteristic_choice.lower()
            if name not in allowed:
                if not allowed:
                    raise AdvancementError(
                        say(
                            "The roll of {roll} ({result}) lets {player} improve nothing (take "
                            "a skill instead), not {characteristic}",
                            roll=roll,
                            result=entry.name,
                            player=player.name,
                            characteristic=characteristic_choice.upper(),
                        )
                    )
                raise AdvancementError(
                    say(
                        "The roll of {roll} ({result}) lets {player} improve {characteristics}, "
                        "not {characteristic}",
                        roll=roll,
                        result=entry.name,
                        player=player.name,
                        characteristics=", ".join(c.upper() for c in allowed),
                        characteristic=characteristic_choice.upper(),
                    )
                )
            details["characteristic"] = name
            return improve(ruleset, player, name), self.value_increase(name), details, None
        if skill is not None:
            learned, name, access = self.chosen_skill(
                ruleset, player, skill, ("primary", "secondary")
            )
            details.update(category=name, skill=learned)
            value = self.skill_value(SKILL_INSTEAD_KIND[access], learned)
            return learn(player, learned), value, details, None
        options = {
            "player_id": player.id,
            "roll": roll,
            "improvement": entry.name,
            "characteristics": list(allowed),
            "primary": list(skill_categories(ruleset, player, "primary")),
            "secondary": list(skill_categories(ruleset, player, "secondary")),
        }
        prompt = say(
            "{player} rolled {roll} ({improvement}): choose the characteristic to improve, "
            "or a primary or secondary skill instead",
            player=player.name,
            roll=roll,
            improvement=entry.name,
        )
        return None, 0, details, Choice("team", "characteristic_improvement", prompt, options)

    def _cost(self, player: PlayerState, kind: str) -> int:
        if kind not in self.kinds:
            raise AdvancementError(
                say(
                    "{kind} is not an advancement; choose one of {kinds}",
                    kind=repr(kind),
                    kinds=", ".join(self.kinds),
                )
            )
        if player.journeyman:
            raise AdvancementError(
                say(
                    "{player} is a journeyman: hire him permanently before he advances",
                    player=player.name,
                )
            )
        cost = self.advancement_cost(kind, player.advancements)
        if player.spp < cost:
            raise AdvancementError(
                say(
                    "{player} has {spp} SPP; a {kind} advancement costs {cost}",
                    player=player.name,
                    spp=player.spp,
                    kind=kind.replace("_", " "),
                    cost=cost,
                )
            )
        return cost

    def take_advancement(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        dice: Dice,
        *,
        category: str | None = None,
        skill: str | None = None,
        characteristic_choice: str | None = None,
    ) -> AdvancementResult:
        """Post-game step 3, Player advancement: spend SPP on one advancement of ``kind``.

        The SPP are paid, the value increase added and the title updated; a decision
        still owed comes back pending (see the module's docstring).
        """
        kind = self.normalise_kind(kind)
        cost = self._cost(player, kind)
        with recording(dice) as rolls:
            if kind == self.characteristic_kind:
                resolution = self.resolve_characteristic(
                    ruleset, player, dice, skill, characteristic_choice
                )
            else:
                resolution = self.resolve_skill(ruleset, player, kind, dice, category, skill)
        changed, value, details, pending = resolution
        if changed is None:
            return AdvancementResult(
                player.id, kind, False, player, cost, rolls=tuple(rolls), pending=pending, **details
            )
        advancements = player.advancements + 1
        changed = changed.evolve(
            spp=player.spp - cost,
            advancements=advancements,
            value_increases=player.value_increases + value,
        )
        return AdvancementResult(
            player.id,
            kind,
            True,
            changed,
            cost,
            value,
            self.advancement_title(advancements),
            rolls=tuple(rolls),
            **details,
        )
