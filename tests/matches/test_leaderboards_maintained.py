"""The leaderboards' maintained per-player totals always equal the full
aggregate over the match statistics.

Random matches go through the services as coaches and commissioners play them: a
report with random touchdowns, completions, interceptions and casualties, its
post-game applied, then corrected (the old post-game reverted, the new one applied)
once or twice. After every step each leaderboard, of the season and of all seasons,
equals what summing every ``PlayerMatchStats`` row gives (the query the boards
would run without the totals), row for row and in the same order; and the totals rows equal the
aggregate per season, player and team.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models import Count, F, Q, Sum
from django.test import TestCase
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches import services
from matches.models import PlayerMatchStats, PlayerSeasonTotals
from matches.selectors import LEADERBOARD_STATS, leaderboards
from matches.totals import SUMMED, rebuild_season
from tests.matches.factories import POST_GAME_SEED, event, kick_off, league_match

pytestmark = pytest.mark.django_db

LIMIT = 100


def aggregate_board(season: Any, stat: str) -> list[dict[str, Any]]:
    """The board summed over every statistics row."""
    rows = PlayerMatchStats.objects.all()
    if season is not None:
        rows = rows.filter(season=season)
    total = Count("id", filter=Q(mvp=True)) if stat == "mvp" else Sum(stat)
    board = (
        rows.values("player_id", "team_id")
        .annotate(
            player_name=F("player__name"),
            player_number=F("player__number"),
            position_slug=F("player__position_slug"),
            team_name=F("team__name"),
            total=total,
            games=Count("id"),
        )
        .filter(total__gt=0)
        .order_by("-total", "games", "player_name", "player_id")
    )
    return [dict(row) for row in board[:LIMIT]]


def aggregate_totals() -> set[tuple]:
    rows = PlayerMatchStats.objects.values("season_id", "player_id", "team_id").annotate(
        **{f"sum_{name}": Sum(name) for name in SUMMED},
        awards=Count("id", filter=Q(mvp=True)),
        matches=Count("id"),
    )
    return {
        (
            r["season_id"],
            r["player_id"],
            r["team_id"],
            *(r[f"sum_{name}"] for name in SUMMED),
            r["awards"],
            r["matches"],
        )
        for r in rows
    }


def maintained_totals() -> set[tuple]:
    return set(
        PlayerSeasonTotals.objects.values_list(
            "season_id", "player_id", "team_id", *SUMMED, "mvp", "games"
        )
    )


def assert_maintained(season: Any) -> None:
    assert maintained_totals() == aggregate_totals()
    for stat in LEADERBOARD_STATS:
        for scope in (season, None):
            assert leaderboards(scope, stat, LIMIT) == aggregate_board(scope, stat), stat


# A report: for each side, which players (by index) score, complete and intercept.
plays = st.lists(st.integers(0, 10), max_size=3)
side_report = st.fixed_dictionaries(
    {"touchdowns": plays, "completions": plays, "interceptions": plays}
)
report = st.fixed_dictionaries({"home": side_report, "away": side_report})


def _body(setup: Any, drawn: dict[str, Any]) -> dict[str, Any]:
    events = []
    score = {}
    for side in ("home", "away"):
        players = setup.players(side)
        for kind in ("touchdowns", "completions", "interceptions"):
            for index in drawn[side][kind]:
                events.append(event(kind.removesuffix("s"), players[index % len(players)]))
        score[f"{side}_touchdowns"] = len(drawn[side]["touchdowns"])
    return {**score, "events": events}


def _post_game(setup: Any) -> None:
    report = setup.match.reports.get(is_current=True)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        coach = setup.home_coach if side == "home" else setup.away_coach
        services.submit_post_game_choices(coach, setup.match, side=side)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(first=report, corrections=st.lists(report, max_size=2))
def test_maintained_leaderboards_equal_the_full_aggregate(first, corrections):
    setup = league_match()
    kick_off(setup)
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.submit_report(
            setup.home_coach, setup.match, seed=POST_GAME_SEED, **_body(setup, first)
        )
        setup.match.refresh_from_db()
        services.confirm_report(setup.away_coach, setup.match)
        _post_game(setup)
    setup.match.refresh_from_db()
    assert PlayerMatchStats.objects.filter(match=setup.match).exists()
    assert_maintained(setup.season)
    services.close_match(setup.home_coach, setup.match)
    for n, corrected in enumerate(corrections):
        with TestCase.captureOnCommitCallbacks(execute=True):
            services.correct_report(
                setup.commissioner, setup.match, note=f"Correction {n}", **_body(setup, corrected)
            )
            _post_game(setup)
        assert_maintained(setup.season)


def test_a_season_rebuilt_from_scratch_equals_the_maintained_rows(
    django_capture_on_commit_callbacks,
):
    setup = league_match()
    kick_off(setup)
    home = setup.players("home")
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_report(
            setup.home_coach,
            setup.match,
            seed=POST_GAME_SEED,
            home_touchdowns=2,
            away_touchdowns=0,
            events=[event("touchdown", home[0]), event("touchdown", home[0])],
        )
        setup.match.refresh_from_db()
        services.confirm_report(setup.away_coach, setup.match)
        _post_game(setup)
    kept = maintained_totals()
    PlayerSeasonTotals.objects.filter(season=setup.season).update(touchdowns=0)
    rebuild_season(setup.season.pk)
    assert maintained_totals() == kept == aggregate_totals()
    top = leaderboards(setup.season, "touchdowns")[0]
    assert (top["player_id"], top["total"], top["games"]) == (home[0].pk, 2, 1)
