"""The post-game sequence (league facts section 4, p.69-73), in order.

1. outcome_and_winnings   2. dedicated_fans        3. player_advancement
4. hiring_and_firing      5. expensive_mistakes    6. prepare_for_next_game

``post_game`` runs them over both teams (home first for every roll) and
returns a ``PostGameResult``: the steps with their rolls, and per team the
changes to apply (gold per reason, Dedicated Fans, SPP, injuries, deaths,
advancement options, hires) and the ``TeamState`` for the next game.

``home`` and ``away`` are the teams as they stood for this game, journeymen
included: a player marked MNG there missed this game and comes back after it.

Coach decisions of step 4 come in ``choices``, keyed by side::

    {"home": {"hire_journeymen": [id, ...], "retire": [id, ...],
              "fire": [id, ...], "treasury_spent": 0, "treasury": 120000}, "away": {...}}

``treasury`` (optional) is the Treasury the team holds when its coach is done with
step 4, as a league keeps it: what the coach bought from the team's pages during the
step is already out of it (and recorded there), so the sequence takes no gold for it.
The journeymen hired in the answer are paid from it and Expensive Mistakes (step 5)
roll on what is left: "Expensive Mistakes on what is left" (facts section 4).

A side's entry is its whole answer (a missing key means none). Without one,
a side with a journeyman to hire or an injured player to retire leaves step 4
pending and the sequence stops there (Expensive Mistakes read the Treasury
after it): call again with the same seed and the answers. Step 3 lists the
advancements each player can afford; the teams app applies the coach's pick
with ``advancement.take_advancement``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from rules_engine.bb2020.advancement import (
    AdvancementOption,
    advancement_choice,
    advancement_options,
)
from rules_engine.bb2020.conceding import MINIMUM_DEDICATED_FANS, ConcessionResult, concede

# Step 5 lives in its own module; its names stay importable from here.
from rules_engine.bb2020.expensive_mistakes import (
    ExpensiveMistakeResult as ExpensiveMistakeResult,
)
from rules_engine.bb2020.expensive_mistakes import (
    expensive_mistake as expensive_mistake,
)
from rules_engine.bb2020.expensive_mistakes import (
    resolve_expensive_mistake as resolve_expensive_mistake,
)
from rules_engine.bb2020.report import SIDES, MatchReport, TeamReport, other_side
from rules_engine.bb2020.spp import MvpResult, SppEarned, most_valuable_player, spp_earned
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset, skill_key
from rules_engine.sequence import Choice, SequenceResult, StepResult, run_step
from rules_engine.team_value import current_team_value, player_current_value, team_value

RULESET = "bb2020"
GOLD_PER_TOUCHDOWN = 10_000  # "(Fan Attendance / 2 + its touchdowns) x 10,000 gp"
MAXIMUM_PLAYERS = 16  # "if the team has fewer than 16 players"
CHOICE_KEYS = ("hire_journeymen", "retire", "fire", "treasury_spent", "treasury")
# The pending Choice of a side whose step 4 waits for its coach (``hold_hiring``).
HIRING_CHOICE = "hiring"
RULE = "League facts section 4, Post-game sequence (p.69-73)"


def winnings(
    fan_attendance: int, touchdowns: int, conceded: bool = False, opponent_conceded: bool = False
) -> int:
    """Step 1, "Record outcome and winnings": "(Fan Attendance / 2 + its touchdowns) x 10,000 gp".

    No rounding: "an odd attendance gives a 5,000 step" (facts Decision). "A
    conceding team gets nothing; the winner then gets the full (unhalved)
    attendance plus its touchdowns." ``touchdowns`` is the team's final count
    as recorded, a concession's award included (``MatchReport.final_score``).
    """
    if fan_attendance < 0 or touchdowns < 0:
        raise RulesError("Fan Attendance and touchdowns cannot be negative")
    if conceded:
        return 0
    # Attendance x 5,000 is the halved attendance x 10,000 in whole gold pieces.
    attendance = fan_attendance * GOLD_PER_TOUCHDOWN
    return (attendance if opponent_conceded else attendance // 2) + touchdowns * GOLD_PER_TOUCHDOWN


def dedicated_fans_change(result: str, dedicated_fans: int, d6: int) -> int:
    """Step 2, "Dedicated Fans": "Winner rolls D6: >= DF -> DF +1. Loser rolls D6: < DF ->
    DF -1 (minimum 1). Draw: no change." Returns the change (+1, 0 or -1)."""
    if result not in ("win", "draw", "loss"):
        raise ValueError(f"a result is 'win', 'draw' or 'loss', not {result!r}")
    if result == "win":
        return 1 if d6 >= dedicated_fans else 0
    if result == "loss" and d6 < dedicated_fans and dedicated_fans > MINIMUM_DEDICATED_FANS:
        return -1
    return 0


