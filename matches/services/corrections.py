"""A commissioner's correction of a submitted report, at any time in an open season.

The corrected report becomes a new version (the old one stays as history). If the
old report's post-game was applied, every effect it had is inverted
(``effects.revert_effects``: a "correction" ledger entry per reversed entry, SPP,
Dedicated Fans, MNG, injuries, deaths, journeymen) and the post-game is run again
on the same stored seed, on the figures the teams held when it first read them,
moved by what the correction changes: the teams end as they would had the
corrected report been the first.

Later matches are re-derived in the order they were applied: a later post-game of
either team (or of a team one of them played since) whose Treasury or Dedicated
Fans the correction changed is inverted and applied again on the moved figures
(its Expensive Mistakes, its Dedicated Fans roll); one whose figures did not move
stands as it was. Purchases made between games stand: the gold is checked once
every change is in (``effects.settle_deferred``), and a treasury that would end
below zero refuses the correction with the reason. SPP a player already spent are
kept for now and listed for the commissioner (``SppShortfall``: grant them, or undo
the player's latest advancements with their value, ``settle_shortfall``).

Still refused: a returning player's number now worn by another, and a classic
Improvement roll made in the match and already taken. Pre-games of later matches
(petty cash, inducements) stand as they were played.
"""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.db.models import Min, Q
from django.utils import timezone

