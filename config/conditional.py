"""Conditional GET and the page cache of the public pages.

``@public_page(groups)`` on a page's view:

- reads the stamp of the tables the page shows (``config.pages.stamps``: one read of a
  handful of rows, changed in the same transaction as every write to them);
- answers ``ETag`` (the stamp, the address, the code's version, who is asking: the
  signed-in user and the CSRF cookie his forms are masked with) and, to visitors not
  signed in, ``Last-Modified`` (the stamp's last write, once at least ``SETTLE_S`` old:
  an HTTP date counts whole seconds, so a write in the same second as a client's copy
  could otherwise pass for no change; a signed-in page also changes with who asks,
  which a date cannot say), and 304 to ``If-None-Match`` / ``If-Modified-Since``
  through Django's own ``get_conditional_response`` (what
  ``django.views.decorators.http.condition`` uses);
- keeps the page in the configured cache (Redis at scale, memory embedded) for
  visitors who are not signed in, keyed by the stamp: a repeated read is the stamp's
  read and a cache hit, never a stale page, as any write changes the key. The CSRF
  token and the CSP nonce a cached page was rendered with are swapped for the
  visitor's own when it is served;
- sends ``Cache-Control: no-cache`` (revalidate every time: never stale) and, for a
  signed-in user, ``private``; ``Vary: Cookie``.

Not validated or cached: htmx requests (partials), requests with flash messages to
show, answers other than 200, answers setting cookies, and anything but GET and HEAD.

``cached_read(name, parts, groups, compute)`` is the same cache for a selector's plain
values (the standings tables).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import re
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.csrf import _unmask_cipher_token, get_token  # type: ignore[attr-defined]
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.functional import empty
from django.utils.http import http_date

from config.pages import stamps
from config.pages.stamps import EVERY, Stamp

logger = logging.getLogger(__name__)

View = Callable[..., HttpResponseBase]

TIMEOUT_S = 24 * 3600  # keys change with every write: the timeout only bounds memory
SETTLE_S = 2
# What a page of the leagues app shows: its tables, the teams' names, the coaches'.
LEAGUE_TABLES = ("leagues", "teams", "auth")
EVERYTHING = (EVERY,)
_MASKED_TOKEN = re.compile(rb"[A-Za-z0-9]{64}")
_SOURCE_SUFFIXES = {".py", ".html", ".json", ".yaml", ".yml", ".csv", ".toml", ".txt"}


@functools.cache
def site_version() -> str:
    """A digest of the code and templates a page is made by: a deploy changes every
    key and ETag (computed once per process)."""
    base = Path(settings.BASE_DIR)
    roots = {base / "templates", base / "rules_engine", base / "config"}
    roots |= {
        Path(c.path)
        for c in apps.get_app_configs()
        if Path(c.path).is_relative_to(base) and "site-packages" not in Path(c.path).parts
    }
    digest = hashlib.blake2b(digest_size=12)
    for root in sorted(roots):
        for path in sorted(root.rglob("*")):
            if path.suffix in _SOURCE_SUFFIXES and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(base)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def _digest(*parts: object) -> str:
    return hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()


def cached_read[T](
    name: str, parts: tuple[object, ...], groups: Iterable[str], compute: Callable[[], T]
) -> T:
    """``compute()``, kept in the cache under the stamp of ``groups``: one stamp read
    and a cache hit while nothing they hold changes. ``parts`` name what is read (and
    any unsaved value it depends on)."""
    stamp = stamps.read(groups)
    if stamp is None:
        return compute()
    key = f"read:{name}:{_digest(site_version(), stamp.token, parts)}"
    try:
        value = cache.get(key)
    except Exception:
        logger.warning("cache unavailable; computing %s", name, exc_info=True)
        return compute()
    if value is None:
        value = compute()
        _cache_set(key, value)
    return value


def _cache_set(key: str, value: object) -> None:
    try:
        cache.set(key, value, TIMEOUT_S)
    except Exception:
        logger.warning("cache unavailable; not keeping %s", key, exc_info=True)


# --- pages -------------------------------------------------------------------------------


def _messages(request: HttpRequest) -> Any:
    return getattr(request, "_messages", None)


def _bypass(request: HttpRequest) -> bool:
    if request.method not in ("GET", "HEAD") or request.headers.get("HX-Request"):
        return True
    storage = _messages(request)
    return storage is not None and len(storage) > 0  # shown once: never a cached copy


def _last_modified(stamp: Stamp) -> int | None:
    if not stamp.changed_ms or time.time() * 1000 - stamp.changed_ms < SETTLE_S * 1000:
        return None
    return stamp.changed_ms // 1000


def _finish(
    response: HttpResponseBase, etag: str, last_modified: int | None, signed_in: bool
) -> HttpResponseBase:
    response.headers["ETag"] = etag
    if last_modified is not None:
        response.headers["Last-Modified"] = http_date(last_modified)
    if signed_in:
        patch_cache_control(response, no_cache=True, private=True)
    else:
        patch_cache_control(response, no_cache=True)
    patch_vary_headers(response, ("Cookie",))
    return response


def _nonce(request: HttpRequest) -> str:
    nonce = getattr(request, "_csp_nonce", None)
    if nonce is None or getattr(nonce, "_wrapped", empty) is empty:
        return ""
    return str(nonce)


def _tokens(request: HttpRequest, content: bytes) -> tuple[bytes, ...]:
    """The CSRF tokens the page was rendered with (the masked forms of this request's
    secret), to be swapped for each visitor's own."""
    secret = request.META.get("CSRF_COOKIE")
    if not secret or not request.META.get("CSRF_COOKIE_NEEDS_UPDATE"):
        return ()
    found = set(_MASKED_TOKEN.findall(content))
    return tuple(t for t in found if _unmask_cipher_token(t.decode()) == secret)


