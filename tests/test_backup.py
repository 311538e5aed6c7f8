"""The backup path: export a league with played matches, remove it, import it,
and read the same standings, team sheets, treasuries (== ledger), dice logs,
match reports and player statistics; refuse an import over an existing league."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import transaction
from django.db.models import Sum

from backups.export import export_league
from backups.importer import import_league
from backups.sections import MATCH_LABEL, BackupError
from leagues import selectors as league_selectors
from leagues.models import Fixture, League
from matches import selectors as match_selectors
from matches.models import Match, PlayerMatchStats
from matches.serializers import DiceRollSerializer
from teams import sheets
from teams.models import InjuryRecord, Player, Team
from teams.serializers_sheet import TeamSheetSerializer
from tests.league_world import build_world

pytestmark = pytest.mark.django_db

ID_KEYS = {
    "id",
    "team_id",
    "division_id",
    "player_id",
    "season",
    "league",
    "team",
    "match",
    "coach",
}


def _without_ids(value: Any) -> Any:
    """``value`` with row ids (which an import renumbers) left out."""
    if isinstance(value, dict):
        return {
            k: _without_ids(v)
            for k, v in value.items()
            if k not in ID_KEYS and not k.endswith("_url") and k != "url"
        }
    if isinstance(value, list):
        return [_without_ids(v) for v in value]
    return value


def _player_names(value: Any, names: dict[int, str]) -> Any:
    """The engine's JSON with player ids replaced by "team #number name"."""
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if k == "id" and "roster_slug" in value:
                out[k] = value["name"]
            elif k in {"id", "player_id", "player", "victim"} and type(v) is int and v in names:
                out[k] = names[v]
            elif k in {"candidates", "miss_next_game", "dead"} and isinstance(v, list):
                out[k] = [names.get(x, x) if type(x) is int else x for x in v]
            else:
                out[k] = _player_names(v, names)
        return out
    if isinstance(value, list):
        return [_player_names(v, names) for v in value]
    return value


def _match_labels(value: Any, labels: dict[str, str]) -> Any:
    """ "Match #<id>" (ledger notes, injury records) as the match's teams instead."""
    if isinstance(value, str):
        return MATCH_LABEL.sub(lambda m: labels.get(m.group(1), m.group(0)), value)
    if isinstance(value, dict):
        return {k: _match_labels(v, labels) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_match_labels(v, labels) for v in value]
    return value


def snapshot(league_name: str) -> dict[str, Any]:
    """What a league reads like, without row ids."""
    league = League.objects.get(name=league_name)
    out: dict[str, Any] = {
        "commissioners": sorted(league.commissioners.values_list("username", flat=True))
    }
    teams = Team.objects.filter(
        pk__in=Fixture.objects.filter(season__league=league).values("home")
    ).order_by("name")
    names = {
        p.pk: f"{p.team.name} #{p.number} {p.name}" for p in Player.objects.select_related("team")
    }
    for season in league.seasons.order_by("number"):
        tables = league_selectors.season_standings(season)
        out[f"standings {season.number}"] = [
            (t.division_name, [_without_ids(vars(r)) for r in t.rows]) for t in tables
        ]
        out[f"adjustments {season.number}"] = list(
            season.adjustments.values_list("team__name", "points", "reason", "created_by__username")
        )
        out[f"fixtures {season.number}"] = list(
            season.fixtures.order_by("round__number", "home__name", "away__name").values_list(
                "round__number",
                "home__name",
                "away__name",
                "status",
                "home_touchdowns",
                "away_touchdowns",
                "home_casualties",
                "away_casualties",
                "deadline",
            )
        )
    for team in teams:
        sheet = TeamSheetSerializer(sheets.team_sheet(team.pk)).data
        ledger = list(
            team.ledger_entries.order_by("created_at", "id").values_list(
                "amount", "reason", "note", "balance_after", "created_by__username", "created_at"
            )
        )
        total = team.ledger_entries.aggregate(total=Sum("amount"))["total"]
        out[f"team {team.name}"] = {
            "sheet": _without_ids(json.loads(json.dumps(sheet, default=str))),
            "ledger": ledger,
            "treasury": (team.treasury, total),
            "injuries": list(
                InjuryRecord.objects.filter(player__team=team)
                .order_by("player__number", "id")
                .values_list("player__number", "kind", "characteristic", "source")
            ),
        }
    for match in Match.objects.filter(fixture__season__league=league).select_related(
        "fixture__home", "fixture__away", "fixture__round"
    ):
        key = f"match {match.fixture.home.name} v {match.fixture.away.name}"
        out[key] = {
            "status": match.status,
            "dice": [
                dict(r) for r in DiceRollSerializer(match_selectors.dice_log(match), many=True).data
            ],
            "pre_game": _player_names(match.pre_game_result, names),
            "teams": _player_names(match.match_teams, names),
            "reports": [
                (
                    r.version,
                    r.home_touchdowns,
                    r.away_touchdowns,
                    _player_names(r.post_game_result, names),
                    [
                        (e.kind, names.get(e.player_id), names.get(e.victim_id), e.injury)
                        for e in r.events.order_by("id")
                    ],
                )
                for r in match.reports.order_by("version")
            ],
            "draft": list(
                match.events.filter(report=None).values_list("kind", "player__name", "detail")
            ),
            "effects": sorted(
                (e.kind, names.get(e.player_id), e.amount, json.dumps(e.before, sort_keys=True))
                for a in match.applications.all()
                for e in a.effects.all()
            ),
            "stats": sorted(
                (names[s.player_id], s.touchdowns, s.casualties, s.spp, s.mvp)
                for s in PlayerMatchStats.objects.filter(match=match)
            ),
        }
    labels = {
        str(m.pk): f"the match {m.fixture.home.name} v {m.fixture.away.name}"
        for m in Match.objects.select_related("fixture__home", "fixture__away")
    }
    return _match_labels(out, labels)


