"""Armour, injury and casualty rolls, KO recovery and the apothecary.

Each function takes a ``Dice`` and returns a frozen result that carries the
rolls it made; the tables come from the ruleset's data (``tables.py``).

Armour is broken when the 2D6 total, after modifiers, equals or beats the
Armour Value. BB2020 prints AV as a target number ("AV9+") like AG and PA, and
the core text's Characteristic Reduction example confirms the direction: a
Head Injury "lowers" the target from AV9+ to AV8+, which only weakens armour if
a roll of the target number breaks it (league facts, section 7).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.tables import Table, TableEntry, load_league_tables, load_tables
from rules_engine.wording import Shown, say

# The purposes the rolls below are recorded under where the caller names none.
ARMOUR_ROLL = say("Armour roll")
INJURY_ROLL = say("Injury roll")
LASTING_INJURY_ROLL = say("Lasting Injury roll")
CASUALTY_ROLL_APOTHECARY = say("Casualty roll (apothecary)")
CASUALTY_ROLL = say("Casualty roll")
KO_RECOVERY = say("KO recovery")


RULESET = "bb2020"

# Where a Knocked-out player goes when the apothecary patches them up
# (Apothecaries: Patching-up Knocked-out Players).
PATCHED_UP_ON_PITCH = "Stunned"
PATCHED_UP_FROM_CROWD = "Reserves box"

# KO recovery succeeds on this D6 or more (End of Drive Sequence, 2. Recover
# Knocked-out Players); each Bloodweiser Keg adds one.
KO_RECOVERY_TARGET = 4


def _table(name: str, ruleset_key: str) -> Table:
    return load_tables(ruleset_key)[name]


@dataclass(frozen=True)
class ArmourResult:
    """An Armour roll: the two dice, the modifier, and whether the armour broke."""

    broken: bool
    roll: tuple[int, int]
    modifier: int
    armour_value: int

    @property
    def total(self) -> int:
        return sum(self.roll) + self.modifier

    @property
    def natural_double(self) -> bool:
        """Both dice alike before modifiers: the referee sees a Foul (Being Sent-off)."""
        return self.roll[0] == self.roll[1]


@dataclass(frozen=True)
class InjuryResult:
    """An Injury roll: "Stunned", "KO'd", "Badly Hurt" (Stunty only) or "Casualty"."""

    outcome: str
    entry: TableEntry
    roll: tuple[int, int]
    modifier: int
    stunty: bool

    @property
    def total(self) -> int:
        return sum(self.roll) + self.modifier

    @property
    def natural_double(self) -> bool:
        return self.roll[0] == self.roll[1]

    @property
    def casualty_roll_needed(self) -> bool:
        """A Casualty! result calls for a Casualty roll; a Stunty Badly Hurt does not."""
        return self.outcome == "Casualty"


@dataclass(frozen=True)
class LastingInjuryResult:
    """A roll on the Lasting Injury table and the characteristic it reduces."""

    entry: TableEntry
    roll: int

    @property
    def characteristic(self) -> str:
        return str(self.entry.effect["characteristic"])

    @property
    def change(self) -> int:
        """Change to the number on the roster (AG/PA targets rise, the AV target falls)."""
        return int(self.entry.effect["change"])


@dataclass(frozen=True)
class CasualtyResult:
    """A Casualty roll: the D16, its modifier, the row, and any Lasting Injury rolled."""

    entry: TableEntry
    roll: int
    modifier: int
    lasting_injury: LastingInjuryResult | None = None
    patched_up: bool = False

    def __str__(self) -> str:
        return self.entry.name

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def total(self) -> int:
        return self.roll + self.modifier

    @property
    def needs_lasting_injury_roll(self) -> bool:
        return bool(self.entry.effect.get("lasting_injury")) and self.lasting_injury is None

    @property
    def miss_next_game(self) -> bool:
        return bool(self.entry.effect.get("miss_next_game"))

    @property
    def niggling_injury(self) -> bool:
        return bool(self.entry.effect.get("niggling_injury"))

    @property
    def dead(self) -> bool:
        return bool(self.entry.effect.get("dead"))

    @property
    def placed_in(self) -> str:
        """A patched-up Badly Hurt player goes to the Reserves box; others stay in Casualty."""
        return "Reserves box" if self.patched_up else "Casualty box"


@dataclass(frozen=True)
class KoRecoveryResult:
    """A KO recovery roll; truthy when the player recovers."""

    recovered: bool
    roll: int
    modifier: int

    def __bool__(self) -> bool:
        return self.recovered


def armour_roll(
    dice: Dice, av: int, modifier: int = 0, *, purpose: Shown = ARMOUR_ROLL
) -> ArmourResult:
    """Armour and Injuries, Armour Rolls: 2D6 against the player's Armour Value.

    "If the player's armour is 'broken', an Injury roll is made." It breaks when
    the total after modifiers (Mighty Blow, Foul assists) equals or beats ``av``,
    the AV target number (9 for AV9+); see the module docstring.
    """
    roll = dice.two_d6(purpose)
    return ArmourResult(
        broken=sum(roll) + modifier >= av, roll=roll, modifier=modifier, armour_value=av
    )


def injury_roll(
    dice: Dice,
    modifier: int = 0,
    stunty: bool = False,
    *,
    purpose: Shown = INJURY_ROLL,
    ruleset_key: str = RULESET,
) -> InjuryResult:
    """Armour and Injuries, Injury Rolls: 2D6 on the Injury table.

    "If an Injury roll is ever made against a player with the Stunty trait,
    roll on this table instead" (Stunty Injury table). A modified total past
    either end of the table reads its end row ("10+ Casualty!").
    """
    table = _table("stunty_injury" if stunty else "injury", ruleset_key)
    roll = dice.two_d6(purpose)
    entry = table.lookup_modified(sum(roll) + modifier)
    return InjuryResult(
        outcome=entry.effect["outcome"], entry=entry, roll=roll, modifier=modifier, stunty=stunty
    )


def lasting_injury_roll(
    dice: Dice, *, purpose: Shown = LASTING_INJURY_ROLL, ruleset_key: str = RULESET
) -> LastingInjuryResult:
    """Armour and Injuries, Characteristic Reduction: a D6 on the Lasting Injury table."""
    roll = dice.d6(purpose)
    return LastingInjuryResult(entry=_table("lasting_injury", ruleset_key).lookup(roll), roll=roll)


def casualty_roll(
    dice: Dice,
    niggling_injuries: int = 0,
    *,
    resolve_lasting_injury: bool = True,
    purpose: Shown = CASUALTY_ROLL,
    ruleset_key: str = RULESET,
) -> CasualtyResult:
    """Armour and Injuries, Casualty Rolls: a D16 on the Casualty table.

    "There is a +1 modifier applied to all future rolls made against this player
    on the Casualty table per Niggling Injury they have" (NI); a total past 16
    reads the top row. A Lasting Injury also rolls on the Lasting Injury table,
    unless ``resolve_lasting_injury`` is False because an apothecary may still
    replace the result (see ``patch_up_casualty``).
    """
    if niggling_injuries < 0:
        raise RulesError(say("A player cannot have fewer than 0 Niggling Injuries"))
    roll = dice.d16(purpose)
    entry = _table("casualty", ruleset_key).lookup_modified(roll + niggling_injuries)
    result = CasualtyResult(entry=entry, roll=roll, modifier=niggling_injuries)
    if resolve_lasting_injury:
        result = resolve_casualty(dice, result, ruleset_key=ruleset_key)
    return result


def resolve_casualty(
    dice: Dice, result: CasualtyResult, *, ruleset_key: str = RULESET
) -> CasualtyResult:
    """Roll the Lasting Injury a Lasting Injury result calls for; other results pass through."""
    if not result.needs_lasting_injury_roll:
        return result
    return replace(result, lasting_injury=lasting_injury_roll(dice, ruleset_key=ruleset_key))


def patch_up_casualty(
    dice: Dice,
    first: CasualtyResult,
    niggling_injuries: int = 0,
    *,
    purpose: Shown = CASUALTY_ROLL_APOTHECARY,
    ruleset_key: str = RULESET,
) -> tuple[CasualtyResult, CasualtyResult]:
    """Apothecaries, Patching-up Casualties: roll again on the Casualty table.

    "The coach of the opposing team rolls again on the Casualty table, giving two
    possible outcomes. You may choose which result is applied to your player."
    Neither result has its Lasting Injury rolled yet: that roll belongs to the
    result the coach applies (``apothecary_choice``).
    """
    second = casualty_roll(
        dice,
        niggling_injuries,
        resolve_lasting_injury=False,
        purpose=purpose,
        ruleset_key=ruleset_key,
    )
    return first, second


def apothecary_choice(
    first: CasualtyResult,
    second: CasualtyResult,
    chosen: CasualtyResult,
    dice: Dice | None = None,
    *,
    ruleset_key: str = RULESET,
) -> CasualtyResult:
    """Apothecaries, Patching-up Casualties: apply the result the coach chose.

    "If a Badly Hurt result is applied, the apothecary has been able to patch the
    player up ... placed in the Reserves box." A chosen Lasting Injury rolls on
    the Lasting Injury table now, with ``dice``.
    """
    if chosen != first and chosen != second:
        raise RulesError(say("The apothecary applies one of the two Casualty results rolled"))
    if chosen.needs_lasting_injury_roll:
        if dice is None:
            raise ValueError("a chosen Lasting Injury needs dice for its Lasting Injury roll")
        chosen = resolve_casualty(dice, chosen, ruleset_key=ruleset_key)
    return replace(chosen, patched_up=chosen.name == "Badly Hurt")


def patch_up_knocked_out(*, in_crowd: bool = False) -> str:
    """Apothecaries, Patching-up Knocked-out Players: where the player ends up.

    On the pitch they "remain on the pitch and become Stunned"; knocked out in
    the crowd, they go "directly into the Reserves box rather than the
    Knocked-out box".
    """
    return PATCHED_UP_FROM_CROWD if in_crowd else PATCHED_UP_ON_PITCH


def ko_recovery(
    dice: Dice, bloodweiser_kegs: int = 0, *, purpose: Shown = KO_RECOVERY
) -> KoRecoveryResult:
    """End of Drive Sequence, 2. Recover Knocked-out Players: a D6 for each KO'd player.

    "On a roll of 4+, the player has recovered"; each Bloodweiser Keg induced
    adds +1 to the roll.
    """
    if bloodweiser_kegs < 0:
        raise RulesError(
            say("A team cannot have fewer than 0 {inducement}", inducement="Bloodweiser Kegs")
        )
    roll = dice.d6(purpose)
    return KoRecoveryResult(
        recovered=roll + bloodweiser_kegs >= KO_RECOVERY_TARGET,
        roll=roll,
        modifier=bloodweiser_kegs,
    )


def apply_lasting_injury(
    characteristics: Mapping[str, int | None],
    injury: LastingInjuryResult,
    *,
    ruleset_key: str = RULESET,
) -> dict[str, int | None]:
    """Characteristic Reduction: the player's characteristics after a Lasting Injury.

    Keys are ma, st, ag, pa, av as on the roster (AG, PA and AV as target
    numbers). "No characteristic can ever be reduced below the minimum value",
    so the change stops at the limit; a player without PA keeps none.
    """
    name = injury.characteristic
    changed = dict(characteristics)
    value = changed.get(name)
    if value is None:
        return changed
    low, high = load_league_tables(ruleset_key).characteristic_limits[name]
    changed[name] = max(low, min(high, value + injury.change))
    return changed
