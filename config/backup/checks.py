"""Every reason a league backup cannot be imported, found before anything is written.

``backup_problems(document, sections)`` reads the whole document and lists, in
sentences naming the section and row: a missing or malformed part; a row without an
integer id or with one another row of its section has; a value its column cannot
hold (type, choices, length, range - the model field's own validators); a reference
to a row the backup does not hold; a row that breaks one of its model's database
constraints (check constraints and unique constraints, evaluated here on the
document's values); a team whose treasury is not the sum of its ledger; and a league
or team whose name (or a look-alike, ``teams.names``) exists already.

The database still guards what this misses: a write the database refuses is
reported by the import as a problem too, with nothing written.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.dateparse import parse_date, parse_datetime

from leagues.models import League
from teams.models import Team
from teams.names import skeleton

# At most this many sentences per kind of problem and section; the rest are counted.
MAX_LISTED = 20
Sections = list[tuple[str, type[models.Model], dict[str, str]]]


class _Problems:
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
            f"{section}: {n - MAX_LISTED} more problem(s) like the above ({kind})"
            for (section, kind), n in self._counts.items()
            if n > MAX_LISTED
        ]
        return self.lines + more


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _label(section: str, row: Mapping[str, Any]) -> str:
    return f"{section} row {row.get('id')!r}"


def parse_value(field: models.Field, value: Any) -> Any:
    """A JSON value as the field holds it; ValidationError when it cannot be."""
    if value is None:
        return None
    if isinstance(field, models.DateTimeField | models.DateField):
        if not isinstance(value, str):
            raise ValidationError("is not a date")
        try:
            parse = parse_datetime if isinstance(field, models.DateTimeField) else parse_date
            parsed = parse(value)
        except ValueError:
            parsed = None
        if parsed is None:
            raise ValidationError(f"{value!r} is not a valid date")
        return parsed
    if isinstance(field, models.IntegerField | models.BigIntegerField) and not _is_int(value):
        raise ValidationError(f"{value!r} is not a whole number")
    if isinstance(field, models.BooleanField) and not isinstance(value, bool):
        raise ValidationError(f"{value!r} is not true or false")
    if isinstance(field, models.CharField | models.TextField) and not isinstance(value, str):
        raise ValidationError(f"{value!r} is not text")
    return field.to_python(value)


def _field_problems(field: models.Field, value: Any) -> list[str]:
    try:
        value = parse_value(field, value)
    except ValidationError as error:
        return error.messages
    if value is None:
        return [] if field.null else ["may not be empty"]
    problems: list[str] = []
    if field.choices and value not in {c for c, _ in field.flatchoices} and value != "":
        problems.append(f"{value!r} is not one of its choices")
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
        name, _, lookup = key.partition("__")
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


def _constraint_problems(
    section: str,
    model: type[models.Model],
    rows: list[dict[str, Any]],
    typed: list[dict[str, Any]],
    problems: _Problems,
) -> None:
    for constraint in model._meta.constraints:
        message = constraint.violation_error_message
        why = constraint.name if "%(name)s" in str(message) else f"{message} ({constraint.name})"
        if isinstance(constraint, models.CheckConstraint) and isinstance(constraint.condition, Q):
            for row, values in zip(rows, typed, strict=True):
                if q_holds(model, constraint.condition, values) is False:
                    problems.add(section, constraint.name, f"{_label(section, row)}: breaks {why}")
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
                        f"{_label(section, row)}: repeats row {seen[key]!r}'s "
                        f"{', '.join(constraint.fields)} ({why})",
                    )
                else:
                    seen[key] = row.get("id")


# --- the document ---------------------------------------------------------------------


def _rows_of(document: Mapping[str, Any], section: str, problems: _Problems) -> list[dict]:
    rows = document.get(section)
    if not isinstance(rows, list):
        problems.add(section, "shape", f"The backup has no list of {section}.")
        return []
    good = []
    seen: set[int] = set()
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            problems.add(section, "shape", f"{section} entry {index} is not an object.")
        elif not _is_int(row.get("id")):
            problems.add(section, "id", f"{section} entry {index} has no whole-number id.")
        elif row["id"] in seen:
            problems.add(section, "duplicate", f"{_label(section, row)} appears twice.")
        else:
            seen.add(row["id"])
            good.append(row)
    return good


def _users_problems(document: Mapping[str, Any], problems: _Problems) -> set[str]:
    users = document.get("users")
    if not isinstance(users, list):
        problems.add("users", "shape", "The backup has no list of users.")
        return set()
    names: set[str] = set()
    username = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    limit = (username.max_length if isinstance(username, models.Field) else None) or 150
    for index, row in enumerate(users, start=1):
        name = row.get("username") if isinstance(row, dict) else None
        if not isinstance(name, str) or not name or len(name) > limit:
            problems.add("users", "shape", f"users entry {index} has no valid username.")
        elif name in names:
            problems.add("users", "duplicate", f"The user {name!r} appears twice.")
        else:
            names.add(name)
    return names


def _typed_rows(
    section: str,
    model: type[models.Model],
    rows: list[dict[str, Any]],
    fks: Mapping[str, str],
    problems: _Problems,
) -> list[dict[str, Any]]:
    """Each row's values as its model holds them (defaults for missing columns);
    every value a column cannot hold is a problem (and left as None)."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key]
    typed = []
    for row in rows:
        values: dict[str, Any] = {}
        for field in fields:
            if field.attname not in row:
                if field.has_default() or field.null:
                    values[field.attname] = field.get_default()
                else:
                    problems.add(section, "missing", f"{_label(section, row)}: no {field.attname}")
                    values[field.attname] = None
                continue
            value = row[field.attname]
            if fks.get(field.attname) == "user":  # a username, checked with references
                values[field.attname] = value
                continue
            reasons = _field_problems(field, value)
            for reason in reasons:
                problems.add(
                    section,
                    f"field {field.attname}",
                    f"{_label(section, row)}: {field.attname} {reason}",
                )
            values[field.attname] = None if reasons else parse_value(field, value)
        typed.append(values)
    return typed


