"""The post-game sequence: run the league's ruleset's post-game on the match's seed
with the report and the coaches' decisions (BB2020 step 4: journeymen to hire,
players to retire; classic: the winner's re-roll of the winnings; the coaches give
them through ``postgame_choices``), then apply it to both teams (``application``:
a Celery task)."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from matches.errors import MatchError
from matches.models import Match, PostGameApplication, Report, Sequence
from matches.services.dice import check_replay, sequence_dice, store_rolls, stored_rolls
from matches.services.locking import is_league_game
from matches.services.postgame.owed import owed_post_games  # noqa: F401  (its old home)
from matches.services.queue import queue_application
from matches.services.report.rows import events_of, payload_of
from matches.services.report_shapes import engine_report
from matches.services.rulesets import rules_for
from matches.services.sequence_json import choice_json, plain, steps_json
from matches.services.snapshots import SIDES, snapshot_states
from rules_engine.bb2020.postgame import TeamPostGame
from rules_engine.dice import Dice
from rules_engine.sequence import SequenceResult
from rules_engine.wording import as_plain, english
from teams.models import Team

Phase = PostGameApplication.Phase
# How long the coaches have for the hiring step before the commissioner may end it
# for a coach who has not said he is done (a league week, less a day's grace).
HIRING_DEADLINE = timedelta(days=6)

# BB2020's TeamPostGame names; a ruleset's own outcome adds more (classic's gate, FAME,
# dice, Spiralling Expenses and Improvement rolls; Blitz Bowl's points and ending).
TEAM_POST_GAME_FIELDS = frozenset(f.name for f in dataclasses.fields(TeamPostGame))
# A pending post-game choice's kind -> the answer key it takes, and the answer "none".
ANSWERS: dict[str, tuple[str, Any]] = {
    "hire_journeymen": ("hire_journeymen", []),
    "temporary_retirement": ("retire", []),
    "reroll_winnings": ("reroll_winnings", False),
    # BB2025 Masters of Undeath: the raised Lineman's position kept, None to let him go.
    "keep_raised": ("keep_raised", None),
}
# A pending choice whose answer the engine reads per side under the choice's own kind
# (``choices[kind][side]``), apart from the side's step-4 answer: BB2025's MVP nominees
# (step 3). Given by player id; a commissioner ending the waiting nominates the first
# eligible players in team-sheet order.
ANSWERS_BY_KIND = ("mvp_nominees", "awarded_touchdowns")


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
        "mvp_reason": english(mvp.reason) if mvp else None,
        "mvp_reason_said": as_plain(mvp.reason) if mvp else None,
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


def _hiring_step(match: Match) -> str | None:
    """The ruleset's post-game step that holds for the coaches (BB2020's step 4), if any."""
    return rules_for(match).hiring_step


class TeamsNow:
    """Each side's Treasury and Dedicated Fans as the teams' rows hold them now, read
    (both in one query) when first asked, or from ``teams`` (by side), rows the caller
    read in its transaction and has not changed since."""

    def __init__(self, match: Match, teams: Mapping[str, Team] | None = None) -> None:
        self.match = match
        self._read: dict[str, dict[str, int]] | None = None
        if teams is not None:
            self._read = {
                side: {"treasury": team.treasury, "dedicated_fans": team.dedicated_fans}
                for side, team in teams.items()
            }

    def __getitem__(self, side: str) -> dict[str, int]:
        if self._read is None:
            fixture = self.match.fixture
            rows = {
                pk: {"treasury": treasury, "dedicated_fans": fans}
                for pk, treasury, fans in Team.objects.filter(
                    pk__in=(fixture.home_id, fixture.away_id)
                ).values_list("pk", "treasury", "dedicated_fans")
            }
            self._read = {"home": rows[fixture.home_id], "away": rows[fixture.away_id]}
        return dict(self._read[side])


def _figures(
    match: Match, report: Report, now: TeamsNow | None = None
) -> dict[str, dict[str, int]]:
    """What each team holds for the post-game to read: the figures stored when its
    results were applied, else the teams' rows as they stand now."""
    stored = report.post_game_input or {}
    now = now if now is not None else TeamsNow(match)
    return {side: dict(stored[side]) if side in stored else now[side] for side in SIDES}


