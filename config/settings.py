"""Dugout settings, read from the environment.

Embedded mode (nothing set): SQLite under var/, Celery tasks run eagerly
in-process, a secret key of its own made once in var/, static files served straight
from the project, the site's own error pages (DEBUG off: Django's debug pages only
when a developer sets DJANGO_DEBUG=true). At scale set DATABASE_URL (PostgreSQL),
REDIS_URL (broker, results, cache), DJANGO_SECRET_KEY, DJANGO_DEBUG=false and
DJANGO_ALLOWED_HOSTS.
"""

from __future__ import annotations

import json
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from config.env import (
    embedded_secret_key,
    env_bool,
    env_list,
    env_prepare_threshold,
    env_rate,
    mailers_from_env,
    redis_url_of_process,
)
from config.observability import init_sentry, logging_config
from config.release import release

BASE_DIR = Path(__file__).resolve().parent.parent

# Django's debug pages (every URL pattern, tracebacks, settings) only for a developer who
# asks for them: a newcomer's `make run` shows the site's own error pages.
DEBUG = env_bool("DJANGO_DEBUG", False)
# A deployment says DJANGO_DEBUG=false (README). Left unset (or on), this is the embedded
# mode on the machine it runs on: plain HTTP, a secret key of its own under var/, static
# files served straight from the project without collectstatic.
DEPLOYED = not env_bool("DJANGO_DEBUG", True)

(BASE_DIR / "var").mkdir(exist_ok=True)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if DEPLOYED:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY is not set. With DJANGO_DEBUG off Dugout needs a secret key: "
            "set DJANGO_SECRET_KEY to a long random string (e.g. the output of "
            "`python -c 'import secrets; print(secrets.token_urlsafe(50))'`)."
        )
    # The embedded mode's own random key, made on the first start and kept, so sessions
    # survive a restart and no two installs share one.
    SECRET_KEY = embedded_secret_key(BASE_DIR / "var" / "secret_key")

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    # Accounts: sign-up (by a league's invite or open sign-up), login, password
    # reset and change (accounts/adapter.py; templates/account/).
    "allauth",
    "allauth.account",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_filters",
    "django_htmx",
    "rules.apps.AutodiscoverRulesConfig",
    "core",
    "leagues",
    "teams",
    "matches",
    "notifications",
    "backups",
    "accounts",
    "dashboard",
    "demo",
    "insight",
    "news",
]

MIDDLEWARE = [
    # First: every answer gets a request id, one log line and (DUGOUT_METRICS) its
    # metrics, the 503s below included (core/observability.py).
    "core.observability.RequestObservabilityMiddleware",
    # Then: the database unreachable is a 503 with Retry-After, not a 500.
    "core.middleware.DatabaseUnavailableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # A session or CSRF cookie Django never set is dropped, not looked up.
    "core.middleware.MalformedCookieMiddleware",
    # With a read replica: a request's reads go to it or to the primary, and a client
    # that wrote reads from the primary for a few seconds (core/replica.py). Before
    # the session's: saving a session is a write.
    "core.replica.ReadYourWritesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A coach's profile language, a league's on its pages, the language in the ETag.
    "accounts.language.LanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A GET of a form's POST-only address: the site's 405 page, not a blank one.
    "core.middleware.MethodNotAllowedPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # Last, as django-axes asks: it turns a lockout flagged during the request
    # into the lockout page.
    "axes.middleware.AxesMiddleware",
]

AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out username+address before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: SQLite file under var/ unless DATABASE_URL says otherwise.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'var' / 'dugout.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Connections persist here too (DJANGO_CONN_MAX_AGE, 60 s by default): opening a
    # SQLite connection runs the PRAGMAs below and registers Django's SQL functions.
    # runserver's thread per request still opens one per request, as Django's docs say;
    # gunicorn's workers keep theirs. IMMEDIATE transactions take SQLite's write lock up
    # front, so two writers queue (up to the timeout) instead of one failing half-way.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Parameters bound by the server and statements prepared (psycopg's automatic
    # preparation: a statement run DUGOUT_PG_PREPARE_THRESHOLD times on a connection is
    # prepared, and the server keeps its plan). Django's default sends each statement as
    # text with its values quoted in, and the server plans it afresh every time. Behind
    # a pooler in transaction mode that cannot keep prepared statements (PgBouncer
    # before 1.21), set it to "off".
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        server_side_binding=True,
        prepare_threshold=env_prepare_threshold("DUGOUT_PG_PREPARE_THRESHOLD", 5),
    )

