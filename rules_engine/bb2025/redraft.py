"""Off-season and re-draft in BB2025 (bb2025-league-facts.md section 11; BBBase
docs/bb2025/core_rules/league_play.md "Off-season and Re-drafting").

- Raise Funds: Re-draft Budget = 1,000,000 + the Treasury left + 20,000 per
  regular-season fixture played + 20,000 per win + 10,000 per draw (section 13.5:
  regular season only). The book recommends a cap of 1,300,000, the excess lost: on
  by default here; a league may set its own (section 13.5).
- Re-draft Team: a player is re-hired for his current value + an agent's fee of
  20,000 per previous season he took part in (the fee does not change his value);
  staff and re-rolls are kept at their standard price (BB2020's, inherited).
- Rest & Relaxation: players due to miss a game recover; each Niggling Injury rolls
  a D6 (+1 with an Apothecary), 4+ removes it; each acquired Hatred rolls a D6, 4+
  loses it (Hatred printed on the profile is never rolled for); each characteristic
  reduction of a Temporarily Retired player rolls a D6 (+1 with an Apothecary), 4+
  removes it.

Play-off prizes are paid into the Treasury when the play-offs finish (the edition's
``playoff_prizes``), so the Treasury the budget starts from holds them already.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.bb2020.redraft import (
    APOTHECARY_MODIFIER,
    NIGGLING_RECOVERY_TARGET,
    Redraft,
    SeasonRecovery,
    niggling_injury_recovery,
    rehire_fee,
)
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.league_tables import league_section
from rules_engine.dice import Dice
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import recording
from rules_engine.wording import say

__all__ = [
    "Bb2025SeasonRecovery",
    "SeasonRecovery",
    "characteristic_reductions",
    "recover_between_seasons",
    "redraft_budget",
    "rehire_fee",
]

_SECTION = league_section("redraft")
REDRAFT_BASE = int(_SECTION["base"])
PER_FIXTURE_PLAYED = int(_SECTION["per_fixture_played"])
PER_LEAGUE_WIN = int(_SECTION["per_win"])
PER_LEAGUE_DRAW = int(_SECTION["per_draw"])
REDRAFT_CAP = int(_SECTION["cap"])
PLAYOFF_PRIZES: tuple[tuple[int, int], ...] = (
    (1, int(_SECTION["playoff_prizes"]["first"])),
    (2, int(_SECTION["playoff_prizes"]["second"])),
    (3, int(_SECTION["playoff_prizes"]["third"])),
)
# Rest & Relaxation: "4+" removes a Hatred, as a Niggling Injury (no Apothecary bonus).
HATRED_LOSS_TARGET = int(_SECTION["hatred_lost_on"])
HATRED = "hatred ("


# Per characteristic: +1 when an improvement makes it better (MA, ST, AV go up; the AG
# and PA targets go down), so a reduction is the other way.
_BETTER: dict[str, int] = {"ma": 1, "st": 1, "av": 1, "ag": -1, "pa": -1}


def characteristic_reductions(ruleset: Ruleset, player: PlayerState) -> dict[str, int]:
    """How many injury reductions each of the player's characteristics carries: how far
    it stands below the position's value with his improvements applied."""
    position = player.position(ruleset)
    found: dict[str, int] = {}
    for name, better in _BETTER.items():
        own = getattr(player, name)
        base = getattr(position, name)
        if own is None or base is None:
            continue
        expected = base + better * player.characteristic_improvements.count(name)
        lost = (expected - own) * better
        if lost > 0:
            found[name] = lost
    return found


@dataclass(frozen=True)
class Bb2025SeasonRecovery(SeasonRecovery):
    """BB2020's recovery (MNG, Niggling Injuries), with each acquired Hatred's roll
    (``hatred``: player id -> ((skill, roll, lost), ...)) and each Temporarily Retired
    player's reduction rolls (``reductions``: player id -> ((characteristic, roll,
    removed), ...))."""

    hatred: dict[Any, tuple[tuple[str, int, bool], ...]] = field(default_factory=dict)
    reductions: dict[Any, tuple[tuple[str, int, bool], ...]] = field(default_factory=dict)


