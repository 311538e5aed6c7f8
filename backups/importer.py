"""A league backup (``backups.export``) recreated, in one transaction.

``import_league(document)`` first lists every problem of the document
(``backups.checks``) and writes nothing when there is one. Rows get new ids:
every reference is written as the exported row's id and mapped to the new row on
import (users by username; a missing user is created without a usable password).
Ids inside the matches' JSON (the teams as the pre-game and post-game read them,
their results and choices) and "Match #N" in ledger notes and injury records are
mapped the same way, so standings, team sheets, treasuries and dice logs read the
same after an import. A team's logo is stored again from the backup's image, through
the checks and re-encoding of an upload (``teams.logos``), under a new file name. A
league whose name exists already, or a team whose name exists already, is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.db import DatabaseError, models, transaction
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from backups.checks import backup_problems
from backups.season_checks import logo_bytes
from backups.sections import (
    ADDED_SECTIONS,
    ENGINE_JSON,
    FORMAT,
    LEAGUE_FKS,
    LOGOS,
    MATCH_LABEL,
    MATCH_LABELS,
    PLAYER_KEYS,
    PLAYER_LIST_KEYS,
    READS,
    SECTIONS,
    BackupError,
    row_fields,
)
from core import versions
from leagues.insight.ratings import rebuild_league_ratings
from leagues.models import League
from leagues.services.standings_sync import refresh_season_totals
from matches.totals import rebuild_season as rebuild_season_player_totals
from teams.logos import logo_file
from teams.models import LOGO_DIRECTORY, Team

# Columns an import does not take from a row as written (the logo's file is stored
# again from the backup's image, under a new name).
WRITTEN_LATER = {"teams": {"logo": ""}}


@contextmanager
def _timestamps_as_given(model: type[models.Model]) -> Iterator[None]:
    """created_at/updated_at keep the exported values instead of "now"."""
    fields = [
        f
        for f in model._meta.concrete_fields
        if isinstance(f, models.DateField) and (f.auto_now or f.auto_now_add)
    ]
    saved = [(f, f.auto_now, f.auto_now_add) for f in fields]
    for f in fields:
        f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, auto_now, auto_now_add in saved:
            f.auto_now, f.auto_now_add = auto_now, auto_now_add


def _parse(field: models.Field, value: Any) -> Any:
    if value is None:
        return None
    if isinstance(field, models.DateTimeField):
        return parse_datetime(value)
    if isinstance(field, models.DateField):
        return parse_date(value)
    return value


def remap_engine_json(value: Any, players: dict[int, int], teams: dict[int, int]) -> Any:
    """The engine's JSON with team and player ids of the old rows replaced."""

    def player(x: Any) -> Any:
        return players.get(x, x) if type(x) is int else x

    if isinstance(value, list):
        return [remap_engine_json(v, players, teams) for v in value]
    if not isinstance(value, dict):
        return value
    out = {}
    is_player = "position_slug" in value and "id" in value
    is_team = "roster_slug" in value and "players" in value and "id" in value
    for key, item in value.items():
        if key == "id" and is_player:
            out[key] = player(item)
        elif key == "id" and is_team:
            out[key] = teams.get(item, item) if type(item) is int else item
        elif key in PLAYER_KEYS:
            out[key] = player(item)
        elif key in PLAYER_LIST_KEYS and isinstance(item, list):
            out[key] = [player(x) for x in item]
        else:
            out[key] = remap_engine_json(item, players, teams)
    return out


def _relabel(text: str, matches: dict[int, int]) -> str:
    return MATCH_LABEL.sub(lambda m: f"Match #{matches.get(int(m.group(1)), m.group(1))}", text)


def _check(document: dict[str, Any]) -> None:
    """BackupError listing every problem of the document (backups/checks.py)."""
    _upgrade(document)
    problems = backup_problems(document, SECTIONS, FORMAT, READS)
    if problems:
        raise BackupError(problems)


def _upgrade(document: Any) -> None:
    """A backup written before the ledger's match, the audit trail, the house rules,
    kick-off times, news and logos reads as one written after: ``match_ref`` is
    ``match_id``; a missing section is an empty one; a version 1 backup, which holds
    a logo's file name without its image, has teams without logos."""
    if not isinstance(document, dict):
        return
    if isinstance(document.get("ledger"), list):
        for row in document["ledger"]:
            if isinstance(row, dict) and "match_ref" in row and "match_id" not in row:
                row["match_id"] = row.pop("match_ref")
    for section in ADDED_SECTIONS:
        document.setdefault(section, [])
    document.setdefault(LOGOS, {})
    if document.get("version") == 1 and isinstance(document.get("teams"), list):
        for team in document["teams"]:
            if isinstance(team, dict) and "logo" in team:
                team["logo"] = ""