# A PostgreSQL streaming replica for reads (DATABASE_REPLICA_URL): a "replica" database
# beside the primary. Safe requests (GET, HEAD) read from it; writes, and the reads of a
# client that wrote within the last DATABASE_REPLICA_PIN_SECONDS (a signed cookie), go to
# the primary (core/db_router.py, core/replica.py). Tasks and commands use the primary.
# In the tests it is a mirror of the primary's test database (same rows, its own
# connection: it does not see a test's uncommitted writes, as a lagging replica would not).
DATABASE_REPLICA_URL = os.environ.get("DATABASE_REPLICA_URL", "").strip()
DUGOUT_READ_REPLICA = ""
if DATABASE_REPLICA_URL:
    DATABASES["replica"] = dj_database_url.parse(
        DATABASE_REPLICA_URL,
        conn_max_age=DATABASES["default"]["CONN_MAX_AGE"],
        conn_health_checks=True,
    )
    if DATABASES["replica"]["ENGINE"] == DATABASES["default"]["ENGINE"]:
        DATABASES["replica"]["OPTIONS"] = dict(DATABASES["default"].get("OPTIONS", {}))
    if DATABASES["replica"]["ENGINE"] == "django.db.backends.postgresql":
        # A replica host gone quiet must not hold a request for libpq's unbounded wait:
        # after this many seconds the request answers 503 and this process reads from
        # the primary for a while (core/replica.py).
        DATABASES["replica"]["OPTIONS"]["connect_timeout"] = 2
    DATABASES["replica"]["TEST"] = {"MIRROR": "default"}
    DUGOUT_READ_REPLICA = "replica"
DATABASE_ROUTERS = ["core.db_router.ReplicaRouter"]
_pin = os.environ.get("DATABASE_REPLICA_PIN_SECONDS", "").strip() or "10"
if not _pin.isdigit() or int(_pin) < 1:
    raise ImproperlyConfigured(
        f"DATABASE_REPLICA_PIN_SECONDS must be a whole number of seconds (1 or more), not {_pin!r}"
    )
DATABASE_REPLICA_PIN_SECONDS = int(_pin)

# DATABASE_POOLER=transaction: the connections go through a pooler in transaction mode
# (PgBouncer pool_mode=transaction), which may hand each transaction to a different
# server connection. A server-side cursor (what QuerySet.iterator() opens on
# PostgreSQL) lives on one server connection beyond its transaction, so it is off:
# iterator() then reads its rows in one go (Django's DISABLE_SERVER_SIDE_CURSORS).
DATABASE_POOLER = os.environ.get("DATABASE_POOLER", "").strip().lower()
if DATABASE_POOLER not in ("", "session", "transaction"):
    raise ImproperlyConfigured(
        f"DATABASE_POOLER={DATABASE_POOLER!r}: use 'transaction' (PgBouncer in transaction "
        "mode), 'session', or leave it unset (no pooler)."
    )
if DATABASE_POOLER == "transaction":
    for _database in DATABASES.values():
        _database["DISABLE_SERVER_SIDE_CURSORS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts (django-allauth). Coaches log in by username, as before; the form's
# field keeps the name "username" (accounts/forms.py), which django-axes reads.
# Sign-up is open only to a visitor holding a league's valid invite link or
# joining a league that allows sign-up (accounts/adapter.py).
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_FORMS = {"login": "accounts.forms.LoginForm"}
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
# The address is where a password reset goes; it is not verified at sign-up
# (an invite link already vouches for the coach).
ACCOUNT_EMAIL_VERIFICATION = "none"
ACCOUNT_SESSION_REMEMBER = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Dugout] "
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
# django-axes throttles logins (AXES_* below, one lockout page); allauth's own
# login counters would lock differently and earlier, so they are off.
ACCOUNT_RATE_LIMITS = {"login": None, "login_failed": None}

# Mail (Django's MAILERS) is how a coach resets a forgotten password. Embedded mode
# (no EMAIL_HOST): printed on the console. At scale: SMTP to EMAIL_HOST, by default
# with STARTTLS; without EMAIL_HOST, to a relay on localhost:25.
MAILERS = mailers_from_env(debug=not DEPLOYED)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Dugout <dugout@localhost>")

LANGUAGE_CODE = "en-gb"
# The interface's languages, each named in itself (the language menu shows them so).
# English is the source; the others have a catalogue under locale/ (make messages).
LANGUAGES = [
    ("en-gb", "English"),
    ("fr", "Français"),
    ("de", "Deutsch"),
    ("es", "Español"),
    ("it", "Italiano"),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "config" / "static"]
