"""The audit trail (teams/audit.py): each audited change writes exactly one row with
its actor and sentence, in the change's transaction (a refusal writes none); the
league page, the team sheet, their history pages and the API show them; and the
placeholders are real foreign keys (a match's ledger entries and injuries link to it)."""

from __future__ import annotations

import datetime
import json

import pytest
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.urls import reverse
from rest_framework.test import APIClient

from backups.export import export_league
from backups.importer import _upgrade
from leagues import services as league_services
from leagues.models import Fixture
from matches import services as match_services
from matches.models import AppliedEffect, EffectKind
from rules_engine.errors import RulesError
from teams import services
from teams.audit import league_entries, log_action, team_entries
from teams.models import AuditEntry, InjuryRecord, TreasuryEntry
from tests.factories import UserFactory, drafted_team
from tests.league_world import World, build_world

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    yield


@pytest.fixture
def world() -> World:
    return build_world("Audit")


def _new(since: int, **filters: object) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(pk__gt=since, **filters).order_by("id"))


def _last() -> int:
    return AuditEntry.objects.order_by("-id").values_list("id", flat=True).first() or 0


def _one(since: int, action: str, actor: object) -> AuditEntry:
    entries = _new(since)
    assert [e.action for e in entries] == [action]
    assert entries[0].actor == actor
    return entries[0]


# --- team services ----------------------------------------------------------------------


def test_a_hire_writes_one_entry_with_the_coach_and_the_sentence():
    coach = UserFactory()
    team = drafted_team(coach, name="Audit Hawks")
    since = _last()
    player = services.hire_player(coach, team, "human-ogre", name="Bigmouth", number=40)
    entry = _one(since, "team.hire_player", coach)
    assert entry.message == "Audit Hawks hired Ogre #40 Bigmouth for 140,000 gp."
    assert (entry.team_id, entry.league_id) == (team.pk, None)
    assert entry.data["player"] == player.pk and entry.data["cost"] == 140_000


def test_a_refused_change_writes_no_entry():
    coach = UserFactory()
    team = drafted_team(coach)
    services.hire_player(coach, team, "human-ogre")
    since = _last()
    with pytest.raises(RulesError):
        services.hire_player(coach, team, "human-ogre")  # one Ogre at most
    with pytest.raises(PermissionDenied):
        services.buy_reroll(UserFactory(), team)
    with pytest.raises(RulesError):
        services.fire_staff(coach, team, "apothecary")  # has none
    assert _new(since) == []


def test_an_entry_rolls_back_with_its_change():
    coach = UserFactory()
    team = drafted_team(coach)
    since = _last()
    with transaction.atomic():
        services.buy_reroll(coach, team)
        assert len(_new(since)) == 1
        transaction.set_rollback(True)
    assert _new(since) == []


def test_each_roster_and_treasury_change_writes_one_entry(world):
    coach, commissioner = world.away_coach, world.commissioner
    team = world.teams["away"]  # the home team is playing
    player = team.players.filter(status="active", journeyman=False).order_by("number").last()
    league = world.league.pk
    changes = [
        ("team.buy_reroll", coach, lambda: services.buy_reroll(coach, team)),
        ("team.hire_staff", coach, lambda: services.hire_staff(coach, team, "cheerleader")),
        ("team.fire_staff", coach, lambda: services.fire_staff(coach, team, "cheerleader")),
        ("team.rename_player", coach, lambda: services.rename_player(coach, player, "Renamed")),
        ("team.fire_player", coach, lambda: services.fire_player(coach, player)),
        (
            "treasury.correct",
            commissioner,
            lambda: services.correct_treasury(commissioner, team, 5_000, "Gate error"),
        ),
        (
            "team.transfer",
            commissioner,
            lambda: services.transfer_team(commissioner, team, world.third_coach),
        ),
    ]
    for action, actor, change in changes:
        since = _last()
        change()
        entry = _one(since, action, actor)
        assert (entry.team_id, entry.league_id) == (team.pk, league), action
    corrected = AuditEntry.objects.get(action="treasury.correct")
    assert corrected.message == "Treasury of Audit Marauders corrected by +5,000 gp: Gate error"
    assert corrected.data["before"]["treasury"] + 5_000 == corrected.data["after"]["treasury"]
    moved = AuditEntry.objects.get(action="team.transfer")
    assert moved.message == "Audit Marauders handed from audit-away to audit-third."


# --- league and match services ---------------------------------------------------------


def test_fixture_changes_write_one_entry_each_for_both_teams(world):
    commissioner, fixture = world.commissioner, world.open_fixture
    since = _last()
    league_services.reschedule_fixture(commissioner, fixture, deadline=datetime.date(2026, 6, 1))
    entry = _one(since, "fixture.reschedule", commissioner)
    assert (entry.team_id, entry.other_team_id) == (fixture.home_id, fixture.away_id)
    assert "deadline 2026-06-01" in entry.message and entry.data["after"]["status"] == "postponed"

    since = _last()
    league_services.award_forfeit(
        commissioner, fixture, kind="concession", conceded_by=fixture.away_id
    )
    entry = _one(since, "fixture.forfeit", commissioner)
    assert entry.message.startswith(f"Forfeit awarded in {fixture}: {fixture.away.name} conceded")

    since = _last()
    league_services.undo_forfeit(commissioner, fixture)
    assert "undone" in _one(since, "fixture.undo_forfeit", commissioner).message

    since = _last()
    with pytest.raises(RulesError):
        league_services.undo_forfeit(commissioner, fixture)  # nothing to undo now
    with pytest.raises(RulesError):
        league_services.dock_points(commissioner, world.season, world.teams["home"], reason="")
    assert _new(since) == []
    league_services.dock_points(commissioner, world.season, world.teams["home"], reason="Late")
    entry = _one(since, "season.dock_points", commissioner)
    assert entry.message == f"3 points docked from Audit Reavers in {world.season}: Late"


