"""The BB2025 post-game sequence (league facts section 8), in BB2020's six steps.

1. outcome_and_winnings   2. dedicated_fans        3. player_advancement
4. hiring_and_firing      5. expensive_mistakes    6. prepare_for_next_game

Differs from BB2020 where the facts say so: winnings add 1 when the team did not
stall; the winner's Dedicated Fans rise on a D6 *greater than* DF; the MVP is drawn
from six nominees (two for the opponent of a conceding team); SPP include Brawlin'
Brutes and safe landings; a player who suffers a casualty other than Badly Hurt
rolls for Hatred (step 1, where injuries are recorded); advancements are BB2025's.
Steps 4-6 (hiring and firing, Expensive Mistakes - "same table as BB2020" - and
preparing for the next game) and the concession's consequences are BB2020's, imported.

``choices`` are BB2020's per-side step-4 answers, plus the MVP nominations::

    {"home": {...step 4...}, "away": {...},
     "mvp_nominees": {"home": [id, ... six], "away": [...]}}

A side with more than six eligible players and no nominations leaves step 3
pending with an ``mvp_nominees`` Choice; with six or fewer all are nominated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from rules_engine.bb2020.conceding import MINIMUM_DEDICATED_FANS, concede
from rules_engine.bb2020.postgame import (
    HIRING_CHOICE,
    ExpensiveMistakeResult,
    PostGameResult,
    PostGameWork,
    TeamPostGame,
    TreasuryChange,
    expensive_mistake,
    expensive_mistakes,
    hiring_and_firing,
    prepare_for_next_game,
    resolve_expensive_mistake,
)
from rules_engine.bb2020.report import SIDES, MatchReport, other_side
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.advancement import advancement_choice, advancement_options
from rules_engine.bb2025.data import BRAWLIN_BRUTES, Bb2025Position
from rules_engine.bb2025.league_tables import league_section
from rules_engine.bb2025.report import Bb2025PlayerReport, stalled
from rules_engine.bb2025.spp import (
    Bb2025MvpResult,
    check_nominees,
    draw_mvps,
    mvp_eligible,
    spp_earned,
)
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, StepResult, run_step
from rules_engine.tables import load_tables

__all__ = [
    "HIRING_CHOICE",
    "Bb2025TeamPostGame",
    "ExpensiveMistakeResult",
    "PostGameResult",
    "TreasuryChange",
    "dedicated_fans_change",
    "expensive_mistake",
    "post_game",
    "resolve_expensive_mistake",
    "winnings",
]

RULESET = "bb2025"
RULE = "BB2025 league facts section 8, Post-game sequence"
MVP_NOMINEES = "mvp_nominees"


def winnings(
    fan_attendance: int,
    touchdowns: int,
    *,
    conceded: bool = False,
    opponent_conceded: bool = False,
    stalled: bool = False,
) -> int:
    """Step 1: "Winnings = (Fan Attendance / 2 + own touchdowns + 1 if the team did not
    stall) x 10,000" (FFB StepWinnings.java, CZ game.action.ts). "Conceding: the
    conceder gets nothing; the opponent takes the full attendance plus its
    touchdowns" - and its +1 when it did not stall, as FFB adds it before the
    attendance. Differs from BB2020: no +1. An odd attendance gives a 5,000 step."""
    if fan_attendance < 0 or touchdowns < 0:
        raise RulesError("Fan Attendance and touchdowns cannot be negative")
    if conceded:
        return 0
    section = league_section("winnings")
    gold = int(section["gold_per_point"])
    bonus = 0 if stalled else int(section["not_stalled_bonus"])
    # Attendance x 5,000 is the halved attendance x 10,000 in whole gold pieces.
    attendance = fan_attendance * gold if opponent_conceded else fan_attendance * gold // 2
    return attendance + (touchdowns + bonus) * gold


def dedicated_fans_change(result: str, dedicated_fans: int, d6: int) -> int:
    """Step 2: "winner rolls D6, result greater than DF -> +1; loser rolls D6, less than
    DF -> -1; draw no change" (CZ game.action.ts; minimum 1 as BB2020). BB2020's winner
    needed >= DF: "possible change, one source, UNVERIFIED" - the file's reading is kept."""
    if result not in ("win", "draw", "loss"):
        raise ValueError(f"a result is 'win', 'draw' or 'loss', not {result!r}")
    if not 1 <= d6 <= 6:
        raise ValueError(f"a D6 shows 1-6, got {d6!r}")
    if result == "win":
        return 1 if d6 > dedicated_fans else 0
    if result == "loss" and d6 < dedicated_fans and dedicated_fans > MINIMUM_DEDICATED_FANS:
        return -1
    return 0


