"""Records and hall of fame, pinned to the small league of tests/insight/league.py
(its docstring lists the six results), computed by the database in a fixed number of
queries."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from insight.records import records
from leagues import services as league_services
from leagues.models import Fixture
from tests.insight.league import build_small_league, fixture_of, play_history, record

pytestmark = pytest.mark.django_db

# Player records: a game, a season and a career board for each of three figures;
# biggest wins, unbeaten runs, champions and memorial one each; the league; the session.
PAGE_QUERIES = 16


@pytest.fixture
def small():
    return play_history(build_small_league())


def _rows(board):
    return [(row.player_id, row.value, row.games) for row in board.rows]


def _board(found, stat, scope):
    return next(b for b in found.boards if (b.stat, b.scope) == (stat, scope))


def test_player_records(small):
    found = records(small.league)
    p = {key: player.pk for key, player in small.players.items()}
    # Touchdowns in a game: R0 3 (match 1), T0 2 (match 2), then the 1s by match, player.
    assert _rows(_board(found, "touchdowns", "game")) == [
        (p["R0"], 3, 1),
        (p["T0"], 2, 1),
        (p["R1"], 1, 1),
        (p["M0"], 1, 1),
        (p["I0"], 1, 1),
    ]
    game = _board(found, "touchdowns", "game").rows[0]
    assert game.match_id == small.matches[0].pk and game.team_name == "Small Reavers"
    # One season and one game each: the season and career boards say the same.
    assert _rows(_board(found, "touchdowns", "career")) == _rows(
        _board(found, "touchdowns", "game")
    )
    assert _board(found, "touchdowns", "season").rows[0].season_number == 1
    assert _rows(_board(found, "casualties", "game")) == [(p["R2"], 2, 1), (p["T1"], 1, 1)]
    assert _rows(_board(found, "casualties", "career")) == [(p["R2"], 2, 1), (p["T1"], 1, 1)]


def test_spp_records_are_the_rule_book_s_sums(small):
    """3 per touchdown, 2 per casualty caused by a block, 4 for the MVP (the dice chose
    him; his flag is read from the match): R0's 3 touchdowns are 9 SPP, R2's two
    casualties 4, plus 4 for whichever was MVP."""
    from matches.models import PlayerMatchStats

    mvp = set(PlayerMatchStats.objects.filter(mvp=True).values_list("player_id", flat=True))
    found = _board(records(small.league), "spp", "career")
    p = {key: player.pk for key, player in small.players.items()}
    hand = {p["R0"]: 9, p["R2"]: 4, p["T0"]: 6, p["T1"]: 2, p["R1"]: 3, p["M0"]: 3, p["I0"]: 3}
    expected = {pk: hand.get(pk, 0) + (4 if pk in mvp else 0) for pk in set(hand) | mvp}
    best = sorted(expected.items(), key=lambda item: (-item[1], item[0]))[:5]
    assert [(row.player_id, row.value) for row in found.rows] == best


def test_biggest_wins_and_unbeaten_runs(small):
    found = records(small.league)
    wins = [
        (w.winner_name, w.winner_score, w.loser_score, w.loser_name) for w in found.biggest_wins
    ]
    assert wins == [
        ("Small Reavers", 4, 1, "Small Marauders"),  # margin 3, 5 touchdowns
        ("Small Tigers", 3, 0, "Small Marauders"),  # margin 3, 3 touchdowns
        ("Small Ironjaws", 2, 0, "Small Reavers"),
        ("Small Tigers", 2, 1, "Small Ironjaws"),
    ]
    assert found.biggest_wins[0].match_id == small.matches[0].pk
    assert found.biggest_wins[1].match_id is None  # recorded, not played on Dugout
    # Tigers W D W; Reavers W D then L; Ironjaws L W D; Marauders L L D.
    runs = [(r.team_name, r.games, r.ongoing) for r in found.unbeaten_runs]
    assert runs == [
        ("Small Tigers", 3, True),
        ("Small Reavers", 2, False),
        ("Small Ironjaws", 2, True),
        ("Small Marauders", 1, True),
    ]


def test_an_unplayed_fixture_breaks_a_run():
    """An unplayed fixture is a loss for both (facts §5): Tigers D, unplayed, W is two
    runs of one game, not one of two."""
    world = build_small_league("Void")
    c, s, t = world.commissioner, world.season, world.teams
    record(c, s, t["R"], t["T"], (1, 1))
    league_services.award_forfeit(c, fixture_of(s, t["M"], t["T"]), kind="unplayed")
    record(c, s, t["T"], t["I"], (2, 1))
    runs = [(r.team_name, r.games, r.ongoing) for r in records(world.league).unbeaten_runs]
    assert runs == [
        ("Void Reavers", 1, True),  # the draw, first settled (the Reavers' id is lower)
        ("Void Tigers", 1, False),  # the draw, then the double loss
        ("Void Tigers", 1, True),  # the win since
    ]


def test_the_memorial(small):
    (fallen,) = records(small.league).memorial
    assert fallen.player_id == small.players["M1"].pk
    assert fallen.team_name == "Small Marauders"
    assert fallen.match_id == small.matches[0].pk
    assert (fallen.games, fallen.touchdowns, fallen.casualties) == (1, 0, 0)


def test_a_league_s_records_are_its_own_and_all_time_has_every_league(small):
    other = build_small_league("Other")
    record(other.commissioner, other.season, other.teams["M"], other.teams["T"], (6, 0))
    mine = records(small.league)
    assert [w.margin for w in mine.biggest_wins] == [3, 3, 2, 1]
    everything = records()
    assert everything.biggest_wins[0].winner_name == "Other Marauders"
    assert everything.biggest_wins[0].league_name == "Other League"
    assert len(everything.memorial) == 1


def test_champions_by_season():
    world = build_small_league("Cup")
    c, s, t = world.commissioner, world.season, world.teams
    # Tigers 9 points, Reavers 6, Ironjaws 3, Marauders 0: seeds 1 to 4.
    for first, second in (("T", "R"), ("T", "I"), ("T", "M"), ("R", "I"), ("R", "M"), ("I", "M")):
        record(c, s, t[first], t[second], (1, 0))
    league_services.start_playoffs(c, s)
    for fixture in s.fixtures.filter(kind=Fixture.Kind.PLAYOFF).order_by("slot"):
        league_services.record_result(
            c, fixture, home_touchdowns=2, away_touchdowns=0, home_casualties=0, away_casualties=0
        )
    final = s.fixtures.get(stage=Fixture.Stage.FINAL)
    league_services.record_result(
        c, final, home_touchdowns=1, away_touchdowns=0, home_casualties=0, away_casualties=0
    )
    third = s.fixtures.get(stage=Fixture.Stage.THIRD_PLACE)
    league_services.record_result(
        c, third, home_touchdowns=1, away_touchdowns=0, home_casualties=0, away_casualties=0
    )
    (champion,) = records(world.league).champions
    assert champion.team_id == final.home_id  # the final's winner (home won 1-0)
    assert champion.season_number == 1
    assert champion.league_name == "Cup League"


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_the_page_takes_as_many_queries_whatever_the_history(client, django_assert_max_num_queries):
    world = build_small_league("Growing")
    url = reverse("league-records", args=[world.league.pk])
    before = _queries(client, url)
    play_history(world)
    other = play_history(build_small_league("More"))
    assert other.matches
    after = _queries(client, url)
    assert before == after
    with django_assert_max_num_queries(PAGE_QUERIES):
        client.get(url)
    with django_assert_max_num_queries(PAGE_QUERIES):
        client.get(reverse("records"))


def test_the_page_shows_the_records(client, small):
    page = client.get(reverse("league-records", args=[small.league.pk])).content.decode()
    assert "Records and hall of fame: Small League" in page
    row = page[page.index('id="record-touchdowns-game"') :]
    row = row[: row.index("</tr>")]
    assert "In a game" in row and small.players["R0"].name in row and ">3</td>" in row
    assert "still unbeaten" in page
    assert small.players["M1"].name in page and "In memoriam" in page
    assert "No season has crowned a champion yet." in page
    assert client.get(reverse("league-records", args=[999_999])).status_code == 404


def test_the_api_gives_the_same_records(client, small):
    body = client.get(f"/api/v1/leagues/{small.league.pk}/records/").json()
    assert body["league"] == small.league.pk
    assert [r["games"] for r in body["unbeaten_runs"]] == [3, 2, 2, 1]
    assert body["biggest_wins"][0]["winner_score"] == 4
    assert body["memorial"][0]["player_id"] == small.players["M1"].pk
    touchdowns = next(
        b for b in body["boards"] if (b["stat"], b["scope"]) == ("touchdowns", "game")
    )
    assert touchdowns["rows"][0]["value"] == 3
    assert client.get("/api/v1/leagues/999999/records/").status_code == 404
    assert client.get("/api/v1/records/").status_code == 200
