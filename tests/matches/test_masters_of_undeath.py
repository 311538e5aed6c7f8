"""Masters of Undeath in a BB2025 league match, end to end (shared/rules/bb2025-league-facts.md
section 2, "Masters of Undeath"; section 8, step 4): a Shambling Undead team whose
opponent's ST 3 Lineman died is offered the raised Lineman in step 4; kept, he joins the
team as a 0-SPP rookie of the chosen Lineman position, free (the Treasury does not move
for him), and counts at his full value. A wrong answer is a 400 and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches.models import Match, Report
from teams.models import Player, PlayerStatus, Team, TreasuryEntry
from tests.matches.bb2025 import MATCHES, edition_match, kick_off_by_api, played

pytestmark = pytest.mark.django_db

ZOMBIE = "shambling-undead-zombie-lineman"
UNDEAD = {ZOMBIE: 11}


def report_a_death(capture: Any, victim_position: str = "human-lineman") -> tuple[Any, Any, str]:
    """Shambling Undead (home) against Humans; an away ``victim_position`` player died.
    The report through the API, confirmed; the post-game waits for the coaches."""
    s = edition_match("bb2025", "shambling-undead", "human", home_players=UNDEAD)
    coaches = kick_off_by_api(s)
    victim = next(p for p in played(s, "away") if p.position_slug == victim_position)
    url = f"{MATCHES}/{s.match.pk}"
    body = {"kind": "injury", "player": victim.pk, "injury": "dead"}
    assert coaches["away"].post(f"{url}/events/", body, format="json").status_code == 201
    with capture(execute=True):
        response = coaches["home"].post(
            f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0}, format="json"
        )
        assert response.status_code == 201, response.json()
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    return s, coaches, url


def answer_all(s: Any, coaches: Any, url: str, capture: Any, keep: Any = None) -> dict[str, Any]:
    """Every pending choice answered: MVP nominees, step 4 hiring nobody; the home coach
    answers the raised Lineman's offer with ``keep``. Returns the offers seen."""
    seen: dict[str, Any] = {}
    post_game = coaches["home"].get(f"{url}/post-game/").json()
    for _ in range(8):
        if not post_game["pending"]:
            break
        side = post_game["pending"][0]["side"]
        body: dict[str, Any] = {"side": side}
        for c in post_game["pending"]:
            if c["side"] == side and c["kind"] == "mvp_nominees":
                body["mvp_nominees"] = c["options"]["players"][: c["options"]["nominees"]]
            if c["kind"] == "keep_raised":
                seen[c["side"]] = c
                if c["side"] == side and keep is not None:
                    body["keep_raised"] = keep
        with capture(execute=True):
            response = coaches[side].post(f"{url}/post-game-choices/", body, format="json")
        assert response.status_code == 200, response.json()
        post_game = response.json()
    seen["post_game"] = coaches["home"].get(f"{url}/post-game/").json()
    return seen


def zombies(team: Team) -> int:
    return Player.objects.filter(
        team=team, status=PlayerStatus.ACTIVE, position_slug=ZOMBIE, journeyman=False
    ).count()


