"""The coaches' hiring-step answers as a post-game's final phase can still carry them
out (``application.apply_final``): journeymen still offered and affordable with the
Treasury as it stands, retirements of players still on the team."""

from __future__ import annotations

import copy
from typing import Any

from matches.models import Match, Report
from matches.services.postgame.sequence import _hiring_step, post_game_for
from matches.services.report.rows import events_of
from matches.services.snapshots import SIDES
from teams.models import Player, PlayerStatus, Team


def _hireable(
    match: Match, report: Report, events: list[dict[str, Any]]
) -> dict[str, dict[Any, int]]:
    """Per side, the journeymen who played and could be hired, with their cost."""
    probe = post_game_for(match, report, None, hold=True, events=events)
    offered: dict[str, dict[Any, int]] = {side: {} for side in SIDES}
    for choice in probe.pending:
        if choice.kind == "hire_journeymen":
            offered[choice.side] = dict(choice.options.get("journeymen", {}))
    return offered


def final_answers(
    match: Match,
    report: Report,
    teams: dict[str, Team],
    events: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The coaches' step-4 answers as they can still be carried out now, with the
    Treasury each team holds (read by Expensive Mistakes). A journeyman no longer
    affordable (the Treasury dropped since the coach chose) or no longer on the team,
    or a retirement of a player who left, is not made: it is listed under
    ``not_done`` on the report, never dropped silently."""
    answers = copy.deepcopy(report.post_game_choices)
    if _hiring_step(match) is None:
        return answers
    asked = any(
        (answers.get(side) or {}).get("hire_journeymen")
        or (answers.get(side) or {}).get("retire")
        or (answers.get(side) or {}).get("keep_raised")
        for side in teams
    )
    offered: dict[str, dict[Any, int]] = {side: {} for side in SIDES}
    rows: list[tuple[Any, Any, bool]] = []
    if asked:  # nobody hires or retires: nothing to check against the teams as they are
        offered = _hireable(match, report, events if events is not None else events_of(report))
        on_teams = Player.objects.filter(team__in=teams.values(), status=PlayerStatus.ACTIVE)
        rows = list(on_teams.values_list("pk", "team_id", "journeyman"))
    for side, team in teams.items():
        answer = answers.setdefault(side, {})
        left = team.treasury
        signed = sum(1 for _, team_id, journeyman in rows if team_id == team.pk and not journeyman)
        active = {pk for pk, team_id, _ in rows if team_id == team.pk}
        hired, skipped = [], []
        left = (report.post_game_input.get(side) or {}).get("step_4_treasury", left)
        for pid in answer.get("hire_journeymen", []):
            cost = offered[side].get(pid)
            if cost is None or pid not in active:
                skipped.append({"player": pid, "why": "no longer a journeyman of the team"})
            elif cost > left:
                skipped.append({"player": pid, "why": f"costs {cost:,} gp; {left:,} gp left"})
            elif signed >= 16:
                skipped.append({"player": pid, "why": "the team already has 16 players"})
            else:
                hired.append(pid)
                left -= cost
                signed += 1
        if answer.get("keep_raised") and signed >= 16:  # Masters of Undeath: else he is lost
            skipped.append({"player": "The raised Lineman", "why": "the team has 16 players"})
            answer["keep_raised"] = None
        retire = [pid for pid in answer.get("retire", []) if pid in active]
        skipped += [
            {"player": pid, "why": "no longer on the team"}
            for pid in answer.get("retire", [])
            if pid not in active
        ]
        held = report.post_game_input.setdefault(side, {})
        # A correction carries the Treasury step 4 left, moved by what it changed before.
        held.setdefault("step_4_treasury", team.treasury)
        answer.update(hire_journeymen=hired, retire=retire, treasury=held["step_4_treasury"])
        if skipped:
            held["not_done"] = skipped
    return answers
