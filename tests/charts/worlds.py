"""The small hand-computed worlds the chart tests (tests/charts, tests/browser) read:
the race league of ``test_race``'s docstring, and a team's four matches with their
post-game figures and a scorer's SPP set by hand (``test_team_charts``)."""

from __future__ import annotations

import datetime

from django.db import transaction
from django.utils import timezone

from leagues.models import Fixture, PointsAdjustment
from matches.models import Match, PlayerMatchStats, Report
from teams.models import LedgerReason
from teams.services._common import lock_team
from teams.services.treasury import post_to_ledger
from tests.factories import TeamFactory
from tests.leagues.factories import (
    DivisionFactory,
    FixtureFactory,
    LeagueFactory,
    PointsAdjustmentFactory,
    RoundFactory,
    SeasonFactory,
    TeamEntryFactory,
)
from tests.teams.history_helpers import History, copies, played_match

PLAYED = Fixture.Status.PLAYED


def _dated(adjustment: PointsAdjustment, day: datetime.date) -> None:
    when = timezone.make_aware(datetime.datetime.combine(day, datetime.time(12)))
    PointsAdjustment.objects.filter(pk=adjustment.pk).update(created_at=when)


def race_league(extra_rounds: int = 0):
    league = LeagueFactory(name="Race League", bonus_three_touchdowns=True)
    season = SeasonFactory(league=league)
    division = DivisionFactory(season=season, name="North")
    teams = {}
    for name in ("Ash", "Birch", "Cedar", "Dale"):
        teams[name] = TeamFactory(name=name)
        TeamEntryFactory(division=division, team=teams[name])
    rounds = [
        RoundFactory(
            season=season,
            number=n,
            deadline=datetime.date(2026, 3, 2) + datetime.timedelta(days=7 * n),
        )
        for n in range(1, 5 + extra_rounds)
    ]

    def fixture(n, home, away, score=None, **extra):
        played = {
            "status": PLAYED,
            "home_touchdowns": score and score[0],
            "away_touchdowns": score and score[1],
            "home_casualties": 0,
            "away_casualties": 0,
        }
        return FixtureFactory(
            division=division,
            round=rounds[n - 1],
            home=teams[home],
            away=teams[away],
            **(played if score else {}),
            **extra,
        )

    fixture(1, "Ash", "Birch", (3, 0))
    fixture(1, "Cedar", "Dale", (1, 1))
    fixture(2, "Ash", "Cedar", (1, 1))
    fixture(2, "Dale", "Birch", (2, 1))
    fixture(3, "Birch", "Cedar", status=Fixture.Status.UNPLAYED_DOUBLE_LOSS)
    fixture(
        3,
        "Ash",
        "Dale",
        None,
        status=Fixture.Status.FORFEIT,
        home_touchdowns=0,
        away_touchdowns=1,
        home_casualties=0,
        away_casualties=0,
        conceded_by=teams["Ash"],
    )
    fixture(4, "Ash", "Birch")
    birch = PointsAdjustmentFactory(season=season, team=teams["Birch"], points=-3)
    _dated(birch, datetime.date(2026, 3, 12))
    dale = PointsAdjustmentFactory(season=season, team=teams["Dale"], points=-1)
    _dated(dale, datetime.date(2026, 4, 10))
    return season, teams, rounds


# The home team after each match as its post-game stored it: TV, CTV, Treasury (None:
# the post-game still waits). The Treasury shown is the ledger's (``WINNINGS``).
AFTER = [
    (1_000_000, 950_000, 60_000),
    (1_040_000, 1_040_000, 110_000),
    None,
    (1_090_000, 1_010_000, 20_000),
]
# Winnings posted to the home team's ledger for the copied matches 2 and 4 (match 1
# was played through the services: 450k after the draft + 40k winnings = 490k).
WINNINGS = {1: 40_000, 3: 20_000}
SPP = [8, 2, 0, 5]


def _set_figures(matches: list[Match]) -> None:
    for match, figures in zip(matches, AFTER, strict=True):
        report = Report.objects.get(match=match, is_current=True)
        home = report.post_game_result["teams"]["home"]
        if figures is None:
            for key in ("team_value", "current_team_value", "treasury"):
                home.pop(key, None)
        else:
            home["team_value"], home["current_team_value"], home["treasury"] = figures
        report.save(update_fields=["post_game_result"])


def team_history(tag: str = "Chart") -> tuple[History, list[Match], int]:
    """Four matches of the home team with ``AFTER``'s figures; its scorer (the
    player who scored twice in the first) earned ``SPP`` in them."""
    played = played_match(tag=tag)
    copies(played, 3)
    home = played.setup.home
    matches = list(Match.objects.filter(fixture__home=home).order_by("kicked_off_at", "id"))
    _set_figures(matches)
    with transaction.atomic():
        team = lock_team(home.pk)
        for n, amount in WINNINGS.items():
            post_to_ledger(team, amount, LedgerReason.WINNINGS, "Winnings", None, matches[n].pk)
    scorer_id = PlayerMatchStats.objects.get(match=played.first, touchdowns=2).player_id
    for match, spp in zip(matches, SPP, strict=True):
        PlayerMatchStats.objects.filter(match=match, player_id=scorer_id).update(spp=spp)
    return played, matches, scorer_id
