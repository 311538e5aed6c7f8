"""The re-draft page: the server's budget, the coach's choices, the live budget."""

from __future__ import annotations

import pytest
from django.test import Client

from leagues.models import TeamEntry
from teams.models import Redraft, Team, TreasuryEntry
from tests.factories import UserFactory, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

pytestmark = pytest.mark.django_db


@pytest.fixture
def team():
    # 11 Linemen and 2 re-rolls: 350,000 gp in the treasury.
    return drafted_team(players={"human-lineman": 11}, rerolls=2)


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(team: Team, preview: bool = False) -> str:
    return f"/teams/{team.pk}/redraft/" + ("preview/" if preview else "")


def everyone(team: Team) -> dict[str, str]:
    return {f"rehire_{p.pk}": "on" for p in team.players.filter(status="active")}


def test_the_page_shows_the_budget_from_the_season_and_each_fee(team):
    closed_season(team, [WIN, DRAW, LOSS])
    page = client_for(team.coach).get(url(team)).content.decode()
    assert f"<h1>Re-draft {team.name}</h1>" in page
    # 1,000,000 + 350,000 + 3 x 20k + 20k + 10k
    assert '<span id="redraft-budget-total">1,440k</span>' in page
    assert "3 games played" in page and "1 league win" in page and "1 league draw" in page
    assert page.count("70k (1 season played)") == 11
    assert "each coach re-drafts his team" in page
    assert '<td class="num" id="redraft-remaining">670k</td>' in page  # everyone re-hired


def test_the_live_budget_prices_the_choices_and_lists_the_problems(team):
    closed_season(team, [WIN])
    kept = dict(list(everyone(team).items())[:9])
    response = client_for(team.coach).post(
        url(team, preview=True), {**kept, "hire_human-blitzer": "1", "rerolls": "2"}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="redraft-budget"')
    # 9 x 70k + 85k + 2 x 50k
    assert '<td class="num" id="redraft-cost">815k</td>' in html
    assert "at least 11 players" in html


def test_the_coach_redrafts_and_the_team_enters_the_new_season(team):
    _, following = closed_season(team, [WIN])
    client = client_for(team.coach)
    response = client.post(url(team), {**everyone(team), "rerolls": "1"})
    assert response.status_code == 302 and response["Location"] == f"/teams/{team.pk}/"
    saved = Redraft.objects.get(team=team)
    assert saved.cost == 11 * 70_000 + 50_000
    assert TeamEntry.objects.filter(season=following, team=team).exists()
    sheet = client.get(response["Location"]).content.decode()
    assert "is re-drafted for" in sheet


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"rerolls": "many"}, "Enter the number of team re-rolls as a whole number."),
        ({"hire_human-blitzer": "5"}, "at most 4 Blitzers"),
        ({"rerolls": "8", "hire_human-ogre": "1", "hire_human-blitzer": "4"}, "over the"),
    ],
)
def test_a_refused_redraft_shows_what_to_change_and_changes_nothing(team, data, message):
    closed_season(team, [WIN])
    before = (TreasuryEntry.objects.count(), Redraft.objects.count(), TeamEntry.objects.count())
    response = client_for(team.coach).post(url(team), {**everyone(team), **data})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert before == (
        TreasuryEntry.objects.count(),
        Redraft.objects.count(),
        TeamEntry.objects.count(),
    )


def test_without_a_closed_season_the_page_says_why(team):
    page = client_for(team.coach).get(url(team)).content.decode()
    assert "has no re-draft to make now" in page
    assert "has played no league season" in page


def test_another_coach_may_not_open_the_redraft(team):
    closed_season(team, [WIN])
    assert client_for(UserFactory()).get(url(team)).status_code == 403
    assert client_for(UserFactory()).post(url(team), everyone(team)).status_code == 403
    assert not Redraft.objects.exists()
