"""The plain match report a post-game reads: score, concession, fan factor and
what happened to and by each player.

The Django apps fill these from the recorded match; the engine never sees a
model. A report describes the game as played on the pitch: ``touchdowns`` are
the touchdowns each team scored, and a concession's award of touchdowns (core
rules, CONCEDING) is worked out from it by ``MatchReport.final_score``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, ClassVar

from rules_engine.bb2020.conceding import (
    PENALTY_FREE_MAX_PLAYERS,
    concession_score,
    concession_without_penalty,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.errors import RulesError
from rules_engine.injuries import LastingInjuryResult, apply_lasting_injury
from rules_engine.ruleset import Ruleset
from rules_engine.tables import load_tables
from rules_engine.wording import Shown, say

RULESET = "bb2020"
SIDES: tuple[str, str] = ("home", "away")
CHARACTERISTICS: tuple[str, ...] = ("ma", "st", "ag", "pa", "av")
_COUNTS: tuple[str, ...] = (
    "touchdowns",
    "completions",
    "deflections",
    "interceptions",
    "casualties",
    "other_casualties",
    "niggling_injuries",
)


def other_side(side: str) -> str:
    if side not in SIDES:
        raise ValueError(f"a side is 'home' or 'away', not {side!r}")
    return "away" if side == "home" else "home"


def _reduction(ruleset: Ruleset, player: PlayerState, characteristic: str) -> dict[str, Any]:
    """Characteristic Reduction by the Lasting Injury table's row for ``characteristic``
    (its D6 was rolled during the match; only the row matters here): the change to the
    player's sheet."""
    # Only the reduced characteristic is read (``apply_lasting_injury`` changes that one).
    current = {characteristic: player.characteristic(ruleset, characteristic)}
    reduced = apply_lasting_injury(current, _lasting_injury(characteristic))
    return {characteristic: reduced[characteristic]}


@cache
def _lasting_injury(characteristic: str) -> LastingInjuryResult:
    """The Lasting Injury table's row that reduces ``characteristic``, as a result."""
    table = load_tables(RULESET)["lasting_injury"]
    entry = next(e for e in table.entries if e.effect["characteristic"] == characteristic)
    return LastingInjuryResult(entry, entry.rolls[0])


@dataclass(frozen=True)
class PlayerReport:
    """What one player did and suffered in the game.

    ``casualties`` are those he caused with a Block, the only ones that earn
    SPP (facts section 4.3: "Casualty 2 (from a Block)"); casualties caused any
    other way (fouls, the crowd, ...) go in ``other_casualties`` and earn
    nothing. Prayers such as Perfect Passing or Necessary Violence, which
    change an award for one drive or game, are not modelled.

    What he suffered: ``killed``; ``lasting_injury`` names the characteristic a
    Lasting Injury reduced ("ma", "st", "ag", "pa", "av"); ``niggling_injuries``
    counts the Niggling Injuries gained; ``miss_next_game`` marks a Seriously
    Hurt result. Serious and Lasting Injuries carry MNG by the Casualty table,
    so they set it without the flag. ``induced`` marks a star player or
    mercenary, who earns no SPP and is never MVP.
    """

    player_id: Any
    touchdowns: int = 0
    completions: int = 0
    deflections: int = 0
    interceptions: int = 0
    casualties: int = 0
    other_casualties: int = 0
    killed: bool = False
    lasting_injury: str | None = None
    niggling_injuries: int = 0
    miss_next_game: bool = False
    sent_off: bool = False
    induced: bool = False

    def __post_init__(self) -> None:
        problems: list[Shown] = [
            say("{count} cannot be negative", count=name.replace("_", " "))
            for name in _COUNTS
            if getattr(self, name) < 0
        ]
        if self.lasting_injury is not None and self.lasting_injury not in CHARACTERISTICS:
            problems.append(
                say(
                    "a Lasting Injury reduces one of {characteristics}, not {got}",
                    characteristics=", ".join(CHARACTERISTICS),
                    got=repr(self.lasting_injury),
                )
            )
        if problems:
            raise RulesError(
                [
                    say("Player {player}: {problem}", player=self.player_id, problem=p)
                    for p in problems
                ]
            )

    def apply_injuries(self, ruleset: Ruleset, player: PlayerState) -> PlayerState:
        """The player after what he suffered: a Lasting Injury's Characteristic Reduction,
        Niggling Injuries and MNG (death is the post-game's to apply: he leaves)."""
        changes: dict[str, Any] = {}
        if self.lasting_injury:
            changes = _reduction(ruleset, player, self.lasting_injury)
        elif not self.niggling_injuries and (player.miss_next_game or not self.misses_next_game):
            return player  # nothing he suffered changes his sheet
        changes["niggling_injuries"] = player.niggling_injuries + self.niggling_injuries
        changes["miss_next_game"] = player.miss_next_game or self.misses_next_game
        return player.evolve(**changes)

    @property
    def misses_next_game(self) -> bool:
        """MNG: Seriously Hurt, Serious Injury and Lasting Injury all carry it (Casualty table)."""
        if self.killed:
            return False
        return self.miss_next_game or self.niggling_injuries > 0 or self.lasting_injury is not None


