"""Player advancement (league facts section 4, step 3 "Player advancement").

Costs, value increases, titles, the random skill table and the Characteristic
Improvement table are the ruleset's data (``tables.py``); this module applies
them to a player. ``post_game`` lists what each player may afford; the teams
app applies the coach's pick with ``take_advancement``.

A decision the coach has not given yet (the category of a random skill, the
characteristic after a D16) comes back as ``AdvancementResult.pending``
without changing the player. After a roll, call again with the same arguments,
the answer and ``ScriptedDice.replay(result.rolls)``, so the roll stands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_engine.bb2020.state import PlayerState
from rules_engine.dice import Dice, Roll
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.ruleset import Position, Ruleset, skill_key
from rules_engine.sequence import Choice, recording
from rules_engine.tables import (
    advancement_spp_cost,
    load_league_tables,
    load_tables,
    random_skill,
    skill_category,
)
from rules_engine.tables import value_increase as table_value_increase

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
CHARACTERISTICS: tuple[str, ...] = ("ma", "st", "ag", "pa", "av")
# "Six advancements at most."
MAXIMUM_ADVANCEMENTS = 6
# "No characteristic improves more than twice."
MAXIMUM_IMPROVEMENTS = 2
# MA and ST rise; AG and PA are target numbers and improve by falling; AV is a
# target number the armour roll must reach, so it improves by rising (the core
# text's Head Injury lowers AV9+ to AV8+; facts section 7; ``injuries.py``).
IMPROVEMENT_STEP: dict[str, int] = {"ma": 1, "st": 1, "ag": -1, "pa": -1, "av": 1}
# Taking a skill instead of a rolled characteristic adds a chosen skill's value.
SKILL_INSTEAD_KIND: dict[str, str] = {"primary": "chosen_primary", "secondary": "chosen_secondary"}


def advancement_cost(kind: str, previous_advancements: int) -> int:
    """Post-game step 3, the advancement SPP cost table: SPP for an advancement of
    ``kind`` (random_primary, chosen_primary, random_secondary, chosen_secondary,
    random_characteristic) after ``previous_advancements`` earlier ones."""
    if previous_advancements >= MAXIMUM_ADVANCEMENTS:
        raise AdvancementError("players may have at most six advancements")
    if previous_advancements < 0:
        raise AdvancementError("a player cannot have fewer than 0 advancements")
    return advancement_spp_cost(kind, previous_advancements, ruleset_key=RULESET)


def value_increase(kind: str, characteristic: str | None = None) -> int:
    """Post-game step 3, value increases: gold an advancement adds to current value.

    ``kind`` is a skill kind (random primary +10,000, chosen primary and random
    secondary +20,000, chosen secondary +40,000), a characteristic ("av" +10,000,
    "ma"/"pa" +20,000, "ag" +40,000, "st" +80,000), or random_characteristic
    with the ``characteristic`` improved.
    """
    if kind.lower() in CHARACTERISTICS:
        return table_value_increase(RANDOM_CHARACTERISTIC, kind.lower(), ruleset_key=RULESET)
    return table_value_increase(kind, characteristic, ruleset_key=RULESET)


def advancement_title(advancements: int) -> str | None:
    """ "Titles after the 1st-6th advancement: Experienced, Veteran, Emerging Star, Star,
    Super Star, Legend"; none before the first."""
    return load_league_tables(RULESET).advancement_spp_costs.title_after(advancements)


@lru_cache(maxsize=1024)
def _position(ruleset: Ruleset, slug: str) -> Position:
    # Ruleset.position searches every roster; a post-game asks it for every player
    # and skill, and a loaded ruleset never changes.
    return ruleset.position(slug)


def skill_categories(ruleset: Ruleset, player: PlayerState, access: str) -> tuple[str, ...]:
    """The player's "primary" or "secondary" skill categories, from his position."""
    position = _position(ruleset, player.position_slug)
    return tuple(position.primary if access == "primary" else position.secondary)


@lru_cache(maxsize=1024)
def _position_skill_keys(ruleset: Ruleset, slug: str) -> frozenset[str]:
    return frozenset(skill_key(s) for s in _position(ruleset, slug).skills)


