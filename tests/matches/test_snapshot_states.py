"""A service reads both teams' states from the match's snapshot: the same text gives the
same states whichever row it was read on, and a changed snapshot is never read stale."""

from __future__ import annotations

import json

from matches.models import Match
from matches.services.snapshots import snapshot_states
from tests.matches.factories import snapshot_json


def test_a_snapshot_read_anew_gives_its_states_and_a_changed_one_its_own():
    first = snapshot_states(Match(match_teams=snapshot_json(3)), "match_teams")
    # The next service's row: the same text, decoded anew.
    again = Match(match_teams=json.loads(json.dumps(snapshot_json(3))))
    assert snapshot_states(again, "match_teams") == first
    assert first["home"].players[0].spp == 3
    # The snapshot written since (a row of the same match read after the change).
    changed = Match(match_teams=json.loads(json.dumps(snapshot_json(9))))
    assert snapshot_states(changed, "match_teams")["home"].players[0].spp == 9
