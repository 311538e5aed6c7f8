"""One delivery attempt: the body in the webhook's format, its signature, the address
checked, one HTTP POST.

Signature: ``X-Dugout-Signature: sha256=<hex>``, the HMAC-SHA256 of the body's bytes
keyed with the webhook's secret (absent when it has none), so a receiver that knows
the secret can tell the body came from this league's Dugout unaltered.
``X-Dugout-Timestamp`` (Unix seconds) says when this attempt was sent and
``X-Dugout-Delivery`` names the delivery, the same on every retry, so a receiver can
drop a repeat.

The address: http or https only, and unless ``DUGOUT_WEBHOOKS_ALLOW_PRIVATE`` (tests,
a LAN deployment) never a private, loopback, link-local or reserved address, checked
on every attempt (a name may resolve elsewhere tomorrow), so a commissioner cannot
make the server probe its own network.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import os
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from notifications.events import Event
from notifications.models import WebhookFormat

TIMEOUT_SECONDS = 5
# Why an address is refused, as a delivery's row keeps it (the log words it again).
SCHEME_ONLY = "A webhook address starts with http:// or https:// and names a host."
USER_AGENT = "Dugout-Webhooks/1"


class UnsafeAddress(Exception):
    """An address a webhook may not be posted to; the message says why."""


@dataclass(frozen=True)
class Outcome:
    """One attempt: delivered, or why not and whether trying again may help."""

    delivered: bool
    status_code: int | None = None
    error: str = ""
    retry: bool = False


def body_for(fmt: str, event: Event) -> str:
    """The JSON posted for ``event`` in a webhook's format."""
    payload: dict[str, Any]
    if fmt == WebhookFormat.DISCORD:
        payload = {"content": f"**{event.league_name}**: {event.text}\n{event.url}"[:2000]}
    elif fmt == WebhookFormat.SLACK:
        label = _("Open in Dugout")
        link = f" <{event.url}|{label}>" if event.url.startswith("http") else ""
        payload = {"text": f"*{event.league_name}*: {event.text}{link}"}
    else:
        payload = {
            "event": event.kind,
            "key": event.key,
            "league": {"id": event.league_id, "name": event.league_name},
            "text": event.text,
            "url": event.url,
            "data": event.data,
        }
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def signature(secret: str, body: bytes) -> str:
    """``sha256=<hex>``: the HMAC-SHA256 of the body keyed with the secret."""
    digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def allow_private() -> bool:
    configured = getattr(settings, "DUGOUT_WEBHOOKS_ALLOW_PRIVATE", None)
    if configured is None:
        configured = os.environ.get("DUGOUT_WEBHOOKS_ALLOW_PRIVATE", "").lower() in {"1", "true"}
    return bool(configured)


def check_scheme(url: str) -> None:
    """UnsafeAddress unless the URL is http(s) with a host."""
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise UnsafeAddress(SCHEME_ONLY)


def check_address(url: str) -> None:
    """UnsafeAddress for a scheme other than http(s), or (unless private addresses are
    allowed) a host that resolves to a private, loopback or otherwise internal address."""
    check_scheme(url)
    if allow_private():
        return
    parts = urlsplit(url)
    try:
        infos = socket.getaddrinfo(parts.hostname, parts.port or 443, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise UnsafeAddress(f"{parts.hostname} does not resolve: {error}") from error
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global or address.is_multicast:
            raise UnsafeAddress(f"{parts.hostname} is an internal address ({address}).")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed (it could lead to an address refused above): the
    attempt fails with the 3xx, and the commissioner fixes the address."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


def post(url: str, body: str, *, secret: str, delivery_id: int) -> Outcome:
    """POST the body once; never raises for the receiver's or the network's faults."""
    try:
        check_address(url)
    except UnsafeAddress as error:
        return Outcome(False, error=str(error), retry=False)
    data = body.encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Dugout-Timestamp": str(int(time.time())),
        "X-Dugout-Delivery": str(delivery_id),
    }
    if secret:
        headers["X-Dugout-Signature"] = signature(secret, data)
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return Outcome(True, status_code=response.status)
    except urllib.error.HTTPError as error:
        # 5xx and 429: the receiver's trouble, may pass; other 4xx: it refuses the body.
        transient = error.code >= 500 or error.code == 429
        return Outcome(False, status_code=error.code, error=f"HTTP {error.code}", retry=transient)
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        reason = getattr(error, "reason", error)
        return Outcome(False, error=f"network: {reason}"[:300], retry=True)
