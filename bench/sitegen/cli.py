"""The command line of ``python -m bench.sitegen`` (kept stable: the evening load test
reads it and the manifest it writes)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

import django

from bench.sitegen.database import migrate, recreate

PASSWORD = "sitegen-pass-1"  # every generated user's password (a bench site, never a live one)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m bench.sitegen",
        description=(
            "Build a generated site of played leagues into the database of DATABASE_URL "
            "(or --database-url), migrated first; check the invariants the tests use; print "
            "rows per table, seconds and rows/s, then one JSON line (leagues, password, "
            "sample coaches, manifest path). Usernames: commissioner-<league>, "
            "coach-<league>-<n> (n from 0), one password for all."
        ),
    )
    p.add_argument("--leagues", type=int, default=0, help="leagues to build (0 with --check-only)")
    p.add_argument("--teams-per-league", type=int, default=20, help="teams per league (even)")
    p.add_argument(
        "--matches-per-league",
        type=int,
        default=300,
        help="played matches per league, across closed seasons and the current one",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the random choices")
    p.add_argument(
        "--database-url",
        default=None,
        help="postgres://user:pass@host:port/name or sqlite:///path (default: DATABASE_URL)",
    )
    p.add_argument(
        "--fresh",
        action="store_true",
        help="drop and re-create the database first (PostgreSQL: the named database; "
        "SQLite: the file)",
    )
    p.add_argument(
        "--loader",
        choices=("auto", "bulk", "copy"),
        default="auto",
        help="bulk: bulk_create in batches; copy: PostgreSQL COPY (auto: copy on PostgreSQL)",
    )
    p.add_argument(
        "--leagues-per-batch", type=int, default=10, help="leagues generated and written at once"
    )
    p.add_argument(
        "--manifest",
        default=None,
        help="write a JSON manifest here: {loader, password, seconds, leagues: [{id, number, "
        "name, commissioner, current_season_id, season_ids, coaches: [{username, team_id, "
        "player_ids}], to_play: [{fixture_id, round, home_team_id, away_team_id, home_coach, "
        "away_coach}]}]} (to_play: the current round's fixtures still to play)",
    )
    p.add_argument("--password", default=PASSWORD, help="the password of every generated user")
    p.add_argument(
        "--check-only",
        action="store_true",
        help="build nothing: run the invariants over the database and print rows per table",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if not args.check_only and args.leagues < 1:
        print("--leagues N (N >= 1) is needed to build", file=sys.stderr)
        return 2
    if args.teams_per_league < 4 or args.teams_per_league % 2:
        print("--teams-per-league is an even number, 4 or more", file=sys.stderr)
        return 2
    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if args.fresh:
        recreate(os.environ.get("DATABASE_URL", ""))
    django.setup()
    from bench.sitegen import checks, report
    from bench.sitegen.build import Options, build

    started = time.perf_counter()
    migrate()
    before = report.row_counts()
    summary: dict[str, Any] = {"leagues": 0, "password": args.password, "coaches": []}
    if not args.check_only:
        options = Options(
            leagues=args.leagues,
            teams=args.teams_per_league,
            matches=args.matches_per_league,
            seed=args.seed,
            loader=args.loader,
            batch=args.leagues_per_batch,
            password=args.password,
        )
        built_at = time.perf_counter()
        manifest = build(options, progress=print)
        seconds = time.perf_counter() - built_at
        report.print_rows(before, report.row_counts(), seconds)
        summary.update(
            leagues=len(manifest["leagues"]),
            loader=manifest["loader"],
            seconds=round(seconds, 2),
            coaches=[c["username"] for lg in manifest["leagues"][:2] for c in lg["coaches"][:3]],
        )
        if args.manifest:
            with open(args.manifest, "w", encoding="utf-8") as out:
                json.dump(manifest, out, indent=1)
            summary["manifest"] = args.manifest
    else:
        report.print_rows({}, before, None)
        summary["leagues"] = report.generated_leagues()
    checked_at = time.perf_counter()
    problems = checks.run_all(report=print)
    print(f"invariants: {len(problems)} problems ({time.perf_counter() - checked_at:.1f} s)")
    for problem in problems[:50]:
        print(f"  {problem}")
    summary["problems"] = len(problems)
    summary["total_seconds"] = round(time.perf_counter() - started, 2)
    print(json.dumps(summary))
    return 1 if problems else 0
