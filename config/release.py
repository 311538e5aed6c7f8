"""The release a process runs: a digest of the code, templates, static files and rule
data it serves pages from (or ``DUGOUT_RELEASE`` when the deploy names it). The cache's
keys and the pages' ETags carry it, so a deploy never serves a fragment or a 304 that
an older template made."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

SOURCE_SUFFIXES = frozenset(
    {".py", ".html", ".txt", ".js", ".css", ".json", ".yaml", ".yml", ".csv", ".toml", ".po", ".mo"}
)
# Not served: the environment, data, tests and tooling.
SKIPPED = frozenset(
    {"var", "tests", "bench", "docs", "build", "dist", "staticfiles", "node_modules"}
)


def _sources(base: Path) -> list[Path]:
    found = []
    for top in sorted(base.iterdir()):
        if top.name.startswith(".") or top.name in SKIPPED or top.name.endswith(".egg-info"):
            continue
        if top.is_file():
            continue
        for path in top.rglob("*"):
            if path.suffix in SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                found.append(path)
    return sorted(found)


def release(base: Path) -> str:
    named = os.environ.get("DUGOUT_RELEASE", "")
    if named:
        return named
    digest = hashlib.blake2b(digest_size=8)
    for path in _sources(base):
        digest.update(str(path.relative_to(base)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
