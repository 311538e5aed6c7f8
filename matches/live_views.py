"""Live match day: both coaches (and anyone watching) see the other side's pre-game
choices, events, score and "waiting for..." change within two seconds, without
reloading.

Why htmx polling of small fragments with an ETag, not server-sent events: a poll is
an ordinary short request, so it works the same under several gunicorn workers
(any worker answers, the database is the one truth) and under the embedded default
(runserver, no Redis); SSE would hold a worker per watcher and need Redis pub/sub to
reach the workers that did not make the change. A poll is cheap: ``selectors.match_stamp`` is
one query (the match row, its draft events' count and last id, its current report's
confirmation, its applications), and an unchanged stamp is a 304 with no body
(the browser revalidates with ``If-None-Match``; ``Cache-Control: no-cache``).
At league scale (two coaches and a few watchers per match, a poll a second) that
is a handful of indexed reads per second.

What is polled is read-only: the score, the events list and the "waiting for" line
(swapped out of band), never a form, so a coach's typing is never wiped. When the
page's shape changed (the pre-game moved on, the match kicked off, the report was
submitted or confirmed: ``page_key``), the response says so (``HX-Trigger:
match-moved``) and ``match_live.js`` reloads the page, unless the coach is typing in
a form, when it offers a Refresh button instead.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from matches import selectors
from matches.models import Confirmation, EventKind, Match, MatchEvent
from matches.selectors.state import MatchState, match_state
from matches.services.sequence_json import shown
from matches.services.validation import (
    casualties_without_result,
    casualty_results_owed,
    event_from_row,
)

# The page asks every second: the other coach's tap shows within two.
POLL_SECONDS = 1
SIDES = ("home", "away")


def _digest(*parts: Any) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:20]


def page_key(stamp: dict[str, Any]) -> str:
    """The page's shape: everything but the draft events (those are swapped in place)."""
    keep = ("status", "updated_at", "report_id", "confirmation", "applied")
    return _digest(*(stamp[k] for k in keep))


def sync_url(match: Match) -> str:
    stamp = selectors.match_stamp(match.pk) or {}
    return reverse("match-sync", args=[match.pk]) + f"?page={page_key(stamp) if stamp else ''}"


def event_rows(state: MatchState, events: list[MatchEvent]) -> list[dict[str, Any]]:
    """The draft events as the page lists them; ``removable`` for the user's own sides."""
    teams, play = state.team_names, state.can_play
    sides = state.answerable if play else ()
    return [
        {
            "event": e,
            "text": selectors.event_text(e, teams),
            "team": teams.get(e.side, ""),
            "removable": play and (not e.side or e.side in sides),
        }
        for e in events
    ]


def casualty_results(
    state: MatchState, events: list[MatchEvent] | None = None
) -> list[dict[str, Any]]:
    """The casualties of the draft report (``events``, read when not given) whose victim
    has no result yet, where the league's ruleset has a Casualty table: each with the
    victim's side and team, whether the user records it (``yours``: the victim's
    coach, or a commissioner) and the tap picker's question that records it."""
    if state.step != Match.Status.IN_PLAY or not casualty_results_owed(state.match):
        return []
    if events is None:
        events = list(selectors.draft_events(state.match))
    teams = state.team_names
    missing = []
    for index in casualties_without_result([event_from_row(e) for e in events]):
        event = events[index]
        side = "away" if event.side == "home" else "home"
        victim = event.victim
        assert victim is not None, "a casualty names its victim"
        missing.append(
            {
                "event": event,
                "text": selectors.event_text(event, teams),
                "victim": f"#{victim.number} {victim.name}",
                "side": side,
                "team": teams[side],
                "yours": state.can_play and state.may_answer_for(side),
                "query": urlencode({"side": side, "kind": EventKind.INJURY, "player": victim.pk}),
            }
        )
    return missing


def _coaches(teams: Iterable[str], joiner: str = "and") -> str:
    """ "X's coach", or "X's coach and Y's coach" ("or" with ``joiner="or"``)."""
    each = [_("%(team)s's coach") % {"team": team} for team in teams]
    if len(each) < 2:
        return "".join(each)
    if joiner == "or":
        return _("%(first)s or %(second)s") % {"first": each[0], "second": ", ".join(each[1:])}
    return _("%(first)s and %(second)s") % {"first": each[0], "second": ", ".join(each[1:])}