def _store(request: HttpRequest, response: HttpResponse, key: str) -> None:
    content = response.content
    _cache_set(
        key,
        (
            content,
            response.headers.get("Content-Type", ""),
            _tokens(request, content),
            _nonce(request),
        ),
    )


def _from_cache(request: HttpRequest, key: str) -> HttpResponse | None:
    try:
        hit = cache.get(key)
    except Exception:
        logger.warning("page cache unavailable; rendering %s", request.path, exc_info=True)
        return None
    if hit is None:
        return None
    content, content_type, tokens, nonce = hit
    if tokens:
        own = get_token(request).encode()
        for token in tokens:
            content = content.replace(token, own)
    if nonce:
        content = content.replace(nonce.encode(), str(request._csp_nonce).encode())  # type: ignore[attr-defined]
    return HttpResponse(content, content_type=content_type)


def validate_answer(
    request: HttpRequest, groups: Iterable[str] = EVERYTHING
) -> tuple[HttpResponseBase | None, str]:
    """For an API answer that is the same whoever asks (a team sheet): the 304 when
    the client's ``If-None-Match`` is still current, else None and the ETag to send
    with the answer (``with_etag``). The ETag is the stamp, the address, the code's
    version and what the client accepts (JSON or the browsable page)."""
    stamp = stamps.read(groups)
    if stamp is None:
        return None, ""
    accept = request.headers.get("Accept", "")
    etag = f'"{_digest(site_version(), request.get_full_path(), stamp.token, accept)}"'
    answer = get_conditional_response(request, etag=etag)
    return (with_etag(answer, etag) if answer is not None else None), etag


def with_etag(response: HttpResponseBase, etag: str) -> HttpResponseBase:
    if etag and response.status_code in (200, 304):
        response.headers["ETag"] = etag
        patch_cache_control(response, no_cache=True)
        patch_vary_headers(response, ("Accept", "Cookie"))
    return response


def public_page[V: View](groups: Iterable[str] = EVERYTHING) -> Callable[[V], V]:
    """ETag / Last-Modified / 304 and, for visitors not signed in, the page cache, keyed
    by the stamp of the table groups the page shows (app labels; default: all)."""
    wanted = tuple(groups)

    def decorate(view: V) -> V:
        @functools.wraps(view)
        def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if _bypass(request):
                return view(request, *args, **kwargs)
            stamp = stamps.read(wanted)
            if stamp is None:
                return view(request, *args, **kwargs)
            signed_in = bool(request.user.is_authenticated)
            user = request.user.pk if signed_in else None
            csrf = request.COOKIES.get(settings.CSRF_COOKIE_NAME, "")
            version = site_version()
            path = request.get_full_path()
            etag = f'"{_digest(version, path, stamp.token, user, csrf)}"'
            last_modified = None if signed_in else _last_modified(stamp)
            answer = get_conditional_response(request, etag=etag, last_modified=last_modified)
            if answer is not None:
                return _finish(answer, etag, last_modified, signed_in)
            key = f"page:{_digest(version, path, stamp.token)}"
            if not signed_in:
                cached = _from_cache(request, key)
                if cached is not None:
                    return _finish(cached, etag, last_modified, signed_in)
            response = view(request, *args, **kwargs)
            storage = _messages(request)
            if (
                response.status_code != 200
                or response.streaming
                or response.cookies
                or (storage is not None and getattr(storage, "_queued_messages", None))
            ):
                return response
            if not signed_in and isinstance(response, HttpResponse):
                _store(request, response, key)
            return _finish(response, etag, last_modified, signed_in)

        return cast(V, page)

    return decorate
