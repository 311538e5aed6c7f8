"""The demo league: "Old World Cup", season 1 under way.

Commissioned by the demo commissioner; one division of the six demo coaches'
teams (their first active BB2020 team, drafted here through the teams app's
``draft_team`` when the teams demo has not given them one), a double round
robin that started two weeks ago, and the first two rounds' results recorded
through ``record_result`` (which rates them: ``leagues.insight.ratings``). Every step
looks up what exists first, so loading twice changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.utils import timezone

from leagues import services
from leagues.insight.ratings import RATED_STATUSES, rebuild_league_ratings
from leagues.models import Fixture, League, Season
from rules_engine import get_ruleset
from teams.models import Team, TeamStatus
from teams.services import draft_team

LEAGUE_NAME = "Old World Cup"
RULESET = "bb2020"
# coach -> (team name, roster) for coaches the teams demo left without a team.
DEMO_TEAMS = {
    "grimnir": ("Karak Hammers", "dwarf"),
    "lothar": ("Altdorf Griffons", "human"),
    "skrit": ("Skavenblight Scramblers", "skaven"),
    "gorbag": ("Gorbag's Grinders", "orc"),
    "ariel": ("Athel Loren Avengers", "wood-elf"),
    "morg": ("Lustria Cold-Bloods", "lizardmen"),
}
# Results of rounds 1 and 2: (home touchdowns, away touchdowns, home cas, away cas).
DEMO_RESULTS = [(2, 1, 1, 0), (1, 1, 0, 2), (0, 2, 3, 1), (3, 0, 1, 1), (1, 0, 0, 0), (2, 2, 2, 1)]


def _team_for(coach: Any, log: Callable[[str], None]) -> Team:
    team = (
        Team.objects.filter(coach=coach, ruleset=RULESET, status=TeamStatus.ACTIVE)
        .order_by("id")
        .first()
    )
    if team is not None:
        return team

    name, roster_slug = DEMO_TEAMS[coach.get_username()]
    lineman = get_ruleset(RULESET).roster(roster_slug).lineman_position()
    team = draft_team(
        coach,
        name=name,
        ruleset_key=RULESET,
        roster_slug=roster_slug,
        players={lineman.slug: 11},
        rerolls=2,
    )
    log(f"Drafted {team.name} ({roster_slug}) for {coach.get_username()}")
    return team


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    commissioner = users["commissioner"]
    league = League.objects.filter(name__iexact=LEAGUE_NAME).first()
    if league is None:
        league = services.create_league(commissioner, name=LEAGUE_NAME, ruleset=RULESET)
        log(f"Created the league {league.name}")
    season = league.seasons.filter(number=1).first()
    if season is None:
        season = services.open_season(commissioner, league)
        log(f"Opened {season}")
    if season.status == Season.Status.SIGN_UP:
        entered = set(season.entries.values_list("team__coach__username", flat=True))
        for username in DEMO_TEAMS:
            if username not in entered:
                services.admit_team(commissioner, season, _team_for(users[username], log))
        start = timezone.localdate() - datetime.timedelta(days=14)
        services.generate_schedule(commissioner, season, start_date=start, days_per_round=7)
        log(f"Drew up {season}: double round robin, round 1 from {start}")
        season.refresh_from_db()
    if season.status == Season.Status.REGULAR_SEASON:
        fixtures = season.fixtures.filter(kind=Fixture.Kind.LEAGUE, round__number__lte=2)
        for fixture, (htd, atd, hcas, acas) in zip(
            fixtures.select_related("home", "away").order_by("round__number", "id"),
            DEMO_RESULTS,
            strict=False,
        ):
            if not fixture.is_open:
                continue  # recorded already (or changed on the site since): leave it
            services.record_result(
                commissioner,
                fixture,
                home_touchdowns=htd,
                away_touchdowns=atd,
                home_casualties=hcas,
                away_casualties=acas,
            )
    _fill_ratings(league, log)
    log(f"League: {league.name}, season {season.number} ({season.get_status_display()})")


def _fill_ratings(league: League, log: Callable[[str], None]) -> None:
    """Rate results recorded before the ratings were kept (an older demo database):
    every result recorded since writes its own rows."""
    results = Fixture.objects.filter(season__league=league, status__in=RATED_STATUSES).count()
    rated = league.rating_changes.values("fixture_id").distinct().count()
    if results != rated:
        log(f"Rated {rebuild_league_ratings(league)} match(es) of {league.name}")
