"""`make bench` runs and reports: every figure users feel, against its goal.

The bench's targets live in the bench, not here: these tests check that it takes each
figure through Django's request path (on a tiny site) and prints it, never how fast.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bench import figures

BENCH = Path(figures.__file__).parent
SIZE = (4, 6, 1)  # teams, played results, divisions


def test_the_table_says_figure_goal_ratio_and_verdict():
    rows = [
        figures.Figure("standings page, visitor", 1.5, 1.4, 3.0, 40),
        figures.Figure("correcting one match", 300.0, 280.0, 250.0, 8),
    ]
    out = figures.table(rows)
    assert re.search(r"standings page, visitor +1\.5 ms +1\.4 ms +3\.0 ms +0\.50 +met", out)
    assert re.search(r"correcting one match +300\.0 ms .* 1\.20 +NOT met, 50\.0 ms over", out)
    assert out.splitlines()[-1] == "   1 of 2 figures met"


def test_the_goals_are_the_ones_users_feel():
    assert figures.SIZES == ((8, 56, 1), (200, 4_000, 4))
    assert figures.STANDINGS_GOAL_MS == {8: 3.0, 200: 4.5}
    assert figures.TEAM_PAGE_GOAL_MS == 6.5
    assert figures.STANDINGS_API_GOAL_MS == 4.0
    assert figures.RECORD_GOAL_MS == 140.0
    assert figures.CORRECT_GOAL_MS == 250.0


def test_the_bench_leans_on_no_machinery_beside_the_framework():
    source = "\n".join(p.read_text() for p in BENCH.glob("*.py"))
    removed = ("prepared", "inline_constants", "stamps", "saving", "new_rows", "config.pages")
    for name in removed:
        assert name not in source, name


@pytest.mark.django_db(transaction=True)
def test_the_bench_takes_every_figure_through_the_request_path():
    taken = figures.measure(sizes=(SIZE,), repeats=2, teams=4, matches=2, corrections=2)
    size = "4 teams / 6 played"
    assert [f.name for f in taken] == [
        f"standings page, visitor, {size}",
        f"standings page, coach, {size}",
        f"team page, visitor, {size}",
        f"team page, coach, {size}",
        f"standings API, visitor, {size}",
        "recording a whole match over HTTP, both coaches",
        "correcting one match",
    ]
    assert [f.samples for f in taken] == [2, 2, 2, 2, 2, 2, 2]
    assert all(f.median_ms > 0 and f.cpu_ms > 0 for f in taken)
    assert "figures met" in figures.table(taken)
