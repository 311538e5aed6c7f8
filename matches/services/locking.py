"""The match row locked alone for a service's transaction (less the JSON snapshots the
service never reads); then, by the next statement, its fixture with both teams,
season and league, or its report read with them; the match's teams by side.

The lock takes a statement of its own: a statement that waited for the lock reads
every row but the locked one as it stood before it waited (a team's Treasury changed
meanwhile, a correction's new report), so what the service reads with the match is
read after the lock is held."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import connection, transaction
from django.db.models import TextField
from django.db.models.functions import Cast

from leagues.models import Fixture
from matches.models import Match, Report
from matches.services.snapshots import SIDES
from teams.models import Team

# What a service reads with the fixture. The coaches are read by id (permissions,
# confirmation); a coach acting for his team is loaded when asked.
FIXTURE_RELATED = ("home", "away", "season__league")


def read_fixture(fixture_id: int, annotate: Mapping[str, Any] | None = None) -> Fixture:
    """The fixture with both teams, its season and league, as they stand now;
    ``annotate``: more to read in the same statement."""
    fixtures = Fixture.objects.select_related(*FIXTURE_RELATED).annotate(**(annotate or {}))
    return fixtures.get(pk=fixture_id)


def lock_match(
    match: Match | int,
    *,
    defer: tuple[str, ...] = (),
    texts: tuple[str, ...] = (),
    annotate: Mapping[str, Any] | None = None,
    with_fixture: bool = True,
) -> Match:
    """The match row locked alone for the open transaction, then (``with_fixture``)
    its fixture, teams, season and league read (``read_fixture``). ``defer``: the
    match's fields the caller never reads (its JSON snapshots; one read after all is
    loaded then, by a query of its own, as Django's ``defer``); ``texts``: snapshots
    read as their stored text (``as_text``), not decoded; ``annotate``: more to read
    of the match row in the same statement."""
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("lock_match() must run inside atomic()")
    match_id = match.pk if isinstance(match, Match) else match
    locked = (
        Match.objects.select_for_update()
        .defer(*defer, *texts)
        .annotate(**as_text(texts), **(annotate or {}))
        .get(pk=match_id)
    )
    if with_fixture:
        locked.fixture = read_fixture(locked.fixture_id)
    return locked


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
    """The match row locked alone (``lock_match``, less ``defer``), then its current
    report (or the report ``report_id`` of it, current or not) read with the match's
    fixture, teams, season and league and with ``annotate`` (more to read of the
    report in the same query), less ``defer_report``. (match, None) when there is no
    such report (its fixture then read on its own); Report.DoesNotExist when
    ``report_id`` is not the match's. ``texts``: as ``lock_match``'s."""
    locked = lock_match(match, defer=defer, texts=texts, with_fixture=False)
    reports = (
        Report.objects.select_related(
            "submitted_by", *(f"match__fixture__{r}" for r in FIXTURE_RELATED)
        )
        .defer(*defer_report, *_MATCH_COLUMNS)
        .annotate(**(annotate or {}))
    )
    if report_id is not None:
        found = reports.filter(pk=report_id).first()
        if found is None or found.match_id != locked.pk:
            raise Report.DoesNotExist("Report matching query does not exist.")
    else:
        found = reports.filter(match_id=locked.pk, is_current=True).first()
    if found is None:
        locked.fixture = read_fixture(locked.fixture_id)
    else:
        locked.fixture = found.match.fixture
        found.match = locked
    return locked, found


_REPORT_FIXTURE = tuple(f"match__fixture__{related}" for related in FIXTURE_RELATED)
# The match's own columns, which a report read with its fixture does not read again
# (the match is the locked row).
_MATCH_COLUMNS = tuple(
    f"match__{field.name}"
    for field in Match._meta.concrete_fields
    if field.name not in ("id", "fixture")
)


def team_of(match: Match, side: str) -> Team:
    return match.fixture.home if side == "home" else match.fixture.away


def teams_read(match: Match) -> dict[str, Team]:
    """Both teams' rows by side as read after the match's lock (``lock_match``):
    fresh for the post-game's Treasury and Dedicated Fans while nothing in the
    transaction has changed them since."""
    return {side: team_of(match, side) for side in SIDES}


def is_league_game(match: Match) -> bool:
    """Friendlies give no MVP (facts §5); league and play-off games are league play."""
    return match.fixture.kind != match.fixture.Kind.FRIENDLY
