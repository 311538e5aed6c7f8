"""A BB2025 friendly's post-game (bb2025-league-facts.md section 7, "Friendlies"): no
SPP of any kind, no winnings, every casualty counted as Badly Hurt, and a player due
to miss the next game still misses it afterwards. The rest of the sequence runs as
after a league game (the text lists no other exception): Dedicated Fans still roll.
A BB2020 friendly stays as it was (facts section 5: no league points, no MVP)."""

from __future__ import annotations

from typing import Any

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.postgame import post_game as bb2020_post_game
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport
from rules_engine.bb2025.friendly import badly_hurt_only
from rules_engine.dice import SeededDice
from rules_engine.editions import edition_for
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.wording import english
from tests.rules_engine.bb2025.test_postgame_rulebook import ruleset, six, team

__all__ = ["ruleset"]  # the module's fixture, used here

NOMINEES = {"mvp_nominees": {"home": six("H"), "away": six("A")}}


def game(**home_players: Any) -> Bb2025MatchReport:
    """Home wins 2-1: H-1 scores twice and hurts A-1 (a Lasting Injury); A-2 dies,
    A-3 gains a Niggling Injury, A-4 is Seriously Hurt (each hurt by an Orc)."""
    home = (
        Bb2025PlayerReport("H-1", touchdowns=2, casualties=1, completions=1),
        *(Bb2025PlayerReport(pid, **values) for pid, values in home_players.items()),
    )
    away = (
        Bb2025PlayerReport("A-1", touchdowns=1, lasting_injury="av", hatred_keyword="Orc"),
        Bb2025PlayerReport("A-2", killed=True, hatred_keyword="Orc"),
        Bb2025PlayerReport("A-3", niggling_injuries=1, hatred_keyword="Orc"),
        Bb2025PlayerReport("A-4", miss_next_game=True, hatred_keyword="Orc"),
    )
    return Bb2025MatchReport(
        Bb2025TeamReport(touchdowns=2, fan_factor=3, players=home),
        Bb2025TeamReport(touchdowns=1, fan_factor=4, players=away),
    )


def friendly(ruleset: Ruleset, report: MatchReport | None = None, **teams: Any) -> Any:
    home = teams.get("home", team("H", treasury=50_000, fans=3))
    away = teams.get("away", team("A", treasury=70_000, fans=3))
    return bb2025.post_game(
        ruleset,
        home,
        away,
        report or game(),
        SeededDice(7),
        choices={"home": {}, "away": {}},
        league=False,
    )


def test_a_friendly_awards_no_spp_and_no_mvp(ruleset: Ruleset) -> None:
    """Facts §7: "no SPP" of any kind: not for the touchdowns, the casualty, the
    completion, nor an MVP; no nominations are asked for."""
    result = friendly(ruleset)
    assert result.complete
    for side in ("home", "away"):
        outcome = result.teams[side]
        assert outcome.spp == ()
        assert outcome.mvp.player_id is None and "friendly" in english(outcome.mvp.reason)
        assert outcome.mvps == ()
        assert all(p.spp == 0 for p in outcome.team.players)


def test_a_friendly_generates_no_winnings(ruleset: Ruleset) -> None:
    """Facts §7: "no winnings": the Treasury moves only by Expensive Mistakes (below
    100,000 gp none roll), so both stay as they were."""
    result = friendly(ruleset)
    for side, treasury in (("home", 50_000), ("away", 70_000)):
        outcome = result.teams[side]
        assert outcome.winnings == 0
        assert not [c for c in outcome.treasury_changes if c.reason == "winnings"]
        assert outcome.team.treasury == treasury


def test_every_casualty_counts_as_badly_hurt(ruleset: Ruleset) -> None:
    """Facts §7: every casualty counts as Badly Hurt: nobody dies, loses a
    characteristic, gains a Niggling Injury or misses the next game, and nobody
    rolls for Hatred (it follows only a casualty that makes a player miss a game)."""
    result = friendly(ruleset)
    away = result.teams["away"]
    assert away.dead == ()
    assert away.miss_next_game == () and away.niggling_injuries == ()
    assert away.characteristic_losses == ()
    assert away.hatred == ()
    assert [p.id for p in away.team.players] == [f"A-{n}" for n in range(1, 12)]
    before = team("A").players
    assert [(p.av, p.niggling_injuries, p.miss_next_game) for p in away.team.players] == [
        (p.av, 0, False) for p in before
    ]
    assert not [r for r in result.rolls if english(r.purpose).startswith("Hatred")]
    assert away.retirable == ()  # no Lasting Injury to retire a player over


