"""A BB2025 match finished on the match page, as a coach taps it on his phone: the
MVP nominations (league facts section 6, "MVP": each coach nominates six of his
players who played; section 13.1: all of them when fewer are eligible), step 4's
"Done with step 4" (section 8), and every refusal the post-game and confirmation
forms can meet shown on the page with its reason, the database unchanged."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from matches import selectors
from matches.forms import PostGameChoicesForm
from matches.models import Match, Report
from matches.report_forms import event_choices_of
from rules_engine.sequence import Choice
from teams.models import Player, Team
from teams.services import record_injury
from tests.matches.bb2025 import MATCHES, edition_match, kick_off_by_api, played

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def html(response: Any) -> str:
    return response.content.decode()


def reported(capture: Any, *, journeyman: bool = False, away_stalled: bool = False):
    """An Orc v Human BB2025 match played and reported 0-0 through the API, confirmed:
    its post-game waits for the MVP nominations. ``journeyman``: a Human misses the
    game, so a journeyman plays for the away team."""
    s = edition_match("bb2025", "orc", "human")
    if journeyman:
        injured = s.away.players.order_by("number").last()
        record_injury(s.away_coach, injured, "miss_next_game", source="before")
    coaches = kick_off_by_api(s)
    url = f"{MATCHES}/{s.match.pk}"
    body = {"home_touchdowns": 0, "away_touchdowns": 0, "away_stalled": away_stalled}
    with capture(execute=True):
        response = coaches["home"].post(f"{url}/report/", body, format="json")
        assert response.status_code == 201, response.json()
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    s.match.refresh_from_db()
    return s, coaches


def current(s) -> Report:
    return Report.objects.get(match=s.match, is_current=True)


def pending(s, side: str | None = None) -> list[dict[str, Any]]:
    waiting = current(s).post_game_result.get("pending", [])
    return [c for c in waiting if side is None or c["side"] == side]


def eligible(s, side: str) -> list[int]:
    (choice,) = [c for c in pending(s, side) if c["kind"] == "mvp_nominees"]
    return list(choice["options"]["players"])


def action(s, side: str) -> str:
    return reverse("match-post-game-choices", args=[s.match.pk, side])


def page(client: Client, s) -> str:
    return html(client.get(reverse("match-detail", args=[s.match.pk])))


def nominate(client: Client, s, side: str, capture: Any, ids: list[int] | None = None):
    with capture(execute=True):
        response = client.post(
            action(s, side), {f"{side}-mvp_nominees": ids or eligible(s, side)[:6]}
        )
    assert response.status_code == 302, html(response)
    return response


def test_each_coach_nominates_six_of_his_own_players_then_is_done_with_step_4(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    s, _ = reported(capture)
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    mine = page(home, s)
    assert "Step 3, the MVP" in mine
    assert "Nominate 6 players for the MVP" in mine
    assert f'action="{action(s, "home")}"' in mine and f'action="{action(s, "away")}"' not in mine
    # Only his own players who played are offered, as checkboxes.
    for player in played(s, "home"):
        assert f'name="home-mvp_nominees" value="{player.pk}"' in mine
    for player in played(s, "away"):
        assert (
            f'value="{player.pk}"'
            not in mine.split("post-game-away")[0].split("post-game-home")[-1]
        )
    assert '<button type="submit" class="big">Nominate for the MVP</button>' in mine
    assert f"Waiting for the coach of {s.away.name}" in mine

    chosen = eligible(s, "home")[:6]
    nominate(home, s, "home", capture, chosen)
    assert current(s).post_game_choices["mvp_nominees"]["home"] == chosen
    after = page(home, s)
    assert "Nominated for the MVP:" in after and "Waiting for the other coach" in after
    nominate(away, s, "away", capture)

    # Step 4: each coach says he is done (nothing to hire: no journeyman played).
    step_4 = page(home, s)
    assert '<button type="submit" class="big">Done with step 4</button>' in step_4
    assert "Step 4, hiring, firing" in step_4
    for side, client in (("home", home), ("away", away)):
        with capture(execute=True):
            assert client.post(action(s, side)).status_code == 302
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.POST_GAME
    result = current(s).post_game_result
    assert result["teams"]["home"]["mvp"] in chosen
    assert "MVP" in page(home, s)


@pytest.mark.parametrize(
    ("ticked", "message"),
    [
        (5, "Tick exactly 6 players for the MVP; you ticked 5."),
        (7, "Tick exactly 6 players for the MVP; you ticked 7."),
        (0, "Tick 6 players to nominate for the MVP."),
    ],
)
def test_a_wrong_number_of_nominees_is_refused_on_the_page(
    ticked, message, django_capture_on_commit_callbacks
):
    s, _ = reported(django_capture_on_commit_callbacks)
    before = current(s)
    response = logged_in(s.home_coach).post(
        action(s, "home"), {"home-mvp_nominees": eligible(s, "home")[:ticked]}
    )
    assert response.status_code == 400
    assert message in html(response)
    after = current(s)
    assert after.post_game_choices == before.post_game_choices
    assert after.post_game_result["pending"] == before.post_game_result["pending"]


def test_an_opponent_or_a_player_twice_is_refused_on_the_page(django_capture_on_commit_callbacks):
    s, _ = reported(django_capture_on_commit_callbacks)
    before = current(s).post_game_choices
    client = logged_in(s.home_coach)
    ids = eligible(s, "home")
    theirs = client.post(
        action(s, "home"), {"home-mvp_nominees": [*ids[:5], eligible(s, "away")[0]]}
    )
    assert theirs.status_code == 400
    assert "Tick only the players listed" in html(theirs)
    twice = client.post(action(s, "home"), {"home-mvp_nominees": [*ids[:5], ids[0]]})
    assert twice.status_code == 400 and "Tick each player once." in html(twice)
    assert current(s).post_game_choices == before


def test_an_htmx_refusal_answers_the_page_with_its_reason_not_a_bare_400(
    django_capture_on_commit_callbacks,
):
    s, _ = reported(django_capture_on_commit_callbacks)
    response = logged_in(s.home_coach).post(
        action(s, "home"), {"home-mvp_nominees": eligible(s, "home")[:2]}, **HTMX
    )
    assert response.status_code == 200  # htmx swaps only successful answers
    assert "Tick exactly 6 players for the MVP; you ticked 2." in html(response)


def test_the_other_coach_may_not_nominate_for_a_team(django_capture_on_commit_callbacks):
    s, _ = reported(django_capture_on_commit_callbacks)
    response = logged_in(s.away_coach).post(
        action(s, "home"), {"home-mvp_nominees": eligible(s, "home")[:6]}
    )
    assert response.status_code == 403
    assert f"Only the coach of {s.home.name}" in html(response)
    assert "mvp_nominees" not in current(s).post_game_choices


def test_a_decision_no_longer_waiting_says_so_on_the_page(django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    s, _ = reported(capture)
    client = logged_in(s.home_coach)
    nominate(client, s, "home", capture)
    before = current(s).post_game_choices
    again = client.post(
        action(s, "home"), {"home-mvp_nominees": eligible(s, "away")[:6]}, follow=True
    )
    assert "No post-game decision of that team is waiting." in html(again)
    assert current(s).post_game_choices == before


def test_a_journeyman_too_dear_for_the_treasury_is_refused_on_the_page(
    django_capture_on_commit_callbacks,
):
    """Step 4 (facts section 8): a journeyman who played may be hired for his value,
    paid from the Treasury; the away team, stalled, earns at most 40,000 gp, less than
    a 50,000 gp Human Lineman."""
    capture = django_capture_on_commit_callbacks
    s, _ = reported(capture, journeyman=True, away_stalled=True)
    Team.objects.filter(pk=s.away.pk).update(treasury=0)
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    nominate(home, s, "home", capture)
    nominate(away, s, "away", capture)
    kinds = {c["kind"] for c in pending(s, "away")}
    assert "hire_journeymen" in kinds, pending(s, "away")
    journeyman = Player.objects.get(team=s.away, journeyman=True)
    mine = page(away, s)
    assert f'name="away-hire_journeymen" value="{journeyman.pk}"' in mine
    before = current(s)
    treasury = Team.objects.get(pk=s.away.pk).treasury
    not_listed = away.post(action(s, "away"), {"away-hire_journeymen": [played(s, "home")[0].pk]})
    assert not_listed.status_code == 400
    assert "Choose the journeymen to hire from the list." in html(not_listed)
    dear = away.post(action(s, "away"), {"away-hire_journeymen": [journeyman.pk]})
    assert dear.status_code == 400
    assert "the Treasury holds" in html(dear) and "Done with step 4" in html(dear)
    after = current(s)
    assert after.post_game_choices == before.post_game_choices
    assert after.post_game_result["pending"] == before.post_game_result["pending"]
    assert Team.objects.get(pk=s.away.pk).treasury == treasury
    assert Player.objects.get(pk=journeyman.pk).journeyman


def test_ending_the_waiting_before_the_deadline_shows_why(django_capture_on_commit_callbacks):
    s, _ = reported(django_capture_on_commit_callbacks)
    before = current(s).post_game_choices
    response = logged_in(s.commissioner).post(reverse("match-end-post-game", args=[s.match.pk]))
    assert response.status_code == 400
    assert "The coaches have until" in html(response)
    assert current(s).post_game_choices == before


def test_the_api_refuses_bad_nominations_with_the_reason(django_capture_on_commit_callbacks):
    s, coaches = reported(django_capture_on_commit_callbacks)
    url = f"{MATCHES}/{s.match.pk}/post-game-choices/"
    home = coaches["home"]
    ids = eligible(s, "home")
    before = current(s).post_game_choices
    cases = [
        (ids[:5], "nominate exactly 6 players"),
        ([*ids[:5], eligible(s, "away")[0]], "may not be nominated by"),
        ([*ids[:5], ids[0]], "nominated more than once"),
        ([], "nominate exactly 6 players of"),
    ]
    for nominees, reason in cases:
        body = {"side": "home", "mvp_nominees": nominees}
        response = home.post(url, body, format="json")
        assert response.status_code == 400, nominees
        assert reason in " ".join(response.json()["errors"]), response.json()
        assert reason in " ".join(response.json()["fields"]["mvp_nominees"])
    assert current(s).post_game_choices == before


def test_fewer_eligible_players_than_six_are_all_nominated():
    """Facts section 13.1: fewer than six eligible, the coach nominates all of them."""
    choice = Choice("home", "mvp_nominees", "nominate", {"players": [1, 2, 3, 4], "nominees": 4})
    names = {1: "#1 A", 2: "#2 B", 3: "#3 C", 4: "#4 D"}
    form = PostGameChoicesForm([choice], names, prefix="home")
    assert form["mvp_nominees"].label == "Nominate all 4 eligible players for the MVP"
    short = PostGameChoicesForm(
        [choice], names, data={"home-mvp_nominees": [1, 2, 3]}, prefix="home"
    )
    assert not short.is_valid()
    assert short.errors["mvp_nominees"] == ["Tick exactly 4 players for the MVP; you ticked 3."]


def test_a_bb2025_page_offers_no_deflection_and_the_api_refuses_one():
    """Facts section 6: BB2025 has no deflections (only interceptions) and a thrown
    team-mate's safe landing earns SPP; the tap grid offers what the league's report
    records, derived from its report type, and the API refuses the rest."""
    s = edition_match("bb2025", "orc", "human")
    coaches = kick_off_by_api(s)
    mine = page(logged_in(s.home_coach), s)
    assert "Safe landing (thrown team-mate)" in mine
    # The thrower's SPP event sits in the same tap grid as the other SPP events.
    grid = mine.split('class="tap-grid"')[1].split("</div>")[0]
    assert "kind=superb_throw" in grid and "kind=interception" in grid
    assert "kind=deflection" not in mine and "Deflection" not in mine
    assert "deflection" not in dict(event_choices_of(selectors.match_detail(s.match.pk)))
    body = {"kind": "deflection", "player": played(s, "home")[0].pk}
    response = coaches["home"].post(f"{MATCHES}/{s.match.pk}/events/", body, format="json")
    assert response.status_code == 400
    assert "not an event this league's report records" in response.json()["fields"]["kind"][0]
    tapped = logged_in(s.home_coach).post(
        reverse("match-add-event", args=[s.match.pk]), {**body, "side": "home"}, **HTMX
    )
    assert tapped.status_code == 200 and "Choose what happened from the list." in html(tapped)
    assert not s.match.events.exists()


def test_a_bb2020_page_still_offers_the_deflection():
    s = edition_match("bb2020", "orc", "human")
    kick_off_by_api(s)
    mine = page(logged_in(s.home_coach), s)
    assert "kind=deflection" in mine and "Safe landing" not in mine


def in_play():
    s = edition_match("bb2025", "orc", "human")
    coaches = kick_off_by_api(s)
    return s, coaches


def test_a_bb2025_report_that_does_not_add_up_is_refused_on_the_page():
    s, _ = in_play()
    client = logged_in(s.home_coach)
    mine = page(client, s)
    assert f"{s.home.name}: Stalled (winnings lose the +1)" in mine
    url = reverse("match-report", args=[s.match.pk])
    response = client.post(
        url, {"home_touchdowns": 1, "away_touchdowns": 0, "conceded_at_setup_players": 12}
    )
    assert response.status_code == 400
    text = html(response)
    assert "A team sets up at most 11 players." in text
    typo = client.post(url, {"home_touchdowns": 1, "away_touchdowns": 0})
    assert typo.status_code == 400
    assert "1, but 0 touchdown events name scorers" in html(typo)
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.IN_PLAY
    assert not Report.objects.filter(match=s.match).exists()


def confirming():
    s, coaches = in_play()
    body = {"home_touchdowns": 0, "away_touchdowns": 0}
    response = coaches["home"].post(f"{MATCHES}/{s.match.pk}/report/", body, format="json")
    assert response.status_code == 201, response.json()
    return s


def test_the_submitter_may_not_confirm_his_own_report_and_is_told_why():
    s = confirming()
    response = logged_in(s.home_coach).post(reverse("match-confirm", args=[s.match.pk]))
    assert response.status_code == 403
    assert "The coach who did not submit the report confirms it" in html(response)
    assert current(s).confirmation == "awaiting"
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.CONFIRMING


def test_a_send_back_note_too_long_is_refused_on_the_page():
    s = confirming()
    response = logged_in(s.commissioner).post(
        reverse("match-send-back", args=[s.match.pk]), {"note": "x" * 301}
    )
    assert response.status_code == 400
    assert "Say why in at most 300 characters." in html(response)
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.CONFIRMING


def test_a_dispute_after_the_confirmation_says_why_on_the_next_page(
    django_capture_on_commit_callbacks,
):
    s = confirming()
    away = logged_in(s.away_coach)
    with django_capture_on_commit_callbacks(execute=True):
        assert away.post(reverse("match-confirm", args=[s.match.pk])).status_code == 302
    late = away.post(
        reverse("match-dispute", args=[s.match.pk]), {"note": "the score is wrong"}, follow=True
    )
    assert late.status_code == 200
    assert "you can dispute the report only when it is" in html(late)
    assert current(s).confirmation == "confirmed"


def test_two_mvps_of_a_conceders_opponent_are_both_named():
    """Facts section 9: the opponent of a conceding team awards a second MVP."""
    names = {1: "#1 Ulf", 2: "#2 Sven"}
    rows = dict(selectors.post_game_rows({"touchdowns": 2, "mvp": 1, "mvps": [1, 2]}, names))
    assert rows["MVPs"] == "#1 Ulf, #2 Sven"
    assert dict(selectors.post_game_rows({"mvp": 2, "mvps": [2]}, names))["MVP"] == "#2 Sven"


def test_after_the_deadline_the_commissioner_ends_the_nominations_waiting(
    django_capture_on_commit_callbacks,
):
    """A coach who never nominates: past the deadline (it runs from the nominations)
    the commissioner ends the waiting; the first eligible players are nominated."""
    capture = django_capture_on_commit_callbacks
    s, _ = reported(capture)
    report = current(s)
    assert report.hiring_deadline is not None  # the coaches' time runs from step 3
    client = logged_in(s.commissioner)
    assert "End the waiting for coaches not done" not in page(client, s)
    first = eligible(s, "home")[:6]
    Report.objects.filter(pk=report.pk).update(hiring_deadline=timezone.now())
    assert "End the waiting for coaches not done" in page(client, s)
    with capture(execute=True):
        response = client.post(reverse("match-end-post-game", args=[s.match.pk]))
    assert response.status_code == 302
    assert current(s).post_game_choices["mvp_nominees"]["home"] == first
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.POST_GAME