def test_a_match_report_its_close_and_its_correction_are_on_the_record(world):
    played = world.played
    reported = AuditEntry.objects.get(action="match.report", data__match=played.pk)
    assert reported.actor == world.home_coach
    assert reported.message.startswith(f"Match #{played.pk} (")
    assert "report v1 submitted, 2-1" in reported.message
    assert AuditEntry.objects.filter(action="match.close", data__match=played.pk).count() == 1
    since = _last()
    match_services.correct_report(
        world.commissioner, played, home_touchdowns=2, away_touchdowns=1, note="Recount"
    )
    corrections = _new(since, action="match.correct")
    assert len(corrections) == 1 and corrections[0].actor == world.commissioner
    assert corrections[0].message.endswith("(was 2-1): Recount")
    assert corrections[0].league_id == world.league.pk


def test_a_roll_over_writes_one_entry(world):
    commissioner, season = world.commissioner, world.season
    fixtures = season.fixtures.filter(kind=Fixture.Kind.LEAGUE, status__in=Fixture.OPEN_STATUSES)
    for fixture in fixtures.exclude(match__isnull=False):
        league_services.award_forfeit(commissioner, fixture, kind="unplayed")
    now = datetime.datetime.now(datetime.UTC)
    # A match in play or in its pre-game: its fixture settled behind the services' back.
    fixtures.update(status=Fixture.Status.UNPLAYED_DOUBLE_LOSS, played_at=now)
    since = _last()
    league_services.roll_over_season(commissioner, season, without_playoffs=True)
    entry = _one(since, "season.roll_over", commissioner)
    assert entry.message.startswith(f"{season} rolled over into season 2")


# --- real foreign keys -----------------------------------------------------------------


def test_a_matchs_ledger_entries_and_injuries_link_to_it(world):
    played = world.played
    entries = TreasuryEntry.objects.filter(match=played)
    assert entries.exists() and all(e.match_ref == played.pk for e in entries)
    assert set(played.ledger_entries.all()) == set(entries)
    injuries = InjuryRecord.objects.filter(source=played.label)
    assert injuries.exists() and all(i.match_id == played.pk for i in injuries)
    effects = AppliedEffect.objects.filter(application__match=played, kind=EffectKind.INJURY)
    assert {e.injury_record.match_id for e in effects} == {played.pk}
    other = drafted_team().players.first()
    record = services.record_injury(other.team.coach, other, "niggling", source="Bar brawl")
    assert (record.match_id, record.source) == (None, "Bar brawl")


def test_the_backup_carries_the_audit_trail_and_reads_an_older_one(world):
    document = json.loads(json.dumps(export_league(world.league)))
    messages = {row["message"] for row in document["audit"]}
    assert {e.message for e in league_entries(world.league)} == messages
    assert all("match_id" in row for row in document["ledger"])
    older = {**document, "audit": None}
    del older["audit"]
    for row in older["ledger"]:
        row["match_ref"] = row.pop("match_id")
    _upgrade(older)
    assert older["audit"] == [] and [r["match_id"] for r in older["ledger"]] == [
        r["match_id"] for r in document["ledger"]
    ]


# --- pages and API ---------------------------------------------------------------------


def _many(team, count: int) -> None:
    for n in range(count):
        log_action(team.coach, "team.rename_player", f"Change number {n}.", team=team)


def test_the_league_page_and_team_sheet_show_the_history(client, world):
    log_action(world.commissioner, "season.dock_points", "Latest & greatest.", league=world.league)
    page = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert 'id="history"' in page and "Latest &amp; greatest." in page
    assert reverse("league-history", args=[world.league.pk]) in page
    sheet = client.get(reverse("team-detail", args=[world.teams["away"].pk])).content.decode()
    assert 'id="history"' in sheet and "report v1 submitted" in sheet  # as the away side


def test_the_history_pages_are_paginated_latest_first(client, django_assert_max_num_queries):
    team = drafted_team(name="Audit Pages")
    _many(team, 60)
    url = reverse("team-history", args=[team.pk])
    with django_assert_max_num_queries(8):
        first = client.get(url).content.decode()
    assert first.index("Change number 59.") < first.index("Change number 58.")
    assert "Change number 9." not in first and "Page 1 of 2" in first
    assert "Change number 9." in client.get(url, {"page": 2}).content.decode()
    assert client.get(reverse("team-history", args=[10**9])).status_code == 404
    assert client.get(reverse("league-history", args=[10**9])).status_code == 404


def test_the_api_lists_the_audit_trail(world, django_assert_max_num_queries):
    api = APIClient()
    team = world.teams["home"]
    _many(team, 30)
    url = reverse("api-team-audit", args=[team.pk])
    with django_assert_max_num_queries(4):
        body = api.get(url, {"limit": 10}).json()
    assert body["count"] == team_entries(team).count() and len(body["results"]) == 10
    first = body["results"][0]
    assert first["message"] == "Change number 29." and first["actor"] == "audit-home"
    assert first["team_name"] == "Audit Reavers" and first["action"] == "team.rename_player"
    url = reverse("api-league-audit", args=[world.league.pk])
    with django_assert_max_num_queries(4):
        league = api.get(url).json()
    assert league["count"] == league_entries(world.league).count()
    assert {"fixture", "match"} <= set(
        next(r for r in league["results"] if r["action"] == "match.report")["data"]
    )
    assert api.get(reverse("api-league-audit", args=[10**9])).status_code == 404
    assert api.get(reverse("api-team-audit", args=[10**9])).status_code == 404
