"""What a league holds beyond its matches survives a backup: its house rules, the
kick-off times proposed (one accepted: the fixture's kick-off), a fixture held at its
deadline, its time zone, trophy holder and coaches, its news, the coaches' match
reports, and its teams' descriptions and logos (the image itself). Restored by the
command and by the page; a backup whose house rules, logo or kick-off time does not
hold is refused with nothing written, no logo file either."""

from __future__ import annotations

import base64
import copy
import datetime
import io
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import transaction
from django.urls import reverse
from PIL import Image

from backups.export import export_league
from backups.importer import import_league
from backups.sections import BackupError
from leagues.models import Fixture, HouseRules, KickoffSlot, League
from leagues.services.house_rules import set_house_rules
from matches.models import Match
from news.models import LeagueNews, MatchReport
from rules_engine import get_ruleset
from teams.models import LOGO_DIRECTORY, Team
from teams.services.profile import set_team_description, set_team_logo
from tests.league_world import World, build_world
from tests.test_import_validation import counts

pytestmark = pytest.mark.django_db

AT = datetime.datetime(2026, 12, 5, 19, 30, tzinfo=datetime.UTC)
RESTORED = " (restored)"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def eager():
    from config.celery import app

    was = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = was


def _png() -> bytes:
    image = Image.new("RGB", (40, 30), (200, 30, 30))
    image.paste((20, 20, 200), (0, 0, 20, 30))
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def _season_world(tag: str) -> World:
    """A league with played matches (tests/league_world.py) and this week's data."""
    world = build_world(tag)
    league, home, away = world.league, world.teams["home"], world.teams["away"]
    star = next(iter(get_ruleset("bb2020").star_players))
    set_house_rules(
        world.commissioner,
        league,
        banned_stars=[star],
        unplayed_fixtures="hold",
        team_value_ceiling=1_600_000,
        deadline_warning_hours=24,
    )
    league.time_zone = "Europe/Paris"
    league.trophy_holder = home
    league.save(update_fields=["time_zone", "trophy_holder"])
    league.coaches.add(world.home_coach, world.away_coach)
    fixture = world.open_fixture
    side = fixture.home
    KickoffSlot.objects.create(
        fixture=fixture, proposed_by_team=side, proposed_by=side.coach, starts_at=AT
    )
    accepted = KickoffSlot.objects.create(
        fixture=fixture,
        proposed_by_team=side,
        proposed_by=side.coach,
        starts_at=AT + datetime.timedelta(days=1),
        status=KickoffSlot.Status.ACCEPTED,
        answered_at=AT - datetime.timedelta(days=2),
    )
    fixture.kickoff_at = accepted.starts_at
    fixture.save(update_fields=["kickoff_at"])
    held = world.season.fixtures.exclude(pk=fixture.pk).filter(status="scheduled").first()
    held.deadline_passed_at = AT - datetime.timedelta(days=3)
    held.save(update_fields=["deadline_passed_at"])
    LeagueNews.objects.create(
        league=league, author=world.commissioner, title="Round one is in", body="**Blood!**"
    )
    LeagueNews.objects.create(
        league=league, author=world.outsider, title="A guest column", body="Not from here."
    )
    MatchReport.objects.create(
        match=world.played, team=home, author=world.home_coach, body="We *crushed* them."
    )
    Match.objects.filter(pk=world.played.pk).update(house_rules={"banned_stars": [star]})
    upload = SimpleUploadedFile("crest.png", _png(), content_type="image/png")
    set_team_logo(world.home_coach, home, upload)
    set_team_description(world.away_coach, away, "The *Marauders* of the east.")
    return world


def _team(name: str) -> str:
    return name.removesuffix(RESTORED)


