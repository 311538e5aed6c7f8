"""Player advancement in BB2025 (bb2025-league-facts.md section 8, step 3; BBBase
docs/bb2025/core_rules/league_play.md "Spending Star Player Points", "Advancement
Table", "Value Increase Table", p.96-97).

Differs from BB2020: no random secondary skill; lower SPP costs for chosen secondary
skills (10-34) and characteristics (14-38); a random skill is rolled twice on the
category's table (a D6 for the half, a D6 for the row) and the coach keeps one (May
2026 FAQ, pg. 97); the characteristic table is a D8; the value increases are new, with
+10,000 for an elite skill (Block, Dodge, Guard, Mighty Blow); and a player whose SPP
reach the characteristic cost of his next advancement must advance (``must_advance``).

What is the same is BB2020's (``rules_engine.bb2020.advancement``): six
advancements at most with the same titles, a characteristic improved at most twice
within the same limits, skills held looked up by any spelling, and the
"result pending, call again with ``ScriptedDice.replay(result.rolls)``" protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rules_engine.bb2020.advancement_rules import (
    CHARACTERISTICS,
    AdvancementOption,
    AdvancementResult,
    AdvancementRules,
    Resolution,
    held_skills,
    learn,
)
from rules_engine.bb2020.advancement_types import MAXIMUM_ADVANCEMENTS
from rules_engine.bb2020.state import PlayerState
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset, skill_key
from rules_engine.sequence import Choice
from rules_engine.tables import load_league_tables, random_skill
from rules_engine.wording import Shown, say

__all__ = [
    "CHARACTERISTIC",
    "KINDS",
    "AdvancementOption",
    "AdvancementResult",
    "advancement_choice",
    "advancement_cost",
    "advancement_options",
    "advancement_title",
    "category_skills",
    "elite_skills",
    "is_elite",
    "must_advance",
    "take_advancement",
    "takeable_skills",
    "value_increase",
]

RULESET = "bb2025"
# Kind -> (which categories it draws from, whether the skill is rolled). No random
# secondary: the Advancement Table has no random secondary skill (facts section 8).
SKILL_KINDS: dict[str, tuple[str, bool]] = {
    "random_primary": ("primary", True),
    "chosen_primary": ("primary", False),
    "chosen_secondary": ("secondary", False),
}
CHARACTERISTIC = "characteristic"
KINDS: tuple[str, ...] = (*SKILL_KINDS, CHARACTERISTIC)
# Value-table kinds a caller may name that are not advancements of BB2025: a
# secondary skill is +40,000 however it came (facts section 3, "secondary skill").
_VALUE_ALIASES: dict[str, str] = {
    "random_secondary": "chosen_secondary",
    "random_characteristic": CHARACTERISTIC,
}


@lru_cache(maxsize=1)
def elite_skills() -> frozenset[str]:
    """Facts section 3: "elite skill (Block, Dodge, Guard, Mighty Blow) +10,000 extra"
    (each marked elite on its skill page, BBBase skills_and_traits.md)."""
    return frozenset(skill_key(s) for s in league_section("value_increases")["elite_skills"])


def is_elite(skill: str) -> bool:
    return skill_key(skill) in elite_skills()


class Bb2025Advancement(AdvancementRules):
    """BB2020's advancement steps with BB2025's values (elite surcharge), its D8
    characteristic table and its random skill (two rolled, the coach keeps one)."""

    def must_advance(self, player: PlayerState) -> bool:
        """Facts section 8, step 3: SPP may be saved, but a player whose SPP reach the
        cost of a characteristic improvement as his next advancement must take an
        advancement (of any kind). A player with six advancements has none left to take."""
        if player.journeyman or player.advancements >= MAXIMUM_ADVANCEMENTS:
            return False
        return player.spp >= self.advancement_cost(self.characteristic_kind, player.advancements)

    def value_increase(
        self, kind: str, characteristic: str | None = None, *, elite: bool = False
    ) -> int:
        """Facts section 3, Value increases: primary skill (random or chosen) +20,000,
        secondary skill +40,000, elite skill +10,000 extra, AV +10,000, MA or PA +20,000,
        AG +30,000, ST +60,000.

        ``kind`` is a skill kind (as BB2020's: random_primary, chosen_primary,
        random_secondary, chosen_secondary), a characteristic (ma, st, ag, pa, av), or
        characteristic / random_characteristic with ``characteristic``. ``elite`` adds the
        surcharge to a skill. Differs from BB2020: "random primary was +10k, random
        secondary +20k, AG +40k, ST +80k; elite surcharge is new."
        """
        tables = load_league_tables(self.key)
        name = kind.lower()
        name = _VALUE_ALIASES.get(name, name)
        if name in CHARACTERISTICS or name == CHARACTERISTIC:
            if elite:
                raise AdvancementError(
                    say("The elite surcharge is for skills, not characteristics")
                )
            key = name if name in CHARACTERISTICS else (characteristic or "").lower()
            increases = tables.characteristic_value_increases
            if key not in increases:
                raise AdvancementError(
                    say(
                        "a characteristic improvement needs one of {characteristics}, got {got}",
                        characteristics=", ".join(increases),
                        got=repr(characteristic),
                    )
                )
            return increases[key]
        if name not in tables.skill_value_increases:
            raise AdvancementError(say("{kind} is not an advancement", kind=repr(kind)))
        surcharge = int(league_section("value_increases")["elite_surcharge"]) if elite else 0
        return tables.skill_value_increases[name] + surcharge

    def advancement_offer(
        self, ruleset: Ruleset, player: PlayerState, side: str
    ) -> tuple[tuple[AdvancementOption, ...], Choice | None]:
        """BB2020's offer, marked ``must_advance`` where the player may no longer save
        his SPP (``must_advance``)."""
        options, choice = super().advancement_offer(ruleset, player, side)
        return options, _forced(player, choice)

    def advancement_choice(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        side: str,
        options: tuple[AdvancementOption, ...] | None = None,
    ) -> Choice | None:
        return _forced(player, super().advancement_choice(ruleset, player, side, options))

    def skill_value(self, kind: str, skill: str) -> int:
        return self.value_increase(kind, elite=is_elite(skill))

    def roll_characteristic(self, dice: Dice) -> int:
        """Facts section 7, Characteristic table (D8): 1 AV; 2 AV or PA; 3-4 AV, MA or
        PA; 5 MA or PA; 6 AG or MA; 7 AG or ST; 8 any. Differs from BB2020 (D16); the
        limits are the same (MA 1-9, ST 1-8, AG/PA 1+-6+, AV 3+-11+)."""
        return dice.d8(say("Characteristic improvement"))

    def normalise_kind(self, kind: str) -> str:
        return _VALUE_ALIASES.get(kind, kind) if kind == "random_characteristic" else kind

    def resolve_random_skill(
        self,
        ruleset: Ruleset,
        player: PlayerState,
        kind: str,
        category: str,
        skill: str | None,
        dice: Dice,
    ) -> Resolution:
        """Two skills rolled on the category's D12 table; the coach keeps one (``skill``),
        pending until given."""
        choices, skill_rolls = roll_random_skills(ruleset, player, category, dice)
        details: dict[str, Any] = {"category": category, "skill_rolls": skill_rolls}
        if len(choices) == 1 and skill is None:
            skill = choices[0]
        if skill is None:
            prompt = say(
                "{player} rolled {skills}: keep one", player=player.name, skills=both(choices)
            )
            options = {"player_id": player.id, "category": category, "skills": list(choices)}
            return None, 0, details, Choice("team", "random_skill", prompt, options)
        kept = ruleset.skills.find(skill)
        if kept is None or kept.name not in choices:
            raise AdvancementError(
                say(
                    "{player} rolled {skills}; {skill} is not one of them",
                    player=player.name,
                    skills=" and ".join(choices),
                    skill=repr(skill),
                )
            )
        details["skill"] = kept.name
        return learn(player, kept.name), self.skill_value(kind, kept.name), details, None


BB2025 = Bb2025Advancement(RULESET, SKILL_KINDS, CHARACTERISTIC)


def both(names: Sequence[str]) -> Shown:
    """Names taken together, "A and B", each "and" translatable."""
    if len(names) <= 1:
        return "".join(names)
    return say("{first} and {second}", first=both(names[:-1]), second=names[-1])


def advancement_cost(kind: str, taken: int) -> int:
    """Facts section 7, "Advancement - SPP costs": the SPP an advancement of ``kind``
    (random_primary, chosen_primary, chosen_secondary, characteristic) costs after
    ``taken`` earlier advancements: 3/6/10/14 for the first ... 15/30/34/38 for the sixth.

    Differs from BB2020: "No random secondary skill any more ... (secondary 12-40,
    characteristic 18-50)"."""
    return BB2025.advancement_cost(kind, taken)