def _reference_problems(
    section: str,
    rows: list[dict[str, Any]],
    fks: Mapping[str, str],
    ids: Mapping[str, set[int]],
    usernames: set[str],
    problems: _Problems,
) -> None:
    for row in rows:
        for attname, target in fks.items():
            value = row.get(attname)
            if value is None or target == section:
                continue  # no self references
            if target == "matches" and section in ("ledger", "injuries"):
                continue  # a posting or an injury may come from another league's match
            if target == "user":
                if value not in usernames:
                    problems.add(
                        section,
                        "reference",
                        f"{_label(section, row)}: {attname} names the user {value!r}, "
                        "who is not among the backup's users",
                    )
            elif value not in ids.get(target, set()):
                problems.add(
                    section,
                    "reference",
                    f"{_label(section, row)}: {attname} {value!r} is not a row of {target}",
                )


def _treasury_problems(teams: list[dict], ledger: list[dict], problems: _Problems) -> None:
    totals: dict[Any, int] = defaultdict(int)
    for entry in ledger:
        if _is_int(entry.get("amount")):
            totals[entry.get("team_id")] += entry["amount"]
    for team in teams:
        treasury = team.get("treasury")
        if _is_int(treasury) and treasury != totals[team["id"]]:
            problems.add(
                "teams",
                "treasury",
                f"teams row {team['id']!r} ({team.get('name')}): its treasury is "
                f"{treasury:,} gp but its ledger sums to {totals[team['id']]:,} gp",
            )


def _name_problems(document: Mapping[str, Any], teams: list[dict], problems: _Problems) -> None:
    league = document["league"]
    name = league.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add("league", "name", "The league has no name.")
    elif League.objects.filter(name__iexact=name).exists():
        problems.add(
            "league",
            "exists",
            f"A league named {name!r} already exists: delete or rename it before importing.",
        )
    existing = {skeleton(n): n for n in Team.objects.values_list("name", flat=True).iterator()}
    clash: list[str] = []
    mine: dict[str, str] = {}
    for team in teams:
        team_name = team.get("name")
        if not isinstance(team_name, str):
            continue
        key = skeleton(team_name)
        if key in existing:
            clash.append(existing[key])
        if key in mine:
            problems.add(
                "teams",
                "name",
                f"teams row {team['id']!r}: {team_name!r} reads as {mine[key]!r}, "
                "another team of the backup",
            )
        mine.setdefault(key, team_name)
    if clash:
        problems.add(
            "teams",
            "exists",
            "Teams with these names already exist: " + ", ".join(sorted(clash)) + ".",
        )


def backup_problems(document: Any, sections: Sections, fmt: str, version: int) -> list[str]:
    """Every reason ``document`` cannot be imported (empty when it can)."""
    if not isinstance(document, dict) or document.get("format") != fmt:
        return ["This is not a Dugout league backup."]
    if document.get("version") != version:
        return [
            f"This backup is version {document.get('version')}; this Dugout reads version "
            f"{version}."
        ]
    problems = _Problems()
    league = document.get("league")
    if not isinstance(league, dict) or not _is_int(league.get("id")):
        return ["The backup has no league (an object with a whole-number id)."]
    usernames = _users_problems(document, problems)
    commissioners = league.get("commissioners")
    if not isinstance(commissioners, list) or not all(isinstance(c, str) for c in commissioners):
        problems.add("league", "shape", "The league's commissioners are not a list of usernames.")
    else:
        for username in set(commissioners) - usernames:
            problems.add(
                "league", "reference", f"The commissioner {username!r} is not among the users."
            )
    league_row = {k: v for k, v in league.items() if k != "commissioners"}
    for field in League._meta.concrete_fields:
        if not field.primary_key and field.attname in league_row:
            for reason in _field_problems(field, league_row[field.attname]):
                problems.add("league", "field", f"The league's {field.attname} {reason}")

    rows = {name: _rows_of(document, name, problems) for name, _model, _fks in sections}
    ids = {name: {row["id"] for row in section} for name, section in rows.items()}
    ids["league"] = {league["id"]}
    for name, model, fks in sections:
        typed = _typed_rows(name, model, rows[name], fks, problems)
        _reference_problems(name, rows[name], fks, ids, usernames, problems)
        _constraint_problems(name, model, rows[name], typed, problems)
    _treasury_problems(rows["teams"], rows["ledger"], problems)
    _name_problems(document, rows["teams"], problems)
    return problems.result()


def describe(problems: Iterable[str]) -> str:
    """The problems as one message for the command line."""
    problems = list(problems)
    return (
        f"The backup cannot be imported ({len(problems)} problem(s)); nothing was written:\n"
        + "\n".join(f"- {p}" for p in problems)
    )
