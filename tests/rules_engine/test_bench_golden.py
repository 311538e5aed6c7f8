"""The engine's results on the bench's seeded matches are exactly those of the golden
file (written from the plain engine): every pre-game and
post-game step's outcome, every roll with its purpose, and each team's state after."""

from __future__ import annotations

import difflib

from tests.rules_engine.golden_bench import digest, matches, read_golden, written


def _first_difference(expected: str, got: str) -> str:
    diff = difflib.unified_diff(
        expected.replace("), ", "),\n").splitlines(),
        got.replace("), ", "),\n").splitlines(),
        "golden",
        "now",
        lineterm="",
        n=1,
    )
    return "\n".join(list(diff)[:40])


def test_the_first_matches_give_the_golden_results_in_full():
    golden = read_golden()["in_full"]
    for row, match in zip(golden, matches(len(golden)), strict=True):
        now = written(match)
        for key in ("pre_game", "post_game"):
            assert now[key] == row[key], (
                f"match {row['seed']}, {key}:\n{_first_difference(row[key], now[key])}"
            )


def test_every_bench_match_gives_the_golden_results():
    golden = read_golden()["digests"]
    differing = [
        match.seed
        for expected, match in zip(golden, matches(len(golden)), strict=True)
        if digest(written(match)) != expected
    ]
    assert differing == []
