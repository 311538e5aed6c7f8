"""A friendly's post-game under BB2025 (bb2025-league-facts.md section 7; BBBase
docs/bb2025/core_rules/league_play.md "Friendlies").

The book keeps a friendly from changing what a league counts: it awards no Star
Player Points of any kind (so no MVP, and no touchdowns to hand out after a
concession) and no winnings; every casualty a player suffered counts as a Badly Hurt
result, so nobody dies, gains a Niggling or Lasting Injury or misses a game because
of it (and nobody rolls for Hatred, which follows only a casualty that makes him miss
a game, nor is a dead player raised); and a player who was due to miss his team's
next game has not served it by sitting the friendly out: he still misses the next
one. League points are the standings' business, which count league fixtures only.

The text lists nothing else, so the rest of the sequence runs as after a league game:
Dedicated Fans (step 2), hiring and firing, Expensive Mistakes, the next game prepared.

``FriendlyPostGame`` is mixed in before the edition's post-game rules
(``bb2025.postgame``, which runs a ``league=False`` game under them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules_engine.bb2020.postgame import (
    PostGameResult,
    PostGameRules,
    PostGameWork,
    StepOutcome,
)
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.spp import mvp_candidates
from rules_engine.bb2020.state import TeamState
from rules_engine.bb2025.report import Bb2025PlayerReport
from rules_engine.bb2025.spp import Bb2025MvpResult
from rules_engine.dice import Dice
from rules_engine.ruleset import Ruleset

__all__ = ["FRIENDLY_RULE", "NO_MVP", "FriendlyPostGame", "badly_hurt_only"]

FRIENDLY_RULE = "BB2025 league facts sections 7-8, a friendly's post-game sequence"
NO_MVP = "A friendly awards no Star Player Points, and no MVP"


def _badly_hurt(report: PlayerReport) -> PlayerReport:
    """The player's report with whatever casualty he suffered read as Badly Hurt."""
    hurt = report.killed or report.misses_next_game
    if not hurt:
        return report
    changes: dict[str, Any] = {
        "killed": False,
        "lasting_injury": None,
        "niggling_injuries": 0,
        "miss_next_game": False,
    }
    if isinstance(report, Bb2025PlayerReport):
        changes["hatred_keyword"] = None  # no casualty left to hate anyone for
    return replace(report, **changes)


def _team_badly_hurt(report: TeamReport) -> TeamReport:
    players = tuple(_badly_hurt(r) for r in report.players)
    if all(new is old for new, old in zip(players, report.players, strict=True)):
        return report
    return replace(report, players=players)


def badly_hurt_only(report: MatchReport) -> MatchReport:
    """The report with every casualty counted as Badly Hurt (facts section 7): no
    player killed, none with a Lasting or Niggling Injury, none to miss the next game.
    What the players did (touchdowns, casualties caused, ...) stays as reported."""
    home, away = _team_badly_hurt(report.home), _team_badly_hurt(report.away)
    if home is report.home and away is report.away:
        return report
    return replace(report, home=home, away=away)


class FriendlyPostGame(PostGameRules):
    """The post-game rules of a friendly (facts section 7), mixed in before the
    edition's own: the report's casualties read as Badly Hurt, no winnings, no SPP and
    no MVP, and players due to miss a game still due to miss it afterwards."""

    rule = FRIENDLY_RULE
    friendly_serves_missed_game = False

    def winnings_of(self, w: PostGameWork, report: MatchReport, side: str) -> dict[str, Any]:
        """Step 1: a friendly "will generate no Winnings" (the terms stay shown)."""
        return {**super().winnings_of(w, report, side), "winnings": 0}

    def player_advancement(
        self,
        work: Mapping[str, PostGameWork],
        report: MatchReport,
        dice: Dice,
        league: bool,
        answers: Mapping[str, Any],
    ) -> StepOutcome:
        """Step 3: "no Star Player Points of any kind", so no MVP is nominated or drawn
        and nobody is asked to give a concession's touchdowns; the advancements the
        players could already afford are listed as after any game."""
        outcome: dict[str, Any] = {}
        for side, w in work.items():
            ids = tuple(p.id for p in mvp_candidates(w.before, w.report))
            mvp = Bb2025MvpResult(side, None, ids, reason=NO_MVP)
            outcome[side] = self.award_spp(w, [], mvp, mvps=())
        return outcome

    def post_game(
        self,
        ruleset: Ruleset,
        home: TeamState,
        away: TeamState,
        report: MatchReport,
        dice: Dice,
        *,
        choices: Mapping[str, Any] | None = None,
        league: bool = False,
        hold_hiring: bool = False,
    ) -> PostGameResult:
        """The sequence on the report with every casualty as Badly Hurt; always a
        friendly, whatever ``league`` says."""
        return super().post_game(
            ruleset,
            home,
            away,
            badly_hurt_only(report),
            dice,
            choices=choices,
            league=False,
            hold_hiring=hold_hiring,
        )