class Inputs:
    """What the post-game reads beside the answers (both teams' states with the figures
    held, the engine's report), made once for the runs of one service call with the
    same figures (``post_game_for``'s ``inputs``: a held run and its "so far" probe, the
    results' probe and the final run): the report, its events and the match do not
    change within a call; the figures are the key. Never kept beyond the call."""

    def __init__(self) -> None:
        self._made: dict[Any, tuple[dict[str, Any], Any]] = {}

    def of(
        self,
        match: Match,
        report: Report,
        figures: dict[str, dict[str, int]],
        events: list[dict[str, Any]],
    ) -> tuple[dict[str, Any], Any]:
        key = tuple(
            (held["treasury"], held["dedicated_fans"], held.get("fan_factor_shift", 0))
            for held in (figures[side] for side in SIDES)
        )
        if key not in self._made:
            self._made[key] = _inputs(match, report, figures, events)
        return self._made[key]


def _inputs(
    match: Match,
    report: Report,
    figures: dict[str, dict[str, int]],
    events: list[dict[str, Any]],
) -> tuple[dict[str, Any], Any]:
    states = snapshot_states(match, "match_teams")
    for side in SIDES:
        held = figures[side]
        states[side] = states[side].evolve(
            treasury=held["treasury"], dedicated_fans=held["dedicated_fans"]
        )
    return states, _moved_fans(engine_report(match, payload_of(report), events), figures)


def post_game_for(
    match: Match,
    report: Report,
    choices: dict[str, Any] | None,
    dice: Dice | None = None,
    *,
    hold: bool = False,
    figures: dict[str, dict[str, int]] | None = None,
    events: list[dict[str, Any]] | None = None,
    inputs: Inputs | None = None,
) -> Any:
    """The league's ruleset's post-game of ``report``, on the match's post-game seed (or
    ``dice``, e.g. a replay of the stored rolls). The players are the teams as they
    stood at kick-off; the Treasury and Dedicated Fans are what the teams held when
    the post-game read them (``figures``, by default ``_figures``): a purchase or
    another match's post-game since kick-off counts. ``hold``: the hiring step waits
    for each coach. ``events``: the report's, when the caller has read them;
    ``inputs``: the caller's, when it runs the post-game more than once. A
    ``SequenceResult`` whose ``teams`` hold each side's outcome once complete."""
    figures = figures if figures is not None else _figures(match, report)
    events = events if events is not None else events_of(report)
    inputs = inputs if inputs is not None else Inputs()
    states, engine = inputs.of(match, report, figures, events)
    # Answers kept under their kind (MVP nominees) stand whatever step-4 answers are tried.
    kept = report.post_game_choices or {}
    choices = {**{k: kept[k] for k in ANSWERS_BY_KIND if k in kept}, **(choices or {})}
    rules = rules_for(match)
    extra = {"hold_hiring": True} if hold else {}
    return rules.post_game(
        states["home"],
        states["away"],
        engine,
        dice or sequence_dice(match, match.post_game_seed),
        choices or None,
        is_league_game(match),
        **extra,
    )


def _moved_fans(engine: Any, figures: dict[str, dict[str, int]]) -> Any:
    """The report with each side's Fan Factor moved by ``fan_factor_shift``: a correction
    of an earlier match changed the team's Dedicated Fans after this match's pre-game
    read them ("Fan Factor = D3 + Dedicated Fans"), so its attendance moves with them."""
    shift = {side: figures[side].get("fan_factor_shift", 0) for side in SIDES}
    if not any(shift.values()):
        return engine
    moved = {
        side: dataclasses.replace(
            getattr(engine, side), fan_factor=max(0, getattr(engine, side).fan_factor + shift[side])
        )
        for side in SIDES
    }
    return dataclasses.replace(engine, **moved)


def _with_step_4_treasury(
    match: Match, choices: dict[str, Any], figures: dict[str, Any], now: TeamsNow
) -> dict[str, Any]:
    """``choices`` with each answered side's Treasury as step 4 leaves it (the stored
    figure once applied, else the team's row now): Expensive Mistakes read it."""
    if _hiring_step(match) is None:
        return choices
    given = copy.deepcopy(choices)
    for side, answer in given.items():
        if side not in SIDES:  # an answer kept under its kind (ANSWERS_BY_KIND)
            continue
        if "step_4_treasury" in figures.get(side, {}):
            answer["treasury"] = figures[side]["step_4_treasury"]
        else:
            answer["treasury"] = now[side]["treasury"]
    return given


# The report's fields ``run_post_game`` sets: what a caller that changed nothing else
# saves (the report saved whole wrote its every JSON column again).
RUN_FIELDS = (
    "post_game_choices",
    "post_game_complete",
    "results_ready",
    "post_game_result",
    "hiring_deadline",
)


