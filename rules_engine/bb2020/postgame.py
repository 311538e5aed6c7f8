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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from rules_engine.bb2020.advancement import BB2020 as BB2020_ADVANCEMENT
from rules_engine.bb2020.advancement_rules import AdvancementRules
from rules_engine.bb2020.conceding import MINIMUM_DEDICATED_FANS, concede

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
from rules_engine.bb2020.postgame_work import (
    CHOICE_KEYS,
    HIRING_CHOICE,
    MAXIMUM_PLAYERS,
    PostGameResult,
    PostGameWork,
    TeamPostGame,
    TreasuryChange,
    expensive_mistakes,
    hiring_and_firing,
    prepare_for_next_game,
)
from rules_engine.bb2020.report import SIDES, MatchReport, injury_lists, other_side
from rules_engine.bb2020.spp import (
    SppEarned,
    most_valuable_player,
    spp_earned,
    spp_earned_by,
    spp_rows,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, run_steps
from rules_engine.wording import say, side_said

__all__ = [
    "CHOICE_KEYS",
    "HIRING_CHOICE",
    "MAXIMUM_PLAYERS",
    "ExpensiveMistakeResult",
    "PostGameResult",
    "PostGameRules",
    "PostGameWork",
    "TeamPostGame",
    "TreasuryChange",
    "dedicated_fans_change",
    "expensive_mistake",
    "expensive_mistakes",
    "hiring_and_firing",
    "post_game",
    "prepare_for_next_game",
    "resolve_expensive_mistake",
    "winnings",
]

RULESET = "bb2020"
GOLD_PER_TOUCHDOWN = 10_000  # "(Fan Attendance / 2 + its touchdowns) x 10,000 gp"
RULE = "League facts section 4, Post-game sequence (p.69-73)"
# What step 3 returns: its outcome, or its outcome and the choices it waits for.
StepOutcome = dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]


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
        raise RulesError(say("Fan Attendance and touchdowns cannot be negative"))
    if conceded:
        return 0
    # Attendance x 5,000 is the halved attendance x 10,000 in whole gold pieces.
    attendance = fan_attendance * GOLD_PER_TOUCHDOWN
    return (attendance if opponent_conceded else attendance // 2) + touchdowns * GOLD_PER_TOUCHDOWN


def dedicated_fans_change(
    result: str, dedicated_fans: int, d6: int, *, maximum: int | None = None
) -> int:
    """Step 2, "Dedicated Fans": "Winner rolls D6: >= DF -> DF +1. Loser rolls D6: < DF ->
    DF -1 (minimum 1). Draw: no change." Returns the change (+1, 0 or -1). ``maximum``:
    the edition's cap, where it has one (BB2025: never above 7)."""
    if result not in ("win", "draw", "loss"):
        raise ValueError(f"a result is 'win', 'draw' or 'loss', not {result!r}")
    if not 1 <= d6 <= 6:
        raise ValueError(f"a D6 shows 1-6, got {d6!r}")
    if result == "win":
        capped = maximum is not None and dedicated_fans >= maximum
        return 1 if d6 >= dedicated_fans and not capped else 0
    if result == "loss" and d6 < dedicated_fans and dedicated_fans > MINIMUM_DEDICATED_FANS:
        return -1
    return 0


_FIELD_NAMES: dict[type[TeamPostGame], tuple[str, ...]] = {}


def _field_names(team_type: type[TeamPostGame]) -> tuple[str, ...]:
    """The type's fields in the order it declares them."""
    names = _FIELD_NAMES.get(team_type)
    if names is None:
        names = _FIELD_NAMES[team_type] = tuple(f.name for f in fields(team_type))
    return names


def _team_post_game(team_type: type[TeamPostGame], source: dict[str, Any]) -> TeamPostGame:
    """``team_type`` of the fields ``source`` holds (its other keys are not fields)."""
    names = _field_names(team_type)
    return team_type(**{name: source[name] for name in names if name in source})


class PostGameRules:
    """The post-game sequence's six steps, as BB2020 runs them; an edition built on it
    (BB2025) overrides the hooks where its facts differ: ``winnings_of``,
    ``after_injuries``, ``dedicated_fans_change``, ``split_choices`` and
    ``player_advancement``, with its own ``rule``, ``team_type`` and ``advancement``."""

    rule = RULE
    team_type: type[TeamPostGame] = TeamPostGame
    advancement: AdvancementRules = BB2020_ADVANCEMENT
    winnings: Callable[..., int] = staticmethod(winnings)
    # The fewest players eligible for the next game that firing may leave (None: none).
    fire_floor: int | None = None
    # Whether a player due to miss the next game has served it by sitting out a
    # friendly (``league=False``): BB2020 says nothing against it; BB2025 does not.
    friendly_serves_missed_game = True
    # The most Dedicated Fans a team may have (None: no cap).
    maximum_dedicated_fans: int | None = None

    # --- the hooks -------------------------------------------------------------------

    def dedicated_fans_change(self, result: str, dedicated_fans: int, d6: int) -> int:
        return dedicated_fans_change(
            result, dedicated_fans, d6, maximum=self.maximum_dedicated_fans
        )

    def winnings_terms(self, w: PostGameWork) -> dict[str, Any]:
        """What else the edition's ``winnings`` reads of a side (BB2020: nothing)."""
        return {}

    def winnings_of(self, w: PostGameWork, report: MatchReport, side: str) -> dict[str, Any]:
        """Step 1's gold for ``side``, after the terms it is worked out from."""
        opponent = report.side(other_side(side))
        terms = self.winnings_terms(w)
        gold = self.winnings(
            report.fan_attendance,
            report.touchdowns(side),
            conceded=w.report.concession_penalty,
            opponent_conceded=opponent.concession_penalty,
            **terms,
        )
        return {**terms, "winnings": gold}

    def after_injuries(self, w: PostGameWork, dice: Dice, gone: set[Any]) -> dict[str, Any]:
        """What step 1 resolves once injuries are recorded (BB2020: nothing)."""
        return {}

    def split_choices(
        self, choices: Mapping[str, Any] | None
    ) -> tuple[Mapping[str, Any] | None, Mapping[str, Any]]:
        """The answers for step 4, and those for step 3 (BB2020: none)."""
        return choices, {}

    def player_advancement(
        self,
        work: Mapping[str, PostGameWork],
        report: MatchReport,
        dice: Dice,
        league: bool,
        answers: Mapping[str, Any],
    ) -> StepOutcome:
        """Step 3, "Player advancement": the MVP ("each coach randomly picks one player
        ... eligible to play"; none from a conceding team), SPP earned, and the
        advancements each player can now afford (options, not decisions: the coach may
        save SPP)."""
        outcome = {}
        for side, w in work.items():
            mvp = most_valuable_player(w.before, w.report, dice, side=side, league=league)
            earned = spp_earned_by(w.report.players, mvp.player_id)
            if mvp.player_id is not None and w.report.player(mvp.player_id) is None:
                earned.append(spp_earned(None, mvp.player_id, mvp=True))
            outcome[side] = self.award_spp(w, earned, mvp)
        return outcome

    # --- the steps -------------------------------------------------------------------

    def outcome_and_winnings(
        self, work: Mapping[str, PostGameWork], report: MatchReport, dice: Dice
    ) -> dict[str, Any]:
        """Step 1, "Record outcome and winnings": the result, any concession's
        consequences (core rules, CONCEDING), winnings into the Treasury, injuries
        recorded and "Dead players are removed".

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
            dead_list, injured = [], []
            for r in w.report.players:  # who died, and who suffered what changes a sheet
                if r.induced:
                    continue
                if r.killed:
                    dead_list.append(r.player_id)
                if r.lasting_injury or r.niggling_injuries or r.miss_next_game:
                    injured.append(r)
            dead = tuple(dead_list)
            concession = None
            if w.report.concession_penalty:
                concession = concede(w.team, dice, excluding=dead)
                w.team = concession.team
            quitters = concession.quitters if concession else ()
            gone = {*dead, *quitters} if dead or quitters else set()
            if gone:
                w.replace_players(tuple(p for p in w.players if p.id not in gone))
                injured = [r for r in injured if r.player_id not in gone]
            # Those whose sheet what they suffered changes (``PlayerReport.apply_injuries``).
            w.injure(injured)
            gold = self.winnings_of(w, report, side)
            extra = self.after_injuries(w, dice, gone)
            values = {
                "result": report.result(side),
                "touchdowns": report.touchdowns(side),
                **gold,
                "dead": dead,
                "quit": quitters,
                **injury_lists(injured),
                **extra,
            }
            w.details.update(values)
            w.gold("winnings", values["winnings"])
            shown = values.copy()
            shown["concession"] = concession.as_dict() if concession else None
            outcome[side] = shown
            w.details["concession"] = concession
        return outcome

    def dedicated_fans(self, work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
        """Step 2, "Dedicated Fans": the winner rolls a D6 (>= DF: +1), the loser a D6
        (< DF: -1, minimum 1); a draw changes nothing and rolls nothing."""
        outcome = {}
        for side, w in work.items():
            before = w.dedicated_fans
            w.details["dedicated_fans_before"] = w.before.dedicated_fans
            roll = None
            if w.details["result"] != "draw":
                roll = dice.d6(say("Dedicated Fans: {side}", side=side_said(side)))
                change = self.dedicated_fans_change(w.details["result"], before, roll)
                w.evolve_team(dedicated_fans=before + change)
            w.details["dedicated_fans_roll"] = roll
            outcome[side] = {"before": before, "roll": roll, "after": w.dedicated_fans}
        return outcome

    def award_spp(
        self, w: PostGameWork, earned: Sequence[SppEarned], mvp: Any, **details: Any
    ) -> dict[str, Any]:
        """Step 3's SPP onto the players on the sheet, and what each can now afford."""
        w.add_spp(earned)
        advancement = self.advancement
        offers = w.advancement_offers(advancement)
        w.details.update(mvp=mvp, spp=tuple(earned), **details)
        return {
            "mvp": mvp.as_dict(),
            "spp": spp_rows(earned),
            "advancement_choices": [c.options for _, _, c in offers if c is not None],
        }

    def team_post_game(self, w: PostGameWork) -> TeamPostGame:
        # Listed from the final roster: hired journeymen may advance, fired players are gone.
        advancement = self.advancement
        players = w.players
        offers = w.advancement_offers(advancement)
        options = {p.id: opts for p, (_, opts, _) in zip(players, offers, strict=True)}
        values = w.details  # the steps are done: their details become the result's fields
        values.update(
            side=w.side,
            treasury_changes=tuple(values["treasury_changes"]),
            dedicated_fans_after=w.dedicated_fans,
            advancement_options={pid: opts for pid, opts in options.items() if opts},
            advancement_choices=tuple([choice for _, _, choice in offers if choice]),
            team=w.team,
        )
        return _team_post_game(self.team_type, values)

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
        """The post-game sequence, steps 1-6 in order, stopping at the first that waits
        for a coach.

        ``league=False`` is a friendly: no MVP (facts section 5: "Friendlies across
        divisions: no league points, no MVP"); everything else runs as usual.
        ``hold_hiring``: step 4 waits for each side's answer (see ``hiring_and_firing``),
        so Expensive Mistakes never roll before a coach could spend.
        """
        hiring, answers = self.split_choices(choices)
        work = {
            side: PostGameWork(ruleset, side, t, report.side(side))
            for side, t in zip(SIDES, (home, away), strict=True)
        }
        if not league and not self.friendly_serves_missed_game:
            for w in work.values():
                w.serves_missed_game = False
        plan = (
            (
                "outcome_and_winnings",
                say("1. Record outcome and winnings"),
                lambda: self.outcome_and_winnings(work, report, dice),
            ),
            (
                "dedicated_fans",
                say("2. Dedicated Fans"),
                lambda: self.dedicated_fans(work, dice),
            ),
            (
                "player_advancement",
                say("3. Player advancement"),
                lambda: self.player_advancement(work, report, dice, league, answers),
            ),
            (
                "hiring_and_firing",
                say("4. Hiring, firing, temporarily retiring"),
                lambda: hiring_and_firing(work, hiring, hold_hiring, self.fire_floor),
            ),
            (
                "expensive_mistakes",
                say("5. Expensive Mistakes"),
                lambda: expensive_mistakes(work, dice),
            ),
            (
                "prepare_for_next_game",
                say("6. Prepare for the next fixture"),
                lambda: prepare_for_next_game(work),
            ),
        )
        steps = run_steps(plan, f"{self.rule}, step ", dice)
        teams: dict[str, TeamPostGame] = {}
        if steps[-1].complete:
            teams = {side: self.team_post_game(w) for side, w in work.items()}
        return PostGameResult(name="post-game", steps=steps, teams=teams)


BB2020_POST_GAME = PostGameRules()
outcome_and_winnings = BB2020_POST_GAME.outcome_and_winnings
dedicated_fans = BB2020_POST_GAME.dedicated_fans

# The post-game sequence (facts section 4), steps 1-6 in order (``PostGameRules.post_game``).
post_game = BB2020_POST_GAME.post_game
