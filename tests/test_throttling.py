"""The API's rate limits (core/throttling.py): an atomic counter per client and
window, so a concurrent burst gets exactly the rate through; with the shared cache
(Redis) down the API still answers, counting per process; the ruleset catalogue
counts a signed-in client as that user."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.settings import api_settings
from rest_framework.test import APIClient, APIRequestFactory
from rest_framework.throttling import SimpleRateThrottle

from core import throttling
from tests.conftest import TEST_REDIS_URL
from tests.factories import UserFactory

DEAD_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens on port 1
        "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
    }
}
LIVE_REDIS = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": TEST_REDIS_URL,
    }
}


@pytest.fixture
def rates(settings, monkeypatch):
    """Set the API's rates for one test; the counters start at zero."""

    def set_rates(anon: str, user: str) -> None:
        settings.REST_FRAMEWORK = {
            **settings.REST_FRAMEWORK,
            "DEFAULT_THROTTLE_RATES": {"anon": anon, "user": user},
        }
        monkeypatch.setattr(
            SimpleRateThrottle, "THROTTLE_RATES", api_settings.DEFAULT_THROTTLE_RATES
        )

    throttling.local_counters.clear()
    monkeypatch.setattr(throttling, "_cache_down_until", 0.0)
    yield set_rates
    throttling.local_counters.clear()


def burst(throttle_class, rate: str, key_suffix: str, requests: int = 60) -> int:
    """``requests`` threads released at once through one throttle: how many pass."""
    factory = APIRequestFactory()
    barrier = threading.Barrier(requests, timeout=20)
    allowed: list[bool] = []
    lock = threading.Lock()

    class Throttle(throttle_class):
        THROTTLE_RATES = {"anon": rate, "user": rate}

        def get_cache_key(self, request, view):
            return f"throttle_burst_{key_suffix}"

    def one() -> None:
        request = factory.get("/api/v1/rulesets/")
        throttle = Throttle()
        barrier.wait()
        ok = throttle.allow_request(request, None)
        with lock:
            allowed.append(ok)

    threads = [threading.Thread(target=one) for _ in range(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(allowed) == requests
    return sum(allowed)


def test_a_concurrent_burst_gets_exactly_the_rate_through(rates):
    cache.delete("throttle_burst_local")
    try:
        assert burst(throttling.AnonRateThrottle, "10/minute", "local") == 10
    finally:
        cache.delete_many(["throttle_burst_local", "throttle_burst_local:start"])


@pytest.mark.redis
def test_a_concurrent_burst_on_redis_gets_exactly_the_rate_through(rates):
    with override_settings(CACHES=LIVE_REDIS):
        keys = ["throttle_burst_redis", "throttle_burst_redis:start"]
        cache.delete_many(keys)
        try:
            assert burst(throttling.UserRateThrottle, "25/minute", "redis", requests=80) == 25
        finally:
            cache.delete_many(keys)


@pytest.mark.django_db
def test_with_the_cache_down_the_api_answers_and_counts_per_process(rates):
    rates("3/minute", "5/minute")
    with override_settings(CACHES=DEAD_REDIS):
        client = APIClient()
        codes = [client.get("/api/v1/rulesets/").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        reads = APIClient()
        reads.force_authenticate(UserFactory())
        assert reads.get("/api/v1/leagues/").status_code == 200


@pytest.mark.django_db
def test_a_throttled_answer_says_when_to_come_back(rates):
    rates("2/minute", "5/minute")
    cache.delete_many(["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1"])
    client = APIClient()
    assert [client.get("/api/v1/rulesets/").status_code for _ in range(2)] == [200, 200]
    refused = client.get("/api/v1/rulesets/")
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    cache.delete_many(["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1"])


@pytest.mark.django_db
def test_the_ruleset_catalogue_counts_a_signed_in_client_as_that_user(rates):
    from rest_framework.authtoken.models import Token

    rates("100/minute", "2/minute")
    user = UserFactory()
    keys = ["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1", f"throttle_user_{user.pk}"]
    cache.delete_many(keys)
    try:
        signed_in = APIClient()
        # A real token, not force_authenticate: the view's own authentication runs.
        signed_in.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        codes = [signed_in.get("/api/v1/rulesets/").status_code for _ in range(3)]
        assert codes == [200, 200, 429]
        assert APIClient().get("/api/v1/rulesets/").status_code == 200  # the address's own
    finally:
        cache.delete_many(keys)


def test_an_anonymous_client_is_held_to_the_anonymous_rate_alone(rates):
    """DJANGO_API_RATE_ANON is the anonymous rate: one counter per anonymous request,
    not a second one under the signed-in scope by his address."""
    rates("3/minute", "1/minute")
    keys = ["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1"]
    cache.delete_many(keys)
    try:
        client = APIClient()
        codes = [client.get("/api/v1/rulesets/").status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        assert cache.get("throttle_user_127.0.0.1") is None
    finally:
        cache.delete_many(keys)


def test_with_no_anonymous_rate_the_signed_in_rate_counts_him_by_address(rates):
    rates(None, "2/minute")
    keys = ["throttle_anon_127.0.0.1", "throttle_user_127.0.0.1"]
    cache.delete_many(keys)
    try:
        client = APIClient()
        assert [client.get("/api/v1/rulesets/").status_code for _ in range(3)] == [200, 200, 429]
    finally:
        cache.delete_many(keys)
