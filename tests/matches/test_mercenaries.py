"""Mercenary Players in a BB2025 league match, end to end (shared/rules/bb2025-league-facts.md
section 5, "Mercenary Players"; section 13.9): the coach sends the position and the optional
skill, the server prices them; they play the game (in the report's player list, earning
SPP), are never offered for hire after it, and leave with the journeymen. Every refusal is
a 400 naming the answer (API) or a form error (page), and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match, PlayerMatchStats
from teams.errors import TeamError
from teams.models import Player, PlayerStatus
from teams.services import hire_journeyman_permanently
from tests.matches.bb2025 import MATCHES, client_for, edition_match, played
from tests.test_bb2025_league import pre_game_answer

pytestmark = pytest.mark.django_db

# Home: 2 Blitzers + 9 Linemen (620,000; 380,000 in the Treasury), the higher CTV: it
# spends its Treasury first. Away: the least a Human team may draft (490,000).
HOME = {"human-blitzer": 2, "human-lineman": 9}
CATCHER_WITH_SURE_HANDS = {"position": "human-catcher", "skill": "Sure Hands"}
ORDER = {"mercenaries": [CATCHER_WITH_SURE_HANDS, "human-thrower"]}


def setup_match(home_players: dict[str, int] | None = None) -> Any:
    return edition_match("bb2025", "human", "human", home_players=home_players or HOME)


def to_home_inducements(s: Any) -> tuple[dict[str, Any], str, dict[str, Any]]:
    """The pre-game through the API up to the home coach's inducements."""
    coaches = {"home": client_for(s.home_coach), "away": client_for(s.away_coach)}
    url = f"{MATCHES}/{s.match.pk}"
    state = coaches["away"].post(f"{url}/start-pre-game/").json()
    while state["pending"]:
        choice = state["pending"][0]
        if (choice["side"], choice["kind"]) == ("home", "inducements"):
            return coaches, url, choice
        body = {"kind": choice["kind"], "answer": pre_game_answer(choice)}
        state = coaches[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json")
        state = state.json()
    raise AssertionError("the home team was never asked for inducements")


def finish_pre_game(coaches: dict[str, Any], url: str, first: dict[str, Any]) -> None:
    state = first
    while state["pending"]:
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": pre_game_answer(choice)}
        state = coaches[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json")
        state = state.json()
    assert coaches["home"].post(f"{url}/start/").json()["status"] == "in_play"


def test_the_offer_prices_each_position_for_the_coach() -> None:
    """Section 5: fee + 30,000, +50,000 with a skill; a position at its QTY is not offered."""
    s = setup_match()
    _, _, choice = to_home_inducements(s)
    offer = {m["position"]: m for m in choice["options"]["mercenaries"]}
    assert choice["options"]["max_mercenaries"] == 3
    assert "human-blitzer" not in offer  # 2 of 0-2 play already
    assert (offer["human-catcher"]["price"], offer["human-catcher"]["price_with_extra_skill"]) == (
        105_000,
        155_000,
    )


def test_mercenaries_play_the_game_earn_spp_and_leave_unhired(
    django_capture_on_commit_callbacks,
) -> None:
    s = setup_match()
    coaches, url, _ = to_home_inducements(s)
    treasury = s.home.treasury
    response = coaches["home"].post(
        f"{url}/pre-game-choices/", {"kind": "inducements", "answer": ORDER}, format="json"
    )
    assert response.status_code == 200, response.json()
    finish_pre_game(coaches, url, response.json())
    summary = Match.objects.get(pk=s.match.pk).pre_game_result["summary"]
    bought = summary["inducements"]["home"]["mercenaries"]
    # The server's prices: 75,000 + 30,000 + 50,000 and 75,000 + 30,000.
    assert [(m["position"], m["price"], m["skills"]) for m in bought] == [
        ("human-catcher", 155_000, ["Loner (4+)", "Sure Hands"]),
        ("human-thrower", 105_000, ["Loner (4+)"]),
    ]

    s.home.refresh_from_db()
    assert s.home.treasury == treasury - 260_000  # spent from the Treasury
    mercenaries = {p.position_slug: p for p in played(s, "home") if p.name.startswith("Mercenary")}
    assert set(mercenaries) == {"human-catcher", "human-thrower"}
    catcher = mercenaries["human-catcher"]
    assert catcher.journeyman
    assert set(catcher.skills.values_list("skill", flat=True)) == {"Loner (4+)", "Sure Hands"}
    match = Match.objects.get(pk=s.match.pk)
    marked = {p["id"] for p in match.match_teams["home"]["players"] if p["mercenary"]}
    assert marked == {p.pk for p in mercenaries.values()}

    # The catcher scores: he is in the report's player list and earns its SPP.
    body = {"kind": "touchdown", "player": catcher.pk}
    assert coaches["home"].post(f"{url}/events/", body, format="json").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        report = {"home_touchdowns": 1, "away_touchdowns": 0}
        assert coaches["home"].post(f"{url}/report/", report, format="json").status_code == 201
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    # Nor may his coach hire him from the team page during the post-game.
    with pytest.raises(TeamError, match="Mercenary Player: he cannot be hired"):
        hire_journeyman_permanently(s.home_coach, catcher)
    offered = finish_post_game_recording_offers(coaches, url, django_capture_on_commit_callbacks)
    assert not {str(p.pk) for p in mercenaries.values()} & offered  # never offered for hire
    stats = PlayerMatchStats.objects.get(player=catcher, match=s.match)
    assert stats.touchdowns == 1 and stats.spp >= 3
    left = Player.objects.filter(pk__in=[p.pk for p in mercenaries.values()])
    assert {p.status for p in left} == {PlayerStatus.RETIRED}  # gone after the game


def finish_post_game_recording_offers(coaches: dict[str, Any], url: str, capture: Any) -> set[str]:
    """Every post-game choice answered (MVP nominees, step 4 hiring nobody); the ids of
    every player offered for hire on the way."""
    offered: set[str] = set()
    post_game = coaches["home"].get(f"{url}/post-game/").json()
    for _ in range(8):
        if not post_game["pending"]:
            break
        for c in post_game["pending"]:
            if c["kind"] == "hire_journeymen":
                offered |= {str(pid) for pid in c["options"]["journeymen"]}
        side = post_game["pending"][0]["side"]
        body: dict[str, Any] = {"side": side}
        for c in post_game["pending"]:
            if c["side"] == side and c["kind"] == "mvp_nominees":
                body["mvp_nominees"] = c["options"]["players"][: c["options"]["nominees"]]
        with capture(execute=True):
            response = coaches[side].post(f"{url}/post-game-choices/", body, format="json")
        assert response.status_code == 200, response.json()
        post_game = response.json()
    assert post_game["complete"], post_game["pending"]
    return offered


REFUSED = [
    (HOME, {"mercenaries": ["human-blitzer"]}, "at most 2 Human Blitzers"),
    (HOME, {"mercenaries": ["human-lineman"] * 4}, "at most 3 Mercenary Players"),
    (
        HOME,
        {"mercenaries": [{"position": "human-catcher", "skill": "Mighty Blow"}]},
        "not a primary skill",
    ),
    (
        HOME,
        {"mercenaries": [CATCHER_WITH_SURE_HANDS] * 2 + ["human-thrower"]},
        "left in the Treasury",
    ),
    ({"human-blitzer": 2, "human-lineman": 14}, {"mercenaries": ["human-catcher"]}, "16 players"),
]


@pytest.mark.parametrize(
    ("home", "order", "message"),
    REFUSED,
    ids=["over-qty", "over-3", "skill-not-primary", "no-money", "over-16"],
)
def test_the_api_refuses_with_a_400_and_changes_nothing(
    home: dict[str, int], order: dict[str, Any], message: str
) -> None:
    """Section 5 (0-3, QTY, a primary skill, the money) and section 13.9 (the 16)."""
    s = setup_match(home)
    coaches, url, _ = to_home_inducements(s)
    before = Match.objects.get(pk=s.match.pk)
    rolls = DiceRoll.objects.filter(match=s.match).count()
    response = coaches["home"].post(
        f"{url}/pre-game-choices/", {"kind": "inducements", "answer": order}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert any(message in m for m in body["fields"]["answer"]), body
    after = Match.objects.get(pk=s.match.pk)
    assert (after.pre_game_choices, after.pre_game_result) == (
        before.pre_game_choices,
        before.pre_game_result,
    )
    assert DiceRoll.objects.filter(match=s.match).count() == rolls
    assert not Player.objects.filter(team=s.home, name__startswith="Mercenary").exists()


def test_an_order_of_the_wrong_shape_names_its_field() -> None:
    s = setup_match()
    coaches, url, _ = to_home_inducements(s)
    order = {"mercenaries": [{"skill": "Block"}], "bribes": "one"}
    response = coaches["home"].post(
        f"{url}/pre-game-choices/", {"kind": "inducements", "answer": order}, format="json"
    )
    assert response.status_code == 400
    fields = response.json()["fields"]["answer"]
    assert "bribes" in fields
    assert "position" in str(fields["mercenaries"])


def form_page(client: Any, s: Any) -> str:
    return client.get(reverse("match-detail", args=[s.match.pk])).content.decode()


def test_the_page_buys_mercenaries_by_position_skill_and_count(client) -> None:
    """A coach's phone: a position, an optional skill and how many, per row."""
    s = setup_match()
    to_home_inducements(s)
    client.force_login(s.home_coach)
    page = form_page(client, s)
    prefix = "home-inducements-mercenary_1_"
    for part in ("position", "skill", "count"):
        assert f'name="{prefix}{part}"' in page
    assert 'name="home-inducements-mercenary_3_position"' in page
    assert "Sure Hands" in page
    url = reverse("match-pre-game-choice", args=[s.match.pk, "home", "inducements"])
    data = {
        f"{prefix}position": "human-catcher",
        f"{prefix}skill": "Sure Hands",
        f"{prefix}count": 1,
        "home-inducements-mercenary_2_position": "human-lineman",
        "home-inducements-mercenary_2_count": 2,
    }
    response = client.post(url, data)
    assert response.status_code == 302
    bought = Match.objects.get(pk=s.match.pk).pre_game_choices["inducements"]["home"]
    assert bought == {"mercenaries": [CATCHER_WITH_SURE_HANDS, "human-lineman", "human-lineman"]}


def test_the_page_shows_a_refusal_as_a_form_error_and_changes_nothing(client) -> None:
    s = setup_match()
    to_home_inducements(s)
    before = Match.objects.get(pk=s.match.pk).pre_game_result
    client.force_login(s.home_coach)
    url = reverse("match-pre-game-choice", args=[s.match.pk, "home", "inducements"])
    prefix = "home-inducements-mercenary_1_"
    response = client.post(
        url,
        {
            f"{prefix}position": "human-catcher",
            f"{prefix}skill": "Mighty Blow",
            f"{prefix}count": 1,
        },
    )
    assert response.status_code == 400
    assert "Mighty Blow is not a primary skill for a Human Catcher" in response.content.decode()
    assert Match.objects.get(pk=s.match.pk).pre_game_result == before
    response = client.post(url, {f"{prefix}skill": "Block"})
    assert response.status_code == 400
    assert "Choose the mercenary&#x27;s position first." in response.content.decode()


def test_a_lineman_mercenary_is_never_hired_from_the_team_page_either() -> None:
    """Section 5: "unlike journeymen they cannot be hired after the game", a Lineman
    mercenary included, though he looks like a journeyman on the sheet."""
    from teams.errors import TeamError
    from teams.services.roster import hire_journeyman_permanently, take_mercenary

    s = setup_match()
    mercenary = take_mercenary(
        s.home_coach, s.home, position_slug="human-lineman", skills=("Loner (4+)",)
    )
    assert mercenary.journeyman and mercenary.mercenary
    treasury = s.home.treasury
    with pytest.raises(TeamError, match="Mercenary Player: he cannot be hired"):
        hire_journeyman_permanently(s.home_coach, mercenary)
    mercenary.refresh_from_db()
    s.home.refresh_from_db()
    assert mercenary.journeyman and s.home.treasury == treasury
