"""The start and end of a drive: the Kick-off Event and the End of Drive sequence.

The engine has no pitch, so it rolls what the rule text rolls (2D6 for the
event, D3+3 players, roll-offs, D6 per selected player) and records what
happens as structured ``effect`` data; moving and selecting the players is
left to the coaches at the table. Events whose effects outlast the kick-off
(free bribes, an extra team re-roll, a Prayer to Nuffle, new weather) say how
long they last.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.bb2020.pregame import SIDES, PreGameResult, roll_prayers
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.injuries import ko_recovery
from rules_engine.sequence import StepResult, run_step
from rules_engine.tables import RuleName, Table, load_tables
from rules_engine.wording import Shown, say, side_said

RULESET = "bb2020"
# How long a Prayers to Nuffle result lasts, shortest first (the table's "lasts").
DURATIONS: tuple[str, ...] = ("drive", "half", "game")
PLACED_PRONE = "Placed Prone and Stunned"
SENT_OFF = "Sent-off"


@dataclass(frozen=True)
class KickOffTeam:
    """A team as the Kick-off Event table reads it.

    ``cheerleaders`` and ``assistant_coaches`` count the Team Draft list's and
    the induced ones (Temp Agency Cheerleaders, Part-time Assistant Coaches);
    ``prayers_in_effect`` names the team's Prayers to Nuffle results still in
    effect, which Cheering Fans re-rolls.
    """

    side: str
    fan_factor: int
    cheerleaders: int = 0
    assistant_coaches: int = 0
    prayers_in_effect: tuple[str, ...] = ()


def kick_off_team(
    team: TeamState, side: str, pre_game: PreGameResult, prayers_in_effect: Sequence[str] = ()
) -> KickOffTeam:
    """A side's ``KickOffTeam`` from its team sheet and its completed pre-game."""
    if not pre_game.complete or pre_game.fan_factor is None or pre_game.inducements is None:
        raise RulesError(say("The kick-off needs a completed pre-game"))
    items = pre_game.inducements[side]["items"]
    return KickOffTeam(
        side=side,
        fan_factor=pre_game.fan_factor[side],
        cheerleaders=team.cheerleaders + items.get("temp-agency-cheerleaders", 0),
        assistant_coaches=team.assistant_coaches + items.get("part-time-assistant-coaches", 0),
        prayers_in_effect=tuple(prayers_in_effect),
    )


def still_in_effect(
    prayers: Sequence[str], ending: str, ruleset_key: str = RULESET
) -> tuple[str, ...]:
    """Prayers to Nuffle results that outlast the end of a ``drive``, ``half`` or ``game``.

    End of Drive, 3. The Drive Ends: "Any special rules or effects ... that
    lasted for the duration of this drive will expire now".
    """
    if ending not in DURATIONS:
        raise ValueError(f"a drive, half or game ends, not {ending!r}")
    table = load_tables(ruleset_key)["prayers_to_nuffle"]
    ends = DURATIONS.index(ending)
    return tuple(
        name for name in prayers if DURATIONS.index(table.entry(name).effect["lasts"]) > ends
    )


def _count(dice: Dice, spec: int | str, purpose: Shown) -> tuple[int, int | None]:
    """A number of players as the table writes it: 1, "D3" or "D3+3"; and the D3 rolled."""
    if isinstance(spec, int):
        return spec, None
    die, _, plus = spec.upper().partition("+")
    if die != "D3":
        raise RulesError(f"the kick-off table names {spec!r} players, which is not understood")
    roll = dice.d3(purpose)
    return roll + int(plus or 0), roll


def _roll_off(
    dice: Dice, name: str, teams: Sequence[KickOffTeam], bonus: str | None
) -> tuple[dict[str, int], dict[str, int]]:
    """Both coaches roll a D6 and add ``bonus`` (cheerleaders, assistant coaches, fan
    factor; None: the bare D6)."""
    d6 = {
        team.side: dice.d6(say("{event} ({side})", event=name, side=side_said(team.side)))
        for team in teams
    }
    totals = {team.side: d6[team.side] + (getattr(team, bonus) if bonus else 0) for team in teams}
    return d6, totals


