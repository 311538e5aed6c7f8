"""What a correction re-derives: the post-game applications a report had (and what
they moved, ``footprint``), the later matches of the teams' story (``later_matches``),
unwound newest first before the corrected match is applied again (``unwind``) and
replayed in order after it (``replay``), and the coaches' answers and figures carried
to the corrected report (``carried_choices``, ``carried_input``).

A team's story is its matches in the order they were applied: a player's flags (Miss
Next Game served, a journeyman hired), SPP, value, and the team's Treasury, Dedicated
Fans and TV after each match follow from it. Every later match is replayed, whatever
the correction moved, so a flag a later match consumed is consumed again rather than
set anew; each replays on its stored answers and seed (keyed dice roll the same for
every purpose), its figures moved by what the correction changed before it."""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from django.db.models import Min, Q

from core.types import Actor
from leagues.models import Fixture
from matches.models import AppliedEffect, EffectKind, Match, PostGameApplication, Report
from matches.services.corrections.reversal import revert_effects
from matches.services.locking import lock_match
from matches.services.postgame.application import apply_final, apply_results
from matches.services.postgame.effects import FINAL_REASONS
from matches.services.postgame.sequence import ANSWERS, ANSWERS_BY_KIND, post_game_for
from matches.services.snapshots import SIDES, snapshot_states
from teams.models import Player, PlayerStatus, Team
from teams.selectors import value_breakdown
from teams.selectors.value import with_team_value

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


def shift(deltas: dict[int, list[int]], before: Footprint, after: Footprint) -> None:
    for team_id in set(before) | set(after):
        gold_before, fans_before = before.get(team_id, (0, 0))
        gold_after, fans_after = after.get(team_id, (0, 0))
        delta = deltas.setdefault(team_id, [0, 0])
        delta[0] += gold_after - gold_before
        delta[1] += fans_after - fans_before


def later_matches(match: Match, since: Any) -> list[Match]:
    """Matches applied after ``since`` by the match's teams, and by every team one of
    them played in such a match since (a post-game reads both sides' Dedicated Fans),
    in the order they were first applied. The teams' history bounds it, never the
    site."""
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
            return _in_reach(match, found)
        teams = reached


def _in_reach(match: Match, found: list[Match]) -> list[Match]:
    """Of ``found`` (in the order applied), the matches the correction can reach: those
    of a team the corrected match, or a match reached before, had touched by then. A
    match both of whose teams were untouched when it was played read nothing the
    correction changes, and is left as it is."""
    touched = {match.fixture.home_id, match.fixture.away_id}
    reached = []
    for later in found:
        teams = {later.fixture.home_id, later.fixture.away_id}
        if teams & touched:
            reached.append(later)
            touched |= teams
    return reached


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


def shown_before(report: Report) -> dict[str, dict[str, Any]]:
    """The figures a finished post-game shows for each team (``teams`` of its result),
    kept before a correction applies it again."""
    return copy.deepcopy((report.post_game_result or {}).get("teams") or {})


TeamValues = dict[int, tuple[int, int]]  # team id -> (TV, CTV)


def team_values(team_ids: tuple[int, ...] | list[int]) -> TeamValues:
    """The teams' TV and CTV now, as the team sheet reads them (one query)."""
    return {
        team.pk: (value.team_value, value.current_team_value)
        for team in with_team_value(Team.objects.filter(pk__in=list(team_ids)))
        for value in (value_breakdown(team),)
    }


def moved_values(before: TeamValues, after: TeamValues) -> TeamValues:
    return {
        pk: (after[pk][0] - before[pk][0], after[pk][1] - before[pk][1])
        for pk in before
        if pk in after
    }


def show_moved(
    report: Report,
    match: Match,
    before: dict[str, dict[str, Any]],
    deltas: dict[int, list[int]],
    values: TeamValues,
) -> None:
    """The figures a post-game applied again shows: what it showed before, its
    Treasury and Dedicated Fans moved by what the correction changed for the team up
    to and including this match, its TV and CTV by how much more (or less) this
    match's effects now move them (``values``). A finished post-game shows the team as
    read back when it was applied (``_as_on_the_sheet``); under a correction the gold
    is held until the end and the team holds what was bought since, so the row cannot
    be read back then."""
    teams = (report.post_game_result or {}).get("teams") or {}
    for side, team_id in (("home", match.fixture.home_id), ("away", match.fixture.away_id)):
        shown, old = teams.get(side), before.get(side) or {}
        if shown is None or "treasury" not in old:
            continue
        gold, fans = deltas.get(team_id, (0, 0))
        shown["treasury"] = max(0, old["treasury"] + gold)
        if "dedicated_fans" in old:
            shown["dedicated_fans"] = max(1, old["dedicated_fans"] + fans)
        tv, ctv = values.get(team_id, (0, 0))
        if "team_value" in old:
            shown["team_value"] = old["team_value"] + tv
        if "current_team_value" in old:
            shown["current_team_value"] = old["current_team_value"] + ctv