# Uploads (team logos): under var/media in the embedded mode; DJANGO_MEDIA_ROOT at scale
# (a volume every web worker shares). Served by the app (teams/views_profile.py), not
# from MEDIA_URL, whatever DEBUG says.
MEDIA_ROOT = Path(os.environ.get("DJANGO_MEDIA_ROOT", BASE_DIR / "var" / "media"))
MEDIA_URL = "media/"
# Several app servers: each must read every logo any of them saved. Either
# DJANGO_MEDIA_ROOT is a volume they all mount (NFS, a shared disk), or
# DJANGO_MEDIA_STORAGE names another Django storage backend (dotted path; the package
# installed by the operator) with DJANGO_MEDIA_STORAGE_OPTIONS its OPTIONS as JSON.
MEDIA_STORAGE = os.environ.get("DJANGO_MEDIA_STORAGE", "").strip() or (
    "django.core.files.storage.FileSystemStorage"
)
try:
    MEDIA_STORAGE_OPTIONS = json.loads(os.environ.get("DJANGO_MEDIA_STORAGE_OPTIONS") or "{}")
except ValueError as _error:
    raise ImproperlyConfigured(
        f"DJANGO_MEDIA_STORAGE_OPTIONS must be a JSON object: {_error}"
    ) from None
if not isinstance(MEDIA_STORAGE_OPTIONS, dict):
    raise ImproperlyConfigured("DJANGO_MEDIA_STORAGE_OPTIONS must be a JSON object")
STORAGES = {
    "default": {"BACKEND": MEDIA_STORAGE, "OPTIONS": MEDIA_STORAGE_OPTIONS},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if DEPLOYED
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}
# Embedded mode: whitenoise serves the static files from where they live (the apps'
# static/ folders, config/static/), found at start-up; no collectstatic needed.
WHITENOISE_USE_FINDERS = not DEPLOYED

# Redis: broker, result backend and shared cache when REDIS_URL is set.
REDIS_URL = redis_url_of_process(os.environ.get("REDIS_URL", ""))
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # Redis down must not hold requests up (the throttles fall back, see
            # core/throttling.py).
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
    # Page fragments ({% cache %}) and cached reads: missed, not 500, with Redis down.
    CACHES["template_fragments"] = {
        **CACHES["default"],
        "BACKEND": "core.cache.ForgivingRedisCache",
        "KEY_FUNCTION": "core.i18n.fragment_key",
    }
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "template_fragments": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "template_fragments",
            # A fragment rendered in French is never served to an English page.
            "KEY_FUNCTION": "core.i18n.fragment_key",
        },
    }
# The release is part of every cache key: a deploy never serves a fragment an older
# template made ({% cache %} keys on a league's or team's version, not on the template).
DUGOUT_RELEASE = release(BASE_DIR)
for _alias in CACHES.values():
    _alias["KEY_PREFIX"] = DUGOUT_RELEASE

CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or "cache+memory://"
# Embedded mode: no broker, so tasks run in-process as they are queued.
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# Faults (matches/tasks.py): a worker takes one task at a time and acknowledges it
# when done, so a killed worker leaves at most the task it was running, which Redis
# delivers again (at once when a pool process dies, after the visibility timeout when
# the whole worker does; the post-game sweep does not wait that long).
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600, "socket_connect_timeout": 2}
CELERY_BROKER_CONNECTION_TIMEOUT = 2
# With Redis down a request that queues a task must fail fast (the report is saved,
# the sweep queues it later), not retry for 20 s before answering.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 2,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.5,
}
CELERY_RESULT_BACKEND_TRANSPORT_OPTIONS = {
    "retry_policy": {"max_retries": 1, "interval_start": 0, "interval_step": 0.2}
}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 2

# API throttling, counted in the shared cache (Redis when REDIS_URL is set, so
# every gunicorn worker counts together; per process otherwise), one atomic counter
# per client and window; with Redis down each process counts alone
# (core/throttling.py). Rates are "<requests>/<second|minute|hour|day>".
API_RATE_ANON = env_rate("DJANGO_API_RATE_ANON", "120/minute")
API_RATE_USER = env_rate("DJANGO_API_RATE_USER", "600/minute")