def held_skills(ruleset: Ruleset, player: PlayerState) -> frozenset[str]:
    """The player's skills (position's and gained) as spelling-proof keys."""
    gained = {skill_key(s) for s in player.skills}
    return _position_skill_keys(ruleset, player.position_slug) | gained


def has_skill(ruleset: Ruleset, player: PlayerState, name: str) -> bool:
    """Whether the player has the skill already, however it is spelled or parameterised."""
    return skill_key(name) in held_skills(ruleset, player)


@lru_cache(maxsize=64)
def category_skills(category: str) -> tuple[str, ...]:
    """The skills of a category, as its random skill table lists them."""
    grid = load_league_tables(RULESET).random_skills[skill_category(category)]
    return tuple(grid[cell] for cell in sorted(grid))


@lru_cache(maxsize=64)
def _keyed_category_skills(category: str) -> tuple[tuple[str, str], ...]:
    return tuple((skill, skill_key(skill)) for skill in category_skills(category))


def takeable_skills(ruleset: Ruleset, player: PlayerState, category: str) -> tuple[str, ...]:
    """The category's skills the player does not have yet."""
    return _not_held(held_skills(ruleset, player), category)


def _not_held(held: frozenset[str], category: str) -> tuple[str, ...]:
    return tuple(s for s, key in _keyed_category_skills(category) if key not in held)


def improvable_characteristics(
    ruleset: Ruleset, player: PlayerState, among: tuple[str, ...] = CHARACTERISTICS
) -> tuple[str, ...]:
    """Characteristics among ``among`` the player may still improve.

    Not one improved twice already, nor one at its limit (MA 9, ST 8, AG 1+,
    PA 1+, AV 11+). A player without PA ("-") cannot improve it: the facts
    sheet gives no target number to start from (Decision of this module).
    """
    limits = load_league_tables(RULESET).characteristic_limits
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


@dataclass(frozen=True)
class AdvancementOption:
    """An advancement a player can afford now: its kind, SPP cost, value increase
    (None for a random characteristic, whose increase depends on the roll) and the
    categories a skill may come from."""

    kind: str
    cost: int
    value_increase: int | None
    categories: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cost": self.cost,
            "value_increase": self.value_increase,
            "categories": list(self.categories),
        }


def advancement_options(ruleset: Ruleset, player: PlayerState) -> tuple[AdvancementOption, ...]:
    """Post-game step 3: the advancements the player's unspent SPP pay for now.

    Journeymen advance only once hired permanently (post-game step 4), and six
    advancements is the most a player has.
    """
    if player.journeyman or player.advancements >= MAXIMUM_ADVANCEMENTS:
        return ()
    costs = {kind: advancement_cost(kind, player.advancements) for kind in KINDS}
    if player.spp < min(costs.values()):
        return ()
    held = held_skills(ruleset, player)
    options = []
    for kind, cost in costs.items():
        if player.spp < cost:
            continue
        if kind == RANDOM_CHARACTERISTIC:
            options.append(AdvancementOption(kind, cost, None))
            continue
        categories = tuple(
            c for c in skill_categories(ruleset, player, SKILL_KINDS[kind][0]) if _not_held(held, c)
        )
        if categories:
            options.append(AdvancementOption(kind, cost, value_increase(kind), categories))
    return tuple(options)


def advancement_choice(
    ruleset: Ruleset,
    player: PlayerState,
    side: str,
    options: tuple[AdvancementOption, ...] | None = None,
) -> Choice | None:
    """The coach's decision after post-game step 3, when the player can afford any
    advancement: which one, or save the SPP. None when there is nothing to choose."""
    options = advancement_options(ruleset, player) if options is None else options
    if not options:
        return None
    return Choice(
        side,
        "advancement",
        f"{player.name} has {player.spp} SPP: choose an advancement, or save the SPP",
        {
            "player_id": player.id,
            "spp": player.spp,
            "advancements": player.advancements,
            "options": [o.as_dict() for o in options],
        },
    )


