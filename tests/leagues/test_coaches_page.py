"""The league's coaches page lists every coach truthfully (each with a team in the
league, each who joined by invite or sign-up, its commissioners), and each open invite
link has a copy button beside the link, which stays visible and selectable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from leagues import invites
from tests.factories import TeamFactory, UserFactory
from tests.leagues.conftest import admitted_season

pytestmark = pytest.mark.django_db


def page(client, league) -> str:
    return client.get(reverse("league-coaches", args=[league.pk])).content.decode()


def rows(html: str) -> dict[str, str]:
    """The coaches table's rows, by coach name (the first cell's link text)."""
    table = html.split("<caption>", 1)[1].split("</table>", 1)[0]
    found = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table, re.S):
        name = re.search(r'href="/coaches/[^"]*">([^<]+)</a>', row) or re.search(
            r"<a [^>]*>([^<]+)</a>", row
        )
        if name and "<td" in row:
            found[name.group(1)] = re.sub(r"<[^>]+>", " ", row)
    return found


def test_a_league_of_six_lists_its_six_coaches_with_their_teams(client, commissioner, league):
    admitted_season(commissioner, league, 6)
    html = page(client, league)
    assert "No coach has" not in html
    assert "Coaches of Old World Cup</caption>" in html
    listed = rows(html)
    assert len(listed) == 7  # six coaches and the commissioner
    assert "Team A" in " ".join(listed.values())
    assert "commissioner" in listed["commish"]


def test_a_coach_who_joined_by_invite_is_listed_as_such(client, commissioner, league):
    joiner = UserFactory(username="newcomer")
    invites.redeem_invite(joiner, invites.create_invite(commissioner, league).token)
    TeamFactory(name="Elsewhere Eagles", coach=joiner)  # in no season of the league
    listed = rows(page(client, league))
    assert "No team entered yet" in listed["newcomer"]
    assert "Yes" in listed["newcomer"]
    assert "Elsewhere Eagles" not in listed["newcomer"]


def test_an_invite_link_has_a_copy_button_and_stays_selectable(client, commissioner, league):
    invite = invites.create_invite(commissioner, league)
    client.force_login(commissioner)
    html = page(client, league)
    link = "http://testserver" + reverse("invite-accept", args=[invite.token])
    field = re.search(r'<input type="text" readonly id="([^"]+)" value="([^"]+)"', html)
    assert field and field.group(2) == link
    assert f'data-copy="{field.group(1)}"' in html
    assert "Copy link</button>" in html
    assert "/static/leagues/copy.js" in html
    script = Path(settings.BASE_DIR, "leagues/static/leagues/copy.js").read_text()
    assert "navigator.clipboard" in script and ".select()" in script


def test_a_visitor_sees_no_copy_button(client, commissioner, league):
    invites.create_invite(commissioner, league)
    assert "data-copy=" not in page(client, league)
