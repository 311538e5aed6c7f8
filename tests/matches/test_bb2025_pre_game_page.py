"""The BB2025 pre-game on the match page (shared/rules/bb2025-league-facts.md section 4:
five steps, no Prayers step, no free prayers; section 5: the prayers a team buys, one D16
each): the page shows the prayers bought with their D16 results, never a free prayer."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse

from matches.models import DiceRoll, Match
from tests.matches.bb2025 import MATCHES, client_for, edition_match
from tests.test_bb2025_league import pre_game_answer

pytestmark = pytest.mark.django_db

# Home 620,000 against away 490,000: the away team is 130,000 behind.
HOME = {"human-blitzer": 2, "human-lineman": 9}


def play_pre_game(s: Any, orders: dict[str, Any]) -> Match:
    coaches = {"home": client_for(s.home_coach), "away": client_for(s.away_coach)}
    url = f"{MATCHES}/{s.match.pk}"
    state = coaches["away"].post(f"{url}/start-pre-game/").json()
    while state["pending"]:
        choice = state["pending"][0]
        answer = pre_game_answer(choice)
        if choice["kind"] == "inducements":
            answer = orders.get(choice["side"], {})
        body = {"kind": choice["kind"], "answer": answer}
        response = coaches[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json")
        assert response.status_code == 200, response.json()
        state = response.json()
    return Match.objects.get(pk=s.match.pk)


def test_the_underdog_rolls_no_free_prayer() -> None:
    s = edition_match("bb2025", "human", "human", home_players=HOME)
    match = play_pre_game(s, {})
    steps = [step["step"] for step in match.pre_game_result["steps"]]
    assert steps == ["fans", "weather", "journeymen", "inducements", "kicking_team"]
    assert not DiceRoll.objects.filter(match=match, die="d16").exists()
    assert match.pre_game_result["summary"]["prayers"] == {"home": [], "away": []}


def test_the_page_shows_the_prayers_bought_with_their_d16(client) -> None:
    s = edition_match("bb2025", "human", "human", home_players=HOME)
    match = play_pre_game(s, {"away": {"prayers-to-nuffle": 2}})
    rolls = match.pre_game_result["summary"]["prayer_rolls"]["away"]
    assert len(rolls) == 2 and match.pre_game_result["summary"]["prayer_rolls"]["home"] == []
    purposes = DiceRoll.objects.filter(match=match, die="d16").values_list("purpose", flat=True)
    assert list(purposes) == ["Prayers to Nuffle (away)"] * len(purposes)
    client.force_login(s.home_coach)
    page = client.get(reverse("match-detail", args=[match.pk])).content.decode()
    team = s.away.name
    first, second = rolls
    assert (
        f"{team}: 2 Prayers to Nuffle bought, rolled on the D16: "
        f"{first['roll']} {first['name']}; {second['roll']} {second['name']}"
    ) in page
    assert f"{first['name']} (D16 {first['roll']})" in page  # the match sheet's row
    assert "prayer(s)" not in page
    assert not re.search(r"underdog by|free prayer", page, re.IGNORECASE)