def _users(document: dict[str, Any]) -> dict[str, Any]:
    user_model = get_user_model()
    field = user_model.USERNAME_FIELD
    users = {}
    for row in document["users"]:
        user = user_model.objects.filter(**{field: row["username"]}).first()
        if user is None:
            extra = {
                k: row.get(k, "")
                for k in ("email", "first_name", "last_name")
                if hasattr(user_model, k)
            }
            user = user_model(**{field: row["username"]}, **extra)
            user.set_unusable_password()
            user.save()
        users[row["username"]] = user.pk
    return users


def import_league(document: dict[str, Any]) -> League:
    """Recreate the league of ``document`` (from ``export_league``), in one transaction.

    Refused with every problem at once (``BackupError``), nothing written, when the
    document does not hold together (``_check``) or the database refuses a row."""
    _check(document)
    try:
        return _write(document)
    except (DatabaseError, ValidationError, ValueError, TypeError, KeyError) as error:
        raise BackupError(
            _("The database refused the backup (%(error)s); nothing was imported.")
            % {"error": f"{type(error).__name__}: {error}"}
        ) from None


def _write(document: dict[str, Any]) -> League:
    stored: list[str] = []  # logo files written: deleted again if the import fails
    try:
        return _write_rows(document, stored)
    except BaseException:
        for name in stored:
            default_storage.delete(name)
        raise


def _store_logos(logos: dict[str, str], teams: dict[int, int], stored: list[str]) -> None:
    """Each team's logo from the backup's image, re-encoded as an upload is."""
    for old_id, content in logos.items():
        team_id = teams[int(old_id)]
        made = logo_file(team_id, logo_bytes(content))
        name = default_storage.save(f"{LOGO_DIRECTORY}{made.name}", made)
        stored.append(name)
        Team.objects.filter(pk=team_id).update(logo=name)


def _write_rows(document: dict[str, Any], stored: list[str]) -> League:
    with transaction.atomic():
        users = _users(document)
        ids: dict[str, dict[int, int]] = {}
        league_row = document["league"]
        league_fields = {
            f.attname: f
            for f in League._meta.concrete_fields
            if not f.primary_key and f.attname not in LEAGUE_FKS
        }
        with _timestamps_as_given(League):
            league = League.objects.create(
                **{
                    k: _parse(league_fields[k], v)
                    for k, v in league_row.items()
                    if k in league_fields
                }
            )
        league.commissioners.set([users[u] for u in league_row["commissioners"]])
        league.coaches.set([users[u] for u in league_row.get("coaches", [])])
        ids["league"] = {league_row["id"]: league.pk}
        for name, model, fks in SECTIONS:
            ids[name] = _import_section(model, document[name], fks, users, ids, name)
        references = {k: league_row.get(k) for k in LEAGUE_FKS if league_row.get(k) is not None}
        if references:
            for attname, old in references.items():
                setattr(league, attname, ids[LEAGUE_FKS[attname]][old])
            league.save(update_fields=[k.removesuffix("_id") for k in references])
        _store_logos(document[LOGOS], ids["teams"], stored)
        for season_id in ids["seasons"].values():  # derived rows: rebuilt, not restored
            refresh_season_totals(season_id)
            rebuild_season_player_totals(season_id)
        rebuild_league_ratings(league)  # derived too (leagues.insight.ratings)
        # New rows the pages have never seen: their versions start here, with a token
        # no cached page of an earlier database holds.
        versions.bump(leagues=[league], teams=ids["teams"].values())
        return league


def _import_section(
    model: type[models.Model],
    rows: list[dict[str, Any]],
    fks: dict[str, str],
    users: dict[str, int],
    ids: dict[str, dict[int, int]],
    name: str,
) -> dict[int, int]:
    fields = {f.attname: f for f in row_fields(model)}
    remap: dict[str, Callable[[Any], Any]] = {}
    for attname, target in fks.items():
        if target == "user":
            remap[attname] = users.__getitem__
        elif target == name:
            continue  # no self references
        else:
            remap[attname] = _mapper(ids, target, strict=target != "matches")
    objects = []
    for row in rows:
        values = {}
        for attname, value in row.items():
            if attname not in fields:
                continue
            if value is not None and attname in remap:
                value = remap[attname](value)
            values[attname] = _parse(fields[attname], value)
        for attname in ENGINE_JSON.get(name, ()):
            values[attname] = remap_engine_json(
                values[attname], ids.get("players", {}), ids.get("teams", {})
            )
        for attname in MATCH_LABELS.get(name, ()):
            values[attname] = _relabel(values[attname], ids.get("matches", {}))
        values.update(WRITTEN_LATER.get(name, {}))
        objects.append(model(**values))
    with _timestamps_as_given(model):
        created = model._default_manager.bulk_create(objects, batch_size=500)
    return {row["id"]: obj.pk for row, obj in zip(rows, created, strict=True)}


def _mapper(ids: dict[str, dict[int, int]], target: str, *, strict: bool) -> Callable[[Any], Any]:
    table = ids[target]

    def mapped(old: Any) -> Any:
        if old in table:
            return table[old]
        if strict:
            raise BackupError(
                _("The backup refers to a missing row of %(section)s (id %(id)s).")
                % {"section": target, "id": old}
            )
        return None  # a ledger posting from a match of another league

    return mapped
