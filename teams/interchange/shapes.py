"""A team as an import file describes it, before it is checked against a ruleset.

Every reader (``dugout``, ``fumbbl``, ``naflm``) turns its file into a ``TeamIn``
with the names the file uses; ``mapping`` then finds each name in the ruleset and
the service writes the team. Nothing here touches the database.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine.wording import Shown
from teams.errors import TeamError

# The most an upload may weigh: a team file is a few kilobytes.
MAX_UPLOAD_BYTES = 1_000_000
CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


class InterchangeError(TeamError):
    """An import file the site cannot read, or names it cannot find: every reason at
    once, shown beside the file (``field``) on the page and under ``fields`` in the API."""

    field = "file"


@dataclass
class InjuryIn:
    """An injury as the file gives it: ``kind`` is an ``InjuryRecord.Kind`` value."""

    kind: str
    characteristic: str = ""
    note: str = ""
    source: str = ""


@dataclass
class PlayerIn:
    """One player of the file; ``position`` and ``skills`` as the file names them."""

    number: int
    name: str
    position: str
    skills: list[tuple[str, str]] = field(default_factory=list)  # (skill, PlayerSkill source)
    # Change of each characteristic from the position's profile (AG, PA and AV as
    # target numbers: an AG injury is +1, an AG improvement -1).
    changes: dict[str, int] = field(default_factory=dict)
    injuries: list[InjuryIn] = field(default_factory=list)
    spp_earned: int = 0
    spp_spent: int = 0
    # Achievements whose SPP the ruleset awards ({"Touchdown": 2}), added to spp_earned.
    achievements: dict[str, int] = field(default_factory=dict)
    advancements: int = 0
    value_increases: int = 0
    # Characteristics improved (FUMBBL's "+MA"), already in ``changes``: priced by mapping.
    improvements: list[str] = field(default_factory=list)
    niggling_injuries: int = 0
    miss_next_game: bool = False
    temporarily_retired: bool = False
    journeyman: bool = False
    status: str = "active"


@dataclass
class TeamIn:
    """The team of an import file; ``roster`` as the file names it, ``source`` how the
    ledger's first entry words where it came from ("FUMBBL team 1234")."""

    name: str
    roster: str
    source: Shown
    ruleset: str | None = None
    special_rule_choice: str = ""
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool = False
    dedicated_fans: int = 1
    treasury: int = 0
    # A file that says what was gained but not its value (FUMBBL, NAFLM): mapping prices
    # each skill and improvement from the ruleset's value increases.
    price_advancements: bool = False
    players: list[PlayerIn] = field(default_factory=list)
    # What the file kept that the team's rows do not (the exported ledger): for the audit.
    kept: dict[str, Any] = field(default_factory=dict)


# The most any count of a file may be (gold, SPP): far above a real team's, within
# what the database's columns hold.
MOST = 1_000_000_000
# The most players, gained skills and injuries a file may list: far above a real
# team's, low enough that a crafted file cannot make the server build millions of rows.
MAX_PLAYERS = 200
MAX_PER_PLAYER = 30


def whole(value: Any, what: str, problems: list[str], *, least: int = 0, most: int = MOST) -> int:
    """``value`` as a whole number from ``least`` to ``most``; ``least`` and a problem
    otherwise. Digits in text count (XML has nothing else)."""
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 20:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        shown = repr(value) if len(repr(value)) < 40 else repr(value)[:37] + "..."
        problems.append(
            _("%(what)s must be a whole number from %(least)s to %(most)s; got %(value)s")
            % {"what": what, "least": least, "most": f"{most:,}", "value": shown}
        )
        return least
    return value


def text(value: Any, what: str, problems: list[str], *, required: bool = True) -> str:
    """``value`` as stripped text; a problem if it is missing and ``required``."""
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        problems.append(_("%(what)s is missing") % {"what": what})
        return ""
    return value.strip()


def player_called(index: int, name: str = "") -> str:
    """How a problem names the file's player: "Player 3", or "Player 3 (Karl)"."""
    if name:
        return _("Player %(index)s (%(name)s)") % {"index": index, "name": name}
    return _("Player %(index)s") % {"index": index}


# What a problem names of one of the file's things (``what``: a player, the team, an
# injury), by the field the file gives.
PARTS = {
    "number": gettext_lazy("%(what)s's number"),
    "name": gettext_lazy("%(what)s's name"),
    "position": gettext_lazy("%(what)s's position"),
    "skill": gettext_lazy("%(what)s's skill"),
    "skills": gettext_lazy("%(what)s's skills"),
    "changes": gettext_lazy("%(what)s's changes"),
    "injury": gettext_lazy("%(what)s's injury"),
    "injuries": gettext_lazy("%(what)s's injuries"),
    "kind": gettext_lazy("%(what)s's kind"),
    "characteristic": gettext_lazy("%(what)s's characteristic"),
    "note": gettext_lazy("%(what)s's note"),
    "source": gettext_lazy("%(what)s's source"),
    "status": gettext_lazy("%(what)s's status"),
    "spp": gettext_lazy("%(what)s's SPP"),
    "spp_earned": gettext_lazy("%(what)s's SPP earned"),
    "spp_spent": gettext_lazy("%(what)s's SPP spent"),
    "extra_spp": gettext_lazy("%(what)s's extra SPP"),
    "spent_spp": gettext_lazy("%(what)s's spent SPP"),
    "advancements": gettext_lazy("%(what)s's advancements"),
    "value_increases": gettext_lazy("%(what)s's value increases"),
    "niggles": gettext_lazy("%(what)s's niggles"),
}


def part(what: str, key: str) -> str:
    """``what``'s field ``key`` as a problem names it: "Player 3's number"."""
    return str(PARTS[key]) % {"what": what}


def numbered(what: str, index: int) -> str:
    """One of a list of the file's things: "Player 3's skill 2"."""
    return _("%(what)s %(index)s") % {"what": what, "index": index}
