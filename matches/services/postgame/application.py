"""Applying a report's post-game to both teams (the Celery task's work), once per
phase: its results (the steps before the coaches' hiring step) as soon as the report
is in, the rest (the hiring step's answers, Expensive Mistakes on the Treasury as it
then stands, the next game prepared) when the coaches are done. Each phase reads the
Treasury and Dedicated Fans the teams hold then, under their row locks, and keeps
them on the report (``Report.post_game_input``) for replays and corrections."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Exists, F, JSONField, OuterRef, Q, Subquery
from django.db.models.functions import JSONObject
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from leagues.models import Fixture, League
from leagues.services import record_result
from leagues.services.bracket import pay_prizes_when_due, prizes_wait
from matches.errors import MatchError
from matches.models import DiceRoll, Match, PostGameApplication, Report, Sequence
from matches.services.dice import store_rolls, stored_rolls
from matches.services.locking import AFTER_KICK_OFF, KICK_OFF_TEXT, lock_with_report, team_of
from matches.services.postgame.effects import EffectsBatch, apply_effects
from matches.services.postgame.hiring import final_answers
from matches.services.postgame.sequence import (
    RUN_FIELDS,
    Inputs,
    Phase,
    _hiring_step,
    _result_json,
    post_game_for,
    run_post_game,
)
from matches.services.report.rows import WITH_EVENTS, JSONRows, events_of, payload_of
from matches.services.report_shapes import league_result
from matches.services.snapshots import SIDES
from teams.models import Player, PlayerStatus, Team
from teams.selectors import value_breakdown
from teams.selectors.value import with_team_value
from teams.services._common import lock_teams


def record_league_result(
    match: Match, report: Report, actor: Actor, events: list[dict[str, Any]] | None = None
) -> None:
    """The final score (after a concession's award), the casualties each team caused
    and, where the ruleset scores games in points, the points go to the league, whose
    standings read them. ``events``: the report's, when the caller has read them."""
    events = events if events is not None else events_of(report)
    result = league_result(match, payload_of(report), events)
    conceded = result.pop("conceded_by")
    # Whether the submitter is a commissioner, when read with the report (_APPLIED).
    known = getattr(report, "submitter_commissions", None)
    by_commissioner = known if actor == report.submitted_by and known is not None else None
    record_result(
        actor,
        match.fixture,
        conceded_by=team_of(match, conceded) if conceded else None,
        by_commissioner=by_commissioner,
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
    with transaction.atomic(), prizes_wait():
        match, read = lock_with_report(
            match_id,
            report_id,
            annotate={**_APPLIED, **WITH_EVENTS},
            defer=AFTER_KICK_OFF,
            texts=KICK_OFF_TEXT,
        )
        report = cast(Report, read)
        if not report.is_current:
            return None
        earlier = {p: getattr(report, f"{p}_applied") for p in (Phase.RESULTS, Phase.FINAL)}
        if earlier[Phase.FINAL] is not None:
            return PostGameApplication.objects.get(pk=earlier[Phase.FINAL])
        results_owed = report.results_ready and earlier[Phase.RESULTS] is None
        if not (results_owed or report.post_game_complete):
            found = earlier[Phase.RESULTS]
            return None if found is None else PostGameApplication.objects.get(pk=found)
        # Once for both phases: the teams locked, the events read, the rows written.
        teams = lock_both(match)
        events = events_of(report)
        batch, inputs = EffectsBatch(), Inputs()
        owed = [Phase.RESULTS] if results_owed else []
        owed += [Phase.FINAL] if report.post_game_complete else []
        made = _create_applications(match, report, *owed)
        if results_owed:
            apply_results(
                match,
                report,
                teams=teams,
                events=events,
                final_follows=report.post_game_complete,
                batch=batch,
                application=made[Phase.RESULTS],
                inputs=inputs,
            )
        if report.post_game_complete:
            applied = results_owed or earlier[Phase.RESULTS] is not None
            return apply_final(
                match,
                report,
                results_applied=applied,
                teams=teams,
                events=events,
                batch=batch,
                application=made[Phase.FINAL],
                application_is_first=True,  # no final application of the report, ever
                inputs=inputs,
            )
        return made[Phase.RESULTS]


# Which phases of a report are applied already (their application's id), and whether
# its submitter is a commissioner of the league (the league's audit of the result),
# read with it.
_APPLIED = {
    **{
        f"{phase}_applied": Subquery(
            PostGameApplication.objects.filter(report=OuterRef("pk"), phase=phase).values("pk")[:1]
        )
        for phase in (Phase.RESULTS, Phase.FINAL)
    },
    # The teams' active journeymen ({"id", "team"}): those the final phase releases.
    "journeymen_read": Subquery(
        Player.objects.filter(
            Q(team_id=OuterRef("match__fixture__home_id"))
            | Q(team_id=OuterRef("match__fixture__away_id")),
            status=PlayerStatus.ACTIVE,
            journeyman=True,
        )
        .order_by()
        .values("journeyman")
        .annotate(rows=JSONRows(JSONObject(id=F("id"), team=F("team_id"))))
        .values("rows")[:1],
        output_field=JSONField(),
    ),
    "submitter_commissions": Exists(
        League.commissioners.through.objects.filter(
            league_id=OuterRef("match__fixture__season__league_id"),
            user_id=OuterRef("submitted_by_id"),
        )
    ),
}


def _create_application(match: Match, report: Report, phase: str) -> PostGameApplication:
    return _create_applications(match, report, phase)[phase]


def _create_applications(
    match: Match, report: Report, *phases: str
) -> dict[str, PostGameApplication]:
    """The application rows of ``phases``. No savepoint: a second application of a
    phase fails the whole transaction."""
    actor = result_actor(match, report)
    try:
        with transaction.atomic(savepoint=False):
            made = [
                PostGameApplication.objects.create(
                    report=report, match=match, phase=phase, applied_by=actor
                )
                for phase in phases
            ]
    except IntegrityError:
        raise MatchError(
            _("The %(phases)s of %(match)s's post-game is already applied")
            % {"phases": " and ".join(phases), "match": match.label}
        ) from None
    return {application.phase: application for application in made}


def _applier(application: PostGameApplication) -> User:
    """Who the application acts as (``result_actor``, set when it was created)."""
    assert application.applied_by is not None, "an application is made with its actor"
    return application.applied_by


def lock_both(match: Match) -> dict[str, Team]:
    """Both teams of the match, locked lowest id first (one query); by side."""
    fixture = match.fixture
    locked = lock_teams(fixture.home_id, fixture.away_id)
    return {"home": locked[fixture.home_id], "away": locked[fixture.away_id]}


def _relock_after_league(match: Match, teams: dict[str, Team]) -> None:
    """The league may have paid a team on a lock of its own while recording the result
    (a play-off's prizes, paid once the bracket is decided): the rows are read anew,
    locked. A league fixture is recorded in the regular season, which pays nothing."""
    if match.fixture.kind != match.fixture.Kind.LEAGUE:
        teams.update(lock_both(match))


def apply_results(
    match: Match,
    report: Report,
    *,
    teams: dict[str, Team] | None = None,
    events: list[dict[str, Any]] | None = None,
    final_follows: bool = False,
    batch: EffectsBatch | None = None,
    application: PostGameApplication | None = None,
    inputs: Inputs | None = None,
) -> PostGameApplication:
    """Phase ``results``: the league result and the effects of the steps before the
    hiring step, on the Treasury and Dedicated Fans the teams hold now (locked here,
    or ``teams`` as the caller locked them). ``events``: the report's, when read;
    ``final_follows``: phase ``final`` is applied next in the same transaction, with
    ``batch``, and writes the rows, the post-game's result, its rolls and the report;
    ``application``: the phase's row, when the caller made it; ``inputs``: the
    post-game's, shared with the final phase the caller applies next."""
    teams = teams if teams is not None else lock_both(match)
    if not report.post_game_input:  # a correction carries the figures the first report read
        report.post_game_input = {
            side: {"treasury": team.treasury, "dedicated_fans": team.dedicated_fans}
            for side, team in teams.items()
        }
    if application is None:
        application = _create_application(match, report, Phase.RESULTS)
    events = events if events is not None else events_of(report)
    record_league_result(match, report, _applier(application), events)
    _relock_after_league(match, teams)
    # The whole sequence with nobody hiring: only its steps before hiring are applied.
    nobody: dict[str, Any] = {side: {} for side in SIDES}
    probe = post_game_for(match, report, nobody, events=events, inputs=inputs)
    actor = _applier(application)
    batch = batch if batch is not None else EffectsBatch()
    apply_effects(
        application, probe, actor, phase=Phase.RESULTS, teams=teams, events=events, batch=batch
    )
    if not final_follows:
        batch.finish()
        run_post_game(match, report, report.post_game_choices, events=events, teams=teams)
        report.save(update_fields=("post_game_input", *RUN_FIELDS))
    return application


def apply_final(
    match: Match,
    report: Report,
    *,
    results_applied: bool,
    teams: dict[str, Team] | None = None,
    events: list[dict[str, Any]] | None = None,
    batch: EffectsBatch | None = None,
    application: PostGameApplication | None = None,
    application_is_first: bool = False,
    inputs: Inputs | None = None,
) -> PostGameApplication:
    """``_apply_final``, the play-off prizes held until its effects are written, then
    paid where it finished the season's last play-offs (BB2025 facts section 10: prizes
    are paid after the last post-game sequence, never exposed to Expensive Mistakes)."""
    with prizes_wait():
        done = _apply_final(
            match,
            report,
            results_applied=results_applied,
            teams=teams,
            events=events,
            batch=batch,
            application=application,
            application_is_first=application_is_first,
            inputs=inputs,
        )
    fixture = match.fixture
    if fixture.kind == Fixture.Kind.PLAYOFF:
        pay_prizes_when_due(fixture.season, _applier(done), after_post_game=True)
    return done


def _apply_final(
    match: Match,
    report: Report,
    *,
    results_applied: bool,
    teams: dict[str, Team] | None = None,
    events: list[dict[str, Any]] | None = None,
    batch: EffectsBatch | None = None,
    application: PostGameApplication | None = None,
    application_is_first: bool = False,
    inputs: Inputs | None = None,
) -> PostGameApplication:
    """Phase ``final``: the hiring step's answers and what follows it (BB2020:
    Expensive Mistakes on the Treasury as it stands now, the next game prepared), or,
    for a ruleset that never holds, the whole post-game on the teams as they stand.
    ``events``: the report's, when the caller has read them; ``batch``: what phase
    ``results`` left to write in this transaction, written here; ``application``: the
    phase's row, when the caller made it; ``application_is_first``: the report's
    post-game was never applied this far (no rolls after the hiring step stored);
    ``inputs``: the post-game's, shared with the results phase applied before."""
    teams = teams if teams is not None else lock_both(match)
    if not results_applied and not report.post_game_input:
        report.post_game_input = {
            side: {"treasury": team.treasury, "dedicated_fans": team.dedicated_fans}
            for side, team in teams.items()
        }
    if application is None:
        application = _create_application(match, report, Phase.FINAL)
    events = events if events is not None else events_of(report)
    if not results_applied:
        record_league_result(match, report, _applier(application), events)
    answers = final_answers(match, report, teams, events)
    if not results_applied:
        _relock_after_league(match, teams)
    result = post_game_for(match, report, answers, events=events, inputs=inputs)
    phase = Phase.FINAL if results_applied else None
    batch = batch if batch is not None else EffectsBatch()
    actor = _applier(application)
    # The journeymen read with the report (None: not read with it, the phase reads them).
    journeymen = None
    if application_is_first and hasattr(report, "journeymen_read"):
        journeymen = report.journeymen_read or []
    apply_effects(
        application,
        result,
        actor,
        phase=phase,
        teams=teams,
        events=events,
        batch=batch,
        journeymen=journeymen,
    )
    batch.finish()
    shown = _result_json(result)
    _store_final_rolls(match, report, result, shown, first=application_is_first)
    report.post_game_result = shown
    _as_on_the_sheet(report, teams)
    # What this phase changed of the report (final_answers: ``not_done``, step 4's
    # Treasury, in its post_game_input).
    report.save(update_fields=("post_game_input", "post_game_result"))
    fixture = match.fixture
    versions.bump(leagues=[fixture.season.league_id], teams=[fixture.home_id, fixture.away_id])
    return application


def _store_final_rolls(
    match: Match, report: Report, result: Any, shown: dict[str, Any], *, first: bool
) -> None:
    """The post-game's rolls, all of them now: the rows of the steps before the hiring
    step were stored when the coaches were asked; applied for the first time with those
    steps as they were shown (the same outcomes from the same number of rolls, so the
    same rolls), only the rest is added; else every roll is stored anew."""
    hiring = _hiring_step(match)
    stored = report.post_game_result or {}

    def before(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
        names = [step["step"] for step in steps]
        return steps[: names.index(hiring)] if hiring in names else steps

    if first and before(stored.get("steps", [])) == before(shown["steps"]):
        store_rolls(match, Sequence.POST_GAME, result, report, stored=stored_rolls(stored, hiring))
        return
    DiceRoll.objects.filter(report=report, sequence=Sequence.POST_GAME).delete()
    store_rolls(match, Sequence.POST_GAME, result, report, replaced=True)


def _as_on_the_sheet(report: Report, teams: dict[str, Team]) -> None:
    """The figures the post-game shows for each team, read back from the team as the
    team sheet reads it (Treasury, TV, CTV, Dedicated Fans), with anything of the
    coach's answer that could not be done."""
    # Both teams read back with their TV's player sums, in one query.
    now = {
        t.pk: t for t in with_team_value(Team.objects.filter(pk__in=[t.pk for t in teams.values()]))
    }
    for side, team in teams.items():
        shown = report.post_game_result.setdefault("teams", {}).setdefault(side, {})
        read = now[team.pk]
        team.treasury, team.dedicated_fans = read.treasury, read.dedicated_fans
        value = value_breakdown(read)
        shown.update(
            treasury=team.treasury,
            dedicated_fans=team.dedicated_fans,
            team_value=value.team_value,
            current_team_value=value.current_team_value,
            not_done=(report.post_game_input.get(side) or {}).get("not_done", []),
        )
