"""Applying a report's post-game to both teams (the Celery task's work), once per
phase: its results (the steps before the coaches' hiring step) as soon as the report
is in, the rest (the hiring step's answers, Expensive Mistakes on the Treasury as it
then stands, the next game prepared) when the coaches are done. Each phase reads the
Treasury and Dedicated Fans the teams hold then, under their row locks, and keeps
them on the report (``Report.post_game_input``) for replays and corrections."""

from __future__ import annotations

import copy
from typing import Any

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from config.types import Actor
from leagues.services import record_result
from matches.errors import MatchError
from matches.models import DiceRoll, Match, PostGameApplication, Report, Sequence
from matches.services._common import SIDES, lock_match, store_rolls, team_of
from matches.services.effects import apply_effects
from matches.services.postgame import (
    Phase,
    _hiring_step,
    _result_json,
    post_game_for,
    run_post_game,
)
from matches.services.report_shapes import league_result
from matches.services.reports import events_of, payload_of
from teams.models import Player, PlayerStatus, Team
from teams.selectors import value_breakdown
from teams.services._common import lock_team


def record_league_result(
    match: Match, report: Report, actor: Actor, events: list[dict[str, Any]] | None = None
) -> None:
    """The final score (after a concession's award), the casualties each team caused
    and, where the ruleset scores games in points, the points go to the league, whose
    standings read them. ``events``: the report's, when the caller has read them."""
    events = events if events is not None else events_of(report)
    result = league_result(match, payload_of(report), events)
    conceded = result.pop("conceded_by")
    record_result(
        actor,
        match.fixture,
        conceded_by=team_of(match, conceded) if conceded else None,
        **result,
    )


def result_actor(match: Match, report: Report) -> User:
    """Who the league result and the team changes are recorded as."""
    if report.submitted_by is not None:
        return report.submitted_by
    return match.fixture.home.coach


def apply_post_game(match_id: int, report_id: int) -> PostGameApplication | None:
    """Apply whatever of the report's post-game is owed and ready, once: its results
    (the steps before the coaches' hiring step: league result, winnings, fans, SPP,
    injuries) as soon as the report is in, the rest (Expensive Mistakes, the next game
    prepared) when the coaches are done. Each phase runs in one transaction with both
    teams locked and reads the Treasury and Dedicated Fans as they stand then.

    Idempotent: a ``PostGameApplication`` row is unique per report and phase and made
    in the same transaction as its effects, so a second run (a retried task, two
    workers, the sweep) finds it and changes nothing. A report replaced by a
    correction meanwhile is not applied (None). Returns the latest application.
    """
    with transaction.atomic():
        match = lock_match(match_id)
        report = Report.objects.select_related("submitted_by").get(pk=report_id, match=match)
        if not report.is_current:
            return None
        done = {a.phase: a for a in PostGameApplication.objects.filter(report=report)}
        if Phase.FINAL in done:
            return done[Phase.FINAL]
        results_owed = report.results_ready and Phase.RESULTS not in done
        if not (results_owed or report.post_game_complete):
            return done.get(Phase.RESULTS)
        teams = lock_both(match)  # once, for both phases
        if results_owed:
            done[Phase.RESULTS] = apply_results(match, report, teams=teams)
        if report.post_game_complete:
            return apply_final(match, report, results_applied=Phase.RESULTS in done, teams=teams)
        return done.get(Phase.RESULTS)


def _create_application(match: Match, report: Report, phase: str) -> PostGameApplication:
    try:
        # No savepoint: a second application of the phase fails the whole transaction.
        with transaction.atomic(savepoint=False):
            return PostGameApplication.objects.create(
                report=report, match=match, phase=phase, applied_by=result_actor(match, report)
            )
    except IntegrityError:
        raise MatchError(f"The {phase} of {match.label}'s post-game is already applied") from None


def _applier(application: PostGameApplication) -> User:
    """Who the application acts as (``result_actor``, set when it was created)."""
    assert application.applied_by is not None, "an application is made with its actor"
    return application.applied_by


