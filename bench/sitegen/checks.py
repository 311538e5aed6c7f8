"""The invariants the tests hold a league to, over the whole generated site."""

from __future__ import annotations


def run_all() -> list[str]:
    return []
