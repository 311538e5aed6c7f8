"""The team page's fragments (its heading, roster and value; its treasury and history)
are kept in the cache under the team's version: every change a visitor can see shows
at once, whichever fragment it is in, and a page read again shows the same sheet.
A write past the services (a bare update, as a command or a shell makes) bumps the
versions itself."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from leagues.models import League
from teams.audit import bump_teams, log_action
from teams.models import Player, Team
from teams.services import buy_reroll
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db


def sheet(client, team: Team) -> str:
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    return re.sub(r'"X-CSRFToken": "\w+"|csrfmiddlewaretoken" value="\w+"', "", html)


def test_every_change_shows_at_once(client):
    team = drafted_team(UserFactory(username="varag"), name="Ghoul Chewers")
    first = sheet(client, team)
    assert sheet(client, team) == first

    Team.objects.filter(pk=team.pk).update(name="Ghoul Gnawers")
    bump_teams([team])
    assert "<h1>Ghoul Gnawers</h1>" in sheet(client, team)

    buy_reroll(team.coach, team)
    team.refresh_from_db()
    html = sheet(client, team)
    assert f'id="treasury">{team.treasury // 1000}k</td>' in html
    assert "Team re-rolls (1 ×" in html

    player = team.players.get(number=1)
    Player.objects.filter(pk=player.pk).update(name="Rotgut")
    bump_teams([team])
    assert ">Rotgut</a>" in sheet(client, team)

    log_action(None, "test.note", "A note for the history.", team=team)
    assert "A note for the history." in sheet(client, team)

    League.objects.create(name="Badlands Cup", ruleset="bb2020", trophy_holder=team)
    bump_teams([team])
    assert "of Badlands Cup" in sheet(client, team)
    League.objects.filter(name="Badlands Cup").update(name="Badlands Shield")
    bump_teams([team])
    html = sheet(client, team)
    assert "of Badlands Shield" in html and "Badlands Cup" not in html
