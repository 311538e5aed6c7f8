"""The plain report of a finished Blitz Bowl game, as a post-game reads it.

A Blitz Bowl game is scored in points (Scoring Points): touchdowns, the points of
each Challenge card claimed, Clean Sweeps and the points some Bonus Play cards
score. The report holds those per team, the regional rule the pre-game rolled,
and whether the game ended by a Sudden Death Victory; its final score is the
score at which the game ended ("the game immediately ends"). A report that does
not add up, or claims a Sudden Death the score does not allow, cannot be built:
it raises ``RulesError`` listing every problem.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.blitz_bowl.regional import regional_entry
from rules_engine.blitz_bowl.scoring import (
    SIDES,
    GameResult,
    game_result,
    is_sudden_death,
    other_side,
    score,
    scoring_rules,
    sudden_death_margin,
)
from rules_engine.errors import RulesError


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class BlitzBowlTeamReport:
    """One team's points.

    ``challenge_cards`` holds the points printed on each Challenge card the team
    claimed ("The points scored for claiming the card"), one entry per card.
    ``clean_sweeps`` counts the turns in which the coach claimed all three active
    Challenge cards. ``bonus_play_points`` are points scored by Bonus Play cards
    ("Teams can score points by scoring touchdowns, claiming Challenge cards and
    some Bonus Play cards"). ``points``, when given, is the score the coaches read
    off the score track and must equal the sum of the parts; left out, it is that sum.
    """

    touchdowns: int = 0
    challenge_cards: tuple[int, ...] = ()
    clean_sweeps: int = 0
    bonus_play_points: int = 0
    points: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.challenge_cards, Iterable) and not isinstance(
            self.challenge_cards, (str, bytes, Mapping)
        ):
            object.__setattr__(self, "challenge_cards", tuple(self.challenge_cards))
        problems = self.problems()
        if problems:
            raise RulesError(problems)
        if self.points is None:
            object.__setattr__(self, "points", self.total)

    def problems(self, team: str = "The team") -> list[str]:
        """Every way this report breaks the scoring rules, as sentences."""
        problems: list[str] = []
        for name, label in (
            ("touchdowns", "touchdowns"),
            ("clean_sweeps", "Clean Sweeps"),
            ("bonus_play_points", "Bonus Play points"),
        ):
            value = getattr(self, name)
            if not _whole(value) or value < 0:
                problems.append(
                    f"{team}'s {label} must be a whole number, 0 or more; got {value!r}"
                )
        if not isinstance(self.challenge_cards, tuple):
            problems.append(f"{team}'s Challenge cards are a list of their points")
            return problems
        for points in self.challenge_cards:
            if not _whole(points) or points < 1:
                problems.append(
                    f"{team} claimed a Challenge card worth {points!r} points; a card scores "
                    f"the whole number of points printed on it"
                )
        if problems:
            return problems
        cards_per_sweep = scoring_rules().clean_sweep_cards
        if self.clean_sweeps * cards_per_sweep > len(self.challenge_cards):
            problems.append(
                f"{team} made {self.clean_sweeps} Clean Sweeps but claimed "
                f"{len(self.challenge_cards)} Challenge cards; each Clean Sweep claims all "
                f"{cards_per_sweep} active cards"
            )
        if self.points is not None and self.points != self.total:
            problems.append(
                f"{team}'s score of {self.points!r} does not add up: {self.breakdown()} "
                f"make {self.total}"
            )
        return problems

    @property
    def challenge_points(self) -> int:
        """The points of the Challenge cards claimed."""
        return sum(self.challenge_cards)

    @property
    def total(self) -> int:
        """The team's score (``scoring.score``)."""
        return score(
            self.touchdowns, self.challenge_points, self.clean_sweeps, self.bonus_play_points
        )

    def breakdown(self) -> str:
        rules = scoring_rules()
        return (
            f"{self.touchdowns} touchdowns ({self.touchdowns * rules.touchdown_points}) + "
            f"{len(self.challenge_cards)} Challenge cards ({self.challenge_points}) + "
            f"{self.clean_sweeps} Clean Sweeps ({self.clean_sweeps * rules.clean_sweep_points})"
            f" + Bonus Plays ({self.bonus_play_points})"
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "touchdowns": self.touchdowns,
            "challenge_cards": list(self.challenge_cards),
            "clean_sweeps": self.clean_sweeps,
            "bonus_play_points": self.bonus_play_points,
            "points": self.total,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BlitzBowlTeamReport:
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise RulesError(f"A Blitz Bowl team report has no {', '.join(unknown)}")
        return cls(**data)


@dataclass(frozen=True)
class BlitzBowlReport:
    """A finished Blitz Bowl game.

    ``regional_rule`` names the Regional League row the pre-game rolled (None if
    none was rolled); ``sudden_death_winner`` is the side that won by a Sudden
    Death Victory, None for a Points Victory or a draw; ``endgame_reached`` says
    the Endgame (advanced rules) had begun, after which "a Sudden Death Victory
    cannot be won".
    """

    home: BlitzBowlTeamReport = field(default_factory=BlitzBowlTeamReport)
    away: BlitzBowlTeamReport = field(default_factory=BlitzBowlTeamReport)
    regional_rule: str | None = None
    sudden_death_winner: str | None = None
    endgame_reached: bool = False

    def __post_init__(self) -> None:
        for side in SIDES:
            team = getattr(self, side)
            if isinstance(team, Mapping):
                try:
                    team = BlitzBowlTeamReport.from_dict(team)
                except RulesError as error:
                    raise RulesError([f"{side}: {m}" for m in error.messages]) from None
                object.__setattr__(self, side, team)
            elif not isinstance(team, BlitzBowlTeamReport):
                raise RulesError(f"The {side} team's report is a BlitzBowlTeamReport")
        entry = regional_entry(self.regional_rule)
        if entry is not None:
            object.__setattr__(self, "regional_rule", str(entry.name))
        problems = self.problems()
        if problems:
            raise RulesError(problems)

    def problems(self) -> list[str]:
        """Cross-team checks: the deck's size and any Sudden Death claim."""
        problems: list[str] = []
        rules = scoring_rules()
        cards = len(self.home.challenge_cards) + len(self.away.challenge_cards)
        if cards > rules.most_challenge_cards:
            problems.append(
                f"The teams claimed {cards} Challenge cards; the deck holds at most "
                f"{rules.most_challenge_cards} ({rules.standard_challenge_cards} standard and "
                f"{rules.endgame_challenge_cards} Endgame cards)"
            )
        winner = self.sudden_death_winner
        if winner is None:
            return problems
        if winner not in SIDES:
            return [*problems, f"A Sudden Death Victory is won by 'home' or 'away', not {winner!r}"]
        if self.endgame_reached:
            problems.append("Once the Endgame has begun a Sudden Death Victory cannot be won")
            return problems
        behind_by = self.points(winner) - self.points(other_side(winner))
        if not is_sudden_death(behind_by, self.regional_rule):
            margin = sudden_death_margin(self.regional_rule)
            rule = f" under {self.regional_rule}" if self.regional_rule else ""
            problems.append(
                f"A Sudden Death Victory needs the losing team {margin} or more points behind"
                f"{rule}; the score is {self.points('home')}-{self.points('away')}"
            )
        return problems

    def side(self, side: str) -> BlitzBowlTeamReport:
        if side not in SIDES:
            raise RulesError(f"A side is 'home' or 'away', not {side!r}")
        return self.home if side == "home" else self.away

    def points(self, side: str) -> int:
        return self.side(side).total

    @property
    def final_score(self) -> tuple[int, int]:
        return self.home.total, self.away.total

    def result(self) -> GameResult:
        return game_result(*self.final_score, sudden_death_winner=self.sudden_death_winner)

    def as_dict(self) -> dict[str, Any]:
        return {
            "home": self.home.as_dict(),
            "away": self.away.as_dict(),
            "regional_rule": self.regional_rule,
            "sudden_death_winner": self.sudden_death_winner,
            "endgame_reached": self.endgame_reached,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BlitzBowlReport:
        """A report from its ``as_dict`` form (as the matches app stores it)."""
        unknown = sorted(set(data) - set(cls.__dataclass_fields__))
        if unknown:
            raise RulesError(f"A Blitz Bowl report has no {', '.join(unknown)}")
        return cls(**data)
