"""Scoring and winning a game of Blitz Bowl, as pure functions over points.

The numbers come from ``data/blitz_bowl/scoring.json``, each with the sentence
of the rule text it is transcribed from; the World's Edge Superleague's margin
comes from its row of the D8 Regional League table (``regional``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from rules_engine.blitz_bowl.regional import RegionalRule, regional_entry
from rules_engine.errors import RulesError, RulesetDataError
from rules_engine.wording import Shown, say

SCORING_FILE = Path(__file__).resolve().parent.parent / "data" / "blitz_bowl" / "scoring.json"
SIDES: tuple[str, str] = ("home", "away")
# How a game ends: Winning the Game, "two ways the game can end - with a Sudden Death
# Victory or with a Points Victory", and a Points Victory on equal scores is a draw.
SUDDEN_DEATH = "sudden_death"
POINTS_VICTORY = "points_victory"
DRAW = "draw"
ENDINGS: tuple[str, str, str] = (SUDDEN_DEATH, POINTS_VICTORY, DRAW)
_CONSTANTS: tuple[str, ...] = (
    "touchdown_points",
    "clean_sweep_points",
    "clean_sweep_cards",
    "sudden_death_margin",
    "standard_challenge_cards",
    "endgame_challenge_cards",
    "team_players",
    "team_linemen",
)


@dataclass(frozen=True)
class ScoringRules:
    """The numbers of Blitz Bowl's scoring, with the sentence each is read from."""

    touchdown_points: int
    clean_sweep_points: int
    clean_sweep_cards: int
    sudden_death_margin: int
    standard_challenge_cards: int
    endgame_challenge_cards: int
    team_players: int
    team_linemen: int
    sources: Mapping[str, str]

    @property
    def most_challenge_cards(self) -> int:
        """Cards a game can deal at most: the standard deck plus the Endgame cards."""
        return self.standard_challenge_cards + self.endgame_challenge_cards


