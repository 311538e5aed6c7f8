"""The API's rate limits: one atomic counter per client and window.

DRF's own throttles read a client's request history from the cache, append to it and
write it back: two requests at once both read the same history and both pass, so a
burst got about twice the rate through; and with Redis down the read raised, so every
API call answered 500. These count in a fixed window instead (``cache.add`` opens the
window with its expiry, ``cache.incr`` counts atomically in Redis), and when the
shared cache is unreachable they fall back to a counter of this process alone
(documented choice: the limit then holds per gunicorn worker, so a client may get up
to workers x rate until Redis is back, rather than no API at all, or no limit at all).
"""

from __future__ import annotations

import logging
import math
import threading
import time
from typing import Any

from django.core.cache import cache
from redis.exceptions import ResponseError
from rest_framework import throttling

logger = logging.getLogger(__name__)

# After the shared cache fails, this process counts locally for this long before
# trying it again (so an outage costs one connection attempt per interval, not one
# per request).
CACHE_RETRY_SECONDS = 5.0


class _LocalCounters:
    """Fixed-window counters of this process: key -> (window end, count)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._windows: dict[str, tuple[float, int]] = {}

    def hit(self, key: str, duration: int, now: float) -> tuple[int, float]:
        with self._lock:
            ends, count = self._windows.get(key, (0.0, 0))
            if ends <= now:
                ends, count = now + duration, 0
                if len(self._windows) > 10_000:  # forget expired windows now and then
                    self._windows = {k: v for k, v in self._windows.items() if v[0] > now}
            count += 1
            self._windows[key] = (ends, count)
            return count, ends

    def clear(self) -> None:
        with self._lock:
            self._windows.clear()


local_counters = _LocalCounters()
_cache_down_until = 0.0


def _shared_hit(key: str, duration: int, now: float, limit: int) -> tuple[int, float]:
    """Count one request in the shared cache: (count in this window, window end)."""
    started = f"{key}:start"
    for _ in range(3):
        if cache.add(key, 0, timeout=duration):
            cache.set(started, now, timeout=duration)
        try:
            count = cache.incr(key)
        except ValueError:  # the window expired between add and incr: open the next
            continue
        except (TypeError, ResponseError):  # a value left by DRF's throttle (a list)
            cache.delete(key)
            continue
        if count <= limit:
            return count, now + duration  # the end only matters to a refusal
        window_start = cache.get(started)
        ends = (window_start if isinstance(window_start, float) else now) + duration
        return count, ends
    raise RuntimeError(f"throttle counter {key} kept expiring")


def _count(key: str, duration: int, limit: int) -> tuple[int, float]:
    global _cache_down_until
    now = time.time()
    if now >= _cache_down_until:
        try:
            return _shared_hit(key, duration, now, limit)
        except Exception:
            # Redis unreachable (or answering garbage): count here until it is back.
            _cache_down_until = now + CACHE_RETRY_SECONDS
            logger.warning("API throttle: shared cache unavailable; counting per process")
    return local_counters.hit(key, duration, now)


class FixedWindowMixin:
    """``allow_request`` for a DRF ``SimpleRateThrottle``: at most ``num_requests``
    per ``duration`` seconds per cache key, counted atomically."""

    rate: str | None
    num_requests: int
    duration: int
    key: str | None

    def allow_request(self, request: Any, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)  # type: ignore[attr-defined]
        if self.key is None:
            return True
        count, self.window_ends = _count(self.key, self.duration, self.num_requests)
        return count <= self.num_requests

    def wait(self) -> float | None:
        """Seconds until the window ends (DRF's Retry-After), at least one."""
        ends = getattr(self, "window_ends", None)
        if ends is None:
            return None
        return max(1, math.ceil(ends - time.time()))


class AnonRateThrottle(FixedWindowMixin, throttling.AnonRateThrottle):
    """Anonymous clients, by address (scope ``anon``)."""


class UserRateThrottle(FixedWindowMixin, throttling.UserRateThrottle):
    """Signed-in clients by user (scope ``user``). An anonymous client is the ``anon``
    scope's alone, when it has a rate (DJANGO_API_RATE_ANON is the anonymous rate):
    DRF's own throttle counts him here too, by address, a second counter (three
    round trips to Redis) on every anonymous request for a limit that never decides.
    With no anonymous rate, this one counts him by address, as DRF does."""

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not request.user.is_authenticated and self.THROTTLE_RATES.get("anon"):
            return None
        return super().get_cache_key(request, view)
