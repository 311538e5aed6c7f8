"""A backup row's values as its model would hold them, and the problems of each
(``backups.checks`` reads the whole document with these).

A value its column cannot hold (type, choices, length, range - the model field's own
validators) is a problem; so is a row that breaks one of its model's database
constraints (check constraints and unique constraints, evaluated here on the
document's values with SQL's three-valued logic).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, cast

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

# At most this many sentences per kind of problem and section; the rest are counted.
MAX_LISTED = 20


class Problems:
    """Sentences, capped per (section, kind) so a broken file stays readable."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._counts: Counter[tuple[str, str]] = Counter()

    def add(self, section: str, kind: str, text: str) -> None:
        self._counts[section, kind] += 1
        if self._counts[section, kind] <= MAX_LISTED:
            self.lines.append(text)

    def result(self) -> list[str]:
        more = [
            ngettext(
                "%(section)s: %(count)s more problem like the above (%(kind)s)",
                "%(section)s: %(count)s more problems like the above (%(kind)s)",
                n - MAX_LISTED,
            )
            % {"section": section, "count": n - MAX_LISTED, "kind": kind}
            for (section, kind), n in self._counts.items()
            if n > MAX_LISTED
        ]
        return self.lines + more


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def label(section: str, row: Mapping[str, Any]) -> str:
    """A row as the problems name it: "teams row 7" (the section is the file's key)."""
    return _("%(section)s row %(id)s") % {"section": section, "id": repr(row.get("id"))}


def parse_value(field: models.Field, value: Any) -> Any:
    """A JSON value as the field holds it; ValidationError when it cannot be."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField | models.DateField):
        if not isinstance(value, str):
            raise ValidationError(_("is not a date"))
        try:
            parse = parse_datetime if isinstance(field, models.DateTimeField) else parse_date
            parsed = parse(value)
        except ValueError:
            parsed = None
        if parsed is None:
            raise ValidationError(_("%(value)s is not a valid date") % {"value": repr(value)})
        return parsed
    if isinstance(field, models.IntegerField | models.BigIntegerField) and not is_int(value):
        raise ValidationError(_("%(value)s is not a whole number") % {"value": repr(value)})
    if isinstance(field, models.BooleanField) and not isinstance(value, bool):
        raise ValidationError(_("%(value)s is not true or false") % {"value": repr(value)})
    if isinstance(field, models.CharField | models.TextField) and not isinstance(value, str):
        raise ValidationError(_("%(value)s is not text") % {"value": repr(value)})
    return field.to_python(value)


def field_problems(field: models.Field, value: Any) -> list[str]:
    if isinstance(field, models.FileField):
        # A stored file's name (the file is not in the backup): text that fits.
        if not isinstance(value, str):
            return [_("%(value)s is not a file name") % {"value": repr(value)}]
        limit = field.max_length or 100
        if len(value) <= limit:
            return []
        return [
            ngettext(
                "is longer than %(limit)s character",
                "is longer than %(limit)s characters",
                limit,
            )
            % {"limit": limit}
        ]
    try:
        value = parse_value(field, value)
    except ValidationError as error:
        return error.messages
    if value is None:
        return [] if field.null else [_("may not be empty")]
    problems: list[str] = []
    if field.choices and value not in {c for c, _ in field.flatchoices} and value != "":
        problems.append(_("%(value)s is not one of its choices") % {"value": repr(value)})
    try:
        field.run_validators(value)
    except ValidationError as error:
        problems += error.messages
    return problems


# --- constraints, evaluated on a row's values (SQL's three-valued logic) -------------


def _compare(lookup: str, value: Any, expected: Any) -> bool | None:
    if lookup == "isnull":
        return (value is None) == bool(expected)
    if value is None or expected is None:
        return None  # NULL compares as unknown; a CHECK passes on unknown
    try:
        return {
            "exact": lambda: value == expected,
            "in": lambda: value in expected,
            "lte": lambda: value <= expected,
            "gte": lambda: value >= expected,
            "lt": lambda: value < expected,
            "gt": lambda: value > expected,
        }[lookup]()
    except (KeyError, TypeError):
        return None  # a lookup or value this does not read: the database decides


def _attname(model: type[models.Model], name: str) -> str:
    """The column attribute of a model's own field ``name`` (not a reverse relation)."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise LookupError(f"{model.__name__}.{name} is not a field of its own.")
    return field.attname


def q_holds(model: type[models.Model], q: Q, values: Mapping[str, Any]) -> bool | None:
    """Whether ``values`` (by attname) satisfy ``q``: True, False, or None (unknown)."""

    def value_of(name: str) -> Any:
        return values.get(_attname(model, name))

    results: list[bool | None] = []
    for child in q.children:
        if isinstance(child, Q):
            results.append(q_holds(model, child, values))
            continue
        key, expected = cast(tuple[str, Any], child)
        name, _sep, lookup = key.partition("__")
        if isinstance(expected, F):
            expected = value_of(expected.name)  # type: ignore[attr-defined]  # set in F.__init__; the stubs omit it
        results.append(_compare(lookup or "exact", value_of(name), expected))
    if q.connector == Q.OR:
        outcome = True if True in results else (None if None in results else False)
    else:
        outcome = False if False in results else (None if None in results else True)
    if q.negated and outcome is not None:
        outcome = not outcome
    return outcome


def constraint_problems(
    section: str,
    model: type[models.Model],
    rows: list[dict[str, Any]],
    typed: list[dict[str, Any]],
    problems: Problems,
) -> None:
    for constraint in model._meta.constraints:
        message = constraint.violation_error_message
        why = (
            constraint.name
            if "%(name)s" in str(message)
            else _("%(message)s (%(constraint)s)")
            % {"message": message, "constraint": constraint.name}
        )
        if isinstance(constraint, models.CheckConstraint) and isinstance(constraint.condition, Q):
            for row, values in zip(rows, typed, strict=True):
                if q_holds(model, constraint.condition, values) is False:
                    problems.add(
                        section,
                        constraint.name,
                        _("%(row)s: breaks %(why)s") % {"row": label(section, row), "why": why},
                    )
        elif isinstance(constraint, models.UniqueConstraint) and constraint.fields:
            seen: dict[tuple[Any, ...], Any] = {}
            attnames = [_attname(model, f) for f in constraint.fields]
            for row, values in zip(rows, typed, strict=True):
                if constraint.condition is not None and not q_holds(
                    model, constraint.condition, values
                ):
                    continue
                key = tuple(values.get(a) for a in attnames)
                if None in key:
                    continue
                if key in seen:
                    problems.add(
                        section,
                        constraint.name,
                        _("%(row)s: repeats row %(other)s's %(fields)s (%(why)s)")
                        % {
                            "row": label(section, row),
                            "fields": ", ".join(constraint.fields),
                            "other": repr(seen[key]),
                            "why": why,
                        },
                    )
                else:
                    seen[key] = row.get("id")