class _Event:
    """One kick-off: the rolled row, both teams and the dice, for the row's handler."""

    def __init__(
        self,
        dice: Dice,
        name: str,
        effect: Mapping[str, Any],
        kicking: KickOffTeam,
        receiving: KickOffTeam,
        tables: Mapping[str, Table],
        kicking_team_turn: int | None,
    ) -> None:
        self.dice = dice
        self.name = name
        self.effect = effect
        self.kicking = kicking
        self.receiving = receiving
        self.teams = (kicking, receiving)
        self.tables = tables
        self.turn = kicking_team_turn

    def get_the_ref(self) -> dict[str, Any]:
        # "This Inducement must be used before the end of the game or it is lost."
        free = self.effect["free_bribe_each_team"]
        return {"free_bribes": {side: free for side in SIDES}, "lasts": "game"}

    def time_out(self) -> dict[str, Any]:
        turns = self.effect["turn_marker_back_if_kicking_team_on_turns"]
        if self.turn is None:
            return {"turn_markers": None, "back_if_kicking_team_on_turns": list(turns)}
        return {"turn_markers": -1 if self.turn in turns else 1, "kicking_team_turn": self.turn}

    def players_of(self) -> dict[str, Any]:
        side = self.kicking.side if self.effect["team"] == "kicking" else self.receiving.side
        players, d3 = _count(
            self.dice, self.effect["players"], say("{event} (D3)", event=self.name)
        )
        return {"team": side, "players": players, "d3": d3}

    def cheering_fans(self) -> dict[str, Any]:
        d6, totals, winner = self._contest("cheerleaders", highest=True)
        if "winner_rolls_on" not in self.effect:
            # BB2025: the first Block of the winner's next turn gets an extra Offensive
            # Assist; on a tie both teams get it.
            assists = self.effect["winner_first_block_extra_offensive_assists"]
            return {
                "d6": d6,
                "totals": totals,
                "winner": winner,
                "extra_offensive_assists": {side: assists for side in self._gaining(winner)},
                "lasts": "next turn",
            }
        outcome: dict[str, Any] = {"d6": d6, "totals": totals, "winner": winner, "prayer": None}
        if winner is not None:
            team = self.kicking if winner == self.kicking.side else self.receiving
            table = self.tables[self.effect["winner_rolls_on"]]
            results, rerolled = roll_prayers(
                self.dice,
                table,
                1,
                winner,
                team.prayers_in_effect,
                purpose=say("Cheering Fans prayer ({side})", side=side_said(winner)),
            )
            outcome.update(prayer=results[0] if results else None, rerolled=rerolled)
        return outcome

    def brilliant_coaching(self) -> dict[str, Any]:
        d6, totals, winner = self._contest("assistant_coaches", highest=True)
        reroll = self.effect["winner_gains_team_reroll_for_drive"]
        return {
            "d6": d6,
            "totals": totals,
            "winner": winner,
            "extra_team_rerolls": {side: reroll for side in self._gaining(winner)},
            "lasts": "drive",
        }

    def _gaining(self, winner: str | None) -> list[str]:
        """Who gains a contest's benefit: its winner; on a tie nobody (BB2020), or both
        teams where the row says ``"tie": "both"`` (BB2025)."""
        if winner is not None:
            return [winner]
        return list(SIDES) if self.effect.get("tie") == "both" else []

    def charge(self) -> dict[str, Any]:
        # The coaches move the players; the record is which team charges, with how many
        # players, and the free actions one each of them may take instead of a Move.
        outcome = self.players_of()
        outcome.update(
            free_action=self.effect["free_action"],
            one_each_instead=list(self.effect["one_each_instead"]),
            ends_on=list(self.effect["ends_on"]),
        )
        return outcome

    def dodgy_snack(self) -> dict[str, Any]:
        d6, totals, lowest = self._contest(None, highest=False)
        sides = [lowest] if lowest else list(SIDES)
        rolls = {
            side: self.dice.d6(say("Dodgy Snack player ({side})", side=side_said(side)))
            for side in sides
        }
        reductions = dict(self.effect["drive_reductions"])
        results: dict[str, Any] = {
            side: {"reserves": True, "reduced": {}}
            if rolls[side] <= self.effect["to_reserves_on"]
            else {"reserves": False, "reduced": reductions}
            for side in sides
        }
        return {
            "d6": d6,
            "totals": totals,
            "selecting": sides,
            "players": {side: self.effect["players"] for side in sides},
            "player_rolls": rolls,
            "results": results,
            "lasts": self.effect["lasts"],
        }

    def changing_weather(self) -> dict[str, Any]:
        roll = self.dice.two_d6(say("Changing Weather"))
        weather = self.tables[self.effect["roll_on"]].lookup(roll)
        # "If the weather conditions are 'Perfect Conditions' as a result of this roll,
        # the ball will scatter ... before landing."
        scatters = weather.name == "Perfect Conditions"
        return {"roll": list(roll), "weather": str(weather.name), "ball_scatters": scatters}

    def officious_ref(self) -> dict[str, Any]:
        d6, totals, lowest = self._contest("fan_factor", highest=False)
        sides = [lowest] if lowest else list(SIDES)
        sent_off_on = self.effect["sent_off_on"]
        rolls = {
            side: self.dice.d6(say("Officious Ref player ({side})", side=side_said(side)))
            for side in sides
        }
        return {
            "d6": d6,
            "totals": totals,
            "selecting": sides,
            "players": {side: 1 for side in sides},
            "player_rolls": rolls,
            "results": {
                side: SENT_OFF if rolls[side] <= sent_off_on else PLACED_PRONE for side in sides
            },
        }

    def pitch_invasion(self) -> dict[str, Any]:
        d6, totals, lowest = self._contest("fan_factor", highest=False)
        sides = [lowest] if lowest else list(SIDES)
        counts = {
            side: _count(
                self.dice,
                self.effect["players"],
                say("Pitch Invasion players ({side})", side=side_said(side)),
            )[0]
            for side in sides
        }
        return {
            "d6": d6,
            "totals": totals,
            "selecting": sides,
            "players": counts,
            "result": PLACED_PRONE,
        }

    def _contest(
        self, bonus: str | None, *, highest: bool
    ) -> tuple[dict[str, Any], dict[str, Any], str | None]:
        """Both roll; the highest (or lowest) total wins the contest, a tie has no winner."""
        d6, totals = _roll_off(self.dice, self.name, self.teams, bonus)
        if totals["home"] == totals["away"]:
            return d6, totals, None
        pick = max if highest else min
        return d6, totals, pick(SIDES, key=lambda side: totals[side])