@dataclass(frozen=True)
class TreasuryChange:
    """One gold movement, for the team's ledger: why, and how much (negative: spent/lost)."""

    reason: str
    amount: int


@dataclass(frozen=True)
class TeamPostGame:
    """Everything the post-game changed for one team, and its state for the next game."""

    side: str
    result: str
    touchdowns: int
    winnings: int
    treasury_changes: tuple[TreasuryChange, ...]
    dedicated_fans_before: int
    dedicated_fans_after: int
    dedicated_fans_roll: int | None
    concession: ConcessionResult | None
    mvp: MvpResult
    spp: tuple[SppEarned, ...]
    dead: tuple[Any, ...]
    quit: tuple[Any, ...]
    miss_next_game: tuple[Any, ...]
    recovered: tuple[Any, ...]
    niggling_injuries: tuple[Any, ...]
    characteristic_losses: tuple[tuple[Any, str], ...]
    advancement_options: Mapping[Any, tuple[AdvancementOption, ...]]
    advancement_choices: tuple[Choice, ...]
    hireable_journeymen: Mapping[Any, int]
    hired_journeymen: tuple[Any, ...]
    released_journeymen: tuple[Any, ...]
    retirable: tuple[Any, ...]
    retired: tuple[Any, ...]
    fired: tuple[Any, ...]
    expensive_mistake: ExpensiveMistakeResult
    team: TeamState
    team_value: int
    current_team_value: int

    @property
    def treasury_delta(self) -> int:
        return sum(change.amount for change in self.treasury_changes)

    @property
    def dedicated_fans_change(self) -> int:
        return self.dedicated_fans_after - self.dedicated_fans_before

    def spp_of(self, player_id: Any) -> int:
        return sum(s.total for s in self.spp if s.player_id == player_id)


@dataclass(frozen=True)
class PostGameResult(SequenceResult):
    """The post-game sequence: its steps (``SequenceResult``) and, once complete,
    each team's ``TeamPostGame``."""

    teams: Mapping[str, TeamPostGame] = field(default_factory=dict)

    @property
    def home(self) -> TeamPostGame | None:
        return self.teams.get("home")

    @property
    def away(self) -> TeamPostGame | None:
        return self.teams.get("away")


class PostGameWork:
    """One side's working state while the steps run (the steps fill it in order)."""

    def __init__(self, ruleset: Ruleset, side: str, team: TeamState, report: TeamReport) -> None:
        self.ruleset, self.side, self.report = ruleset, side, report
        self.before = self.team = team
        # Named as TeamPostGame's fields, which are built from it at the end.
        self.details: dict[str, Any] = {"treasury_changes": [], "dedicated_fans_roll": None}
        report.check_players(team)

    def gold(self, reason: str, amount: int) -> None:
        if amount:
            self.details["treasury_changes"].append(TreasuryChange(reason, amount))
            self.team = self.team.evolve(treasury=self.team.treasury + amount)

    def replace_players(self, players: tuple[PlayerState, ...]) -> None:
        self.team = self.team.evolve(players=players)

    def replace_player(self, player: PlayerState) -> None:
        self.replace_players(tuple(player if p.id == player.id else p for p in self.team.players))

    def changed(self, player_id: Any, **changes: Any) -> None:
        self.replace_player(self.team.player(player_id).evolve(**changes))


