"""The BB2025 post-game sequence (bb2025-league-facts.md section 8; BBBase
docs/bb2025/core_rules/league_play.md "Post-game Sequence", p.95), in six steps.

1. outcome_and_winnings   2. dedicated_fans        3. player_advancement
4. hiring_and_firing      5. expensive_mistakes    6. prepare_for_next_game

Differs from BB2020 where the book does: winnings add 1 when no player of the team
stalled; Dedicated Fans never rise above 7; the MVP is drawn from the coach's six
nominees; SPP include Brawlin' Brutes and safe landings; a player whose casualty
makes him miss the next game rolls for Hatred (step 1, where injuries are recorded);
advancements are BB2025's, and a player whose SPP reach his next characteristic cost
must advance. Conceding (section 9): the opponent wins 2-0 (or X-0), the conceder
loses every SPP of the game and awards no MVP, its opponent awards two and takes
(whole attendance + its touchdowns) x 10,000; the D3 off Dedicated Fans and the quit
rolls are BB2020's (``bb2020.conceding``). Conceding Without Penalty runs the normal
post-game for both (section 13.3). Steps 4-6 are BB2020's, imported: hiring before
firing, journeymen at hiring fee plus value increases, Expensive Mistakes.

``choices`` are BB2020's per-side step-4 answers, plus the MVP nominations::

    {"home": {...step 4...}, "away": {...},
     "mvp_nominees": {"home": [id, ... six], "away": [...]}}

A side with more than six eligible players and no nominations leaves step 3
pending with an ``mvp_nominees`` Choice; with six or fewer all are nominated
(section 13.1). Nominations that are not six eligible players are refused.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from rules_engine.bb2020.postgame import (
    HIRING_CHOICE,
    ExpensiveMistakeResult,
    PostGameResult,
    PostGameRules,
    PostGameWork,
    StepOutcome,
    TeamPostGame,
    TreasuryChange,
    expensive_mistake,
    resolve_expensive_mistake,
)
from rules_engine.bb2020.postgame import dedicated_fans_change as bb2020_dedicated_fans_change
from rules_engine.bb2020.report import SIDES, MatchReport, other_side
from rules_engine.bb2020.spp import mvp_candidates
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.advancement import BB2025 as BB2025_ADVANCEMENT
from rules_engine.bb2025.advancement import must_advance
from rules_engine.bb2025.data import BRAWLIN_BRUTES
from rules_engine.bb2025.friendly import FriendlyPostGame
from rules_engine.bb2025.league_tables import league_section
from rules_engine.bb2025.masters_of_undeath import RaisedLineman, raised_lineman
from rules_engine.bb2025.report import Bb2025PlayerReport, stalled
from rules_engine.bb2025.spp import (
    TOUCHDOWN,
    Bb2025MvpResult,
    check_nominees,
    draw_mvps,
    spp_award,
    spp_earned,
)
from rules_engine.dice import Dice
from rules_engine.draft import DRAFT_RULES
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice
from rules_engine.tables import load_tables
from rules_engine.wording import Shown, say, say_plural

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
# Facts section 1: "In league play DF stays between 1 and 7".
MAXIMUM_DEDICATED_FANS = 7
MVP_NOMINEES = "mvp_nominees"
# Facts section 9: the players a conceder's opponent gives its awarded touchdowns to.
AWARDED_TOUCHDOWNS = "awarded_touchdowns"


def winnings(
    fan_attendance: int,
    touchdowns: int,
    *,
    conceded: bool = False,
    opponent_conceded: bool = False,
    stalled: bool = False,
) -> int:
    """Step 1 (facts section 8): (Fan Attendance / 2 + own touchdowns + 1 if no player
    of the team was Stalling) x 10,000, no rounding: attendance 7, 2 touchdowns, no
    stalling -> 65,000 (the book's example). Conceding (section 9): the conceder gets
    nothing; its opponent gets (the whole attendance + its touchdowns) x 10,000, with
    no +1 (section 13.2). Differs from BB2020: the +1."""
    if fan_attendance < 0 or touchdowns < 0:
        raise RulesError(say("Fan Attendance and touchdowns cannot be negative"))
    if conceded:
        return 0
    section = league_section("winnings")
    gold = int(section["gold_per_point"])
    if opponent_conceded:
        return (fan_attendance + touchdowns) * gold
    bonus = 0 if stalled else int(section["not_stalled_bonus"])
    # Attendance x 5,000 is the halved attendance x 10,000 in whole gold pieces.
    return fan_attendance * gold // 2 + (touchdowns + bonus) * gold


# Step 2 (facts section 8): as BB2020's, never above 7.
dedicated_fans_change = partial(bb2020_dedicated_fans_change, maximum=MAXIMUM_DEDICATED_FANS)


@dataclass(frozen=True)
class Bb2025TeamPostGame(TeamPostGame):
    """BB2020's team post-game, with the MVPs drawn, whether the team stalled, the
    Hatred each injured player rolled for, and the players who must take an
    advancement before the next game (their SPP reach their next characteristic cost)."""

    stalled: bool = False
    mvps: tuple[Any, ...] = ()
    hatred: tuple[Mapping[str, Any], ...] = ()
    must_advance: tuple[Any, ...] = ()
    # Masters of Undeath (section 2): the Lineman raised this game, and the position he
    # was kept as in step 4 (None: not kept, or none raised).
    raised_lineman: RaisedLineman | None = None
    kept_raised: str | None = None


def hatred_rolls(work: PostGameWork, dice: Dice, gone: set[Any]) -> list[dict[str, Any]]:
    """Facts section 6, Hatred ("Getting Even"): a player whose casualty makes him miss
    the next game rolls a D6; on 4+ he gains Hatred (X), X one keyword of the player who
    caused it (section 13.10: none when no opposing player caused it). Dead players
    roll nothing (they leave); nor does a player whose report names no keyword (no
    player caused it) or who already hates it."""
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
        roll = dice.d6(say("Hatred: {player}", player=player.name))
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


def _brawlin_brutes(w: PostGameWork) -> bool:
    roster = w.team.roster(w.ruleset)
    return roster.has_special_rule(BRAWLIN_BRUTES, w.team.special_rule_choice)


def most_valuable_players(
    w: PostGameWork, opponent_conceded: bool, nominees: Any, dice: Dice, league: bool
) -> Bb2025MvpResult | Choice:
    """Facts section 6, MVP: one drawn among the coach's six nominees of players who
    played (all of them with six or fewer: section 13.1); none for a conceding team,
    two for its opponent (section 9); none in a friendly (section 7)."""
    eligible = mvp_candidates(w.before, w.report)
    ids = tuple(p.id for p in eligible)
    if w.report.concession_penalty:
        return Bb2025MvpResult(w.side, None, ids, reason=say("A conceding team awards no MVP"))
    if not league:
        return Bb2025MvpResult(w.side, None, ids, reason=say("A friendly awards no MVP"))
    if not eligible:
        return Bb2025MvpResult(w.side, None, ids, reason=say("No player was eligible for the MVP"))
    chosen = check_nominees(eligible, nominees)
    if chosen is None:
        prompt = say("{team}: nominate six players for the MVP", team=w.team.name)
        options = {"players": list(ids), "nominees": min(6, len(ids))}
        return Choice(w.side, MVP_NOMINEES, prompt, options)
    section = league_section("mvp")
    count = int(section["opponent_of_conceder_mvps"] if opponent_conceded else section["mvps"])
    drawn, rolls = draw_mvps(dice, chosen, count, side=w.side)
    return Bb2025MvpResult(w.side, drawn[0], ids, rolls, player_ids=drawn, nominees=chosen)


def awarded_touchdowns(report: MatchReport, side: str) -> int:
    """The touchdowns a concession awarded ``side`` beyond those it scored (facts
    section 9: the opponent of a conceder wins 2-0, or X-0): 0 without a concession,
    for the conceder, or when it had already scored enough."""
    conceder = report.conceded_by
    if conceder is None or conceder == side:
        return 0
    home, away = report.final_score
    final = home if side == "home" else away
    return max(0, final - report.side(side).touchdowns)


def awarded_touchdown_scorers(
    w: PostGameWork, report: MatchReport, chosen: Any
) -> tuple[Any, ...] | Choice:
    """Facts section 9 ("Touchdown", league_play.md): the coach of a conceder's opponent
    gives the SPP of each awarded touchdown to one of his players who played (not a
    star player or mercenary, not killed), the same player more than once if he likes.
    The players named, one per awarded touchdown; a Choice while he has not named them."""
    count = awarded_touchdowns(report, w.side)
    if count == 0:  # an answer carried from a report corrected since has nothing to give
        return ()
    ids = tuple(p.id for p in mvp_candidates(w.before, w.report))
    if not ids:  # nobody of his played: no one to give them to
        return ()
    if chosen is None:
        each = spp_award(TOUCHDOWN, brawlin_brutes=_brawlin_brutes(w))
        prompt = say_plural(
            "{team}: give the {each} SPP of each of the {count} awarded touchdown to a player "
            "who played",
            "{team}: give the {each} SPP of each of the {count} awarded touchdowns to a player "
            "who played",
            count,
            team=w.team.name,
            each=each,
        )
        options = {"players": list(ids), "touchdowns": count, "spp_each": each}
        return Choice(w.side, AWARDED_TOUCHDOWNS, prompt, options)
    if isinstance(chosen, (str, bytes)) or not isinstance(chosen, Sequence):
        raise RulesError(say("The awarded touchdowns' players are a list, one per touchdown"))
    named = tuple(chosen)
    problems: list[Shown] = []
    if len(named) != count:
        problems.append(
            say(
                "name one player per awarded touchdown: {count}, not {got}",
                count=count,
                got=len(named),
            )
        )
    strangers = [pid for pid in dict.fromkeys(named) if pid not in ids]
    if strangers:
        problems.append(
            say(
                "{players} may not be given an awarded touchdown: only players of {team} who "
                "played this game (no star players, none killed)",
                players=repr(strangers),
                team=w.team.name,
            )
        )
    if problems:
        raise RulesError(problems)
    return named


class Bb2025PostGameRules(PostGameRules):
    """BB2020's six steps with BB2025's winnings (and whether the team stalled), the
    Hatred rolls after injuries, its Dedicated Fans change, the MVPs drawn from the
    coach's nominees, its SPP and its advancements."""

    rule = RULE
    team_type = Bb2025TeamPostGame
    advancement = BB2025_ADVANCEMENT
    winnings = staticmethod(winnings)
    # Facts section 8, step 4: fire players, "but never below 11 players eligible for
    # the next game" (hiring comes first, so a new player counts); the teams app asks
    # the same number of the draft rules.
    fire_floor = DRAFT_RULES["bb2025"].fire_floor
    # Facts section 7: a player due to miss the next game still misses it after a friendly.
    friendly_serves_missed_game = False
    maximum_dedicated_fans = MAXIMUM_DEDICATED_FANS

    def friendly(self) -> PostGameRules | None:
        """The rules a friendly's post-game runs under (facts section 7,
        ``bb2025.friendly``); None: these are they."""
        return BB2025_FRIENDLY_POST_GAME

    def post_game(
        self,
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
        """BB2020's sequence with BB2025's steps; ``league=False`` runs a friendly's
        (section 7: no SPP, no winnings, every casualty as Badly Hurt)."""
        friendly = None if league else self.friendly()
        run = super().post_game if friendly is None else friendly.post_game
        return run(
            ruleset,
            home,
            away,
            report,
            dice,
            choices=choices,
            league=league,
            hold_hiring=hold_hiring,
        )

    def winnings_terms(self, w: PostGameWork) -> dict[str, Any]:
        return {"stalled": stalled(w.report)}

    def team_post_game(self, w: PostGameWork) -> TeamPostGame:
        """BB2020's result, with the players who must take an advancement (section 8)."""
        w.details["must_advance"] = tuple(p.id for p in w.players if must_advance(p))
        return super().team_post_game(w)

    def after_injuries(self, w: PostGameWork, dice: Dice, gone: set[Any]) -> dict[str, Any]:
        return {"hatred": tuple(hatred_rolls(w, dice, gone))}

    def outcome_and_winnings(
        self, work: Mapping[str, PostGameWork], report: MatchReport, dice: Dice
    ) -> dict[str, Any]:
        """BB2020's step 1, and the Lineman a Masters of Undeath team raised this game
        (section 2), offered in step 4."""
        outcome = super().outcome_and_winnings(work, report, dice)
        for side, w in work.items():
            opponent = work[other_side(side)]
            raised = raised_lineman(w.ruleset, w.before, opponent.before, opponent.report)
            w.details.update(raised_lineman=raised, kept_raised=None)
            if raised is not None:
                outcome[side]["raised_lineman"] = raised.as_dict()
        return outcome

    def split_choices(
        self, choices: Mapping[str, Any] | None
    ) -> tuple[Mapping[str, Any] | None, Mapping[str, Any]]:
        """Step 4's answers, and step 3's: the MVP nominations (``"mvp_nominees"``) per
        side, and under ``AWARDED_TOUCHDOWNS`` the players given the SPP of the
        touchdowns a concession awarded, per side."""
        hiring = dict(choices or {})
        nominations = hiring.pop(MVP_NOMINEES, None) or {}
        if not isinstance(nominations, Mapping) or set(nominations) - set(SIDES):
            raise RulesError(say("MVP nominations are given per side: 'home' and/or 'away'"))
        awarded = hiring.pop(AWARDED_TOUCHDOWNS, None) or {}
        if not isinstance(awarded, Mapping) or set(awarded) - set(SIDES):
            raise RulesError(say("Awarded touchdowns are given per side: 'home' and/or 'away'"))
        return hiring, {**nominations, AWARDED_TOUCHDOWNS: awarded}

    def player_advancement(
        self,
        work: Mapping[str, PostGameWork],
        report: MatchReport,
        dice: Dice,
        league: bool,
        answers: Mapping[str, Any],
    ) -> StepOutcome:
        """Step 3, player advancement: the MVPs, SPP earned (BB2025 awards), and the
        advancements each player can afford (options; the coach may save SPP)."""
        mvps: dict[str, Bb2025MvpResult] = {}
        given: dict[str, dict[Any, int]] = {}
        pending: list[Choice] = []
        for side, w in work.items():
            opponent_conceded = report.side(other_side(side)).concession_penalty
            found = most_valuable_players(w, opponent_conceded, answers.get(side), dice, league)
            if isinstance(found, Choice):
                pending.append(found)
            else:
                mvps[side] = found
            chosen = (answers.get(AWARDED_TOUCHDOWNS) or {}).get(side)
            scorers = awarded_touchdown_scorers(w, report, chosen)
            if isinstance(scorers, Choice):
                pending.append(scorers)
            else:
                given[side] = {pid: scorers.count(pid) for pid in scorers}
        if pending:
            return {}, tuple(pending)
        outcome: dict[str, Any] = {}
        for side, w in work.items():
            mvp = mvps[side]
            if w.report.concession_penalty:
                # Facts section 9: "all SPP the conceding team earned in the game are lost".
                outcome[side] = self.award_spp(w, [], mvp, mvps=mvp.player_ids)
                continue
            brutes = _brawlin_brutes(w)
            counted = {pid: mvp.player_ids.count(pid) for pid in mvp.player_ids}
            awarded = given.get(side, {})
            earned = [
                spp_earned(
                    r,
                    r.player_id,
                    mvps=counted.get(r.player_id, 0),
                    brawlin_brutes=brutes,
                    awarded_touchdowns=awarded.get(r.player_id, 0),
                )
                for r in w.report
                if not r.induced
            ]
            for pid in dict.fromkeys([*counted, *awarded]):
                if w.report.player(pid) is None:
                    earned.append(
                        spp_earned(
                            None,
                            pid,
                            mvps=counted.get(pid, 0),
                            brawlin_brutes=brutes,
                            awarded_touchdowns=awarded.get(pid, 0),
                        )
                    )
            outcome[side] = self.award_spp(w, earned, mvp, mvps=mvp.player_ids)
        return outcome


class Bb2025FriendlyPostGameRules(FriendlyPostGame, Bb2025PostGameRules):
    """A BB2025 friendly's post-game (facts section 7, ``bb2025.friendly``)."""

    def friendly(self) -> PostGameRules | None:
        return None


BB2025_POST_GAME = Bb2025PostGameRules()
BB2025_FRIENDLY_POST_GAME = Bb2025FriendlyPostGameRules()
# The BB2025 post-game sequence, steps 1-6 in order (BB2020's signature): ``league=False``
# is a friendly (facts section 7); ``hold_hiring`` holds step 4 for each side's answer.
post_game = BB2025_POST_GAME.post_game
