"""Rules engine: pre-game + post-game resolutions per second.

Builds random league matches - two random rosters of 11-16 players from the
BB2020 ruleset, with SPP, advancements, players missing the game, Treasury and
Dedicated Fans - and a random match report (touchdowns, casualties, deaths,
injuries, now and then a concession), then resolves the pre-game (when
``rules_engine.bb2020.pregame`` is there) and the post-game of each. Every
random number comes from a ``SeededDice``, so a run is reproducible.
"""

from __future__ import annotations

import time
from typing import Any

from rules_engine import get_ruleset
from rules_engine.bb2020.postgame import post_game
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.spp import pick_at_random
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice, SeededDice
from rules_engine.ruleset import Roster, Ruleset

try:
    from rules_engine.bb2020.pregame import pre_game
except ImportError:  # written in parallel; the bench measures post-game alone without it
    pre_game = None  # type: ignore[assignment]

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


def resolve_match(ruleset: Ruleset, seed: int) -> tuple[bool, bool]:
    """One match: returns whether pre-game and post-game ran to the end."""
    dice = SeededDice(f"{SEED}-{seed}")
    home, away = random_team(ruleset, dice, "H"), random_team(ruleset, dice, "A")
    fan_factor = {
        "home": dice.d3("bench") + home.dedicated_fans,
        "away": dice.d3("bench") + away.dedicated_fans,
    }
    pre_complete = False
    if pre_game is not None:
        choices = {
            "journeymen_position": {
                "home": home.roster(ruleset).lineman_position().slug,
                "away": away.roster(ruleset).lineman_position().slug,
            },
            "inducements": {"home": {}, "away": {}},
            "kick_or_receive": "kick",
        }
        pre = pre_game(ruleset, home, away, SeededDice(seed), choices=choices)
        pre_complete = pre.complete
        if pre.fan_factor is not None:
            fan_factor = pre.fan_factor
        if pre.journeymen is not None:
            home = home.evolve(players=home.players + pre.journeymen["home"])
            away = away.evolve(players=away.players + pre.journeymen["away"])
    concession = dice.d16("bench: concession")
    report = MatchReport(
        random_report(dice, home, fan_factor["home"], concession == 1),
        random_report(dice, away, fan_factor["away"], concession == 2),
    )
    choices: dict[str, Any] = {"home": {}, "away": {}}
    result = post_game(ruleset, home, away, report, SeededDice(seed), choices=choices)
    return pre_complete, result.complete


def main() -> None:
    ruleset = get_ruleset("bb2020")
    resolve_match(ruleset, -1)  # warm the table and ruleset caches
    started = time.perf_counter()
    pre_done = post_done = 0
    for seed in range(MATCHES):
        pre_complete, post_complete = resolve_match(ruleset, seed)
        pre_done += pre_complete
        post_done += post_complete
    elapsed = time.perf_counter() - started
    what = "pre-game + post-game" if pre_game is not None else "post-game (no pre-game yet)"
    print(f"   {MATCHES} random matches, {what}, in {elapsed:.2f} s")
    print(f"   {MATCHES / elapsed:,.0f} matches per second")
    print(f"   complete: pre-game {pre_done}/{MATCHES}, post-game {post_done}/{MATCHES}")


if __name__ == "__main__":
    main()