def _exported_world() -> tuple[dict[str, Any], dict[str, Any], str]:
    """Build the league, read it, export it, and roll it all back (users too)."""
    from config.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with transaction.atomic():
            world = build_world("Backup")
            before = snapshot(world.league.name)
            document = json.loads(json.dumps(export_league(world.league)))
            transaction.set_rollback(True)
    finally:
        app.conf.task_always_eager = eager
    return before, document, world.league.name


def test_a_league_round_trips_with_all_its_history():
    before, document, name = _exported_world()
    assert not League.objects.filter(name=name).exists()
    assert not get_user_model().objects.filter(username="backup-commissioner").exists()
    assert len(document["matches"]) == 3 and document["dice"] and document["effects"]
    build_world("Shift")  # rows in between, so every imported row gets a new id

    league = import_league(document)
    old_players = {p["id"] for p in document["players"]}
    new_players = set(
        Player.objects.filter(team__name__startswith="Backup").values_list("pk", flat=True)
    )
    assert not old_players & new_players

    after = snapshot(league.name)
    assert after.keys() == before.keys()
    for key in before:
        assert after[key] == before[key], key
    for team in Team.objects.filter(name__startswith="Backup"):
        assert team.treasury == team.ledger_entries.aggregate(total=Sum("amount"))["total"]
    commissioner = get_user_model().objects.get(username="backup-commissioner")
    assert not commissioner.has_usable_password()
    assert list(league.commissioners.all()) == [commissioner]
    # The match that was in play takes its report where it left off.
    in_play = Match.objects.get(fixture__season__league=league, status=Match.Status.IN_PLAY)
    assert in_play.events.filter(report=None).count() == 1


def test_an_import_over_an_existing_league_is_refused_and_changes_nothing():
    _before, document, name = _exported_world()
    import_league(document)
    counts = (League.objects.count(), Team.objects.count(), Match.objects.count())
    with pytest.raises(BackupError, match="already exists"):
        import_league(document)
    assert (League.objects.count(), Team.objects.count(), Match.objects.count()) == counts


def test_the_commands_write_and_read_a_file(tmp_path):
    from config.celery import app

    out = tmp_path / "league.json"
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with transaction.atomic():
            world = build_world("Command")
            call_command("export_league", str(world.league.pk), "--output", str(out))
            sheet_before = snapshot(world.league.name)
            transaction.set_rollback(True)
    finally:
        app.conf.task_always_eager = eager
    with pytest.raises(CommandError, match="no league"):
        call_command("export_league", "No Such League")
    call_command("import_league", str(out))
    assert snapshot("Command League") == sheet_before
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_league", str(out))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(CommandError, match="not a Dugout league backup"):
        call_command("import_league", str(bad))
