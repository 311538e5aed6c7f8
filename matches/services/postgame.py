"""The post-game sequence: run the league's ruleset's post-game on the match's seed
with the report and the coaches' decisions (BB2020 step 4: journeymen to hire,
players to retire; classic: the winner's re-roll of the winnings), then apply it
to both teams (a Celery task), and close the match."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from leagues.services import record_result
from matches.errors import MatchError
from matches.models import Match, PostGameApplication, Report, Sequence
from matches.services._common import (
    answering_side,
    choice_json,
    is_league_game,
    lock_match,
    plain,
    require_play,
    require_status,
    snapshot_states,
    steps_json,
    store_rolls,
    team_of,
)
from matches.services.reports import events_of, payload_of
from matches.services.rulesets import rules_for
from matches.services.validation import engine_report, league_result
from rules_engine.bb2020.postgame import TeamPostGame
from rules_engine.dice import Dice, SeededDice
from rules_engine.sequence import SequenceResult

# BB2020's TeamPostGame names; a ruleset's own outcome adds more (classic's gate, FAME,
# dice, Spiralling Expenses and Improvement rolls; Blitz Bowl's points and ending).
TEAM_POST_GAME_FIELDS = frozenset(f.name for f in dataclasses.fields(TeamPostGame))
# A pending post-game choice's kind -> the answer key it takes, and the answer "none".
ANSWERS: dict[str, tuple[str, Any]] = {
    "hire_journeymen": ("hire_journeymen", []),
    "temporary_retirement": ("retire", []),
    "reroll_winnings": ("reroll_winnings", False),
}


def team_summary(team: Any) -> dict[str, Any]:
    """What the post-game did to one team, as plain data for pages and the API: BB2020's
    names (None where a ruleset has no such thing: Blitz Bowl's MVP, concession or
    Expensive Mistakes), then what the ruleset's outcome adds."""
    mvp, mistake, concession = team.mvp, team.expensive_mistake, team.concession
    summary = {
        "result": team.result,
        "touchdowns": team.touchdowns,
        "winnings": team.winnings,
        "treasury_changes": [
            {"reason": c.reason, "amount": c.amount} for c in team.treasury_changes
        ],
        "dedicated_fans_before": team.dedicated_fans_before,
        "dedicated_fans_roll": team.dedicated_fans_roll,
        "dedicated_fans_after": team.dedicated_fans_after,
        "concession": concession.as_dict() if concession else None,
        "mvp": mvp.player_id if mvp else None,
        "mvp_reason": mvp.reason if mvp else None,
        "spp": [s.as_dict() for s in team.spp if s.total],
        "dead": team.dead,
        "quit": team.quit,
        "miss_next_game": team.miss_next_game,
        "recovered": team.recovered,
        "niggling_injuries": team.niggling_injuries,
        "characteristic_losses": team.characteristic_losses,
        "advancement_eligible": list(team.advancement_options),
        "hired_journeymen": team.hired_journeymen,
        "released_journeymen": team.released_journeymen,
        "retired": team.retired,
        "expensive_mistake": mistake.as_dict() if mistake else None,
        "team_value": team.team_value,
        "current_team_value": team.current_team_value,
        "treasury": team.team.treasury,
        "dedicated_fans": team.team.dedicated_fans,
    }
    for item in dataclasses.fields(team):
        if item.name not in TEAM_POST_GAME_FIELDS:
            summary[item.name] = _as_data(getattr(team, item.name))
    return plain(summary)


def _as_data(value: Any) -> Any:
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if isinstance(value, (tuple, list)):
        return [_as_data(item) for item in value]
    return value


def post_game_for(
    match: Match, report: Report, choices: dict[str, Any] | None, dice: Dice | None = None
) -> Any:
    """The league's ruleset's post-game of ``report`` over both teams as they stood at
    kick-off, on the match's post-game seed (or ``dice``, e.g. a replay of the stored
    rolls). A ``SequenceResult`` whose ``teams`` hold each side's outcome once complete."""
    states = snapshot_states(match, "match_teams")
    return rules_for(match).post_game(
        states["home"],
        states["away"],
        engine_report(match, payload_of(report), events_of(report)),
        dice or SeededDice(match.post_game_seed),
        choices or None,
        is_league_game(match),
    )


def run_post_game(match: Match, report: Report, choices: dict[str, Any]) -> SequenceResult:
    """Run the post-game and keep its result, choices and new rolls on the report
    (the caller saves the report). RulesError for an answer the rules refuse."""
    result = post_game_for(match, report, choices)
    report.post_game_choices = choices
    report.post_game_complete = result.complete
    report.post_game_result = {
        "complete": result.complete,
        "steps": steps_json(result),
        "pending": [choice_json(c) for c in result.pending],
        "teams": {side: team_summary(team) for side, team in result.teams.items()},
    }
    store_rolls(match, Sequence.POST_GAME, result, report)
    return result


def settle_status(match: Match, report: Report) -> None:
    """Waiting for step 4 decisions: report_submitted; complete: post_game, and the
    application is queued for after the commit."""
    if report.post_game_complete:
        match.status = Match.Status.POST_GAME
        queue_application(match, report)
    else:
        match.status = Match.Status.REPORT_SUBMITTED


