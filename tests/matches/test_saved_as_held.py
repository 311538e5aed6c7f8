"""Each match service saves what it changed, and only that (the report and the match
are saved with the fields each service sets, not whole): after every step of
a match, the report and the match the service hands back hold exactly what the
database holds. A field a service sets but forgets to save would show here."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import Model
from django.db.models.signals import post_save

from matches import services
from matches.models import Report
from tests.matches.factories import (
    POST_GAME_SEED,
    PRE_GAME_SEED,
    confirmer_of,
    event,
    league_match,
)

pytestmark = pytest.mark.django_db


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def unsaved(obj: Model) -> dict[str, tuple[Any, Any]]:
    """The fields whose value in ``obj`` differs from its row: (held, saved)."""
    row = type(obj)._default_manager.get(pk=obj.pk)
    differ = {}
    for field in obj._meta.concrete_fields:
        held, saved = _plain(getattr(obj, field.attname)), _plain(getattr(row, field.attname))
        if held != saved:
            differ[field.attname] = (held, saved)
    return differ


def _run(callbacks: list[Any]) -> None:
    for callback in callbacks:
        callback()


def test_every_step_of_a_match_saves_what_it_changed(django_capture_on_commit_callbacks):
    s = league_match()
    coaches = {"home": s.home_coach, "away": s.away_coach}
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    assert unsaved(match) == {}
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        answer = {
            "inducements": {},
            "kick_or_receive": "receive",
            "journeymen_position": (choice["options"].get("positions") or [None])[0],
        }[choice["kind"]]
        match = services.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=answer
        )
        assert unsaved(match) == {}
    match = services.start_match(s.away_coach, match)
    assert unsaved(match) == {}
    home, away = s.players("home"), s.players("away")
    for e in (
        event("touchdown", home[0]),
        event("casualty", home[1], victim=away[0].pk),
        event("injury", away[0], injury="badly_hurt"),
    ):
        services.add_event(s.home_coach, match, **e)
    # Each service's own writes are compared before what it queues for after the commit
    # (the post-game's task, which writes the report in a transaction of its own) runs.
    with django_capture_on_commit_callbacks() as queued:
        submission = services.submit_report(
            s.home_coach, match, home_touchdowns=1, away_touchdowns=0, seed=POST_GAME_SEED
        )
    assert unsaved(submission.report) == {}
    _run(queued)
    with django_capture_on_commit_callbacks() as queued:
        report = services.confirm_report(confirmer_of(match), match)
    assert report.confirmation == report.Confirmation.CONFIRMED
    assert unsaved(report) == {}
    _run(queued)
    pending = dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", []))
    assert pending, "the hiring step waits for each coach"
    for side in pending:
        with django_capture_on_commit_callbacks() as queued:
            report = services.submit_post_game_choices(coaches[side], match, side=side)
        assert unsaved(report) == {}
        _run(queued)
    report.refresh_from_db()
    assert report.post_game_complete  # applied by the task after the last answer
    closed = services.close_match(s.home_coach, match)
    assert unsaved(closed) == {}


def test_every_report_saved_in_a_match_holds_what_its_service_set(
    django_capture_on_commit_callbacks,
):
    """Each time a service saves a report (the post-game's application included, which
    hands back no report), the report as the service holds it is what its row holds."""
    checked = []

    def check(sender, instance, update_fields=None, raw=False, **kwargs):
        assert unsaved(instance) == {}, update_fields
        checked.append(update_fields)

    post_save.connect(check, sender=Report, dispatch_uid="test_saved_as_held")
    try:
        test_every_step_of_a_match_saves_what_it_changed(django_capture_on_commit_callbacks)
    finally:
        post_save.disconnect(sender=Report, dispatch_uid="test_saved_as_held")
    assert len(checked) >= 4  # submitted, confirmed, each answer, applied
