"""Writes of the leagues app. Every service takes the acting user first, checks
its permission (leagues/permissions.py), runs in ``transaction.atomic()``, locks the
season row (then the fixture) it changes, and raises a ``LeagueError`` with a
sentence for the coach or commissioner (the API answers 400) or
``PermissionDenied`` (403).

For the matches app: ``record_result(actor, fixture, *, home_touchdowns,
away_touchdowns, home_casualties, away_casualties, conceded_by=None,
home_points=None, away_points=None)`` when a match closes (points where the
league's ruleset scores games in points), and ``results_changed(fixture, actor=...)``
after changing a result any other way.
"""

from leagues.services.forfeits import (
    FORFEIT_CONCESSION,
    FORFEIT_KINDS,
    FORFEIT_UNPLAYED,
    award_forfeit,
    correct_forfeit,
    undo_forfeit,
)
from leagues.services.playoffs import (
    playoff_seeds,
    record_playoff_winner,
    resolve_sudden_death,
    start_playoffs,
)
from leagues.services.results import dock_points, record_result, results_changed
from leagues.services.rollover import (
    Rollover,
    awaiting_redraft,
    close_season,
    roll_over_season,
)
from leagues.services.schedule import generate_schedule, reschedule_fixture, schedule_friendly
from leagues.services.setup import (
    add_division,
    admit_team,
    create_league,
    enter_team,
    open_season,
    set_language,
    withdraw_team,
)

__all__ = [
    "FORFEIT_CONCESSION",
    "FORFEIT_KINDS",
    "FORFEIT_UNPLAYED",
    "Rollover",
    "add_division",
    "admit_team",
    "award_forfeit",
    "awaiting_redraft",
    "close_season",
    "correct_forfeit",
    "create_league",
    "dock_points",
    "enter_team",
    "generate_schedule",
    "open_season",
    "playoff_seeds",
    "record_playoff_winner",
    "record_result",
    "reschedule_fixture",
    "resolve_sudden_death",
    "results_changed",
    "roll_over_season",
    "schedule_friendly",
    "set_language",
    "start_playoffs",
    "undo_forfeit",
    "withdraw_team",
]