# Kick-off Event table rows and how each is resolved, by the row's name in the rule text
# (BB2020's and BB2025's tables; a row's effect data carries what differs between them).
_HANDLERS: dict[str, Callable[[_Event], dict[str, Any]]] = {
    "Get the Ref": _Event.get_the_ref,
    "Time-out": _Event.time_out,
    "Solid Defence": _Event.players_of,
    "High Kick": _Event.players_of,
    "Cheering Fans": _Event.cheering_fans,
    "Brilliant Coaching": _Event.brilliant_coaching,
    "Changing Weather": _Event.changing_weather,
    "Quick Snap": _Event.players_of,
    "Blitz": _Event.players_of,
    "Officious Ref": _Event.officious_ref,
    "Charge": _Event.charge,
    "Dodgy Snack": _Event.dodgy_snack,
    "Pitch Invasion": _Event.pitch_invasion,
}
# The tables the engine resolves by row name, each with its handlers.
DISPATCHED_TABLES: dict[str, Mapping[str, Callable[[_Event], dict[str, Any]]]] = {
    "kick_off_event": _HANDLERS,
}


def _handler(
    handlers: Mapping[str, Callable[[_Event], dict[str, Any]]], name: str
) -> Callable[[_Event], dict[str, Any]] | None:
    # A row name compares as the rule text prints it ("Charge!" is "Charge").
    wanted = RuleName(name)
    return next((handler for key, handler in handlers.items() if wanted == key), None)


def missing_handlers(ruleset_key: str, tables: Mapping[str, Table]) -> list[str]:
    """Each row of a table the engine resolves by row name (``DISPATCHED_TABLES``)
    that has no handler, as a problem naming the edition, the table and the row; the
    ruleset loaders refuse a ruleset with any, so a roll never finds a row unresolved."""
    problems = []
    for table_name, handlers in DISPATCHED_TABLES.items():
        table = tables.get(table_name)
        if table is None:
            continue
        for entry in table.entries:
            if _handler(handlers, entry.name) is None:
                problems.append(
                    f"{ruleset_key}: the {table.title} table's row {entry.name!r} "
                    f"({entry.roll_label}) has no handler in the engine"
                )
    return problems


def _resolve(event: _Event) -> dict[str, Any]:
    handler = _handler(_HANDLERS, event.name)
    if handler is None:  # the loaders refuse such a table (missing_handlers)
        raise RulesError(f"the Kick-off Event {event.name!r} has no handler")
    return handler(event)


