"""A new Team Captain in the pre-game (shared/rules/bb2025-league-facts.md section 2,
"Team Captain", May 2026 erratum): once the captain has left the roster for any reason,
a new one may be named in the Pre-game Sequence of the team's next league fixture; he is
not a Big Guy and gains Pro with no value increase. Through the match page's "Name a new
Team Captain" form and POST /api/v1/matches/{id}/team-captain/; every refusal is a
clear message (400) and leaves the database unchanged."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from leagues.models import Fixture
from matches import services
from matches.models import Match
from teams.models import AuditEntry, Player, PlayerSkill, PlayerStatus, Team
from teams.services import take_journeyman
from tests.matches.bb2025 import MATCHES, client_for, edition_match
from tests.matches.factories import Setup

pytestmark = pytest.mark.django_db

# Two Blitzers (the first is captain), an Ogre (a Big Guy) and eight Linemen.
HOME = {"human-blitzer": 2, "human-ogre": 1, "human-lineman": 8}


def text(response: Any) -> str:
    """The page as a reader sees it (entities unescaped)."""
    return html.unescape(response.content.decode())


def page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def captains(team: Team) -> list[Player]:
    """The active players holding Pro as the captain's skill (no advancement's)."""
    return list(
        team.players.filter(
            status=PlayerStatus.ACTIVE,
            skills__skill="Pro",
            skills__source=PlayerSkill.Source.OTHER,
            skills__advancement__isnull=True,
        )
    )


def state(team: Team) -> tuple:
    """What a refusal must leave as it was."""
    team.refresh_from_db()
    return (
        list(PlayerSkill.objects.filter(player__team=team).values_list("player", "skill")),
        list(team.players.values_list("pk", "value_increases", "current_value")),
        AuditEntry.objects.count(),
        Match.objects.values_list("status", flat=True).get(fixture__home=team),
    )


def kill_captain(team: Team) -> Player:
    """The captain dies as the post-game records it: his status is dead, he has left."""
    (captain,) = captains(team)
    captain.status = PlayerStatus.DEAD
    captain.left_at = timezone.now()
    captain.save(update_fields=["status", "left_at"])
    return captain


def by_position(team: Team, slug: str) -> Player:
    return team.players.filter(status=PlayerStatus.ACTIVE, position_slug=slug).first()


def in_pre_game(s: Setup) -> Match:
    return services.start_pre_game(s.home_coach, s.match, seed=7)


@pytest.fixture
def s() -> Setup:
    """A BB2025 Human team whose captain was killed in its last game; its next league
    fixture's match is open, not yet in its pre-game."""
    setup = edition_match("bb2025", "human", "orc", home_players=HOME)
    kill_captain(setup.home)
    return setup


def url(s: Setup, side: str = "home") -> str:
    return reverse("match-team-captain", args=[s.match.pk, side])


def test_the_coach_names_a_new_captain_on_the_pre_game_page(s: Setup) -> None:
    in_pre_game(s)
    coach = page(s.home_coach)
    detail = reverse("match-detail", args=[s.match.pk])
    shown = coach.get(detail).content.decode()
    assert "Name a new Team Captain" in shown
    assert f'action="{url(s)}"' in shown
    ogre = by_position(s.home, "human-ogre")
    blitzer = by_position(s.home, "human-blitzer")
    assert f'value="{blitzer.pk}"' in shown and f'value="{ogre.pk}"' not in shown
    value = blitzer.current_value

    response = coach.post(url(s), {"player": blitzer.pk}, follow=True)

    assert response.status_code == 200
    assert captains(s.home) == [blitzer]
    blitzer.refresh_from_db()
    assert blitzer.current_value == value and blitzer.value_increases == 0
    row = PlayerSkill.objects.get(player=blitzer, skill="Pro")
    assert row.source == PlayerSkill.Source.OTHER and row.advancement_id is None
    shown = text(response)
    assert f"Team Captain <strong>#{blitzer.number} {blitzer.name}</strong> (Pro)" in shown
    assert "Name a new Team Captain" not in shown
    entry = AuditEntry.objects.filter(action="team.name_captain").get()
    assert entry.team_id == s.home.pk and entry.actor == s.home_coach


def test_the_new_captain_plays_the_match_with_pro(s: Setup) -> None:
    """Kick-off snapshots the players: the captain named in the pre-game has Pro."""
    in_pre_game(s)
    blitzer = by_position(s.home, "human-blitzer")
    api = client_for(s.home_coach)
    response = api.post(
        f"{MATCHES}/{s.match.pk}/team-captain/",
        {"side": "home", "player": blitzer.pk},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["named"]["id"] == blitzer.pk
    home = next(c for c in body["captains"] if c["side"] == "home")
    assert home["captain"]["id"] == blitzer.pk and home["may_name"] is False
    assert captains(s.home) == [blitzer]


def test_the_api_says_whom_the_coach_may_name(s: Setup) -> None:
    in_pre_game(s)
    body = client_for(s.away_coach).get(f"{MATCHES}/{s.match.pk}/team-captain/").json()
    by_side = {c["side"]: c for c in body["captains"]}
    home, away = by_side["home"], by_side["away"]
    assert home["captain"] is None and home["may_name"] is True and home["skill"] == "Pro"
    named = {p["position"] for p in home["players"]}
    assert named == {"human-blitzer", "human-lineman"}  # never the Ogre
    assert away["captain"] is not None  # the Orc team still has its own


def test_refused_while_the_team_still_has_a_captain() -> None:
    s = edition_match("bb2025", "human", "orc", home_players=HOME)
    in_pre_game(s)
    (captain,) = captains(s.home)
    other = s.home.players.filter(position_slug="human-lineman").first()
    before = state(s.home)
    response = page(s.home_coach).post(url(s), {"player": other.pk})
    assert response.status_code == 400
    assert f"#{captain.number} {captain.name} is the Team Captain of" in text(response)
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": other.pk}
    )
    assert api.status_code == 400 and "is the Team Captain of" in api.json()["detail"]
    assert state(s.home) == before


