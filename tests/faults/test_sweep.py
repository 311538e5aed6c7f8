"""The post-game sweep: a report whose queueing failed (the broker down at the
commit) is still accepted, and ``manage.py sweep_post_games`` (Celery beat's
``matches.sweep_post_games`` at scale) applies it once; a second sweep finds nothing."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from kombu.exceptions import OperationalError as BrokerDown

from matches.models import PostGameApplication
from matches.tasks import apply_post_game, sweep_post_games
from tests.faults import harness


@pytest.fixture
def broker_down(monkeypatch):
    def refuse(*args, **kwargs):
        raise BrokerDown("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(apply_post_game, "delay", refuse)
    return monkeypatch


@pytest.mark.django_db(transaction=True)  # on_commit runs: the enqueue really fails
def test_a_report_whose_enqueue_failed_is_applied_by_the_sweep(broker_down, settings):
    from rest_framework.test import APIClient

    from config.celery import app
    from matches.models import Match
    from tests.matches.factories import confirm

    # The embedded mode, where the command applies what it finds (with a broker it
    # queues it: tests/faults/test_redis_restart.py).
    settings.CELERY_TASK_ALWAYS_EAGER = True
    broker_down.setitem(app.conf, "task_always_eager", True)

    play = harness.matches_in_play(2)[0]  # a division needs 4 teams
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {play['token']}")
    answer = api.post(play["path"], play["body"], format="json")
    assert answer.status_code == 201  # the coach is told it is accepted, not a 500
    # The other coach confirms: the post-game is owed, and its enqueue fails.
    confirm(Match.objects.get(pk=play["match"]))
    assert harness.owed() and not PostGameApplication.objects.exists()

    broker_down.delattr(apply_post_game, "delay")  # the broker is back
    out = io.StringIO()
    call_command("sweep_post_games", stdout=out)
    assert "1 owed post-game(s) applied; 0 still owed." in out.getvalue()
    harness.assert_every_post_game_applied_once([play["match"]])
    assert sweep_post_games() == 0  # nothing left to do
