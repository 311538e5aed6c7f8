"""Player advancement in BB2025 (league facts section 7, and section 3's value increases).

Differs from BB2020 (facts section 7): "No random secondary skill any more", the
SPP costs are lower for chosen secondary and characteristic advancements, a random
skill is "roll two skills and let the coach keep one" on the category's D12 table,
the characteristic table is a D8, and the value increases are new with a +10,000
surcharge for elite skills (facts section 3).

What is the same is BB2020's (``rules_engine.bb2020.advancement``): six
advancements at most with the same titles, a characteristic improved at most twice
within the same limits, skills held looked up by any spelling, and the
"result pending, call again with ``ScriptedDice.replay(result.rolls)``" protocol.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from rules_engine.bb2020.advancement import (
    MAXIMUM_ADVANCEMENTS,
    AdvancementOption,
    AdvancementResult,
    has_skill,
    held_skills,
    improvable_characteristics,
    skill_categories,
)
from rules_engine.bb2020.state import PlayerState
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.ruleset import Ruleset, skill_key
from rules_engine.sequence import Choice, recording
from rules_engine.tables import load_league_tables, load_tables, random_skill, skill_category

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
    "take_advancement",
    "takeable_skills",
    "value_increase",
]

RULESET = "bb2025"
# Kind -> (which categories it draws from, whether the skill is rolled). No random
# secondary: "Only Primary random skills are allowed in Third Season rules" (NAFLM).
SKILL_KINDS: dict[str, tuple[str, bool]] = {
    "random_primary": ("primary", True),
    "chosen_primary": ("primary", False),
    "chosen_secondary": ("secondary", False),
}
CHARACTERISTIC = "characteristic"
KINDS: tuple[str, ...] = (*SKILL_KINDS, CHARACTERISTIC)
CHARACTERISTICS: tuple[str, ...] = ("ma", "st", "ag", "pa", "av")
# Value-table kinds a caller may name that are not advancements of BB2025: a
# secondary skill is +40,000 however it came (facts section 3, "secondary skill").
_VALUE_ALIASES: dict[str, str] = {
    "random_secondary": "chosen_secondary",
    "random_characteristic": CHARACTERISTIC,
}
# MA and ST rise; AG and PA are target numbers and improve by falling; AV is the
# target the armour roll must beat and improves by rising (as BB2020).
IMPROVEMENT_STEP: dict[str, int] = {"ma": 1, "st": 1, "ag": -1, "pa": -1, "av": 1}
SKILL_INSTEAD_KIND: dict[str, str] = {"primary": "chosen_primary", "secondary": "chosen_secondary"}


def advancement_cost(kind: str, taken: int) -> int:
    """Facts section 7, "Advancement - SPP costs": the SPP an advancement of ``kind``
    (random_primary, chosen_primary, chosen_secondary, characteristic) costs after
    ``taken`` earlier advancements: 3/6/10/14 for the first ... 15/30/34/38 for the sixth.

    Differs from BB2020: "No random secondary skill any more ... (secondary 12-40,
    characteristic 18-50)"."""
    if taken >= MAXIMUM_ADVANCEMENTS:
        raise AdvancementError("players may have at most six advancements")
    if taken < 0:
        raise AdvancementError("a player cannot have fewer than 0 advancements")
    return load_league_tables(RULESET).advancement_spp_costs.cost(kind, taken)


@lru_cache(maxsize=1)
def elite_skills() -> frozenset[str]:
    """Facts section 3: "elite skill (Block, Dodge, Guard, Mighty Blow) +10,000 extra"
    (NAFLM's list; CZ flags only Mighty Blow: UNVERIFIED, the file follows NAFLM)."""
    return frozenset(skill_key(s) for s in league_section("value_increases")["elite_skills"])


def is_elite(skill: str) -> bool:
    return skill_key(skill) in elite_skills()