_NO_INJURIES: dict[str, tuple[Any, ...]] = {
    "miss_next_game": (),
    "niggling_injuries": (),
    "characteristic_losses": (),
}


def injury_lists(injured: Sequence[PlayerReport]) -> dict[str, tuple[Any, ...]]:
    """Post-game step 1's players who miss the next game, gained a Niggling Injury or lost a
    characteristic, of the reports ``injured``."""
    if not injured:
        return _NO_INJURIES
    return {
        "miss_next_game": tuple([r.player_id for r in injured if r.misses_next_game]),
        "niggling_injuries": tuple([r.player_id for r in injured if r.niggling_injuries]),
        "characteristic_losses": tuple(
            [(r.player_id, r.lasting_injury) for r in injured if r.lasting_injury]
        ),
    }


@dataclass(frozen=True)
class TeamReport:
    """One team's game: touchdowns scored on the pitch, its Fan Factor from pre-game
    step 1, whether it conceded, and its players' reports.

    ``set_up_players_when_conceding`` is the number of players the team could
    set up when it conceded before a set-up (None: it conceded at the start of
    a team turn, or did not concede); with 3 or fewer it concedes without
    penalty (facts section 4, Conceding).
    """

    # Conceding Without Penalty: the most players the team could set up, and the rule
    # as the report's forms and API state it (facts section 4, Conceding).
    most_set_up_without_penalty: ClassVar[int] = PENALTY_FREE_MAX_PLAYERS
    without_penalty_rule: ClassVar[Shown] = say(
        "a team with {most} or fewer players may concede before a set-up without penalty",
        most=PENALTY_FREE_MAX_PLAYERS,
    )

    touchdowns: int = 0
    fan_factor: int = 0
    conceded: bool = False
    players: tuple[PlayerReport, ...] = ()
    set_up_players_when_conceding: int | None = None

    def __post_init__(self) -> None:
        problems: list[Shown] = []
        if self.touchdowns < 0:
            problems.append(say("touchdowns cannot be negative"))
        if self.fan_factor < 0:
            problems.append(say("the Fan Factor cannot be negative"))
        if self.set_up_players_when_conceding is not None and not self.conceded:
            problems.append(
                say("players at the concession are given for a team that did not concede")
            )
        ids = [p.player_id for p in self.players]
        if len(set(map(repr, ids))) != len(ids):
            problems.append(say("a player is reported twice"))
        if problems:
            raise RulesError(problems)

    @property
    def concession_penalty(self) -> bool:
        """Whether the team conceded and suffers the concession's consequences."""
        return self.conceded and not concession_without_penalty(
            self.set_up_players_when_conceding, self.most_set_up_without_penalty
        )

    def check_players(self, team: TeamState) -> None:
        """Each reported player is on the team sheet (star players and mercenaries are
        marked ``induced`` instead) and was available: an MNG player missed the game."""
        sheet = {p.id: p for p in team.players}
        for report in self.players:
            player = sheet.get(report.player_id)
            if report.induced:
                continue
            if player is None:
                raise RulesError(
                    say(
                        "Player {player} is not on {team}'s team sheet; mark star players and "
                        "mercenaries as induced",
                        player=repr(report.player_id),
                        team=team.name,
                    )
                )
            if player.miss_next_game or player.temporarily_retired:  # not ``available``
                raise RulesError(
                    say(
                        "{player} missed this game and cannot have played in it", player=player.name
                    )
                )

    def player(self, player_id: Any) -> PlayerReport | None:
        try:
            return self._by_id.get(player_id)
        except TypeError:  # an id that cannot be a key: look it up the long way
            return next((r for r in self.players if r.player_id == player_id), None)

    @cached_property
    def _by_id(self) -> dict[Any, PlayerReport]:
        """The reports by player id (the first of an id, as a search in order finds it)."""
        found: dict[Any, PlayerReport] = {}
        for report in self.players:
            try:
                found.setdefault(report.player_id, report)
            except TypeError:
                continue
        return found

    def __iter__(self) -> Iterator[PlayerReport]:
        return iter(self.players)


