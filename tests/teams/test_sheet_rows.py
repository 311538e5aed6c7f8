"""The team sheet's player rows (``teams.selectors.player_rows``): plain values with
each player's links, and a sheet - page, printable page, API - whose queries do not
grow with the roster."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from teams.models import InjuryRecord, Player
from teams.selectors import player_rows, team_sheet
from tests.factories import InjuryRecordFactory, PlayerSkillFactory, UserFactory, drafted_team

pytestmark = pytest.mark.django_db


def worn_team(coach, linemen: int):
    """A team whose every player has a gained skill, an injury and SPP to spend."""
    team = drafted_team(coach, players={"human-lineman": linemen})
    for player in team.players.all():
        PlayerSkillFactory(player=player, skill="Block")
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING)
    Player.objects.filter(team=team).update(spp_earned=6, niggling_injuries=1)
    return team


def test_rows_carry_each_players_values_and_links():
    coach = UserFactory()
    team = worn_team(coach, 11)
    rows = player_rows(team_sheet(team.pk), with_advancement=True)
    players = list(team.players.order_by("number"))
    assert [row.number for row in rows] == [p.number for p in players]
    for row, player in zip(rows, players, strict=True):
        assert row.url == reverse("player-detail", args=[player.pk])
        assert row.fire_url == reverse("player-fire", args=[player.pk])
        assert row.advance_url == reverse("player-advance", args=[player.pk])
        assert row.gained_skills == ["Block"]
        assert row.injury_marks == ["1 niggling"]
        assert row.can_advance
    assert not any(
        row.can_advance for row in player_rows(team_sheet(team.pk), with_advancement=False)
    )


def test_the_sheet_page_links_each_player(client):
    coach = UserFactory()
    client.force_login(coach)
    team = worn_team(coach, 11)
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    for player in team.players.all():
        assert f'href="{reverse("player-detail", args=[player.pk])}"' in html
        assert f'href="{reverse("player-fire", args=[player.pk])}"' in html
        assert f'href="{reverse("player-advance", args=[player.pk])}"' in html


def _queries(fetch) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert fetch().status_code == 200
    return len(queries)


@pytest.mark.parametrize("page", ["team-detail", "team-print", "api-team-detail"])
def test_the_sheets_queries_do_not_grow_with_the_roster(
    client, django_assert_max_num_queries, page
):
    coach = UserFactory()
    small, large = worn_team(coach, 11), worn_team(coach, 16)
    if page.startswith("api-"):
        api = APIClient()
        api.force_authenticate(coach)
        get = api.get
    else:
        client.force_login(coach)
        get = client.get
    bound = _queries(lambda: get(reverse(page, args=[small.pk])))
    with django_assert_max_num_queries(bound):
        assert get(reverse(page, args=[large.pk])).status_code == 200
