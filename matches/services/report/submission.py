"""Submitting the match report, exactly once per match.

The match row is locked first, so two submissions take turns; a report row is
also unique per (match, idempotency key) and only one row per match may be
current. A second submission with the same key and the same body gets the first
report back;
any other second submission is a ``ReportConflict`` (HTTP 409): a submitted
report changes only through a commissioner's correction.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F, JSONField, Subquery
from django.db.models.functions import JSONObject
from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError, ReportConflict
from matches.models import Match, MatchEvent, Report
from matches.services.access import require_play
from matches.services.audit import log_match
from matches.services.dice import new_seed
from matches.services.locking import AFTER_KICK_OFF, KICK_OFF_TEXT, lock_match, read_fixture
from matches.services.pregame.sequence import check_fixture_playable
from matches.services.report.confirmation import (
    BEGIN_FIELDS,
    await_confirmation,
    begin_post_game,
    needs_confirmation,
)
from matches.services.report.rows import (
    JSONRows,
    attach_events,
    body_hash,
    checked_report,
    conflict,
    new_report,
    report_payload,
)
from matches.services.validation import ROW_COLUMNS, normalize_event
from rules_engine.wording import Wording, say

MAX_KEY_LENGTH = 100


@dataclass(frozen=True)
class Submission:
    """The report a submission stands for; ``created`` False for an idempotent replay."""

    report: Report
    created: bool


def submit_report(
    actor: Actor,
    match: Match,
    *,
    home_touchdowns: int,
    away_touchdowns: int,
    conceded_by: str | None = "",
    conceded_at_setup_players: int | None = None,
    events: list[Mapping[str, Any]] | None = None,
    idempotency_key: str | None = None,
    seed: int | None = None,
    **points: Any,
) -> Submission:
    """Submit the report of a match in play, for the opponent to confirm.

    ``home_touchdowns``/``away_touchdowns`` are scored on the pitch (a
    concession's award is the engine's to work out); ``conceded_by`` names the
    side that conceded and ``conceded_at_setup_players`` how many players it
    could set up if it conceded before a set-up. ``points`` are the
    ``POINTS_FIELDS`` of a game scored in points (Blitz Bowl):
    ``home_challenge_cards``/``away_challenge_cards`` (each card's points),
    ``home_clean_sweeps``, ``home_bonus_play_points`` (and away),
    ``sudden_death_winner`` ("home"/"away") and ``endgame_reached``; a league
    scored in touchdowns refuses them. ``events`` (dicts as
    ``add_event`` takes them) replace the draft; without them the draft
    events are the report's. Every reason a report does not add up comes at
    once (ReportError) and nothing is saved.

    The same ``idempotency_key`` with the same body returns the first report
    (``created`` False); a match already reported raises ReportConflict. On
    success the match waits for the opponent's confirmation
    (``matches.services.report.confirmation``); the post-game starts when he confirms (at
    once only where no one else coaches either team).
    ``seed`` (tests, demo) fixes the post-game dice; the API never passes it.
    """
    payload = report_payload(
        home_touchdowns, away_touchdowns, conceded_by, conceded_at_setup_players, **points
    )
    given = None if events is None else [normalize_event(e) for e in events]
    digest = body_hash(payload, given)
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > MAX_KEY_LENGTH:
        raise MatchError(
            _("An Idempotency-Key is at most %(most)s characters long.") % {"most": MAX_KEY_LENGTH}
        )
    with transaction.atomic():
        # Locked: a second submission waits here, then finds the match reported.
        match, top_version, drafts = _fetch(match)
        require_play(actor, match)
        replay = _replayed(match, key, digest)
        if replay is not None:
            return replay
        _require_in_play(match)
        return _record(
            actor,
            match,
            payload,
            given,
            drafts,
            top_version,
            key=key,
            digest=digest,
            seed=seed,
        )


def _record(
    actor: Actor,
    match: Match,
    payload: dict[str, Any],
    given: list[dict[str, Any]] | None,
    drafts_read: list[dict[str, Any]],
    top_version: int,
    *,
    key: str | None,
    digest: str,
    seed: int | None,
) -> Submission:
    """Check the report (``given`` events, else the draft's: ``drafts_read``), insert
    it as the version after ``top_version`` and its events in the draft's place, and
    hand it over."""
    drafts = sorted(drafts_read, key=lambda row: row["id"])  # in the order tapped
    report_events = given if given is not None else [normalize_event(e) for e in drafts]
    checked_report(
        match, payload, report_events, agree_with_fixture=True, with_casualty_results=True
    )
    confirming = needs_confirmation(actor, match)
    report = new_report(match, actor, payload, key=key, digest=digest)
    report.version = top_version + 1
    if confirming:
        await_confirmation(match, report)  # waiting for the opponent from its insert
    report.save(force_insert=True)
    if drafts:
        MatchEvent.objects.filter(pk__in=[e["id"] for e in drafts]).delete()
    attach_events(match, report, report_events, actor)
    _hand_over(actor, match, report, seed, confirming)
    _log_submission(actor, match, report, payload)
    return Submission(report, created=True)


def _fetch(match: Match | int) -> tuple[Match, int, list[dict[str, Any]]]:
    """The match row locked alone, then its fixture, teams and league read with its
    reports' highest version (0: none yet) and its draft events (their fields and
    ids, read as one JSON array), as they stand once the lock is held."""
    pk = match.pk if isinstance(match, Match) else match
    locked = lock_match(pk, defer=AFTER_KICK_OFF, texts=KICK_OFF_TEXT, with_fixture=False)
    versions = Report.objects.filter(match_id=pk).order_by("-version").values("version")
    drafts = (
        MatchEvent.objects.filter(match_id=pk, report=None)
        .order_by()
        .values("match_id")
        .annotate(
            rows=JSONRows(
                JSONObject(id=F("id"), **{name: F(col) for name, col in ROW_COLUMNS.items()})
            )
        )
        .values("rows")[:1]
    )
    fixture = read_fixture(
        locked.fixture_id,
        annotate={
            "top_version": Subquery(versions[:1]),
            "drafts_read": Subquery(drafts, output_field=JSONField()),
        },
    )
    locked.fixture = fixture
    read: Any = fixture  # with the annotations above
    return locked, read.top_version or 0, read.drafts_read or []


def _replayed(match: Match, key: str | None, digest: str) -> Submission | None:
    """The first report sent with ``key``, when this is a replay of it (None: no such
    report). ReportConflict when the key was used for a different body."""
    if key is None:
        return None
    existing = Report.objects.filter(match=match, idempotency_key=key).first()
    if existing is None:
        return None
    if existing.body_hash != digest:
        raise ReportConflict(
            _(
                "This Idempotency-Key was already used for a different report of Match "
                "#%(match)s; send the same report or use a new key."
            )
            % {"match": existing.match_id},
            existing.pk,
        )
    return Submission(existing, created=False)


def _require_in_play(match: Match) -> None:
    if match.status in (Match.Status.SCHEDULED, Match.Status.PRE_GAME):
        raise MatchError(
            _("%(match)s has not kicked off: start the match first.") % {"match": match.title}
        )
    if match.status != Match.Status.IN_PLAY:
        raise conflict(match)
    check_fixture_playable(match.fixture)


def _hand_over(
    actor: Actor, match: Match, report: Report, seed: int | None, confirming: bool
) -> None:
    """The report is in: to the opponent for confirmation (``confirming``: the report
    was inserted waiting for him), or straight to the post-game (with its dice seed);
    saves the match and, when the post-game ran, the report."""
    if match.post_game_seed is None:
        match.post_game_seed = new_seed() if seed is None else seed
    if not confirming:
        begin_post_game(match, report, actor)
        report.save(update_fields=BEGIN_FIELDS)
    match.save(update_fields=["post_game_seed", "status", "report_draft", "updated_at"])


def _submitted(version: int, home: int, away: int, conceded_by: str | None) -> Wording:
    """The history line of a submitted report, one sentence per way it ended."""
    values = {"version": version, "home": home, "away": away}
    if conceded_by == "home":
        return say(
            "report v{version} submitted, {home}-{away}, conceded by the home team.", **values
        )
    if conceded_by == "away":
        return say(
            "report v{version} submitted, {home}-{away}, conceded by the away team.", **values
        )
    return say("report v{version} submitted, {home}-{away}.", **values)


def _log_submission(actor: Actor, match: Match, report: Report, payload: Mapping[str, Any]) -> None:
    home, away = payload["home_touchdowns"], payload["away_touchdowns"]
    conceded_by = payload.get("conceded_by")
    log_match(
        actor,
        "match.report",
        _submitted(report.version, home, away, conceded_by),
        match,
        report=report.pk,
        version=report.version,
        home_touchdowns=home,
        away_touchdowns=away,
        conceded_by=conceded_by or None,
    )