def season_data(league: League) -> dict[str, Any]:
    """What the league holds beyond its matches, by names (ids renumber)."""
    fixtures = Fixture.objects.filter(season__league=league).select_related("home", "away")
    teams = Team.objects.filter(pk__in=fixtures.values("home")).order_by("name")
    rules = HouseRules.objects.get(league=league)

    def fixture(f: Fixture) -> tuple[str, str, int]:
        return (_team(f.home.name), _team(f.away.name), f.round.number)

    return {
        "league": (
            league.time_zone,
            _team(league.trophy_holder.name) if league.trophy_holder else None,
            sorted(league.coaches.values_list("username", flat=True)),
        ),
        "house rules": {
            f.attname: getattr(rules, f.attname)
            for f in HouseRules._meta.concrete_fields
            if f.attname != "league_id"
        },
        "fixtures": sorted(
            (*fixture(f), f.kickoff_at, f.deadline_passed_at) for f in fixtures.order_by("id")
        ),
        "slots": sorted(
            (
                *fixture(s.fixture),
                _team(s.proposed_by_team.name),
                s.proposed_by.username if s.proposed_by else None,
                s.starts_at,
                s.status,
                s.created_at,
                s.answered_at,
            )
            for s in KickoffSlot.objects.filter(fixture__in=fixtures)
        ),
        "news": sorted(
            (n.title, n.body, n.author.username, n.created_at, n.updated_at)
            for n in LeagueNews.objects.filter(league=league)
        ),
        "match reports": sorted(
            (
                *fixture(r.match.fixture),
                _team(r.team.name),
                r.author.username,
                r.body,
                r.created_at,
                r.updated_at,
            )
            for r in MatchReport.objects.filter(match__fixture__in=fixtures)
        ),
        "match house rules": sorted(
            (*fixture(m.fixture), json.dumps(m.house_rules, sort_keys=True))
            for m in Match.objects.filter(fixture__in=fixtures)
        ),
        "teams": {_team(t.name): (t.description, t.logo.read() if t.logo else None) for t in teams},
    }


