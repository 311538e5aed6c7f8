"""Which later matches a correction replays: those of a team the corrected match, or a
match replayed before, had touched when they were played; a match of two untouched
teams read nothing the correction changes and stands."""

from __future__ import annotations

from leagues.models import Fixture
from matches.models import Match
from matches.services.corrections.rederivation import _in_reach


def _match(pk: int, home: int, away: int) -> Match:
    return Match(pk=pk, fixture=Fixture(home_id=home, away_id=away))


def test_a_match_played_before_its_teams_were_touched_stands() -> None:
    corrected = _match(1, 1, 2)
    later = [
        _match(2, 3, 4),  # round 2: neither team touched yet
        _match(3, 1, 3),  # round 2: team 1 touches team 3
        _match(4, 2, 5),  # round 2: team 2 touches team 5
        _match(5, 3, 6),  # round 3: team 3, touched, touches team 6
        _match(6, 4, 7),  # round 3: teams 4 and 7 still untouched
        _match(7, 7, 6),  # round 4: team 6 was touched in round 3
    ]
    assert [m.pk for m in _in_reach(corrected, later)] == [3, 4, 5, 7]
