"""A commissioner undoes one purchase: the re-roll, staff member or player
goes and the price comes back through the ledger; once; not a player who has played
since; coaches may not."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from teams.errors import TeamError
from teams.models import AuditEntry, Player
from teams.services import buy_reroll, hire_player, hire_staff, undo_purchase
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.leagues.factories import LeagueFactory, SeasonFactory

pytestmark = pytest.mark.django_db


def _team():
    """A drafted Human team in a commissioner's league (so he may correct it)."""
    from leagues.models import TeamEntry

    commissioner = UserFactory()
    season = SeasonFactory(league=LeagueFactory(commissioners=[commissioner]))
    team = drafted_team()
    TeamEntry.objects.create(season=season, team=team)
    return team, commissioner


def _purchase(team, action):
    return AuditEntry.objects.filter(team=team, action=action).latest("id")


def test_a_re_roll_staff_and_a_player_are_undone_with_their_price():
    team, commissioner = _team()
    before = (team.treasury, team.rerolls, team.cheerleaders)
    buy_reroll(team.coach, team)
    hire_staff(team.coach, team, "cheerleader")
    hired = hire_player(team.coach, team, "human-lineman", name="Oops")
    for action in ("team.buy_reroll", "team.hire_staff", "team.hire_player"):
        undo_purchase(commissioner, _purchase(team, action), note="bought by mistake")
    team.refresh_from_db()
    assert (team.treasury, team.rerolls, team.cheerleaders) == before
    assert Player.objects.get(pk=hired.pk).status == "fired"
    assert_treasury_is_ledger(team)
    assert team.ledger_entries.filter(reason="correction").count() == 3
    with pytest.raises(TeamError, match="undone already"):
        undo_purchase(commissioner, _purchase(team, "team.buy_reroll"))


def test_only_a_commissioner_undoes_and_only_a_purchase():
    team, commissioner = _team()
    buy_reroll(team.coach, team)
    with pytest.raises(PermissionDenied):
        undo_purchase(team.coach, _purchase(team, "team.buy_reroll"))
    with pytest.raises(TeamError, match="Only a player hired"):
        undo_purchase(commissioner, AuditEntry.objects.filter(team=team).earliest("id"))


def test_undo_over_the_api():
    team, commissioner = _team()
    buy_reroll(team.coach, team)
    purchase = _purchase(team, "team.buy_reroll")
    url = f"/api/v1/teams/{team.pk}/undo-purchase/"
    coach = APIClient()
    coach.force_authenticate(team.coach)
    assert coach.post(url, {"purchase": purchase.pk}, format="json").status_code == 403
    api = APIClient()
    api.force_authenticate(commissioner)
    bad = api.post(url, {"purchase": "x"}, format="json")
    assert bad.status_code == 400 and "purchase" in bad.json()["fields"]
    done = api.post(url, {"purchase": purchase.pk}, format="json")
    assert done.status_code == 200, done.json()
    assert done.json()["rerolls"] == 0
    again = api.post(url, {"purchase": purchase.pk}, format="json")
    assert again.status_code == 400 and "undone already" in again.json()["detail"]
    assert_treasury_is_ledger(team)


def test_the_commissioner_undoes_from_the_team_history_page():
    from django.test import Client

    team, commissioner = _team()
    buy_reroll(team.coach, team)
    purchase = _purchase(team, "team.buy_reroll")
    coach = Client()
    coach.force_login(team.coach)
    assert (
        "Purchases a commissioner may undo"
        not in coach.get(f"/teams/{team.pk}/history/").content.decode()
    )
    page = Client()
    page.force_login(commissioner)
    html = page.get(f"/teams/{team.pk}/history/").content.decode()
    assert "Purchases a commissioner may undo" in html and f'value="{purchase.pk}"' in html
    done = page.post(f"/teams/{team.pk}/undo-purchase/", {"purchase": purchase.pk}, follow=True)
    assert "its price is back in the Treasury" in done.content.decode()
    team.refresh_from_db()
    assert team.rerolls == 0
    assert_treasury_is_ledger(team)
    again = page.post(f"/teams/{team.pk}/undo-purchase/", {"purchase": purchase.pk}, follow=True)
    assert "undone already" in again.content.decode()