@dataclass(frozen=True)
class AdvancementResult:
    """One advancement taken (``applied``) or waiting for the coach (``pending``).

    ``player`` is the player after it (unchanged while pending). ``skill_rolls``
    holds every 2D6 of a random skill, re-rolls included; ``characteristic_roll``
    the D16 and ``improvement`` the row it landed on.
    """

    player_id: Any
    kind: str
    applied: bool
    player: PlayerState
    spp_cost: int
    value_increase: int = 0
    title: str | None = None
    category: str | None = None
    skill: str | None = None
    characteristic: str | None = None
    characteristic_roll: int | None = None
    improvement: str | None = None
    allowed_characteristics: tuple[str, ...] = ()
    skill_rolls: tuple[tuple[int, int], ...] = ()
    rolls: tuple[Roll, ...] = ()
    pending: Choice | None = None


def _category_of(ruleset: Ruleset, player: PlayerState, category: str, access: str) -> str:
    try:
        name = skill_category(category)
    except RulesError as error:
        raise AdvancementError(error.messages) from None
    allowed = skill_categories(ruleset, player, access)
    if name not in allowed:
        raise AdvancementError(
            f"{player.name} takes {access} skills from {', '.join(allowed) or 'no category'}, "
            f"not {name}"
        )
    return name


def _chosen_skill(
    ruleset: Ruleset, player: PlayerState, skill: str, access: tuple[str, ...]
) -> tuple[str, str, str]:
    """Validate a chosen skill: (skill as listed, its category, "primary"/"secondary")."""
    found = ruleset.skills.find(skill)
    learnable = found is not None and found.category in load_league_tables(RULESET).random_skills
    if found is None or not learnable:
        raise AdvancementError(f"{skill!r} is not a skill a player can learn")
    side = next((a for a in access if found.category in skill_categories(ruleset, player, a)), None)
    if side is None:
        raise AdvancementError(
            f"{player.name} cannot take {found.name}: {found.category} is not one of his "
            f"{' or '.join(access)} categories"
        )
    if has_skill(ruleset, player, found.name):
        raise AdvancementError(f"{player.name} already has {found.name}")
    return found.name, found.category, side


def _roll_random_skill(
    ruleset: Ruleset, player: PlayerState, category: str, dice: Dice
) -> tuple[str, tuple[tuple[int, int], ...]]:
    """Random skill: 2D6 on the category's table, re-rolling skills the player has."""
    if not takeable_skills(ruleset, player, category):
        raise AdvancementError(f"{player.name} already has every {category} skill")
    rolled: list[tuple[int, int]] = []
    while True:
        first, second = dice.two_d6(f"Random skill: {category}")
        rolled.append((first, second))
        skill = random_skill(category, first, second, ruleset_key=RULESET)
        if not has_skill(ruleset, player, skill):
            return skill, tuple(rolled)


def _improve(ruleset: Ruleset, player: PlayerState, name: str) -> PlayerState:
    current = player.characteristic(ruleset, name)
    assert current is not None  # improvable_characteristics leaves out a missing PA
    return player.evolve(
        **{name: current + IMPROVEMENT_STEP[name]},
        characteristic_improvements=(*player.characteristic_improvements, name),
    )


# What one resolution decided: the changed player (None while pending), the value
# increase, the result's details, and the pending choice.
_Resolution = tuple[PlayerState | None, int, dict[str, Any], Choice | None]


def _learn(player: PlayerState, skill: str) -> PlayerState:
    return player.evolve(skills=(*player.skills, skill))


def _resolve_skill(
    ruleset: Ruleset,
    player: PlayerState,
    kind: str,
    dice: Dice,
    category: str | None,
    skill: str | None,
) -> _Resolution:
    access, rolled = SKILL_KINDS[kind]
    value = value_increase(kind)
    if rolled:
        if category is None:
            options = {
                "player_id": player.id,
                "categories": [
                    c
                    for c in skill_categories(ruleset, player, access)
                    if takeable_skills(ruleset, player, c)
                ],
            }
            prompt = f"Choose the {access} category of {player.name}'s random skill"
            return None, 0, {}, Choice("team", "advancement_category", prompt, options)
        name = _category_of(ruleset, player, category, access)
        learned, skill_rolls = _roll_random_skill(ruleset, player, name, dice)
        details = {"category": name, "skill": learned, "skill_rolls": skill_rolls}
        return _learn(player, learned), value, details, None
    if skill is None:
        options = {
            "player_id": player.id,
            "skills": {
                c: list(takeable_skills(ruleset, player, c))
                for c in skill_categories(ruleset, player, access)
            },
        }
        prompt = f"Choose the {access} skill {player.name} learns"
        return None, 0, {}, Choice("team", "advancement_skill", prompt, options)
    learned, name, _ = _chosen_skill(ruleset, player, skill, (access,))
    return _learn(player, learned), value, {"category": name, "skill": learned}, None