from config.types import Actor
from leagues.models import Fixture
from matches.errors import MatchError
from matches.models import (
    AppliedEffect,
    EffectKind,
    Match,
    PostGameApplication,
    Report,
    SppShortfall,
)
from matches.services._common import (
    SIDES,
    lock_match,
    log_match,
    require_commissioner,
    require_status,
    user_of,
)
from matches.services.application import apply_final, apply_results
from matches.services.effects import (
    FINAL_REASONS,
    deferred,
    revert_effects,
    revert_problems,
    settle_deferred,
)
from matches.services.postgame import (
    ANSWERS,
    ANSWERS_BY_KIND,
    current_report,
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
from matches.services.rulesets import rules_for
from matches.services.validation import POINTS_FIELDS, normalize_event
from teams.services import undo_advancement
from teams.services._common import lock_player, lock_team

Footprint = dict[int, tuple[int, int]]  # team id -> (gold, Dedicated Fans) a match moved


def active_applications(report: Report) -> list[PostGameApplication]:
    return list(report.applications.filter(reverted_at__isnull=True).order_by("id"))


def footprint(applications: list[PostGameApplication]) -> Footprint:
    """What the applications moved per team: gold (ledger) and Dedicated Fans."""
    moved: dict[int, tuple[int, int]] = {}
    for effect in AppliedEffect.objects.filter(
        application__in=applications, kind__in=(EffectKind.LEDGER, EffectKind.DEDICATED_FANS)
    ):
        gold, fans = moved.get(effect.team_id, (0, 0))
        if effect.kind == EffectKind.LEDGER:
            gold += effect.amount
        else:
            fans += effect.amount
        moved[effect.team_id] = (gold, fans)
    return moved


def _shift(deltas: dict[int, list[int]], before: Footprint, after: Footprint) -> None:
    for team_id in set(before) | set(after):
        gold_before, fans_before = before.get(team_id, (0, 0))
        gold_after, fans_after = after.get(team_id, (0, 0))
        delta = deltas.setdefault(team_id, [0, 0])
        delta[0] += gold_after - gold_before
        delta[1] += fans_after - fans_before


def later_matches(match: Match, since: Any) -> list[Match]:
    """Matches applied after ``since`` by the match's teams, and by every team one of
    them played in such a match (a post-game's dice are shared by both sides), in the
    order they were first applied. The teams' history bounds it, never the site."""
    first = Min(
        "applications__applied_at",
        filter=Q(applications__reverted_at__isnull=True, applications__report__is_current=True),
    )
    teams = {match.fixture.home_id, match.fixture.away_id}
    while True:
        # Two index look-ups (home, away) rather than an OR the database may scan.
        fixtures = set(Fixture.objects.filter(home_id__in=teams).values_list("pk", flat=True))
        fixtures |= set(Fixture.objects.filter(away_id__in=teams).values_list("pk", flat=True))
        found: list[Match] = list(
            Match.objects.filter(fixture_id__in=fixtures)
            .exclude(pk=match.pk)
            .annotate(first_applied=first)
            .filter(first_applied__gt=since)
            .select_related("fixture__home", "fixture__away", "fixture__season__league")
            .order_by("first_applied", "pk")
        )
        reached = teams | {m.fixture.home_id for m in found} | {m.fixture.away_id for m in found}
        if reached == teams:
            return found
        teams = reached


def moved_input(
    figures: dict[str, Any], match: Match, deltas: dict[int, list[int]]
) -> dict[str, Any]:
    """A later post-game's stored figures moved by what the correction changed so far."""
    moved = copy.deepcopy(figures or {})
    for side, team_id in (("home", match.fixture.home_id), ("away", match.fixture.away_id)):
        gold, fans = deltas.get(team_id, (0, 0))
        held = moved.get(side)
        if not held:
            continue
        held["treasury"] = max(0, held["treasury"] + gold)
        held["dedicated_fans"] = max(1, held["dedicated_fans"] + fans)
        held["fan_factor_shift"] = held.get("fan_factor_shift", 0) + fans
        if "step_4_treasury" in held:
            held["step_4_treasury"] = max(0, held["step_4_treasury"] + gold)
        held.pop("not_done", None)
    return moved


def reapply(match: Match, report: Report, *, final: bool) -> PostGameApplication:
    """Apply the report's post-game again as far as it had been (its results, and the
    rest when ``final``); the first application made."""
    made = []
    if report.results_ready:
        made.append(apply_results(match, report))
    if final and report.post_game_complete:
        made.append(apply_final(match, report, results_applied=report.results_ready))
    return made[0]


def rederive(later: Match, deltas: dict[int, list[int]], actor: Actor) -> None:
    """Invert and apply again a later match's post-game whose teams' figures moved."""
    teams = (later.fixture.home_id, later.fixture.away_id)
    if not any(any(deltas.get(t, (0, 0))) for t in teams):
        return  # the same figures give the same post-game
    later = lock_match(later)
    report = later.reports.get(is_current=True)
    applications = active_applications(report)
    if not applications:
        return
    before = footprint(applications)
    moved = moved_input(report.post_game_input, later, deltas)
    report.post_game_input = carried_input(later, report, moved, applications)
    for application in reversed(applications):
        revert_effects(application, actor)
    final = any(a.phase == PostGameApplication.Phase.FINAL for a in applications)
    reapply(later, report, final=final)
    report.save()
    _shift(deltas, before, footprint(active_applications(report)))


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
    are left to answer. Answers kept under their kind (BB2025's MVP nominees) carry
    as they were.
    """
    kept = {kind: old[kind] for kind in ANSWERS_BY_KIND if kind in (old or {})}
    probe = post_game_for(match, report, kept or None)
    offered: dict[str, dict[str, Any]] = {side: {} for side in SIDES}
    for choice in probe.pending:
        if choice.kind in ANSWERS:
            offered[choice.side][ANSWERS[choice.kind][0]] = choice.options
    carried: dict[str, Any] = dict(kept)
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
    match: Match,
    report: Report,
    figures: dict[str, Any],
    applications: list[PostGameApplication],
) -> dict[str, Any]:
    """The figures a post-game first read (Treasury and Dedicated Fans when its results
    were applied, the Treasury step 4 left), for ``report`` applied again: the step 4
    Treasury moves by what changes in the gold of its results (a corrected score, or
    an attendance moved with the Dedicated Fans), as if it had come that way first."""
    figures = copy.deepcopy(figures or {})
    if not any("step_4_treasury" in (figures.get(side) or {}) for side in SIDES):
        return figures  # no hiring step read a Treasury (or none yet)
    results_gold: dict[int, int] = {}
    for application in applications:
        if application.phase == PostGameApplication.Phase.RESULTS:
            for effect in application.effects.filter(kind="ledger"):
                results_gold[effect.team_id] = results_gold.get(effect.team_id, 0) + effect.amount
    probe = post_game_for(match, report, {side: {} for side in SIDES}, figures=figures)
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
    actor: Actor,
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
        kept = {name: getattr(old, name) for name in POINTS_FIELDS} | old.team_extras
        payload = report_payload(
            home_touchdowns,
            away_touchdowns,
            conceded_by,
            conceded_at_setup_players,
            **{**kept, **{k: v for k, v in points.items() if v is not None}},
        )
        new_events = [normalize_event(e) for e in events] if events is not None else events_of(old)
        checked_report(match, payload, new_events)
        applications = active_applications(old)
        problems = []
        for application in applications:
            problems += revert_problems(application)
        if problems:
            raise MatchError(problems)
        later = later_matches(match, applications[0].applied_at) if applications else []
        for team_id in sorted(
            {t for m in [match, *later] for t in (m.fixture.home_id, m.fixture.away_id)}
        ):
            lock_team(team_id)
        old.is_current = False
        old.replaced_at = timezone.now()
        old.save(update_fields=["is_current", "replaced_at"])
        new = create_report(match, actor, payload, note=note)
        attach_events(match, new, new_events, actor)
        log_match(
            actor,
            "match.correct",
            f"report corrected to v{new.version}, {home_touchdowns}-{away_touchdowns} "
            f"(was {old.home_touchdowns}-{old.away_touchdowns}): {note}",
            match,
            report=new.pk,
            before={"report": old.pk, "score": [old.home_touchdowns, old.away_touchdowns]},
            after={"report": new.pk, "score": [home_touchdowns, away_touchdowns]},
        )
        final = any(a.phase == PostGameApplication.Phase.FINAL for a in applications)
        choices = carried_choices(match, new, old.post_game_choices, answer_all=final)
        if final and rules_for(match).hiring_step:  # both coaches were done: they stay done
            for side in SIDES:
                choices.setdefault(side, {})
        if not applications:
            run_post_game(match, new, choices)
            settle_status(match, new)
            new.save()
            match.save()
            return new
        # The answers kept under their kind (BB2025's MVP nominees) let the probe run on.
        new.post_game_choices = choices
        new.post_game_input = carried_input(match, new, old.post_game_input, applications)
        new.hiring_deadline = old.hiring_deadline
        with deferred() as held:
            before = footprint(applications)
            for application in reversed(applications):
                revert_effects(application, actor)
            run_post_game(match, new, choices)
            new.save()
            # Applied now, in this transaction: the teams end as the corrected report
            # would have left them, had it been the first.
            grant_to = reapply(match, new, final=final)
            deltas: dict[int, list[int]] = {}
            _shift(deltas, before, footprint(active_applications(new)))
            for other in later:
                rederive(other, deltas, actor)
            settle_deferred(held, grant_to)
        if not new.post_game_complete:
            settle_status(match, new)
        new.save()
        match.save()
        return new


def settle_shortfall(actor: Actor, shortfall: SppShortfall, decision: str) -> SppShortfall:
    """The commissioner's decision on SPP a correction took back from a player who had
    already spent them: ``grant`` (he keeps them) or ``undo`` (his latest advancements
    are undone, each with its value, until what he spent is covered by what he earned;
    the SPP kept for him go)."""
    if decision not in ("grant", "undo"):
        raise MatchError(f"Decide 'grant' or 'undo', not {decision!r}.")
    with transaction.atomic():
        match = lock_match(shortfall.report.match_id)
        require_commissioner(actor, match)
        shortfall = SppShortfall.objects.select_for_update().get(pk=shortfall.pk)
        if shortfall.status != SppShortfall.Status.OPEN:
            raise MatchError(f"This was decided already: {shortfall.get_status_display()}.")
        if decision == "undo":
            player, _ = lock_player(shortfall.player_id)
            while player.spp_spent > player.spp_earned - shortfall.spp and player.advancements:
                undo_advancement(actor, player)
                player.refresh_from_db()
            player.spp_earned -= shortfall.spp
            player.save(update_fields=["spp_earned"])
            # The SPP kept are gone: a later correction must not take them back again.
            grant = AppliedEffect.objects.filter(
                application__report=shortfall.report,
                kind=EffectKind.SPP_GRANT,
                player_id=shortfall.player_id,
                amount=shortfall.spp,
            ).first()
            if grant is not None:
                grant.delete()
        shortfall.status = (
            SppShortfall.Status.UNDONE if decision == "undo" else SppShortfall.Status.GRANTED
        )
        shortfall.decided_by = user_of(actor)
        shortfall.decided_at = timezone.now()
        shortfall.save(update_fields=["status", "decided_by", "decided_at"])
        return shortfall
