"""The BB2025 post-game sequence and conceding as the rulebook has them, each test
citing shared/rules/bb2025-league-facts.md (sections 8, 9 and 13)."""

from __future__ import annotations

from typing import Any

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.report import TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport
from rules_engine.bb2025.advancement import must_advance
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.editions import edition_for
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.wording import english


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def team(
    name: str,
    count: int = 11,
    *,
    roster: str = "human",
    position: str = "human-lineman",
    treasury: int = 0,
    fans: int = 1,
    **first: Any,
) -> TeamState:
    """``count`` players of ``position``; ``first`` changes the first player."""
    players = [
        PlayerState(id=f"{name}-{n}", name=f"{name} {n}", position_slug=position, number=n)
        for n in range(1, count + 1)
    ]
    if first:
        players[0] = players[0].evolve(**first)
    return TeamState(
        name=name,
        roster_slug=roster,
        players=tuple(players),
        treasury=treasury,
        dedicated_fans=fans,
    )


def six(name: str) -> list[str]:
    return [f"{name}-{n}" for n in range(1, 7)]


# --- step 1: winnings ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attendance", "touchdowns", "stalled", "gold"),
    [
        (7, 2, False, 65_000),  # the book's example: 3.5 + 2 + 1, no rounding
        (7, 2, True, 55_000),  # a player stalled: no +1
        (8, 0, False, 50_000),
        (3, 1, True, 25_000),
    ],
)
def test_winnings(attendance: int, touchdowns: int, stalled: bool, gold: int) -> None:
    """Facts §8 step 1: (attendance / 2 + own TDs + 1 if no player stalled) x 10,000."""
    assert bb2025.winnings(attendance, touchdowns, stalled=stalled) == gold


def test_winnings_after_a_concession() -> None:
    """Facts §9, §13.2: the conceder gets none; its opponent (whole attendance + its
    touchdowns) x 10,000, no +1."""
    assert bb2025.winnings(7, 1, conceded=True) == 0
    assert bb2025.winnings(7, 2, opponent_conceded=True) == 90_000
    with pytest.raises(RulesError):
        bb2025.winnings(-1, 0)


# --- step 2: Dedicated Fans ------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "fans", "d6", "change"),
    [
        ("win", 1, 1, 1),
        ("win", 4, 4, 1),  # ">= DF", not "greater than"
        ("win", 4, 3, 0),
        ("win", 6, 6, 1),
        ("win", 7, 6, 0),  # never above 7
        ("loss", 4, 3, -1),
        ("loss", 4, 4, 0),
        ("loss", 1, 1, 0),  # never below 1
        ("draw", 4, 1, 0),
    ],
)
def test_dedicated_fans_change(result: str, fans: int, d6: int, change: int) -> None:
    """Facts §8 step 2: win D6 >= DF -> +1 (max 7); loss D6 < DF -> -1 (min 1); draw 0."""
    assert bb2025.dedicated_fans_change(result, fans, d6) == change


# --- step 3: advancement ---------------------------------------------------------------

COSTS = {
    "random_primary": (3, 4, 6, 8, 10, 15),
    "chosen_primary": (6, 8, 12, 16, 20, 30),
    "chosen_secondary": (10, 12, 16, 20, 24, 34),
    "characteristic": (14, 16, 20, 24, 28, 38),
}


@pytest.mark.parametrize("kind", COSTS)
def test_advancement_costs(kind: str) -> None:
    """Facts §8 step 3, the SPP cost table (1st Experienced ... 6th Legend)."""
    assert tuple(bb2025.advancement_cost(kind, taken) for taken in range(6)) == COSTS[kind]


@pytest.mark.parametrize(
    ("args", "kwargs", "gold"),
    [
        (("random_primary",), {}, 20_000),
        (("chosen_primary",), {}, 20_000),
        (("chosen_secondary",), {}, 40_000),
        (("chosen_primary",), {"elite": True}, 30_000),
        (("chosen_secondary",), {"elite": True}, 50_000),
        (("av",), {}, 10_000),
        (("ma",), {}, 20_000),
        (("pa",), {}, 20_000),
        (("ag",), {}, 30_000),
        (("st",), {}, 60_000),
        (("characteristic", "st"), {}, 60_000),
    ],
)
def test_value_increases(args: tuple[str, ...], kwargs: dict[str, bool], gold: int) -> None:
    """Facts §8 step 3, Value increases: primary +20,000, secondary +40,000, elite
    (Block, Dodge, Guard, Mighty Blow) +10,000 more, AV +10,000, MA/PA +20,000,
    AG +30,000, ST +60,000."""
    assert bb2025.value_increase(*args, **kwargs) == gold