@dataclass(frozen=True)
class Bb2025TeamPostGame(TeamPostGame):
    """BB2020's team post-game, with the MVPs drawn, whether the team stalled and the
    Hatred each injured player rolled for."""

    stalled: bool = False
    mvps: tuple[Any, ...] = ()
    hatred: tuple[Mapping[str, Any], ...] = ()


def hatred_rolls(work: PostGameWork, dice: Dice, gone: set[Any]) -> list[dict[str, Any]]:
    """Facts section 8, Hatred: "a player who suffers a casualty (other than Badly
    Hurt) rolls D6; on 4+ he gains Hatred (one keyword of the player who caused it)"
    (CZ; UNVERIFIED). Dead players roll nothing (they leave); nor does a player whose
    report names no keyword (no player caused it) or who already hates it."""
    table = load_tables(RULESET)["hatred"]
    results = []
    for report in work.report:
        if not isinstance(report, Bb2025PlayerReport) or report.induced:
            continue
        if not report.suffered_casualty or report.player_id in gone or not report.hatred_keyword:
            continue
        gained = f"Hatred ({report.hatred_keyword})"
        player = work.team.player(report.player_id)
        if gained.casefold() in {s.casefold() for s in player.skills}:
            continue
        roll = dice.d6(f"Hatred: {player.name}")
        entry = table.lookup(roll)
        if entry.effect["gains_hatred"]:
            work.changed(player.id, skills=(*player.skills, gained))
        results.append(
            {
                "player_id": player.id,
                "roll": roll,
                "gained": gained if entry.effect["gains_hatred"] else None,
            }
        )
    return results


def outcome_and_winnings(
    work: Mapping[str, PostGameWork], report: MatchReport, dice: Dice
) -> dict[str, Any]:
    """Step 1, record the outcome and winnings: BB2020's step (concession, dead removed,
    injuries recorded) with BB2025's winnings and the Hatred rolls."""
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
        hatred = hatred_rolls(w, dice, gone)
        w.details.update(
            result=report.result(side),
            touchdowns=report.touchdowns(side),
            stalled=stalled(w.report),
            winnings=winnings(
                report.fan_attendance,
                report.touchdowns(side),
                conceded=w.report.concession_penalty,
                opponent_conceded=opponent.concession_penalty,
                stalled=stalled(w.report),
            ),
            dead=dead,
            quit=concession.quitters if concession else (),
            miss_next_game=tuple(r.player_id for r in injured if r.misses_next_game),
            niggling_injuries=tuple(r.player_id for r in injured if r.niggling_injuries),
            characteristic_losses=tuple(
                (r.player_id, r.lasting_injury) for r in injured if r.lasting_injury
            ),
            hatred=tuple(hatred),
        )
        w.gold("winnings", w.details["winnings"])
        outcome[side] = {k: w.details[k] for k in _STEP1_KEYS}
        outcome[side]["concession"] = concession.as_dict() if concession else None
        w.details["concession"] = concession
    return outcome


_STEP1_KEYS: tuple[str, ...] = ("result", "touchdowns", "stalled", "winnings", "dead", "quit")
_STEP1_KEYS += ("miss_next_game", "niggling_injuries", "characteristic_losses", "hatred")


