"""A match's pre-game and post-game as stored: the steps so far, the decisions
waiting (``yours`` marks the user's own), the numbers, the rolls.

Steps' titles, prompts and MVP reasons are read in the active language (the
sentences the rows keep, ``matches.services.sequence_json.shown``): read once per
request, so each coach of a match reads them in his own language."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.types import Actor
from matches.models import DiceRoll, Match, PostGameApplication, Report
from matches.permissions import may_answer_for
from matches.selectors.reads import current_report, dice_log
from matches.selectors.state import MatchState
from matches.services.sequence_json import shown, shown_steps
from teams.models import Team
from teams.selectors import value_breakdown


@dataclass(frozen=True)
class PendingChoice:
    """A decision the sequence waits for; ``yours``: the user may answer it."""

    side: str
    kind: str
    prompt: str
    options: dict[str, Any]
    yours: bool


@dataclass(frozen=True)
class SequenceState:
    """A pre-game or post-game as stored: steps, decisions waiting and the numbers."""

    started: bool
    complete: bool
    steps: list[dict[str, Any]] = field(default_factory=list)
    pending: list[PendingChoice] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    rolls: list[DiceRoll] = field(default_factory=list)
    applied: bool = False
    report: Report | None = None


def _pending(
    stored: dict[str, Any], user: Actor | None, match: Match, state: MatchState | None
) -> list[PendingChoice]:
    def yours(side: str) -> bool:
        return (
            state.may_answer_for(side) if state is not None else may_answer_for(user, match, side)
        )

    return [
        PendingChoice(
            side=c["side"],
            kind=c["kind"],
            prompt=shown(c, "prompt"),
            options=c["options"],
            yours=yours(c["side"]),
        )
        for c in stored.get("pending", [])
    ]


def _shown_teams(teams: dict[str, Any]) -> dict[str, Any]:
    """The post-game's per-team summaries with their MVP reasons in the active language."""
    return {
        side: (
            {**summary, "mvp_reason": shown(summary, "mvp_reason")}
            if isinstance(summary, dict) and summary.get("mvp_reason")
            else summary
        )
        for side, summary in teams.items()
    }


def pre_game_state(
    match: Match,
    user: Actor | None = None,
    *,
    state: MatchState | None = None,
    dice: list[DiceRoll] | None = None,
) -> SequenceState:
    """The pre-game so far: its steps with outcomes, the decisions waiting, the
    summary (fan factors, weather, journeymen, CTVs, petty cash, inducements,
    prayers, kicking team) and its rolls. ``state``: the request's, whose user's
    decisions are marked ``yours``; ``dice``: the match's whole dice log, when read."""
    stored = match.pre_game_result or {}
    return SequenceState(
        started=bool(stored),
        complete=bool(stored.get("complete")),
        steps=shown_steps(stored.get("steps", [])),
        pending=_pending(stored, user, match, state),
        summary=stored.get("summary", {}),
        rolls=(
            [roll for roll in dice if roll.sequence == "pre_game"]
            if dice is not None
            else list(dice_log(match).filter(sequence="pre_game"))
        ),
    )


def post_game_state(
    match: Match,
    user: Actor | None = None,
    *,
    state: MatchState | None = None,
    dice: list[DiceRoll] | None = None,
) -> SequenceState:
    """The current report's post-game: steps, decisions waiting (step 4), per team
    what it did (``summary`` is {"home": ..., "away": ...}), whether it is applied.
    ``state``: the request's (its report, its user's decisions); ``dice``: the
    match's whole dice log, when read."""
    report = state.report if state is not None else current_report(match)
    if report is None:
        return SequenceState(started=False, complete=False)
    stored = report.post_game_result or {}
    return SequenceState(
        started=bool(stored),
        complete=report.post_game_complete,
        steps=shown_steps(stored.get("steps", [])),
        pending=_pending(stored, user, match, state),
        summary=_shown_teams(stored.get("teams", {})),
        rolls=(
            [roll for roll in dice if roll.report_id == report.pk]
            if dice is not None
            else list(DiceRoll.objects.filter(report=report).order_by("index"))
        ),
        applied=PostGameApplication.objects.filter(
            report=report, phase=PostGameApplication.Phase.FINAL
        ).exists(),
        report=report,
    )


def live_team_figures(summary: dict[str, Any], team: Team) -> dict[str, Any]:
    """While the coaches hire and fire (step 4), the Treasury and TV a post-game shows
    are the team's own, as its sheet shows them now."""
    team.refresh_from_db(fields=["treasury", "dedicated_fans"])
    value = value_breakdown(team)
    return {
        **summary,
        "treasury": team.treasury,
        "team_value": value.team_value,
        "current_team_value": value.current_team_value,
    }
