"""Both coaches confirm the result: one submits the report, the other confirms it or
disputes it with a note; a dispute goes to the commissioner, who confirms it, sends it
back, or settles it with the report he finds right (``settle_dispute``, one step);
after ``CONFIRM_DEADLINE`` the commissioner may confirm on the opponent's behalf. The
post-game starts on confirmation, never on submission: an unconfirmed report changes
no team and is not owed a post-game (``owed_post_games`` reads
``post_game_complete``/``results_ready``, which only the post-game run sets).

A coach may keep the report's score and extras as a draft while the match is in play
(``save_report_draft``); the events are a draft already (``MatchEvent.report`` empty).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError
from matches.models import Confirmation, Match, MatchEvent, Report
from matches.selectors.state import MatchState, state_of
from matches.services.access import require_commissioner, require_play, require_status, user_of
from matches.services.audit import log_match
from matches.services.locking import (
    AFTER_KICK_OFF,
    KICK_OFF_TEXT,
    lock_match,
    lock_with_report,
    teams_read,
)
from matches.services.postgame.sequence import (
    RUN_FIELDS,
    current_report,
    run_post_game,
    settle_status,
)
from matches.services.report.rows import (
    WITH_EVENTS,
    checked_report,
    events_of,
    payload_of,
    replace_report,
    replacing_payload,
    report_payload,
)
from matches.services.validation import normalize_event
from rules_engine.wording import say

# How long the opponent has to confirm or dispute before the commissioner may confirm
# for him: two days, so a coach who forgot does not hold the league's round.
CONFIRM_DEADLINE = timedelta(days=2)
MAX_NOTE_LENGTH = 500
# A commissioner's word to the coaches on a report he sends back or settles.
MAX_DECISION_NOTE_LENGTH = 300
# The report's fields its events count (a touchdown event each): a report sent back
# leaves them out of the draft, so the report form starts from the events' tally as the
# coaches put the events right, not from the score in dispute.
TALLIED_FIELDS = ("home_touchdowns", "away_touchdowns")


class NoteError(MatchError):
    """A dispute without a note (or one too long): the ``note`` field's error."""

    field = "note"


def needs_confirmation(actor: Actor, match: Match) -> bool:
    """Whether someone other than the submitter can confirm: a coach who submits for
    both teams (he coaches both) has no opponent to ask."""
    fixture = match.fixture
    coaches = {fixture.home.coach_id, fixture.away.coach_id}
    return bool(coaches - {getattr(actor, "pk", None)})


def await_confirmation(match: Match, report: Report) -> None:
    """A report just submitted: the match waits for the opponent (the caller saves)."""
    match.status = Match.Status.CONFIRMING
    match.report_draft = {}
    report.confirmation = Confirmation.AWAITING
    report.confirm_deadline = timezone.now() + CONFIRM_DEADLINE


# The report's fields ``begin_post_game`` sets.
BEGIN_FIELDS = ("confirmation", "confirmed_by", "confirmed_at", *RUN_FIELDS)


def begin_post_game(match: Match, report: Report, actor: Actor) -> None:
    """The report is confirmed: the post-game runs to its first coach decision, or
    completes and is queued for applying (after the commit). The caller saves (the
    report's ``BEGIN_FIELDS``); it read the match with its teams in this transaction."""
    report.confirmation = Confirmation.CONFIRMED
    report.confirmed_by = user_of(actor)
    report.confirmed_at = timezone.now()
    run_post_game(match, report, {}, teams=teams_read(match))
    settle_status(match, report)


def _may_confirm(state: MatchState) -> None:
    """The opponent confirms; a commissioner once the report is disputed or its
    deadline has passed (``MatchState.can_confirm``)."""
    if state.can_confirm:
        return
    deadline = state.report.confirm_deadline if state.report is not None else None
    if state.commissioner and deadline is not None:
        raise MatchError(
            _(
                "The opponent has until %(deadline)s to confirm or dispute the report; a "
                "commissioner may confirm it after that."
            )
            % {"deadline": f"{timezone.localtime(deadline):%d %b %Y %H:%M}"}
        )
    raise PermissionDenied(
        _(
            "The coach who did not submit the report confirms it (or, after a dispute or the "
            "deadline, a commissioner of the league)."
        )
    )


