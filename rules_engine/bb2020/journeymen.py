"""Journeymen: pre-game step 3, "Take on Journeymen" (core rules; facts sheet section 6).

A team that cannot field 11 players for a league game takes on temporary
Lineman players with Loner (4+) until 11 are available. Players who miss the
next game or are temporarily retired are not available; journeymen may take
the roster above 16 but never the players available above 11.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import STANDARD_GAME, Position, Roster, Ruleset
from rules_engine.sequence import Choice
from rules_engine.team_value import counted_hiring_fees, hiring_fee
from rules_engine.wording import say, say_plural, side_said

# "If ... a team is unable to field 11 players it will make use of ... Journeymen".
PLAYERS_TO_FIELD = STANDARD_GAME.players_on_pitch
# "they gain the Loner (4+) trait (see page 85)".
JOURNEYMAN_TRAIT = "Loner (4+)"


@dataclass(frozen=True)
class JourneymenResult:
    """How many journeymen a team takes, of which positions, and its CTV before and after."""

    side: str
    needed: int
    players: tuple[PlayerState, ...]
    ctv_before: int
    ctv_after: int

    @property
    def positions(self) -> tuple[str, ...]:
        return tuple(player.position_slug for player in self.players)


def journeymen_needed(team: TeamState) -> int:
    """Journeymen a team must take: up to 11 available players, never more.

    "Journeymen may take the total number of players on the team temporarily
    above 16 including injured players, but cannot take the number of players
    available for this game above 11."
    """
    available = 0
    for player in team.players:
        if not (player.miss_next_game or player.temporarily_retired):
            available += 1
    return max(0, PLAYERS_TO_FIELD - available)


def journeyman_positions(roster: Roster) -> tuple[Position, ...]:
    """The positions a journeyman may be: "selected from the team's 0-12 or 0-16 option".

    Shambling Undead list two such lines (Skeleton and Zombie Lineman); the
    coach chooses.
    """
    return roster.lineman_positions()


def journeyman_players(side: str, positions: Sequence[str]) -> tuple[PlayerState, ...]:
    """The journeymen themselves: ordinary players of their position with Loner (4+).

    Ids are ``"<side>-journeyman-<n>"`` so a result can name them before the
    caller has stored them.
    """
    return tuple(
        _JOURNEYMAN.evolve(
            id=f"{side}-journeyman-{number}", name=f"Journeyman {number}", position_slug=slug
        )
        for number, slug in enumerate(positions, start=1)
    )


# A journeyman but his id, name and position (``evolve`` copies a picture without
# ``__init__``, which sets a frozen dataclass's 18 fields one call each).
_JOURNEYMAN = PlayerState(
    id=None, name="", position_slug="", skills=(JOURNEYMAN_TRAIT,), journeyman=True
)


def resolve_journeyman_positions(
    roster: Roster, needed: int, answer: str | Sequence[str] | None
) -> tuple[str, ...] | None:
    """The position of each journeyman, or None where the coach has still to choose.

    ``answer`` is one position for all of them or one per journeyman; a roster
    with a single Lineman line needs no answer.
    """
    allowed = journeyman_positions(roster)
    if needed == 0:
        return ()
    if answer is None:
        return (allowed[0].slug,) * needed if len(allowed) == 1 else None
    wanted = [answer] * needed if isinstance(answer, str) else list(answer)
    if len(wanted) != needed:
        raise RulesError(
            say_plural(
                "{roster} teams take {needed} journeymen; {count} position was given",
                "{roster} teams take {needed} journeymen; {count} positions were given",
                len(wanted),
                roster=roster.name,
                needed=needed,
            )
        )
    slugs = []
    problems = []
    for key in wanted:
        slug = roster.positions.resolve(key)
        if slug is None or roster.positions[slug] not in allowed:
            names = " or ".join(p.name for p in allowed)
            problems.append(
                say(
                    "Journeymen for {roster} teams are {positions}; {position} is not",
                    roster=roster.name,
                    positions=names,
                    position=repr(key),
                )
            )
        else:
            slugs.append(slug)
    if problems:
        raise RulesError(list(dict.fromkeys(problems)))
    return tuple(slugs)


def journeymen_for(
    ruleset: Ruleset,
    team: TeamState,
    side: str,
    positions: str | Sequence[str] | None = None,
) -> JourneymenResult | None:
    """Pre-game step 3, "Take on Journeymen": the journeymen and the CTV after them.

    "Each Journeyman counts towards CTV. The value they add is equal to the
    hiring cost of an ordinary player of their type" - nothing for a Low Cost
    Linemen team (facts section 2), which ``team_value`` already knows.
    Returns None when the roster has two Lineman lines and ``positions`` is
    not given: the coach must choose.
    """
    roster = team.roster(ruleset)
    needed = journeymen_needed(team)
    if not needed:  # none to take (whatever the answer: ``resolve_journeyman_positions``)
        ctv_before = team.value_breakdown(ruleset).current_team_value
        return JourneymenResult(
            side=side, needed=0, players=(), ctv_before=ctv_before, ctv_after=ctv_before
        )
    slugs = resolve_journeyman_positions(roster, needed, positions)
    if slugs is None:
        return None
    players = journeyman_players(side, slugs)
    ctv_before = team.value_breakdown(ruleset).current_team_value
    # Each journeyman adds his current value to CTV, as the team with them on its sheet
    # would count it (``team_value.breakdown_of``): his hiring fee, no increases.
    fees = counted_hiring_fees(roster)
    added = sum(hiring_fee(roster, fees, player) for player in players)
    return JourneymenResult(
        side=side,
        needed=needed,
        players=players,
        ctv_before=ctv_before,
        ctv_after=ctv_before + added,
    )


def with_journeymen(
    teams: Mapping[str, TeamState], hired: Mapping[str, Any]
) -> dict[str, TeamState]:
    """The teams as they play, step 3's journeymen (its outcome ``hired``) on their sheets."""
    return {
        side: team.evolve(players=team.players + journeyman_players(side, hired[side]["positions"]))
        if side in hired and hired[side]["positions"]
        else team
        for side, team in teams.items()
    }


