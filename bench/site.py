"""The bench's data: a database of its own, seasons of a given size, drafted teams.

Everything here is set-up, never timed. Seasons are built with ``bulk_create`` (the
results written straight in, then the maintained standings rows filled once, as a
restore does); the teams whose pages and matches are timed are drafted and admitted
through the services, as on the site.
"""

from __future__ import annotations

import datetime
import os
import random
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from bench.statistics import refresh_statistics

FEATURED_PLAYERS = {"human-lineman": 11, "human-blitzer": 2, "human-catcher": 2}


@contextmanager
def fresh_database() -> Iterator[str]:
    """A database of the configured kind made for the bench (migrated) and dropped
    after, so the bench commits without touching anyone's rows: SQLite in a temporary
    file, PostgreSQL a database of its own on the server of DATABASE_URL."""
    settings = connection.settings_dict
    name = f"dugout_bench_{os.getpid()}"
    # create_test_db returns the new database's name: keep the configured one (and its
    # TEST block) to put back afterwards.
    old_name, old_test = settings["NAME"], dict(settings.get("TEST") or {})
    with tempfile.TemporaryDirectory() as folder:
        if connection.vendor == "sqlite":
            name = os.path.join(folder, f"{name}.sqlite3")
        settings.setdefault("TEST", {})["NAME"] = name
        connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
        try:
            yield connection.vendor
        finally:
            connection.creation.destroy_test_db(old_name, verbosity=0)
            settings["TEST"] = old_test


def stamp(prefix: str) -> str:
    """A unique prefix for the names a bench gives its rows."""
    return f"bench-{prefix}-{time.time_ns()}"


def draft(coach: Any, name: str, players: dict[str, int] | None = None) -> Any:
    """A Human team drafted through the service (eleven Linemen unless told)."""
    from teams.services import draft_team

    return draft_team(
        coach,
        name=name,
        ruleset_key="bb2020",
        roster_slug="human",
        players=players or {"human-lineman": 11},
        rerolls=2,
        apothecary=True,
    )


@dataclass(frozen=True)
class SeasonSite:
    """A season of ``teams`` teams and ``played`` results, and one of its teams
    (drafted through the services, 15 players) with its coach."""

    season: Any
    team: Any
    coach: Any
    teams: int
    played: int


def build_season(teams: int, played: int, divisions: int, seed: int = 2020) -> SeasonSite:
    """One season of ``teams`` teams in ``divisions`` divisions with ``played`` results
    among them, the featured team (drafted, 15 players) one of them."""
    from leagues.models import Division, Fixture, League, Season, TeamEntry
    from leagues.services.standings_sync import refresh_season_totals
    from teams.models import Team

    rng = random.Random(seed)
    users = get_user_model()
    name = stamp(f"season-{teams}")
    coaches = users.objects.bulk_create(users(username=f"{name}-coach-{n}") for n in range(10))
    featured_coach = users.objects.create_user(f"{name}-featured-coach")
    featured = draft(featured_coach, f"Reavers {name[-8:]}", FEATURED_PLAYERS)
    league = League.objects.create(name=f"{name} league", ruleset="bb2020")
    season = Season.objects.create(league=league, number=1, status=Season.Status.REGULAR_SEASON)
    division_rows = Division.objects.bulk_create(
        Division(season=season, name=f"Division {n + 1}") for n in range(divisions)
    )
    others = Team.objects.bulk_create(
        Team(
            name=f"{name} team {n}",
            coach=coaches[n % len(coaches)],
            ruleset="bb2020",
            roster_slug="human",
        )
        for n in range(teams - 1)
    )
    members: dict[int, list[Any]] = {d.pk: [] for d in division_rows}
    entries = []
    for n, team in enumerate([featured, *others]):
        division = division_rows[n % divisions]
        members[division.pk].append(team)
        entries.append(TeamEntry(season=season, division=division, team=team))
    TeamEntry.objects.bulk_create(entries)
    now = timezone.now()
    rows = []
    for n in range(played):
        division = division_rows[n % divisions]
        home, away = rng.sample(members[division.pk], 2)
        rows.append(
            Fixture(
                season=season,
                division=division,
                kind=Fixture.Kind.LEAGUE,
                home=home,
                away=away,
                status=Fixture.Status.PLAYED,
                home_touchdowns=rng.randint(0, 4),
                away_touchdowns=rng.randint(0, 4),
                home_casualties=rng.randint(0, 4),
                away_casualties=rng.randint(0, 4),
                played_at=now,
            )
        )
    Fixture.objects.bulk_create(rows, batch_size=2000)
    refresh_season_totals(season)
    refresh_statistics()  # PostgreSQL: as autovacuum keeps a live site's
    season = Season.objects.select_related("league").get(pk=season.pk)
    return SeasonSite(season, featured, featured_coach, teams, played)