def test_a_player_whose_spp_reach_his_next_characteristic_cost_must_advance(
    ruleset: Ruleset,
) -> None:
    """Facts §8 step 3: SPP may be saved, but a player whose SPP reach the characteristic
    cost of his next advancement must take one."""
    rookie = PlayerState(id=1, name="Hans", position_slug="human-lineman", spp=14)
    assert must_advance(rookie) and not must_advance(rookie.evolve(spp=13))
    assert must_advance(rookie.evolve(spp=16, advancements=1))
    assert not must_advance(rookie.evolve(spp=15, advancements=1))
    assert not must_advance(rookie.evolve(spp=50, advancements=6))
    home = team("H", spp=10)
    away = team("A")
    report = Bb2025MatchReport(
        Bb2025TeamReport(
            touchdowns=2, fan_factor=2, players=(Bb2025PlayerReport("H-1", touchdowns=2),)
        ),
        Bb2025TeamReport(fan_factor=2),
    )
    choices = {"mvp_nominees": {"home": six("H"), "away": six("A")}}
    result = bb2025.post_game(ruleset, home, away, report, SeededDice(3), choices=choices)
    assert result.home is not None and result.home.must_advance[:1] == ("H-1",)
    choice = next(c for c in result.home.advancement_choices if c.options["player_id"] == "H-1")
    assert choice.options["must_advance"] is True
    assert "must take an advancement" in english(choice.prompt)


# --- step 4: hiring and firing ---------------------------------------------------------


@pytest.mark.parametrize("edition", ["bb2025", "bb2020"])
def test_journeyman_hire_price_is_fee_plus_value_increases(edition: str) -> None:
    """Facts §8 step 4: a journeyman hired permanently costs his hiring fee + value
    increases, Low Cost Linemen teams too (their 0 is CTV's); he loses Loner and keeps
    his SPP. The same price in BB2020."""
    ruleset = get_ruleset(edition)
    ogres = team(
        "O",
        roster="ogre",
        position="ogre-gnoblar-lineman",
        treasury=100_000,
        journeyman=True,
        skills=("Loner (4+)",),
        spp=3,
    )
    other = team("A", treasury=0)
    choices: dict[str, Any] = {"home": {"hire_journeymen": ["O-1"]}, "away": {}}
    if edition == "bb2025":
        choices["mvp_nominees"] = {"home": six("O"), "away": six("A")}
    report = edition_for(edition).report_type(TeamReport(fan_factor=2), TeamReport(fan_factor=2))
    result = edition_for(edition).post_game(
        ruleset, ogres, other, report, SeededDice(5), choices=choices
    )
    assert result.home is not None
    assert result.home.hireable_journeymen["O-1"] == 15_000
    hired = result.home.team.player("O-1")
    assert not hired.journeyman and "Loner (4+)" not in hired.skills and hired.spp >= 3


def test_firing_never_below_eleven_eligible_players(ruleset: Ruleset) -> None:
    """Facts §8 step 4: fire players, but never below 11 eligible for the next game."""
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    nominees = {"mvp_nominees": {"home": six("H"), "away": six("A")}}
    choices = {**nominees, "home": {"fire": ["H-1"]}, "away": {}}
    with pytest.raises(RulesError, match="below 11 players eligible"):
        bb2025.post_game(ruleset, team("H"), team("A"), report, SeededDice(1), choices=choices)
    result = bb2025.post_game(
        ruleset, team("H", 12), team("A"), report, SeededDice(1), choices=choices
    )
    assert result.home is not None and len(result.home.team.players) == 11
    # Journeymen are hired after firing: one hired now does not make room to fire.
    with_journeyman = team("H", 12)
    with_journeyman = with_journeyman.evolve(
        treasury=100_000,
        players=(
            *with_journeyman.players[:-1],
            with_journeyman.players[-1].evolve(journeyman=True),
        ),
    )
    hire_and_fire = {**nominees, "home": {"hire_journeymen": ["H-12"], "fire": ["H-1"]}, "away": {}}
    with pytest.raises(RulesError, match="would leave 10"):
        bb2025.post_game(
            ruleset, with_journeyman, team("A"), report, SeededDice(1), choices=hire_and_fire
        )


# --- step 3: MVP -----------------------------------------------------------------------


def test_mvp_nominations(ruleset: Ruleset) -> None:
    """Facts §6 MVP: each coach nominates six who played and a D6 picks one; fewer
    eligible: all of them (§13.1). Wrong nominations are refused with a clear error,
    missing ones are asked for."""
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    home, away = team("H"), team("A", 6)
    asked = bb2025.post_game(ruleset, home, away, report, SeededDice(2))
    (choice,) = asked.pending
    assert (choice.side, choice.kind, choice.options["nominees"]) == ("home", "mvp_nominees", 6)
    with pytest.raises(RulesError, match="nominate exactly 6"):
        bb2025.post_game(
            ruleset,
            home,
            away,
            report,
            SeededDice(2),
            choices={"mvp_nominees": {"home": six("H")[:5]}},
        )
    with pytest.raises(RulesError, match="not eligible"):
        bb2025.post_game(
            ruleset,
            home,
            away,
            report,
            SeededDice(2),
            choices={"mvp_nominees": {"home": [*six("H")[:5], "A-1"]}},
        )
    done = bb2025.post_game(
        ruleset, home, away, report, SeededDice(2), choices={"mvp_nominees": {"home": six("H")}}
    )
    assert done.complete and done.away is not None and len(done.away.mvps) == 1


