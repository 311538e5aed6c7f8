"""The services after kick-off read the kick-off snapshot as its stored text (the field
deferred, ``_common.KICK_OFF_TEXT``): the states found by that text are those the
decoded field gives, a snapshot changed since is never read stale, and a field loaded
after all is what is read."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from matches.models import Match
from matches.services.locking import AFTER_KICK_OFF, KICK_OFF_TEXT, lock_match
from matches.services.snapshots import snapshot_states
from tests.matches.factories import league_match, snapshot_json

pytestmark = pytest.mark.django_db


def _locked(match_id: int) -> Match:
    return lock_match(match_id, defer=AFTER_KICK_OFF, texts=KICK_OFF_TEXT)


def test_the_snapshot_read_as_text_gives_the_states_of_the_field():
    match = league_match().match
    for spp in (3, 9, 4):  # each written anew, as kick-off (or a correction) writes it
        Match.objects.filter(pk=match.pk).update(match_teams=snapshot_json(spp))
        with transaction.atomic():
            locked = _locked(match.pk)
            assert "match_teams" not in locked.__dict__  # not decoded
            states = snapshot_states(locked, "match_teams")
        assert states["home"].players[0].spp == spp
        assert states == snapshot_states(Match.objects.get(pk=match.pk), "match_teams")


def test_a_snapshot_field_loaded_after_all_is_what_is_read():
    match = league_match().match
    Match.objects.filter(pk=match.pk).update(match_teams=snapshot_json(3))
    with transaction.atomic():
        locked = _locked(match.pk)
        assert locked.match_teams["home"]["players"][0]["spp"] == 3  # loaded now
        locked.match_teams = json.loads(json.dumps(snapshot_json(5)))  # and changed
        assert snapshot_states(locked, "match_teams")["home"].players[0].spp == 5


def test_an_empty_snapshot_gives_no_states():
    match = league_match().match
    Match.objects.filter(pk=match.pk).update(match_teams={})
    with transaction.atomic():
        assert snapshot_states(_locked(match.pk), "match_teams") == {}