def value_increase(kind: str, characteristic: str | None = None, *, elite: bool = False) -> int:
    """Facts section 3, Value increases: primary skill (random or chosen) +20,000,
    secondary skill +40,000, elite skill +10,000 extra, AV +10,000, MA or PA +20,000,
    AG +30,000, ST +60,000.

    ``kind`` is a skill kind (as BB2020's: random_primary, chosen_primary,
    random_secondary, chosen_secondary), a characteristic (ma, st, ag, pa, av), or
    characteristic / random_characteristic with ``characteristic``. ``elite`` adds the
    surcharge to a skill. Differs from BB2020: "random primary was +10k, random
    secondary +20k, AG +40k, ST +80k; elite surcharge is new."
    """
    tables = load_league_tables(RULESET)
    name = kind.lower()
    name = _VALUE_ALIASES.get(name, name)
    if name in CHARACTERISTICS or name == CHARACTERISTIC:
        if elite:
            raise AdvancementError("The elite surcharge is for skills, not characteristics")
        key = name if name in CHARACTERISTICS else (characteristic or "").lower()
        increases = tables.characteristic_value_increases
        if key not in increases:
            raise AdvancementError(
                f"a characteristic improvement needs one of {', '.join(increases)}, "
                f"got {characteristic!r}"
            )
        return increases[key]
    if name not in tables.skill_value_increases:
        raise AdvancementError(f"{kind!r} is not an advancement")
    surcharge = int(league_section("value_increases")["elite_surcharge"]) if elite else 0
    return tables.skill_value_increases[name] + surcharge


def advancement_title(advancements: int) -> str | None:
    """ "Six advancements at most; titles Experienced ... Legend" (same as BB2020)."""
    return load_league_tables(RULESET).advancement_spp_costs.title_after(advancements)


@lru_cache(maxsize=64)
def category_skills(category: str) -> tuple[str, ...]:
    """The category's D12 table in order of its places 1-12 (skills.json ``d12``)."""
    name = skill_category(category, ruleset_key=RULESET)
    grid = load_league_tables(RULESET).random_skills[name]
    return tuple(grid[cell] for cell in sorted(grid))


def takeable_skills(ruleset: Ruleset, player: PlayerState, category: str) -> tuple[str, ...]:
    """The category's skills the player does not have yet."""
    held = held_skills(ruleset, player)
    return tuple(s for s in category_skills(category) if skill_key(s) not in held)


