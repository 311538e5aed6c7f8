"""The classic POST-MATCH SEQUENCE (classic reference sheet, LEAGUE MATCH SEQUENCE).

1. mvp                   "Allocate MVP's"
2. winnings              "Work out Winnings"
3. fan_factor            "Roll for Fan Factor"
4. spp_and_improvements  "Work out SPP's and roll on the Improvement table"
5. spiralling_expenses   "Pay Spiralling Expenses"
6. update_team_roster    "Update Team Roster"

``post_game`` takes what BB2020's takes (``TeamState`` pictures of the teams
as they stood for the game, a ``bb2020.report.MatchReport``, a ``Dice``) and
returns BB2020's ``PostGameResult``, whose ``home``/``away`` are
``ClassicTeamPostGame``: a ``bb2020.postgame.TeamPostGame`` with every field
filled, so the apps apply either ruleset with the same code. What the fields
hold for classic:

- ``dedicated_fans_before``/``_after``/``_roll``: the Fan Factor (which
  ``TeamState.dedicated_fans`` holds for a classic team) and the total of its
  3D6 or 2D6;
- ``treasury_changes``: "winnings", "spiralling_expenses", "purchases";
- ``advancement_options``: player id -> the ``ImprovementRoll``s he made;
  ``advancement_choices``: one ``Choice`` of kind "improvement" per roll, to
  apply with ``improvement.take_improvement`` (SPP are never spent);
- no concession rule, journeymen hiring, retirement or Expensive Mistakes in
  classic: ``concession`` and ``expensive_mistake`` None, empty tuples.

``TeamReport.fan_factor`` carries each team's gate in thousands of fans
(``ClassicPreGameResult.fan_factor``), from which FAME is worked out again.

Coach decisions come in ``choices`` keyed by side::

    {"home": {"reroll_winnings": True, "fire": [id, ...], "treasury_spent": 0}}

Without ``reroll_winnings`` the winner whose winnings D6 is not a 6 is asked
(a pending Choice, the sequence stops); call again with the same dice.

Decisions: the sheet has no concession rule, so a concession only scores as
``MatchReport.final_score`` awards it, the conceding team earns no winnings and
no MVP, and rolls for its Fan Factor as the loser. Spiralling Expenses read the
team's TV as it played the game (the roster is updated at step 6) and never
take the Treasury below 0. Dead players leave and injuries (D68 results carried
by the report, see ``rules.casualty_report``) apply at step 6.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from rules_engine.bb2020.postgame import (
    ExpensiveMistakeResult,
    PostGameResult,
    PostGameWork,
    TeamPostGame,
)
from rules_engine.bb2020.report import SIDES, MatchReport
from rules_engine.bb2020.spp import most_valuable_player
from rules_engine.bb2020.state import TeamState
from rules_engine.classic.improvement import (
    Improvement,
    ImprovementOption,
    improvement,
    improvement_options,
)
from rules_engine.classic.roster_update import update_side
from rules_engine.classic.rules import (
    ClassicSppEarned,
    fame,
    fan_factor_change,
    fan_factor_dice,
    spiralling_expenses,
    titles_reached,
    winnings,
)
from rules_engine.dice import Dice, Roll
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, recording, run_steps
from rules_engine.team_value import team_value
from rules_engine.wording import say, side_said

RULE = "Classic reference sheet, LEAGUE MATCH SEQUENCE, POST-MATCH SEQUENCE"
CHOICE_KEYS = ("reroll_winnings", "fire", "treasury_spent")


@dataclass(frozen=True)
class ImprovementRoll:
    """One roll on the Improvement table: whose, for which new title, the dice and
    the options this player may take (``improvement.improvement_options``)."""

    player_id: Any
    title: str
    improvement: Improvement
    options: tuple[ImprovementOption, ...]
    rolls: tuple[Roll, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "player_id": self.player_id,
            "title": self.title,
            **self.improvement.as_dict(),
            "options": [o.as_dict() for o in self.options],
        }

    def choice(self, side: str, player_name: str) -> Choice:
        prompt = say(
            "{player} is now {title}: rolled {total} ({result}); choose an improvement",
            player=player_name,
            title=self.title,
            total=self.improvement.total,
            result=self.improvement.result,
        )
        return Choice(side, "improvement", prompt, self.as_dict())


@dataclass(frozen=True)
class ClassicTeamPostGame(TeamPostGame):
    """BB2020's ``TeamPostGame`` filled for classic, plus the classic numbers: the
    team's gate (fans) and FAME, the winnings D6s (a re-roll makes two), the Fan
    Factor dice, the Spiralling Expenses owed and the improvement rolls."""

    gate: int
    fame: int
    winnings_dice: tuple[int, ...]
    fan_factor_dice: tuple[int, ...]
    spiralling_expenses: int
    improvements: tuple[ImprovementRoll, ...]
    # Expensive Mistakes are not a classic rule: always None.
    expensive_mistake: ExpensiveMistakeResult | None  # type: ignore[assignment]


def _answer(choices: Mapping[str, Any] | None, side: str) -> Mapping[str, Any]:
    answer = (choices or {}).get(side) or {}
    unknown = set(answer) - set(CHOICE_KEYS)
    if unknown:
        raise RulesError(
            say(
                "Unknown post-match choices {unknown}; use {known}",
                unknown=sorted(unknown),
                known=", ".join(CHOICE_KEYS),
            )
        )
    return answer


def allocate_mvp(work: Mapping[str, PostGameWork], dice: Dice, league: bool) -> dict[str, Any]:
    """Step 1, "Allocate MVP's": one player of each team, picked at random among those
    eligible to play (BB2020's ``most_valuable_player``: no star players, nobody
    killed; none for a conceding team, nor in a friendly)."""
    outcome = {}
    for side, w in work.items():
        mvp = most_valuable_player(w.before, w.report, dice, side=side, league=league)
        w.details["mvp"] = mvp
        outcome[side] = mvp.as_dict()
    return outcome


def work_out_winnings(
    work: Mapping[str, PostGameWork],
    report: MatchReport,
    dice: Dice,
    choices: Mapping[str, Any] | None,
) -> dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]:
    """Step 2, "Work out Winnings": "(1D6 + FAME) x 10.000 gp"; "Won/tied: +1; winner
    may re-roll". Both teams roll, home first; then the winner may re-roll his D6
    (the second roll stands)."""
    fames = dict(zip(SIDES, fame(report.home.fan_factor, report.away.fan_factor), strict=True))
    outcome: dict[str, Any] = {
        "score": dict(zip(SIDES, report.final_score, strict=True)),
        "gate": {side: report.side(side).fan_factor * 1_000 for side in SIDES},
        "total_gate": report.fan_attendance * 1_000,
    }
    rolled: dict[str, list[int]] = {}
    for side, w in work.items():
        result = report.result(side)
        w.details.update(result=result, touchdowns=report.touchdowns(side), fame=fames[side])
        if not w.report.concession_penalty:
            rolled[side] = [dice.d6(say("Winnings ({side})", side=side_said(side)))]
    pending: list[Choice] = []
    for side, w in work.items():
        wanted = _answer(choices, side).get("reroll_winnings")
        if side not in rolled or w.details["result"] != "win":
            if wanted:
                raise RulesError(
                    say(
                        "Only the winner may re-roll the winnings; {side} did not win",
                        side=side_said(side),
                    )
                )
            continue
        if wanted is None and rolled[side][0] < 6:
            options = {
                "roll": rolled[side][0],
                "fame": fames[side],
                "winnings": winnings(rolled[side][0], fames[side], True),
                "answers": [True, False],
            }
            prompt = say(
                "{team} won: re-roll the winnings D6 ({roll})?",
                team=w.team.name,
                roll=rolled[side][0],
            )
            pending.append(Choice(side, "reroll_winnings", prompt, options))
        elif wanted:
            rolled[side].append(dice.d6(say("Winnings re-roll ({side})", side=side_said(side))))
    for side, w in work.items():
        dice_rolled = tuple(rolled.get(side, ()))
        won_or_tied = w.details["result"] in ("win", "draw")
        gold = winnings(dice_rolled[-1], fames[side], won_or_tied) if dice_rolled else 0
        w.details.update(winnings=gold, winnings_dice=dice_rolled)
        if not pending:
            w.gold("winnings", gold)
        outcome[side] = {
            "result": w.details["result"],
            "fame": fames[side],
            "dice": list(dice_rolled),
            "won_or_tied_bonus": won_or_tied and bool(dice_rolled),
            "winnings": gold,
        }
    return (outcome, tuple(pending)) if pending else outcome


def roll_for_fan_factor(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 3, "Roll for Fan Factor": "Won(3D6)/tied(2D6) >FF +1FF; Lost(2D6)/tied(2D6)
    <FF -1FF". A tie's one 2D6 is read both ways."""
    outcome = {}
    for side, w in work.items():
        result, before = w.details["result"], w.team.dedicated_fans
        if fan_factor_dice(result) == 3:
            rolled = tuple(
                dice.d6(say("Fan Factor ({side}, 3D6)", side=side_said(side))) for _ in range(3)
            )
        else:
            rolled = dice.two_d6(say("Fan Factor ({side}, 2D6)", side=side_said(side)))
        change = fan_factor_change(result, before, sum(rolled))
        w.team = w.team.evolve(dedicated_fans=before + change)
        w.details.update(
            dedicated_fans_before=before, dedicated_fans_roll=sum(rolled), fan_factor_dice=rolled
        )
        outcome[side] = {
            "before": before,
            "dice": list(rolled),
            "total": sum(rolled),
            "change": change,
            "after": w.team.dedicated_fans,
        }
    return outcome