def lock_both(match: Match) -> dict[str, Team]:
    """Both teams of the match, locked lowest id first; by side."""
    fixture = match.fixture
    locked = {t.pk: lock_team(t) for t in sorted((fixture.home, fixture.away), key=lambda t: t.pk)}
    return {"home": locked[fixture.home_id], "away": locked[fixture.away_id]}


def apply_results(
    match: Match, report: Report, *, teams: dict[str, Team] | None = None
) -> PostGameApplication:
    """Phase ``results``: the league result and the effects of the steps before the
    hiring step, on the Treasury and Dedicated Fans the teams hold now (locked here,
    or ``teams`` as the caller locked them)."""
    teams = teams if teams is not None else lock_both(match)
    if not report.post_game_input:  # a correction carries the figures the first report read
        report.post_game_input = {
            side: {"treasury": team.treasury, "dedicated_fans": team.dedicated_fans}
            for side, team in teams.items()
        }
    application = _create_application(match, report, Phase.RESULTS)
    events = events_of(report)
    record_league_result(match, report, _applier(application), events)
    # The league may have paid a team (a play-off's prizes) on a lock of its own.
    teams.update(lock_both(match))
    # The whole sequence with nobody hiring: only its steps before hiring are applied.
    probe = post_game_for(match, report, {side: {} for side in SIDES}, events=events)
    actor = _applier(application)
    apply_effects(application, probe, actor, phase=Phase.RESULTS, teams=teams, events=events)
    run_post_game(match, report, report.post_game_choices, events=events)
    report.save()
    return application


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


def apply_final(
    match: Match,
    report: Report,
    *,
    results_applied: bool,
    teams: dict[str, Team] | None = None,
) -> PostGameApplication:
    """Phase ``final``: the hiring step's answers and what follows it (BB2020:
    Expensive Mistakes on the Treasury as it stands now, the next game prepared), or,
    for a ruleset that never holds, the whole post-game on the teams as they stand."""
    teams = teams if teams is not None else lock_both(match)
    if not results_applied and not report.post_game_input:
        report.post_game_input = {
            side: {"treasury": team.treasury, "dedicated_fans": team.dedicated_fans}
            for side, team in teams.items()
        }
    application = _create_application(match, report, Phase.FINAL)
    events = events_of(report)
    if not results_applied:
        record_league_result(match, report, _applier(application), events)
    answers = final_answers(match, report, teams, events)
    if not results_applied:
        teams.update(lock_both(match))  # the league may have paid a team (its own lock)
    result = post_game_for(match, report, answers, events=events)
    phase = Phase.FINAL if results_applied else None
    apply_effects(
        application, result, _applier(application), phase=phase, teams=teams, events=events
    )
    DiceRoll.objects.filter(report=report, sequence=Sequence.POST_GAME).delete()
    store_rolls(match, Sequence.POST_GAME, result, report, replaced=True)
    report.post_game_result = _result_json(result)
    _as_on_the_sheet(report, teams)
    report.save()
    return application


def _as_on_the_sheet(report: Report, teams: dict[str, Team]) -> None:
    """The figures the post-game shows for each team, read back from the team as the
    team sheet reads it (Treasury, TV, CTV, Dedicated Fans), with anything of the
    coach's answer that could not be done."""
    now = dict(
        (pk, (treasury, fans))
        for pk, treasury, fans in Team.objects.filter(
            pk__in=[t.pk for t in teams.values()]
        ).values_list("pk", "treasury", "dedicated_fans")
    )
    for side, team in teams.items():
        shown = report.post_game_result.setdefault("teams", {}).setdefault(side, {})
        team.treasury, team.dedicated_fans = now[team.pk]
        value = value_breakdown(team)
        shown.update(
            treasury=team.treasury,
            dedicated_fans=team.dedicated_fans,
            team_value=value.team_value,
            current_team_value=value.current_team_value,
            not_done=(report.post_game_input.get(side) or {}).get("not_done", []),
        )