must_advance = BB2025.must_advance


def _forced(player: PlayerState, choice: Choice | None) -> Choice | None:
    """The advancement choice of a player who must advance: he may not save the SPP."""
    if choice is None or not must_advance(player):
        return choice
    prompt = say(
        "{player} has {spp} SPP: he must take an advancement", player=player.name, spp=player.spp
    )
    return Choice(choice.side, choice.kind, prompt, {**choice.options, "must_advance": True})


def value_increase(kind: str, characteristic: str | None = None, *, elite: bool = False) -> int:
    """Facts section 3, Value increases (``Bb2025Advancement.value_increase``)."""
    return BB2025.value_increase(kind, characteristic, elite=elite)


# "Six advancements at most; titles Experienced ... Legend" (same as BB2020).
advancement_title = BB2025.advancement_title
# The category's D12 table in order of its places 1-12 (skills.json ``d12``).
category_skills = BB2025.category_skills
takeable_skills = BB2025.takeable_skills
advancement_options = BB2025.advancement_options
advancement_choice = BB2025.advancement_choice
# Facts section 7, advancement: spend SPP on one advancement (BB2020's signature).
# - random_primary: ``category``, then two skills rolled on its D12 table; the coach
#   keeps one (``skill``). Pending until both are given.
# - chosen_primary / chosen_secondary: ``skill`` from such a category.
# - characteristic (random_characteristic accepted): a D8 on the Characteristic table,
#   then ``characteristic_choice``, or a primary/secondary ``skill`` instead (valued as
#   a chosen skill of that kind, elite surcharge included).
take_advancement = BB2025.take_advancement


def roll_random_skills(
    ruleset: Ruleset, player: PlayerState, category: str, dice: Dice
) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Facts section 8, Random skill: choose a primary category, a D6 for the half
    (1-3 / 4-6) and a D6 for the row of its table; done twice, the coach keeps one
    (May 2026 FAQ, pg. 97); a skill the player has or cannot take is re-rolled.

    The second roll also re-rolls the first skill, so the coach has two to choose
    from; with one skill left to learn, one is rolled."""
    takeable = takeable_skills(ruleset, player, category)
    if not takeable:
        raise AdvancementError(
            say(
                "{player} already has every {category} skill", player=player.name, category=category
            )
        )
    wanted = min(int(league_section("random_skill")["skills_rolled"]), len(takeable))
    rolled: list[tuple[int, int]] = []
    found: list[str] = []
    held = held_skills(ruleset, player)
    while len(found) < wanted:
        first, second = dice.two_d6(say("Random skill: {category}", category=category))
        rolled.append((first, second))
        skill = random_skill(category, first, second, ruleset_key=RULESET)
        if skill_key(skill) not in held and skill not in found:
            found.append(skill)
    return tuple(found), tuple(rolled)