def _casualty_line(missing: list[dict[str, Any]]) -> str:
    mine = [c["victim"] for c in missing if c["yours"]]
    if mine:
        return _(
            "Your turn: record the casualty result of %(players)s before the report is submitted."
        ) % {"players": ", ".join(dict.fromkeys(mine))}
    who = _coaches(dict.fromkeys(c["team"] for c in missing))
    hurt = ", ".join(dict.fromkeys(c["victim"] for c in missing))
    return _("In play: waiting for %(coaches)s to record the casualty result of %(players)s.") % {
        "coaches": who,
        "players": hurt,
    }


def _pending_line(pending: list[dict], state: MatchState) -> str:
    mine = [c for c in pending if state.may_answer_for(c["side"])]
    if mine:
        return _("Your turn: %(decision)s") % {"decision": shown(mine[0], "prompt")}
    sides = dict.fromkeys(c["side"] for c in pending)
    teams = state.team_names
    return _("Waiting for %(coaches)s.") % {"coaches": _coaches(teams[s] for s in sides)}


def waiting_for(state: MatchState, missing_results: list[dict[str, Any]] | None = None) -> str:
    """One line: what the match waits for, said to the user ("Your turn: ...");
    ``missing_results``: the match's ``casualty_results``, read when not given."""
    match, report, status = state.match, state.report, state.step
    if status == Match.Status.SCHEDULED:
        return _("Waiting for the coaches to start the pre-game.")
    if status == Match.Status.PRE_GAME:
        pending = (match.pre_game_result or {}).get("pending", [])
        if pending:
            return _pending_line(pending, state)
        return _("The pre-game is done: waiting for the kick-off.")
    if status == Match.Status.IN_PLAY:
        missing = casualty_results(state) if missing_results is None else missing_results
        if missing:
            return _casualty_line(missing)
        return _("In play: each coach taps his team's events; one submits the report at the end.")
    if status == Match.Status.CONFIRMING and report is not None:
        return confirmation_line(state)
    if status == Match.Status.REPORT_SUBMITTED and report is not None:
        pending = (report.post_game_result or {}).get("pending", [])
        if pending:
            return _pending_line(pending, state)
    if status == Match.Status.POST_GAME:
        return _("The post-game is complete: a coach closes the match.")
    return _("%(status)s.") % {"status": match.get_status_display()}


def confirmation_line(state: MatchState) -> str:
    report, teams = state.report, state.team_names
    assert report is not None, "a match waiting for confirmation has a report"
    if report.confirmation == Confirmation.DISPUTED:
        return _("Disputed: waiting for the commissioner (%(note)s)") % {
            "note": report.dispute_note
        }
    if state.is_opponent:
        return _("The report is in: confirm it or dispute it.")
    submitter = report.submitted_by_id
    sides = [s for s in SIDES if state.teams[s].coach_id != submitter]
    who = _coaches((teams[s] for s in sides), joiner="or") or _("the commissioner")
    return _("Waiting for %(coaches)s to confirm the report.") % {"coaches": who}


@require_GET
def live_sync(request: HttpRequest, pk: int) -> HttpResponse:
    """The poll: 304 while nothing changed; else the read-only fragments, out of band."""
    stamp = selectors.match_stamp(pk)
    if stamp is None:
        raise Http404(_("No such match."))
    page = request.GET.get("page", "")
    etag = f'"{_digest(stamp, getattr(request.user, "pk", None), page, get_language())}"'
    headers = {
        "ETag": etag,
        "Cache-Control": "private, no-cache",
        "Vary": "Cookie, Accept-Language",
    }
    if etag in request.headers.get("If-None-Match", ""):
        unchanged = HttpResponseNotModified()
        for name, value in headers.items():
            unchanged[name] = value
        return unchanged
    state = match_state(pk, request.user)
    context: dict[str, Any] = {"match": state.match, "teams": state.team_names}
    missing: list[dict[str, Any]] = []
    if state.step == Match.Status.IN_PLAY:
        events = list(selectors.draft_events(state.match))
        context["events"] = event_rows(state, events)
        context["score"] = selectors.running_score(events)
        missing = casualty_results(state, events)
        context["casualty_results"] = missing
    context["waiting"] = waiting_for(state, missing)
    response = render(request, "matches/_live_sync.html", context)
    for name, value in headers.items():
        response[name] = value
    if page != page_key(stamp):
        response["HX-Trigger"] = "match-moved"
    return response
