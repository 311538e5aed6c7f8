"""A league's whole history as one JSON-ready document (``export_league``).

It gathers the league, its commissioners, seasons, divisions, entries, rounds,
fixtures with their results, points adjustments and bracket; the teams that played
in it with their players, skills, advancements, injuries and full treasury ledger;
and its matches with every report version, event, dice roll, applied post-game
(effects) and player statistics; and its audit trail (``teams.audit``: the sentences
read the same, the ``data`` keeps the exporting site's ids); its house rules, the
kick-off times proposed for its fixtures, its news and the coaches' match reports;
and the teams' logos (the stored PNG, base64). Every row keeps its id; a user is
written as its username.
"""

from __future__ import annotations

import base64
import datetime
from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q
from django.db.models.fields.files import FieldFile

from backups.sections import FORMAT, LOGOS, SECTIONS, VERSION, row_fields
from leagues.models import (
    Division,
    Fixture,
    HouseRules,
    KickoffSlot,
    League,
    PointsAdjustment,
    Round,
    Season,
    TeamEntry,
)
from matches.models import (
    AppliedEffect,
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
)
from news.models import LeagueNews, MatchReport
from teams.models import (
    Advancement,
    AuditEntry,
    InjuryRecord,
    Player,
    PlayerSkill,
    Team,
    TreasuryEntry,
)


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    if isinstance(value, FieldFile):
        # The stored file's name (a team's logo); its image is in the backup's logos.
        return value.name or ""
    return value


def _rows(queryset: Iterable[models.Model], users: dict[int, str], fks: dict[str, str]) -> list:
    out = []
    for obj in queryset:
        row: dict[str, Any] = {"id": obj.pk}
        for field in row_fields(type(obj)):
            value = getattr(obj, field.attname)
            if fks.get(field.attname) == "user" and value is not None:
                value = users[value]
            row[field.attname] = _plain(value)
        out.append(row)
    return out


def _teams(league: League, seasons: Any, fixtures: Any) -> Any:
    """The teams entered in, playing in, adjusted in or champion of the league."""
    team_ids = set(TeamEntry.objects.filter(season__league=league).values_list("team", flat=True))
    for home, away in fixtures.values_list("home", "away"):
        team_ids |= {home, away}
    team_ids |= set(
        PointsAdjustment.objects.filter(season__league=league).values_list("team", flat=True)
    )
    team_ids |= {c for c in seasons.values_list("champion", flat=True) if c is not None}
    return Team.objects.filter(pk__in=team_ids).order_by("id")


def _querysets(league: League) -> dict[str, Any]:
    """Per section (``SECTIONS``), the league's rows in id order."""
    seasons = Season.objects.filter(league=league).order_by("number")
    fixtures = Fixture.objects.filter(season__league=league).order_by("id")
    teams = _teams(league, seasons, fixtures)
    players = Player.objects.filter(team__in=teams).order_by("id")
    matches = Match.objects.filter(fixture__in=fixtures).order_by("id")
    applications = PostGameApplication.objects.filter(match__in=matches).order_by("id")
    return {
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
        "house_rules": HouseRules.objects.filter(league=league),
        "kickoff_slots": KickoffSlot.objects.filter(fixture__in=fixtures).order_by("id"),
        "matches": matches,
        "injuries": InjuryRecord.objects.filter(player__in=players).order_by("id"),
        "ledger": TreasuryEntry.objects.filter(team__in=teams).order_by("id"),
        "reports": Report.objects.filter(match__in=matches).order_by("id"),
        "events": MatchEvent.objects.filter(match__in=matches).order_by("id"),
        "dice": DiceRoll.objects.filter(match__in=matches).order_by("id"),
        "applications": applications,
        "effects": AppliedEffect.objects.filter(application__in=applications).order_by("id"),
        "stats": PlayerMatchStats.objects.filter(match__in=matches).order_by("id"),
        "audit": AuditEntry.objects.filter(league=league)
        .filter(Q(team__isnull=True) | Q(team__in=teams))
        .filter(Q(other_team__isnull=True) | Q(other_team__in=teams))
        .order_by("id"),
        "news": LeagueNews.objects.filter(league=league).order_by("id"),
        "match_reports": MatchReport.objects.filter(match__in=matches).order_by("id"),
    }


def _logos(rows: list[dict[str, Any]], teams: Any) -> dict[str, str]:
    """Each team's logo, its stored PNG in base64, by team id; a team whose file this
    site has lost is written without a logo (its row's ``logo`` emptied)."""
    logos: dict[str, str] = {}
    by_id = {row["id"]: row for row in rows}
    for team in teams:
        if not team.logo:
            continue
        try:
            with team.logo.open("rb") as image:
                content = image.read()
        except OSError:
            content = b""
        if content:
            logos[str(team.pk)] = base64.b64encode(content).decode("ascii")
        else:
            by_id[team.pk]["logo"] = ""
    return logos


def _user_rows(league: League, querysets: dict[str, Any]) -> Any:
    """The commissioners, the coaches and every user a row of the sections names, by pk."""
    user_ids = set(league.commissioners.values_list("pk", flat=True))
    user_ids |= set(league.coaches.values_list("pk", flat=True))
    for name, _model, fks in SECTIONS:
        for attname, target in fks.items():
            if target == "user":
                user_ids |= {
                    u for u in querysets[name].values_list(attname, flat=True) if u is not None
                }
    return get_user_model().objects.filter(pk__in=user_ids).order_by("pk")


def export_league(league: League) -> dict[str, Any]:
    """Everything of ``league`` (see the module docstring) as JSON-ready data."""
    querysets = _querysets(league)
    user_rows = _user_rows(league, querysets)
    users = {u.pk: u.get_username() for u in user_rows}
    league_row = _rows([league], users, {})[0]
    league_row["commissioners"] = sorted(
        users[pk] for pk in league.commissioners.all().values_list("pk", flat=True)
    )
    league_row["coaches"] = sorted(
        users[pk] for pk in league.coaches.all().values_list("pk", flat=True)
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
    document[LOGOS] = _logos(document["teams"], querysets["teams"])
    return document