def run_post_game(
    match: Match,
    report: Report,
    choices: dict[str, Any],
    *,
    events: list[dict[str, Any]] | None = None,
    teams: Mapping[str, Team] | None = None,
) -> SequenceResult:
    """Run the post-game as far as the coaches' answers take it and keep its result,
    choices and the rolls of its first steps on the report (the caller saves the
    report's ``RUN_FIELDS``). Where the ruleset holds at a hiring step, it waits there
    for each coach. RulesError for an answer the rules refuse. ``events``: the report's, when read;
    ``teams``: both teams' rows as they stand now, when the caller has them."""
    hiring = _hiring_step(match)
    now = TeamsNow(match, teams)
    stored = stored_rolls(report.post_game_result, hiring)
    figures = _figures(match, report, now)
    events = events if events is not None else events_of(report)
    inputs = Inputs()  # for the "so far" probe too
    result = post_game_for(
        match,
        report,
        _with_step_4_treasury(match, choices, figures, now),
        hold=hiring is not None,
        figures=figures,
        events=events,
        inputs=inputs,
    )
    check_replay(
        match, Sequence.POST_GAME, report.post_game_result, _before(result, hiring), hiring
    )
    report.post_game_choices = choices
    report.post_game_complete = result.complete
    report.results_ready = hiring is not None and any(s.step == hiring for s in result.steps)
    report.post_game_result = _result_json(result)
    if report.results_ready and not result.complete:
        report.post_game_result["teams"] = _so_far(match, report, figures, events, inputs)
    # The coaches' time runs from when the post-game first waits for them: at the
    # hiring step, or before it for BB2025's MVP nominations (step 3).
    waiting = report.results_ready or any(c.kind in ANSWERS_BY_KIND for c in result.pending)
    if waiting and report.hiring_deadline is None:
        report.hiring_deadline = timezone.now() + HIRING_DEADLINE
    # Rolls from the hiring step on are stored when the rest is applied (they read the
    # Treasury as it then stands).
    store_rolls(match, Sequence.POST_GAME, _before(result, hiring), report, stored=stored)
    return result


def _so_far(
    match: Match,
    report: Report,
    figures: dict[str, dict[str, int]],
    events: list[dict[str, Any]],
    inputs: Inputs | None = None,
) -> dict[str, dict[str, Any]]:
    """Each team's post-game up to the hiring step (result, winnings, fans, MVP, SPP,
    injuries), shown while the coaches hire and fire: nothing of what comes after."""
    nobody: dict[str, Any] = {side: {} for side in SIDES}
    probe = post_game_for(match, report, nobody, figures=figures, events=events, inputs=inputs)
    teams = {}
    for side, team in probe.teams.items():
        summary = team_summary(team)
        winnings = sum(
            c["amount"] for c in summary["treasury_changes"] if c["reason"] == "winnings"
        )
        summary.update(
            treasury_changes=[c for c in summary["treasury_changes"] if c["reason"] == "winnings"],
            expensive_mistake=None,
            hired_journeymen=[],
            released_journeymen=[],
            retired=[],
            treasury=figures[side]["treasury"] + winnings,
            so_far=True,
        )
        teams[side] = summary
    return teams


def _result_json(result: SequenceResult) -> dict[str, Any]:
    return {
        "complete": result.complete,
        "steps": steps_json(result),
        "pending": [choice_json(c) for c in result.pending],
        "teams": {side: team_summary(team) for side, team in _teams(result).items()},
    }


def _teams(result: SequenceResult) -> Mapping[str, Any]:
    """Each side's outcome of an edition's post-game result (a ``SequenceResult``
    subclass with ``teams``)."""
    teams: Mapping[str, Any] = getattr(result, "teams", {})
    return teams


def _before(result: SequenceResult, step: str | None) -> SequenceResult:
    """``result`` cut before ``step`` (the whole of it when there is no such step)."""
    if step is None:
        return result
    names = [s.step for s in result.steps]
    cut = names.index(step) if step in names else len(names)
    return dataclasses.replace(result, steps=result.steps[:cut])


def settle_status(match: Match, report: Report) -> None:
    """Waiting for the coaches: report_submitted; complete: post_game. Whatever can be
    applied now is queued for after the commit."""
    if report.post_game_complete:
        match.status = Match.Status.POST_GAME
    else:
        match.status = Match.Status.REPORT_SUBMITTED
    if report.post_game_complete or report.results_ready:
        queue_application(match, report)


def current_report(match: Match, read: Report | None = None) -> Report:
    """The match's current report (``read``: as the caller read it with the match)."""
    report = read if read is not None else match.reports.filter(is_current=True).first()
    if report is None:
        raise MatchError(_("%(match)s has no report yet.") % {"match": match.label})
    return report
