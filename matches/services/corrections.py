"""A commissioner's correction of a submitted report.

The corrected report becomes a new version (the old one stays as history);
if the old report's post-game was applied, every effect it had is inverted
(``effects.revert_effects``: a "correction" ledger entry per reversed entry,
SPP, Dedicated Fans, MNG, injuries, deaths, journeymen) and the post-game is
run again on the same stored seed and applied, in one transaction. The teams
end as they would had the corrected report been the first.

Limit: a correction is refused once either team has started another match
after this one's post-game was applied (that match's pre-game and post-game
were worked out from the state the correction would change), and when
inverting is no longer possible (SPP earned here already spent, gold taken
back that was spent since, a returning player's number now worn by another).
"""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from matches.errors import MatchError
from matches.models import Match, PostGameApplication, Report
from matches.services._common import (
    SIDES,
    lock_match,
    require_commissioner,
    require_status,
)
from matches.services.effects import FINAL_REASONS, revert_effects, revert_problems
from matches.services.postgame import (
    ANSWERS,
    apply_final,
    apply_results,
    current_report,
    lock_both,
    post_game_for,
    run_post_game,
    settle_status,
)
from matches.services.reports import (
    attach_events,
    checked_report,
    create_report,
    events_of,
    report_payload,
)
from matches.services.validation import POINTS_FIELDS, normalize_event


def later_match_problems(match: Match, application: PostGameApplication) -> list[str]:
    """Matches either team started (or had applied) after ``application``."""
    fixture = match.fixture
    teams = {fixture.home_id: fixture.home.name, fixture.away_id: fixture.away.name}
    involved = Q(fixture__home_id__in=teams) | Q(fixture__away_id__in=teams)
    later = (
        Match.objects.filter(involved)
        .exclude(pk=match.pk)
        .filter(
            Q(pre_game_started_at__gt=application.applied_at)
            | Q(
                applications__applied_at__gt=application.applied_at,
                applications__reverted_at__isnull=True,
            )
        )
        .select_related("fixture__home", "fixture__away")
        .distinct()
        .order_by("pk")
    )
    problems = []
    for other in later:
        names = [teams[t] for t in (other.fixture.home_id, other.fixture.away_id) if t in teams]
        problems.append(
            f"{' and '.join(names)} started {other.label} ({other.fixture}) after the post-game "
            f"of {match.label} was applied: only a team's latest match can be corrected"
        )
    return problems


# Of an answer carried to the corrected report, what is still on offer (by the pending
# choice's options); an answer key not listed carries as it was (a yes or no).
STILL_OFFERED = {
    "hire_journeymen": lambda options: set(options.get("journeymen", {})),
    "retire": lambda options: set(options.get("players", ())),
}
NONE = {key: none for key, none in ANSWERS.values()}  # an answer key's "none"


def carried_choices(
    match: Match, report: Report, old: dict[str, Any], *, answer_all: bool
) -> dict[str, Any]:
    """The coaches' answers of the old report that still apply to the new one (BB2020
    step 4's hires and retirements, classic's re-roll of the winnings).

    ``answer_all`` (the post-game must be applied at once): a side that had not
    answered, or anything newly on offer, is answered "none" (coaches may still
    retire players on the team pages). Otherwise sides that had not answered
    are left to answer.
    """
    probe = post_game_for(match, report, None)
    offered: dict[str, dict[str, Any]] = {side: {} for side in SIDES}
    for choice in probe.pending:
        if choice.kind in ANSWERS:
            offered[choice.side][ANSWERS[choice.kind][0]] = choice.options
    carried: dict[str, Any] = {}
    for side in SIDES:
        if not offered[side] or not (answer_all or side in old):
            continue
        before = old.get(side) or {}
        answer = {}
        for key, options in offered[side].items():
            given = before.get(key, NONE[key])
            if key in STILL_OFFERED:
                allowed = STILL_OFFERED[key](options)
                given = [p for p in given if p in allowed]
            answer[key] = given
        carried[side] = answer
    return carried


