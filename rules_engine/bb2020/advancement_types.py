"""What a player's advancement is made of, shared by the editions that spend SPP
(``advancement_rules``): the limits, the option and result a coach sees, and the
lookups of the skills and categories a player has."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from rules_engine.bb2020.state import PlayerState
from rules_engine.dice import Roll
from rules_engine.ruleset import Position, Ruleset, skill_key
from rules_engine.sequence import Choice
from rules_engine.tables import load_league_tables, skill_category

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


@lru_cache(maxsize=128)
def keyed_category_skills(key: str, category: str) -> tuple[tuple[str, str], ...]:
    """A category's random skill table in order of its places, each skill with its key."""
    grid = load_league_tables(key).random_skills[skill_category(category, ruleset_key=key)]
    return tuple((grid[cell], skill_key(grid[cell])) for cell in sorted(grid))


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

    @cached_property
    def as_dict_template(self) -> dict[str, Any]:
        """``as_dict()`` made once, for copying (a copy's ``categories`` must be a new
        list): a post-game lists the options of every player."""
        return self.as_dict()


@dataclass(frozen=True)
class AdvancementResult:
    """One advancement taken (``applied``) or waiting for the coach (``pending``).

    ``player`` is the player after it (unchanged while pending). ``skill_rolls``
    holds every 2D6 of a random skill, re-rolls included; ``characteristic_roll``
    the characteristic die and ``improvement`` the row it landed on.
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


# What one resolution decided: the changed player (None while pending), the value
# increase, the result's details, and the pending choice.
Resolution = tuple[PlayerState | None, int, dict[str, Any], Choice | None]


def learn(player: PlayerState, skill: str) -> PlayerState:
    return player.evolve(skills=(*player.skills, skill))


def improve(ruleset: Ruleset, player: PlayerState, name: str) -> PlayerState:
    current = player.characteristic(ruleset, name)
    assert current is not None  # improvable_characteristics leaves out a missing PA
    return player.evolve(
        **{name: current + IMPROVEMENT_STEP[name]},
        characteristic_improvements=(*player.characteristic_improvements, name),
    )