def _recover_player(
    ruleset: Ruleset, team: TeamState, player: PlayerState, dice: Dice, found: Bb2025SeasonRecovery
) -> PlayerState:
    modifier = APOTHECARY_MODIFIER * team.apothecary
    if player.niggling_injuries:
        recovery = niggling_injury_recovery(
            dice,
            player.niggling_injuries,
            team.apothecary,
            purpose=say("Niggling Injury: {player}", player=player.name),
        )
        found.niggling[player.id] = recovery
        player = player.evolve(niggling_injuries=recovery.remaining)
    rolled: list[tuple[str, int, bool]] = []
    kept = []
    for skill in player.skills:  # the skills gained: a printed Hatred is never here
        if skill.casefold().startswith(HATRED):
            roll = dice.d6(say("Hatred: {player}, {skill}", player=player.name, skill=skill))
            lost = roll >= HATRED_LOSS_TARGET
            rolled.append((skill, roll, lost))
            if lost:
                continue
        kept.append(skill)
    if rolled:
        found.hatred[player.id] = tuple(rolled)
        player = player.evolve(skills=tuple(kept))
    if player.temporarily_retired:
        healed: list[tuple[str, int, bool]] = []
        changes: dict[str, int] = {}
        for name, count in characteristic_reductions(ruleset, player).items():
            for _ in range(count):
                roll = dice.d6(
                    say(
                        "Characteristic reduction: {player}, {characteristic}",
                        player=player.name,
                        characteristic=name.upper(),
                    )
                )
                removed = roll + modifier >= NIGGLING_RECOVERY_TARGET
                healed.append((name, roll, removed))
                if removed:
                    current = changes.get(name, getattr(player, name))
                    changes[name] = current + _BETTER[name]
        if healed:
            found.reductions[player.id] = tuple(healed)
            player = player.evolve(**changes)
    return player.evolve(miss_next_game=False)


def recover_between_seasons(team: TeamState, dice: Dice, ruleset: Ruleset) -> Bb2025SeasonRecovery:
    """Rest & Relaxation (facts section 11), players in the team sheet's order, each
    rolling for his Niggling Injuries, then his acquired Hatreds, then (Temporarily
    Retired) his characteristic reductions (read against the positions of ``ruleset``)."""
    found = Bb2025SeasonRecovery(team, (), {}, ())
    players = []
    with recording(dice) as rolls:
        for player in team.players:
            players.append(_recover_player(ruleset, team, player, dice, found))
    recovered = tuple(p.id for p in team.players if p.miss_next_game)
    return Bb2025SeasonRecovery(
        team.evolve(players=tuple(players)),
        recovered,
        found.niggling,
        tuple(rolls),
        hatred=found.hatred,
        reductions=found.reductions,
    )


# Raise Funds (facts section 11): 1,000,000 + Treasury + 20,000 per regular-season
# fixture played + 20,000 per win + 10,000 per draw, no more than 1,300,000 (the book's
# recommended cap, on by default) or the league's own cap; the agent's fee as BB2020's.
BB2025_REDRAFT = Redraft(
    base=REDRAFT_BASE,
    per_game_played=PER_FIXTURE_PLAYED,
    per_league_win=PER_LEAGUE_WIN,
    per_league_draw=PER_LEAGUE_DRAW,
    # Facts section 13.5: League Fixtures only; the text keeps play-offs apart.
    counts_playoff_games=False,
    # Facts section 13.5: "a 2-0 concession counts as played for both and won by one";
    # a real-life concession counts as Conceding Without Penalty, 2-0 (sections 9, 13.4).
    counts_conceded_fixtures=True,
    recover=recover_between_seasons,
    default_cap=REDRAFT_CAP,
)
redraft_budget = BB2025_REDRAFT.budget
