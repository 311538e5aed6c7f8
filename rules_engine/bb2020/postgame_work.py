"""What every post-game built on BB2020's shares whatever its edition: the working
state kept per side while the steps run (``PostGameWork``), the results
(``TeamPostGame``, ``PostGameResult``) and steps 4-6 (league facts section 4: hiring
and firing, Expensive Mistakes, preparing for the next fixture)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.bb2020.advancement_rules import AdvancementOption, AdvancementRules
from rules_engine.bb2020.expensive_mistakes import resolve_expensive_mistake
from rules_engine.bb2020.postgame_results import PostGameResult as PostGameResult
from rules_engine.bb2020.postgame_results import TeamPostGame as TeamPostGame
from rules_engine.bb2020.postgame_results import TreasuryChange as TreasuryChange
from rules_engine.bb2020.report import PlayerReport, TeamReport
from rules_engine.bb2020.spp import SppEarned
from rules_engine.bb2020.state import TEAM_FIELDS, PlayerState, TeamState
from rules_engine.dice import Dice
from rules_engine.errors import RulesError
from rules_engine.ruleset import STANDARD_GAME, Ruleset, skill_key
from rules_engine.sequence import Choice
from rules_engine.team_value import journeyman_hiring_price
from rules_engine.wording import Shown, say, say_plural, thousands

MAXIMUM_PLAYERS = STANDARD_GAME.most_players  # "if the team has fewer than 16 players"
CHOICE_KEYS = ("hire_journeymen", "keep_raised", "retire", "fire", "treasury_spent", "treasury")
# The pending Choice of a side whose step 4 waits for its coach (``hold_hiring``).
HIRING_CHOICE = "hiring"
# A player's advancement options and choice, with the picture of him they were read of.
Offered = tuple[PlayerState, tuple[AdvancementOption, ...], Choice | None]


class PostGameWork:
    """One side's working state while the steps run (the steps fill it in order).

    The team's fields and its players are kept in a plain dict and list while the steps
    change them one by one; ``team`` is the frozen ``TeamState`` made from them, built
    again only when asked for after a change. Setting ``team`` starts over from that
    team."""

    _team: TeamState | None  # None once something changed, until ``team`` is asked for
    _fields: dict[str, Any]  # the team's fields as they stand (its players: ``_players``)
    _players: list[PlayerState]
    # False when this game does not count as the one a player due to miss the next
    # game misses (a BB2025 friendly): step 6 leaves his MNG for the next game.
    serves_missed_game = True

    def __init__(self, ruleset: Ruleset, side: str, team: TeamState, report: TeamReport) -> None:
        self.ruleset, self.side, self.report = ruleset, side, report
        self.before = team
        self.team = team
        # Named as TeamPostGame's fields, which are built from it at the end.
        self.details: dict[str, Any] = {"treasury_changes": [], "dedicated_fans_roll": None}
        # Advancement options and choice per player id, with the picture they were read of.
        self._offers: dict[Any, Offered] = {}
        report.check_players(team)

    @property
    def team(self) -> TeamState:
        team = self._team
        if team is None:  # ``evolve`` of the team set, its fields and players as they stand
            values = self._fields.copy()
            values["players"] = tuple(self._players)
            team = self._team = self._team_type(**values)
        return team

    @team.setter
    def team(self, team: TeamState) -> None:
        self._team = team
        self._team_type = type(team)
        self._fields = team.__dict__.copy()
        self._players = list(team.players)

    @property
    def players(self) -> Sequence[PlayerState]:
        """The players as they stand now (read only: change them through this work)."""
        return self._players

    @property
    def treasury(self) -> int:
        treasury: int = self._fields["treasury"]
        return treasury

    @property
    def roster_slug(self) -> str:
        slug: str = self._fields["roster_slug"]
        return slug

    @property
    def team_name(self) -> str:
        name: str = self._fields["name"]
        return name

    @property
    def dedicated_fans(self) -> int:
        fans: int = self._fields["dedicated_fans"]
        return fans

    def player(self, player_id: Any) -> PlayerState:
        for player in self._players:
            if player.id == player_id:
                return player
        raise KeyError(f"{self.team_name} has no player {player_id!r}")

    def gold(self, reason: str, amount: int) -> None:
        if amount:
            change = TreasuryChange(reason=reason, amount=amount)
            self.details["treasury_changes"].append(change)
            self._fields["treasury"] += amount
            self._team = None

    def evolve_team(self, **changes: Any) -> None:
        """The team's fields ``changes`` changed (``TeamState.evolve``: a name that is not
        a field is refused)."""
        if not changes.keys() <= TEAM_FIELDS:
            self.team.evolve(**changes)  # raises, naming the field
        if "players" in changes:  # the sheet's players are ``_players``
            self._players = list(changes.pop("players"))
        self._fields.update(changes)
        self._team = None

    def replace_players(self, players: tuple[PlayerState, ...]) -> None:
        self._players = list(players)
        self._team = None

    def replace_player(self, player: PlayerState) -> None:
        players = self._players
        for index, p in enumerate(players):
            if p.id == player.id:
                players[index] = player
        self._team = None

    def add_spp(self, earned: Sequence[SppEarned]) -> None:
        """Each player's SPP earned onto his sheet, in one pass over the players (SPP of
        a player no longer on it, killed or quit, go nowhere)."""
        totals: dict[Any, int] = {}
        for spp in earned:
            total = spp.total
            if total:
                try:
                    totals[spp.player_id] = totals.get(spp.player_id, 0) + total
                except TypeError:  # an id that cannot be a key: the long way
                    if any(p.id == spp.player_id for p in self._players):
                        self.changed(spp.player_id, spp=self.player(spp.player_id).spp + total)
        if not totals:
            return
        players = self._players
        for index, player in enumerate(players):
            try:
                total = totals.get(player.id, 0)
            except TypeError:
                continue
            if total:
                players[index] = player.evolve(spp=player.spp + total)
        self._team = None

    def injure(self, reports: Sequence[PlayerReport]) -> None:
        """What the reported players suffered onto their sheets (``apply_injuries``)."""
        if not reports:
            return
        players = self._players
        where = {player.id: index for index, player in enumerate(players)}
        if len(where) != len(players):  # an id twice on the sheet: the long way
            for report in reports:
                player = report.apply_injuries(self.ruleset, self.player(report.player_id))
                self.replace_player(player)
            return
        ruleset = self.ruleset
        for report in reports:
            index = where.get(report.player_id)
            if index is None:
                raise KeyError(f"{self.team_name} has no player {report.player_id!r}")
            players[index] = report.apply_injuries(ruleset, players[index])
        self._team = None

    def recover(self, player_ids: Sequence[Any]) -> None:
        """The players back from missing a game, those still on the sheet, fit again."""
        players = self._players
        for index, player in enumerate(players):
            if player.id in player_ids:
                players[index] = player.evolve(miss_next_game=False)
                self._team = None

    def changed(self, player_id: Any, **changes: Any) -> None:
        self.replace_player(self.player(player_id).evolve(**changes))

    def advancement_options(
        self, rules: AdvancementRules, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        """``rules.advancement_options`` of the player, worked out once per picture."""
        return self.advancement_offer(rules, player)[0]

    def advancement_choice(self, rules: AdvancementRules, player: PlayerState) -> Choice | None:
        """``rules.advancement_choice`` of the player for this side, made once while what
        it reads of him stays the same: step 3 and the team's result show the same one."""
        return self.advancement_offer(rules, player)[1]

    def advancement_offer(
        self, rules: AdvancementRules, player: PlayerState
    ) -> tuple[tuple[AdvancementOption, ...], Choice | None]:
        """The player's advancement options and choice (``advancement_options`` and
        ``advancement_choice`` in one)."""
        _, options, choice = self.advancement_offers(rules, (player,))[0]
        return options, choice

    def advancement_offers(
        self, rules: AdvancementRules, players: Sequence[PlayerState] | None = None
    ) -> list[Offered]:
        """Each player's (the sheet's by default) advancement options and choice, with
        the picture of him they were read of (``rules.advancement_offers``), made once
        while what they read of him stays the same."""
        return rules.advancement_offers(
            self.ruleset, self._players if players is None else players, self.side, self._offers
        )


