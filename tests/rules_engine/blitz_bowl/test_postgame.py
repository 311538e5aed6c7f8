"""The Blitz Bowl post-game: points and how the game was won, recorded from a
``BlitzBowlReport`` with nothing rolled and nothing about the teams changed (Blitz Bowl
has no gold, SPP or fans), in the shape of BB2020's ``PostGameResult``."""

from __future__ import annotations

from dataclasses import fields

import pytest

from rules_engine.bb2020.postgame import TeamPostGame
from rules_engine.bb2020.state import TeamState
from rules_engine.blitz_bowl import (
    BlitzBowlPostGameResult,
    BlitzBowlReport,
    BlitzBowlTeamPostGame,
    BlitzBowlTeamReport,
    post_game,
)
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.editions import sequences_for
from rules_engine.errors import RulesError
from rules_engine.sequence import SequenceResult


def _report(**changes) -> BlitzBowlReport:
    base = {
        # 2 touchdowns (8) + cards 2, 3, 1 (6) + a Clean Sweep (2) = 16
        "home": BlitzBowlTeamReport(touchdowns=2, challenge_cards=(2, 3, 1), clean_sweeps=1),
        # 1 touchdown (4) + cards 2, 2 (4) + a Bonus Play's 1 = 9
        "away": BlitzBowlTeamReport(touchdowns=1, challenge_cards=(2, 2), bonus_play_points=1),
    }
    return BlitzBowlReport(**{**base, **changes})


def test_a_points_victory(blitz_bowl, reavers, scramblers):
    dice = ScriptedDice([])
    result = post_game(blitz_bowl, reavers, scramblers, _report(), dice)
    assert isinstance(result, BlitzBowlPostGameResult) and isinstance(result, SequenceResult)
    assert result.complete and result.rolls == () and dice.rolls == []
    assert [s.step for s in result.steps] == ["scoring", "winning_the_game"]
    home, away = result.home, result.away
    assert (home.result, home.points, home.opponent_points, home.ending) == (
        "win",
        16,
        9,
        "points_victory",
    )
    assert (away.result, away.points, away.opponent_points) == ("loss", 9, 16)
    assert (home.touchdowns, home.challenge_cards, home.challenge_points, home.clean_sweeps) == (
        2,
        (2, 3, 1),
        6,
        1,
    )
    assert away.bonus_play_points == 1
    assert result.game.winner == "home" and not home.sudden_death
    assert result.step("winning_the_game").outcome == {
        "score": {"home": 16, "away": 9},
        "winner": "home",
        "ending": "points_victory",
        "home": "win",
        "away": "loss",
        "regional_rule": None,
    }
    assert result.step("scoring").outcome["home"] == {
        "touchdowns": 2,
        "touchdown_points": 8,
        "challenge_cards": [2, 3, 1],
        "challenge_points": 6,
        "clean_sweeps": 1,
        "clean_sweep_points": 2,
        "bonus_play_points": 0,
        "points": 16,
    }


def test_a_draw(blitz_bowl, reavers, scramblers):
    report = _report(away=BlitzBowlTeamReport(touchdowns=4))
    result = post_game(blitz_bowl, reavers, scramblers, report, ScriptedDice([]))
    assert result.home.result == result.away.result == "draw"
    assert result.home.ending == "draw" and result.game.winner is None


@pytest.mark.parametrize(("regional_rule", "behind"), [(None, 10), ("World's Edge Superleague", 8)])
def test_a_sudden_death_victory(blitz_bowl, reavers, scramblers, regional_rule, behind):
    away = BlitzBowlTeamReport(challenge_cards=(16 - behind,))
    report = _report(away=away, regional_rule=regional_rule, sudden_death_winner="home")
    result = post_game(blitz_bowl, reavers, scramblers, report, ScriptedDice([]))
    assert (result.home.result, result.away.result) == ("win", "loss")
    assert result.home.ending == result.away.ending == "sudden_death"
    assert result.away.sudden_death
    assert result.step("winning_the_game").outcome["regional_rule"] == regional_rule


