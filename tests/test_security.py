"""Abuse: login lockouts (django-axes), API throttling, CSP and cookie flags."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.urls import reverse
from rest_framework.settings import api_settings
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from tests.factories import TEST_PASSWORD, UserFactory
from tests.test_foundation import PRODUCTION_ENV, run_manage

LOCKED_OUT = "Too many failed logins"


def log_in(client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password})


def logged_in_as(client, username: str) -> bool:
    return f"Log out {username}" in client.get(reverse("home")).content.decode()


# --- login throttling --------------------------------------------------------


def test_login_throttling_is_configured_explicitly():
    assert django_settings.AUTHENTICATION_BACKENDS[0] == "axes.backends.AxesStandaloneBackend"
    assert "rules.permissions.ObjectPermissionBackend" in django_settings.AUTHENTICATION_BACKENDS
    assert django_settings.MIDDLEWARE[-1] == "axes.middleware.AxesMiddleware"
    # 5 for one username from one address; more per address and per username
    # (accounts/lockout.py, tests/test_lockout.py).
    assert django_settings.AXES_FAILURE_LIMIT == "accounts.lockout.failure_limit"
    cool_off = django_settings.AXES_COOLOFF_TIME
    assert cool_off == timedelta(minutes=15)
    assert django_settings.AXES_LOCKOUT_PARAMETERS[0] == ["username", "ip_address"]
    assert django_settings.AXES_RESET_ON_SUCCESS is True


@pytest.mark.django_db
def test_five_failed_logins_lock_the_username_out_until_the_cool_off(client):
    from axes.models import AccessAttempt

    UserFactory(username="coach")
    for _ in range(4):
        response = log_in(client, "coach", "wrong")
        assert response.status_code == 200
        assert "enter a correct username and password" in response.content.decode()

    fifth = log_in(client, "coach", "wrong")
    assert fifth.status_code == 429
    page = " ".join(fifth.content.decode().split())
    assert f"<h1>{LOCKED_OUT}</h1>" in page
    assert "Logging in as coach is locked for 15 minutes" in page
    assert "5 failed attempts" in page
    assert "each attempt before then starts the wait again" in page

    # The right password is refused while the lock lasts.
    sixth = log_in(client, "coach", TEST_PASSWORD)
    assert sixth.status_code == 429
    assert LOCKED_OUT in sixth.content.decode()
    assert not logged_in_as(client, "coach")

    # Once the cool-off has passed, the right password works again.
    AccessAttempt.objects.update(
        attempt_time=AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    )
    assert log_in(client, "coach", TEST_PASSWORD).status_code == 302
    assert logged_in_as(client, "coach")


@pytest.mark.django_db
def test_a_lockout_is_for_that_username_only(client):
    UserFactory(username="coach")
    UserFactory(username="other")
    for _ in range(5):
        log_in(client, "coach", "wrong")
    assert log_in(client, "coach", TEST_PASSWORD).status_code == 429
    assert log_in(client, "other", TEST_PASSWORD).status_code == 302
    assert logged_in_as(client, "other")


@pytest.mark.django_db
def test_a_successful_login_resets_the_failure_count(client):
    UserFactory(username="coach")
    for _ in range(4):
        log_in(client, "coach", "wrong")
    assert log_in(client, "coach", TEST_PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(4):
        assert log_in(client, "coach", "wrong").status_code == 200
    assert log_in(client, "coach", TEST_PASSWORD).status_code == 302


def test_lockout_address_behind_the_tls_proxy_is_the_one_the_proxy_appended(rf, monkeypatch):
    from config import settings as project_settings

    request = rf.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7", REMOTE_ADDR="127.0.0.1")
    monkeypatch.setattr(project_settings, "BEHIND_TLS_PROXY", False)
    assert project_settings.client_address(request) == "127.0.0.1"
    monkeypatch.setattr(project_settings, "BEHIND_TLS_PROXY", True)
    assert project_settings.client_address(request) == "203.0.113.7"
    assert project_settings.client_address(rf.get("/", REMOTE_ADDR="10.0.0.1")) == "10.0.0.1"


# --- API throttling ----------------------------------------------------------


def test_api_throttles_are_on_by_default_with_explicit_rates():
    rest = django_settings.REST_FRAMEWORK
    assert rest["DEFAULT_THROTTLE_CLASSES"] == [
        "core.throttling.AnonRateThrottle",
        "core.throttling.UserRateThrottle",
    ]
    assert rest["DEFAULT_THROTTLE_RATES"] == {
        "anon": django_settings.API_RATE_ANON,
        "user": django_settings.API_RATE_USER,
    }


def test_api_rates_default_to_120_anonymous_and_600_per_user_a_minute():
    code = "from django.conf import settings; print(settings.API_RATE_ANON, settings.API_RATE_USER)"
    result = run_manage("shell", "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1].split() == ["120/minute", "600/minute"]


@pytest.fixture
def low_api_rates(settings, monkeypatch):
    """Anonymous clients get 3 requests a minute, users 5; the counts start at zero."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"anon": "3/minute", "user": "5/minute"},
    }
    # The throttles bound the rates at import (see tests/conftest.py); rebind them.
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", api_settings.DEFAULT_THROTTLE_RATES)
    # An anonymous client counts under both scopes, by address. Delete only
    # these keys: with Redis the cache shares its database with Celery.
    keys: list[str] = ["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1"]
    cache.delete_many(keys)
    yield keys
    cache.delete_many(keys)