def journeymen_choice(ruleset: Ruleset, team: TeamState, side: str) -> Choice:
    """The question for a coach whose roster has two Lineman lines: which position?"""
    needed = journeymen_needed(team)
    return Choice(
        side=side,
        kind="journeymen_position",
        prompt=say_plural(
            "{team} takes {count} journeyman: choose their position",
            "{team} takes {count} journeymen: choose their position",
            needed,
            team=team.name,
        ),
        options={
            "count": needed,
            "positions": [p.slug for p in journeyman_positions(team.roster(ruleset))],
        },
    )


# Facts section 3, "Riotous Rookies | 0-1 | 100,000 | Low Cost Linemen": the team
# gains 2D3+1 extra journeymen for the game, beyond the 11 of step 3 and the 16.
RIOTOUS_ROOKIES = "riotous-rookies"
RIOTOUS_ROOKIES_EXTRA = 1


def riotous_rookies(dice: Dice, roster: Roster, side: str) -> dict[str, Any]:
    """Roll the Riotous Rookies: 2D3+1 journeymen of the team's Lineman position.

    Returns plain data for the inducements step's outcome: the two D3, how many
    rookies, and each one's position; they join the game like step 3's journeymen
    (``PreGameResult.journeymen``) and leave with them.
    """
    purpose = say("Riotous Rookies ({side})", side=side_said(side))
    roll = [dice.d3(purpose), dice.d3(purpose)]
    count = sum(roll) + RIOTOUS_ROOKIES_EXTRA
    position = journeyman_positions(roster)[0].slug
    return {"roll": roll, "count": count, "positions": [position] * count}