def either(names: list[str]) -> Shown:
    """Names offered as alternatives, "A or B or C", each "or" translatable."""
    if len(names) <= 1:
        return "".join(names)
    return say("{first} or {second}", first=either(names[:-1]), second=names[-1])


def _hire_cost(work: PostGameWork, player: PlayerState) -> int:
    """A journeyman hired permanently costs his hiring fee plus his value increases, a
    Low Cost Linemen team's too (bb2025-league-facts.md section 8, step 4; the same
    price in BB2020, whose "current value" reading gave such a team 0 here)."""
    roster = work.ruleset.roster(work.roster_slug)
    return journeyman_hiring_price(roster, player)


def hiring_and_firing(
    work: Mapping[str, PostGameWork],
    choices: Mapping[str, Any] | None,
    hold: bool = False,
    fire_floor: int | None = None,
) -> dict[str, Any] | tuple[dict[str, Any], tuple[Choice, ...]]:
    """Step 4, "Hiring, firing, temporarily retiring": "Journeymen who played may be hired
    permanently if the team has fewer than 16 players: they lose Loner, keep SPP, cost
    their hiring fee plus value increases. A player who suffered a Lasting Injury this game may be
    temporarily retired." Other purchases from the Treasury go in ``treasury_spent``
    (the teams app records what was bought).

    ``hold``: the step waits for every side's answer, even a side the sequence has
    nothing to ask (a league's coaches hire, fire and buy from their team pages
    during the step and say when they are done): such a side gets a ``hiring`` Choice.

    ``fire_floor``: firing may not leave fewer players eligible for the next game
    (BB2025: 11, bb2025-league-facts.md section 8, step 4); None sets no floor.
    Players missing the next game or retired are not eligible.
    """
    outcome: dict[str, Any] = {}
    pending: list[Choice] = []
    for side, w in work.items():
        players = w.players
        # A mercenary leaves with the journeymen but is never hired (facts section 5).
        hireable = {p.id: _hire_cost(w, p) for p in players if p.journeyman and not p.mercenary}
        losses = w.details["characteristic_losses"]
        on_sheet = [p.id for p in players] if losses else []
        retirable = tuple([pid for pid, _ in losses if pid in on_sheet]) if losses else ()
        w.details.update(hireable_journeymen=hireable, retirable=retirable)
        answer = (choices or {}).get(side)
        if answer is None:
            slots = MAXIMUM_PLAYERS - sum(not p.journeyman for p in players)
            hire = {"journeymen": hireable, "places": slots, "treasury": w.treasury}
            if hireable and slots > 0:
                pending.append(Choice(side, "hire_journeymen", say("Hire journeymen?"), hire))
            if retirable:
                retire = {"players": list(retirable)}
                pending.append(Choice(side, "temporary_retirement", say("Retire anyone?"), retire))
            # A Lineman raised by Masters of Undeath (BB2025) may be kept for free.
            raised = w.details.get("raised_lineman")
            if raised is not None and slots > 0:
                names = [w.ruleset.position(slug).name for slug in raised.positions]
                keep = {"positions": list(raised.positions), "names": names, "places": slots}
                prompt = say("Keep the raised {positions} for free?", positions=either(names))
                pending.append(Choice(side, "keep_raised", prompt, keep))
            asked = hireable and slots > 0 or retirable or raised is not None and slots > 0
            if hold and not asked:
                done = {"treasury": w.treasury}
                pending.append(
                    Choice(side, HIRING_CHOICE, say("Done with hiring and firing?"), done)
                )
            if hold or asked:
                continue
            answer = {}
        _apply_answer(w, answer, fire_floor)
        outcome[side] = {
            key: w.details[key]
            for key in ("hired_journeymen", "released_journeymen", "retired", "fired")
        }
        if w.details.get("raised_lineman") is not None:
            outcome[side]["kept_raised"] = w.details["kept_raised"]
        outcome[side]["treasury"] = w.treasury
    return (outcome, tuple(pending)) if pending else outcome


