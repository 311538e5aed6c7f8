"""The cache of page fragments and cached reads (the ``template_fragments`` alias,
which ``{% cache %}`` uses): an optimisation, never a dependency. With Redis down a
fragment is rendered and a value computed as if nothing were cached, and the failure
is logged instead of answering 500."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

logger = logging.getLogger(__name__)

ALIAS = "template_fragments"
TIMEOUT_S = 24 * 3600  # keys change with every version: the timeout only bounds memory


class ForgivingRedisCache(RedisCache):
    """Django's Redis cache whose reads miss and whose writes are skipped while Redis
    cannot be reached."""

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except Exception:
            logger.warning("fragment cache unavailable; rendering %s", key, exc_info=True)
            return default

    def set(
        self, key: Any, value: Any, timeout: Any = TIMEOUT_S, version: int | None = None
    ) -> None:
        try:
            super().set(key, value, timeout, version)
        except Exception:
            logger.warning("fragment cache unavailable; not keeping %s", key, exc_info=True)


def cached[T](key: str, compute: Callable[[], T]) -> T:
    """``compute()``, kept under ``key`` (which must name the version of what it
    reads)."""
    store = caches[ALIAS]
    value = store.get(key)
    if value is None:
        value = compute()
        store.set(key, value, TIMEOUT_S)
    return value
