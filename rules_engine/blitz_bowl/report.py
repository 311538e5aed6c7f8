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
from rules_engine.wording import Shown, say


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

    def problems(self, team: Shown | None = None) -> list[Shown]:
        """Every way this report breaks the scoring rules, as sentences."""
        team = team if team is not None else say("The team")
        problems: list[Shown] = []
        for name, template in (
            ("touchdowns", "{team}'s touchdowns must be a whole number, 0 or more; got {value}"),
            (
                "clean_sweeps",
                "{team}'s Clean Sweeps must be a whole number, 0 or more; got {value}",
            ),
            (
                "bonus_play_points",
                "{team}'s Bonus Play points must be a whole number, 0 or more; got {value}",
            ),
        ):
            value = getattr(self, name)
            if not _whole(value) or value < 0:
                problems.append(say(template, team=team, value=repr(value)))
        if not isinstance(self.challenge_cards, tuple):
            problems.append(say("{team}'s Challenge cards are a list of their points", team=team))
            return problems
        for points in self.challenge_cards:
            if not _whole(points) or points < 1:
                problems.append(
                    say(
                        "{team} claimed a Challenge card worth {points} points; a card scores "
                        "the whole number of points printed on it",
                        team=team,
                        points=repr(points),
                    )
                )
        if problems:
            return problems
        cards_per_sweep = scoring_rules().clean_sweep_cards
        if self.clean_sweeps * cards_per_sweep > len(self.challenge_cards):
            problems.append(
                say(
                    "{team} made {sweeps} Clean Sweeps but claimed {cards} Challenge cards; "
                    "each Clean Sweep claims all {per_sweep} active cards",
                    team=team,
                    sweeps=self.clean_sweeps,
                    cards=len(self.challenge_cards),
                    per_sweep=cards_per_sweep,
                )
            )
        if self.points is not None and self.points != self.total:
            problems.append(
                say(
                    "{team}'s score of {points} does not add up: {breakdown} make {total}",
                    team=team,
                    points=repr(self.points),
                    breakdown=self.breakdown(),
                    total=self.total,
                )
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
            raise RulesError(
                say("A Blitz Bowl team report has no {fields}", fields=", ".join(unknown))
            )
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
                    raise RulesError(
                        [say("{side}: {reason}", side=side, reason=m) for m in error.reasons]
                    ) from None
                object.__setattr__(self, side, team)
            elif not isinstance(team, BlitzBowlTeamReport):
                raise RulesError(
                    say("The {side} team's report is a BlitzBowlTeamReport", side=side)
                )
        entry = regional_entry(self.regional_rule)
        if entry is not None:
            object.__setattr__(self, "regional_rule", str(entry.name))
        problems = self.problems()
        if problems:
            raise RulesError(problems)

    def problems(self) -> list[Shown]:
        """Cross-team checks: the deck's size and any Sudden Death claim."""
        problems: list[Shown] = []
        rules = scoring_rules()
        cards = len(self.home.challenge_cards) + len(self.away.challenge_cards)
        if cards > rules.most_challenge_cards:
            problems.append(
                say(
                    "The teams claimed {cards} Challenge cards; the deck holds at most {most} "
                    "({standard} standard and {endgame} Endgame cards)",
                    cards=cards,
                    most=rules.most_challenge_cards,
                    standard=rules.standard_challenge_cards,
                    endgame=rules.endgame_challenge_cards,
                )
            )
        winner = self.sudden_death_winner
        if winner is None:
            return problems
        if winner not in SIDES:
            return [
                *problems,
                say(
                    "A Sudden Death Victory is won by 'home' or 'away', not {winner}",
                    winner=repr(winner),
                ),
            ]
        if self.endgame_reached:
            problems.append(say("Once the Endgame has begun a Sudden Death Victory cannot be won"))
            return problems
        behind_by = self.points(winner) - self.points(other_side(winner))
        if not is_sudden_death(behind_by, self.regional_rule):
            margin = sudden_death_margin(self.regional_rule)
            values = {
                "margin": margin,
                "rule": self.regional_rule,
                "home": self.points("home"),
                "away": self.points("away"),
            }
            if self.regional_rule:
                problems.append(
                    say(
                        "A Sudden Death Victory needs the losing team {margin} or more points "
                        "behind under {rule}; the score is {home}-{away}",
                        **values,
                    )
                )
            else:
                problems.append(
                    say(
                        "A Sudden Death Victory needs the losing team {margin} or more points "
                        "behind; the score is {home}-{away}",
                        **values,
                    )
                )
        return problems

    def side(self, side: str) -> BlitzBowlTeamReport:
        if side not in SIDES:
            raise RulesError(say("A side is 'home' or 'away', not {side}", side=repr(side)))
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
            raise RulesError(say("A Blitz Bowl report has no {fields}", fields=", ".join(unknown)))
        return cls(**data)
