"""The evening's data, on the database of DATABASE_URL (PostgreSQL, reached directly,
not through PgBouncer): run by run.py as a child process, one subcommand at a time.

- ``build --leagues N``: a small site when S1's generator (``python -m bench.sitegen``)
  is not there: N leagues of eight drafted teams each, their double round robins drawn
  up (bench/site.py's ``build_league``, through the services), and a few rounds of
  results written in so the standings, fixtures and team pages have something to show.
- ``plan --out FILE``: what the load's users need, read from whatever site is there:
  seasons, teams and players to read; coaches' session cookies and API tokens; the
  fixtures still to play (both teams with eleven players fit to play, no match
  begun) with each side's players; the commissioners' tokens. The users never read
  the database themselves.
- ``after --since ISO --out FILE``: once the load stopped, for the reports confirmed
  since then, the lag from each confirmation to its post-game applied (the first
  application's ``applied_at`` minus ``confirmed_at``), and the confirmed reports
  whose post-game was never applied (after waiting up to ``--grace`` seconds for the
  workers to catch up).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import sys
import time
from typing import Any

import django

PLAYERS_NEEDED = 11
PLAN_PLAYERS = 400  # player pages the visitors pick from
PLAN_TEAMS = 2_000  # team pages the visitors pick from
PLAN_COACHES = 300  # coaches signed in on the evening
PLAN_MATCHES = 4_000  # fixtures the evening may play, at most


def build(leagues: int, teams: int, played_rounds: int) -> None:
    """``leagues`` leagues of ``teams`` drafted teams (bench/site.py), the first
    ``played_rounds`` rounds' results written in through the bulk path the bench's
    seasons use, then the maintained standings rows refreshed once."""
    from django.core.management import call_command
    from django.utils import timezone

    call_command("migrate", verbosity=0, interactive=False)
    from bench import site
    from leagues.models import Fixture
    from leagues.services.standings_sync import refresh_season_totals

    rng = random.Random(2020)
    for n in range(leagues):
        league = site.build_league(teams)
        played = [f for f in league.fixtures if f.round.number <= played_rounds]
        for fixture in played:
            fixture.status = Fixture.Status.PLAYED
            fixture.home_touchdowns = rng.randint(0, 3)
            fixture.away_touchdowns = rng.randint(0, 3)
            fixture.home_casualties = rng.randint(0, 3)
            fixture.away_casualties = rng.randint(0, 3)
            fixture.played_at = timezone.now()
        fields = [
            "status",
            "home_touchdowns",
            "away_touchdowns",
            "home_casualties",
            "away_casualties",
            "played_at",
        ]
        Fixture.objects.bulk_update(played, fields)
        refresh_season_totals(league.season)
        print(f"   league {n + 1} of {leagues} built", flush=True)


def session_cookie(user: Any) -> str:
    """A signed-in session for ``user``, as logging in makes one (Django's test client
    writes it to the session store the site reads)."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def token(user: Any) -> str:
    from rest_framework.authtoken.models import Token

    return Token.objects.get_or_create(user=user)[0].key


def fit_players(team_ids: list[int]) -> dict[int, list[int]]:
    """Each team's players fit to play the next match (by number)."""
    from teams.models import Player

    fit: dict[int, list[int]] = {t: [] for t in team_ids}
    rows = (
        Player.objects.filter(
            team_id__in=team_ids,
            status=Player.Status.ACTIVE,
            miss_next_game=False,
            temporarily_retired=False,
            journeyman=False,
        )
        .order_by("team_id", "number", "id")
        .values_list("team_id", "id")
    )
    for team_id, player_id in rows:
        fit[team_id].append(player_id)
    return fit


