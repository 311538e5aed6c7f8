"""A league's whole history as one JSON document, and back.

``export_league(league)`` gathers the league, its commissioners, seasons,
divisions, entries, rounds, fixtures with their results, points adjustments
and bracket; the teams that played in it with their players, skills,
advancements, injuries and full treasury ledger; and its matches with every
report version, event, dice roll, applied post-game (effects) and player
statistics; and its audit trail (``teams.audit``: the sentences read the same, the
``data`` keeps the exporting site's ids).

``import_league(document)`` recreates all of it in one transaction. Rows get
new ids: every reference is written as the exported row's id and mapped to the
new row on import (users by username; a missing user is created without a
usable password). Ids inside the matches' JSON (the teams as the pre-game and
post-game read them, their results and choices) and "Match #N" in ledger notes
and injury records are mapped the same way, so standings, team sheets,
treasuries and dice logs read the same after an import. A league whose name
exists already, or a team whose name exists already, is refused.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.db.models import Q
from django.utils.dateparse import parse_date, parse_datetime

from leagues.backup_checks import backup_problems
from leagues.errors import LeagueError
from leagues.models import Division, Fixture, League, PointsAdjustment, Round, Season, TeamEntry
from leagues.services.standings_sync import refresh_season_totals
from matches.models import (
    AppliedEffect,
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
)
from teams.models import (
    Advancement,
    AuditEntry,
    InjuryRecord,
    Player,
    PlayerSkill,
    Team,
    TreasuryEntry,
)

FORMAT = "dugout-league"
VERSION = 1

# Per model, in the order an import creates them: the section name and the
# foreign keys (attname -> the section whose ids they hold; "user" is a username).
SECTIONS: list[tuple[str, type[models.Model], dict[str, str]]] = [
    ("teams", Team, {"coach_id": "user"}),
    ("players", Player, {"team_id": "teams"}),
    ("advancements", Advancement, {"player_id": "players"}),
    ("skills", PlayerSkill, {"player_id": "players", "advancement_id": "advancements"}),
    ("seasons", Season, {"league_id": "league", "champion_id": "teams"}),
    ("divisions", Division, {"season_id": "seasons"}),
    ("rounds", Round, {"season_id": "seasons"}),
    (
        "entries",
        TeamEntry,
        {"season_id": "seasons", "division_id": "divisions", "team_id": "teams"},
    ),
    (
        "fixtures",
        Fixture,
        {
            "season_id": "seasons",
            "division_id": "divisions",
            "round_id": "rounds",
            "home_id": "teams",
            "away_id": "teams",
            "conceded_by_id": "teams",
            "winner_id": "teams",
        },
    ),
    (
        "adjustments",
        PointsAdjustment,
        {"season_id": "seasons", "team_id": "teams", "created_by_id": "user"},
    ),
    ("matches", Match, {"fixture_id": "fixtures"}),
    ("injuries", InjuryRecord, {"player_id": "players", "match_id": "matches"}),
    (
        "ledger",
        TreasuryEntry,
        {"team_id": "teams", "created_by_id": "user", "match_id": "matches"},
    ),
    (
        "reports",
        Report,
        {
            "match_id": "matches",
            "submitted_by_id": "user",
            "confirmed_by_id": "user",
            "disputed_by_id": "user",
        },
    ),
    (
        "events",
        MatchEvent,
        {
            "match_id": "matches",
            "report_id": "reports",
            "player_id": "players",
            "victim_id": "players",
            "created_by_id": "user",
        },
    ),
    ("dice", DiceRoll, {"match_id": "matches", "report_id": "reports"}),
    (
        "applications",
        PostGameApplication,
        {"report_id": "reports", "match_id": "matches", "applied_by_id": "user"},
    ),
    (
        "effects",
        AppliedEffect,
        {
            "application_id": "applications",
            "team_id": "teams",
            "player_id": "players",
            "ledger_entry_id": "ledger",
            "reversal_entry_id": "ledger",
            "injury_record_id": "injuries",
        },
    ),
    (
        "stats",
        PlayerMatchStats,
        {
            "player_id": "players",
            "match_id": "matches",
            "application_id": "applications",
            "team_id": "teams",
            "season_id": "seasons",
        },
    ),
    (
        "audit",
        AuditEntry,
        {
            "actor_id": "user",
            "league_id": "league",
            "team_id": "teams",
            "other_team_id": "teams",
        },
    ),
]
# Text fields that name a match as "Match #<id>".
MATCH_LABELS = {"ledger": ("note",), "injuries": ("source", "note"), "audit": ("message",)}
MATCH_LABEL = re.compile(r"Match #(\d+)")
# JSON fields holding the engine's view of teams and players (their ids).
ENGINE_JSON = {
    "matches": ("pre_game_teams", "pre_game_choices", "pre_game_result", "match_teams"),
    "reports": ("post_game_choices", "post_game_result"),
    "effects": ("before", "after"),
}
# Keys whose value (an id, or a list of ids) names players in the engine's JSON.
PLAYER_KEYS = {"player_id", "player", "victim", "victim_id"}
PLAYER_LIST_KEYS = {
    "candidates",
    "miss_next_game",
    "niggling_injuries",
    "dead",
    "quit",
    "retired",
    "retire",
    "hired_journeymen",
    "hire_journeymen",
    "journeymen",
    "players_retired",
    "temporarily_retired",
}


class BackupError(LeagueError):
    """A backup that cannot be imported (already there, or not a backup)."""


# --- export ---------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


def _rows(queryset: Iterable[models.Model], users: dict[int, str], fks: dict[str, str]) -> list:
    out = []
    for obj in queryset:
        row: dict[str, Any] = {"id": obj.pk}
        for field in obj._meta.concrete_fields:
            if field.primary_key:
                continue
            value = getattr(obj, field.attname)
            if fks.get(field.attname) == "user" and value is not None:
                value = users[value]
            row[field.attname] = _plain(value)
        out.append(row)
    return out


def export_league(league: League) -> dict[str, Any]:
    """Everything of ``league`` (see the module docstring) as JSON-ready data."""
    seasons = Season.objects.filter(league=league).order_by("number")
    fixtures = Fixture.objects.filter(season__league=league).order_by("id")
    team_ids = set(TeamEntry.objects.filter(season__league=league).values_list("team", flat=True))
    for home, away in fixtures.values_list("home", "away"):
        team_ids |= {home, away}
    team_ids |= set(
        PointsAdjustment.objects.filter(season__league=league).values_list("team", flat=True)
    )
    team_ids |= {c for c in seasons.values_list("champion", flat=True) if c is not None}
    teams = Team.objects.filter(pk__in=team_ids).order_by("id")
    players = Player.objects.filter(team__in=teams).order_by("id")
    matches = Match.objects.filter(fixture__in=fixtures).order_by("id")
    reports = Report.objects.filter(match__in=matches).order_by("id")
    applications = PostGameApplication.objects.filter(match__in=matches).order_by("id")
    querysets: dict[str, Any] = {
        "teams": teams,
        "players": players,
        "advancements": Advancement.objects.filter(player__in=players).order_by("id"),
        "skills": PlayerSkill.objects.filter(player__in=players).order_by("id"),
        "seasons": seasons.order_by("id"),
        "divisions": Division.objects.filter(season__league=league).order_by("id"),
        "rounds": Round.objects.filter(season__league=league).order_by("id"),
        "entries": TeamEntry.objects.filter(season__league=league).order_by("id"),
        "fixtures": fixtures,
        "adjustments": PointsAdjustment.objects.filter(season__league=league).order_by("id"),
        "matches": matches,
        "injuries": InjuryRecord.objects.filter(player__in=players).order_by("id"),
        "ledger": TreasuryEntry.objects.filter(team__in=teams).order_by("id"),
        "reports": reports,
        "events": MatchEvent.objects.filter(match__in=matches).order_by("id"),
        "dice": DiceRoll.objects.filter(match__in=matches).order_by("id"),
        "applications": applications,
        "effects": AppliedEffect.objects.filter(application__in=applications).order_by("id"),
        "stats": PlayerMatchStats.objects.filter(match__in=matches).order_by("id"),
        "audit": AuditEntry.objects.filter(league=league)
        .filter(Q(team__isnull=True) | Q(team__in=teams))
        .filter(Q(other_team__isnull=True) | Q(other_team__in=teams))
        .order_by("id"),
    }
    user_ids = set(league.commissioners.values_list("pk", flat=True))
    for name, _model, fks in SECTIONS:
        for attname, target in fks.items():
            if target == "user":
                user_ids |= {
                    u for u in querysets[name].values_list(attname, flat=True) if u is not None
                }
    user_model = get_user_model()
    user_rows = user_model.objects.filter(pk__in=user_ids).order_by("pk")
    users = {u.pk: u.get_username() for u in user_rows}
    league_row = _rows([league], users, {})[0]
    league_row["commissioners"] = sorted(
        users[pk] for pk in league.commissioners.all().values_list("pk", flat=True)
    )
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "league": league_row,
        "users": [
            {
                "username": u.get_username(),
                "email": getattr(u, "email", ""),
                "first_name": getattr(u, "first_name", ""),
                "last_name": getattr(u, "last_name", ""),
            }
            for u in user_rows
        ],
    }
    for name, _model, fks in SECTIONS:
        document[name] = _rows(querysets[name], users, fks)
    return document


# --- import ---------------------------------------------------------------------------


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
    """BackupError listing every problem of the document (leagues/backup_checks.py)."""
    _upgrade(document)
    problems = backup_problems(document, SECTIONS, FORMAT, VERSION)
    if problems:
        raise BackupError(problems)


def _upgrade(document: Any) -> None:
    """A backup written before the ledger's match and the audit trail reads as one
    written after: ``match_ref`` is ``match_id``; no ``audit`` is an empty one."""
    if not isinstance(document, dict):
        return
    if isinstance(document.get("ledger"), list):
        for row in document["ledger"]:
            if isinstance(row, dict) and "match_ref" in row and "match_id" not in row:
                row["match_id"] = row.pop("match_ref")
    document.setdefault("audit", [])


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
            f"The database refused the backup ({type(error).__name__}: {error}); "
            "nothing was imported."
        ) from None


def _write(document: dict[str, Any]) -> League:
    with transaction.atomic():
        users = _users(document)
        ids: dict[str, dict[int, int]] = {}
        league_fields = {f.attname: f for f in League._meta.concrete_fields if not f.primary_key}
        with _timestamps_as_given(League):
            league = League.objects.create(
                **{
                    k: _parse(league_fields[k], v)
                    for k, v in document["league"].items()
                    if k in league_fields
                }
            )
        league.commissioners.set([users[u] for u in document["league"]["commissioners"]])
        ids["league"] = {document["league"]["id"]: league.pk}
        for name, model, fks in SECTIONS:
            ids[name] = _import_section(model, document[name], fks, users, ids, name)
        for season_id in ids["seasons"].values():  # derived rows: rebuilt, not restored
            refresh_season_totals(season_id)
        return league


def _import_section(
    model: type[models.Model],
    rows: list[dict[str, Any]],
    fks: dict[str, str],
    users: dict[str, int],
    ids: dict[str, dict[int, int]],
    name: str,
) -> dict[int, int]:
    fields = {f.attname: f for f in model._meta.concrete_fields if not f.primary_key}
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
            raise BackupError(f"The backup refers to a missing row of {target} (id {old}).")
        return None  # a ledger posting from a match of another league

    return mapped