def outcome_and_winnings(
    work: Mapping[str, PostGameWork], report: MatchReport, dice: Dice
) -> dict[str, Any]:
    """Step 1, "Record outcome and winnings": the result, any concession's consequences
    (core rules, CONCEDING), winnings into the Treasury, injuries recorded and "Dead
    players are removed".

    Decisions: a concession's D3 off Dedicated Fans comes here, and step 2
    still applies to the conceder as the loser (the core text lists both);
    the conceder's players keep their touchdown SPP (the rule voids the
    team's score, not the players' achievements).
    """
    outcome: dict[str, Any] = {
        "score": dict(zip(SIDES, report.final_score, strict=True)),
        "fan_attendance": report.fan_attendance,
    }
    for side, w in work.items():
        dead = tuple(r.player_id for r in w.report if r.killed and not r.induced)
        concession = None
        if w.report.concession_penalty:
            concession = concede(w.team, dice, excluding=dead)
            w.team = concession.team
        gone = set(dead) | set(concession.quitters if concession else ())
        w.replace_players(tuple(p for p in w.team.players if p.id not in gone))
        injured = [r for r in w.report if not (r.induced or r.player_id in gone)]
        for r in injured:
            w.replace_player(r.apply_injuries(w.ruleset, w.team.player(r.player_id)))
        opponent = report.side(other_side(side))
        w.details.update(
            result=report.result(side),
            touchdowns=report.touchdowns(side),
            winnings=winnings(
                report.fan_attendance,
                report.touchdowns(side),
                conceded=w.report.concession_penalty,
                opponent_conceded=opponent.concession_penalty,
            ),
            dead=dead,
            quit=concession.quitters if concession else (),
            miss_next_game=tuple(r.player_id for r in injured if r.misses_next_game),
            niggling_injuries=tuple(r.player_id for r in injured if r.niggling_injuries),
            characteristic_losses=tuple(
                (r.player_id, r.lasting_injury) for r in injured if r.lasting_injury
            ),
        )
        w.gold("winnings", w.details["winnings"])
        outcome[side] = {k: v for k, v in w.details.items() if k in _STEP1_KEYS}
        outcome[side]["concession"] = concession.as_dict() if concession else None
        w.details["concession"] = concession
    return outcome


_STEP1_KEYS: tuple[str, ...] = ("result", "touchdowns", "winnings", "dead", "quit")
_STEP1_KEYS += ("miss_next_game", "niggling_injuries", "characteristic_losses")


