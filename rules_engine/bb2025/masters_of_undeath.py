"""Masters of Undeath (bb2025-league-facts.md section 2; BBBase
docs/bb2025/core_rules/the_teams.md "Masters of Undeath"): once per game, when an
opposing player with ST 4 or less and without Stunty suffers a Dead result, the team
raises one Lineman of its roster into its Reserves. In the post-game hiring (section
8, step 4) the coach may keep him for free while the roster has fewer than 16
players; otherwise he is lost. Kept, he adds his full value to Team Value.

The numbers and names are data (``data/bb2025/masters_of_undeath.json``). The report
does not say when each death happened, so the first qualifying Dead in the opponent's
report is the one raised; only one is raised a game whatever the count of deaths.
A victim off the opponent's team sheet (an induced star player) is not read: his ST
and skills are not the team's to know.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rules_engine.bb2020.report import TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.catalogue import skill_key
from rules_engine.errors import RulesError, RulesetDataError
from rules_engine.ruleset import Position, Roster, Ruleset
from rules_engine.tables import DATA_DIR
from rules_engine.wording import say

RULESET = "bb2025"
# The id the engine gives the raised Lineman once kept, until the apps give him theirs.
RAISED_PLAYER_ID = "raised_lineman"


@cache
def rule() -> dict[str, Any]:
    """The rule's figures and names, read once from its data file."""
    path = DATA_DIR / RULESET / "masters_of_undeath.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RulesetDataError(f"{path.name}: {exc}") from exc
    return data


@dataclass(frozen=True)
class RaisedLineman:
    """The Lineman a Masters of Undeath team raised this game: whose death raised him,
    and the roster's Lineman positions he may be kept as (Shambling Undead has two)."""

    victim_id: Any
    positions: tuple[str, ...]

    def as_dict(self) -> dict[str, Any]:
        return {"victim_id": self.victim_id, "positions": list(self.positions)}

    def position_kept(self, answer: Any) -> str | None:
        """The position the coach keeps him as: ``True`` where the roster has one
        Lineman position, else that position's slug; ``None``/``False``/"" lets him go."""
        if answer is None or answer is False or answer == "":
            return None
        if answer is True:
            if len(self.positions) > 1:
                raise RulesError(
                    say(
                        "Name the Lineman position to keep the raised player as: {positions}",
                        positions=", ".join(self.positions),
                    )
                )
            return self.positions[0]
        if answer not in self.positions:
            raise RulesError(
                say(
                    "{position} is not a Lineman position the raised player may be kept as; "
                    "use {positions}",
                    position=repr(answer),
                    positions=", ".join(self.positions),
                )
            )
        return str(answer)

    def player(self, ruleset: Ruleset, position_slug: str) -> PlayerState:
        """The raised Lineman kept for good: a rookie of the position, 0 SPP, no cost."""
        return raised_player(ruleset, position_slug)


def has_masters_of_undeath(ruleset: Ruleset, team: TeamState) -> bool:
    roster = team.roster(ruleset)
    return roster.has_special_rule(str(rule()["special_rule"]), team.special_rule_choice)


def lineman_positions(roster: Roster) -> tuple[Position, ...]:
    """The roster's positions with the Lineman keyword (BB2025 keywords, section 2)."""
    keyword = str(rule()["raised_keyword"]).casefold()
    return tuple(
        p
        for p in roster.positions.values()
        if keyword in {k.casefold() for k in getattr(p, "keywords", ())}
    )


def raises_the_dead(ruleset: Ruleset, victim: PlayerState) -> bool:
    """Whether the victim's Dead result lets the team raise a Lineman: ST at most 4
    and no Stunty (his own skills or his position's)."""
    strength = victim.characteristic(ruleset, "st")
    if strength is None or strength > int(rule()["victim_maximum_strength"]):
        return False
    stunty = skill_key(str(rule()["victim_excluded_skill"]))
    return all(skill_key(s) != stunty for s in victim.all_skills(ruleset))


def raised_lineman(
    ruleset: Ruleset, team: TeamState, opponent: TeamState, opponent_report: TeamReport
) -> RaisedLineman | None:
    """The Lineman ``team`` raised this game, if it has Masters of Undeath and one of
    the opponent's players (``opponent`` as it stood at kick-off) died qualifying."""
    if not has_masters_of_undeath(ruleset, team):
        return None
    positions = tuple(p.slug for p in lineman_positions(team.roster(ruleset)))
    if not positions:
        return None
    on_sheet = {p.id: p for p in opponent.players}
    for report in _dead(opponent_report.players):
        victim = on_sheet.get(report.player_id)
        if victim is not None and raises_the_dead(ruleset, victim):
            return RaisedLineman(report.player_id, positions)
    return None


def _dead(reports: Iterable[Any]) -> list[Any]:
    return [r for r in reports if r.killed]


def raised_player(ruleset: Ruleset, position_slug: str) -> PlayerState:
    """The raised Lineman kept for good: a rookie of the position, 0 SPP."""
    position = ruleset.position(position_slug)
    name = f"Raised {position.name}"
    return PlayerState(id=RAISED_PLAYER_ID, name=name, position_slug=position_slug)