@dataclass(frozen=True)
class MatchReport:
    """Both teams' reports; at most one of them conceded.

    ``sudden_death_winner`` names the side that won a sudden death after a
    tied extra time (``extra_time.sudden_death``): the score stays level but
    that team won the game (core rules, SUDDEN DEATH).
    """

    home: TeamReport
    away: TeamReport
    sudden_death_winner: str | None = None
    # The final score a concession leaves, (conceder, opponent), from the touchdowns
    # each had scored (core rules, CONCEDING; BB2025's awarded win).
    score_after_concession = staticmethod(concession_score)

    def __post_init__(self) -> None:
        if self.home.conceded and self.away.conceded:
            raise RulesError(say("Only one team can concede a game"))
        if self.sudden_death_winner is not None:
            other_side(self.sudden_death_winner)
            if self.home.touchdowns != self.away.touchdowns or self.conceded_by:
                raise RulesError(say("Sudden death only decides a game that ended level"))

    def side(self, side: str) -> TeamReport:
        other_side(side)
        return self.home if side == "home" else self.away

    @property
    def conceded_by(self) -> str | None:
        for side in SIDES:
            if self.side(side).conceded:
                return side
        return None

    @property
    def fan_attendance(self) -> int:
        """Post-game step 1: "Fan Attendance = both teams' Fan Factors"."""
        return self.home.fan_factor + self.away.fan_factor

    @cached_property
    def final_score(self) -> tuple[int, int]:
        """(home, away) touchdowns after a concession's award (``score_after_concession``);
        worked out once (the steps read it for each side)."""
        conceder = self.conceded_by
        if conceder is None:
            return self.home.touchdowns, self.away.touchdowns
        mine, theirs = self.score_after_concession(
            self.side(conceder).touchdowns, self.side(other_side(conceder)).touchdowns
        )
        return (mine, theirs) if conceder == "home" else (theirs, mine)

    def touchdowns(self, side: str) -> int:
        home, away = self.final_score
        return home if side == "home" else away

    def result(self, side: str) -> str:
        """ "win", "draw" or "loss" for ``side`` on the final score."""
        mine, theirs = self.touchdowns(side), self.touchdowns(other_side(side))
        if mine == theirs and self.sudden_death_winner is not None:
            return "win" if self.sudden_death_winner == side else "loss"
        return "win" if mine > theirs else "loss" if mine < theirs else "draw"
