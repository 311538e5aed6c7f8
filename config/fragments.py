"""Rendered page fragments kept in the shared cache (Redis at scale, memory in the
embedded mode), addressed by what they show.

A fragment's key is a digest of the values it is rendered from (a league table's rows,
the ruleset that labels its columns), so a write that changes any of them changes the
key: the page can never show a stale fragment, and no service has to remember to
invalidate it. What is saved is the template work, which dominates a large table (a
standings page of 200 teams: ~3,400 cells and 400 links, ~90 ms of rendering against
~3 ms of reading the maintained rows).

The cache is an optimisation, never a dependency: when it cannot be reached (Redis down)
the fragment is rendered as if it were not cached, and the failure is logged.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

from django.core.cache import cache
from django.utils.safestring import SafeString, mark_safe

logger = logging.getLogger(__name__)

# Fragments are content-addressed, so the timeout only bounds the memory they hold.
TIMEOUT_S = 24 * 3600
VERSION = 1  # raise when a fragment's template changes in a way its data does not show


def fragment_key(name: str, *parts: object) -> str:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    return f"fragment:{VERSION}:{name}:{digest}"


def cached_fragment(name: str, parts: tuple[object, ...], render: Callable[[], str]) -> SafeString:
    """The HTML ``render`` makes from ``parts``, from the cache when it holds it."""
    key = fragment_key(name, *parts)
    try:
        html = cache.get(key)
    except Exception:  # the cache is down: render, as without a cache
        logger.warning("fragment cache unavailable; rendering %s", name, exc_info=True)
        return mark_safe(render())
    if html is None:
        html = render()
        try:
            cache.set(key, html, TIMEOUT_S)
        except Exception:
            logger.warning("fragment cache unavailable; not keeping %s", name, exc_info=True)
    return mark_safe(html)