def test_the_raised_zombie_kept_joins_free(client, django_capture_on_commit_callbacks) -> None:
    """Section 2: kept, a new active Zombie Lineman, 0 SPP, full value; the Treasury
    moves only by the game's winnings (no cost for him)."""
    capture = django_capture_on_commit_callbacks
    s, coaches, url = report_a_death(capture)
    entries = TreasuryEntry.objects.filter(team=s.home).count()
    seen = answer_all(s, coaches, url, capture, keep=ZOMBIE)
    offer = seen["home"]
    assert offer["prompt"] == "Keep the raised Skeleton Lineman or Zombie Lineman for free?"
    assert ZOMBIE in offer["options"]["positions"]
    assert "away" not in seen  # the Humans raise nobody
    post_game = seen["post_game"]
    assert post_game["complete"] and post_game["applied"]
    home = Team.objects.get(pk=s.home.pk)
    assert zombies(home) == 12
    new = Player.objects.filter(team=home, position_slug=ZOMBIE).order_by("-pk").first()
    assert new is not None and new.spp_earned == 0 and new.current_value == 40_000
    new_entries = TreasuryEntry.objects.filter(team=home).order_by("pk")[entries:]
    # Nothing paid for him: the game's winnings and its Expensive Mistakes only.
    assert {e.reason for e in new_entries} <= {"winnings", "expensive_mistake"}
    assert home.treasury == s.home.treasury + sum(e.amount for e in new_entries)
    report = Report.objects.get(match=s.match, is_current=True)
    assert report.post_game_result["teams"]["home"]["kept_raised"] == ZOMBIE
    client.force_login(s.home_coach)
    page = client.get(reverse("match-detail", args=[s.match.pk])).content.decode()
    assert "Raised Lineman" in page and "kept for free" in page


def test_letting_him_go_adds_nobody(django_capture_on_commit_callbacks) -> None:
    capture = django_capture_on_commit_callbacks
    s, coaches, url = report_a_death(capture)
    seen = answer_all(s, coaches, url, capture, keep=None)
    assert "home" in seen and seen["post_game"]["applied"]
    assert zombies(Team.objects.get(pk=s.home.pk)) == 11


def test_a_stunty_or_st5_victim_raises_none(django_capture_on_commit_callbacks) -> None:
    """Section 2: an Ogre (ST 5) dying raises nobody."""
    capture = django_capture_on_commit_callbacks
    s = edition_match(
        "bb2025",
        "shambling-undead",
        "human",
        home_players=UNDEAD,
    )
    Player.objects.filter(team=s.away).update(st=5)
    coaches = kick_off_by_api(s)
    victim = played(s, "away")[0]
    url = f"{MATCHES}/{s.match.pk}"
    body = {"kind": "injury", "player": victim.pk, "injury": "dead"}
    assert coaches["away"].post(f"{url}/events/", body, format="json").status_code == 201
    with capture(execute=True):
        coaches["home"].post(
            f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0}, format="json"
        )
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    seen = answer_all(s, coaches, url, capture)
    assert "home" not in seen and seen["post_game"]["applied"]
    assert zombies(Team.objects.get(pk=s.home.pk)) == 11


def test_a_position_not_offered_is_refused(client, django_capture_on_commit_callbacks) -> None:
    """The page offers the raised Lineman; a position not offered is a 400 naming the
    positions; nothing changes and the offer still waits."""
    capture = django_capture_on_commit_callbacks
    s, coaches, url = report_a_death(capture)
    post_game = coaches["home"].get(f"{url}/post-game/").json()
    for _ in range(4):  # the MVP nominations first
        nominate = [c for c in post_game["pending"] if c["kind"] == "mvp_nominees"]
        if not nominate:
            break
        c = nominate[0]
        body = {
            "side": c["side"],
            "mvp_nominees": c["options"]["players"][: c["options"]["nominees"]],
        }
        with capture(execute=True):
            post_game = coaches[c["side"]].post(f"{url}/post-game-choices/", body, format="json")
        post_game = post_game.json()
    assert any(c["kind"] == "keep_raised" for c in post_game["pending"]), post_game["pending"]
    client.force_login(s.home_coach)
    page = client.get(reverse("match-detail", args=[s.match.pk])).content.decode()
    assert "Keep the raised Skeleton Lineman or Zombie Lineman for free?" in page
    assert "Keep him as a Zombie Lineman" in page
    before = Match.objects.get(pk=s.match.pk).status
    response = coaches["home"].post(
        f"{url}/post-game-choices/",
        {"side": "home", "keep_raised": "human-lineman"},
        format="json",
    )
    assert response.status_code == 400
    assert "not a Lineman position" in str(response.json())
    assert Match.objects.get(pk=s.match.pk).status == before
    assert zombies(Team.objects.get(pk=s.home.pk)) == 11
