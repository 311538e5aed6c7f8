"""The classic POST-MATCH SEQUENCE (reference sheet, LEAGUE MATCH SEQUENCE): "1 Allocate
MVP's; 2 Work out Winnings; 3 Roll for Fan Factor; 4 Work out SPP's and roll on the
Improvement table; 5 Pay Spiralling Expenses; 6 Update Team Roster"."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rules_engine import get_ruleset
from rules_engine.bb2020.postgame import PostGameResult, TeamPostGame, TreasuryChange
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.classic import (
    ClassicTeamPostGame,
    ImprovementRoll,
    casualty,
    casualty_report,
    post_game,
    pre_game,
    take_improvement,
)
from rules_engine.dice import Roll, ScriptedDice, SeededDice
from rules_engine.errors import DiceScriptError, RulesError
from rules_engine.wording import english

STEPS = [
    "mvp",
    "winnings",
    "fan_factor",
    "spp_and_improvements",
    "spiralling_expenses",
    "update_team_roster",
]


@pytest.fixture(scope="module")
def classic():
    return get_ruleset("classic")


def humans(prefix: str, count: int = 12, **team: object) -> TeamState:
    """A Human team of Linemen (50,000 each), numbered 1..count, ids "<prefix><n>"."""
    players = tuple(
        PlayerState(id=f"{prefix}{n}", name=f"{prefix}{n}", position_slug="human-lineman", number=n)
        for n in range(1, count + 1)
    )
    return TeamState(name=prefix, roster_slug="human", players=players, **team)  # type: ignore[arg-type]


def with_player(team: TeamState, player_id: str, **changes: object) -> TeamState:
    return team.evolve(
        players=tuple(p.evolve(**changes) if p.id == player_id else p for p in team.players)
    )


# 12 Linemen + 3 re-rolls: TV 750,000. H1 has 4 SPP, H2 15.
HOME = with_player(
    with_player(humans("H", rerolls=3, treasury=100_000, dedicated_fans=5), "H1", spp=4),
    "H2",
    spp=15,
)
AWAY = humans("A", treasury=20_000, dedicated_fans=4)
# Gates of 12,000 and 7,000 fans (TeamReport.fan_factor holds them in thousands):
# FAME +1 for the home team, +0 for the away team. The home team wins 2-1.
REPORT = MatchReport(
    TeamReport(
        2,
        12,
        players=(
            PlayerReport("H1", touchdowns=2),
            PlayerReport("H2", casualties=1),
            PlayerReport("H3", **casualty_report(casualty(6, 4))),  # DEAD
        ),
    ),
    TeamReport(
        1,
        7,
        players=(
            PlayerReport("A1", touchdowns=1, completions=1),
            PlayerReport("A2", **casualty_report(casualty(5, 7))),  # Broken Neck: -1 AG
            PlayerReport("A3", **casualty_report(casualty(5, 1))),  # Damaged Back: Niggling
            PlayerReport("A4", **casualty_report(casualty(4, 2))),  # Groin Strain: MNG
        ),
    ),
)
DICE = [
    5,  # MVP home: D16 over 11 candidates (H3 died) -> the 5th, H6
    12,  # MVP away: D16 over 12 -> A12
    3,  # winnings home D6
    4,  # winnings away D6
    5,  # the winner's re-roll
    2,  # Fan Factor home, won: 3D6 = 2 + 2 + 2 = 6 > FF 5
    2,
    2,
    (1, 2),  # Fan Factor away, lost: 2D6 = 3 < FF 4
    (5, 5),  # H1 reaches Experienced (10 SPP): a double
    (2, 3),  # H2 reaches Veteran (17 SPP)
]
REROLL = {"home": {"reroll_winnings": True}}


def test_full_post_match_with_scripted_dice(classic) -> None:
    dice = ScriptedDice(DICE)
    result = post_game(classic, HOME, AWAY, REPORT, dice, choices=REROLL)
    assert dice.remaining == 0
    assert isinstance(result, PostGameResult) and result.complete
    assert [s.step for s in result.steps] == STEPS
    home, away = result.home, result.away
    assert isinstance(home, ClassicTeamPostGame) and isinstance(home, TeamPostGame)

    # 1. MVP
    assert (home.mvp.player_id, away.mvp.player_id) == ("H6", "A12")
    assert "H3" not in home.mvp.candidates
    # 2. Winnings: (D6 + 1 won + FAME 1) x 10,000 on the re-roll; the loser (4 + 0) x 10,000.
    assert (home.fame, away.fame) == (1, 0)
    assert (home.gate, away.gate) == (12_000, 7_000)
    assert home.winnings_dice == (3, 5) and home.winnings == 70_000
    assert away.winnings_dice == (4,) and away.winnings == 40_000
    # 3. Fan Factor
    assert (home.dedicated_fans_before, home.dedicated_fans_roll, home.dedicated_fans_after) == (
        5,
        6,
        6,
    )
    assert home.fan_factor_dice == (2, 2, 2)
    assert (away.dedicated_fans_before, away.dedicated_fans_after) == (4, 3)
    assert home.team.dedicated_fans == 6 and away.team.dedicated_fans == 3
    # 4. SPP: touchdowns 3, casualties 2, completions 1, MVP 5.
    assert home.spp_of("H1") == 6 and home.spp_of("H2") == 2 and home.spp_of("H6") == 5
    assert away.spp_of("A1") == 4 and away.spp_of("A12") == 5
    assert home.team.player("H1").spp == 10 and home.team.player("H2").spp == 17
    assert [(r.player_id, r.title, r.improvement.roll) for r in home.improvements] == [
        ("H1", "Experienced", (5, 5)),
        ("H2", "Veteran", (2, 3)),
    ]
    h1 = home.improvements[0]
    assert {o.kind for o in h1.options} == {"ma", "av", "new_skill", "any_skill"}
    assert set(home.advancement_options) == {"H1", "H2"}
    assert [c.kind for c in home.advancement_choices] == ["improvement", "improvement"]
    assert home.advancement_choices[0].options["player_id"] == "H1"
    assert away.improvements == () and away.advancement_choices == ()
    # 5. Spiralling Expenses: TV 750,000 pays nothing.
    assert home.spiralling_expenses == 0
    # 6. Update Team Roster
    assert home.dead == ("H3",) and "H3" not in {p.id for p in home.team.players}
    assert set(away.miss_next_game) == {"A2", "A3", "A4"}
    assert away.niggling_injuries == ("A3",)
    assert away.characteristic_losses == (("A2", "ag"),)
    assert away.team.player("A2").ag == 4  # -1 AG: AG3+ becomes AG4+
    assert away.team.player("A3").niggling_injuries == 1
    # Money: ledger rows, and the Treasury after them.
    assert home.treasury_changes == (TreasuryChange("winnings", 70_000),)
    assert home.treasury_delta == 70_000 and home.team.treasury == 170_000
    assert away.team.treasury == 60_000
    assert home.team_value == 700_000  # H3 died
    assert away.current_team_value == 450_000  # A2, A3, A4 miss the next game
    assert home.concession is None and home.expensive_mistake is None  # not a classic rule


def test_classic_results_fill_every_field_of_bb2020s(classic) -> None:
    result = post_game(classic, HOME, AWAY, REPORT, ScriptedDice(DICE), choices=REROLL)
    for name in (f.name for f in fields(TeamPostGame)):
        assert hasattr(result.home, name)
    assert result.home.dedicated_fans_change == 1
    assert result.away.dedicated_fans_change == -1


def test_the_winner_is_asked_whether_to_reroll(classic) -> None:
    pending = post_game(classic, HOME, AWAY, REPORT, ScriptedDice(DICE[:4]))
    assert [s.step for s in pending.steps] == ["mvp", "winnings"]
    (choice,) = pending.pending
    assert (choice.side, choice.kind) == ("home", "reroll_winnings")
    assert choice.options["roll"] == 3 and choice.options["winnings"] == 50_000
    assert pending.home is None


def test_the_winner_may_keep_his_roll(classic) -> None:
    script = DICE[:4] + DICE[5:]
    keep = {"home": {"reroll_winnings": False}}
    result = post_game(classic, HOME, AWAY, REPORT, ScriptedDice(script), choices=keep)
    assert result.home.winnings_dice == (3,) and result.home.winnings == 50_000


def test_a_winning_six_is_not_worth_asking_about(classic) -> None:
    script = [5, 12, 6, 4, 2, 2, 2, (1, 2), (5, 5), (2, 3)]
    result = post_game(classic, HOME, AWAY, REPORT, ScriptedDice(script))
    assert result.complete
    assert result.home.winnings == 80_000  # (6 + 1 + 1) x 10,000


def test_only_the_winner_may_reroll(classic) -> None:
    with pytest.raises(RulesError, match="Only the winner"):
        post_game(
            classic,
            HOME,
            AWAY,
            REPORT,
            ScriptedDice(DICE),
            choices={"away": {"reroll_winnings": True}},
        )


def test_a_tie_gives_both_the_bonus_and_reads_one_2d6_both_ways(classic) -> None:
    report = MatchReport(TeamReport(1, 10), TeamReport(1, 10))
    script = [3, 1, 2, 2, (3, 3), (1, 1)]  # MVPs H3, A1; winnings 2 and 2; FF: 6 > 5, 2 < 4
    result = post_game(classic, HOME, AWAY, report, ScriptedDice(script))
    assert result.complete
    assert (result.home.fame, result.away.fame) == (0, 0)  # equal fans
    assert result.home.winnings == result.away.winnings == 30_000  # (2 + 1) x 10,000
    assert (result.home.result, result.away.result) == ("draw", "draw")
    assert result.home.dedicated_fans_after == 6  # 2D6 6 over FF 5
    assert result.away.dedicated_fans_after == 3  # 2D6 2 under FF 4


def test_spiralling_expenses_are_paid_from_the_treasury(classic) -> None:
    # 12 Linemen worth 150,000 each: TV 1,800,000 -> 10,000; TV 1,950,000 -> 20,000.
    rich = humans("R", treasury=5_000, dedicated_fans=3)
    rich = rich.evolve(players=tuple(p.evolve(value_increases=100_000) for p in rich.players))
    richer = rich.evolve(rerolls=3, treasury=500_000)
    report = MatchReport(TeamReport(0, 3), TeamReport(0, 3))
    script = [1, 1, 2, 2, (3, 3), (3, 3)]
    result = post_game(classic, rich, richer, report, ScriptedDice(script))
    assert result.home.spiralling_expenses == 10_000
    # The Treasury pays what it holds: 5,000 + 30,000 winnings, never below 0.
    assert result.home.treasury_changes == (
        TreasuryChange("winnings", 30_000),
        TreasuryChange("spiralling_expenses", -10_000),
    )
    assert result.away.spiralling_expenses == 20_000
    assert result.away.team.treasury == 500_000 + 30_000 - 20_000
    step = result.step("spiralling_expenses").outcome
    assert step["home"]["team_value"] == 1_800_000 and step["away"]["team_value"] == 1_950_000
    poor = rich.evolve(treasury=0)
    lost = MatchReport(TeamReport(0, 3), TeamReport(1, 3))
    result = post_game(classic, poor, richer, lost, ScriptedDice([1, 1, 1, 6, (3, 3), 1, 1, 1]))
    assert result.home.winnings == 10_000
    assert result.home.treasury_changes[-1] == TreasuryChange("spiralling_expenses", -10_000)
    assert result.home.team.treasury == 0


def test_a_conceding_team_gets_no_winnings_and_no_mvp(classic) -> None:
    report = MatchReport(TeamReport(1, 10, conceded=True), TeamReport(0, 8))
    script = [7, 3, (2, 2), 1, 1, 1]  # away MVP; away winnings 3 (kept); FF rolls
    result = post_game(
        classic,
        HOME,
        AWAY,
        report,
        ScriptedDice(script),
        choices={"away": {"reroll_winnings": False}},
    )
    assert result.home.mvp.player_id is None and result.home.winnings == 0
    assert result.home.result == "loss" and result.away.result == "win"
    assert result.home.touchdowns == 0 and result.away.touchdowns == 2
    assert result.away.winnings == 40_000  # (3 + 1) x 10,000: 8,000 fans against 10,000
    assert result.home.dedicated_fans_after == 4  # lost: 2D6 4 under FF 5


def test_a_friendly_awards_no_mvp(classic) -> None:
    report = MatchReport(TeamReport(0, 5), TeamReport(0, 5))
    result = post_game(
        classic, HOME, AWAY, report, ScriptedDice([2, 2, (3, 3), (3, 3)]), league=False
    )
    assert result.home.mvp.player_id is None and "friendly" in english(result.home.mvp.reason)


def test_update_team_roster_choices(classic) -> None:
    journeyman = PlayerState(id="J", name="J", position_slug="human-lineman", journeyman=True)
    away = AWAY.evolve(players=(*AWAY.players, journeyman))
    away = with_player(away, "A5", miss_next_game=True)
    choices = {"home": {"reroll_winnings": True, "fire": ["H12"], "treasury_spent": 50_000}}
    result = post_game(classic, HOME, away, REPORT, ScriptedDice(DICE), choices=choices)
    assert result.home.fired == ("H12",)
    assert "H12" not in {p.id for p in result.home.team.players}
    assert result.home.treasury_changes[-1] == TreasuryChange("purchases", -50_000)
    assert result.away.released_journeymen == ("J",)
    assert "J" not in {p.id for p in result.away.team.players}
    assert result.away.recovered == ("A5",)
    assert not result.away.team.player("A5").miss_next_game
    with pytest.raises(RulesError, match="no players"):
        post_game(
            classic,
            HOME,
            away,
            REPORT,
            ScriptedDice(DICE),
            choices={**REROLL, "away": {"fire": ["J"]}},
        )
    with pytest.raises(RulesError, match="cannot spend"):
        post_game(
            classic,
            HOME,
            AWAY,
            REPORT,
            ScriptedDice(DICE),
            choices={"home": {"reroll_winnings": True, "treasury_spent": 10**9}},
        )
    with pytest.raises(RulesError, match="Unknown post-match choices"):
        post_game(classic, HOME, AWAY, REPORT, ScriptedDice(DICE), choices={"home": {"retire": []}})


def test_a_rookie_reaching_legend_rolls_six_times(classic) -> None:
    star = with_player(HOME, "H1", spp=0)
    report = MatchReport(
        TeamReport(60, 10, players=(PlayerReport("H1", touchdowns=60),)), TeamReport(0, 10)
    )
    # MVPs H3 and A1; winnings 6 (not asked) and 1; Fan Factor 1+1+1 and 3+3.
    script = [3, 1, 6, 1, 1, 1, 1, (3, 3)] + [(2, 3)] * 6
    result = post_game(classic, star, AWAY, report, ScriptedDice(script))
    titles = [r.title for r in result.home.improvements]
    assert titles == ["Experienced", "Veteran", "Emerging Star", "Star", "Super Star", "Legend"]


def test_an_improvement_is_applied_with_take_improvement(classic) -> None:
    result = post_game(classic, HOME, AWAY, REPORT, ScriptedDice(DICE), choices=REROLL)
    roll: ImprovementRoll = result.home.improvements[0]
    player = result.home.team.player("H1")
    improved = take_improvement(classic, player, roll.improvement, "any_skill", "Dodge")
    assert improved.skills == ("Dodge",) and improved.value_increases == 30_000
    assert improved.spp == 10


def test_pre_match_then_post_match_end_to_end(classic) -> None:
    choices = {
        "petty_cash": {"home": 0, "away": 0},
        "inducements": {"home": {}, "away": {}},
        "kick_or_receive": "kick",
    }
    pre = pre_game(
        classic, HOME, AWAY, ScriptedDice([(3, 4), (3, 4), (2, 3), 5, 2]), choices=choices
    )
    gates = pre.fan_factor
    assert gates == {"home": 12, "away": 9}  # 3+4+FF 5 and 2+3+FF 4
    report = MatchReport(TeamReport(1, gates["home"]), TeamReport(0, gates["away"]))
    script = [5, 12, 6, 4, 2, 2, 2, (1, 2)]
    post = post_game(classic, HOME, AWAY, report, ScriptedDice(script))
    assert post.complete
    assert post.home.fame == 1 and post.home.winnings == 80_000  # 12,000 against 9,000
    assert post.home.team.player("H5").spp == 5  # all 12 eligible: the 5th


def test_post_match_replays_from_seeded_rolls(classic) -> None:
    choices = {"home": {"reroll_winnings": True}}
    first = post_game(classic, HOME, AWAY, REPORT, SeededDice(2024), choices=choices)
    assert first.complete and first.rolls
    stored = [roll.as_dict() for roll in first.rolls]
    again = post_game(classic, HOME, AWAY, REPORT, ScriptedDice.replay(stored), choices=choices)
    assert again == first
    assert again.home == first.home and again.away == first.away
    forged = [Roll("something else", "d16", 1)] * 20
    with pytest.raises(DiceScriptError, match="replay mismatch"):
        post_game(classic, HOME, AWAY, REPORT, ScriptedDice.replay(forged), choices=choices)


def test_a_pending_post_match_continues_with_the_same_seed(classic) -> None:
    seed = next(
        s for s in range(50) if not post_game(classic, HOME, AWAY, REPORT, SeededDice(s)).complete
    )
    pending = post_game(classic, HOME, AWAY, REPORT, SeededDice(seed))
    done = post_game(classic, HOME, AWAY, REPORT, SeededDice(seed), choices=REROLL)
    assert done.complete
    assert done.rolls[: len(pending.rolls)] == pending.rolls
