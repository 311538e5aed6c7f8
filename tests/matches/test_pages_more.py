"""The other match pages: post-game decisions, a commissioner's correction, the
journeymen's position, "my next match", the match list and the leaderboards."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from leagues.models import Season
from matches import selectors, services
from matches.models import Match, PlayerMatchStats, Report
from teams.services import record_injury
from tests.factories import UserFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    all_done,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)
from tests.matches.test_pages_flow import html, logged_in, play_pre_game

pytestmark = pytest.mark.django_db


def report(s, events, home_touchdowns, away_touchdowns, capture, *, done=True):
    for e in events:
        services.add_event(s.home_coach, s.match, **e)
    with capture(execute=True):
        submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=home_touchdowns,
            away_touchdowns=away_touchdowns,
            seed=POST_GAME_SEED,
        )
        if done:
            all_done(s)
    s.match.refresh_from_db()


@pytest.fixture
def finished(django_capture_on_commit_callbacks):
    """A match reported and applied: home won 1-0 with a touchdown by its first player."""
    s = league_match()
    kick_off(s)
    report(s, [event("touchdown", s.players("home")[0])], 1, 0, django_capture_on_commit_callbacks)
    assert s.match.status == Match.Status.POST_GAME
    return s


def test_post_game_decisions_are_the_teams_coach(django_capture_on_commit_callbacks):
    s = league_match()
    record_injury(s.away_coach, s.players("away")[-1], "miss_next_game", source="before")
    kick_off(s)
    h, a = s.players("home"), s.players("away")
    journeyman = next(p for p in a if p.journeyman)
    events = [
        event("casualty", h[3], victim=a[0].pk),
        event("injury", a[0], injury="lasting_injury", characteristic="av"),
    ]
    report(s, events, 0, 0, django_capture_on_commit_callbacks, done=False)
    assert s.match.status == Match.Status.REPORT_SUBMITTED
    url = reverse("match-detail", args=[s.match.pk])
    action = reverse("match-post-game-choices", args=[s.match.pk, "away"])
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    theirs = html(home.get(url))
    assert (
        f'action="{action}"' not in theirs and f"Waiting for the coach of {s.away.name}" in theirs
    )
    mine = html(away.get(url))
    assert f'action="{action}"' in mine
    assert f'name="away-hire_journeymen" value="{journeyman.pk}"' in mine
    assert f'name="away-retire" value="{a[0].pk}"' in mine
    choice = {"away-hire_journeymen": [journeyman.pk], "away-retire": [a[0].pk]}
    assert home.post(action, choice).status_code == 403
    bad = away.post(action, {"away-hire_journeymen": [h[0].pk]})
    assert bad.status_code == 400 and "Choose the journeymen to hire from the list." in html(bad)
    with django_capture_on_commit_callbacks(execute=True):
        assert away.post(action, choice).status_code == 302
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.REPORT_SUBMITTED  # the home coach is not done yet
    assert f"Waiting for the coach of {s.home.name}" in html(away.get(url))
    home_done = reverse("match-post-game-choices", args=[s.match.pk, "home"])
    with django_capture_on_commit_callbacks(execute=True):
        assert home.post(home_done).status_code == 302
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.POST_GAME
    page = html(away.get(url))
    assert "hired permanently" in page and "temporarily retired" in page
    assert "(lasting injury)" in page and "−AV" in page


def test_advancements_link_to_the_player_page_for_his_coach(finished):
    s = finished
    url = reverse("match-detail", args=[s.match.pk])
    summary = s.match.reports.get().post_game_result["teams"]["home"]
    eligible = summary["advancement_eligible"]
    assert eligible
    page = html(logged_in(s.home_coach).get(url))
    assert "Advancements now available" in page
    assert reverse("player-advance", args=[eligible[0]]) in page
    assert reverse("player-advance", args=[eligible[0]]) not in html(Client().get(url))


def test_a_commissioner_corrects_the_report_on_a_form(finished):
    s = finished
    url = reverse("match-correct", args=[s.match.pk])
    assert logged_in(s.home_coach).get(url).status_code == 403
    commissioner = logged_in(s.commissioner)
    page = html(commissioner.get(url))
    assert "<h1>Correct the report:" in page
    current = selectors.current_report(s.match)
    touchdown = current.events.get()
    assert f'name="keep" value="{touchdown.pk}"' in page
    h = s.players("home")
    data = {
        "home_touchdowns": 1,
        "away_touchdowns": 0,
        "note": "",
        "add-TOTAL_FORMS": 3,
        "add-INITIAL_FORMS": 0,
        "add-0-kind": "touchdown",
        "add-0-player": h[1].pk,
        "add-0-by_block": "on",
    }
    refused = commissioner.post(url, data)
    assert refused.status_code == 400
    assert "Say why the report is corrected" in html(refused)
    wrong = commissioner.post(url, {**data, "note": "Wrong man", "keep": [touchdown.pk]})
    assert wrong.status_code == 400 and "touchdown event" in html(wrong)
    assert Report.objects.filter(match=s.match).count() == 1
    done = commissioner.post(url, {**data, "note": "Wrong man"})
    assert done.status_code == 302, html(done)
    new = selectors.current_report(s.match)
    assert new.version == 2 and [e.player_id for e in new.events.all()] == [h[1].pk]
    history = html(commissioner.get(reverse("match-detail", args=[s.match.pk])))
    assert "The report and its corrections" in history and "Wrong man" in history
    assert "Version 2" in history and "replaced" in history


def test_two_lineman_lines_ask_the_journeymens_position_on_the_page():
    s = league_match(away_roster="shambling-undead")
    record_injury(s.away_coach, s.players("away")[-1], "miss_next_game", source="before")
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    assert home.post(reverse("match-start-pre-game", args=[s.match.pk])).status_code == 302
    page = html(away.get(reverse("match-detail", args=[s.match.pk])))
    assert "Zombie Lineman" in page and 'name="away-journeymen_position-position"' in page
    answered = play_pre_game(s.match, {"home": home, "away": away})
    assert answered[0] == "journeymen_position"
    s.match.refresh_from_db()
    summary = s.match.pre_game_result["summary"]
    assert summary["journeymen"]["away"] == ["shambling-undead-skeleton-lineman"]


def test_my_next_match(client, finished):
    s = finished
    assert client.get(reverse("match-next")).status_code == 302  # log in first
    nobody = logged_in(UserFactory())
    page = html(nobody.get(reverse("match-next")))
    assert "<h1>My next match</h1>" in page and "no match to play" in page
    assert reverse("match-next") in page  # the nav link
    coach = html(logged_in(s.home_coach).get(reverse("match-next")))
    assert reverse("match-detail", args=[s.match.pk]) in coach and "Go to the match" in coach
    waiting = league_match(opened=False)
    fresh = html(logged_in(waiting.home_coach).get(reverse("match-next")))
    assert "Play this match" in fresh
    assert reverse("match-open", args=[waiting.fixture.pk]) in fresh


def test_opening_a_fixture_that_is_not_playable_says_why():
    s = league_match(opened=False)
    Season.objects.filter(pk=s.season.pk).update(status=Season.Status.SIGN_UP)
    url = reverse("match-open", args=[s.fixture.pk])
    assert logged_in(UserFactory()).post(url).status_code == 403
    refused = logged_in(s.home_coach).post(url)
    assert refused.status_code == 400 and "<h1>Play " in html(refused)
    assert "is in sign-up" in html(refused)
    assert not Match.objects.filter(fixture=s.fixture).exists()


def test_match_list_filters(client, finished):
    other = league_match(tag="other")
    page = html(client.get(reverse("match-list")))
    assert "<h1>Matches</h1>" in page
    assert finished.match.label in page and other.match.label in page
    by_status = html(client.get(reverse("match-list"), {"status": "post_game"}))
    assert finished.match.label in by_status and other.match.label not in by_status
    by_team = html(client.get(reverse("match-list"), {"team": other.home.pk}))
    assert other.match.label in by_team and finished.match.label not in by_team
    wrong = html(client.get(reverse("match-list"), {"status": "lost"}))
    assert "Choose a status from the list." in wrong


def test_leaderboards_show_the_top_scorer(client, finished):
    s = finished
    scorer = s.players("home")[0]
    assert PlayerMatchStats.objects.filter(player=scorer, touchdowns=1).exists()
    for url in (reverse("leaderboards"), reverse("leaderboards-season", args=[s.season.pk])):
        page = html(client.get(url))
        assert "<h1>Leaderboards:" in page
        top = page.split('id="board-touchdowns"')[1].split("</section>")[0]
        assert scorer.name in top and reverse("player-detail", args=[scorer.pk]) in top
        for title in ("Casualties caused", "Completions", "Interceptions", "Star Player Points"):
            assert title in page
        assert "Most Valuable Player awards" in page
    league = html(client.get(reverse("league-home", args=[s.season.league_id])))
    assert reverse("leaderboards-season", args=[s.season.pk]) in league
    empty = league_match(tag="empty")
    nobody = html(client.get(reverse("leaderboards-season", args=[empty.season.pk])))
    assert "Nobody yet" in nobody
    assert client.get(reverse("leaderboards-season", args=[999_999])).status_code == 404