@pytest.mark.parametrize(("regional_rule", "behind"), [(None, 9), ("World's Edge Superleague", 7)])
def test_a_sudden_death_short_of_the_margin_is_refused(
    blitz_bowl, reavers, scramblers, regional_rule, behind
):
    report = {
        "home": {"touchdowns": 4},
        "away": {"challenge_cards": [16 - behind]},
        "regional_rule": regional_rule,
        "sudden_death_winner": "home",
    }
    with pytest.raises(RulesError, match="points behind"):
        post_game(blitz_bowl, reavers, scramblers, report, ScriptedDice([]))


def test_a_report_as_a_dict(blitz_bowl, reavers, scramblers):
    result = post_game(blitz_bowl, reavers, scramblers, _report().as_dict(), ScriptedDice([]))
    assert result.home.points == 16


def test_nothing_about_the_teams_changes(blitz_bowl, reavers, scramblers):
    result = post_game(blitz_bowl, reavers, scramblers, _report(), SeededDice(7))
    for side, team in (("home", reavers), ("away", scramblers)):
        outcome = result.teams[side]
        assert outcome.team is team
        assert (outcome.winnings, outcome.treasury_changes, outcome.treasury_delta) == (0, (), 0)
        assert outcome.dedicated_fans_change == 0 and outcome.dedicated_fans_roll is None
        assert outcome.spp == () and outcome.spp_of(team.players[0].id) == 0
        assert (outcome.dead, outcome.miss_next_game, outcome.hired_journeymen) == ((), (), ())
        assert dict(outcome.advancement_options) == {} and outcome.advancement_choices == ()
        assert (outcome.mvp, outcome.concession, outcome.expensive_mistake) == (None,) * 3
        assert (outcome.team_value, outcome.current_team_value) == (0, 0)


def test_the_outcome_answers_to_bb2020s_names(blitz_bowl, reavers, scramblers):
    # The matches app applies any ruleset's post-game with the same code.
    result = post_game(blitz_bowl, reavers, scramblers, _report(), ScriptedDice([]))
    bb2020_names = {f.name for f in fields(TeamPostGame)}
    bb2020_names |= {"treasury_delta", "dedicated_fans_change", "spp_of"}
    assert all(hasattr(result.home, name) for name in bb2020_names)
    assert result.home.as_dict() == {
        "side": "home",
        "result": "win",
        "ending": "points_victory",
        "points": 16,
        "opponent_points": 9,
        "touchdowns": 2,
        "challenge_cards": [2, 3, 1],
        "challenge_points": 6,
        "clean_sweeps": 1,
        "bonus_play_points": 0,
    }
    assert isinstance(result.away, BlitzBowlTeamPostGame)


def test_post_game_refuses_what_is_not_blitz_bowl(blitz_bowl, reavers, scramblers):
    with pytest.raises(RulesError, match="reported with a BlitzBowlReport"):
        post_game(blitz_bowl, reavers, scramblers, object(), ScriptedDice([]))
    with pytest.raises(RulesError, match="asks no choices"):
        post_game(blitz_bowl, reavers, scramblers, _report(), ScriptedDice([]), choices={"x": 1})
    orcs = TeamState(name="Orcs", roster_slug="orc")
    with pytest.raises(RulesError, match="not a Blitz Bowl team"):
        post_game(blitz_bowl, orcs, scramblers, _report(), ScriptedDice([]))
    stray = reavers.evolve(players=(reavers.players[0].evolve(position_slug="human-ogre"),))
    with pytest.raises(RulesError, match="no position 'human-ogre'"):
        post_game(blitz_bowl, stray, scramblers, _report(), ScriptedDice([]))


def test_post_game_through_the_sequences_lookup(reavers, scramblers):
    module = sequences_for("blitz_bowl")
    result = module.post_game(
        "blitz_bowl", reavers, scramblers, _report(), ScriptedDice([]), league=False
    )
    assert result.league is False and result.home.result == "win"
