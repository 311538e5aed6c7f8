"""What an edition's match report records beyond BB2020's, read from its report type.

An edition whose report extends BB2020's ``MatchReport`` names the team and player
report types it is built from (``team_report_type``, ``player_report_type``, as
``rules_engine.bb2025.report.Bb2025MatchReport`` does). Their dataclass fields beyond
BB2020's ``TeamReport`` and ``PlayerReport`` are what the forms, the API and the
report builder offer for that league, without knowing the edition:

- a team field (BB2025's ``stalled``) is a report field per side, ``home_<name>`` and
  ``away_<name>``, stored in ``Report.team_extras``;
- a player count (BB2025's ``landings``, ``superb_throws``) is counted from player
  events of the kind ``EVENT_FOR_COUNT`` names (a thrown team-mate's safe landing, the
  thrower's Superb Throw that made it).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.models import EventKind
from rules_engine.bb2020.report import PlayerReport, TeamReport

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SIDES = ("home", "away")
# A player report's count -> the player event that adds one to it.
EVENT_FOR_COUNT: dict[str, str] = {
    "landings": EventKind.LANDING,
    "superb_throws": EventKind.SUPERB_THROW,
}
# Labels of the extra fields a report type may carry, for forms and the API.
LABELS: dict[str, StrOrPromise] = {
    "stalled": gettext_lazy("Stalled (winnings lose the +1)"),
    "landings": gettext_lazy("Thrown team-mate landed safely"),
    "superb_throws": gettext_lazy("Superb Throw, team-mate landed safely (thrower)"),
}


@dataclass(frozen=True)
class ExtraField:
    """One team report field beyond BB2020's: its name, type (bool or int), default."""

    name: str
    kind: type
    default: Any

    @property
    def label(self) -> str:
        return str(LABELS.get(self.name, self.name.replace("_", " ").capitalize()))

    def report_keys(self) -> tuple[str, str]:
        """The report's fields for it, one per side."""
        return (f"home_{self.name}", f"away_{self.name}")


def team_report_type(report_type: type) -> type[TeamReport]:
    found = getattr(report_type, "team_report_type", TeamReport)
    return found if isinstance(found, type) else TeamReport


def player_report_type(report_type: type) -> type[PlayerReport]:
    found = getattr(report_type, "player_report_type", PlayerReport)
    return found if isinstance(found, type) else PlayerReport


def _extra(kind: type, base: type) -> list[dataclasses.Field[Any]]:
    if not dataclasses.is_dataclass(kind):
        return []
    known = {f.name for f in dataclasses.fields(base)}
    return [f for f in dataclasses.fields(kind) if f.name not in known]


def _type_of(f: dataclasses.Field[Any]) -> type | None:
    annotation = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
    return {"bool": bool, "int": int}.get(str(annotation))


def team_fields(report_type: type) -> tuple[ExtraField, ...]:
    """The team report's fields beyond BB2020's that the report takes (bool or int)."""
    found = _TEAM_FIELDS.get(report_type)
    if found is None:  # worked out once per report type, which never changes
        found = _TEAM_FIELDS[report_type] = _team_fields(report_type)
    return found


_TEAM_FIELDS: dict[type, tuple[ExtraField, ...]] = {}


def _team_fields(report_type: type) -> tuple[ExtraField, ...]:
    found = []
    for f in _extra(team_report_type(report_type), TeamReport):
        kind = _type_of(f)
        if kind is not None:
            found.append(ExtraField(f.name, kind, f.default))
    return tuple(found)


def player_counts(report_type: type) -> tuple[str, ...]:
    """The player report's counts beyond BB2020's that an event kind adds up."""
    found = _PLAYER_COUNTS.get(report_type)
    if found is None:  # once per report type, as team_fields
        found = _PLAYER_COUNTS[report_type] = _player_counts(report_type)
    return found


_PLAYER_COUNTS: dict[type, tuple[str, ...]] = {}


def _player_counts(report_type: type) -> tuple[str, ...]:
    return tuple(
        f.name
        for f in _extra(player_report_type(report_type), PlayerReport)
        if f.name in EVENT_FOR_COUNT
    )


def event_kinds(report_type: type) -> tuple[str, ...]:
    """The player event kinds the report type adds (BB2025: a safe landing)."""
    return tuple(EVENT_FOR_COUNT[name] for name in player_counts(report_type))


def all_event_kinds() -> tuple[str, ...]:
    """Every event kind some edition's report adds (refused where the league's has none)."""
    return tuple(EVENT_FOR_COUNT.values())


# BB2020 player events -> the player report count each adds one to, for an edition
# whose report names counts it never holds (``absent_player_counts``).
BB2020_EVENT_COUNTS: dict[str, str] = {EventKind.DEFLECTION: "deflections"}


def absent_event_kinds(report_type: type) -> set[str]:
    """The BB2020 player events a report of ``report_type`` never holds (BB2025: no
    deflection, its ``absent_player_counts``)."""
    absent = set(getattr(report_type, "absent_player_counts", ()))
    return {kind for kind, count in BB2020_EVENT_COUNTS.items() if count in absent}


def event_choices(report_type: type) -> list[tuple[str, str]]:
    """The event kinds (value, label) a report of ``report_type`` records: every kind
    but those another edition's report adds (a BB2020 league's report is offered no
    safe landing; BB2025's is) and those its own never holds (BB2025: no deflection)."""
    foreign = set(all_event_kinds()) - set(event_kinds(report_type))
    foreign |= absent_event_kinds(report_type)
    return [(value, str(label)) for value, label in EventKind.choices if value not in foreign]


def team_values(report_type: type, payload: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """Per side, the extra team fields of a submitted report (defaults where not given)."""
    return {
        side: {f.name: payload.get(f"{side}_{f.name}", f.default) for f in team_fields(report_type)}
        for side in SIDES
    }


def payload_problems(report_type: type, payload: Mapping[str, Any]) -> list[str]:
    """Why the report's extra fields do not fit the league's report type."""
    allowed = {key: f for f in team_fields(report_type) for key in f.report_keys()}
    problems = []
    for key, value in payload.items():
        if key not in allowed:
            continue
        kind = allowed[key].kind
        if kind is bool and not isinstance(value, bool):
            problems.append(
                _("%(field)s is true or false, not %(value)r") % {"field": key, "value": value}
            )
        elif kind is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            problems.append(_("%(field)s must be a whole number, 0 or more") % {"field": key})
    return problems


def stored(report_type: type, payload: Mapping[str, Any]) -> dict[str, Any]:
    """What ``Report.team_extras`` keeps: the extra fields given, as ``home_<name>``."""
    keys = [key for f in team_fields(report_type) for key in f.report_keys()]
    return {key: payload[key] for key in keys if payload.get(key) is not None}
