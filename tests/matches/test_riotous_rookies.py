"""Riotous Rookies through the matches app: the pre-game rolls 2D3+1 extra
journeymen for an Ogre team of 11 available players, and kick-off takes every one of
them onto the team for the game, beyond the 11 of step 3."""

from __future__ import annotations

import pytest

from tests.matches.factories import kick_off, league_match

pytestmark = pytest.mark.django_db


def test_riotous_rookies_join_the_team_at_kick_off():
    # Gnoblars count nothing in CTV (Low Cost Linemen): the Ogres are the underdog
    # with petty cash for the rookies (100,000).
    s = league_match(home_roster="ogre", home_players={"ogre-gnoblar-lineman": 11})
    match = kick_off(s, inducements={"home": {"riotous-rookies": 1}})
    step = next(x for x in match.pre_game_result["steps"] if x["step"] == "inducements")
    rookies = step["outcome"]["home"]["riotous_rookies"]
    assert 3 <= rookies["count"] <= 7
    assert rookies["count"] == sum(rookies["roll"]) + 1
    assert len(match.pre_game_result["summary"]["journeymen"]["home"]) == rookies["count"]

    journeymen = [p for p in s.players("home") if p.journeyman]
    assert len(journeymen) == rookies["count"]
    assert {p.position_slug for p in journeymen} == {"ogre-gnoblar-lineman"}
    assert len(s.players("home")) == 11 + rookies["count"]
    assert not [p for p in s.players("away") if p.journeyman]
