"""Re-recording a level play-off result keeps how it was settled."""

from __future__ import annotations

import pytest

from leagues import services
from leagues.models import DecidedBy
from tests.leagues.test_polish import blitz_bowl_playoffs, play_points  # noqa: F401

pytestmark = pytest.mark.django_db


def test_a_commissioners_decision_survives_recording_the_same_draw_again(
    blitz_bowl_playoffs,  # noqa: F811
    commissioner,
):
    _, (semi_1, _) = blitz_bowl_playoffs
    play_points(commissioner, semi_1, 1, 0, 5, 5)
    services.record_playoff_winner(commissioner, semi_1, winner=semi_1.away)

    # A corrected report that is still a 5-5 draw on points (touchdowns changed).
    again = play_points(commissioner, semi_1, 1, 1, 5, 5)
    assert again.winner_id == semi_1.away_id
    assert again.decided_by == DecidedBy.COMMISSIONER

    # A correction that breaks the draw lets the points decide.
    decided = play_points(commissioner, semi_1, 1, 1, 6, 5)
    assert decided.winner_id == semi_1.home_id
    assert decided.decided_by == DecidedBy.NORMAL
