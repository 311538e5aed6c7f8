"""The Team Captain at a re-draft (BB2025 facts section 2: one player is captain and has
Pro while captain; Human and Orc): the coach names him among the players re-hired or
as the first new player of a position, at a BB2025 re-draft and at the move from
BB2020, through the services, the API and the pages; the old captain stays by default."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from leagues.models import TeamEntry
from teams.models import Player, PlayerSkill, Redraft, Team, TreasuryEntry
from teams.services import draft_team
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season
from tests.teams.test_edition_change import moved_league

pytestmark = pytest.mark.django_db

TEAMS = "/api/v1/teams"


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def page(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def captains(team: Team) -> list[Player]:
    """The active players holding Pro as the captain's (no advancement's) skill."""
    return list(
        team.players.filter(
            status="active",
            skills__skill="Pro",
            skills__source=PlayerSkill.Source.OTHER,
            skills__advancement__isnull=True,
        )
    )


def state(team: Team) -> tuple:
    team.refresh_from_db()
    return (
        team.ruleset,
        team.treasury,
        TreasuryEntry.objects.filter(team=team).count(),
        Redraft.objects.filter(team=team).count(),
        TeamEntry.objects.filter(team=team).count(),
        PlayerSkill.objects.filter(player__team=team).count(),
    )


# --- BB2020 -> BB2025: Human and Orc name their first captain --------------------------


ROSTERS = {
    "human": {"human-lineman": 9, "human-blitzer": 2},
    "orc": {"orc-lineman": 9, "orc-blitzer": 2},
}


@pytest.mark.parametrize("roster", sorted(ROSTERS))
def test_a_bb2020_team_moves_to_bb2025_naming_its_captain_through_the_api(roster):
    team = drafted_team(roster_slug=roster, players=ROSTERS[roster])
    moved_league(team)
    client = api(team.coach)
    url = f"{TEAMS}/{team.pk}/edition-change/"
    preview = client.get(url).json()
    assert preview["team_captain"]["named"] and preview["team_captain"]["skill"] == "Pro"
    assert preview["team_captain"]["current"] is None  # BB2020 had no captain
    blitzer = team.players.filter(position_slug=f"{roster}-blitzer").first()
    assert blitzer.pk in preview["team_captain"]["players"]
    body = {"rehire": [{"player": p["player"]} for p in preview["players"]], "rerolls": 1}
    before = state(team)

    unnamed = client.post(url, body, format="json")
    assert unnamed.status_code == 400
    assert "name a Team Captain" in unnamed.json()["fields"]["team_captain"][0]
    assert state(team) == before

    done = client.post(url, {**body, "team_captain_player": blitzer.pk}, format="json")
    assert done.status_code == 200, done.content
    assert captains(team) == [blitzer]
    sheet = next(p for p in done.json()["team"]["players"] if p["id"] == blitzer.pk)
    assert "Pro" in sheet["skills"]
    team.refresh_from_db()
    assert team.ruleset == "bb2025"
    assert_treasury_is_ledger(team)


@pytest.mark.parametrize("roster", sorted(ROSTERS))
def test_a_bb2020_team_moves_to_bb2025_naming_a_new_player_captain_on_the_page(roster):
    team = drafted_team(roster_slug=roster, players=ROSTERS[roster])
    moved_league(team)
    client = page(team.coach)
    url = f"/teams/{team.pk}/redraft/edition/"
    html = client.get(url).content.decode()
    assert 'name="team_captain"' in html and f'value="new:{roster}-thrower"' in html
    form = {"confirm_losses": "on", "rerolls": "1"}
    for player in team.players.all():
        form[f"rehire_{player.pk}"] = "on"
        form[f"position_{player.pk}"] = player.position_slug
    before = state(team)

    refused = client.post(url, {**form, "team_captain": f"new:{roster}-thrower"})
    assert refused.status_code == 400  # nobody new is hired as a Thrower
    assert (
        refused.context["form"]
        .errors["team_captain"][0]
        .startswith(f"No new {roster.title()} Thrower is hired")
    )
    assert state(team) == before

    done = client.post(
        url, {**form, "team_captain": f"new:{roster}-thrower", f"hire_{roster}-thrower": "1"}
    )
    assert done.status_code == 302, done.context["form"].errors if done.context else done
    thrower = team.players.get(position_slug=f"{roster}-thrower", status="active")
    assert captains(team) == [thrower]
    assert_treasury_is_ledger(team)


# --- a BB2025 re-draft -----------------------------------------------------------------


@pytest.fixture
def humans():
    """A BB2025 Human team whose captain is #1 (a Lineman), and a closed season."""
    team = draft_team(
        UserFactory(),
        name="Reikland Captains",
        ruleset_key="bb2025",
        roster_slug="human",
        players={"human-lineman": 9, "human-blitzer": 2, "human-ogre": 1},
        team_captain="human-lineman",
    )
    closed_season(team, [WIN, DRAW, LOSS], ruleset="bb2025")
    return team


def test_the_captain_re_hired_stays_captain_by_default(humans):
    (captain,) = captains(humans)
    assert captain.number == 1
    keep = [{"player": p.pk} for p in humans.players.all()]
    client = api(humans.coach)
    options = client.get(f"{TEAMS}/{humans.pk}/redraft/").json()["team_captain"]
    assert options["current"] == captain.pk
    ogre = humans.players.get(position_slug="human-ogre")
    assert ogre.pk not in options["players"]  # a Big Guy is never captain
    response = client.post(f"{TEAMS}/{humans.pk}/redraft/", {"rehire": keep}, format="json")
    assert response.status_code == 200, response.content
    assert captains(humans) == [captain]


