"""Queries of a fixed shape compiled once (``leagues.prepared``, where the
league's own locks use it too)."""

from __future__ import annotations

from leagues.prepared import SENTINEL, Prepared

__all__ = ["SENTINEL", "Prepared"]
