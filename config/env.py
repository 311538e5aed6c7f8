"""Settings read from the environment, checked at start-up (config/settings.py uses
these): a bad value is an ImproperlyConfigured naming the variable, not a surprise on
the first request that needs it."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.core.exceptions import ImproperlyConfigured


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    value = value.strip().lower()
    if value in {"1", "true", "yes", "on"}:
        return True
    if value in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {value!r}")


def env_rate(name: str, default: str) -> str:
    """A DRF throttle rate such as "120/minute", checked at start-up rather
    than on the first API request."""
    value = os.environ.get(name, "").strip() or default
    count, _, period = value.partition("/")
    if not (count.isdigit() and period[:1] in {"s", "m", "h", "d"}):
        raise ImproperlyConfigured(
            f"{name} must be a rate such as 120/minute (requests per second, minute, "
            f"hour or day), not {value!r}"
        )
    return value


def env_prepare_threshold(name: str, default: int) -> int | None:
    """psycopg's ``prepare_threshold``: how many times a statement runs on a connection
    before it is prepared (0: at once); "off" (or "none"): never, for a pooler that
    cannot keep prepared statements."""
    value = os.environ.get(name, "").strip().lower()
    if value == "":
        return default
    if value in {"off", "none"}:
        return None
    if not value.isdigit():
        raise ImproperlyConfigured(
            f"{name} must be a number of runs (0 or more) or off, not {value!r}"
        )
    return int(value)


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name, "")
    return [item.strip() for item in value.split(",") if item.strip()] or default


def mailers_from_env(*, debug: bool) -> dict:
    """Django's MAILERS from EMAIL_*: the console with ``debug`` and no EMAIL_HOST;
    else SMTP to EMAIL_HOST (STARTTLS by default) or to a relay on localhost:25."""
    host = os.environ.get("EMAIL_HOST", "").strip()
    if not host and debug:
        return {"default": {"BACKEND": "django.core.mail.backends.console.EmailBackend"}}
    use_ssl = env_bool("EMAIL_USE_SSL", False)
    use_tls = env_bool("EMAIL_USE_TLS", bool(host) and not use_ssl)
    if use_tls and use_ssl:
        raise ImproperlyConfigured(
            "EMAIL_USE_TLS and EMAIL_USE_SSL are both on: set one (STARTTLS, usually on "
            "port 587, or SSL, usually on port 465)."
        )
    options: dict = {
        "host": host or "localhost",
        "username": os.environ.get("EMAIL_HOST_USER", ""),
        "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
        "use_tls": use_tls,
        "use_ssl": use_ssl,
        "timeout": 10,
    }
    port = os.environ.get("EMAIL_PORT", "").strip()
    if port:
        if not port.isdigit():
            raise ImproperlyConfigured(f"EMAIL_PORT must be a port number, not {port!r}")
        options["port"] = int(port)
    smtp = "django.core.mail.backends.smtp.EmailBackend"
    return {"default": {"BACKEND": smtp, "OPTIONS": options}}


def embedded_secret_key(path: Path) -> str:
    """The embedded mode's secret key: read from ``path``, made there (random, readable
    by its owner only) on the first start. Two processes starting at once agree: the
    key is written to a file of its own, then linked into place only if none is there."""
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    draft = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as file:
        file.write(secrets.token_urlsafe(50))
    try:
        os.link(draft, path)
    except FileExistsError:
        pass  # another process made it first: use that one
    finally:
        draft.unlink()
    return path.read_text().strip()


def redis_url_of_process(url: str) -> str:
    """``REDIS_URL`` as this process uses it. Under pytest-xdist (``PYTEST_XDIST_WORKER``
    gw0, gw1, ...) each test process takes the next Redis database after the one named,
    as Django gives it a test database of its own: a test that empties its cache or its
    queue leaves the other process's alone. Anywhere else, the URL as given."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not url or not worker.startswith("gw") or not worker[2:].isdigit():
        return url
    parts = urlsplit(url)
    database = int(parts.path.strip("/") or 0) + 1 + int(worker[2:])
    return urlunsplit(parts._replace(path=f"/{database}"))