def plan(out: str, seed: int, matches: int) -> None:
    """The users' plan (the module's docstring), written as JSON to ``out``."""
    from django.db.models import Exists, OuterRef

    from leagues.models import Fixture, League, Season, TeamEntry
    from matches.models import Match
    from teams.models import Player

    seasons = list(
        Season.objects.exclude(status=Season.Status.SIGN_UP)
        .order_by("league_id", "number")
        .values("id", "league_id", "league__ruleset")
    )
    current = {s["league_id"]: s for s in seasons}  # each league's latest season
    season_of_team = dict(
        TeamEntry.objects.filter(season_id__in=[s["id"] for s in current.values()]).values_list(
            "team_id", "season_id"
        )
    )
    team_ids = sorted(season_of_team)
    # What visitors read: the same teams and players at every step, as on one evening
    # (run.py reads each page once before the first step, as a site up all day has them
    # in its cache already).
    reading = random.Random(seed)
    read_teams = reading.sample(team_ids, min(len(team_ids), PLAN_TEAMS))
    active = Player.objects.filter(team_id__in=team_ids, status=Player.Status.ACTIVE)
    all_players = list(active.order_by("id").values_list("id", flat=True))
    player_ids = reading.sample(all_players, min(len(all_players), PLAN_PLAYERS))
    # The fixtures still to play, in round order, in leagues the flow below knows how
    # to play (a BB2020 pre-game: kick or receive, inducements, journeymen).
    begun = Match.objects.filter(fixture=OuterRef("pk"))
    # Teams still in a match (a run stopped half-way through one) sit this one out.
    unclosed = Match.objects.exclude(status=Match.Status.CLOSED)
    busy = set(unclosed.values_list("fixture__home_id", flat=True))
    busy |= set(unclosed.values_list("fixture__away_id", flat=True))
    open_fixtures = list(
        Fixture.objects.filter(
            season_id__in=[s["id"] for s in current.values() if s["league__ruleset"] == "bb2020"],
            status=Fixture.Status.SCHEDULED,
            kind=Fixture.Kind.LEAGUE,
        )
        .exclude(Exists(begun))  # an anti-join: NOT IN over 300,000 matches is slow
        .select_related("home__coach", "away__coach", "season__league", "round")
        .order_by("round__number", "id")[: matches * 4]
    )
    fit = fit_players([t for f in open_fixtures for t in (f.home_id, f.away_id)])
    sessions: dict[int, str] = {}
    tokens: dict[int, str] = {}

    def side(team: Any) -> dict[str, Any]:
        coach = team.coach
        if coach.pk not in sessions:
            sessions[coach.pk], tokens[coach.pk] = session_cookie(coach), token(coach)
        return {
            "team": team.pk,
            "coach": coach.pk,
            "session": sessions[coach.pk],
            "token": tokens[coach.pk],
            "players": fit[team.pk],
        }

    playable = []
    for fixture in open_fixtures:
        if len(playable) >= matches:
            break
        pair = (fixture.home_id, fixture.away_id)
        if not busy & set(pair) and all(len(fit[t]) >= PLAYERS_NEEDED for t in pair):
            playable.append(
                {
                    "fixture": fixture.pk,
                    "league": fixture.season.league_id,
                    "round": fixture.round.number if fixture.round else 0,
                    "home": side(fixture.home),
                    "away": side(fixture.away),
                }
            )
    # Coaches browsing: those of the teams in play first (their phones are out), then
    # others of the site's current seasons.
    from teams.models import Team

    browsing = []
    teams = Team.objects.filter(pk__in=team_ids).select_related("coach").order_by("?")
    for team in teams[:PLAN_COACHES]:
        browsing.append(
            {
                "session": sessions.get(team.coach_id) or session_cookie(team.coach),
                "team": team.pk,
                "season": season_of_team[team.pk],
            }
        )
    commissioners = {}
    commissioner_session = None
    for league in League.objects.filter(pk__in=list(current)).order_by("pk"):
        first = league.commissioners.order_by("pk").first()
        if first is not None:
            commissioners[str(league.pk)] = token(first)
            commissioner_session = commissioner_session or session_cookie(first)
    document = {
        "seasons": [s["id"] for s in current.values()],
        "leagues": list(current),
        "teams": read_teams,
        "players": player_ids,
        "coaches": browsing,
        "matches": playable,
        "commissioners": commissioners,
        "commissioner_session": commissioner_session,
    }
    with open(out, "w") as handle:
        json.dump(document, handle)
    print(
        f"   plan: {len(current)} leagues, {len(team_ids)} teams, {len(player_ids)} players "
        f"to read, {len(browsing)} coaches signed in, {len(playable)} fixtures to play",
        flush=True,
    )


def after(since: str, out: str, grace: float) -> None:
    """The post-game lag and the lost post-games of the reports confirmed since
    ``since`` (the module's docstring)."""
    from django.db.models import Min

    from matches.models import Report

    started = datetime.datetime.fromisoformat(since)
    confirmed = Report.objects.filter(
        confirmed_at__gte=started, confirmation=Report.Confirmation.CONFIRMED, version=1
    )
    deadline = time.monotonic() + grace
    while True:
        rows = list(
            confirmed.annotate(first_applied=Min("applications__applied_at")).values(
                "id", "match_id", "confirmed_at", "first_applied"
            )
        )
        lost = [r for r in rows if r["first_applied"] is None]
        if not lost or time.monotonic() >= deadline:
            break
        time.sleep(0.5)
    lags = [
        (r["first_applied"] - r["confirmed_at"]).total_seconds()
        for r in rows
        if r["first_applied"] is not None
    ]
    with open(out, "w") as handle:
        json.dump(
            {
                "confirmed": len(rows),
                "lags": sorted(lags),
                "lost": [r["match_id"] for r in lost],
            },
            handle,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.evening.site")
    commands = parser.add_subparsers(dest="command", required=True)
    built = commands.add_parser("build")
    built.add_argument("--leagues", type=int, required=True)
    built.add_argument("--teams", type=int, default=8)
    built.add_argument("--played-rounds", type=int, default=4)
    planned = commands.add_parser("plan")
    planned.add_argument("--out", required=True)
    planned.add_argument("--seed", type=int, default=2020)
    planned.add_argument("--matches", type=int, default=PLAN_MATCHES)
    checked = commands.add_parser("after")
    checked.add_argument("--since", required=True)
    checked.add_argument("--out", required=True)
    checked.add_argument("--grace", type=float, default=30.0)
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    if args.command == "build":
        build(args.leagues, args.teams, args.played_rounds)
    elif args.command == "plan":
        plan(args.out, args.seed, args.matches)
    else:
        after(args.since, args.out, args.grace)
    return 0


if __name__ == "__main__":
    sys.exit(main())