@cache
def scoring_rules(path: Path = SCORING_FILE) -> ScoringRules:
    """The scoring constants, read once from ``scoring.json`` and checked."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        constants = data["constants"]
        values: dict[str, Any] = {}
        sources: dict[str, str] = {}
        for name in _CONSTANTS:
            entry = constants[name]
            value, source = entry["value"], entry["source"]
            if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
                raise ValueError(f"{name} must be a positive whole number, got {value!r}")
            if not isinstance(source, str) or not source.strip():
                raise ValueError(f"{name} names no source")
            values[name], sources[name] = value, source
        unknown = sorted(set(constants) - set(_CONSTANTS))
        if unknown:
            raise ValueError(f"unknown constants {unknown}")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise RulesetDataError(f"blitz_bowl: {path.name} is malformed: {exc}") from exc
    return ScoringRules(**values, sources=MappingProxyType(sources))


def _count(value: object, what: Shown) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesError(
            say("{what} must be a whole number; got {value}", what=what, value=repr(value))
        )
    if value < 0:
        raise RulesError(say("{what} cannot be negative; got {value}", what=what, value=value))
    return value


def score(
    touchdowns: int, challenge_points: int, clean_sweeps: int, bonus_play_points: int = 0
) -> int:
    """A team's score: "Teams can score points by scoring touchdowns, claiming Challenge
    cards and some Bonus Play cards" (Glossary, Scoring Points).

    - Scoring Touchdowns: "that player's team scores 4 points".
    - Claiming Challenge Cards: "its points value is added to their team's score";
      ``challenge_points`` is the sum of the points printed on the cards claimed.
    - Clean Sweep: "If a coach claims all three active Challenge cards in a single
      turn, this is a Clean Sweep, and their team scores 2 bonus points".
    - ``bonus_play_points``: points some Bonus Play cards score, as the card says.
    """
    rules = scoring_rules()
    return (
        _count(touchdowns, say("Touchdowns")) * rules.touchdown_points
        + _count(challenge_points, say("Challenge card points"))
        + _count(clean_sweeps, say("Clean Sweeps")) * rules.clean_sweep_points
        + _count(bonus_play_points, say("Bonus Play points"))
    )


def sudden_death_margin(regional_rule: RegionalRule = None) -> int:
    """How far behind a team must be at the end of its coach's turn to lose at once.

    Winning the Game: "SUDDEN DEATH: If, at the end of a coach's turn, their team's
    score is 10 or more points behind the opposing team's score, the game
    immediately ends and the opposing coach wins the game." Under the regional
    rule World's Edge Superleague (D8 roll 7): "If, at the end of a coach's turn,
    their team's score is 8 or more points behind ...". ``regional_rule`` is the
    Regional League row in play (its name or its ``TableEntry``), or None.
    """
    entry = regional_entry(regional_rule)
    margin = entry.effect.get("sudden_death_margin") if entry is not None else None
    return margin if margin is not None else scoring_rules().sudden_death_margin


def is_sudden_death(
    behind_by: int, regional_rule: RegionalRule = None, *, endgame: bool = False
) -> bool:
    """Whether a team ``behind_by`` points at the end of its coach's turn loses by a
    Sudden Death Victory: 10 or more points behind, 8 or more under the World's
    Edge Superleague (``sudden_death_margin``).

    The Endgame (advanced rules): "The Endgame occurs as soon as one of the Endgame
    Challenge cards becomes active. From that point on, a Sudden Death Victory
    cannot be won"; ``endgame`` says it has begun. A team ahead (``behind_by``
    negative) or level is never behind.
    """
    if isinstance(behind_by, bool) or not isinstance(behind_by, int):
        raise RulesError(
            say("Points behind must be a whole number; got {value}", value=repr(behind_by))
        )
    if endgame:
        return False
    return behind_by >= sudden_death_margin(regional_rule)


@dataclass(frozen=True)
class GameResult:
    """How a game ended: the final score, the winner ("home"/"away", None on a draw)
    and the ending, one of ``ENDINGS``: "sudden_death", "points_victory" or "draw"."""

    home_points: int
    away_points: int
    winner: str | None
    ending: str

    def points(self, side: str) -> int:
        return self.home_points if _side(side) == "home" else self.away_points

    def result(self, side: str) -> str:
        """ "win", "draw" or "loss" for ``side``."""
        if self.winner is None:
            return "draw"
        return "win" if self.winner == _side(side) else "loss"

    @property
    def loser(self) -> str | None:
        return None if self.winner is None else other_side(self.winner)

    @property
    def margin(self) -> int:
        """Points between the two scores."""
        return abs(self.home_points - self.away_points)

    def as_dict(self) -> dict[str, Any]:
        return {
            "score": {"home": self.home_points, "away": self.away_points},
            "winner": self.winner,
            "ending": self.ending,
            "home": self.result("home"),
            "away": self.result("away"),
        }


def _side(side: str) -> str:
    if side not in SIDES:
        raise RulesError(say("A side is 'home' or 'away', not {side}", side=repr(side)))
    return side


def other_side(side: str) -> str:
    return "away" if _side(side) == "home" else "home"


def game_result(
    home_points: int, away_points: int, *, sudden_death_winner: str | None = None
) -> GameResult:
    """The result of a finished game from its final score.

    Winning the Game: "There are two ways the game can end - with a Sudden Death
    Victory or with a Points Victory." A Sudden Death Victory ends the game at
    once, so its winner (``sudden_death_winner``) must be ahead on the final score
    (whether far enough ahead depends on the regional rule: ``is_sudden_death``).
    Otherwise, "POINTS VICTORY: ... The game then ends and the team with the
    highest score wins. If both teams have the same score, the game ends in a draw!"
    """
    home = _count(home_points, say("The home team's points"))
    away = _count(away_points, say("The away team's points"))
    if sudden_death_winner is not None:
        winner = _side(sudden_death_winner)
        winning, losing = (home, away) if winner == "home" else (away, home)
        if winning <= losing:
            raise RulesError(
                say(
                    "A Sudden Death Victory goes to the team ahead; {winner} has {winning} "
                    "points to {losing}",
                    winner=winner,
                    winning=winning,
                    losing=losing,
                )
            )
        return GameResult(home, away, winner, SUDDEN_DEATH)
    if home == away:
        return GameResult(home, away, None, DRAW)
    return GameResult(home, away, "home" if home > away else "away", POINTS_VICTORY)
