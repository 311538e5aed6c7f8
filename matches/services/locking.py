"""The match row locked for a service's transaction, read with its fixture, teams and
league (less the JSON snapshots the service never reads), then its report; the
match's teams by side as read with it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection, transaction
from django.db.models import TextField
from django.db.models.functions import Cast

from matches.models import Match, Report
from matches.services.snapshots import SIDES
from teams.models import Team

# The coaches are read by id (permissions, confirmation); a coach acting for his team is
# loaded when asked.
MATCH_RELATED = ("fixture__home", "fixture__away", "fixture__season__league")


def lock_match(
    match: Match | int, *, defer: tuple[str, ...] = (), texts: tuple[str, ...] = ()
) -> Match:
    """The match row locked for the open transaction, with its fixture and teams.
    ``defer``: the match's fields the caller never reads (its JSON snapshots; one read
    after all is loaded then, by a query of its own, as Django's ``defer``); ``texts``:
    snapshots read as their stored text (``as_text``), not decoded."""
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("lock_match() must run inside atomic()")
    match_id = match.pk if isinstance(match, Match) else match
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related(*MATCH_RELATED)
        .defer(*defer, *texts)
        .annotate(**as_text(texts))
        .get(pk=match_id)
    )


# What a service reads of a match once it has kicked off: not the pre-game's team
# snapshot and answers (both whole rosters as JSON).
AFTER_KICK_OFF = ("pre_game_teams", "pre_game_choices")
# Every snapshot of a match, for a service that reads none of them.
SNAPSHOTS = (*AFTER_KICK_OFF, "pre_game_result", "match_teams", "report_draft")
# The kick-off snapshot, which the services after kick-off read only as both teams'
# engine states (``snapshots.snapshot_states``, made once per snapshot text): read as
# its text, not decoded then encoded again to find its states.
KICK_OFF_TEXT = ("match_teams",)


def as_text(fields: tuple[str, ...]) -> dict[str, Any]:
    """The annotations that read ``fields`` (JSON snapshots, deferred) as their stored
    text: ``<field>_text`` (``snapshots.snapshot_states`` reads it)."""
    return {f"{name}_text": Cast(name, TextField()) for name in fields}


# And of a report.
REPORT_RESULTS = (
    "home_challenge_cards",
    "away_challenge_cards",
    "team_extras",
    "post_game_choices",
    "post_game_input",
    "post_game_result",
)


def lock_with_report(
    match: Match | int,
    report_id: int | None = None,
    *,
    annotate: Mapping[str, Any] | None = None,
    defer: tuple[str, ...] = (),
    defer_report: tuple[str, ...] = (),
    texts: tuple[str, ...] = (),
) -> tuple[Match, Report | None]:
    """The match row locked (``lock_match``, less ``defer``), then its current report
    (or the report ``report_id`` of it, current or not) read with ``annotate`` (more to
    read of the report in the same query), less ``defer_report``. (match, None) when
    there is no such report; Report.DoesNotExist when ``report_id`` is not the match's.

    Two statements, not one joined SELECT ... FOR UPDATE: a statement that waited for
    the lock reads every row but the match's as they stood before it waited (a
    correction's new report, another worker's application), so the report is read by
    the statement after the lock. ``texts``: as ``lock_match``'s."""
    locked = lock_match(match, defer=defer, texts=texts)
    reports = (
        Report.objects.select_related("submitted_by")
        .defer(*defer_report)
        .annotate(**(annotate or {}))
    )
    if report_id is not None:
        found = reports.filter(pk=report_id).first()
        if found is None or found.match_id != locked.pk:
            raise Report.DoesNotExist("Report matching query does not exist.")
    else:
        found = reports.filter(match_id=locked.pk, is_current=True).first()
    if found is not None:
        found.match = locked
    return locked, found


def fetch_match(match: Match | int) -> Match:
    match_id = match.pk if isinstance(match, Match) else match
    return Match.objects.select_related(*MATCH_RELATED).get(pk=match_id)


def team_of(match: Match, side: str) -> Team:
    return match.fixture.home if side == "home" else match.fixture.away


def teams_read(match: Match) -> dict[str, Team]:
    """Both teams' rows by side as read with the match (``lock_match``, ``fetch_match``):
    fresh for the post-game's Treasury and Dedicated Fans while nothing in the
    transaction has changed them since."""
    return {side: team_of(match, side) for side in SIDES}


def is_league_game(match: Match) -> bool:
    """Friendlies give no MVP (facts §5); league and play-off games are league play."""
    return match.fixture.kind != match.fixture.Kind.FRIENDLY