def test_a_player_hurt_in_the_game_may_still_be_mvp(ruleset: Ruleset) -> None:
    """Facts §13.1: eligible = played, not a star, not killed in this game; a player who
    will miss the next game played this one."""
    report = Bb2025MatchReport(
        Bb2025TeamReport(fan_factor=2, players=(Bb2025PlayerReport("H-1", miss_next_game=True),)),
        Bb2025TeamReport(fan_factor=2, players=(Bb2025PlayerReport("A-1", killed=True),)),
    )
    home, away = team("H", 6), team("A", 7)
    result = bb2025.post_game(ruleset, home, away, report, SeededDice(4))
    assert result.complete
    step = result.step("player_advancement").outcome
    assert "H-1" in step["home"]["mvp"]["candidates"]
    assert "A-1" not in step["away"]["mvp"]["candidates"]


# --- section 9: conceding --------------------------------------------------------------


def _conceded(home_tds: int, away_tds: int, **conceding: Any) -> Bb2025MatchReport:
    return Bb2025MatchReport(
        Bb2025TeamReport(
            touchdowns=home_tds,
            fan_factor=4,
            conceded=True,
            players=(Bb2025PlayerReport("H-1", touchdowns=home_tds, completions=1),),
            **conceding,
        ),
        Bb2025TeamReport(touchdowns=away_tds, fan_factor=3),
    )


@pytest.mark.parametrize(
    ("home_tds", "away_tds", "score"),
    [(1, 0, (0, 2)), (2, 2, (0, 2)), (0, 1, (0, 2)), (1, 3, (0, 3)), (0, 4, (0, 4))],
)
def test_conceding_gives_a_2_0_or_x_0_win(
    home_tds: int, away_tds: int, score: tuple[int, int]
) -> None:
    """Facts §9: the opponent wins 2-0, or X-0 if it had already scored X > 2."""
    assert _conceded(home_tds, away_tds).final_score == score
    without = _conceded(home_tds, away_tds, set_up_players_when_conceding=2)
    assert without.final_score == score


def test_conceding_penalties(ruleset: Ruleset) -> None:
    """Facts §9: no MVP for the conceder, a second one for the opponent; no winnings
    for the conceder, (whole attendance + TDs) x 10,000 for the opponent; the
    conceder's SPP of the game are lost; DF -D3 (min 1); players with 3+ advancements
    roll a D6 and leave on 1-3."""
    home = team("H", 12, fans=5, advancements=3)
    home = home.evolve(players=(*home.players[:-1], home.players[-1].evolve(advancements=4)))
    away = team("A", fans=2)
    # Concession: D3 2, H-1 quits on 3, H-12 stays on 4; DF: home loss 6, away win 2;
    # the away team's two MVPs.
    dice = ScriptedDice([2, 3, 4, 6, 2, 1, 1])
    result = bb2025.post_game(
        ruleset,
        home,
        away,
        _conceded(1, 0),
        dice,
        # Facts §9: the opponent gives the SPP of its two awarded touchdowns.
        choices={"mvp_nominees": {"away": six("A")}, "awarded_touchdowns": {"away": ["A-2"] * 2}},
    )
    assert result.complete and dice.remaining == 0
    h, a = result.home, result.away
    assert h is not None and a is not None
    assert (h.touchdowns, a.touchdowns) == (0, 2)
    assert h.mvps == () and len(a.mvps) == 2
    assert h.winnings == 0 and a.winnings == (7 + 2) * 10_000
    assert h.spp == ()  # the touchdown and the completion earned nothing
    assert h.quit == ("H-1",) and "H-12" in [p.id for p in h.team.players]
    assert h.dedicated_fans_after == 3  # 5 - D3 (2); the loss roll of 6 changes nothing
    assert a.dedicated_fans_after == 3


def test_conceding_without_penalty(ruleset: Ruleset) -> None:
    """Facts §9 and §13.3: a team unable to put 3 players on the Line of Scrimmage
    concedes 2-0 without the other penalties: ordinary winnings both sides, one MVP
    each, SPP kept, no D3 and no quit rolls."""
    home = team("H", fans=3, advancements=3)
    away = team("A", fans=2)
    report = _conceded(1, 0, set_up_players_when_conceding=2)
    assert not report.home.concession_penalty
    assert _conceded(1, 0, set_up_players_when_conceding=3).home.concession_penalty
    nominees = {
        "mvp_nominees": {"home": six("H"), "away": six("A")},
        # Facts §9: the opponent's two awarded touchdowns' SPP, even without penalty.
        "awarded_touchdowns": {"away": ["A-1", "A-2"]},
    }
    result = bb2025.post_game(ruleset, home, away, report, SeededDice(8), choices=nominees)
    h, a = result.home, result.away
    assert h is not None and a is not None
    assert a.spp_of("A-2") >= 3
    assert h.quit == () and h.concession is None
    assert len(h.mvps) == 1 and len(a.mvps) == 1
    assert h.winnings == (7 // 2) * 10_000 + 5_000 + 10_000  # 3.5 + 0 TDs + 1
    assert a.winnings == 35_000 + 20_000 + 10_000  # 3.5 + 2 + 1
    assert h.spp_of("H-1") >= 3 + 1  # his touchdown and completion are kept
