"""One Celery beat sends, however many are started (config/celery.py): the others
stand by and one takes over when the sender stops."""

from __future__ import annotations

import time

import pytest

from config.celery import BEAT_LOCK_KEY, BeatLock
from tests.conftest import TEST_REDIS_URL

pytestmark = pytest.mark.redis


@pytest.fixture
def beats():
    made: list[BeatLock] = []

    def beat(seconds: int = 60) -> BeatLock:
        made.append(BeatLock(TEST_REDIS_URL, seconds=seconds))
        return made[-1]

    BeatLock(TEST_REDIS_URL).client.delete(BEAT_LOCK_KEY)
    yield beat
    for lock in made:
        lock.release()


def test_only_one_of_two_beats_sends(beats):
    first, second = beats(), beats()
    assert first.held()
    assert not second.held()
    assert first.held()  # renewed, still its own
    assert not second.held()


def test_a_beat_standing_by_takes_over_when_the_sender_stops(beats):
    first, second = beats(), beats()
    assert first.held()
    first.release()
    assert second.held()
    assert not first.held()


def test_a_silent_sender_loses_the_lock_after_its_seconds(beats):
    first, second = beats(seconds=1), beats(seconds=1)
    assert first.held()
    time.sleep(1.2)  # the first beat's host went down: no renewal
    assert second.held()
    assert not first.held()
