"""The bench's seeded BB2020 matches, resolved and written down, so a change to the
engine's speed can be checked to change no result and no roll.

``python -m tests.rules_engine.golden_bench`` rewrites the golden file from the
engine as it stands: do it only for a change that is meant to alter results, and
say so in its commit. The file holds, per match, the ``repr`` of the pre-game and of
the post-game results (every step's outcome, every roll with its purpose, each team's
``TeamPostGame`` with its ``TeamState``): in full for the first ``IN_FULL`` matches,
as a SHA-256 of the same text for every one of the bench's matches.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path
from typing import Any

from rules_engine import get_ruleset
from tests.rules_engine.seeded_matches import MATCHES, BenchMatch, make_match, resolve

GOLDEN = Path(__file__).parent / "data" / "bench_golden.json.gz"
IN_FULL = 60


def written(match: BenchMatch) -> dict[str, Any]:
    """One match's results as the golden file holds them in full."""
    pre, post = resolve(get_ruleset("bb2020"), match)
    return {"seed": match.seed, "pre_game": repr(pre), "post_game": repr(post)}


def digest(row: dict[str, Any]) -> str:
    return hashlib.sha256(f"{row['pre_game']}\n{row['post_game']}".encode()).hexdigest()


def matches(count: int = MATCHES) -> list[BenchMatch]:
    ruleset = get_ruleset("bb2020")
    return [make_match(ruleset, seed) for seed in range(count)]


def read_golden() -> dict[str, Any]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as text:
        golden: dict[str, Any] = json.load(text)
    return golden


def write_golden() -> None:
    rows = [written(match) for match in matches()]
    golden = {"in_full": rows[:IN_FULL], "digests": [digest(row) for row in rows]}
    with gzip.GzipFile(GOLDEN, "wb", mtime=0) as raw:
        raw.write(json.dumps(golden, indent=0, sort_keys=True).encode())


if __name__ == "__main__":
    write_golden()
