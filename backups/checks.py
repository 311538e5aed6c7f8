"""Every reason a league backup cannot be imported, found before anything is written.

``backup_problems(document, sections)`` reads the whole document and lists, in
sentences naming the section and row: a missing or malformed part; a row without an
integer id or with one another row of its section has; a value its column cannot
hold (type, choices, length, range - the model field's own validators); a reference
to a row the backup does not hold; a row that breaks one of its model's database
constraints (check constraints and unique constraints, evaluated here on the
document's values); a team whose treasury is not the sum of its ledger; the players'
figures (``backups.player_checks``); the house rules, kick-off times, news, match
reports and logos (``backups.season_checks``); and a league or team whose name (or a
look-alike, ``teams.names``) exists already.

The database still guards what this misses: a write the database refuses is
reported by the import as a problem too, with nothing written.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils.translation import gettext as _

from backups.player_checks import player_problems
from backups.season_checks import season_problems
from backups.sections import LEAGUE_FKS, row_fields
from backups.values import (
    Problems,
    constraint_problems,
    field_problems,
    is_int,
    label,
    parse_value,
)
from leagues.models import League
from teams.models import Team
from teams.names import skeleton

Sections = list[tuple[str, type[models.Model], dict[str, str]]]


def _rows_of(document: Mapping[str, Any], section: str, problems: Problems) -> list[dict]:
    rows = document.get(section)
    if not isinstance(rows, list):
        problems.add(
            section, "shape", _("The backup has no list of %(section)s.") % {"section": section}
        )
        return []
    good = []
    seen: set[int] = set()
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, dict):
            problems.add(
                section,
                "shape",
                _("%(section)s entry %(index)s is not an object.")
                % {"section": section, "index": index},
            )
        elif not is_int(row.get("id")):
            problems.add(
                section,
                "id",
                _("%(section)s entry %(index)s has no whole-number id.")
                % {"section": section, "index": index},
            )
        elif row["id"] in seen:
            problems.add(
                section, "duplicate", _("%(row)s appears twice.") % {"row": label(section, row)}
            )
        else:
            seen.add(row["id"])
            good.append(row)
    return good


def _users_problems(document: Mapping[str, Any], problems: Problems) -> set[str]:
    users = document.get("users")
    if not isinstance(users, list):
        problems.add("users", "shape", _("The backup has no list of users."))
        return set()
    names: set[str] = set()
    username = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    limit = (username.max_length if isinstance(username, models.Field) else None) or 150
    for index, row in enumerate(users, start=1):
        name = row.get("username") if isinstance(row, dict) else None
        if not isinstance(name, str) or not name or len(name) > limit:
            problems.add(
                "users",
                "shape",
                _("users entry %(index)s has no valid username.") % {"index": index},
            )
        elif name in names:
            problems.add(
                "users", "duplicate", _("The user %(name)s appears twice.") % {"name": repr(name)}
            )
        else:
            names.add(name)
    return names


def _typed_rows(
    section: str,
    model: type[models.Model],
    rows: list[dict[str, Any]],
    fks: Mapping[str, str],
    problems: Problems,
) -> list[dict[str, Any]]:
    """Each row's values as its model holds them (defaults for missing columns);
    every value a column cannot hold is a problem (and left as None)."""
    fields = row_fields(model)
    typed = []
    for row in rows:
        values: dict[str, Any] = {}
        for field in fields:
            if field.attname not in row:
                if field.has_default() or field.null:
                    values[field.attname] = field.get_default()
                else:
                    problems.add(
                        section,
                        "missing",
                        _("%(row)s: no %(field)s")
                        % {"row": label(section, row), "field": field.attname},
                    )
                    values[field.attname] = None
                continue
            value = row[field.attname]
            if fks.get(field.attname) == "user":  # a username, checked with references
                values[field.attname] = value
                continue
            reasons = field_problems(field, value)
            for reason in reasons:
                problems.add(
                    section,
                    f"field {field.attname}",
                    _("%(row)s: %(field)s %(reason)s")
                    % {"row": label(section, row), "field": field.attname, "reason": reason},
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
    problems: Problems,
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
                        _(
                            "%(row)s: %(field)s names the user %(user)s, who is not among the "
                            "backup's users"
                        )
                        % {"row": label(section, row), "field": attname, "user": repr(value)},
                    )
            elif value not in ids.get(target, set()):
                problems.add(
                    section,
                    "reference",
                    _("%(row)s: %(field)s %(value)s is not a row of %(target)s")
                    % {
                        "row": label(section, row),
                        "field": attname,
                        "value": repr(value),
                        "target": target,
                    },
                )


def _treasury_problems(teams: list[dict], ledger: list[dict], problems: Problems) -> None:
    totals: dict[Any, int] = defaultdict(int)
    for entry in ledger:
        if is_int(entry.get("amount")):
            totals[entry.get("team_id")] += entry["amount"]
    for team in teams:
        treasury = team.get("treasury")
        if is_int(treasury) and treasury != totals[team["id"]]:
            problems.add(
                "teams",
                "treasury",
                _(
                    "teams row %(id)s (%(team)s): its treasury is %(treasury)s gp but its "
                    "ledger sums to %(ledger)s gp"
                )
                % {
                    "id": repr(team["id"]),
                    "team": team.get("name"),
                    "treasury": f"{treasury:,}",
                    "ledger": f"{totals[team['id']]:,}",
                },
            )


def _name_problems(document: Mapping[str, Any], teams: list[dict], problems: Problems) -> None:
    league = document["league"]
    name = league.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add("league", "name", _("The league has no name."))
    elif League.objects.filter(name__iexact=name).exists():
        problems.add(
            "league",
            "exists",
            _("A league named %(name)s already exists: delete or rename it before importing.")
            % {"name": repr(name)},
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
                _("teams row %(id)s: %(team)s reads as %(other)s, another team of the backup")
                % {"id": repr(team["id"]), "team": repr(team_name), "other": repr(mine[key])},
            )
        mine.setdefault(key, team_name)
    if clash:
        problems.add(
            "teams",
            "exists",
            _("Teams with these names already exist: %(names)s.")
            % {"names": ", ".join(sorted(clash))},
        )


def _usernames_problems(
    league: Mapping[str, Any], key: str, usernames: set[str], problems: Problems
) -> None:
    names = league.get(key, [])
    if not isinstance(names, list) or not all(isinstance(c, str) for c in names):
        problems.add(
            "league",
            "shape",
            _("The league's commissioners are not a list of usernames.")
            if key == "commissioners"
            else _("The league's coaches are not a list of usernames."),
        )
        return
    for username in sorted(set(names) - usernames):
        values = {"name": repr(username)}
        problems.add(
            "league",
            "reference",
            _("The commissioner %(name)s is not among the users.") % values
            if key == "commissioners"
            else _("The coach %(name)s is not among the users.") % values,
        )


def backup_problems(
    document: Any, sections: Sections, fmt: str, versions: tuple[int, ...]
) -> list[str]:
    """Every reason ``document`` cannot be imported (empty when it can); ``versions``
    are the versions of the format this site reads."""
    if not isinstance(document, dict) or document.get("format") != fmt:
        return [_("This is not a Dugout league backup.")]
    version = document.get("version")
    if not is_int(version) or version not in versions:
        known = ", ".join(str(v) for v in versions)
        return [
            _("This backup is version %(version)s; this Dugout reads versions %(known)s.")
            % {"version": version, "known": known}
        ]
    problems = Problems()
    league = document.get("league")
    if not isinstance(league, dict) or not is_int(league.get("id")):
        return [_("The backup has no league (an object with a whole-number id).")]
    usernames = _users_problems(document, problems)
    if not isinstance(league.get("commissioners"), list):
        problems.add(
            "league", "shape", _("The league's commissioners are not a list of usernames.")
        )
    else:
        _usernames_problems(league, "commissioners", usernames, problems)
    _usernames_problems(league, "coaches", usernames, problems)
    league_row = {k: v for k, v in league.items() if k not in ("commissioners", "coaches")}
    for field in League._meta.concrete_fields:
        if not field.primary_key and field.attname in league_row:
            for reason in field_problems(field, league_row[field.attname]):
                problems.add(
                    "league",
                    "field",
                    _("The league's %(field)s %(reason)s")
                    % {"field": field.attname, "reason": reason},
                )

    rows = {name: _rows_of(document, name, problems) for name, _model, _fks in sections}
    ids = {name: {row["id"] for row in section} for name, section in rows.items()}
    ids["league"] = {league["id"]}
    _reference_problems("league", [league_row], LEAGUE_FKS, ids, usernames, problems)
    for name, model, fks in sections:
        typed = _typed_rows(name, model, rows[name], fks, problems)
        _reference_problems(name, rows[name], fks, ids, usernames, problems)
        constraint_problems(name, model, rows[name], typed, problems)
    _treasury_problems(rows["teams"], rows["ledger"], problems)
    player_problems(rows, problems)
    season_problems(document, rows, problems)
    _name_problems(document, rows["teams"], problems)
    return problems.result()


def describe(problems: Iterable[str]) -> str:
    """The problems as one message for the command line."""
    problems = list(problems)
    return (
        f"The backup cannot be imported ({len(problems)} problem(s)); nothing was written:\n"
        + "\n".join(f"- {p}" for p in problems)
    )