def spp_and_improvements(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 4, "Work out SPP's and roll on the Improvement table": Completion 1,
    Casualty 2, Interception 2, Touchdown 3, MVP 5; a player reaching a new title
    (Experienced 6, Veteran 16, Emerging Star 31, Star 51, Super Star 76, Legend
    176) rolls 2D6 on the Improvement table for each. Star players and
    mercenaries earn nothing; the dead and journeymen roll no improvement."""
    outcome = {}
    for side, w in work.items():
        mvp_id = w.details["mvp"].player_id
        earned = [
            ClassicSppEarned(
                r.player_id,
                completions=r.completions,
                interceptions=r.interceptions,
                casualties=r.casualties,
                touchdowns=r.touchdowns,
                mvp=r.player_id == mvp_id,
            )
            for r in w.report
            if not r.induced
        ]
        if mvp_id is not None and w.report.player(mvp_id) is None:
            earned.append(ClassicSppEarned(mvp_id, mvp=True))
        rolls: list[ImprovementRoll] = []
        for spp in earned:
            if not spp.total or spp.player_id not in {p.id for p in w.team.players}:
                continue
            player = w.team.player(spp.player_id)
            w.changed(player.id, spp=player.spp + spp.total)
            report = w.report.player(player.id)
            if player.journeyman or (report is not None and report.killed):
                continue
            for title in titles_reached(player.spp, player.spp + spp.total):
                with recording(dice) as made:
                    rolled = improvement(
                        dice.two_d6(
                            say("Improvement ({player}, {title})", player=player.name, title=title)
                        )
                    )
                options = improvement_options(w.ruleset, player, rolled)
                rolls.append(ImprovementRoll(player.id, title, rolled, options, tuple(made)))
        w.details.update(spp=tuple(earned), improvements=tuple(rolls))
        outcome[side] = {
            "spp": [s.as_dict() for s in earned if s.total],
            "improvements": [r.as_dict() for r in rolls],
        }
    return outcome


def pay_spiralling_expenses(work: Mapping[str, PostGameWork]) -> dict[str, Any]:
    """Step 5, "Pay Spiralling Expenses": "1750K - 1890K 10.000 gp; Every 150K more
    +10.000 gp", on the TV the team played the game with; the Treasury pays what
    it holds, down to 0."""
    outcome = {}
    for side, w in work.items():
        tv = team_value(w.ruleset, w.before.value_input())
        owed = spiralling_expenses(tv)
        paid = min(owed, max(0, w.team.treasury))
        w.gold("spiralling_expenses", -paid)
        w.details["spiralling_expenses"] = owed
        outcome[side] = {"team_value": tv, "expenses": owed, "paid": paid}
        outcome[side]["treasury"] = w.team.treasury
    return outcome


def update_team_roster(
    work: Mapping[str, PostGameWork], choices: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Step 6, "Update Team Roster": the dead leave, injuries apply (MNG, Niggling
    Injuries, characteristic losses), journeymen leave, players who missed this
    game come back, fired players go, other Treasury spending is recorded, and
    TV and CTV are worked out again (``roster_update.update_side``)."""
    return {side: update_side(w, _answer(choices, side)) for side, w in work.items()}


def _team_post_game(w: PostGameWork) -> ClassicTeamPostGame:
    names = {f.name for f in fields(ClassicTeamPostGame)}
    values = {k: v for k, v in w.details.items() if k in names}
    names_by_id = {p.id: p.name for p in w.team.players}
    improvements = tuple(r for r in w.details["improvements"] if r.player_id in names_by_id)
    by_player: dict[Any, tuple[ImprovementRoll, ...]] = {}
    for roll in improvements:
        by_player[roll.player_id] = (*by_player.get(roll.player_id, ()), roll)
    values.update(
        side=w.side,
        treasury_changes=tuple(w.details["treasury_changes"]),
        dedicated_fans_after=w.team.dedicated_fans,
        concession=None,
        quit=(),
        advancement_options=by_player,
        advancement_choices=tuple(r.choice(w.side, names_by_id[r.player_id]) for r in improvements),
        improvements=improvements,
        hireable_journeymen={},
        hired_journeymen=(),
        retirable=(),
        retired=(),
        expensive_mistake=None,
        gate=w.report.fan_factor * 1_000,
        team=w.team,
    )
    return ClassicTeamPostGame(**values)


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
    """The classic post-match sequence, steps 1-6 in order (home first for every roll).

    ``league=False`` is a friendly: no MVP, as for BB2020; the rest runs as usual.
    ``hold_hiring`` changes nothing: no step holds for the coaches.
    """
    del hold_hiring
    for side in SIDES:
        _answer(choices, side)
    work = {
        side: PostGameWork(ruleset, side, team, report.side(side))
        for side, team in zip(SIDES, (home, away), strict=True)
    }
    plan = (
        ("mvp", say("1. Allocate MVP's"), lambda: allocate_mvp(work, dice, league)),
        (
            "winnings",
            say("2. Work out Winnings"),
            lambda: work_out_winnings(work, report, dice, choices),
        ),
        ("fan_factor", say("3. Roll for Fan Factor"), lambda: roll_for_fan_factor(work, dice)),
        (
            "spp_and_improvements",
            say("4. Work out SPP's and roll on the Improvement table"),
            lambda: spp_and_improvements(work, dice),
        ),
        (
            "spiralling_expenses",
            say("5. Pay Spiralling Expenses"),
            lambda: pay_spiralling_expenses(work),
        ),
        (
            "update_team_roster",
            say("6. Update Team Roster"),
            lambda: update_team_roster(work, choices),
        ),
    )
    steps = run_steps(plan, f"{RULE}, ", dice)
    if not steps[-1].complete:
        return PostGameResult("post-match", steps)
    return PostGameResult(
        "post-match", steps, {side: _team_post_game(w) for side, w in work.items()}
    )