def advancement_options(ruleset: Ruleset, player: PlayerState) -> tuple[AdvancementOption, ...]:
    """The advancements the player's unspent SPP pay for now (journeymen advance once
    hired; six at most). A skill's value is shown without an elite surcharge, which
    depends on the skill taken."""
    if player.journeyman or player.advancements >= MAXIMUM_ADVANCEMENTS:
        return ()
    options = []
    for kind in KINDS:
        cost = advancement_cost(kind, player.advancements)
        if player.spp < cost:
            continue
        if kind == CHARACTERISTIC:
            options.append(AdvancementOption(kind, cost, None))
            continue
        categories = tuple(
            c
            for c in skill_categories(ruleset, player, SKILL_KINDS[kind][0])
            if takeable_skills(ruleset, player, c)
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
    """The coach's decision after post-game step 3: which advancement, or save the SPP."""
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


_Resolution = tuple[PlayerState | None, int, dict[str, Any], Choice | None]


def _learn(player: PlayerState, skill: str) -> PlayerState:
    return player.evolve(skills=(*player.skills, skill))


def _category_of(ruleset: Ruleset, player: PlayerState, category: str, access: str) -> str:
    try:
        name = skill_category(category, ruleset_key=RULESET)
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
    """A chosen skill checked: (skill as listed, its category, "primary"/"secondary")."""
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


def roll_random_skills(
    ruleset: Ruleset, player: PlayerState, category: str, dice: Dice
) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Facts section 7, Random skill: "each category is a D12 table of 12 skills;
    NAFLM rolls D6 for the half + D6 for the row, re-rolls skills the player has.
    Both NAFLM and CZ roll two skills and let the coach keep one" (UNVERIFIED).

    The second roll also re-rolls the first skill, so the coach has two to choose
    from; with one skill left to learn, one is rolled."""
    takeable = takeable_skills(ruleset, player, category)
    if not takeable:
        raise AdvancementError(f"{player.name} already has every {category} skill")
    wanted = min(int(league_section("random_skill")["skills_rolled"]), len(takeable))
    rolled: list[tuple[int, int]] = []
    found: list[str] = []
    held = held_skills(ruleset, player)
    while len(found) < wanted:
        first, second = dice.two_d6(f"Random skill: {category}")
        rolled.append((first, second))
        skill = random_skill(category, first, second, ruleset_key=RULESET)
        if skill_key(skill) not in held and skill not in found:
            found.append(skill)
    return tuple(found), tuple(rolled)


def _resolve_skill(
    ruleset: Ruleset,
    player: PlayerState,
    kind: str,
    dice: Dice,
    category: str | None,
    skill: str | None,
) -> _Resolution:
    access, rolled = SKILL_KINDS[kind]
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
        choices, skill_rolls = roll_random_skills(ruleset, player, name, dice)
        details: dict[str, Any] = {"category": name, "skill_rolls": skill_rolls}
        if len(choices) == 1 and skill is None:
            skill = choices[0]
        if skill is None:
            prompt = f"{player.name} rolled {' and '.join(choices)}: keep one"
            options = {"player_id": player.id, "category": name, "skills": list(choices)}
            return None, 0, details, Choice("team", "random_skill", prompt, options)
        kept = ruleset.skills.find(skill)
        if kept is None or kept.name not in choices:
            raise AdvancementError(
                f"{player.name} rolled {' and '.join(choices)}; {skill!r} is not one of them"
            )
        details["skill"] = kept.name
        return (
            _learn(player, kept.name),
            value_increase(kind, elite=is_elite(kept.name)),
            details,
            None,
        )
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
    value = value_increase(kind, elite=is_elite(learned))
    return _learn(player, learned), value, {"category": name, "skill": learned}, None


def _improve(ruleset: Ruleset, player: PlayerState, name: str) -> PlayerState:
    current = player.characteristic(ruleset, name)
    assert current is not None  # improvable_characteristics leaves out a missing PA
    return player.evolve(
        **{name: current + IMPROVEMENT_STEP[name]},
        characteristic_improvements=(*player.characteristic_improvements, name),
    )


def _resolve_characteristic(
    ruleset: Ruleset,
    player: PlayerState,
    dice: Dice,
    skill: str | None,
    characteristic_choice: str | None,
) -> _Resolution:
    """Facts section 7, Characteristic table (D8): 1 AV; 2 AV or PA; 3-4 AV, MA or PA;
    5 MA or PA; 6 AG or MA; 7 AG or ST; 8 any. "The coach may take a primary/secondary
    skill instead" (valued as a chosen skill of that kind). Differs from BB2020 (D16)."""
    if characteristic_choice is not None and skill is not None:
        raise AdvancementError("Take either the characteristic or a skill, not both")
    roll = dice.d8("Characteristic improvement")
    entry = load_tables(RULESET)["characteristic_improvement"].lookup(roll)
    # Same limits as BB2020 (facts section 7: MA 1-9, ST 1-8, AG/PA 1+-6+, AV 3+-11+).
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
        value = value_increase(SKILL_INSTEAD_KIND[access], elite=is_elite(learned))
        return _learn(player, learned), value, details, None
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
    """Facts section 7, advancement: spend SPP on one advancement (BB2020's signature).

    - random_primary: ``category``, then two skills rolled on its D12 table; the
      coach keeps one (``skill``). Pending until both are given.
    - chosen_primary / chosen_secondary: ``skill`` from such a category.
    - characteristic (random_characteristic accepted): a D8 on the Characteristic
      table, then ``characteristic_choice``, or a primary/secondary ``skill`` instead.
    The SPP are paid, the value increase (elite surcharge included) added and the
    title updated.
    """
    kind = _VALUE_ALIASES.get(kind, kind) if kind == "random_characteristic" else kind
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
        if kind == CHARACTERISTIC:
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
