"""Settling a level play-off through the API and on the fixture's page: the
sudden death the server rolls (touchdowns level after extra time), the winner a
commissioner names (a Blitz Bowl draw on points); the bracket advances either way."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from leagues import services
from leagues.models import DecidedBy, Fixture
from leagues.selectors import bracket
from leagues.services import playoffs
from rules_engine.bb2020.extra_time import sudden_death
from rules_engine.dice import ScriptedDice
from teams.models import AuditEntry
from tests.factories import UserFactory
from tests.leagues.test_playoffs import play, regular_season_done  # noqa: F401
from tests.leagues.test_polish import blitz_bowl_playoffs, play_points  # noqa: F401

pytestmark = pytest.mark.django_db

# Roll-offs 1-5, home v away: 6-1, 2-2 then 5-3, 1-4, 3-6, 6-2: home wins 3-2.
DICE = [6, 1, 2, 2, 5, 3, 1, 4, 3, 6, 6, 2]


def api(user=None) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def url(fixture: Fixture, operation: str = "") -> str:
    return f"/api/v1/leagues/fixtures/{fixture.pk}/" + (f"{operation}/" if operation else "")


@pytest.fixture
def scripted(monkeypatch):
    monkeypatch.setattr(playoffs, "sudden_death_dice", lambda: ScriptedDice(DICE))


@pytest.fixture
def level_semi(regular_season_done, commissioner):  # noqa: F811
    """The first semi-final 1-1 after extra time; the second decided 2-0."""
    semi_1, semi_2 = services.start_playoffs(commissioner, regular_season_done)
    play(commissioner, semi_2, 2, 0)
    return play(commissioner, semi_1, 1, 1)


def test_the_server_rolls_the_sudden_death_and_the_final_is_drawn(level_semi, scripted):
    fixture = level_semi
    season = fixture.season
    body = api().get(url(fixture)).json()
    assert body["settle_with"] == "sudden-death" and body["winner"] is None
    assert bracket(season).final is None

    response = api(fixture.away.coach).post(url(fixture, "sudden-death"))
    assert response.status_code == 200, response.json()
    body = response.json()
    expected = sudden_death(ScriptedDice(DICE))
    assert expected.winner == "home"
    assert body["winner"] == fixture.home_id and body["decided_by"] == DecidedBy.SUDDEN_DEATH
    assert body["sudden_death_rolls"] == [roll.as_dict() for roll in expected.rolls]
    assert body["sudden_death_rolls"][2]["purpose"] == "Sudden death roll-off 2: home"
    assert body["settle_with"] is None
    # The bracket advances as from the page: the final between the two winners.
    final = bracket(season).final
    assert final is not None and fixture.home_id in (final.home_id, final.away_id)
    # Asked again, nothing is rolled twice.
    again = api(fixture.home.coach).post(url(fixture, "sudden-death")).json()
    assert again["sudden_death_rolls"] == body["sudden_death_rolls"]


def test_only_the_two_coaches_and_the_commissioners_roll_it(level_semi, scripted):
    fixture = level_semi
    response = api(UserFactory()).post(url(fixture, "sudden-death"))
    assert (
        response.status_code == 403 and "coach of one of the two teams" in response.json()["detail"]
    )
    assert api().post(url(fixture, "sudden-death")).status_code in (401, 403)
    fixture.refresh_from_db()
    assert fixture.winner_id is None and fixture.sudden_death_rolls == []


def test_nothing_level_to_settle_is_a_400(level_semi, scripted):
    decided = level_semi.season.fixtures.get(stage="semi_final", slot=2)
    response = api(decided.home.coach).post(url(decided, "sudden-death"))
    assert response.status_code == 400
    assert "has no level result to decide" in response.json()["detail"]
    response = api(level_semi.home.coach).post(
        url(level_semi, "playoff-winner"), {"winner": decided.home_id}, format="json"
    )
    assert response.status_code == 400 and "The winner must be" in response.json()["detail"]
    response = api(level_semi.home.coach).post(
        url(level_semi, "playoff-winner"), {"winner": "Team A"}, format="json"
    )
    assert response.status_code == 400 and "winner" in response.json()["fields"]
    level_semi.refresh_from_db()
    assert level_semi.winner_id is None


def test_a_draw_on_points_is_the_commissioners_decision(blitz_bowl_playoffs, commissioner):  # noqa: F811
    season, (semi_1, semi_2) = blitz_bowl_playoffs
    play_points(commissioner, semi_2, 0, 1, 9, 4)
    drawn = play_points(commissioner, semi_1, 1, 0, 5, 5)
    assert api().get(url(drawn)).json()["settle_with"] == "playoff-winner"

    refused = api(commissioner).post(url(drawn, "sudden-death"))
    assert refused.status_code == 400 and "a draw has no sudden death" in refused.json()["detail"]
    coach = api(drawn.home.coach).post(
        url(drawn, "playoff-winner"), {"winner": drawn.home_id}, format="json"
    )
    assert coach.status_code == 403
    named = api(commissioner).post(
        url(drawn, "playoff-winner"), {"winner": drawn.away_id}, format="json"
    )
    assert named.status_code == 200, named.json()
    assert named.json()["decided_by"] == DecidedBy.COMMISSIONER
    assert named.json()["sudden_death_rolls"] == []
    current = bracket(season)
    assert current.final is not None and drawn.away_id in (
        current.final.home_id,
        current.final.away_id,
    )


def _settled(fixture: Fixture) -> dict:
    fixture.refresh_from_db()
    side = "home" if fixture.winner_id == fixture.home_id else "away"
    entry = AuditEntry.objects.filter(action="fixture.playoff_winner", data__fixture=fixture.pk)
    return {
        "side": side,
        "decided_by": fixture.decided_by,
        "rolls": fixture.sudden_death_rolls,
        "audited": entry.count(),
        "final": bracket(fixture.season).final is not None,
    }


def test_the_page_and_the_api_settle_alike(level_semi, scripted, commissioner):
    """The same level semi-final settled on the fixture's page and through the API (a
    savepoint each): the same winner, the same dice, the same audit, the final drawn."""
    from django.db import transaction

    page = Client()
    page.force_login(level_semi.home.coach)
    detail = reverse("fixture-detail", args=[level_semi.pk])
    assert "Roll the sudden death" in page.get(detail).content.decode()
    with transaction.atomic():
        response = page.post(reverse("fixture-settle", args=[level_semi.pk, "sudden-death"]))
        assert response.status_code == 302
        by_page = _settled(level_semi)
        shown = page.get(detail).content.decode()
        transaction.set_rollback(True)
    assert 'id="sudden-death-rolls"' in shown and "Roll the sudden death" not in shown
    by_api = api(level_semi.home.coach).post(url(level_semi, "sudden-death"))
    assert by_api.status_code == 200
    assert _settled(level_semi) == by_page
    assert by_page["final"] and by_page["audited"] == 1 and len(by_page["rolls"]) == 12


def test_a_stranger_cannot_settle_on_the_page(level_semi, scripted):
    page = Client()
    page.force_login(UserFactory())
    response = page.post(reverse("fixture-settle", args=[level_semi.pk, "sudden-death"]))
    assert response.status_code == 403
    level_semi.refresh_from_db()
    assert level_semi.winner_id is None
