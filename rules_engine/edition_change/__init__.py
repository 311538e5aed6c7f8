"""A team moving from one edition to another at a re-draft ("BB2020 -> BB2025
re-draft"): its players mapped onto the new edition's roster of its race, with the list
of everything that cannot carry over.

Which moves exist is the engine's (``edition_moves_from``, ``edition_move``); the apps
ask here and never compare edition keys. ``map_team`` is pure: it takes the team as a
``TeamState`` of the old edition and the coach's position choices, and returns each
player as he would be in the new edition plus every loss, in words fit to show. Nothing
is dropped silently: a player whose position has no counterpart waits for the coach's
choice, and every skill, characteristic improvement or team option that cannot carry is
a ``Loss``.

Dugout's readings (the facts file is silent on a change of edition):

- a position carries over to the position of the new roster with the same slug or the
  same name (roster prefixes ignored: BB2020's Human "Blitzer" is BB2025's "Human
  Blitzer"); otherwise, or when the coach prefers another, the coach picks one of the
  new roster's positions;
- a gained skill carries when the new edition has it (under its new spelling where it
  was renamed), the new position does not already have it, and the new position may
  take its category as a primary or secondary skill; it is then valued by the new
  edition as a primary or secondary skill of the new position (elite surcharge
  included);
- a characteristic keeps its injuries and improvements relative to the position's
  profile; an improvement that would pass the new edition's limits (or a second one
  beyond the maximum, or PA where the new position has none) is lost, the newest
  first. An injury never takes a characteristic past its limit;
- what is lost stays lost: the SPP spent on it stay spent and the advancement still
  counts toward the six (the commissioner may adjust SPP);
- a position holding more players than the new roster allows is reported with its
  players, and the coach chooses whom to keep (the new maximum or fewer); the others
  leave the team. Staff and Dedicated Fans above the new caps are cut to the cap,
  without refund (facts section 13.13, ``overflow``);
- the team's option ("Favoured of...") carries when the new roster offers it, else the
  coach chooses again (or loses it where the new roster offers none); an apothecary
  where the new roster may hire none is an inducement only.
"""

from rules_engine.edition_change.mapping import Loss, MappedPlayer, PositionChoice, TeamMapping
from rules_engine.edition_change.moves import (
    CHARACTERISTIC,
    CHARACTERISTICS,
    COACHS_CHOICE,
    IMPROVEMENT_STEP,
    INDUCEMENT_ONLY,
    POSITION,
    SAME_NAME,
    SAME_SLUG,
    SKILL,
    TEAM_OPTION,
    EditionMove,
    ValueIncrease,
    edition_move,
    edition_moves_from,
    is_edition_change,
)
from rules_engine.edition_change.overflow import (
    KEEP,
    OverflowPlayer,
    PositionOverflow,
    StaffCut,
)
from rules_engine.edition_change.team import map_team

__all__ = [
    "CHARACTERISTIC",
    "CHARACTERISTICS",
    "COACHS_CHOICE",
    "IMPROVEMENT_STEP",
    "INDUCEMENT_ONLY",
    "KEEP",
    "POSITION",
    "SAME_NAME",
    "SAME_SLUG",
    "SKILL",
    "StaffCut",
    "TEAM_OPTION",
    "EditionMove",
    "Loss",
    "MappedPlayer",
    "OverflowPlayer",
    "PositionOverflow",
    "PositionChoice",
    "TeamMapping",
    "ValueIncrease",
    "edition_move",
    "edition_moves_from",
    "is_edition_change",
    "map_team",
]