def test_when_the_captain_leaves_the_coach_names_a_new_one(humans):
    (old,) = captains(humans)
    blitzer = humans.players.filter(position_slug="human-blitzer").first()
    keep = [{"player": p.pk} for p in humans.players.exclude(pk=old.pk)]
    client = api(humans.coach)
    url = f"{TEAMS}/{humans.pk}/redraft/"
    before = state(humans)
    unnamed = client.post(url, {"rehire": keep}, format="json")
    assert unnamed.status_code == 400
    message = unnamed.json()["fields"]["team_captain"][0]
    assert message.startswith(f"#1 {old.name}, the Team Captain, leaves: name a new captain")
    assert state(humans) == before

    done = client.post(url, {"rehire": keep, "team_captain_player": blitzer.pk}, format="json")
    assert done.status_code == 200, done.content
    assert captains(humans) == [blitzer]


def test_a_new_captain_named_among_the_kept_takes_pro_from_the_old(humans):
    (old,) = captains(humans)
    blitzer = humans.players.filter(position_slug="human-blitzer").first()
    keep = [{"player": p.pk} for p in humans.players.all()]
    response = api(humans.coach).post(
        f"{TEAMS}/{humans.pk}/redraft/",
        {"rehire": keep, "team_captain_player": blitzer.pk},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert captains(humans) == [blitzer]
    assert not old.skills.filter(skill="Pro").exists()


def test_a_new_player_hired_can_be_captain(humans):
    (old,) = captains(humans)
    keep = [{"player": p.pk} for p in humans.players.exclude(pk=old.pk)]
    response = api(humans.coach).post(
        f"{TEAMS}/{humans.pk}/redraft/",
        {
            "rehire": keep,
            "hire": [{"position": "human-thrower", "name": "New Skipper"}],
            "team_captain": "human-thrower",
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    assert [p.name for p in captains(humans)] == ["New Skipper"]


@pytest.mark.parametrize(
    ("choice", "field", "message"),
    [
        ({"team_captain_player": "old"}, "team_captain_player", "is not re-hired"),
        ({"team_captain_player": "ogre"}, "team_captain_player", "A Big Guy cannot be"),
        ({"team_captain_player": 99_999}, "team_captain_player", "not a permanent player"),
        ({"team_captain": "human-catcher"}, "team_captain", "No new Human Catcher is hired"),
        ({"team_captain": "human-dragon"}, "team_captain", "no position 'human-dragon'"),
        (
            {"team_captain": "human-lineman", "team_captain_player": "ogre"},
            "team_captain",
            "Name the Team Captain once",
        ),
    ],
)
def test_a_bad_captain_is_a_400_on_its_field_and_changes_nothing(humans, choice, field, message):
    (old,) = captains(humans)
    ogre = humans.players.get(position_slug="human-ogre")
    ids = {"old": old.pk, "ogre": ogre.pk}
    choice = {k: ids.get(v, v) if isinstance(v, str) else v for k, v in choice.items()}
    keep = [{"player": p.pk} for p in humans.players.exclude(pk=old.pk)]
    before = state(humans)
    response = api(humans.coach).post(
        f"{TEAMS}/{humans.pk}/redraft/", {"rehire": keep, **choice}, format="json"
    )
    assert response.status_code == 400
    assert message in " ".join(response.json()["fields"][field])
    assert state(humans) == before


def test_a_roster_without_captain_refuses_one():
    team = draft_team(
        UserFactory(),
        name="Captainless",
        ruleset_key="bb2025",
        roster_slug="skaven",
        players={"skaven-clanrat": 11},
    )
    closed_season(team, [WIN], ruleset="bb2025")
    keep = [{"player": p.pk} for p in team.players.all()]
    client = api(team.coach)
    assert client.get(f"{TEAMS}/{team.pk}/redraft/").json()["team_captain"]["named"] is False
    response = client.post(
        f"{TEAMS}/{team.pk}/redraft/",
        {"rehire": keep, "team_captain": "skaven-clanrat"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["fields"]["team_captain"] == ["Skaven teams have no Team Captain"]
    plain = client.post(f"{TEAMS}/{team.pk}/redraft/", {"rehire": keep}, format="json")
    assert plain.status_code == 200, plain.content


def test_the_redraft_page_names_the_captain(humans):
    (old,) = captains(humans)
    blitzer = humans.players.filter(position_slug="human-blitzer").first()
    client = page(humans.coach)
    url = f"/teams/{humans.pk}/redraft/"
    html = client.get(url).content.decode()
    assert "Team Captain" in html
    assert f'<option value="player:{old.pk}" selected>' in html
    form = {f"rehire_{p.pk}": "on" for p in humans.players.exclude(pk=old.pk)}
    before = state(humans)

    refused = client.post(url, {**form, "team_captain": f"player:{old.pk}"})
    assert refused.status_code == 400
    assert "is not re-hired" in refused.context["form"].errors["team_captain"][0]
    assert "is not re-hired" in refused.content.decode()
    preview = client.post(f"{url}preview/", form).content.decode()
    assert "the Team Captain, leaves: name a new captain" in preview
    assert state(humans) == before

    done = client.post(url, {**form, "team_captain": f"player:{blitzer.pk}"})
    assert done.status_code == 302
    assert captains(humans) == [blitzer]