def test_a_big_guy_is_refused(s: Setup) -> None:
    in_pre_game(s)
    ogre = by_position(s.home, "human-ogre")
    before = state(s.home)
    response = page(s.home_coach).post(url(s), {"player": ogre.pk})
    assert response.status_code == 400
    assert "A Big Guy cannot be Human Team Captain" in text(response)
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": ogre.pk}
    )
    assert api.status_code == 400
    assert api.json()["fields"] == {"player": ["A Big Guy cannot be Human Team Captain"]}
    assert state(s.home) == before


def test_a_journeyman_or_a_mercenary_is_refused(s: Setup) -> None:
    # Ten players are left: a journeyman joins for the next game.
    journeyman = take_journeyman(s.home_coach, s.home, position_slug="human-lineman")
    in_pre_game(s)
    before = state(s.home)
    response = page(s.home_coach).post(url(s), {"player": journeyman.pk})
    assert response.status_code == 400
    assert "is a journeyman: the Team Captain is one of the team's own" in (text(response))
    Player.objects.filter(pk=journeyman.pk).update(journeyman=False, mercenary=True)
    before = state(s.home)
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": journeyman.pk}
    )
    assert api.status_code == 400 and "is a Mercenary Player" in api.json()["detail"]
    assert state(s.home) == before


def test_a_player_of_another_team_or_gone_is_refused(s: Setup) -> None:
    in_pre_game(s)
    orc = s.away.players.first()
    dead = s.home.players.get(status=PlayerStatus.DEAD)
    before = state(s.home)
    api = client_for(s.home_coach)
    for player, words in ((orc, "is not a player of"), (dead, "is no longer on the team")):
        response = api.post(
            f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": player.pk}
        )
        assert response.status_code == 400 and words in response.json()["fields"]["player"][0]
    assert state(s.home) == before


def test_refused_outside_the_pre_game(s: Setup) -> None:
    blitzer = by_position(s.home, "human-blitzer")
    before = state(s.home)  # the match is open, its pre-game not started
    response = page(s.home_coach).post(url(s), {"player": blitzer.pk})
    assert response.status_code == 400
    assert "you can name a new Team Captain only when it is pre-game" in (text(response))
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": blitzer.pk}
    )
    assert api.status_code == 400 and "only when it is pre-game" in api.json()["detail"]
    assert state(s.home) == before
    assert client_for(s.home_coach).get(f"{MATCHES}/{s.match.pk}/team-captain/").json() == {
        "captains": []
    }


def test_refused_in_a_friendly(s: Setup) -> None:
    Fixture.objects.filter(pk=s.fixture.pk).update(kind=Fixture.Kind.FRIENDLY)
    in_pre_game(s)
    blitzer = by_position(s.home, "human-blitzer")
    before = state(s.home)
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": blitzer.pk}
    )
    assert api.status_code == 400 and "pre-game of a league fixture" in api.json()["detail"]
    assert state(s.home) == before


def test_the_other_coach_may_not_name_it_a_commissioner_may(s: Setup) -> None:
    in_pre_game(s)
    blitzer = by_position(s.home, "human-blitzer")
    before = state(s.home)
    assert page(s.away_coach).post(url(s), {"player": blitzer.pk}).status_code == 403
    api = client_for(s.away_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": blitzer.pk}
    )
    assert api.status_code == 403
    detail = page(s.away_coach).get(reverse("match-detail", args=[s.match.pk]))
    assert f'action="{url(s)}"' not in detail.content.decode()
    assert state(s.home) == before
    api = client_for(s.commissioner).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": blitzer.pk}
    )
    assert api.status_code == 200 and captains(s.home) == [blitzer]


def test_the_form_needs_a_player(s: Setup) -> None:
    in_pre_game(s)
    before = state(s.home)
    response = page(s.home_coach).post(url(s), {"player": ""})
    assert response.status_code == 400
    assert "Choose the new Team Captain." in text(response)
    api = client_for(s.home_coach).post(f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home"})
    assert api.status_code == 400 and "player" in api.json()["fields"]
    assert state(s.home) == before


def test_bb2020_teams_have_no_captain() -> None:
    s = edition_match("bb2020", "human", "orc")
    in_pre_game(s)
    player = s.home.players.first()
    before = state(s.home)
    response = page(s.home_coach).post(url(s), {"player": player.pk})
    assert response.status_code == 400
    assert "Human teams have no Team Captain" in text(response)
    api = client_for(s.home_coach).post(
        f"{MATCHES}/{s.match.pk}/team-captain/", {"side": "home", "player": player.pk}
    )
    assert api.status_code == 400 and "Human teams have no Team Captain" in api.json()["detail"]
    detail = page(s.home_coach).get(reverse("match-detail", args=[s.match.pk])).content.decode()
    assert "Team Captain" not in detail
    assert state(s.home) == before
