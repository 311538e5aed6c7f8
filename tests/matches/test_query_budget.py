"""Recording a whole match through the services costs a bounded number of queries,
whatever the roster size (issue 15): open it, the pre-game with every decision
answered, kick-off, the events one tap at a time, the report, the opponent's
confirmation, both coaches done with the post-game's hiring step, its application,
closing it. Counted as the season bench counts them: every statement Django sends,
the SAVEPOINT and RELEASE of each service's transaction included (the test's own
transaction holds them)."""

from __future__ import annotations

from typing import Any

import pytest

from leagues import selectors as league_selectors
from matches import services
from matches.models import Match, PlayerMatchStats
from tests.matches.factories import POST_GAME_SEED, PRE_GAME_SEED, Setup, league_match

pytestmark = pytest.mark.django_db

# Every statement of one match (18 service calls, 6 events): 334 before issue 15. About 20
# of them are the league's recording of the result (standings, ratings) and 36 the
# SAVEPOINT and RELEASE around each service call.
MATCH_QUERY_BUDGET = 173


def _answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    return {}


def play(s: Setup) -> Match:
    """One fixture from opening its match to closing it, as two coaches do."""
    coach = {"home": s.home_coach, "away": s.away_coach}
    match = services.open_match(s.home_coach, s.fixture)
    match = services.start_pre_game(s.home_coach, match, seed=PRE_GAME_SEED)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = services.submit_pre_game_choice(
            coach[choice["side"]], match, kind=choice["kind"], answer=_answer(choice)
        )
    match = services.start_match(s.away_coach, match)
    home, away = s.players("home"), s.players("away")
    for kind, player, extra in (
        ("touchdown", home[-1], {}),
        ("touchdown", away[-1], {}),
        ("completion", home[0], {}),
        ("casualty", home[1], {"victim": away[0]}),
        ("injury", away[0], {"injury": "badly_hurt"}),
        ("interception", away[1], {}),
    ):
        services.add_event(s.home_coach, match, kind=kind, player=player, **extra)
    report = services.submit_report(
        s.home_coach, match, home_touchdowns=1, away_touchdowns=1, seed=POST_GAME_SEED
    ).report
    services.confirm_report(s.away_coach, match)
    report.refresh_from_db()
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        services.submit_post_game_choices(coach[side], match, side=side)
    services.apply_post_game(match.pk, report.pk)
    return services.close_match(s.home_coach, match)


@pytest.mark.parametrize("players", [11, 16])
def test_a_whole_match_stays_within_its_query_budget(players, django_assert_max_num_queries):
    s = league_match(
        opened=False,
        home_players={"human-lineman": players},
        away_players={"human-lineman": players},
    )
    with django_assert_max_num_queries(MATCH_QUERY_BUDGET):
        match = play(s)
    assert match.status == Match.Status.CLOSED
    # What the coaches see afterwards: a 1-1 draw in the standings, every player's line.
    rows = {r.team_id: r for r in league_selectors.overall_standings(s.season)}
    assert (rows[s.home.pk].drawn, rows[s.away.pk].drawn) == (1, 1)
    assert PlayerMatchStats.objects.filter(match=match).count() == 2 * players
