"""Reads of the matches app, shaped for the match pages and the API.

Pages and endpoints read matches only through here (every name below is importable
from ``matches.selectors``):

- ``reads``: ``match_list(season=, team=, status=)`` / ``match_detail(pk)`` (matches
  with their fixture, teams, coaches, season and league in one query),
  ``match_for_fixture(fixture)``, ``has_match(fixture)``, ``fixtures_to_open()``,
  ``ruleset_of(match)`` (``RulesetRef``),
  ``draft_events(match)``, ``current_report(match)``, ``report_history(match)``,
  ``report_events(report)``, ``reported_events(match)``, ``kick_off_events(report)``,
  ``confirmation_state(match)``, ``players_who_played(match, side)``,
  ``dice_log(match)``, ``match_stamp(pk)`` (a live poll's one query),
  ``next_match_for(user)``, ``shortfalls(match)``.
- ``state``: ``match_state(match, user)`` (``MatchState``): a request's one read of a
  match, its teams, league, report, step, and what the user may do;
  ``permissions(user, match)`` (``MatchPermissions``): a page's buttons.
- ``sequences``: ``pre_game_state(match, user)`` / ``post_game_state(match, user)``:
  the steps so far, the decisions waiting (``yours`` marks the user's own), the
  numbers; ``live_team_figures`` while the coaches hire and fire.
- ``boards``: ``leaderboards(season=None, stat=..., limit=...)``,
  ``player_match_stats(player)``, ``seasons()``, ``teams_by_name()``.
- ``words``, ``pre_game_sheet``, ``post_game_sheet``: what the pages print, as typed
  values (``StepView``, ``SheetRow``, ``DiceGroup``, ``PostGameTeam``,
  ``HistoryEntry``): pure functions over what the services stored, no queries.
"""

from matches.selectors.boards import (
    LEADERBOARD_LIMIT,
    LEADERBOARD_STATS,
    MAX_LEADERBOARD_LIMIT,
    leaderboards,
    player_match_stats,
    seasons,
    teams_by_name,
)
from matches.selectors.post_game_sheet import (
    HistoryEntry,
    PlayerRef,
    PostGameTeam,
    SppLine,
    history_entries,
    post_game_rows,
    post_game_team,
)
from matches.selectors.pre_game_sheet import (
    DiceGroup,
    DiceRow,
    DieLine,
    SheetRow,
    StepView,
    dice_groups,
    pre_game_rows,
    step_views,
)
from matches.selectors.reads import (
    EVENT_RELATED,
    IN_PROGRESS,
    MATCH_RELATED,
    ConfirmationState,
    NextMatch,
    RulesetRef,
    confirmation_state,
    current_report,
    dice_log,
    draft_event,
    draft_events,
    fixtures_to_open,
    has_match,
    kick_off_events,
    match_detail,
    match_for_fixture,
    match_list,
    match_stamp,
    next_match_for,
    players_who_played,
    report_events,
    report_history,
    reported_events,
    ruleset_of,
    shortfalls,
)
from matches.selectors.sequences import (
    PendingChoice,
    SequenceState,
    live_team_figures,
    post_game_state,
    pre_game_state,
)
from matches.selectors.state import MatchPermissions, MatchState, match_state, permissions
from matches.selectors.words import (
    CHARACTERISTICS,
    bought_text,
    engine_ruleset,
    event_text,
    player_names,
    position_name,
    roll_text,
    running_score,
    team_names,
)

__all__ = [
    "MatchState",
    "match_state",
    "CHARACTERISTICS",
    "EVENT_RELATED",
    "IN_PROGRESS",
    "LEADERBOARD_LIMIT",
    "LEADERBOARD_STATS",
    "MATCH_RELATED",
    "MAX_LEADERBOARD_LIMIT",
    "ConfirmationState",
    "DiceGroup",
    "DiceRow",
    "DieLine",
    "HistoryEntry",
    "MatchPermissions",
    "NextMatch",
    "PendingChoice",
    "PlayerRef",
    "PostGameTeam",
    "RulesetRef",
    "SequenceState",
    "SheetRow",
    "SppLine",
    "StepView",
    "bought_text",
    "confirmation_state",
    "current_report",
    "dice_groups",
    "dice_log",
    "draft_event",
    "draft_events",
    "engine_ruleset",
    "event_text",
    "fixtures_to_open",
    "has_match",
    "history_entries",
    "kick_off_events",
    "leaderboards",
    "live_team_figures",
    "match_detail",
    "match_for_fixture",
    "match_list",
    "match_stamp",
    "next_match_for",
    "permissions",
    "player_match_stats",
    "player_names",
    "players_who_played",
    "position_name",
    "post_game_rows",
    "post_game_state",
    "post_game_team",
    "pre_game_rows",
    "pre_game_state",
    "report_events",
    "report_history",
    "reported_events",
    "roll_text",
    "ruleset_of",
    "running_score",
    "seasons",
    "shortfalls",
    "step_views",
    "team_names",
    "teams_by_name",
]