def _keep_raised(w: PostGameWork, answer: Any) -> None:
    """Masters of Undeath (bb2025-league-facts.md section 2): the raised Lineman kept
    for free while the roster, journeymen gone, has fewer than 16 players; else lost."""
    raised = w.details.get("raised_lineman")
    if raised is None:
        if answer not in (None, False, ""):
            raise RulesError(say("{team} raised no Lineman this game", team=w.team_name))
        return
    slug = raised.position_kept(answer)
    if slug is not None:
        if len(w.players) >= MAXIMUM_PLAYERS:
            raise RulesError(
                say(
                    "{team} already has {most} players: the raised Lineman is lost",
                    team=w.team_name,
                    most=MAXIMUM_PLAYERS,
                )
            )
        w.replace_players((*w.players, raised.player(w.ruleset, slug)))
    w.details["kept_raised"] = slug


def _apply_answer(w: PostGameWork, answer: Mapping[str, Any], fire_floor: int | None) -> None:
    unknown = set(answer) - set(CHOICE_KEYS) if answer else ()
    if unknown:
        raise RulesError(
            say(
                "Unknown post-game choices {unknown}; use {known}",
                unknown=sorted(unknown),
                known=", ".join(CHOICE_KEYS),
            )
        )
    name = w.team_name
    if "treasury" in answer:
        treasury = answer["treasury"]
        if isinstance(treasury, bool) or not isinstance(treasury, int) or treasury < 0:
            raise RulesError(
                say(
                    "A Treasury is a whole number of gold pieces, not {treasury}",
                    treasury=repr(treasury),
                )
            )
        # Already moved by the league's own records: no TreasuryChange for the difference.
        w.evolve_team(treasury=treasury)
    hired: list[Any] = []
    for pid in answer.get("hire_journeymen", ()):
        if pid not in w.details["hireable_journeymen"] or pid in hired:
            raise RulesError(
                say("{player} is not a journeyman {team} may hire", player=repr(pid), team=name)
            )
        if sum(not p.journeyman for p in w.players) >= MAXIMUM_PLAYERS:
            raise RulesError(
                say("{team} already has {most} players", team=name, most=MAXIMUM_PLAYERS)
            )
        cost = w.details["hireable_journeymen"][pid]
        if cost > w.treasury:
            raise RulesError(
                say(
                    "Hiring {player} costs {cost} gp; the Treasury holds {treasury} gp",
                    player=w.player(pid).name,
                    cost=thousands(cost),
                    treasury=thousands(w.treasury),
                )
            )
        player = w.player(pid)
        skills = tuple(s for s in player.skills if skill_key(s) != "loner")
        w.changed(pid, journeyman=False, skills=skills)
        w.gold("journeyman_hired", -cost)
        hired.append(pid)
    released = tuple([p.id for p in w.players if p.journeyman])
    if released:
        w.replace_players(tuple(p for p in w.players if not p.journeyman))
    _keep_raised(w, answer.get("keep_raised"))
    for pid in answer.get("retire", ()):
        if pid not in w.details["retirable"] or pid in released:
            raise RulesError(
                say(
                    "{player} is not a player who suffered a Lasting Injury this game",
                    player=repr(pid),
                )
            )
        w.changed(pid, temporarily_retired=True)
    fired = tuple(answer.get("fire", ()))
    if fired:
        on_sheet = {p.id for p in w.players}
        unknown_players = [pid for pid in fired if pid not in on_sheet]
        if unknown_players:
            raise RulesError(
                say(
                    "{team} has no players {players} to fire",
                    team=name,
                    players=repr(unknown_players),
                )
            )
        kept = tuple(p for p in w.players if p.id not in fired)
        if fire_floor is not None:
            # Firing comes before journeymen are hired (facts section 8, step 4), so a
            # journeyman hired in this answer does not count toward the floor. A player
            # who sat this game out is back for the next one (step 6 clears his MNG),
            # unless the game did not serve his missed game.
            missed = w.serves_missed_game
            sat_out = {p.id for p in w.before.players if p.miss_next_game} if missed else set()
            eligible = sum(
                not (
                    (p.miss_next_game and p.id not in sat_out)
                    or p.temporarily_retired
                    or p.id in hired
                )
                for p in kept
            )
            if eligible < fire_floor:
                raise RulesError(
                    say_plural(
                        "{team} may not fire below {floor} players eligible for the next "
                        "game; firing these would leave {count}",
                        "{team} may not fire below {floor} players eligible for the next "
                        "game; firing these would leave {count}",
                        eligible,
                        team=name,
                        floor=fire_floor,
                    )
                )
        w.replace_players(kept)
    spent = answer.get("treasury_spent", 0)
    if not isinstance(spent, int) or not 0 <= spent <= w.treasury:
        raise RulesError(
            say(
                "{team} cannot spend {spent} gp from {treasury} gp",
                team=name,
                spent=repr(spent),
                treasury=thousands(w.treasury),
            )
        )
    w.gold("purchases", -spent)
    w.details.update(
        hired_journeymen=tuple(hired),
        released_journeymen=released,
        retired=tuple(answer.get("retire", ())),
        fired=fired,
    )