def kick_off_event(
    dice: Dice,
    kicking: KickOffTeam,
    receiving: KickOffTeam,
    *,
    kicking_team_turn: int | None = None,
    ruleset_key: str = RULESET,
) -> StepResult:
    """Start of Drive Sequence, 3. THE KICK-OFF EVENT: "the coach of the kicking team
    rolls 2D6 and consults the Kick-off Event table".

    ``kicking_team_turn`` (the kicking team's turn marker) lets Time-out say
    which way the markers move. The outcome names the event and its
    ``effect``; both-coach rolls are made kicking team first.
    """
    if {kicking.side, receiving.side} != set(SIDES):
        raise RulesError(say("One team kicks and the other receives: 'home' and 'away'"))

    def resolve() -> dict[str, Any]:
        tables = load_tables(ruleset_key)
        roll = dice.two_d6(say("Kick-off Event"))
        entry = tables["kick_off_event"].lookup(roll)
        name = str(entry.name)
        event = _Event(dice, name, entry.effect, kicking, receiving, tables, kicking_team_turn)
        return {
            "roll": list(roll),
            "event": name,
            "kicking": kicking.side,
            "receiving": receiving.side,
            "effect": _resolve(event),
        }

    rule = "The Start of a Drive, 3. The Kick-off Event"
    return run_step("kick_off_event", say("The Kick-off Event"), rule, dice, resolve)


def end_of_drive(
    dice: Dice,
    ko_players: Mapping[str, Sequence[Any]],
    bloodweiser_kegs: Mapping[str, int] | None = None,
    secret_weapon_players: Mapping[str, Sequence[Any]] | None = None,
    *,
    weather: str | None = None,
    argue_the_call: Mapping[str, Sequence[Any]] | None = None,
    ruleset_key: str = RULESET,
) -> StepResult:
    """END OF DRIVE SEQUENCE: 1. Deal with Secret Weapons, 2. Recover Knocked-out Players.

    All mappings are keyed "home"/"away" and list player ids.
    1. Players with the Secret Weapon trait fielded during the drive "will be
       Sent-off for committing a Foul"; a coach may Argue the Call for the
       ones in ``argue_the_call`` (D6 on the Argue the Call table). A Bribe
       may also save one; that is the coach's to record.
    2. "Roll a D6 for each player that is currently Knocked-out: On a roll
       of 4+, the player has recovered", +1 per Bloodweiser Keg.
    Sweltering Heat (``weather``): "D3 randomly selected players from each
    team that are on the pitch when a drive ends" miss the next drive; one
    D3 for both teams (facts section 7), rolled first, as the drive ends.
    """
    kegs = bloodweiser_kegs or {}
    secret = secret_weapon_players or {}
    arguing = argue_the_call or {}
    for mapping in (ko_players, kegs, secret, arguing):
        if set(mapping) - set(SIDES):
            raise RulesError(say("End of drive data are given per side: 'home' and/or 'away'"))

    def resolve() -> dict[str, Any]:
        tables = load_tables(ruleset_key)
        outcome: dict[str, Any] = {"sweltering_heat": None}
        if weather is not None:
            faint = tables["weather"].entry(weather).effect.get("players_faint")
            if faint:
                roll = dice.d3(say("Sweltering Heat (both teams)"))
                outcome["sweltering_heat"] = {"d3": roll, "players": {s: roll for s in SIDES}}
        outcome["secret_weapons"] = {
            side: [
                _secret_weapon(
                    dice, tables["argue_the_call"], side, player, player in arguing.get(side, ())
                )
                for player in secret.get(side, ())
            ]
            for side in SIDES
        }
        outcome["ko_recovery"] = _ko_recoveries(dice, ko_players, kegs)
        return outcome

    title = say("The End of a Drive")
    return run_step("end_of_drive", title, "End of Drive Sequence", dice, resolve)


def _ko_recoveries(
    dice: Dice, ko_players: Mapping[str, Sequence[Any]], kegs: Mapping[str, int]
) -> dict[str, list[dict[str, Any]]]:
    """Recover Knocked-out Players: a D6 per KO'd player, home's first (4+, +1 per keg)."""
    recoveries: dict[str, list[dict[str, Any]]] = {side: [] for side in SIDES}
    for side in SIDES:
        for player in ko_players.get(side, ()):
            result = ko_recovery(
                dice, kegs.get(side, 0), purpose=say("KO recovery ({side})", side=side_said(side))
            )
            recoveries[side].append(
                {
                    "player": player,
                    "roll": result.roll,
                    "modifier": result.modifier,
                    "recovered": result.recovered,
                }
            )
    return recoveries


def _secret_weapon(
    dice: Dice, table: Table, side: str, player: Any, argues: bool
) -> dict[str, Any]:
    """1. Deal with Secret Weapons: sent off unless the coach argues the call and wins."""
    if not argues:
        return {"player": player, "sent_off": True, "argue_the_call": None}
    roll = dice.d6(say("Argue the Call ({side})", side=side_said(side)))
    entry = table.lookup(roll)
    return {
        "player": player,
        "sent_off": bool(entry.effect["sent_off"]),
        "argue_the_call": {
            "roll": roll,
            "result": str(entry.name),
            "coach_ejected": bool(entry.effect.get("coach_ejected")),
        },
    }
