"""Seeded BB2020 matches for the engine's golden results: random rosters of 11-16
players with SPP, advancements, players missing the game, Treasury and Dedicated Fans,
and a random match report (touchdowns, casualties, deaths, injuries, now and then a
concession). Every random number comes from a ``SeededDice`` whose seed and purposes
are part of the golden file: change none of them without rewriting it
(``python -m tests.rules_engine.golden_bench``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.postgame import PostGameResult, post_game
from rules_engine.bb2020.pregame import pre_game
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.spp import pick_at_random
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice, SeededDice
from rules_engine.ruleset import Roster, Ruleset

MATCHES = 1_500
SEED = "dugout-bench"


def pick(dice: Dice, items: list[Any]) -> Any:
    return items[pick_at_random(dice, len(items), "bench: pick").index]


def random_team(ruleset: Ruleset, dice: Dice, name: str) -> TeamState:
    """A legal-looking roster: 11-16 players within each position's maximum."""
    roster: Roster = ruleset.roster(pick(dice, list(ruleset.rosters)))
    lineman = roster.lineman_position()
    counts: dict[str, int] = {}
    players = []
    for number in range(1, 10 + dice.d6("bench: squad") + 1):
        open_positions = [
            p for p in roster.positions.values() if counts.get(p.slug, 0) < p.max_count
        ]
        position = pick(dice, open_positions) if dice.d6("bench: positional") > 3 else lineman
        counts[position.slug] = counts.get(position.slug, 0) + 1
        advancements = max(0, dice.d6("bench: advancements") - 3)
        players.append(
            PlayerState(
                id=f"{name}{number}",
                name=f"{name} {number}",
                position_slug=position.slug,
                number=number,
                spp=dice.d16("bench: spp") - 1 + 6 * advancements,
                advancements=advancements,
                miss_next_game=dice.d16("bench: mng") == 1,
            )
        )
    return TeamState(
        name=name,
        roster_slug=roster.slug,
        players=tuple(players),
        rerolls=dice.d3("bench: rerolls"),
        apothecary=roster.apothecary_allowed and dice.d6("bench: apothecary") > 2,
        dedicated_fans=dice.d6("bench: fans"),
        treasury=dice.d16("bench: treasury") * 25_000,
    )


def random_report(dice: Dice, team: TeamState, fan_factor: int, conceded: bool) -> TeamReport:
    reports = []
    for player in team.available_players:
        event = dice.d8("bench: event")
        if event > 5:
            continue
        casualty = dice.d16("bench: casualty")
        reports.append(
            PlayerReport(
                player.id,
                touchdowns=max(0, dice.d3("bench: td") - 2 + (event == 1)),
                completions=dice.d3("bench: completions") - 1,
                casualties=max(0, dice.d3("bench: cas") - 2),
                killed=casualty == 16,
                lasting_injury="ma" if casualty == 15 else None,
                niggling_injuries=int(casualty == 14),
                miss_next_game=casualty == 13,
            )
        )
    return TeamReport(
        touchdowns=sum(r.touchdowns for r in reports),
        fan_factor=fan_factor,
        conceded=conceded,
        players=tuple(reports),
    )


@dataclass(frozen=True)
class BenchMatch:
    """One bench match's inputs, generated before the timer: the teams as they stand
    before the game, the engine's seed and answers, and the match report."""

    seed: int
    home: TeamState
    away: TeamState
    pre_choices: dict[str, Any]
    report: MatchReport


def _pre_choices(ruleset: Ruleset, home: TeamState, away: TeamState) -> dict[str, Any]:
    return {
        "journeymen_position": {
            "home": home.roster(ruleset).lineman_position().slug,
            "away": away.roster(ruleset).lineman_position().slug,
        },
        "inducements": {"home": {}, "away": {}},
        "kick_or_receive": "kick",
    }


def _playing(home: TeamState, away: TeamState, pre: Any) -> tuple[TeamState, TeamState]:
    """The teams as they play: the pre-game's journeymen on their sheets."""
    journeymen = pre.journeymen if pre is not None else None
    if journeymen is not None:
        if journeymen["home"]:
            home = home.evolve(players=home.players + journeymen["home"])
        if journeymen["away"]:
            away = away.evolve(players=away.players + journeymen["away"])
    return home, away


def make_match(ruleset: Ruleset, seed: int) -> BenchMatch:
    """One match's inputs, drawn from its own ``SeededDice``. The report is written for
    the teams as they play, so the pre-game runs here once (untimed) for its journeymen;
    the timed loop runs it again on the same seed and gets the same result."""
    dice = SeededDice(f"{SEED}-{seed}")
    home, away = random_team(ruleset, dice, "H"), random_team(ruleset, dice, "A")
    fan_factor = {
        "home": dice.d3("bench") + home.dedicated_fans,
        "away": dice.d3("bench") + away.dedicated_fans,
    }
    choices = _pre_choices(ruleset, home, away)
    playing_home, playing_away = home, away
    if pre_game is not None:
        pre = pre_game(ruleset, home, away, SeededDice(seed), choices=choices)
        if pre.fan_factor is not None:
            fan_factor = pre.fan_factor
        playing_home, playing_away = _playing(home, away, pre)
    concession = dice.d16("bench: concession")
    report = MatchReport(
        random_report(dice, playing_home, fan_factor["home"], concession == 1),
        random_report(dice, playing_away, fan_factor["away"], concession == 2),
    )
    return BenchMatch(seed, home, away, choices, report)


def resolve(ruleset: Ruleset, match: BenchMatch) -> tuple[Any, PostGameResult]:
    """What the bench times: one match's pre-game, then its post-game."""
    pre = None
    if pre_game is not None:
        pre = pre_game(
            ruleset, match.home, match.away, SeededDice(match.seed), choices=match.pre_choices
        )
    home, away = _playing(match.home, match.away, pre)
    choices: dict[str, Any] = {"home": {}, "away": {}}
    post = post_game(ruleset, home, away, match.report, SeededDice(match.seed), choices=choices)
    return pre, post
