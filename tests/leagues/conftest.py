from __future__ import annotations

import datetime

import pytest

from leagues import services
from leagues.models import Season
from tests.factories import TeamFactory, UserFactory
from tests.leagues.factories import LeagueFactory

START = datetime.date(2026, 3, 2)


@pytest.fixture
def commissioner(db):
    return UserFactory(username="commish")


@pytest.fixture
def league(commissioner):
    return LeagueFactory(name="Old World Cup", commissioners=[commissioner])


@pytest.fixture
def sign_up(league, commissioner):
    """A season in sign-up with one division."""
    return services.open_season(commissioner, league)


def admitted_season(
    commissioner, league, teams: int = 6, prefix: str = "Team", **options
) -> Season:
    """A season in sign-up with ``teams`` (named Team A, Team B...) in its one division."""
    season = services.open_season(commissioner, league, **options)
    for n in range(teams):
        services.admit_team(commissioner, season, TeamFactory(name=f"{prefix} {chr(65 + n)}"))
    return season


@pytest.fixture
def scheduled(commissioner, league):
    """A double round robin of six teams, drawn up and under way."""
    season = admitted_season(commissioner, league, 6)
    services.generate_schedule(commissioner, season, start_date=START, days_per_round=7)
    season.refresh_from_db()
    return season