@dataclass(frozen=True)
class League:
    """A league of drafted teams with its double round robin drawn up: its season,
    fixtures in round order, and each coach's and the commissioner's API token."""

    season: Any
    fixtures: list[Any]
    tokens: dict[int, str]  # user id -> API token
    commissioner_token: str


def build_league(teams: int) -> League:
    """A league of ``teams`` drafted teams, set up through the services."""
    from rest_framework.authtoken.models import Token

    from leagues import services as league_services
    from leagues.models import Fixture

    users = get_user_model()
    name = stamp("league")
    commissioner = users.objects.create_user(f"{name}-commissioner")
    league = league_services.create_league(commissioner, name=f"{name} league", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    tokens = {}
    for n in range(teams):
        coach = users.objects.create_user(f"{name}-coach-{n}")
        league_services.admit_team(commissioner, season, draft(coach, f"{name} team {n}"))
        tokens[coach.pk] = Token.objects.create(user=coach).key
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    fixtures = list(
        Fixture.objects.filter(season=season)
        .select_related("home", "away", "round")
        .order_by("round__number", "id")
    )
    refresh_statistics()
    return League(season, fixtures, tokens, Token.objects.create(user=commissioner).key)


def matches_in_play(name: str, count: int) -> list[dict[str, Any]]:
    """``count`` matches kicked off through the services, each between two drafted
    teams of their own, in a season of their own league; their report paths, the
    home coaches' API tokens and a report to POST."""
    from rest_framework.authtoken.models import Token

    from leagues import services as league_services
    from leagues.models import Fixture
    from matches import selectors as match_selectors
    from matches import services as match_services

    users = get_user_model()
    commissioner = users.objects.create_user(f"{name}-reports-commissioner")
    league = league_services.create_league(
        commissioner, name=f"Bench reports {name}", ruleset="bb2020"
    )
    season = league_services.open_season(commissioner, league)
    teams = []
    for n in range(2 * count):
        coach = users.objects.create_user(f"{name}-reports-coach-{n}")
        team = draft(coach, f"Bench reports {name[-8:]} {n}")
        league_services.admit_team(commissioner, season, team)
        teams.append(team)
    league_services.generate_schedule(
        commissioner, season, start_date=datetime.date(2026, 3, 2), days_per_round=7
    )
    out = []
    for n in range(count):
        home, away = teams[2 * n], teams[2 * n + 1]
        fixture = Fixture.objects.filter(season=season, home=home, away=away).first()
        if fixture is None:
            fixture = Fixture.objects.filter(season=season, home=away, away=home).first()
            home, away = away, home
        coaches = {"home": home.coach, "away": away.coach}
        match = match_services.open_match(coaches["home"], fixture)
        match = match_services.start_pre_game(coaches["home"], match, seed=n)
        while match.pre_game_result["pending"]:
            choice = match.pre_game_result["pending"][0]
            match = match_services.submit_pre_game_choice(
                coaches[choice["side"]], match, kind=choice["kind"], answer=answer(choice)
            )
        match = match_services.start_match(coaches["home"], match)
        scorer = match_selectors.players_who_played(match, "home").last()
        token = Token.objects.create(user=coaches["home"]).key
        report = {
            "home_touchdowns": 1,
            "away_touchdowns": 0,
            "events": [{"kind": "touchdown", "player": scorer.pk}],
        }
        out.append({"path": f"/api/v1/matches/{match.pk}/report/", "token": token, "body": report})
    return out


def answer(choice: dict[str, Any]) -> Any:
    """A coach's answer to a pre-game decision: receive, no inducements, the first
    journeyman position offered."""
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "inducements":
        return {}
    return (choice.get("options", {}).get("positions") or [None])[0]