def queue_application(match: Match, report: Report) -> None:
    from matches.tasks import apply_post_game as task

    match_id, report_id = match.pk, report.pk
    # Robust: the report stands even if queueing fails; the task can be run again.
    transaction.on_commit(lambda: task.delay(match_id, report_id), robust=True)


def owed_post_games() -> list[tuple[int, int]]:
    """(match id, report id) of every current report whose post-game work is owed and
    ready to run now: what ``matches.tasks.apply_post_game`` does for them has not been
    done yet. A periodic sweep re-queues these (an enqueue lost while the broker was
    down, a worker killed mid-task); the task is idempotent, so a duplicate is harmless.
    """
    owed = Report.objects.filter(
        is_current=True, post_game_complete=True, application__isnull=True
    ).order_by("pk")
    return list(owed.values_list("match_id", "pk"))


def current_report(match: Match) -> Report:
    report = match.reports.filter(is_current=True).first()
    if report is None:
        raise MatchError(f"{match.label} has no report yet.")
    return report


def _ids(values: Iterable[Any], what: str) -> list[int]:
    ids = list(values or ())
    bad = [v for v in ids if isinstance(v, bool) or not isinstance(v, int)]
    if bad:
        raise MatchError(f"{what} are given by player id; {bad!r} are not ids")
    return ids


def submit_post_game_choices(
    actor: Any,
    match: Match,
    *,
    side: str | None = None,
    hire_journeymen: Iterable[int] = (),
    retire: Iterable[int] = (),
    reroll_winnings: bool | None = None,
) -> Report:
    """One side's post-game decisions: BB2020 step 4, the journeymen who played to hire
    for good (they lose Loner, cost their current value) and the players who suffered
    a Lasting Injury to retire temporarily; classic, whether the winner re-rolls the
    winnings D6. The answer is the side's whole answer: a decision waiting and not
    given is answered "none" (no hire, no retirement, no re-roll). Only that side's
    coach (or a commissioner) answers; when no decision is left the post-game
    completes and is queued for applying."""
    if reroll_winnings is not None and not isinstance(reroll_winnings, bool):
        raise MatchError(f"Re-rolling the winnings is yes or no, not {reroll_winnings!r}")
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.REPORT_SUBMITTED, doing="make post-game choices")
        report = current_report(match)
        pending = report.post_game_result.get("pending", [])
        side = answering_side(actor, match, {c["side"] for c in pending}, side)
        given = {
            "hire_journeymen": _ids(hire_journeymen, "Journeymen to hire"),
            "retire": _ids(retire, "Players to retire"),
            "reroll_winnings": reroll_winnings,
        }
        answer = {
            ANSWERS[c["kind"]][0]: copy.copy(ANSWERS[c["kind"]][1])
            for c in pending
            if c["side"] == side and c["kind"] in ANSWERS
        }
        answer.update({key: value for key, value in given.items() if value not in (None, [])})
        choices = copy.deepcopy(report.post_game_choices)
        choices[side] = answer
        run_post_game(match, report, choices)
        settle_status(match, report)
        report.save()
        match.save()
        return report


def record_league_result(match: Match, report: Report, actor: Any) -> None:
    """The final score (after a concession's award), the casualties each team caused
    and, where the ruleset scores games in points, the points go to the league, whose
    standings read them."""
    result = league_result(match, payload_of(report), events_of(report))
    conceded = result.pop("conceded_by")
    record_result(
        actor,
        match.fixture,
        conceded_by=team_of(match, conceded) if conceded else None,
        **result,
    )


def result_actor(match: Match, report: Report) -> Any:
    """Who the league result and the team changes are recorded as."""
    if report.submitted_by is not None:
        return report.submitted_by
    return match.fixture.home.coach


def apply_post_game(match_id: int, report_id: int) -> PostGameApplication | None:
    """Apply a complete post-game to both teams, once: the league result, then the
    teams' ledgers, fans, players and stats, in one transaction.

    Idempotent: the ``PostGameApplication`` row is unique per report and made in
    the same transaction as the effects, so a second run (a retried task, two
    workers) finds it and changes nothing. A report replaced by a correction
    meanwhile is not applied (None).
    """
    from matches.services.effects import apply_effects

    existing = PostGameApplication.objects.filter(report_id=report_id).first()
    if existing is not None:
        return existing
    with transaction.atomic():
        match = lock_match(match_id)
        report = Report.objects.get(pk=report_id, match=match)
        if not report.is_current or not report.post_game_complete:
            return None
        actor = result_actor(match, report)
        try:
            with transaction.atomic():
                application = PostGameApplication.objects.create(
                    report=report, match=match, applied_by=actor
                )
        except IntegrityError:
            return PostGameApplication.objects.get(report_id=report_id)
        record_league_result(match, report, actor)
        result = post_game_for(match, report, report.post_game_choices)
        apply_effects(application, result, actor)
        return application


def close_match(actor: Any, match: Match) -> Match:
    """The coaches are done with the post-game (its effects are applied): close it."""
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.POST_GAME, doing="close the match")
        report = current_report(match)
        if not PostGameApplication.objects.filter(report=report).exists():
            raise MatchError(
                f"The post-game of {match.label} is still being applied; try again shortly."
            )
        match.status = Match.Status.CLOSED
        match.closed_at = timezone.now()
        match.save(update_fields=["status", "closed_at", "updated_at"])
        return match