def confirm_report(actor: Actor, match: Match) -> Report:
    """The opponent confirms the submitted report (or withdraws his dispute by
    confirming it); a commissioner confirms a disputed report, or any report once
    ``Report.confirm_deadline`` has passed. The post-game begins."""
    with transaction.atomic():
        match, read = lock_with_report(
            match, annotate=WITH_EVENTS, defer=AFTER_KICK_OFF, texts=KICK_OFF_TEXT
        )
        require_play(actor, match)
        require_status(match, Match.Status.CONFIRMING, doing=_("confirm the report"))
        report = current_report(match, read)
        state = state_of(match, report, actor)
        _may_confirm(state)
        on_behalf = not state.is_opponent
        begin_post_game(match, report, actor)
        report.save(update_fields=BEGIN_FIELDS)
        match.save(update_fields=["status", "updated_at"])
        log_match(
            actor,
            "match.confirm",
            say("report v{version} confirmed by the commissioner.", version=report.version)
            if on_behalf
            else say("report v{version} confirmed by the opponent.", version=report.version),
            match,
            report=report.pk,
            on_behalf=on_behalf,
        )
        return report


def dispute_report(actor: Actor, match: Match, *, note: str) -> Report:
    """The opponent disputes the submitted report, saying why (``note``): the
    commissioner decides (confirm it, or send it back to be submitted again)."""
    note = (note or "").strip()
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.CONFIRMING, doing=_("dispute the report"))
        report = current_report(match)
        if not state_of(match, report, actor).is_opponent:
            raise PermissionDenied(_("Only the coach who did not submit the report disputes it."))
        if report.confirmation == Confirmation.DISPUTED:
            raise MatchError(_("The report is already disputed: the commissioner decides."))
        if not note:
            raise NoteError(_("Say what is wrong with the report, for the commissioner."))
        if len(note) > MAX_NOTE_LENGTH:
            raise NoteError(
                _("A note is at most %(most)s characters long.") % {"most": MAX_NOTE_LENGTH}
            )
        report.confirmation = Confirmation.DISPUTED
        report.disputed_by = user_of(actor)
        report.dispute_note = note
        report.save(update_fields=["confirmation", "disputed_by", "dispute_note"])
        match.save(update_fields=["updated_at"])
        log_match(
            actor,
            "match.dispute",
            say("report disputed: {note}", note=note),
            match,
            report=report.pk,
        )
        return report


def send_back_report(actor: Actor, match: Match, *, note: str = "") -> Match:
    """The commissioner sends a submitted report back: the match is in play again, its
    events a draft and its score the report's draft, to be corrected and submitted
    again (and confirmed again). The report sent back stays as history."""
    with transaction.atomic():
        match = lock_match(match)
        require_commissioner(actor, match)
        require_status(match, Match.Status.CONFIRMING, doing=_("send the report back"))
        report = current_report(match)
        MatchEvent.objects.filter(report=report).update(report=None)
        report.is_current = False
        report.replaced_at = timezone.now()
        # Its key may be sent again for the report submitted anew.
        report.idempotency_key = ""
        said = (note or "").strip()[:MAX_DECISION_NOTE_LENGTH]
        report.note = said or Report.SENT_BACK
        report.save(update_fields=["is_current", "replaced_at", "idempotency_key", "note"])
        match.status = Match.Status.IN_PLAY
        match.report_draft = {
            name: value for name, value in payload_of(report).items() if name not in TALLIED_FIELDS
        }
        match.save(update_fields=["status", "report_draft", "updated_at"])
        log_match(
            actor,
            "match.send_back",
            say(
                "report v{version} sent back: {note}",
                version=report.version,
                # The commissioner's words as he wrote them, else the site's sentence.
                note=said or say("Sent back by the commissioner."),
            ),
            match,
            report=report.pk,
        )
        return match