REST_FRAMEWORK = {
    "DEFAULT_THROTTLE_CLASSES": [
        "core.throttling.AnonRateThrottle",
        "core.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {"anon": API_RATE_ANON, "user": API_RATE_USER},
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "rest_framework.authentication.TokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "core.schema.ApiSchema",
    # The API's clients send JSON; no endpoint takes a form or a file (the pages post
    # to their own views), so any other body is a documented 415.
    # Bounded in size and nesting: a deep body is a 400, not a RecursionError.
    "DEFAULT_PARSER_CLASSES": ["core.parsers.BoundedJSONParser"],
    # So APIClient.post(url, data) in the tests sends JSON, the one body the API reads.
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "core.api.ApiPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "core.api.exception_handler",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Dugout API",
    "DESCRIPTION": "Blood Bowl league manager: rulesets, teams, leagues and matches.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
}

# Content Security Policy (Django's own): everything comes from this site. No template
# holds an inline script or style (tests/test_no_inline_code.py), so no nonce is needed
# and a page is the same bytes for every visitor.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "object-src": [CSP.NONE],
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Sessions in the database (Django's default, said here): every app server reads the
# same ones, so a coach logged in through one is logged in on all. Never the file or
# a per-process cache engine.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_HTTPONLY = True
# Lax: links from elsewhere still arrive logged in; cross-site POSTs carry no cookie.
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
# No script reads the CSRF cookie: htmx sends the token from the page (base.html).
CSRF_COOKIE_HTTPONLY = True
# A refused CSRF check: the site's 403 page, JSON under /api/ (core/api.py).
CSRF_FAILURE_VIEW = "core.api.csrf_failure"
if DEPLOYED:
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

BEHIND_TLS_PROXY = env_bool("DJANGO_BEHIND_TLS_PROXY", False)
if DEPLOYED and BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")


def client_address(request) -> str | None:
    """The client's address for login lockouts: behind our TLS proxy, the
    address that proxy appended to X-Forwarded-For (the right-most; entries to
    its left come from the client and could be forged); else REMOTE_ADDR."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if BEHIND_TLS_PROXY and forwarded.strip():
        return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR")


# Login throttling (django-axes): within 15 minutes, 5 failed logins for one username
# from one address, 20 from one address or 20 for one username lock that out for 15
# minutes (accounts/lockout.py: each set's limit); a success clears that pair's count.
AXES_HANDLER = "accounts.lockout.LockoutHandler"
AXES_FAILURE_LIMIT = "accounts.lockout.failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], ["ip_address"], ["username"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_CLIENT_IP_CALLABLE = client_address
if BEHIND_TLS_PROXY:
    # DRF's throttles likewise count the address the proxy saw.
    REST_FRAMEWORK["NUM_PROXIES"] = 1

# Observability (config/observability.py, config/metrics.py). Logs: one line per request
# and per task with its request id; JSON (one object a line) at scale, human-readable in
# the embedded mode unless DUGOUT_LOG_JSON says otherwise.
DUGOUT_LOG_JSON = env_bool("DUGOUT_LOG_JSON", DEPLOYED)
LOGGING = logging_config(
    json_lines=DUGOUT_LOG_JSON, level=os.environ.get("DJANGO_LOG_LEVEL", "WARNING")
)
# Django's 4xx lines (a 403, a 404) are one line, without the traceback of the
# exception that answered them; a 5xx keeps its traceback.
LOGGING["filters"]["client_errors"] = {"()": "core.observability.ClientErrorFilter"}
LOGGING["loggers"]["django.request"] = {"filters": ["client_errors"]}
LOGGING["handlers"]["console"]["filters"].append("client_errors")
# Prometheus metrics at /metrics: off (a 404, nothing counted) unless DUGOUT_METRICS;
# with DUGOUT_METRICS_TOKEN, only for "Authorization: Bearer <token>".
DUGOUT_METRICS = env_bool("DUGOUT_METRICS", False)
DUGOUT_METRICS_TOKEN = os.environ.get("DUGOUT_METRICS_TOKEN", "").strip()
# Gauges read at each scrape, beside the broker's queue length (config/metrics.py).
DUGOUT_METRICS_COLLECTORS = [
    "matches.metrics.OwedPostGamesCollector",
    "notifications.metrics.OutboxCollector",
]
# Error tracking: Sentry only when SENTRY_DSN is set; nothing is sent otherwise.
# Notifications (notifications): the site's address for absolute links in e-mails
# and webhook messages (unset: links are relative).
DUGOUT_SITE_URL = os.environ.get("DUGOUT_SITE_URL", "").strip()
SENTRY_DSN = os.environ.get("SENTRY_DSN", "").strip()
if SENTRY_DSN:
    init_sentry(
        SENTRY_DSN,
        environment=os.environ.get("SENTRY_ENVIRONMENT", "").strip() or None,
        traces_sample_rate=float(os.environ.get("SENTRY_TRACES_SAMPLE_RATE", "0") or 0),
    )