@pytest.mark.django_db
def test_anonymous_api_clients_get_429_past_the_rate(low_api_rates):
    client = APIClient()
    url = reverse("api-rulesets")
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    throttled = client.get(url)
    assert throttled.status_code == 429
    assert "Request was throttled" in throttled.json()["detail"]
    assert 0 < int(throttled.headers["Retry-After"]) <= 60


@pytest.mark.django_db
def test_logged_in_api_clients_are_counted_per_user(low_api_rates):
    user = UserFactory()
    low_api_rates.append(f"throttle_user_{user.pk}")
    cache.delete_many(low_api_rates)
    client = APIClient()
    client.force_authenticate(user)
    url = reverse("api-rulesets")
    assert [client.get(url).status_code for _ in range(5)] == [200] * 5
    assert client.get(url).status_code == 429
    # An anonymous client from the same address has its own allowance.
    assert APIClient().get(url).status_code == 200


def test_a_malformed_rate_stops_start_up_with_a_clear_message():
    result = run_manage("check", DJANGO_API_RATE_ANON="lots")
    assert result.returncode != 0
    assert "DJANGO_API_RATE_ANON must be a rate such as 120/minute" in result.stderr


# --- pages and cookies -------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["home", "login", "league-list", "team-list"])
def test_pages_carry_the_content_security_policy(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 200
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "'unsafe-inline'" not in policy
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db
def test_session_and_csrf_cookies_are_http_only_and_same_site(client):
    UserFactory(username="coach")
    client.get(reverse("login"))
    csrf = client.cookies[django_settings.CSRF_COOKIE_NAME]
    assert csrf["httponly"] and csrf["samesite"] == "Lax"
    log_in(client, "coach", TEST_PASSWORD)
    session = client.cookies[django_settings.SESSION_COOKIE_NAME]
    assert session["httponly"] and session["samesite"] == "Lax"


def test_production_settings_secure_cookies_and_hsts():
    names = [
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
        "SESSION_COOKIE_HTTPONLY",
        "CSRF_COOKIE_HTTPONLY",
        "SESSION_COOKIE_SAMESITE",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SECURE_HSTS_INCLUDE_SUBDOMAINS",
    ]
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
    )
    result = run_manage("shell", "-c", code, **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values == {
        "SESSION_COOKIE_SECURE": True,
        "CSRF_COOKIE_SECURE": True,
        "SESSION_COOKIE_HTTPONLY": True,
        "CSRF_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SECURE_SSL_REDIRECT": True,
        "SECURE_HSTS_SECONDS": 31_536_000,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    }


def test_the_embedded_mode_runs_over_plain_http_with_debug_off():
    """Nothing set (`make run`): no debug pages, yet cookies a browser sends back over
    http://127.0.0.1 and no redirect to HTTPS (those are for DJANGO_DEBUG=false)."""
    names = ["DEBUG", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE", "SECURE_SSL_REDIRECT"]
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}))"
    )
    result = run_manage("shell", "-c", code)
    assert result.returncode == 0, result.stderr
    values = json.loads(result.stdout.strip().splitlines()[-1])
    assert values == {name: False for name in names}


def test_the_embedded_secret_key_is_random_made_once_and_private(tmp_path):
    from config.env import embedded_secret_key

    path = tmp_path / "secret_key"
    first = embedded_secret_key(path)
    assert len(first) >= 50
    assert embedded_secret_key(path) == first  # kept: sessions survive a restart
    assert path.stat().st_mode & 0o777 == 0o600
    assert embedded_secret_key(tmp_path / "another_install") != first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["another_install", "secret_key"]