def dedicated_fans(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 2, "Dedicated Fans": the winner rolls a D6 (>= DF: +1), the loser a D6
    (< DF: -1, minimum 1); a draw changes nothing and rolls nothing."""
    outcome = {}
    for side, w in work.items():
        before = w.team.dedicated_fans
        w.details["dedicated_fans_before"] = w.before.dedicated_fans
        roll = None
        if w.details["result"] != "draw":
            roll = dice.d6(f"Dedicated Fans: {side}")
            w.team = w.team.evolve(
                dedicated_fans=before + dedicated_fans_change(w.details["result"], before, roll)
            )
        w.details["dedicated_fans_roll"] = roll
        outcome[side] = {"before": before, "roll": roll, "after": w.team.dedicated_fans}
    return outcome


def player_advancement(
    work: Mapping[str, PostGameWork], dice: Dice, league: bool
) -> dict[str, Any]:
    """Step 3, "Player advancement": the MVP ("each coach randomly picks one player ...
    eligible to play"; none from a conceding team), SPP earned, and the advancements
    each player can now afford (options, not decisions: the coach may save SPP)."""
    outcome = {}
    for side, w in work.items():
        mvp = most_valuable_player(w.before, w.report, dice, side=side, league=league)
        earned = [
            spp_earned(r, r.player_id, mvp=r.player_id == mvp.player_id)
            for r in w.report
            if not r.induced
        ]
        if mvp.player_id is not None and w.report.player(mvp.player_id) is None:
            earned.append(spp_earned(None, mvp.player_id, mvp=True))
        on_sheet = {p.id for p in w.team.players}
        for spp in earned:
            if spp.player_id in on_sheet and spp.total:
                w.changed(spp.player_id, spp=w.team.player(spp.player_id).spp + spp.total)
        choices = [advancement_choice(w.ruleset, p, side) for p in w.team.players]
        w.details.update(mvp=mvp, spp=tuple(earned))
        outcome[side] = {
            "mvp": mvp.as_dict(),
            "spp": [s.as_dict() for s in earned if s.total],
            "advancement_choices": [c.options for c in choices if c is not None],
        }
    return outcome


def _hire_cost(work: PostGameWork, player: PlayerState) -> int:
    roster = work.team.roster(work.ruleset)
    return player_current_value(work.ruleset, roster, player.evolve(journeyman=False).value_input())


def hiring_and_firing(
    work: Mapping[str, PostGameWork],
    choices: Mapping[str, Any] | None,
    hold: bool = False,
) -> dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]:
    """Step 4, "Hiring, firing, temporarily retiring": "Journeymen who played may be hired
    permanently if the team has fewer than 16 players: they lose Loner, keep SPP, cost
    their current value. A player who suffered a Lasting Injury this game may be
    temporarily retired." Other purchases from the Treasury go in ``treasury_spent``
    (the teams app records what was bought).

    ``hold``: the step waits for every side's answer, even a side the sequence has
    nothing to ask (a league's coaches hire, fire and buy from their team pages
    during the step and say when they are done): such a side gets a ``hiring`` Choice.
    """
    outcome: dict[str, Any] = {}
    pending: list[Choice] = []
    for side, w in work.items():
        players = w.team.players
        hireable = {p.id: _hire_cost(w, p) for p in players if p.journeyman}
        retirable = tuple(
            pid for pid, _ in w.details["characteristic_losses"] if pid in {p.id for p in players}
        )
        w.details.update(hireable_journeymen=hireable, retirable=retirable)
        answer = (choices or {}).get(side)
        if answer is None:
            slots = MAXIMUM_PLAYERS - sum(not p.journeyman for p in players)
            hire = {"journeymen": hireable, "places": slots, "treasury": w.team.treasury}
            if hireable and slots > 0:
                pending.append(Choice(side, "hire_journeymen", "Hire journeymen?", hire))
            if retirable:
                retire = {"players": list(retirable)}
                pending.append(Choice(side, "temporary_retirement", "Retire anyone?", retire))
            asked = hireable and slots > 0 or retirable
            if hold and not asked:
                done = {"treasury": w.team.treasury}
                pending.append(Choice(side, HIRING_CHOICE, "Done with hiring and firing?", done))
            if hold or asked:
                continue
            answer = {}
        _apply_answer(w, answer)
        outcome[side] = {
            key: w.details[key]
            for key in ("hired_journeymen", "released_journeymen", "retired", "fired")
        }
        outcome[side]["treasury"] = w.team.treasury
    return (outcome, tuple(pending)) if pending else outcome


def _apply_answer(w: PostGameWork, answer: Mapping[str, Any]) -> None:
    unknown = set(answer) - set(CHOICE_KEYS)
    if unknown:
        raise RulesError(
            f"Unknown post-game choices {sorted(unknown)}; use {', '.join(CHOICE_KEYS)}"
        )
    if "treasury" in answer:
        treasury = answer["treasury"]
        if isinstance(treasury, bool) or not isinstance(treasury, int) or treasury < 0:
            raise RulesError(f"A Treasury is a whole number of gold pieces, not {treasury!r}")
        # Already moved by the league's own records: no TreasuryChange for the difference.
        w.team = w.team.evolve(treasury=treasury)
    hired: list[Any] = []
    for pid in answer.get("hire_journeymen", ()):
        if pid not in w.details["hireable_journeymen"] or pid in hired:
            raise RulesError(f"{pid!r} is not a journeyman {w.team.name} may hire")
        if sum(not p.journeyman for p in w.team.players) >= MAXIMUM_PLAYERS:
            raise RulesError(f"{w.team.name} already has {MAXIMUM_PLAYERS} players")
        cost = w.details["hireable_journeymen"][pid]
        if cost > w.team.treasury:
            raise RulesError(
                f"Hiring {w.team.player(pid).name} costs {cost:,} gp; "
                f"the Treasury holds {w.team.treasury:,} gp"
            )
        player = w.team.player(pid)
        skills = tuple(s for s in player.skills if skill_key(s) != "loner")
        w.changed(pid, journeyman=False, skills=skills)
        w.gold("journeyman_hired", -cost)
        hired.append(pid)
    released = tuple(p.id for p in w.team.players if p.journeyman)
    w.replace_players(tuple(p for p in w.team.players if not p.journeyman))
    for pid in answer.get("retire", ()):
        if pid not in w.details["retirable"] or pid in released:
            raise RulesError(f"{pid!r} is not a player who suffered a Lasting Injury this game")
        w.changed(pid, temporarily_retired=True)
    fired = tuple(answer.get("fire", ()))
    unknown_players = [pid for pid in fired if pid not in {p.id for p in w.team.players}]
    if unknown_players:
        raise RulesError(f"{w.team.name} has no players {unknown_players!r} to fire")
    w.replace_players(tuple(p for p in w.team.players if p.id not in fired))
    spent = answer.get("treasury_spent", 0)
    if not isinstance(spent, int) or not 0 <= spent <= w.team.treasury:
        raise RulesError(f"{w.team.name} cannot spend {spent!r} gp from {w.team.treasury:,} gp")
    w.gold("purchases", -spent)
    w.details.update(
        hired_journeymen=tuple(hired),
        released_journeymen=released,
        retired=tuple(answer.get("retire", ())),
        fired=fired,
    )


def expensive_mistakes(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 5, "Expensive Mistakes", "only with >= 100,000 gp in the Treasury"."""
    outcome = {}
    for side, w in work.items():
        mistake = resolve_expensive_mistake(w.team.treasury, dice, side=side)
        w.details["expensive_mistake"] = mistake
        w.gold("expensive_mistake", -mistake.gold_lost)
        outcome[side] = mistake.as_dict()
    return outcome


def prepare_for_next_game(work: Mapping[str, PostGameWork]) -> dict[str, Any]:
    """Step 6, "Prepare for the next fixture": "Recalculate TV and CTV (MNG players leave
    CTV; players who missed this game come back)"."""
    outcome = {}
    for side, w in work.items():
        recovered = tuple(p.id for p in w.before.players if p.miss_next_game)
        for pid in recovered:
            if pid in {p.id for p in w.team.players}:
                w.changed(pid, miss_next_game=False)
        value_input = w.team.value_input()
        w.details.update(
            recovered=recovered,
            team_value=team_value(w.ruleset, value_input),
            current_team_value=current_team_value(w.ruleset, value_input),
        )
        outcome[side] = {
            "recovered": recovered,
            "team_value": w.details["team_value"],
            "current_team_value": w.details["current_team_value"],
            "treasury": w.team.treasury,
            "dedicated_fans": w.team.dedicated_fans,
        }
    return outcome


def _team_post_game(w: PostGameWork) -> TeamPostGame:
    # Listed from the final roster: hired journeymen may advance, fired players are gone.
    options = {p.id: advancement_options(w.ruleset, p) for p in w.team.players}
    choices = tuple(
        c for p in w.team.players if (c := advancement_choice(w.ruleset, p, w.side, options[p.id]))
    )
    names = {f.name for f in fields(TeamPostGame)}
    values = {k: v for k, v in w.details.items() if k in names}
    values.update(
        side=w.side,
        treasury_changes=tuple(w.details["treasury_changes"]),
        dedicated_fans_after=w.team.dedicated_fans,
        advancement_options={pid: opts for pid, opts in options.items() if opts},
        advancement_choices=choices,
        team=w.team,
    )
    return TeamPostGame(**values)


def post_game(
    ruleset: Ruleset,
    home: TeamState,
    away: TeamState,
    report: MatchReport,
    dice: Dice,
    *,
    choices: Mapping[str, Any] | None = None,
    league: bool = True,
    hold_hiring: bool = False,
) -> PostGameResult:
    """The post-game sequence (facts section 4), steps 1-6 in order.

    ``league=False`` is a friendly: no MVP (facts section 5: "Friendlies across
    divisions: no league points, no MVP"); everything else runs as usual.
    ``hold_hiring``: step 4 waits for each side's answer (see ``hiring_and_firing``),
    so Expensive Mistakes never roll before a coach could spend.
    """
    work = {
        side: PostGameWork(ruleset, side, t, report.side(side))
        for side, t in zip(SIDES, (home, away), strict=True)
    }
    plan = (
        (
            "outcome_and_winnings",
            "1. Record outcome and winnings",
            lambda: outcome_and_winnings(work, report, dice),
        ),
        ("dedicated_fans", "2. Dedicated Fans", lambda: dedicated_fans(work, dice)),
        (
            "player_advancement",
            "3. Player advancement",
            lambda: player_advancement(work, dice, league),
        ),
        (
            "hiring_and_firing",
            "4. Hiring, firing, temporarily retiring",
            lambda: hiring_and_firing(work, choices, hold_hiring),
        ),
        ("expensive_mistakes", "5. Expensive Mistakes", lambda: expensive_mistakes(work, dice)),
        (
            "prepare_for_next_game",
            "6. Prepare for the next fixture",
            lambda: prepare_for_next_game(work),
        ),
    )
    steps: list[StepResult] = []
    for name, title, resolve in plan:
        steps.append(run_step(name, title, f"{RULE}, step {title}", dice, resolve))
        if not steps[-1].complete:
            return PostGameResult("post-game", tuple(steps))
    return PostGameResult(
        "post-game", tuple(steps), {side: _team_post_game(w) for side, w in work.items()}
    )