def settle_dispute(
    actor: Actor,
    match: Match,
    *,
    home_touchdowns: int,
    away_touchdowns: int,
    conceded_by: str | None = "",
    conceded_at_setup_players: int | None = None,
    events: Sequence[Mapping[str, Any]] | None = None,
    note: str = "",
    **points: Any,
) -> Report:
    """The commissioner settles a disputed report with the report he finds right, in
    one step: it replaces the disputed one as the next version, confirmed by him, and
    the post-game begins as after any confirmation.

    The arguments are a whole report as ``submit_report`` takes it; without ``events``
    the disputed report's events are kept; ``points`` (a game scored in points, an
    edition's extra fields) not given are the disputed report's. ``note`` says why, for
    the coaches. The report is checked as a submitted one (its events agree with the
    score, each casualty has its result); every reason comes at once and nothing
    changes. The disputed report stays in the history."""
    note = (note or "").strip()
    with transaction.atomic():
        match, read = lock_with_report(
            match, annotate=WITH_EVENTS, defer=AFTER_KICK_OFF, texts=KICK_OFF_TEXT
        )
        require_commissioner(actor, match)
        require_status(match, Match.Status.CONFIRMING, doing=_("settle a dispute"))
        old = current_report(match, read)
        _require_settleable(old, note)
        payload = replacing_payload(
            old, home_touchdowns, away_touchdowns, conceded_by, conceded_at_setup_players, points
        )
        given = None if events is None else [normalize_event(e) for e in events]
        new_events = given if given is not None else events_of(old)
        checked_report(
            match, payload, new_events, agree_with_fixture=True, with_casualty_results=True
        )
        new = replace_report(match, actor, old, payload, new_events, note)
        begin_post_game(match, new, actor)
        new.save(update_fields=BEGIN_FIELDS)
        match.save(update_fields=["status", "updated_at"])
        home, away = payload["home_touchdowns"], payload["away_touchdowns"]
        log_match(
            actor,
            "match.settle",
            say(
                "dispute settled: report v{version}, {home}-{away}, confirmed by the "
                "commissioner in place of v{old_version} ({old_home}-{old_away}): {note}",
                version=new.version,
                home=home,
                away=away,
                old_version=old.version,
                old_home=old.home_touchdowns,
                old_away=old.away_touchdowns,
                note=note,
            ),
            match,
            report=new.pk,
            before={"report": old.pk, "score": [old.home_touchdowns, old.away_touchdowns]},
            after={"report": new.pk, "score": [home, away]},
        )
        return new


def _require_settleable(report: Report, note: str) -> None:
    if report.confirmation != Confirmation.DISPUTED:
        raise MatchError(
            _(
                "Only a disputed report is settled with a corrected one; this one waits for "
                "the opponent's confirmation (after its deadline a commissioner may confirm it)."
            )
        )
    if not note:
        raise NoteError(_("Say why the report is settled this way; the coaches will read it."))
    if len(note) > MAX_DECISION_NOTE_LENGTH:
        raise NoteError(
            _("A note is at most %(most)s characters long.") % {"most": MAX_DECISION_NOTE_LENGTH}
        )


def save_report_draft(actor: Actor, match: Match, **fields: Any) -> Match:
    """Keep the report's score and extras (``submit_report``'s fields) as a draft while
    the match is in play; the report form starts from it."""
    try:
        draft = report_payload(**_with_score(fields))
    except TypeError as error:
        raise MatchError(str(error)) from None
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.IN_PLAY, doing=_("save the report as a draft"))
        match.report_draft = {k: v for k, v in draft.items() if v not in (None, "")}
        match.save(update_fields=["report_draft", "updated_at"])
        return match


def _with_score(fields: Mapping[str, Any]) -> dict[str, Any]:
    given = dict(fields)
    given.setdefault("home_touchdowns", None)
    given.setdefault("away_touchdowns", None)
    return given
