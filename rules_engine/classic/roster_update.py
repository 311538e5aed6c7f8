"""Classic post-match step 6, "Update Team Roster", for one team: the dead leave,
injuries apply, journeymen leave, players who missed this game come back, fired
players go, other Treasury spending is recorded, and TV and CTV are worked out again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.bb2020.postgame_work import PostGameWork
from rules_engine.bb2020.report import PlayerReport
from rules_engine.errors import RulesError
from rules_engine.team_value import current_team_value, team_value
from rules_engine.wording import say, thousands


def update_side(w: PostGameWork, answer: Mapping[str, Any]) -> dict[str, Any]:
    """Step 6 for one team with its coach's ``answer`` (fire, treasury_spent)."""
    dead, injured = _apply_report(w)
    released, recovered, fired = _players_leave(w, answer)
    _spend(w, answer.get("treasury_spent", 0))
    value_input = w.team.value_input()
    w.details.update(
        dead=dead,
        miss_next_game=tuple(r.player_id for r in injured if r.misses_next_game),
        niggling_injuries=tuple(r.player_id for r in injured if r.niggling_injuries),
        characteristic_losses=tuple(
            (r.player_id, r.lasting_injury) for r in injured if r.lasting_injury
        ),
        released_journeymen=released,
        recovered=recovered,
        fired=fired,
        team_value=team_value(w.ruleset, value_input),
        current_team_value=current_team_value(w.ruleset, value_input),
    )
    keys = ("dead", "miss_next_game", "niggling_injuries", "released_journeymen")
    outcome = {key: w.details[key] for key in (*keys, "recovered", "fired")}
    outcome["characteristic_losses"] = [list(c) for c in w.details["characteristic_losses"]]
    outcome.update(
        treasury=w.team.treasury,
        fan_factor=w.team.dedicated_fans,
        team_value=w.details["team_value"],
        current_team_value=w.details["current_team_value"],
    )
    return outcome


def _apply_report(w: PostGameWork) -> tuple[tuple[Any, ...], list[PlayerReport]]:
    """The dead leave the sheet and the others' injuries apply: (dead, injured)."""
    dead = tuple(r.player_id for r in w.report if r.killed and not r.induced)
    on_sheet = {p.id for p in w.team.players}
    w.replace_players(tuple(p for p in w.team.players if p.id not in dead))
    injured = [r for r in w.report if not r.induced and not r.killed and r.player_id in on_sheet]
    for r in injured:
        w.replace_player(r.apply_injuries(w.ruleset, w.team.player(r.player_id)))
    return dead, injured


def _players_leave(
    w: PostGameWork, answer: Mapping[str, Any]
) -> tuple[tuple[Any, ...], tuple[Any, ...], tuple[Any, ...]]:
    """Journeymen leave, who missed this game comes back, the fired go:
    (released, recovered, fired)."""
    released = tuple(p.id for p in w.team.players if p.journeyman)
    recovered = tuple(p.id for p in w.before.players if p.miss_next_game)
    for pid in recovered:
        if pid in {p.id for p in w.team.players}:
            w.changed(pid, miss_next_game=False)
    fired = tuple(answer.get("fire", ()))
    staying = {p.id for p in w.team.players} - set(released)
    unknown = [pid for pid in fired if pid not in staying]
    if unknown:
        raise RulesError(
            say("{team} has no players {players} to fire", team=w.team.name, players=repr(unknown))
        )
    gone = set(released) | set(fired)
    w.replace_players(tuple(p for p in w.team.players if p.id not in gone))
    return released, recovered, fired


def _spend(w: PostGameWork, spent: Any) -> None:
    """Other Treasury spending, at most what the Treasury holds."""
    if isinstance(spent, bool) or not isinstance(spent, int) or not 0 <= spent <= w.team.treasury:
        raise RulesError(
            say(
                "{team} cannot spend {gold} gp from {treasury} gp",
                team=w.team.name,
                gold=repr(spent),
                treasury=thousands(w.team.treasury),
            )
        )
    w.gold("purchases", -spent)