@dataclass
class Unwound:
    """A later match taken out of the teams' story, to be replayed after the
    corrected one: what it had applied and shown, and what its effects moved."""

    match: Match
    report: Report
    applications: list[PostGameApplication]
    footprint: Footprint
    shown: dict[str, dict[str, Any]]
    values: TeamValues  # the TV and CTV its effects moved

    @property
    def final(self) -> bool:
        return any(a.phase == PostGameApplication.Phase.FINAL for a in self.applications)

    @property
    def team_ids(self) -> tuple[int, int]:
        return (self.match.fixture.home_id, self.match.fixture.away_id)


def unwind(later: Match, actor: Actor) -> Unwound | None:
    """Invert a later match's post-game (None: it applied nothing)."""
    later = lock_match(later)
    report = later.reports.get(is_current=True)
    applications = active_applications(report)
    if not applications:
        return None
    teams = (later.fixture.home_id, later.fixture.away_id)
    before = team_values(teams)
    unwound = Unwound(
        later, report, applications, footprint(applications), shown_before(report), {}
    )
    for application in reversed(applications):
        revert_effects(application, actor)
    unwound.values = moved_values(team_values(teams), before)
    return unwound


def replay(unwound: Unwound, deltas: dict[int, list[int]], values: dict[int, list[int]]) -> None:
    """Apply an unwound match's post-game again, on its stored answers, its figures
    moved by what the correction changed so far (``deltas``: gold and Dedicated Fans;
    ``values``: TV and CTV; both moved on by this match)."""
    match, report = unwound.match, unwound.report
    moved = moved_input(report.post_game_input, match, deltas)
    report.post_game_input = carried_input(match, report, moved, unwound.applications)
    before = team_values(unwound.team_ids)
    owed = _sat_out(match) if unwound.final else []
    reapply(match, report, final=unwound.final)
    if owed:
        _serve(owed, active_applications(report)[-1])
    shift(deltas, unwound.footprint, footprint(active_applications(report)))
    if unwound.final and report.post_game_complete:
        now = moved_values(before, team_values(unwound.team_ids))
        for pk, was in unwound.values.items():
            if pk in now:
                carry = values.setdefault(pk, [0, 0])
                carry[0] += now[pk][0] - was[0]
                carry[1] += now[pk][1] - was[1]
        show_moved(
            report, match, unwound.shown, deltas, {k: (v[0], v[1]) for k, v in values.items()}
        )
    report.save()


def _sat_out(match: Match) -> list[Player]:
    """The players of the match's teams who owe a Miss Next Game now but were not on
    its teams at kick-off: the correction gave it to them (a death corrected to a
    serious injury), so this match, their team's next, is the one they sat out. Those
    at kick-off with one are served by the post-game itself (the engine's recovered)."""
    at_kick_off = {
        player.id
        for state in snapshot_states(match, "match_teams").values()
        for player in state.players
    }
    return list(
        Player.objects.select_for_update()
        .filter(
            team__in=(match.fixture.home_id, match.fixture.away_id),
            status=PlayerStatus.ACTIVE,
            miss_next_game=True,
        )
        .exclude(pk__in=at_kick_off)
    )


def _serve(players: list[Player], application: PostGameApplication) -> None:
    """The Miss Next Game served, kept as the post-game's effect (a later correction
    inverts it with the rest)."""
    for player in players:
        player.miss_next_game = False
        player.save(update_fields=["miss_next_game"])
    AppliedEffect.objects.bulk_create(
        AppliedEffect(
            application=application,
            kind=EffectKind.MISS_NEXT_GAME,
            team_id=player.team_id,
            player=player,
            before={"miss_next_game": True},
            after={"miss_next_game": False},
        )
        for player in players
    )


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