def dedicated_fans(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 2, Dedicated Fans, by BB2025's ``dedicated_fans_change``."""
    outcome = {}
    for side, w in work.items():
        before = w.team.dedicated_fans
        w.details["dedicated_fans_before"] = w.before.dedicated_fans
        roll = None
        if w.details["result"] != "draw":
            roll = dice.d6(f"Dedicated Fans: {side}")
            change = dedicated_fans_change(w.details["result"], before, roll)
            w.team = w.team.evolve(dedicated_fans=before + change)
        w.details["dedicated_fans_roll"] = roll
        outcome[side] = {"before": before, "roll": roll, "after": w.team.dedicated_fans}
    return outcome


def _brawlin_brutes(w: PostGameWork) -> bool:
    roster = w.team.roster(w.ruleset)
    return roster.has_special_rule(BRAWLIN_BRUTES, w.team.special_rule_choice)


def most_valuable_players(
    w: PostGameWork, opponent_conceded: bool, nominees: Any, dice: Dice, league: bool
) -> Bb2025MvpResult | Choice:
    """Facts section 8, MVP: one drawn among the coach's six nominees; none for a
    conceding team, two for its opponent; none in a friendly (as BB2020)."""
    eligible = mvp_eligible(w.before, w.report)
    ids = tuple(p.id for p in eligible)
    if w.report.concession_penalty:
        return Bb2025MvpResult(w.side, None, ids, reason="A conceding team awards no MVP")
    if not league:
        return Bb2025MvpResult(w.side, None, ids, reason="A friendly awards no MVP")
    if not eligible:
        return Bb2025MvpResult(w.side, None, ids, reason="No player was eligible for the MVP")
    chosen = check_nominees(eligible, nominees)
    if chosen is None:
        prompt = f"{w.team.name}: nominate six players for the MVP"
        options = {"players": list(ids), "nominees": min(6, len(ids))}
        return Choice(w.side, MVP_NOMINEES, prompt, options)
    section = league_section("mvp")
    count = int(section["opponent_of_conceder_mvps"] if opponent_conceded else section["mvps"])
    drawn, rolls = draw_mvps(dice, chosen, count, side=w.side)
    return Bb2025MvpResult(w.side, drawn[0], ids, rolls, player_ids=drawn, nominees=chosen)


def player_advancement(
    work: Mapping[str, PostGameWork],
    report: MatchReport,
    dice: Dice,
    league: bool,
    nominations: Mapping[str, Any],
) -> dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]:
    """Step 3, player advancement: the MVPs, SPP earned (BB2025 awards), and the
    advancements each player can afford (options; the coach may save SPP)."""
    outcome: dict[str, Any] = {}
    mvps: dict[str, Bb2025MvpResult] = {}
    pending: list[Choice] = []
    for side, w in work.items():
        opponent_conceded = report.side(other_side(side)).concession_penalty
        found = most_valuable_players(w, opponent_conceded, nominations.get(side), dice, league)
        if isinstance(found, Choice):
            pending.append(found)
        else:
            mvps[side] = found
    if pending:
        return outcome, tuple(pending)
    for side, w in work.items():
        mvp = mvps[side]
        brutes = _brawlin_brutes(w)
        counted = {pid: mvp.player_ids.count(pid) for pid in mvp.player_ids}
        earned = [
            spp_earned(r, r.player_id, mvps=counted.get(r.player_id, 0), brawlin_brutes=brutes)
            for r in w.report
            if not r.induced
        ]
        for pid, times in counted.items():
            if w.report.player(pid) is None:
                earned.append(spp_earned(None, pid, mvps=times, brawlin_brutes=brutes))
        on_sheet = {p.id for p in w.team.players}
        for spp in earned:
            if spp.player_id in on_sheet and spp.total:
                w.changed(spp.player_id, spp=w.team.player(spp.player_id).spp + spp.total)
        choices = [advancement_choice(w.ruleset, p, side) for p in w.team.players]
        w.details.update(mvp=mvp, mvps=mvp.player_ids, spp=tuple(earned))
        outcome[side] = {
            "mvp": mvp.as_dict(),
            "spp": [s.as_dict() for s in earned if s.total],
            "advancement_choices": [c.options for c in choices if c is not None],
        }
    return outcome


def _team_post_game(w: PostGameWork) -> Bb2025TeamPostGame:
    options = {p.id: advancement_options(w.ruleset, p) for p in w.team.players}
    choices = tuple(
        c for p in w.team.players if (c := advancement_choice(w.ruleset, p, w.side, options[p.id]))
    )
    names = {f.name for f in fields(Bb2025TeamPostGame)}
    values = {k: v for k, v in w.details.items() if k in names}
    values.update(
        side=w.side,
        treasury_changes=tuple(w.details["treasury_changes"]),
        dedicated_fans_after=w.team.dedicated_fans,
        advancement_options={pid: opts for pid, opts in options.items() if opts},
        advancement_choices=choices,
        team=w.team,
    )
    return Bb2025TeamPostGame(**values)


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
    """The BB2025 post-game sequence, steps 1-6 in order (BB2020's signature).

    ``league=False`` is a friendly: no MVP. ``hold_hiring``: step 4 waits for each
    side's answer (BB2020's ``hiring_and_firing``), so Expensive Mistakes never roll
    before a coach could spend.
    """
    choices = dict(choices or {})
    nominations = choices.pop(MVP_NOMINEES, None) or {}
    if not isinstance(nominations, Mapping) or set(nominations) - set(SIDES):
        raise RulesError("MVP nominations are given per side: 'home' and/or 'away'")
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
            lambda: player_advancement(work, report, dice, league, nominations),
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


def hatred_keywords(ruleset: Ruleset, position_slug: str) -> tuple[str, ...]:
    """The keywords of the player who caused a casualty, which a Hatred may name."""
    position = ruleset.position(position_slug)
    return position.keywords if isinstance(position, Bb2025Position) else ()