def test_a_player_due_to_miss_the_next_game_still_misses_it(ruleset: Ruleset) -> None:
    """Facts §7: a player scheduled to miss his team's next game still misses it: the
    friendly is not the game he missed, so step 6 leaves his MNG."""
    home = team("H", treasury=50_000, fans=3, miss_next_game=True)
    report = game()
    report = Bb2025MatchReport(
        Bb2025TeamReport(touchdowns=2, fan_factor=3),  # H-1 sat out: nobody scored for home
        report.away,
    )
    result = friendly(ruleset, report, home=home)
    outcome = result.teams["home"]
    assert outcome.recovered == ()
    assert outcome.team.player("H-1").miss_next_game is True
    # In a league game he is back for the next one.
    nominees = {"home": [f"H-{n}" for n in range(2, 8)], "away": ["A-1", *six("A")[2:], "A-7"]}
    choices = {"mvp_nominees": nominees, "home": {}, "away": {}}
    league = bb2025.post_game(ruleset, home, team("A"), report, SeededDice(7), choices=choices)
    assert league.teams["home"].recovered == ("H-1",)
    assert league.teams["home"].team.player("H-1").miss_next_game is False


def test_a_player_sitting_out_a_friendly_does_not_count_toward_the_eleven(
    ruleset: Ruleset,
) -> None:
    """Facts §7 and §8 step 4: firing never leaves fewer than 11 players eligible for
    the next game; after a friendly a player who sat it out still misses the next game,
    so he does not count (after a league game he would)."""
    home = team("H", 12, treasury=50_000, fans=3)
    last = home.players[-1].evolve(miss_next_game=True)
    home = home.evolve(players=(*home.players[:-1], last))
    report = Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), Bb2025TeamReport(fan_factor=2))
    choices = {"home": {"fire": ["H-1"]}, "away": {}}
    with pytest.raises(RulesError, match="would leave 10"):
        bb2025.post_game(
            ruleset, home, team("A"), report, SeededDice(1), choices=choices, league=False
        )
    league = bb2025.post_game(
        ruleset, home, team("A"), report, SeededDice(1), choices={**NOMINEES, **choices}
    )
    assert len(league.teams["home"].team.players) == 11


def test_dedicated_fans_still_roll_after_a_friendly(ruleset: Ruleset) -> None:
    """Facts §7 lists no exception for step 2: the winner and the loser roll as ever."""
    result = friendly(ruleset)
    step = next(s for s in result.steps if s.step == "dedicated_fans")
    assert step.outcome["home"]["roll"] is not None
    assert step.outcome["away"]["roll"] is not None


def test_a_concession_in_a_friendly_gives_no_touchdowns_to_hand_out(ruleset: Ruleset) -> None:
    """Facts §7 over §9: the awarded touchdowns' SPP are SPP too: none, so the coach is
    not asked to give them to anyone, and the winner takes no gold."""
    report = Bb2025MatchReport(
        Bb2025TeamReport(fan_factor=3, players=(Bb2025PlayerReport("H-1"),)),
        Bb2025TeamReport(fan_factor=3, conceded=True),
    )
    result = friendly(ruleset, report)
    assert result.complete
    assert result.teams["home"].winnings == 0
    assert result.teams["home"].team.player("H-1").spp == 0


def test_the_edition_runs_a_friendly_as_the_engine_does(ruleset: Ruleset) -> None:
    """The apps ask the edition with ``league=False``; it answers section 7's way."""
    edition = edition_for("bb2025")
    assert edition.post_game_rules.friendly_serves_missed_game is False
    result = edition.post_game(
        ruleset,
        team("H"),
        team("A"),
        game(),
        SeededDice(7),
        choices={"home": {}, "away": {}},
        league=False,
    )
    assert result.teams["home"].spp == () and result.teams["away"].dead == ()


def test_badly_hurt_only_keeps_what_the_players_did() -> None:
    report = badly_hurt_only(game())
    scorer = report.home.player("H-1")
    assert scorer is not None and (scorer.touchdowns, scorer.casualties) == (2, 1)
    for player in report.away.players:
        assert not (player.killed or player.misses_next_game or player.niggling_injuries)
        assert isinstance(player, Bb2025PlayerReport) and player.hatred_keyword is None
    quiet = Bb2025MatchReport(Bb2025TeamReport(), Bb2025TeamReport())
    assert badly_hurt_only(quiet) is quiet


def test_a_bb2020_friendly_stays_as_it_was() -> None:
    """BB2020 (facts section 5: "Friendlies ...: no league points, no MVP"): SPP,
    winnings and injuries apply, and a player who sat it out is back."""
    bb2020 = get_ruleset("bb2020")
    home = team("H", treasury=0, fans=3, miss_next_game=True).evolve(roster_slug="human")
    report = MatchReport(
        TeamReport(touchdowns=1, fan_factor=3, players=(PlayerReport("H-2", touchdowns=1),)),
        TeamReport(fan_factor=3, players=(PlayerReport("A-1", killed=True),)),
    )
    result = bb2020_post_game(
        bb2020, home, team("A"), report, SeededDice(7), choices={}, league=False
    )
    assert edition_for("bb2020").post_game_rules.friendly_serves_missed_game is True
    outcome = result.teams["home"]
    assert outcome.mvp.player_id is None
    assert outcome.winnings > 0
    assert outcome.team.player("H-2").spp == 3
    assert outcome.recovered == ("H-1",)
    assert result.teams["away"].dead == ("A-1",)
