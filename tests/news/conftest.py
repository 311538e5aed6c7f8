"""A league with one finished match between two coaches' teams, written directly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from leagues.models import League
from matches.models import Match
from teams.models import Team
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import (
    DivisionFactory,
    LeagueFactory,
    SeasonFactory,
    TeamEntryFactory,
    played,
)


@dataclass
class NewsWorld:
    commissioner: Any
    home_coach: Any
    away_coach: Any
    outsider: Any
    league: League
    home: Team
    away: Team
    match: Match


@pytest.fixture
def world(db) -> NewsWorld:
    commissioner = UserFactory(username="news-commissioner")
    league = LeagueFactory(name="Old World League", commissioners=[commissioner])
    division = DivisionFactory(season=SeasonFactory(league=league))
    home_coach, away_coach = UserFactory(username="news-home"), UserFactory(username="news-away")
    home = TeamFactory(name="Reikland Reavers", coach=home_coach)
    away = TeamFactory(name="Gouged Eye", coach=away_coach, roster_slug="orc")
    for team in (home, away):
        TeamEntryFactory(division=division, team=team)
    fixture = played(home, away, (2, 1), division=division)
    match = Match.objects.create(fixture=fixture, status=Match.Status.CLOSED)
    return NewsWorld(
        commissioner=commissioner,
        home_coach=home_coach,
        away_coach=away_coach,
        outsider=UserFactory(username="news-outsider"),
        league=league,
        home=home,
        away=away,
        match=match,
    )


def api_as(user: Any) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page_as(user: Any) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client