def expensive_mistakes(work: Mapping[str, PostGameWork], dice: Dice) -> dict[str, Any]:
    """Step 5, "Expensive Mistakes", "only with >= 100,000 gp in the Treasury"."""
    outcome = {}
    for side, w in work.items():
        mistake = resolve_expensive_mistake(w.treasury, dice, side=side)
        w.details["expensive_mistake"] = mistake
        w.gold("expensive_mistake", -mistake.gold_lost)
        outcome[side] = mistake.as_dict()
    return outcome


def prepare_for_next_game(work: Mapping[str, PostGameWork]) -> dict[str, Any]:
    """Step 6, "Prepare for the next fixture": "Recalculate TV and CTV (MNG players leave
    CTV; players who missed this game come back)"."""
    outcome = {}
    for side, w in work.items():
        before = w.before.players if w.serves_missed_game else ()
        recovered = tuple([p.id for p in before if p.miss_next_game])
        if recovered:
            w.recover(recovered)
        values = w.team.value_breakdown(w.ruleset)
        w.details.update(
            recovered=recovered,
            team_value=values.team_value,
            current_team_value=values.current_team_value,
        )
        outcome[side] = {
            "recovered": recovered,
            "team_value": w.details["team_value"],
            "current_team_value": w.details["current_team_value"],
            "treasury": w.treasury,
            "dedicated_fans": w.dedicated_fans,
        }
    return outcome