def _exported(tag: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The league's data and its backup, then every row rolled back."""
    with transaction.atomic():
        world = _season_world(tag)
        before = season_data(world.league)
        document = json.loads(json.dumps(export_league(world.league)))
        transaction.set_rollback(True)
    return before, document


@pytest.fixture
def exported(eager) -> tuple[dict[str, Any], dict[str, Any]]:
    return _exported("Calendar")


def test_the_command_restores_what_the_league_holds_beyond_its_matches(exported, tmp_path):
    before, document = exported
    assert document["version"] == 2
    logo = before["teams"]["Calendar Reavers"][1]
    assert logo and [base64.b64decode(v) for v in document["logos"].values()] == [logo]
    assert before["teams"]["Calendar Marauders"][0] == "The *Marauders* of the east."
    path = tmp_path / "calendar.json"
    path.write_text(json.dumps(document))
    call_command("import_league", str(path))
    league = League.objects.get(name="Calendar League")
    after = season_data(league)
    for key in before:
        assert after[key] == before[key], key
    assert before["league"][0] == "Europe/Paris"
    assert any(kickoff for *_f, kickoff, _held in before["fixtures"])
    assert any(held for *_f, held in before["fixtures"])
    assert len(before["slots"]) == 2 and len(before["news"]) == 2
    stored = Team.objects.get(name="Calendar Reavers").logo
    assert stored.name.startswith(LOGO_DIRECTORY) and stored.read() == logo


def test_the_page_restores_it_too_with_strangers_as_the_restorer(client, eager, media):
    world = _season_world("Almanac")
    before = season_data(world.league)
    client.force_login(world.commissioner)
    response = client.get(reverse("league-backup", args=[world.league.pk]))
    document = json.loads(response.content)
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "almanac.json"
    page = client.post(reverse("league-restore"), {"file": upload, "name": "Almanac Again"})
    assert page.status_code == 302
    after = season_data(League.objects.get(name="Almanac Again"))
    # The guest column's author runs no league with the restorer: it becomes his.
    guest = next(n for n in before["news"] if n[0] == "A guest column")
    assert guest[2] == "almanac-outsider"
    expected = {
        **before,
        "news": sorted(
            n if n is not guest else (*n[:2], "almanac-commissioner", *n[3:])
            for n in before["news"]
        ),
    }
    for key in expected:
        assert after[key] == expected[key], key
    restored = Team.objects.get(name=f"Almanac Reavers{RESTORED}")
    original = Team.objects.get(name="Almanac Reavers")
    assert restored.logo.name != original.logo.name  # its own file, not the original's
    assert restored.logo.read() == original.logo.read()


def test_a_version_1_backup_without_the_new_sections_imports_as_before(exported):
    _before, document = exported
    old = copy.deepcopy(document)
    old["version"] = 1
    for section in ("house_rules", "kickoff_slots", "news", "match_reports", "logos"):
        del old[section]
    for team in old["teams"]:
        del team["description"]  # a backup from before descriptions
    assert any(team["logo"] for team in old["teams"])
    del old["league"]["coaches"]
    league = import_league(old)
    assert not HouseRules.objects.filter(league=league).exists()
    assert not KickoffSlot.objects.filter(fixture__season__league=league).exists()
    assert not LeagueNews.objects.filter(league=league).exists()
    assert not MatchReport.objects.filter(match__fixture__season__league=league).exists()
    # Version 1 names a logo's file without its image: the team comes without a logo.
    assert not Team.objects.get(name="Calendar Reavers").logo
    assert Team.objects.get(name="Calendar Marauders").description == ""
    assert not league.coaches.exists()


def _bad_house_rules(document: dict[str, Any]) -> str:
    document["house_rules"][0]["banned_stars"] = ["no-such-star"]
    document["house_rules"][0]["team_value_floor"] = 2_000_000
    return "no star player 'no-such-star'"


def _fake_logo(document: dict[str, Any]) -> str:
    key = next(iter(document["logos"]))
    document["logos"][key] = base64.b64encode(b"<?php system($_GET['x']); ?>").decode()
    return "The logo of teams row"


def _missing_logo(document: dict[str, Any]) -> str:
    document["logos"] = {}
    return "but the backup holds no image of it"


def _slot_outside(document: dict[str, Any]) -> str:
    document["kickoff_slots"][0]["fixture_id"] = 999_999
    return "fixture_id 999999 is not a row of fixtures"


def _slot_by_a_stranger(document: dict[str, Any]) -> str:
    slot = document["kickoff_slots"][0]
    fixture = next(f for f in document["fixtures"] if f["id"] == slot["fixture_id"])
    team = next(
        t for t in document["teams"] if t["id"] not in (fixture["home_id"], fixture["away_id"])
    )
    slot["proposed_by_team_id"] = team["id"]
    return "which does not play fixtures row"


def _bad_news_title(document: dict[str, Any]) -> str:
    document["news"][0]["title"] = "Ring \x07 the bell"
    return "control characters such as U+0007"


def _empty_report(document: dict[str, Any]) -> str:
    document["match_reports"][0]["body"] = ""
    return "its body is empty"


def _bad_status(document: dict[str, Any]) -> str:
    document["kickoff_slots"][0]["status"] = "maybe"
    return "'maybe' is not one of its choices"


def _bad_time_zone(document: dict[str, Any]) -> str:
    document["league"]["time_zone"] = "Mars/Olympus"
    return "is not a time zone"


@pytest.mark.parametrize(
    "tamper",
    [
        _bad_house_rules,
        _fake_logo,
        _missing_logo,
        _slot_outside,
        _slot_by_a_stranger,
        _bad_news_title,
        _empty_report,
        _bad_status,
        _bad_time_zone,
    ],
)
def test_a_backup_that_does_not_hold_is_refused_and_writes_nothing(exported, media, tamper):
    _before, document = exported
    expected = tamper(document)
    files = sorted(media.rglob("*")) if media.exists() else []
    rows = (counts(), HouseRules.objects.count(), KickoffSlot.objects.count())
    with pytest.raises(BackupError) as error:
        import_league(document)
    assert expected in str(error.value)
    assert (counts(), HouseRules.objects.count(), KickoffSlot.objects.count()) == rows
    assert (sorted(media.rglob("*")) if media.exists() else []) == files


def test_the_refusals_name_the_team_and_the_rule(exported):
    _before, document = exported
    _bad_house_rules(document)
    _fake_logo(document)
    with pytest.raises(BackupError) as error:
        import_league(document)
    text = str(error.value)
    assert "(Calendar Reavers)" in text and "not an image Dugout can read" in text
    assert "The team value floor (2,000,000 gp) is above the ceiling" in text
