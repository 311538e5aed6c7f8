"""The invariants the tests hold a league to, checked over the whole site.

- every team's treasury is the sum of its ledger, and its ledger's last balance
  (``tests.factories.assert_treasury_is_ledger``, ``tests/teams/test_treasury_properties``);
- every season's maintained standings rows equal the full aggregate over its fixtures
  and adjustments (``leagues.standings_sql.aggregate_totals``, as
  ``tests/leagues/test_standings_maintained`` compares them);
- the players' maintained season totals equal the aggregate of their match statistics
  (``tests/matches/test_leaderboards_maintained``: ``matches.totals.SUMMED`` summed,
  MVP awards and games counted);
- every foreign key names a row that exists;
- every league and team has its version row (``core.versions``: pages are keyed on it);

and what the load test needs of a generated league: each team active with at least
eleven active players, and a current season with fixtures still to play.

Each check reads the site in set-wide statements (one per season for the standings),
so it runs on a thousand leagues; each returns its problems as sentences (a log, for
the bench's reader: not translated).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from django.apps import apps
from django.db import connection
from django.db.models import Count, OuterRef, Q, Subquery, Sum

from bench.sitegen import report
from core.models import Version
from leagues.models import Fixture, League, Season, StandingTotals
from leagues.standings_sql import TOTALS, aggregate_totals
from matches.models import PlayerMatchStats, PlayerSeasonTotals
from matches.totals import SUMMED
from teams.models import Player, Team, TreasuryEntry

LIMIT = 20  # problems reported per check


def treasury_is_ledger() -> Iterator[str]:
    last = TreasuryEntry.objects.filter(team=OuterRef("pk")).order_by("-id")
    teams = Team.objects.annotate(
        ledger=Sum("ledger_entries__amount"),
        last_balance=Subquery(last.values("balance_after")[:1]),
    ).values_list("pk", "treasury", "ledger", "last_balance")
    for pk, treasury, ledger, last_balance in teams.iterator(chunk_size=5000):
        if treasury != (ledger or 0) or (ledger is not None and last_balance != treasury):
            yield f"team {pk}: treasury {treasury}, ledger {ledger}, last balance {last_balance}"


def standings_equal_aggregate() -> Iterator[str]:
    for season in Season.objects.order_by("pk").iterator(chunk_size=500):
        maintained = {
            row["team_id"]: {name: row[name] for name in TOTALS}
            for row in StandingTotals.objects.filter(season=season).values("team_id", *TOTALS)
        }
        aggregate = aggregate_totals(season)
        zeros = dict.fromkeys(TOTALS, 0)  # a team yet to play has no row: the table reads 0
        for team, totals in aggregate.items():
            if maintained.get(team, zeros) != totals:
                yield f"season {season.pk}, team {team}: kept {maintained.get(team)}, sum {totals}"
        for team in set(maintained) - set(aggregate):
            yield f"season {season.pk}: a standings row for team {team}, not in the season"


def _season_chunks(size: int = 200) -> Iterator[list[int]]:
    ids = list(Season.objects.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def player_totals_equal_aggregate() -> Iterator[str]:
    for chunk in _season_chunks():
        summed = PlayerMatchStats.objects.filter(season_id__in=chunk)
        rows = summed.values("season_id", "player_id", "team_id").annotate(
            **{f"sum_{name}": Sum(name) for name in SUMMED},
            awards=Count("id", filter=Q(mvp=True)),
            matches=Count("id"),
        )
        aggregate = {
            (r["season_id"], r["player_id"], r["team_id"]): (
                *(r[f"sum_{name}"] for name in SUMMED),
                r["awards"],
                r["matches"],
            )
            for r in rows
        }
        kept = {
            row[:3]: tuple(row[3:])
            for row in PlayerSeasonTotals.objects.filter(season_id__in=chunk).values_list(
                "season_id", "player_id", "team_id", *SUMMED, "mvp", "games"
            )
        }
        for key in aggregate.keys() | kept.keys():
            if aggregate.get(key) != kept.get(key):
                yield f"season/player/team {key}: kept {kept.get(key)}, sum {aggregate.get(key)}"


def foreign_keys_resolve() -> Iterator[str]:
    """Every foreign key of the generated tables names a row that exists (a COPY may
    load without the row-by-row checks: ``bench.sitegen.load``)."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for model in apps.get_models(include_auto_created=True):
            if model._meta.app_label not in report.APPS or model._meta.proxy:
                continue
            for field in model._meta.concrete_fields:
                if not field.is_relation or not field.db_constraint:
                    continue
                child, parent = model._meta.db_table, field.related_model._meta.db_table
                target = field.target_field.column
                cursor.execute(
                    f"SELECT COUNT(*) FROM {quote(child)} c WHERE c.{quote(field.column)} "
                    f"IS NOT NULL AND NOT EXISTS (SELECT 1 FROM {quote(parent)} p "
                    f"WHERE p.{quote(target)} = c.{quote(field.column)})"
                )
                (missing,) = cursor.fetchone()
                if missing:
                    yield f"{child}.{field.column}: {missing} rows name no {parent} row"


def versions_exist() -> Iterator[str]:
    for scope, model in ((Version.Scope.LEAGUE, League), (Version.Scope.TEAM, Team)):
        have = Version.objects.filter(scope=scope).values("object_id")
        for pk in model.objects.exclude(pk__in=have).values_list("pk", flat=True)[:LIMIT]:
            yield f"{scope} {pk} has no version row"


def teams_can_play() -> Iterator[str]:
    active = Count("players", filter=Q(players__status=Player.Status.ACTIVE))
    short = Team.objects.annotate(active=active).filter(Q(active__lt=11) | ~Q(status="active"))
    for pk, count in short.values_list("pk", "active")[:LIMIT]:
        yield f"team {pk}: {count} active players (11 needed to play) or not active"
    current = Season.objects.filter(status=Season.Status.REGULAR_SEASON)
    open_fixtures = Fixture.objects.filter(status=Fixture.Status.SCHEDULED)
    stuck = current.exclude(pk__in=open_fixtures.values("season_id"))
    for pk in stuck.values_list("pk", flat=True)[:LIMIT]:
        yield f"season {pk}: current, but no fixture left to play"


CHECKS: dict[str, Callable[[], Iterator[str]]] = {
    "treasury = ledger": treasury_is_ledger,
    "standings rows = aggregate": standings_equal_aggregate,
    "player totals = aggregate": player_totals_equal_aggregate,
    "foreign keys": foreign_keys_resolve,
    "versions": versions_exist,
    "teams can play": teams_can_play,
}


def run_all(report: Callable[[str], Any] | None = None) -> list[str]:
    """Every check's problems (at most LIMIT each), each prefixed by its check."""
    problems = []
    for name, check in CHECKS.items():
        found = []
        for problem in check():
            found.append(f"{name}: {problem}")
            if len(found) >= LIMIT:
                break
        if report:
            report(f"  {name}: {'ok' if not found else f'{len(found)} problems'}")
        problems += found
    return problems
