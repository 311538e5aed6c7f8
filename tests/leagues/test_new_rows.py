"""``new_row`` makes the instance ``model(**values)`` makes (issue 15: without Django's
keyword loop): the same fields and defaults, the related objects cached as Django caches
them, a fresh default each time, Django's own ``__init__`` for what it does not take."""

from __future__ import annotations

from typing import Any

import pytest
from django.db.models.signals import post_init

from leagues.new_rows import new_row
from matches.models import AppliedEffect, DiceRoll
from teams.models import TreasuryEntry
from tests.factories import TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def _shape(obj: Any) -> Any:
    fields = {k: v for k, v in obj.__dict__.items() if k != "_state"}
    cache = obj._state.__dict__.get("fields_cache", {})
    return type(obj), fields, (obj._state.db, obj._state.adding), cache


def test_rows_are_those_djangos_init_makes():
    team, user = TeamFactory(), UserFactory()
    cases = [
        (AppliedEffect, {"application_id": 3, "kind": "ledger", "team": team, "amount": 5}),
        (AppliedEffect, {"application_id": 3, "kind": "spp", "team_id": team.pk, "player": None}),
        (TreasuryEntry, {"team": team, "amount": 1, "reason": "winnings", "created_by": user}),
        (DiceRoll, {"match_id": 1, "report_id": None, "sequence": "pre_game", "index": 0}),
    ]
    for model, values in cases:
        made, expected = new_row(model, **values), model(**values)
        assert _shape(made) == _shape(expected), model
    assert new_row(AppliedEffect, team=team).team is team  # cached, no query


def test_a_default_is_made_anew_for_each_row():
    first, second = new_row(AppliedEffect), new_row(AppliedEffect)
    first.before["x"] = 1
    assert second.before == {} and AppliedEffect().before == {}


def test_what_it_does_not_take_is_djangos_to_refuse():
    with pytest.raises(TypeError, match="unexpected keyword"):
        new_row(DiceRoll, no_such_field=1)
    team = TeamFactory()
    both = {"team": team, "team_id": team.pk + 1}  # both ways: Django's order decides
    assert _shape(new_row(AppliedEffect, **both)) == _shape(AppliedEffect(**both))


def test_a_post_init_receiver_hears_of_the_row():
    heard: list[Any] = []

    def receiver(sender: Any, instance: Any, **kwargs: Any) -> None:
        heard.append(instance)

    post_init.connect(receiver, sender=DiceRoll)
    try:
        made = new_row(DiceRoll, match_id=1)
    finally:
        post_init.disconnect(receiver, sender=DiceRoll)
    assert heard == [made]