def carried_input(
    match: Match, old: Report, new: Report, applications: list[PostGameApplication]
) -> dict[str, Any]:
    """The figures the old report's post-game read (Treasury and Dedicated Fans when its
    results were applied, the Treasury step 4 left), for the corrected one: the step 4
    Treasury moves by what the correction changes in the gold of the results (more or
    fewer touchdowns, more or less winnings), as if the corrected report had come first."""
    figures = copy.deepcopy(old.post_game_input or {})
    if not figures:
        return figures
    results_gold: dict[int, int] = {}
    for application in applications:
        if application.phase == PostGameApplication.Phase.RESULTS:
            for effect in application.effects.filter(kind="ledger"):
                results_gold[effect.team_id] = results_gold.get(effect.team_id, 0) + effect.amount
    probe = post_game_for(match, new, {side: {} for side in SIDES}, figures=figures)
    for side in SIDES:
        held = figures.get(side) or {}
        if "step_4_treasury" not in held:
            continue
        gold = sum(
            c.amount for c in probe.teams[side].treasury_changes if c.reason not in FINAL_REASONS
        )
        team_id = match.fixture.home_id if side == "home" else match.fixture.away_id
        held["step_4_treasury"] = max(
            0, held["step_4_treasury"] + gold - results_gold.get(team_id, 0)
        )
        held.pop("not_done", None)
    return figures


def correct_report(
    actor: Any,
    match: Match,
    *,
    home_touchdowns: int,
    away_touchdowns: int,
    conceded_by: str | None = "",
    conceded_at_setup_players: int | None = None,
    events: list[dict[str, Any]] | None = None,
    note: str = "",
    **points: Any,
) -> Report:
    """Replace the current report with a corrected one (commissioners only).

    The arguments are a whole report as ``submit_report`` takes it; without
    ``events`` the current report's events are kept; ``points`` are a game scored
    in points' fields (``validation.POINTS_FIELDS``), those not given kept from the
    current report. ``note`` says why. Every
    reason the report or the correction cannot stand comes at once (RulesError)
    and nothing changes.
    """
    note = (note or "").strip()
    with transaction.atomic():
        match = lock_match(match)
        require_commissioner(actor, match)
        require_status(
            match,
            Match.Status.REPORT_SUBMITTED,
            Match.Status.POST_GAME,
            Match.Status.CLOSED,
            doing="correct the report",
        )
        if not note:
            raise MatchError("Say why the report is corrected; the coaches will read it.")
        old = current_report(match)
        kept = {name: getattr(old, name) for name in POINTS_FIELDS}
        payload = report_payload(
            home_touchdowns,
            away_touchdowns,
            conceded_by,
            conceded_at_setup_players,
            **{**kept, **{k: v for k, v in points.items() if v is not None}},
        )
        new_events = [normalize_event(e) for e in events] if events is not None else events_of(old)
        checked_report(match, payload, new_events)
        applications = list(old.applications.order_by("-id"))
        problems = []
        for application in applications:
            problems += revert_problems(application)
        if applications:
            problems = later_match_problems(match, applications[-1]) + problems
        if problems:
            raise MatchError(problems)
        old.is_current = False
        old.replaced_at = timezone.now()
        old.save(update_fields=["is_current", "replaced_at"])
        new = create_report(match, actor, payload, note=note)
        attach_events(match, new, new_events, actor)
        final = any(a.phase == PostGameApplication.Phase.FINAL for a in applications)
        choices = carried_choices(match, new, old.post_game_choices, answer_all=final)
        if final:  # both coaches were done with the hiring step: they stay done
            for side in SIDES:
                choices.setdefault(side, {})
        if applications:
            lock_both(match)
            new.post_game_input = carried_input(match, old, new, applications)
            for application in applications:
                revert_effects(application, actor)
            new.hiring_deadline = old.hiring_deadline
        run_post_game(match, new, choices)
        new.save()
        if applications:
            # Applied now, in this transaction: the teams end as the corrected report
            # would have left them, had it been the first.
            if new.results_ready:
                apply_results(match, new)
            if new.post_game_complete:
                apply_final(match, new, results_applied=new.results_ready)
            else:
                settle_status(match, new)
        else:
            settle_status(match, new)
        new.save()
        match.save()
        return new
