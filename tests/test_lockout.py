"""Login lockout counts failures per username and address, per address and per
username (accounts/lockout.py): many usernames tried from one address, or one username
from many addresses, end locked too; a coach who mistypes is not locked by others."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.urls import reverse

from accounts.lockout import LOCKOUT_LIMITS
from tests.factories import TEST_PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

LOCKED_OUT = "Too many failed logins"
PAIR, ADDRESS, USERNAME = (limit for _params, limit in LOCKOUT_LIMITS)


def log_in(client, username: str, password: str, address: str = "127.0.0.1"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_the_settings_name_each_counted_set_in_the_handlers_order():
    assert django_settings.AXES_HANDLER == "accounts.lockout.LockoutHandler"
    assert [list(p) for p, _ in LOCKOUT_LIMITS] == django_settings.AXES_LOCKOUT_PARAMETERS
    assert (PAIR, ADDRESS, USERNAME) == (5, 20, 20)


def test_many_usernames_from_one_address_lock_the_address(client):
    coach = UserFactory(username="coach")
    for n in range(ADDRESS - 1):
        response = log_in(client, f"guess{n}", "wrong", "198.51.100.7")
        assert response.status_code == 200, n  # never PAIR failures for one username
    locked = log_in(client, "guess-last", "wrong", "198.51.100.7")
    assert locked.status_code == 429
    page = " ".join(locked.content.decode().split())
    assert LOCKED_OUT in page and f"There were {ADDRESS} failed attempts" in page
    # Even the right password of another account is refused from that address...
    assert log_in(client, coach.username, TEST_PASSWORD, "198.51.100.7").status_code == 429
    # ...but not from another address.
    assert log_in(client, coach.username, TEST_PASSWORD, "203.0.113.9").status_code == 302


def test_one_username_from_many_addresses_locks_the_username(client):
    coach = UserFactory(username="coach")
    for n in range(USERNAME - 1):
        assert log_in(client, "coach", "wrong", f"198.51.100.{n + 1}").status_code == 200
    assert log_in(client, "coach", "wrong", "198.51.100.200").status_code == 429
    assert log_in(client, coach.username, TEST_PASSWORD, "203.0.113.9").status_code == 429
    # Another coach from the same addresses logs in.
    UserFactory(username="other")
    assert log_in(client, "other", TEST_PASSWORD, "198.51.100.1").status_code == 302


def test_a_coach_who_mistypes_is_still_locked_after_five_from_his_address(client):
    UserFactory(username="coach")
    for _ in range(PAIR - 1):
        assert log_in(client, "coach", "wrong").status_code == 200
    assert log_in(client, "coach", "wrong").status_code == 429
    page = " ".join(log_in(client, "coach", TEST_PASSWORD).content.decode().split())
    assert f"There were {PAIR} failed attempts" in page


def test_logging_into_ones_own_account_does_not_wipe_the_addresss_count(client):
    UserFactory(username="mine")
    for n in range(ADDRESS - 2):
        log_in(client, f"guess{n}", "wrong", "198.51.100.7")
    assert log_in(client, "mine", TEST_PASSWORD, "198.51.100.7").status_code == 302
    client.post(reverse("logout"))
    assert log_in(client, "guess-a", "wrong", "198.51.100.7").status_code == 200
    assert log_in(client, "guess-b", "wrong", "198.51.100.7").status_code == 429


def test_the_locks_run_out_after_the_cool_off(client):
    from axes.models import AccessAttempt

    coach = UserFactory(username="coach")
    for n in range(ADDRESS):
        log_in(client, f"guess{n}", "wrong", "198.51.100.7")
    assert log_in(client, coach.username, TEST_PASSWORD, "198.51.100.7").status_code == 429
    for attempt in AccessAttempt.objects.all():
        attempt.attempt_time -= timedelta(minutes=16)
        attempt.save()
    assert log_in(client, coach.username, TEST_PASSWORD, "198.51.100.7").status_code == 302
