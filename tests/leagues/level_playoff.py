"""A small league in its play-offs with a semi-final level after extra time, built
through the services: for the authorization matrix and the fuzz tests."""

from __future__ import annotations

import datetime
from typing import Any

from leagues import services
from leagues.models import Fixture
from tests.factories import drafted_team


def level_semi_final(commissioner: Any, coach: Any, tag: str) -> Fixture:
    """A four-team BB2020 league (``coach``'s teams) whose regular season is settled,
    its play-offs drawn and its first semi-final reported 1-1 after extra time."""
    league = services.create_league(commissioner, name=f"{tag} Play-off League", ruleset="bb2020")
    season = services.open_season(commissioner, league)
    for n in (1, 2, 3, 4):
        team = drafted_team(coach, name=f"{tag} Seeds {n}")
        services.admit_team(commissioner, season, team)
    services.generate_schedule(commissioner, season, start_date=datetime.date(2026, 3, 2))
    for number, fixture in enumerate(season.fixtures.order_by("id")):
        services.record_result(
            commissioner,
            fixture,
            home_touchdowns=1 + number % 2,
            away_touchdowns=0,
            home_casualties=0,
            away_casualties=0,
        )
    semi = services.start_playoffs(commissioner, season)[0]
    return services.record_result(
        commissioner,
        semi,
        home_touchdowns=1,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
    )
