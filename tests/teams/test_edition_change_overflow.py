"""A BB2020 Human team with four Blitzers moves to BB2025, where Human Blitzers are
0-2 (facts section 13.13: the rulebook has no conversion rule; the converter reports
every position over its new maximum and the coach chooses whom to keep, never
carrying them silently). The overflow is listed before anything is applied; confirming
without choosing is refused naming the position and changes nothing; the two not kept
leave the roster with their history; season 1 still shows Blood Bowl 2020."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from rest_framework.test import APIClient

from backups.export import export_league
from leagues.models import Season, TeamEntry
from leagues.services.team_redraft import change_edition, edition_change_record
from rules_engine.dice import ScriptedDice
from teams.interchange import export_team
from teams.models import Player, PlayerStatus, Redraft, Team, TreasuryEntry
from teams.services.edition_change import preview_edition_change
from tests.factories import assert_treasury_is_ledger, drafted_team
from tests.teams.test_edition_change import moved_league

pytestmark = pytest.mark.django_db

OLD, NEW = "bb2020", "bb2025"
BLITZER = "human-blitzer"


@pytest.fixture
def humans():
    """A BB2020 Human team with four Blitzers, its league moved to BB2025."""
    team = drafted_team(roster_slug="human", players={"human-lineman": 7, BLITZER: 4}, rerolls=1)
    league, season, rollover = moved_league(team)
    blitzers = list(team.players.filter(position_slug=BLITZER).order_by("number"))
    linemen = list(team.players.filter(position_slug="human-lineman").values_list("pk", flat=True))
    return team, season, rollover.opened, blitzers, linemen


def state(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        team.ruleset,
        team.treasury,
        TreasuryEntry.objects.filter(team=team).count(),
        Redraft.objects.filter(team=team).count(),
        TeamEntry.objects.filter(team=team).count(),
        sorted(team.players.filter(status=PlayerStatus.ACTIVE).values_list("pk", flat=True)),
    )


def choices(blitzers, linemen, **extra):
    """A re-draft that is right but for the Blitzers: the linemen re-hired, two new
    linemen to reach eleven, the first Blitzer kept as captain."""
    return {
        "rehire": list(linemen),
        "hire": {"human-lineman": 2},
        "team_captain_player": blitzers[0].pk,
        **extra,
    }


def test_the_preview_lists_the_overflow_before_anything_is_applied(humans):
    team, _, _, blitzers, linemen = humans
    preview = preview_edition_change(team, edition_change_record(team))
    [overflow] = preview.mapping.over_limit
    assert overflow.position_name == "Human Blitzer" and overflow.maximum == 2
    assert list(overflow.ids) == [b.pk for b in blitzers]
    [message] = preview.problems["keep"]
    assert "Human Blitzer" in message and "0-2" in message
    for blitzer in blitzers:
        assert f"#{blitzer.number} {blitzer.name}" in message
    # The first view re-hires nobody of the overflowing position until the coach says.
    assert sorted(preview.rehire) == sorted(linemen)
    assert team.ruleset == OLD


def test_confirming_without_choosing_is_refused_naming_the_position(humans):
    team, _, _, blitzers, linemen = humans
    before = state(team)
    for wrong, words in [
        ({}, "Choose which Human Blitzers to keep"),
        # Re-hiring all four is no choice either.
        ({"rehire": linemen + [b.pk for b in blitzers]}, "Choose which Human Blitzers"),
        ({"keep": {BLITZER: [b.pk for b in blitzers[:3]]}}, "Keep 2 or fewer"),
        (
            {"keep": {BLITZER: [b.pk for b in blitzers[:2]]}, "rehire": linemen + [blitzers[3].pk]},
            "not among the Human Blitzers you keep",
        ),
    ]:
        with pytest.raises(ValidationError) as refused:
            change_edition(team.coach, team, **{**choices(blitzers, linemen), **wrong})
        messages = refused.value.message_dict["keep"]
        assert any(words in m and "Human Blitzer" in m for m in messages), messages
        assert state(team) == before


def test_the_coach_keeps_two_and_the_two_others_leave_with_their_history(humans):
    team, season, opened, blitzers, linemen = humans
    kept, released = blitzers[:2], blitzers[2:]
    result = change_edition(
        team.coach,
        team,
        keep={BLITZER: [p.pk for p in kept]},
        dice=ScriptedDice([]),
        **choices(blitzers, linemen),
    )
    team.refresh_from_db()
    assert team.ruleset == NEW
    assert {p.id for p in result.mapping.released} == {p.pk for p in released}
    active = team.players.filter(status=PlayerStatus.ACTIVE)
    assert sorted(active.filter(position_slug=BLITZER).values_list("pk", flat=True)) == sorted(
        p.pk for p in kept
    )
    for player in released:
        player.refresh_from_db()  # never deleted: he left, his record stays
        assert player.status != PlayerStatus.ACTIVE and player.left_at is not None
    record = Redraft.objects.get(team=team)
    assert [row["player"] for row in record.edition_change["released"]] == [p.pk for p in released]
    assert TeamEntry.objects.filter(team=team, season=opened).exists()
    assert_treasury_is_ledger(team)
    season.refresh_from_db()
    assert season.ruleset == OLD  # season 1 keeps the edition it was played under


def test_dedicated_fans_above_the_new_cap_are_cut_without_refund(humans):
    team, _, _, blitzers, linemen = humans
    Team.objects.filter(pk=team.pk).update(dedicated_fans=9)
    team.refresh_from_db()
    keep = {BLITZER: [blitzers[0].pk]}
    preview = preview_edition_change(team, edition_change_record(team), keep=keep)
    [cut] = preview.staff_cuts
    assert (cut.field, cut.had, cut.cap) == ("dedicated_fans", 9, 7)
    assert "confirm_losses" in preview.problems  # listed and confirmed, never silent
    treasury = team.treasury
    change_edition(
        team.coach,
        team,
        keep=keep,
        confirm_losses=True,
        dice=ScriptedDice([]),
        **{**choices(blitzers, linemen), "hire": {"human-lineman": 3}},
    )
    team.refresh_from_db()
    assert team.dedicated_fans == 7
    assert not TreasuryEntry.objects.filter(team=team, note__icontains="fans").exists()
    assert team.treasury != treasury  # the re-draft ran


# --- the API --------------------------------------------------------------------------


def test_the_api_lists_the_overflow_and_takes_the_choice(humans):
    team, _, _, blitzers, linemen = humans
    client = APIClient()
    client.force_authenticate(team.coach)
    url = f"/api/v1/teams/{team.pk}/edition-change/"
    body = client.get(url).json()
    [overflow] = body["over_limit"]
    assert overflow["position"] == BLITZER and overflow["maximum"] == 2
    assert [p["player"] for p in overflow["players"]] == [b.pk for b in blitzers]
    assert overflow["kept"] is None

    post = {
        "rehire": [{"player": pk} for pk in linemen],
        "hire": [{"position": "human-lineman"}, {"position": "human-lineman"}],
        "team_captain_player": blitzers[0].pk,
    }
    before = state(team)
    refused = client.post(url, post, format="json")
    assert refused.status_code == 400, refused.content
    assert any("Human Blitzer" in m for m in refused.json()["fields"]["keep"])
    too_many = client.post(
        url,
        {**post, "keep": [{"position": BLITZER, "players": [b.pk for b in blitzers[:3]]}]},
        format="json",
    )
    assert too_many.status_code == 400
    assert any("Keep 2 or fewer" in m for m in too_many.json()["fields"]["keep"])
    assert state(team) == before

    done = client.post(
        url,
        {**post, "keep": [{"position": BLITZER, "players": [blitzers[0].pk, blitzers[3].pk]}]},
        format="json",
    )
    assert done.status_code == 200, done.content
    assert sorted(done.json()["released"]) == sorted([blitzers[1].pk, blitzers[2].pk])
    assert Player.objects.get(pk=blitzers[1].pk).status != PlayerStatus.ACTIVE


# --- the page -------------------------------------------------------------------------


def page_form(team: Team, blitzers, linemen) -> dict[str, str]:
    form = {
        "rerolls": "0",
        "hire_human-lineman": "2",
        "team_captain": f"player:{blitzers[0].pk}",
    }
    for pk in linemen:
        form[f"rehire_{pk}"] = "on"
    for player in team.players.all():
        form[f"position_{player.pk}"] = player.position_slug
    return form


def test_the_page_lists_the_overflow_and_lets_the_coach_tick_whom_to_keep(humans):
    team, season, opened, blitzers, linemen = humans
    client = Client()
    client.force_login(team.coach)
    url = f"/teams/{team.pk}/redraft/edition/"
    html = client.get(url).content.decode()
    assert 'id="edition-change-over-limit"' in html
    assert "Positions over their Blood Bowl 2025 maximum" in html
    for blitzer in blitzers:
        assert f'name="keep_{BLITZER}" value="{blitzer.pk}"' in html
        # Chosen there, not in the re-hire list.
        assert f'name="rehire_{blitzer.pk}"' not in html

    form = page_form(team, blitzers, linemen)
    before = state(team)
    refused = client.post(url, form)
    assert refused.status_code == 400
    text = refused.content.decode()
    assert "Choose which Human Blitzers to keep" in text
    assert state(team) == before

    done = client.post(url, {**form, f"keep_{BLITZER}": [blitzers[0].pk, blitzers[1].pk]})
    assert done.status_code == 302, done.context["form"].errors if done.context else done
    active = set(team.players.filter(status=PlayerStatus.ACTIVE).values_list("pk", flat=True))
    assert {blitzers[0].pk, blitzers[1].pk} <= active
    assert not {blitzers[2].pk, blitzers[3].pk} & active

    # Season 1 still shows the edition it was played under; season 2 the new one.
    standings = client.get(f"/leagues/seasons/{season.pk}/standings/").content.decode()
    assert "Blood Bowl 2020" in standings and "Blood Bowl 2025" not in standings
    fixtures = client.get(f"/leagues/seasons/{season.pk}/fixtures/").content.decode()
    assert "Blood Bowl 2020" in fixtures and "Blood Bowl 2025" not in fixtures
    assert (
        "Blood Bowl 2025" in client.get(f"/leagues/seasons/{opened.pk}/standings/").content.decode()
    )
    exported = {s["number"]: s["ruleset"] for s in export_league(season.league)["seasons"]}
    assert exported == {1: OLD, 2: NEW}
    team_file = export_team(team.pk)
    assert team_file["team"]["ruleset"] == NEW
    assert [(s["season"], s["ruleset_name"]) for s in team_file["seasons"]] == [
        (1, "Blood Bowl 2020"),
        (2, "Blood Bowl 2025"),
    ]
    assert Season.objects.get(pk=season.pk).ruleset == OLD
