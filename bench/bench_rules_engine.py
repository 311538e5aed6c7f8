"""Rules engine: pre-game + post-game resolutions per second.

Builds random league matches - two random rosters of 11-16 players from the
BB2020 ruleset, with SPP, advancements, players missing the game, Treasury and
Dedicated Fans - and a random match report (touchdowns, casualties, deaths,
injuries, now and then a concession), then resolves the pre-game (when
``rules_engine.bb2020.pregame`` is there) and the post-game of each. Every
random number comes from a ``SeededDice``, so a run is reproducible.

The inputs (teams, answers, reports) are made before the timer: only the engine is
timed, by the CPU time of this process (``time.process_time``: one core; wall-clock
swings by half on this shared machine), the best of three passes over the 1,500
matches (the first pass, whose memos are cold, printed beside it). Prints the
measured rate, the target (issue 15: 5,000 a second on one core) and their ratio.
``python -m bench.bench_rules_engine --profile`` prints the profile.

Profile before issue 15's work (cProfile, 1,500 matches, by own time; 22.6 M calls,
15.7 s under the profiler on a busy 2-core machine)::

    ncalls  tottime  cumtime  function
     78100    1.385    6.088  advancement_rules.py:155(advancement_options)
    427760    1.355    2.146  advancement_rules.py:128(_not_held)
    118641    0.992    2.140  dataclasses.py:1599(_replace)
   5402440    0.791    0.791  advancement_rules.py:129(<genexpr>)
   2535767    0.502    0.502  {built-in method builtins.getattr}
    177896    0.445    0.791  tables.py:489(spp_award)
   1669717    0.424    0.424  {method 'casefold' of 'str' objects}
     78100    0.307    3.774  advancement_rules.py:185(advancement_choice)
    200768    0.274    0.923  ruleset.py:366(has_special_rule)

The first three rounds of issue 15 and the mypyc trial (compiling the engine: about 10 %
slower as it stands, at best 1.4-1.55x with every result class rewritten, and 82 engine
tests failing on its run-time type checks) are in bench/HISTORY.md, with their profiles
and figures.

Fourth round (pure Python; every result, roll and golden-file ``repr`` unchanged).
Profile before it (commit de6693c; 2.61 M calls, 1.86 s under the profiler, load 1.6)::

    ncalls  tottime  cumtime  function
    436171    0.101    0.104  {method 'get' of 'dict' objects}
    182602    0.090    0.131  frozen.py:21(frozen)
      6000    0.070    0.292  postgame_work.py:192(advancement_offers)
      6000    0.061    0.101  team_value.py:194(breakdown_of)
      1500    0.054    0.195  postgame.py:226(outcome_and_winnings)
     28263    0.049    0.092  dice.py:162(roll)
     36784    0.048    0.073  advancement_options.py:179(advancement_choice_of)
     39295    0.041    0.192  advancement_options.py:82(advancement_offer)

After it (2.09 M calls, 1.64 s under the profiler; the engine before it 1.91 s in the same
minute)::

    ncalls  tottime  cumtime  function
      6000    0.103    0.247  advancement_options.py:100(advancement_offers)
    409444    0.095    0.098  {method 'get' of 'dict' objects}
      6000    0.062    0.106  team_value.py:194(breakdown_of)
     36784    0.051    0.059  advancement_options.py:240(advancement_choice_of)
      3000    0.048    0.078  postgame_work.py:131(add_spp)
     18000    0.047    1.277  sequence.py:106(run_step)
      1500    0.044    0.166  postgame.py:228(outcome_and_winnings)
    176948    0.042    0.042  {built-in method __new__ of type object}

What changed (in small commits, each timed back to back against the round's start): every
player's advancement offer made in one loop (``AdvancementOptions.advancement_offers``:
the memo, the bands and the choice written out, the ``PostGameWork`` memo of pictures
alike passed in) instead of four calls a player; the SPP earned and their rows in one
pass each (``spp_earned_by``, ``spp_rows``); the working team's fields kept in a dict
until the team is asked for (``PostGameWork``: a gold movement or a new Dedicated Fans is
a dict update, not a ``TeamState`` copy); ``SeededDice.d3``-``d16`` roll in one call
without the generic ``roll``; ``StepResult``, ``Roll``, ``Choice`` and a player with his
SPP made without ``frozen``'s call (``frozen.new_object``/``object_setattr``); no injury
tuples built from nobody, a Lasting Injury and its MNG in one ``evolve``; Expensive
Mistakes' rolls without a ``recording`` object; a team needing no journeymen skips their
positions; the pre-game result made without its ``__init__``; an inducement purchase of
nothing written out; ``max(SIDES, key=...)`` replaced by one comparison; a picture's
``evolve`` checks its names only when the copy gained a key (1.30 -> 0.99 us an
``evolve``); the steps' id lists by list comprehensions (inlined since 3.12)
rather than generators; the MVP's candidates taken as they stand when the sheet is in
shirt-number order already. 340 fewer calls a match under the profiler (1,740 -> 1,400).
Tried and dropped: a rewritten ``breakdown_of`` loop (3.50 -> 3.40 us a team: noise).

Measured back to back (CPU time of this loop, best of 3 passes; the engine before the
round - a clone at de6693c - and after it run alternately, five pairs on the final
code, load 1.2-1.6 from another session): before 535-545 us a match, after 459-472 us:
1.15-1.17x pair by pair, about 2,120-2,180 a second, 0.42-0.44 of the 5,000/s target
(200 us a match). Not reached, 2.3-2.4x short. Why: what is left is the results
themselves, as the third round found, now measured one by one on this machine: a frozen
result made from its dict costs 0.28 us beyond the dict (``object.__new__`` and setting
``__dict__``; its ``__init__`` 1.0 us), an advancement ``Choice`` with its prompt and two
dicts 1.0 us (24 a match: 24 us), a team value 5 us (four a match), the MVP 8.6 us a
side, a ``SeededDice`` 5.7 us (two a match); the largest own time is now 6 % of the
profile. What is left is spread over about 1,400 calls and 1,500 objects a match at
0.1-1 us each, nearly all of them results the apps store and show; rearranging the code
around them will not halve it. The gap closes only with a lighter result shape (fewer
objects to make and read, a decision for the issue) or compiled code on it, as above.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from rules_engine import get_ruleset
from rules_engine.bb2020.postgame import PostGameResult, post_game
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
TARGET = 5_000  # issue 15: resolutions per second on one core


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


def make_matches(ruleset: Ruleset, count: int = MATCHES) -> list[BenchMatch]:
    return [make_match(ruleset, seed) for seed in range(count)]


def run(ruleset: Ruleset, matches: list[BenchMatch]) -> tuple[float, int, int]:
    """Resolve every match; (seconds, pre-games complete, post-games complete)."""
    seconds, _, pre_done, post_done = timed_run(ruleset, matches)
    return seconds, pre_done, post_done


def timed_run(ruleset: Ruleset, matches: list[BenchMatch]) -> tuple[float, float, int, int]:
    """Resolve every match; (wall-clock seconds, CPU seconds of this process, pre-games
    complete, post-games complete)."""
    pre_done = post_done = 0
    cpu = time.process_time()
    started = time.perf_counter()
    for match in matches:
        pre, post = resolve(ruleset, match)
        pre_done += pre is not None and pre.complete
        post_done += post.complete
    return time.perf_counter() - started, time.process_time() - cpu, pre_done, post_done


PASSES = 3  # timed passes over the matches; the best CPU time is the figure


def main() -> None:
    ruleset = get_ruleset("bb2020")
    matches = make_matches(ruleset)
    run(ruleset, matches[:50])  # warm the table and ruleset caches
    passes = [timed_run(ruleset, matches) for _ in range(PASSES)]
    wall, cpu, pre_done, post_done = min(passes, key=lambda p: p[1])
    what = "pre-game + post-game" if pre_game is not None else "post-game (no pre-game yet)"
    rate = MATCHES / cpu
    print(
        f"   {MATCHES} random matches (inputs made before the timer), {what}: "
        f"{1e6 * cpu / MATCHES:.0f} us CPU a match (best of {PASSES} passes; "
        f"first pass {1e6 * passes[0][1] / MATCHES:.0f} us), {wall:.3f} s wall-clock"
    )
    print(
        f"   measured {rate:,.0f} matches/s on one core; target {TARGET:,}/s; "
        f"ratio {rate / TARGET:.2f}"
    )
    if rate < TARGET:
        print(f"   target not met: {TARGET / rate:.1f}x short (see this bench's docstring)")
    print(f"   complete: pre-game {pre_done}/{MATCHES}, post-game {post_done}/{MATCHES}")


def profile(top: int = 25) -> None:
    """The profile kept in the docstring: ``python -m bench.bench_rules_engine --profile``."""
    import cProfile
    import pstats

    ruleset = get_ruleset("bb2020")
    matches = make_matches(ruleset)
    run(ruleset, matches[:50])
    profiler = cProfile.Profile()
    profiler.enable()
    run(ruleset, matches)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


if __name__ == "__main__":
    import sys

    profile() if "--profile" in sys.argv else main()
