"""ETag, Last-Modified and 304 for pages and API answers, through Django's
``condition``, from the versions of what they show (``core.versions``).

``@conditional_page(read)``: ``read(request, *args, **kwargs)`` returns the stamp of
the leagues and teams the page shows (one query), or None to serve the page without
validators (an object that does not exist). The ETag is that stamp, the release, the
address, the language the page reads in and who asks (the signed-in user and the CSRF
cookie his forms are masked with); ``Last-Modified``, to visitors not signed in only,
is the latest bump once at least ``SETTLE_S`` old (an HTTP date counts whole seconds,
so a change in the same second as a client's copy could otherwise pass for no change;
a signed-in page also changes with who asks, which a date cannot say). Answers say
``Cache-Control: no-cache`` (revalidate every time), ``private`` when signed in, and
``Vary: Cookie, Accept-Language``.

Not validated: htmx requests (partials), requests with flash messages to show (shown
once, never a 304), anything but GET and HEAD.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, cast

from django.conf import settings
from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponseBase
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import condition

from core.versions import Stamp

SETTLE_S = 2

View = Callable[..., HttpResponseBase]
Read = Callable[..., Stamp | None]


def _digest(*parts: object) -> str:
    return '"' + hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest() + '"'


def _bypass(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD") or request.headers.get("HX-Request"):
        return True
    return len(get_messages(request)) > 0


def settled(changed_at: datetime | None) -> datetime | None:
    """``changed_at`` when it is old enough to be a Last-Modified, else None."""
    if changed_at is None or timezone.now() - changed_at < timedelta(seconds=SETTLE_S):
        return None
    return changed_at


def stamp_of(request: HttpRequest, read: Callable[[], Stamp]) -> Stamp:
    """The stamp ``conditional_page`` read for this request (what the view's cached
    fragments are keyed on too), or ``read()`` when it read none (a form posted back)."""
    stamp: Stamp | None = getattr(request, "versions_stamp", None)
    return stamp if stamp is not None else read()


def conditional_page[V: View](read: Read, *, per_user: bool = True) -> Callable[[V], V]:
    """Validate the decorated view's answers by the stamp ``read`` returns. With
    ``per_user=False`` (an API answer the same whoever asks) the ETag names what the
    client accepts instead of who it is."""

    def decorate(view: V) -> V:
        @functools.wraps(view)
        def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if _bypass(request):
                return view(request, *args, **kwargs)
            stamp = read(request, *args, **kwargs)
            if stamp is None:
                return view(request, *args, **kwargs)
            request.versions_stamp = stamp  # type: ignore[attr-defined]  # for stamp_of
            signed_in = per_user and bool(request.user.is_authenticated)
            if per_user:
                asker: tuple[object, ...] = (
                    request.user.pk if signed_in else None,
                    request.COOKIES.get(settings.CSRF_COOKIE_NAME, ""),
                )
            else:
                asker = (request.headers.get("Accept", ""),)
            etag = _digest(
                settings.DUGOUT_RELEASE, request.get_full_path(), get_language(), stamp.token, asker
            )
            modified = None if signed_in else settled(stamp.changed_at)
            validated = condition(
                etag_func=lambda *a, **k: etag, last_modified_func=lambda *a, **k: modified
            )(view)
            response = validated(request, *args, **kwargs)
            if response.status_code in (200, 304):
                patch_cache_control(
                    response, no_cache=True, **({"private": True} if signed_in else {})
                )
                patch_vary_headers(
                    response,
                    ("Cookie", "Accept-Language")
                    if per_user
                    else ("Accept", "Accept-Language", "Cookie"),
                )
            else:
                for header in ("ETag", "Last-Modified"):
                    if header in response:
                        del response[header]
            return response

        return cast(V, page)

    return decorate
