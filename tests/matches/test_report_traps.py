"""A casualty caused needs its victim's result (the Casualty table's) before the report
is submitted: the victim's coach is asked on the live page and through the API, and the
report is refused, naming the player and the event, until it is recorded. A ruleset
with no Casualty table (Blitz Bowl) asks for none."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from matches import services
from matches.errors import ReportError
from matches.models import Match, MatchEvent, Report
from matches.services.validation import CasualtyResultMissing
from rules_engine import get_ruleset
from tests.matches.bb2025 import edition_match, kick_off_by_api
from tests.matches.factories import event, kick_off, league_match
from tests.matches.test_confirmation import client_for
from tests.matches.test_pages_flow import HTMX, html, idempotency_key, logged_in
from tests.rulesets.factories import kicked_off

pytestmark = pytest.mark.django_db
API = "/api/v1/matches"


def in_play() -> Any:
    s = league_match()
    kick_off(s)
    return s


def shirt(player: Any) -> str:
    return f"#{player.number} {player.name}"


# --- 1. a casualty caused needs its result --------------------------------------------


def test_a_casualty_without_its_result_refuses_the_report_and_says_which():
    s = in_play()
    h, a = s.players("home"), s.players("away")
    services.add_event(s.home_coach, s.match, kind="touchdown", player=h[0])
    services.add_event(s.home_coach, s.match, kind="casualty", player=h[3], victim=a[2])
    with pytest.raises(CasualtyResultMissing) as refused:
        services.submit_report(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    [message] = refused.value.messages
    assert message.startswith(f"Event 2 (casualty by {shirt(h[3])} on {shirt(a[2])}): ")
    assert f"{shirt(a[2])} of {s.away.name} has no casualty result yet" in message
    assert f"{s.away.name}'s coach records it" in message
    # Nothing changed: still in play, no report, the events still the draft.
    match = Match.objects.get(pk=s.match.pk)
    assert match.status == Match.Status.IN_PLAY and not Report.objects.filter(match=match)
    assert MatchEvent.objects.filter(match=match, report=None).count() == 2

    # The victim's coach records the result: the same report goes in.
    services.add_event(s.away_coach, s.match, kind="injury", player=a[2], injury="badly_hurt")
    submission = services.submit_report(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    assert submission.created and submission.report.events.count() == 3


def test_a_missing_result_is_listed_with_every_other_reason():
    s = in_play()
    h, a = s.players("home"), s.players("away")
    events = [event("casualty", h[1], victim=a[0].pk), event("casualty", a[1], victim=h[2].pk)]
    with pytest.raises(ReportError) as refused:
        services.submit_report(
            s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0, events=events
        )
    messages = refused.value.messages
    assert not isinstance(refused.value, CasualtyResultMissing)  # not the only reason
    assert any("1, but 0 touchdown events name scorers" in m for m in messages)
    assert any(m.startswith(f"Event 1 (casualty by {shirt(h[1])}") for m in messages)
    assert any(
        m.startswith(f"Event 2 (casualty by {shirt(a[1])} on {shirt(h[2])})")
        and f"{s.home.name}'s coach records it" in m
        for m in messages
    )


def test_the_api_asks_the_victims_coach_and_refuses_the_report_with_field_messages():
    s = in_play()
    h, a = s.players("home"), s.players("away")
    home, away = client_for(s.home_coach), client_for(s.away_coach)
    url = f"{API}/{s.match.pk}"
    cas = away.post(
        f"{url}/events/", {"kind": "casualty", "player": a[1].pk, "victim": h[4].pk}, format="json"
    )
    assert cas.status_code == 201

    # The victim's coach is asked; the causer's coach sees whom it waits for.
    [asked] = home.get(f"{url}/casualty-results/").json()
    assert asked == {
        "event": cas.json()["id"],
        "caused_by": a[1].pk,
        "victim": h[4].pk,
        "victim_name": shirt(h[4]),
        "side": "home",
        "team": s.home.name,
        "text": f"Casualty caused: {shirt(a[1])} on {shirt(h[4])}",
        "yours": True,
    }
    [theirs] = away.get(f"{url}/casualty-results/").json()
    assert theirs["yours"] is False and theirs["event"] == cas.json()["id"]

    refused = away.post(f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0})
    assert refused.status_code == 400
    [message] = refused.json()["fields"]["events"]
    assert f"casualty by {shirt(a[1])} on {shirt(h[4])}" in message
    assert f"{shirt(h[4])} of {s.home.name} has no casualty result yet" in message
    assert not Report.objects.filter(match=s.match).exists()

    # The victim's coach records it.
    result = {"kind": "injury", "player": h[4].pk, "injury": "seriously_hurt"}
    assert home.post(f"{url}/events/", result, format="json").status_code == 201
    assert home.get(f"{url}/casualty-results/").json() == []
    submitted = away.post(f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0})
    assert submitted.status_code == 201, submitted.json()


def test_the_live_page_asks_the_victims_coach_and_the_report_form_says_what_is_missing():
    s = in_play()
    h, a = s.players("home"), s.players("away")
    page_url = reverse("match-detail", args=[s.match.pk])
    home, away = logged_in(s.home_coach), logged_in(s.away_coach)
    tap = {"kind": "casualty", "side": "home", "player": h[1].pk, "victim": a[3].pk}
    tapped = html(home.post(reverse("match-add-event", args=[s.match.pk]), tap, **HTMX))
    # Whoever taps the casualty sees at once whose result it waits for.
    assert "Casualty results still to record" in tapped
    assert f"Waiting for {s.away.name}'s coach to record the result of {shirt(a[3])}" in tapped

    # The victim's coach: the prompt, with the way to record it, and his turn.
    theirs = html(away.get(page_url))
    assert "Casualty results still to record" in theirs
    assert f"Your turn: record the casualty result of {shirt(a[3])}" in theirs
    query = f"side=away&amp;kind=injury&amp;player={a[3].pk}"
    assert f"Record the result of {shirt(a[3])}" in theirs and query in theirs
    picker = html(
        away.get(
            reverse("match-event-picker", args=[s.match.pk]),
            {"side": "away", "kind": "injury", "player": a[3].pk},
            **HTMX,
        )
    )
    assert f"Injury to {shirt(a[3])}: what result?" in picker
    # The causer's coach: no way to record it, whom it waits for.
    mine = html(home.get(page_url))
    assert f"Record the result of {shirt(a[3])}" not in mine
    assert f"waiting for {s.away.name}&#x27;s coach to record the casualty result" in mine

    # The live poll carries the prompt too (out of band), for a page already open.
    sync = html(away.get(reverse("match-sync", args=[s.match.pk])))
    assert 'id="casualty-results"' in sync and f"Record the result of {shirt(a[3])}" in sync

    # Submitting now is refused on the form, naming the player and the event.
    body = {"home_touchdowns": 0, "away_touchdowns": 0, "idempotency_key": idempotency_key(mine)}
    refused = home.post(reverse("match-report", args=[s.match.pk]), body)
    assert refused.status_code == 400
    assert f"Event 1 (casualty by {shirt(h[1])} on {shirt(a[3])}): {shirt(a[3])} of" in html(
        refused
    )
    assert not Report.objects.filter(match=s.match).exists()

    # Recorded by the victim's coach: the prompt is gone on both pages, the report goes in.
    injury = {"kind": "injury", "side": "away", "player": a[3].pk, "outcome": "badly_hurt"}
    recorded = html(away.post(reverse("match-add-event", args=[s.match.pk]), injury, **HTMX))
    assert "Casualty results still to record" not in recorded
    assert "Casualty results still to record" not in html(
        home.get(reverse("match-sync", args=[s.match.pk]))
    )
    page = html(home.get(page_url))
    assert "In play: each coach taps his team&#x27;s events" in page
    body["idempotency_key"] = idempotency_key(page)
    assert home.post(reverse("match-report", args=[s.match.pk]), body).status_code == 302
    assert Report.objects.filter(match=s.match, is_current=True).count() == 1


def _in_play(ruleset: str) -> tuple[Match, Any, dict[str, list[Any]], Any]:
    """A match of a ``ruleset`` league in play: it, who submits, each side's players who
    played, and the victim's coach."""
    if ruleset == "bb2020":
        s = in_play()
        players = {side: s.players(side) for side in ("home", "away")}
        return s.match, s.home_coach, players, s.away_coach
    if ruleset == "bb2025":
        s = edition_match("bb2025", "human", "orc")
        kick_off_by_api(s)
        s.match.refresh_from_db()
        players = {side: s.players(side) for side in ("home", "away")}
        return s.match, s.home_coach, players, s.away_coach
    game = kicked_off(ruleset)
    players = {side: game.players(side) for side in ("home", "away")}
    return game.match, game.commissioner, players, game.away.coach


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025", "classic", "blitz_bowl"])
def test_each_ruleset_asks_for_a_result_where_it_has_a_casualty_table(ruleset):
    has_table = "casualty" in get_ruleset(ruleset).table_names()
    assert has_table == (ruleset != "blitz_bowl")  # Blitz Bowl rolls no casualty
    match, submitter, players, victims_coach = _in_play(ruleset)
    causer, victim = players["home"][0], players["away"][0]
    services.add_event(submitter, match, kind="casualty", player=causer, victim=victim)
    page = html(logged_in(victims_coach).get(reverse("match-detail", args=[match.pk])))
    assert ("Casualty results still to record" in page) == has_table
    api = client_for(victims_coach).get(f"{API}/{match.pk}/casualty-results/").json()
    assert [c["victim"] for c in api] == ([victim.pk] if has_table else [])
    if has_table:
        with pytest.raises(CasualtyResultMissing):
            services.submit_report(submitter, match, home_touchdowns=0, away_touchdowns=0)
        services.add_event(
            victims_coach, match, kind="injury", player=victim, injury="seriously_hurt"
        )
    submission = services.submit_report(submitter, match, home_touchdowns=0, away_touchdowns=0)
    assert submission.created
