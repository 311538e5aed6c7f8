"""Writes of the matches app. Every service takes the acting user first, checks
``matches/permissions.py``, runs in ``transaction.atomic()``, locks the match row
(then the league's season and fixture, then the teams, lowest id first), calls
the rules engine, and raises a ``RulesError`` with every reason for the coach
(the API answers 400), ``PermissionDenied`` (403) or ``ReportConflict`` (409).

Every sequence is the league's ruleset's: ``rulesets.rules_for(match)`` is the one
place that asks the rules engine for it (its ``Edition``, ``rules_engine.edition_for``),
so a BB2020, classic or Blitz Bowl match runs through the same services.

Grouped by phase: ``pregame``, ``report`` (events, submission, confirmation),
``postgame`` (the sequence, the coaches' hiring step, its application) and
``corrections``. What the phases share is named for its idea: ``locking`` (the match
row locked alone, then its fixture, teams and league read), ``access`` (who may act),
``audit``, ``dice``, ``sequence_json``, ``snapshots``, ``rulesets``, ``queue`` and
the report's rules (``validation``, ``report_extras``, ``report_shapes``,
``hatred``).

Lifecycle, in order::

    open_match(actor, fixture) -> Match                                  scheduled
    start_pre_game(actor, match) -> Match                                pre_game
    submit_pre_game_choice(actor, match, *, kind, answer, side=None)     pre_game
    start_match(actor, match) -> Match                                   in_play
    add_event(actor, match, *, kind, player=..., ...) -> MatchEvent      in_play
    remove_event(actor, match, event) -> None                            in_play
    submit_report(actor, match, *, home_touchdowns, away_touchdowns, conceded_by="",
                  conceded_at_setup_players=None, events=None, idempotency_key=None,
                  **points) -> Submission                                confirming
    save_report_draft(actor, match, **report fields) -> Match            in_play
    confirm_report(actor, match) -> Report              report_submitted/post_game
    dispute_report(actor, match, *, note) -> Report                      confirming
    send_back_report(actor, match, *, note="") -> Match  (commissioner)  in_play
    settle_dispute(actor, match, *, home_touchdowns, ..., events=None, note) -> Report
                                       (commissioner)  report_submitted/post_game
    submit_post_game_choices(actor, match, *, side=None, hire_journeymen=(),
                             retire=(), reroll_winnings=None) -> Report  post_game
    apply_post_game(match_id, report_id) -> PostGameApplication | None   (Celery task)
    end_hiring_step(actor, match) -> Report          (commissioner, after the deadline)
    close_match(actor, match) -> Match                                   closed
    correct_report(actor, match, *, home_touchdowns, ..., events=None, note) -> Report
    settle_shortfall(actor, shortfall, decision) -> SppShortfall   ("grant" or "undo")
"""

from matches.services.corrections.correction import correct_report, settle_shortfall
from matches.services.postgame.application import apply_post_game
from matches.services.postgame.choices import (
    close_match,
    end_hiring_step,
    submit_post_game_choices,
)
from matches.services.postgame.sequence import post_game_for
from matches.services.pregame.sequence import (
    open_match,
    start_match,
    start_pre_game,
    submit_pre_game_choice,
)
from matches.services.report.confirmation import (
    confirm_report,
    dispute_report,
    save_report_draft,
    send_back_report,
    settle_dispute,
)
from matches.services.report.events import add_event, remove_event
from matches.services.report.submission import Submission, submit_report

__all__ = [
    "Submission",
    "add_event",
    "apply_post_game",
    "close_match",
    "confirm_report",
    "correct_report",
    "dispute_report",
    "end_hiring_step",
    "open_match",
    "post_game_for",
    "remove_event",
    "save_report_draft",
    "send_back_report",
    "settle_dispute",
    "settle_shortfall",
    "start_match",
    "start_pre_game",
    "submit_post_game_choices",
    "submit_pre_game_choice",
    "submit_report",
]
