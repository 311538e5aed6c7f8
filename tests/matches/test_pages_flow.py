"""The match pages, played through by two coaches with the Django test client: the
fixture's "Play this match", the pre-game decisions answered on the page's forms,
events tapped one htmx POST at a time, the report (refused while it does not add
up, kept once however often it is sent), the post-game and closing."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from matches import selectors, services
from matches.models import Match, MatchEvent, Report
from tests.matches.factories import kick_off, league_match

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def html(response) -> str:
    return response.content.decode()


def idempotency_key(page: str) -> str:
    return re.search(r'name="idempotency_key" value="([0-9a-f]+)"', page).group(1)


@pytest.fixture
def played_in():
    """A match in play with one home touchdown tapped; the home coach logged in."""
    s = league_match()
    kick_off(s)
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    return s, logged_in(s.home_coach)


def answer_data(choice, options_page: str) -> dict[str, object]:
    """What the coach taps or types for a pre-game decision on the page."""
    prefix = f"{choice.side}-{choice.kind}"
    if choice.kind == "inducements":
        assert "to spend" in options_page
        if choice.side == "away" and f'name="{prefix}-item_bloodweiser-kegs"' in options_page:
            return {f"{prefix}-item_bloodweiser-kegs": 1}
        return {}
    if choice.kind == "journeymen_position":
        return {f"{prefix}-position": choice.options["positions"][0]}
    if choice.kind == "petty_cash":
        return {f"{prefix}-amount": 0}
    answers = [str(a) for a in choice.options["answers"]]
    return {f"{prefix}-answer": "receive" if "receive" in answers else answers[0]}


def play_pre_game(match: Match, clients: dict[str, Client]) -> list[str]:
    """Answer every pending decision as its coach would, on the page; the other coach
    sees "waiting" and no form, and is refused if he posts anyway."""
    url = reverse("match-detail", args=[match.pk])
    answered = []
    for _ in range(10):
        match.refresh_from_db()
        pending = selectors.pre_game_state(match).pending
        if not pending:
            return answered
        choice = pending[0]
        other = "away" if choice.side == "home" else "home"
        action = reverse("match-pre-game-choice", args=[match.pk, choice.side, choice.kind])
        theirs = html(clients[other].get(url))
        assert f'action="{action}"' not in theirs
        assert "Waiting for the coach of" in theirs
        mine = html(clients[choice.side].get(url))
        assert f'action="{action}"' in mine
        data = answer_data(choice, mine)
        assert clients[other].post(action, data).status_code == 403
        response = clients[choice.side].post(action, data)
        assert response.status_code == 302, html(response)
        answered.append(choice.kind)
    raise AssertionError("the pre-game kept asking")


def test_two_coaches_play_a_fixture_through_the_pages(django_capture_on_commit_callbacks):
    s = league_match(home_options={"rerolls": 3}, opened=False)
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    fixture_page = html(home.get(reverse("fixture-detail", args=[s.fixture.pk])))
    open_url = reverse("match-open", args=[s.fixture.pk])
    assert f'action="{open_url}"' in fixture_page and "Play this match" in fixture_page
    opened = home.post(open_url)
    match = Match.objects.get(fixture=s.fixture)
    url = reverse("match-detail", args=[match.pk])
    assert opened.status_code == 302 and opened.url == url
    assert home.post(open_url).url == url  # open already: straight to it
    assert "Open match" in html(home.get(reverse("fixture-detail", args=[s.fixture.pk])))

    page = html(home.get(url))
    assert f"<h1>{s.home.name} v {s.away.name} · league</h1>" in page
    assert "Start the pre-game" in page
    assert home.post(reverse("match-start-pre-game", args=[match.pk])).status_code == 302

    answered = play_pre_game(match, {"home": home, "away": away})
    assert "kick_or_receive" in answered and "inducements" in answered
    page = html(away.get(url))
    assert "Fan Factor" in page and "Weather" in page and "The pre-game, step by step" in page
    assert "Kick off: start the match" in page
    assert away.post(reverse("match-start", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY
    assert s.away.ledger_entries.filter(reason="inducement").exists() is False  # petty cash

    h, a = s.players("home"), s.players("away")
    events = reverse("match-add-event", args=[match.pk])
    picker = reverse("match-event-picker", args=[match.pk])
    # Tap "Touchdown", then the player: one POST, the live partial comes back.
    kinds = html(home.get(picker, **HTMX))
    assert "Touchdown" in kinds and "Casualty" in kinds and "<html" not in kinds
    players = html(home.get(picker, {"side": "home", "kind": "touchdown"}, **HTMX))
    assert f'name="player" value="{h[0].pk}"' in players
    assert f'value="{a[0].pk}"' not in players
    tapped = home.post(events, {"kind": "touchdown", "side": "home", "player": h[0].pk}, **HTMX)
    assert tapped.status_code == 200
    partial = html(tapped)
    assert "<html" not in partial and 'id="live"' in partial
    assert f"Recorded: Touchdown: #{h[0].number} {h[0].name}" in partial
    assert '<span id="score-home">1</span>' in partial
    # A casualty: the player, then the victim (with Block or foul), then it is posted.
    victim_step = html(
        away.get(picker, {"side": "away", "kind": "casualty", "player": a[1].pk}, **HTMX)
    )
    assert f'name="victim" value="{h[2].pk}"' in victim_step and 'value="other"' in victim_step
    tap = {"kind": "casualty", "side": "away", "player": a[1].pk, "victim": h[2].pk}
    assert away.post(events, {**tap, "by_block": "block"}, **HTMX).status_code == 200
    injury = {"kind": "injury", "side": "home", "player": h[2].pk, "outcome": "badly_hurt"}
    assert "Badly hurt" in html(home.post(events, injury, **HTMX))
    wrong = home.post(events, {"kind": "completion", "side": "home", "player": h[1].pk}, **HTMX)
    assert "Completion" in html(wrong)
    completion = MatchEvent.objects.get(match=match, kind="completion")
    removed = home.post(reverse("match-remove-event", args=[match.pk, completion.pk]), **HTMX)
    assert removed.status_code == 200 and "Event removed" in html(removed)
    assert not MatchEvent.objects.filter(pk=completion.pk).exists()
    assert MatchEvent.objects.filter(match=match, report=None).count() == 3

    # The report: 2-0 does not add up (one touchdown tapped); 1-0 does, once.
    page = html(home.get(url))
    key = idempotency_key(page)
    report_url = reverse("match-report", args=[match.pk])
    refused = home.post(
        report_url, {"home_touchdowns": 2, "away_touchdowns": 0, "idempotency_key": key}
    )
    assert refused.status_code == 400
    assert "2, but 1 touchdown event names a scorer" in html(refused)
    assert not Report.objects.filter(match=match).exists()
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "idempotency_key": key}
    with django_capture_on_commit_callbacks(execute=True):
        first = home.post(report_url, body)
        second = home.post(report_url, body)
    assert first.status_code == second.status_code == 302
    assert Report.objects.filter(match=match).count() == 1

    # The other coach confirms it on his page (the submitter has no such button).
    assert "Confirm the report" not in html(home.get(url))
    page = html(away.get(url))
    assert "waiting for confirmation" in page and "Confirm the report" in page
    with django_capture_on_commit_callbacks(execute=True):
        confirmed = away.post(reverse("match-confirm", args=[match.pk]))
    assert confirmed.status_code == 302

    page = html(away.get(url))
    assert "Post-game" in page and "Winnings" in page and "MVP" in page
    assert "Star Player Points" in page and "Done with step 4" in page
    assert "Expensive mistakes" not in page  # not before the coaches could spend
    with django_capture_on_commit_callbacks(execute=True):
        for client, side in ((home, "home"), (away, "away")):
            done = client.post(reverse("match-post-game-choices", args=[match.pk, side]))
            assert done.status_code == 302
    page = html(away.get(url))
    assert "Expensive mistakes" in page
    assert "Dedicated Fans" in page
    assert "Close the match" in page
    assert (
        'id="dice"' in page and "Post-game (report v1)" in page and "Dedicated Fans: home" in page
    )
    assert away.post(reverse("match-close", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.CLOSED
    assert "Close the match" not in html(away.get(url))

    board = html(Client().get(reverse("leaderboards-season", args=[s.season.pk])))
    assert "<h1>Leaderboards:" in board
    top = board.split('id="board-touchdowns"')[1].split("</section>")[0]
    assert h[0].name in top


def test_a_report_that_does_not_add_up_lists_every_reason_and_changes_nothing(
    played_in,
):
    s, client = played_in
    url = reverse("match-report", args=[s.match.pk])
    key = idempotency_key(html(client.get(reverse("match-detail", args=[s.match.pk]))))
    response = client.post(
        url,
        {
            "home_touchdowns": 3,
            "away_touchdowns": 2,
            "conceded_at_setup_players": 4,
            "idempotency_key": key,
        },
    )
    assert response.status_code == 400
    page = html(response)
    assert 'role="alert"' in page
    assert "3, but 1 touchdown event names a scorer" in page
    assert "2, but 0 touchdown events name scorers" in page
    assert "Players at set-up are given only for a team that conceded" in page
    s.match.refresh_from_db()
    assert s.match.status == Match.Status.IN_PLAY
    assert not Report.objects.filter(match=s.match).exists()
    assert MatchEvent.objects.filter(match=s.match, report=None).count() == 1
    # A field the form itself refuses says what to change.
    typo = html(client.post(url, {"home_touchdowns": "one", "away_touchdowns": 0}))
    assert "Touchdowns by" in typo and "as a whole number" in typo


def test_a_double_submit_with_one_key_makes_one_report(
    played_in, django_capture_on_commit_callbacks
):
    s, client = played_in
    page = html(client.get(reverse("match-detail", args=[s.match.pk])))
    key = idempotency_key(page)
    assert key != idempotency_key(html(client.get(reverse("match-detail", args=[s.match.pk]))))
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "idempotency_key": key}
    url = reverse("match-report", args=[s.match.pk])
    with django_capture_on_commit_callbacks(execute=True):
        responses = [client.post(url, body, follow=True) for _ in range(2)]
    assert [r.status_code for r in responses] == [200, 200]
    assert "The report is in" in html(responses[0])
    assert "This report was already in; nothing changed." in html(responses[1])
    assert Report.objects.filter(match=s.match).count() == 1
    # Another key for another report: refused, pointing to a correction.
    other = client.post(url, {**body, "idempotency_key": "another"}, follow=True)
    assert "already has a report" in html(other) and "correct it" in html(other)
    assert Report.objects.filter(match=s.match).count() == 1