def _resolve_characteristic(
    ruleset: Ruleset,
    player: PlayerState,
    dice: Dice,
    skill: str | None,
    characteristic_choice: str | None,
) -> _Resolution:
    if characteristic_choice is not None and skill is not None:
        raise AdvancementError("Take either the characteristic or a skill, not both")
    roll = dice.d16("Characteristic improvement")
    entry = load_tables(RULESET)["characteristic_improvement"].lookup(roll)
    allowed = improvable_characteristics(ruleset, player, tuple(entry.effect["choices"]))
    details: dict[str, Any] = {
        "characteristic_roll": roll,
        "improvement": entry.name,
        "allowed_characteristics": allowed,
    }
    if characteristic_choice is not None:
        name = characteristic_choice.lower()
        if name not in allowed:
            can = ", ".join(c.upper() for c in allowed) or "nothing (take a skill instead)"
            raise AdvancementError(
                f"The roll of {roll} ({entry.name}) lets {player.name} improve {can}, "
                f"not {characteristic_choice.upper()}"
            )
        details["characteristic"] = name
        return _improve(ruleset, player, name), value_increase(name), details, None
    if skill is not None:
        learned, name, access = _chosen_skill(ruleset, player, skill, ("primary", "secondary"))
        details.update(category=name, skill=learned)
        return _learn(player, learned), value_increase(SKILL_INSTEAD_KIND[access]), details, None
    options = {
        "player_id": player.id,
        "roll": roll,
        "improvement": entry.name,
        "characteristics": list(allowed),
        "primary": list(skill_categories(ruleset, player, "primary")),
        "secondary": list(skill_categories(ruleset, player, "secondary")),
    }
    prompt = (
        f"{player.name} rolled {roll} ({entry.name}): choose the characteristic to improve, "
        "or a primary or secondary skill instead"
    )
    return None, 0, details, Choice("team", "characteristic_improvement", prompt, options)


def take_advancement(
    ruleset: Ruleset,
    player: PlayerState,
    kind: str,
    dice: Dice,
    *,
    category: str | None = None,
    skill: str | None = None,
    characteristic_choice: str | None = None,
) -> AdvancementResult:
    """Post-game step 3, Player advancement: spend SPP on one advancement.

    - random_primary / random_secondary: ``category`` (one of the player's
      primary / secondary categories), then "roll 2D6 (first die 1-3 / 4-6 picks
      the half, second die the row of skills.json), re-roll skills the player
      has or cannot take".
    - chosen_primary / chosen_secondary: ``skill`` from such a category.
    - random_characteristic: a D16 on the Characteristic Improvement table, then
      ``characteristic_choice`` among those the row allows and the limits leave,
      or "instead of the rolled improvement ... a primary or secondary skill"
      (``skill``), valued as a chosen skill of that category (Decision of this
      module: the facts sheet gives no value for it).
    The SPP are paid, the value increase added and the title updated.
    """
    if kind not in KINDS:
        raise AdvancementError(f"{kind!r} is not an advancement; choose one of {', '.join(KINDS)}")
    if player.journeyman:
        raise AdvancementError(
            f"{player.name} is a journeyman: hire him permanently before he advances"
        )
    cost = advancement_cost(kind, player.advancements)
    if player.spp < cost:
        raise AdvancementError(
            f"{player.name} has {player.spp} SPP; a {kind.replace('_', ' ')} advancement "
            f"costs {cost}"
        )
    with recording(dice) as rolls:
        if kind == RANDOM_CHARACTERISTIC:
            resolution = _resolve_characteristic(
                ruleset, player, dice, skill, characteristic_choice
            )
        else:
            resolution = _resolve_skill(ruleset, player, kind, dice, category, skill)
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
        advancement_title(advancements),
        rolls=tuple(rolls),
        **details,
    )
