"""Submitting the match report, exactly once per match.

The database decides who reports first: a report row is unique per
(match, idempotency key) and only one row per match may be current. A second
submission with the same key and the same body gets the first report back;
any other second submission is a ``ReportConflict`` (HTTP 409): a submitted
report changes only through a commissioner's correction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max

from config.types import Actor
from matches.errors import MatchError, ReportConflict, ReportError
from matches.models import Match, MatchEvent, Report
from matches.services._common import (
    fetch_match,
    lock_match,
    log_match,
    new_seed,
    require_play,
    user_of,
)
from matches.services.pregame import check_fixture_playable
from matches.services.validation import (
    POINTS_FIELDS,
    ReportContext,
    event_from_row,
    extra_report_keys,
    league_result,
    normalize_event,
    report_problems,
)
from rules_engine.errors import RulesError

MAX_KEY_LENGTH = 100


@dataclass(frozen=True)
class Submission:
    """The report a submission stands for; ``created`` False for an idempotent replay."""

    report: Report
    created: bool


def report_payload(
    home_touchdowns: Any,
    away_touchdowns: Any,
    conceded_by: str | None = "",
    conceded_at_setup_players: int | None = None,
    **points: Any,
) -> dict[str, Any]:
    """The report as stored and hashed. ``points`` are ``POINTS_FIELDS`` (a game scored
    in points) and the team fields an edition's report adds (``extra_report_keys``:
    BB2025's ``home_stalled``); only those given (not None) are kept, so a touchdowns
    report hashes as it always did."""
    unknown = sorted(set(points) - set(POINTS_FIELDS) - set(extra_report_keys()))
    if unknown:
        raise TypeError(f"a report has no {', '.join(unknown)}")
    return {
        "home_touchdowns": home_touchdowns,
        "away_touchdowns": away_touchdowns,
        "conceded_by": conceded_by or "",
        "conceded_at_setup_players": conceded_at_setup_players,
        **{name: value for name, value in points.items() if value is not None},
    }


def payload_of(report: Report) -> dict[str, Any]:
    return report_payload(
        report.home_touchdowns,
        report.away_touchdowns,
        report.conceded_by,
        report.conceded_at_setup_players,
        **{name: getattr(report, name) for name in POINTS_FIELDS},
        **report.team_extras,
    )


def events_of(report: Report) -> list[dict[str, Any]]:
    return [event_from_row(e) for e in report.events.order_by("id")]


def body_hash(payload: Mapping[str, Any], events: list[dict[str, Any]] | None) -> str:
    body = {**payload, "events": events}
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def checked_report(
    match: Match,
    payload: Mapping[str, Any],
    events: list[dict[str, Any]],
    *,
    agree_with_fixture: bool = False,
) -> None:
    """Raise ReportError with every reason the report does not add up.

    ``agree_with_fixture``: a result the league recorded without a match must
    be the report's (final score after any concession, casualties caused, and
    points where the game is scored in them).
    """
    context = ReportContext.build(match, events)
    problems = report_problems(context, payload, events)
    if not problems:
        try:
            result = league_result(match, payload, events)
        except RulesError as error:
            problems += error.messages
        else:
            if agree_with_fixture:
                problems += _disagreement(match, result)
    if problems:
        raise ReportError(problems)


def _disagreement(match: Match, result: Mapping[str, Any]) -> list[str]:
    fixture = match.fixture
    if fixture.status != fixture.Status.PLAYED:
        return []
    names = ("touchdowns", "casualties", "points")
    recorded = {n: (getattr(fixture, f"home_{n}"), getattr(fixture, f"away_{n}")) for n in names}
    reported = {n: (result.get(f"home_{n}"), result.get(f"away_{n}")) for n in names}
    if recorded == reported:
        return []

    def said(numbers: dict[str, tuple[Any, Any]]) -> tuple[str, str]:
        home, away = numbers["touchdowns"]
        cas = numbers["casualties"]
        points = numbers["points"]
        extra = f", points {points[0]}-{points[1]}" if points[0] is not None else ""
        return f"{home}-{away}", f"(casualties caused {cas[0]}-{cas[1]}{extra})"

    score, details = said(recorded)
    reported_score, reported_details = said(reported)
    return [
        f"The league has recorded {fixture.home.name} {score} {fixture.away.name} {details} "
        f"for this fixture; this report says {reported_score} {reported_details}. Make it "
        "agree, or ask a "
        "commissioner to change the recorded result first."
    ]


def conflict(match: Match) -> ReportConflict:
    current = match.reports.filter(is_current=True).first()
    league = match.fixture.season.league.name
    return ReportConflict(
        f"{match.label} already has a report"
        + (f" (version {current.version})" if current else "")
        + f". To change it, ask a commissioner of {league} to correct it.",
        current.pk if current else None,
    )


def _replay(existing: Report, digest: str) -> Submission:
    if existing.body_hash != digest:
        raise ReportConflict(
            "This Idempotency-Key was already used for a different report of "
            f"Match #{existing.match_id}; send the same report or use a new key.",
            existing.pk,
        )
    return Submission(existing, created=False)


def create_report(
    match: Match,
    actor: Actor,
    payload: Mapping[str, Any],
    *,
    key: str | None = None,
    digest: str = "",
    note: str = "",
) -> Report:
    """Insert the report row (the unique constraints may refuse it: IntegrityError)."""
    version = (match.reports.aggregate(top=Max("version"))["top"] or 0) + 1
    extras = {k: v for k, v in payload.items() if k in extra_report_keys()}
    with transaction.atomic():
        return Report.objects.create(
            match=match,
            version=version,
            is_current=True,
            idempotency_key=key or "",
            body_hash=digest,
            submitted_by=user_of(actor),
            note=note,
            **{k: v for k, v in payload.items() if k not in extras},
            team_extras=extras,
        )


def attach_events(
    match: Match, report: Report, events: Iterable[dict[str, Any]], actor: Actor
) -> None:
    MatchEvent.objects.bulk_create(
        MatchEvent(
            match=match,
            report=report,
            kind=e["kind"],
            side=e["side"],
            player_id=e["player"],
            victim_id=e["victim"],
            by_block=e["by_block"],
            injury=e["injury"],
            characteristic=e["characteristic"],
            apothecary_used=e["apothecary_used"],
            detail=e["detail"],
            created_by=user_of(actor),
        )
        for e in events
    )


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
    (``matches.services.confirmation``); the post-game starts when he confirms (at
    once only where no one else coaches either team).
    ``seed`` (tests, demo) fixes the post-game dice; the API never passes it.
    """
    from matches.services.confirmation import (
        await_confirmation,
        begin_post_game,
        needs_confirmation,
    )

    payload = report_payload(
        home_touchdowns, away_touchdowns, conceded_by, conceded_at_setup_players, **points
    )
    given = None if events is None else [normalize_event(e) for e in events]
    digest = body_hash(payload, given)
    key = (idempotency_key or "").strip() or None
    if key is not None and len(key) > MAX_KEY_LENGTH:
        raise MatchError(f"An Idempotency-Key is at most {MAX_KEY_LENGTH} characters long.")
    with transaction.atomic():
        # Not locked yet: the report's unique constraints decide who reports first.
        match = fetch_match(match)
        require_play(actor, match)
        if key is not None:
            existing = Report.objects.filter(match=match, idempotency_key=key).first()
            if existing is not None:
                return _replay(existing, digest)
        if match.status in (Match.Status.SCHEDULED, Match.Status.PRE_GAME):
            raise MatchError(f"{match.label} has not kicked off: start the match first.")
        if match.status != Match.Status.IN_PLAY:
            raise conflict(match)
        check_fixture_playable(match.fixture)
        drafts = list(MatchEvent.objects.filter(match=match, report=None).order_by("id"))
        report_events = given if given is not None else [event_from_row(e) for e in drafts]
        checked_report(match, payload, report_events, agree_with_fixture=True)
        try:
            report = create_report(match, actor, payload, key=key, digest=digest)
        except IntegrityError:
            if key is not None:
                existing = Report.objects.filter(match=match, idempotency_key=key).first()
                if existing is not None:
                    return _replay(existing, digest)
            raise conflict(match) from None
        match = lock_match(match)
        MatchEvent.objects.filter(pk__in=[e.pk for e in drafts]).delete()
        attach_events(match, report, report_events, actor)
        if match.post_game_seed is None:
            match.post_game_seed = new_seed() if seed is None else seed
        if needs_confirmation(actor, match):
            await_confirmation(match, report)
        else:
            begin_post_game(match, report, actor)
        match.save()
        report.save()
        log_match(
            actor,
            "match.report",
            f"report v{report.version} submitted, {home_touchdowns}-{away_touchdowns}"
            + (f", conceded by the {conceded_by} team." if conceded_by else "."),
            match,
            report=report.pk,
            version=report.version,
            home_touchdowns=home_touchdowns,
            away_touchdowns=away_touchdowns,
            conceded_by=conceded_by or None,
        )
        return Submission(report, created=True)
