"""One explicit version per league and per team: what a page's ETag and its cached
fragments are keyed on.

Whatever changes what a page shows calls ``bump`` in the same transaction as the
change: the services through ``teams.audit.log_action`` (which every service calls),
the rest (live match events, restores, the admin, management commands) explicitly. A
reader then sees the new data and the new version together, and a rolled-back change
leaves both as they were.

A version's token is its counter and the moment of its last bump, so a database
restored from a backup (or a rolled-back test), whose counters go back, never meets a
key cached under the counters it had before.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.utils import timezone

from core.models import Version

LEAGUE = Version.Scope.LEAGUE
TEAM = Version.Scope.TEAM

# A league's or a team's id, the object itself, or None (nothing to bump).
Ref = Any


@dataclass(frozen=True)
class Stamp:
    """What a page is validated by: ``token`` changes with every bump of the versions
    read; ``changed_at`` is the latest bump (None: never bumped)."""

    token: str
    changed_at: datetime | None


def _ids(refs: Iterable[Ref]) -> list[int]:
    ids = (getattr(ref, "pk", ref) for ref in refs if ref is not None)
    return sorted({int(i) for i in ids if i is not None})


def bump(*, leagues: Iterable[Ref] = (), teams: Iterable[Ref] = ()) -> None:
    """Raise the versions of ``leagues`` and ``teams`` (ids or objects; None is
    skipped), creating the rows still missing. Call it inside the transaction of the
    change: one statement when every row exists."""
    now = timezone.now()
    asked = {LEAGUE: _ids(leagues), TEAM: _ids(teams)}
    wanted = [Q(scope=scope, object_id__in=ids) for scope, ids in asked.items() if ids]
    if not wanted:
        return
    rows = Version.objects.filter(functools.reduce(operator.or_, wanted))
    if rows.update(value=F("value") + 1, changed_at=now) == sum(map(len, asked.values())):
        return
    found = set(rows.values_list("scope", "object_id"))
    missing = [
        Version(scope=scope, object_id=i, changed_at=now)
        for scope, ids in asked.items()
        for i in ids
        if (scope, i) not in found
    ]
    # Another transaction may create the same row meanwhile: keep its row and still
    # raise it, so this change is never hidden behind the other's value.
    Version.objects.bulk_create(missing, ignore_conflicts=True)
    created = [Q(scope=v.scope, object_id=v.object_id) for v in missing]
    Version.objects.filter(functools.reduce(operator.or_, created)).update(
        value=F("value") + 1, changed_at=now
    )


def _stamp(rows: QuerySet[Version]) -> Stamp:
    token, changed = [], None
    for scope, object_id, value, at in rows.order_by("scope", "object_id").values_list(
        "scope", "object_id", "value", "changed_at"
    ):
        token.append(f"{scope}{object_id}:{value}:{at.timestamp():.6f}")
        changed = at if changed is None else max(changed, at)
    return Stamp(".".join(token), changed)


def read(*, leagues: Iterable[Ref] | QuerySet[Any] = (), teams: Iterable[Ref] = ()) -> Stamp:
    """The stamp of ``leagues`` and ``teams`` (ids, objects, or a queryset of ids such
    as ``Season.objects.filter(pk=pk).values("league_id")``): one query."""
    asked: list[Q] = []
    if isinstance(leagues, QuerySet):  # a subquery: never evaluated here
        asked.append(Q(scope=LEAGUE, object_id__in=leagues))
    elif league_ids := _ids(leagues):
        asked.append(Q(scope=LEAGUE, object_id__in=league_ids))
    if team_ids := _ids(teams):
        asked.append(Q(scope=TEAM, object_id__in=team_ids))
    if not asked:
        return Stamp("", None)
    return _stamp(Version.objects.filter(functools.reduce(operator.or_, asked)))


def league_version(league: Ref) -> str:
    """The token of one league's version ("" before its first bump)."""
    return read(leagues=[league]).token


def team_version(team: Ref) -> str:
    """The token of one team's version ("" before its first bump)."""
    return read(teams=[team]).token


def every_version() -> Stamp:
    """The stamp of every league and team, for a page that spans them all: one
    aggregate, changed by any bump."""
    found = Version.objects.aggregate(rows=Count("id"), total=Sum("value"), at=Max("changed_at"))
    at = found["at"]
    stamp = f"{found['rows']}:{found['total'] or 0}:{at.timestamp() if at else 0:.6f}"
    return Stamp(stamp, at)
