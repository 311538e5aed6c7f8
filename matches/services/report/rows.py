"""A match report's rows: its payload as stored and hashed, the checks it must pass,
the report and event rows it writes (``submission`` submits; ``corrections`` replaces).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

from django.db import transaction
from django.db.models import Aggregate, F, JSONField, Max, OuterRef, Subquery
from django.db.models.functions import JSONObject
from django.utils import timezone
from django.utils.translation import gettext as _

from core.types import Actor
from matches.errors import MatchError, ReportConflict, ReportError
from matches.models import Match, MatchEvent, Report
from matches.services.access import user_of
from matches.services.report_shapes import POINTS_FIELDS, league_result
from matches.services.validation import (
    ROW_COLUMNS,
    CasualtyResultMissing,
    ReportContext,
    casualty_result_problems,
    event_from_row,
    extra_report_keys,
    normalize_event,
    report_problems,
)
from rules_engine.errors import RulesError


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


def replacing_payload(
    old: Report,
    home_touchdowns: Any,
    away_touchdowns: Any,
    conceded_by: str | None,
    conceded_at_setup_players: int | None,
    points: Mapping[str, Any],
) -> dict[str, Any]:
    """The payload of a whole report that replaces ``old`` (a correction, a dispute
    settled): the points and edition fields not given are ``old``'s. A field no report
    has is a MatchError naming it."""
    kept = {name: getattr(old, name) for name in POINTS_FIELDS} | old.team_extras
    given = {name: value for name, value in points.items() if value is not None}
    try:
        return report_payload(
            home_touchdowns,
            away_touchdowns,
            conceded_by,
            conceded_at_setup_players,
            **{**kept, **given},
        )
    except TypeError as error:
        raise MatchError(str(error)) from None


def replace_report(
    match: Match,
    actor: Actor,
    old: Report,
    payload: Mapping[str, Any],
    events: Iterable[dict[str, Any]],
    note: str,
) -> Report:
    """The new current version in ``old``'s place, with its events (``old`` stays in
    the history)."""
    old.is_current = False
    old.replaced_at = timezone.now()
    old.save(update_fields=["is_current", "replaced_at"])
    new = create_report(match, actor, payload, note=note)
    attach_events(match, new, events, actor)
    return new


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
    """The report's events in order, as plain dicts: read with the report where the
    query that read it asked for them (``WITH_EVENTS``), else read now."""
    read = getattr(report, EVENTS_READ, _UNREAD)
    if read is _UNREAD:
        return [event_from_row(e) for e in report.events.order_by("id")]
    rows: list[dict[str, Any]] = sorted(cast(list, read) or [], key=lambda row: row["id"])
    return [normalize_event(row) for row in rows]


class JSONRows(Aggregate):
    """The rows' values as one JSON array (PostgreSQL's JSONB_AGG, SQLite's
    JSON_GROUP_ARRAY); in no particular order."""

    function = "JSONB_AGG"
    output_field = JSONField()

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> Any:
        return super().as_sql(compiler, connection, function="JSON_GROUP_ARRAY", **extra)


_UNREAD = object()
EVENTS_READ = "events_read"
# Annotations for a query of reports (``lock_with_report``): each report's events as a
# JSON array, read with it in one query instead of one more per service.
WITH_EVENTS = {
    EVENTS_READ: Subquery(
        MatchEvent.objects.filter(report_id=OuterRef("pk"))
        .order_by()
        .values("report_id")
        .annotate(
            rows=JSONRows(
                JSONObject(
                    id=F("id"),
                    **{name: F(column) for name, column in ROW_COLUMNS.items()},
                )
            )
        )
        .values("rows")[:1],
        output_field=JSONField(),
    )
}


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
    with_casualty_results: bool = False,
) -> None:
    """Raise ReportError with every reason the report does not add up.

    ``agree_with_fixture``: a result the league recorded without a match must
    be the report's (final score after any concession, casualties caused, and
    points where the game is scored in them). ``with_casualty_results``: every
    casualty's victim has his result (a report submitted or settled; a correction
    may keep an old report's events as they were); when that is all that is wrong,
    the error is ``CasualtyResultMissing`` (the ``events`` field's).
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
    missing = casualty_result_problems(context, events) if with_casualty_results else []
    if missing and not problems:
        raise CasualtyResultMissing(missing)
    if problems or missing:
        raise ReportError(problems + missing)


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
        if points[0] is not None:
            return f"{home}-{away}", _(
                "(casualties caused %(home_cas)s-%(away_cas)s, points %(home)s-%(away)s)"
            ) % {"home_cas": cas[0], "away_cas": cas[1], "home": points[0], "away": points[1]}
        return f"{home}-{away}", _("(casualties caused %(home_cas)s-%(away_cas)s)") % {
            "home_cas": cas[0],
            "away_cas": cas[1],
        }

    score, details = said(recorded)
    reported_score, reported_details = said(reported)
    return [
        _(
            "The league has recorded %(home)s %(score)s %(away)s %(details)s for this fixture; "
            "this report says %(reported_score)s %(reported_details)s. Make it agree, or ask a "
            "commissioner to change the recorded result first."
        )
        % {
            "home": fixture.home.name,
            "score": score,
            "away": fixture.away.name,
            "details": details,
            "reported_score": reported_score,
            "reported_details": reported_details,
        }
    ]


def conflict(match: Match) -> ReportConflict:
    current = match.reports.filter(is_current=True).first()
    league = match.fixture.season.league.name
    return ReportConflict(
        (
            _(
                "%(match)s already has a report (version %(version)s). To change it, ask a "
                "commissioner of %(league)s to correct it."
            )
            if current
            else _(
                "%(match)s already has a report. To change it, ask a commissioner of "
                "%(league)s to correct it."
            )
        )
        % {"match": match.title, "version": current.version if current else None, "league": league},
        current.pk if current else None,
    )


def create_report(
    match: Match,
    actor: Actor,
    payload: Mapping[str, Any],
    *,
    key: str | None = None,
    digest: str = "",
    note: str = "",
    version: int | None = None,
    prepare: Callable[[Report], Any] | None = None,
) -> Report:
    """Insert the report row (the unique constraints may refuse it: IntegrityError).
    ``version``: the next one, when the caller has read the highest; ``prepare`` sets
    more of the row's fields before it is inserted."""
    report = new_report(match, actor, payload, key=key, digest=digest, note=note)
    if version is not None:
        report.version = version
    else:
        report.version = (match.reports.aggregate(top=Max("version"))["top"] or 0) + 1
    if prepare is not None:
        prepare(report)
    # Its own savepoint: a refused insert leaves the caller's transaction usable.
    with transaction.atomic():
        report.save(force_insert=True)
    return report


def new_report(
    match: Match,
    actor: Actor,
    payload: Mapping[str, Any],
    *,
    key: str | None = None,
    digest: str = "",
    note: str = "",
) -> Report:
    """The report row of ``payload``, not saved (its version is the caller's to set)."""
    extras = {k: v for k, v in payload.items() if k in extra_report_keys()}
    return Report(
        match=match,
        is_current=True,
        idempotency_key=key or "",
        body_hash=digest,
        submitted_by=user_of(actor),
        note=note,
        **{k: v for k, v in payload.items() if k not in extras},
        team_extras=extras,
    )


def new_event(
    match: Match, event: Mapping[str, Any], actor: Actor, report: Report | None = None
) -> MatchEvent:
    """A normalized event (``normalize_event``) as an unsaved row: a draft's tap, or a
    report's event when ``report`` is given."""
    return MatchEvent(
        match=match,
        report=report,
        kind=event["kind"],
        side=event["side"],
        player_id=event["player"],
        victim_id=event["victim"],
        by_block=event["by_block"],
        injury=event["injury"],
        characteristic=event["characteristic"],
        apothecary_used=event["apothecary_used"],
        detail=event["detail"],
        created_by=user_of(actor),
    )


def attach_events(
    match: Match, report: Report, events: Iterable[dict[str, Any]], actor: Actor
) -> None:
    MatchEvent.objects.bulk_create([new_event(match, e, actor, report) for e in events])
