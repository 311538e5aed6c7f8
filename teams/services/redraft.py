"""Re-drafting a team between two seasons of its league (facts §5, "Re-draft
between seasons").

The server computes; the coach chooses. The budget's numbers come from the
database only: the team's Treasury, the games it played in the season being
closed, its league wins and draws there (the league table's own figures,
``leagues.standings``) and the league's ``redraft_budget_cap``. A re-hired
player's seasons played are counted from the team's earlier re-drafts. The
coach sends only choices: who is re-hired, who is hired, re-rolls and staff.

The engine gives the budget (``redraft_budget``: 1,000,000 + Treasury + 20,000
per game played + 20,000 per league win + 10,000 per league draw, no more than
the cap), each re-hired player's fee (``rehire_fee``: current value + 20,000 per
season played; his value does not change) and the close season's recovery
(``recover_between_seasons``: MNG players recover, each Niggling Injury is
removed on D6 4+, +1 with an apothecary). The draft rules (``validate_draft``)
bound what the team re-buys, at roster prices (staff 10,000, apothecary 50,000).

Dugout's readings where the text is silent:

- *games played* are the team's fixtures of the closed season with a result
  (played or conceded; league, play-off and friendly); an "unplayed" fixture, a
  loss for both, is no game. *League wins and draws* are the league table's.
- a player's *seasons played* are 1 (the season just closed) plus the earlier
  re-drafts of the team that re-hired him.
- the Treasury is part of the budget, so what the re-draft leaves unspent goes
  back into the Treasury: the ledger shows the budget in and the re-draft out,
  and the treasury is what remains. The team keeps its Dedicated Fans.
- the apothecary that modifies the Niggling Injury rolls is the one the team
  had during the closed season.
- the re-drafted team enters the league's next season (opened by the
  commissioner, in sign-up), in the division of the same name as before if
  the new season has one, else waiting for the commissioner to admit it.

Every re-draft is kept as a ``teams.models.Redraft`` row: the season's record,
the budget, the cost, who was re-hired at what fee, and every roll with its
purpose.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction
from django.db.models import Count, Q

from leagues.models import Fixture, Season, TeamEntry
from leagues.standings import overall_standings
from rules_engine import DraftProposal, draft_cost, validate_draft
from rules_engine.bb2020.redraft import (
    PER_GAME_PLAYED,
    PER_LEAGUE_DRAW,
    PER_LEAGUE_WIN,
    REDRAFT_BASE,
)
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, SeededDice
from rules_engine.draft import draft_rules_for
from rules_engine.edition import RedraftRules
from rules_engine.edition_change import is_edition_change
from rules_engine.editions import REDRAFT, between_seasons, edition_for
from rules_engine.errors import DraftError
from rules_engine.ruleset import Roster, Ruleset
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import LedgerReason, Player, PlayerStatus, Redraft, Team
from teams.services._common import (
    active_players,
    gp,
    lock_team,
    now,
    require_active,
    require_change,
    roster_of,
    ruleset_of,
)
from teams.services.convert import player_state, state_players
from teams.services.draft import (
    PlayerSpecs,
    new_players,
    number_picks,
    number_problems,
    player_picks,
)
from teams.services.treasury import post_to_ledger


@dataclass(frozen=True)
class SeasonRecord:
    """The team's record in the season it re-drafts after, as the database has it."""

    team_id: int
    from_season: Season
    to_season: Season
    division_name: str
    games_played: int
    league_wins: int
    league_draws: int
    cap: int | None


@dataclass(frozen=True)
class RedraftBudget:
    """The re-draft budget, part by part (facts §5)."""

    treasury: int
    games_played: int
    league_wins: int
    league_draws: int
    cap: int | None
    budget: int
    # The edition's rates (``RedraftRules``); BB2020's by default.
    base: int = REDRAFT_BASE
    per_game_played: int = PER_GAME_PLAYED
    per_league_win: int = PER_LEAGUE_WIN
    per_league_draw: int = PER_LEAGUE_DRAW

    @property
    def for_games(self) -> int:
        return self.games_played * self.per_game_played

    @property
    def for_wins(self) -> int:
        return self.league_wins * self.per_league_win

    @property
    def for_draws(self) -> int:
        return self.league_draws * self.per_league_draw

    @property
    def uncapped(self) -> int:
        return self.base + self.treasury + self.for_games + self.for_wins + self.for_draws

    @property
    def capped(self) -> bool:
        return self.budget < self.uncapped

    def as_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "treasury": self.treasury,
            "games_played": self.games_played,
            "for_games": self.for_games,
            "league_wins": self.league_wins,
            "for_wins": self.for_wins,
            "league_draws": self.league_draws,
            "for_draws": self.for_draws,
            "uncapped": self.uncapped,
            "cap": self.cap,
            "budget": self.budget,
        }


@dataclass(frozen=True)
class Rehire:
    """One player the team may keep: his seasons played and his re-hire fee."""

    player: Player
    seasons: int
    fee: int


@dataclass(frozen=True)
class RedraftCost:
    """What the re-draft as chosen costs, part by part."""

    rehire_fees: int = 0
    new_players: int = 0
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: int = 0

    @property
    def total(self) -> int:
        return (
            self.rehire_fees
            + self.new_players
            + self.rerolls
            + self.assistant_coaches
            + self.cheerleaders
            + self.apothecary
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "rehire_fees": self.rehire_fees,
            "new_players": self.new_players,
            "rerolls": self.rerolls,
            "assistant_coaches": self.assistant_coaches,
            "cheerleaders": self.cheerleaders,
            "apothecary": self.apothecary,
            "total": self.total,
        }


@dataclass(frozen=True)
class RedraftPlan:
    """A re-draft as chosen, priced, with every rule it breaks; nothing written."""

    record: SeasonRecord
    budget: RedraftBudget
    candidates: list[Rehire]
    kept: list[Rehire]
    cost: RedraftCost
    problems: list[str]
    picks: list[Any] = field(default_factory=list, repr=False)
    proposal: DraftProposal | None = field(default=None, repr=False)

    @property
    def remaining(self) -> int:
        return self.budget.budget - self.cost.total


@dataclass(frozen=True)
class RedraftResult:
    """What a re-draft did: the budget, what it cost, who stayed, came and left,
    the close season's recovery with its dice, and the record kept of it."""

    team: Team
    budget: int
    cost: int
    rehired: list[Player]
    hired: list[Player]
    left: list[Player]
    niggling_removed: dict[int, int] = field(default_factory=dict)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    record: Redraft | None = None
    budget_parts: RedraftBudget | None = None
    cost_parts: RedraftCost | None = None
    entry: TeamEntry | None = None


# --- the season's record -------------------------------------------------------------


def _next_season(season: Season) -> Season | None:
    return (
        Season.objects.select_related("league")
        .filter(league_id=season.league_id, number=season.number + 1)
        .first()
    )


def _explain_nothing_to_redraft(team: Team, entries: list[TeamEntry]) -> TeamError:
    if not entries:
        return TeamError(
            f"{team.name} has played no league season: a team re-drafts between two "
            "seasons of its league."
        )
    latest = entries[0].season
    if Redraft.objects.filter(team=team, to_season=latest).exists():
        return TeamError(f"{team.name} has already re-drafted for {latest}.")
    if latest.status == Season.Status.SIGN_UP:
        return TeamError(
            f"{team.name} is entered in {latest}, which has not begun: a team re-drafts "
            "after a season it played."
        )
    if latest.status != Season.Status.FINISHED:
        return TeamError(
            f"{latest} is still under way ({latest.get_status_display().lower()}): "
            f"{team.name} re-drafts once the commissioner closes it and opens the next season."
        )
    following = _next_season(latest)
    if following is None:
        return TeamError(
            f"{latest} is finished, but its commissioner has not opened the next season yet."
        )
    if Redraft.objects.filter(team=team, from_season=latest).exists():
        return TeamError(f"{team.name} has already re-drafted for {following}.")
    if following.entries.filter(team=team).exists():
        return TeamError(f"{team.name} is already entered in {following}.")
    return TeamError(
        f"{following} has begun ({following.get_status_display().lower()}): "
        "it is too late to re-draft for it."
    )


def season_to_redraft(
    team: Team, from_season: Season | int | None = None, *, into_another_edition: bool = False
) -> SeasonRecord:
    """The season the team re-drafts after, and its record there.

    That is a finished season of a league whose teams re-draft (the ruleset's
    ``BETWEEN_SEASONS``), whose next season is open for sign-up, which the team
    has not re-drafted after nor entered the next season of. ``from_season``
    chooses among several (a team in two leagues); a TeamError says why there is
    none. Where the next season is played under another edition, the team re-drafts
    through ``teams.services.edition_change`` (``into_another_edition``), not here.
    """
    entries = list(
        TeamEntry.objects.filter(team=team)
        .select_related("season__league", "division")
        .order_by("-season__created_at", "-season_id")
    )
    if from_season is not None:
        wanted = from_season.pk if isinstance(from_season, Season) else from_season
        entries = [e for e in entries if e.season_id == wanted]
        if not entries:
            raise TeamError(f"{team.name} did not play season {wanted}.")
    if entries and between_seasons(entries[0].season.league.ruleset) != REDRAFT:
        league = entries[0].season.league
        raise TeamError(
            f"{league.name}'s teams carry over between seasons as they are: its ruleset "
            "has no re-draft."
        )
    done = set(Redraft.objects.filter(team=team).values_list("from_season_id", flat=True))
    for entry in entries:
        season = entry.season
        if season.status != Season.Status.FINISHED or season.pk in done:
            continue
        following = _next_season(season)
        if following is None or following.status != Season.Status.SIGN_UP:
            continue
        if following.entries.filter(team=team).exists():
            continue
        if into_another_edition != is_edition_change(team.ruleset, following.ruleset):
            raise TeamError(
                f"{following} is played under {edition_name(following.ruleset)}: {team.name} "
                "re-drafts into it with its players mapped to the new roster "
                "(the re-draft into another edition)."
                if not into_another_edition
                else f"{following} is played under {team.name}'s own edition: re-draft as usual."
            )
        return season_record(team, season, following, entry)
    raise _explain_nothing_to_redraft(team, entries)


def edition_name(key: str) -> str:
    try:
        return edition_for(key).name
    except LookupError:
        return key


def season_record(
    team: Team, season: Season, following: Season, entry: TeamEntry | None = None
) -> SeasonRecord:
    """The team's games played, league wins and draws in ``season``, counted by the
    database (one aggregate and the league table), and the league's cap."""
    games = Fixture.objects.filter(
        Q(home=team) | Q(away=team), season=season, status__in=Fixture.RESULT_STATUSES
    ).aggregate(n=Count("id"))["n"]
    row = next((r for r in overall_standings(season) if r.team_id == team.pk), None)
    return SeasonRecord(
        team_id=team.pk,
        from_season=season,
        to_season=following,
        division_name=entry.division.name if entry is not None and entry.division else "",
        games_played=games,
        league_wins=row.won if row else 0,
        league_draws=row.drawn if row else 0,
        cap=season.league.redraft_budget_cap,
    )


def redraft_rules_of(team: Team) -> RedraftRules:
    """The re-draft rules of the team's edition (``Edition.redraft``); TeamError where
    its teams carry over between seasons instead."""
    try:
        rules = edition_for(team.ruleset).redraft
    except LookupError:
        rules = None
    if rules is None:
        raise TeamError(f"{team.name}'s ruleset has no re-draft: its teams carry over.")
    return rules


def budget_of(team: Team, record: SeasonRecord) -> RedraftBudget:
    rules = redraft_rules_of(team)
    return RedraftBudget(
        treasury=team.treasury,
        games_played=record.games_played,
        league_wins=record.league_wins,
        league_draws=record.league_draws,
        cap=record.cap,
        budget=rules.budget(
            team.treasury,
            record.games_played,
            record.league_wins,
            record.league_draws,
            record.cap,
        ),
        base=rules.base,
        per_game_played=rules.per_game_played,
        per_league_win=rules.per_league_win,
        per_league_draw=rules.per_league_draw,
    )


def seasons_played(team: Team, player_ids: Iterable[int]) -> dict[int, int]:
    """Each player's seasons played at this re-draft: the season just closed and
    every earlier re-draft of the team that re-hired him."""
    counts = dict.fromkeys(player_ids, 1)
    for rehired in Redraft.objects.filter(team=team).values_list("rehired", flat=True):
        for row in rehired or ():
            if row.get("player") in counts:
                counts[row["player"]] += 1
    return counts


def rehire_candidates(team: Team, players: Iterable[Player] | None = None) -> list[Rehire]:
    """The team's permanent players (journeymen leave at a re-draft) with their fees."""
    if players is None:
        players = state_players().filter(team=team, journeyman=False)
    players = [p for p in players if not p.journeyman]
    seasons = seasons_played(team, [p.pk for p in players])
    fee = redraft_rules_of(team).rehire_fee
    return [Rehire(p, seasons[p.pk], fee(p.current_value, seasons[p.pk])) for p in players]


# --- the plan and the re-draft ---------------------------------------------------------


def _captain_position(
    ruleset: Ruleset, roster: Roster, kept: list[Any], counts: dict[str, Any]
) -> str | None:
    """Where the roster names a Team Captain (BB2025): the re-hired captain's position
    (he keeps the captain's skill), else the first ordinary position drafted. TODO: let
    the coach name a new captain when the old one leaves."""
    rules = draft_rules_for(ruleset)
    if not rules.names_team_captain(roster):
        return None
    for k in kept:
        if rules.captain_skill in {s.skill for s in k.player.skills.all()}:
            return str(k.player.position_slug)
    return next(
        (s for s, n in counts.items() if n and s in roster.positions and not _big(roster, s)),
        None,
    )


def _big(roster: Roster, slug: str) -> bool:
    return roster.positions[slug].big_guy


def _rehire_ids(rehire: Iterable[Any]) -> list[Any]:
    # A mapping (player -> anything) is read for its keys: seasons played are the
    # database's, never the caller's.
    return list(rehire.keys() if isinstance(rehire, Mapping) else rehire)


def plan_redraft(
    team: Team,
    record: SeasonRecord,
    *,
    rehire: Iterable[Any] = (),
    hire: PlayerSpecs = (),
    rerolls: Any = 0,
    assistant_coaches: Any = 0,
    cheerleaders: Any = 0,
    apothecary: bool = False,
    players: Iterable[Player] | None = None,
) -> RedraftPlan:
    """Price the re-draft as chosen and list every rule it breaks (nothing written):
    for the live budget of the re-draft page and for ``redraft_team``."""
    ruleset = ruleset_of(team)
    roster = roster_of(team, ruleset)
    budget = budget_of(team, record)
    candidates = rehire_candidates(team, players)
    by_id = {c.player.pk: c for c in candidates}
    problems: list[str] = []
    wanted: list[int] = []
    for pid in _rehire_ids(rehire):
        if isinstance(pid, bool) or not isinstance(pid, int) or pid not in by_id:
            problems.append(f"Player {pid} is not a permanent player of {team.name}")
        elif pid not in wanted:
            wanted.append(pid)
    kept = [by_id[pid] for pid in by_id if pid in wanted]
    picks_counts, picks = player_picks(hire, problems)
    kept_numbers = {k.player.number for k in kept}
    problems += number_problems(picks)
    problems += [
        f"Number {pick.number} is kept by a re-hired player"
        for pick in picks
        if pick.number in kept_numbers
    ]
    counts: dict[str, Any] = dict(picks_counts)
    for k in kept:
        counts[k.player.position_slug] = counts.get(k.player.position_slug, 0) + 1
    proposal = DraftProposal(
        roster_slug=roster.slug,
        players=counts,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        special_rule_choice=team.special_rule_choice or None,
        captain_position=_captain_position(ruleset, roster, kept, counts),
    )
    priced = draft_cost(ruleset, proposal)
    # The engine prices every player at his position's cost; a re-hired player
    # pays his re-hire fee instead. The budget is checked here.
    kept_at_cost = sum(
        roster.positions[k.player.position_slug].cost
        for k in kept
        if k.player.position_slug in roster.positions
    )
    cost = RedraftCost(
        rehire_fees=sum(k.fee for k in kept),
        new_players=priced.players - kept_at_cost,
        rerolls=priced.rerolls,
        assistant_coaches=priced.assistant_coaches,
        cheerleaders=priced.cheerleaders,
        apothecary=priced.apothecary,
    )
    problems += validate_draft(ruleset, replace(proposal, budget=priced.total))
    if cost.total > budget.budget:
        problems.append(
            f"This re-draft costs {gp(cost.total)}, {gp(cost.total - budget.budget)} over the "
            f"{gp(budget.budget)} budget"
        )
    return RedraftPlan(record, budget, candidates, kept, cost, problems, picks, proposal)


def _lock_season(season: Season) -> Season:
    # Season before team: the league services' lock order.
    return Season.objects.select_for_update(of=("self",)).get(pk=season.pk)


def redraft_team(
    actor: Any,
    team: Team,
    *,
    from_season: Season | int | None = None,
    rehire: Iterable[Any] = (),
    hire: PlayerSpecs = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dice: Dice | None = None,
) -> RedraftResult:
    """Re-draft the team after its closed season and enter it into the next.

    ``rehire`` lists the ids of the permanent players kept; the others and every
    journeyman leave the team. ``hire`` adds new players as in ``draft_team``.
    Re-rolls and sideline staff are bought afresh at the roster's prices. The
    budget and the fees are the database's (see the module). Every problem
    comes back at once in one DraftError and nothing changes.
    """
    require_change(actor, team)
    with transaction.atomic():
        record = season_to_redraft(team, from_season)
        to_season = _lock_season(record.to_season)
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        # Under the locks, the season is still open for sign-up and not taken.
        record = season_to_redraft(team, record.from_season)
        if to_season.status != Season.Status.SIGN_UP:
            raise TeamError(f"{to_season} has begun: it is too late to re-draft for it.")
        plan = plan_redraft(
            team,
            record,
            rehire=rehire,
            hire=hire,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
        )
        if plan.problems:
            raise DraftError(plan.problems)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        kept = [k.player for k in plan.kept]

        recovery = redraft_rules_of(team).recover(
            TeamState(
                name=team.name,
                roster_slug=team.roster_slug,
                players=tuple(player_state(p) for p in kept),
                apothecary=team.apothecary,
            ),
            dice or SeededDice(secrets.randbits(64)),
        )
        after = {state.id: state for state in recovery.team.players}
        for player in kept:
            player.miss_next_game = False
            player.niggling_injuries = after[player.pk].niggling_injuries
            player.save(update_fields=["miss_next_game", "niggling_injuries"])
        leaving = list(active_players(team).exclude(pk__in=[p.pk for p in kept]))
        active_players(team).filter(pk__in=[p.pk for p in leaving]).update(
            status=PlayerStatus.RETIRED, left_at=now()
        )

        picks = plan.picks
        for pick in picks:
            pick.key = roster.positions.resolve(pick.key) or pick.key
        number_picks(picks, taken={p.number for p in kept})

        budget, cost = plan.budget.budget, plan.cost.total
        post_to_ledger(
            team,
            budget - team.treasury,
            LedgerReason.REDRAFT,
            f"Re-draft budget {gp(budget)} after {record.from_season} "
            f"(the treasury of {gp(team.treasury)} included)",
            actor,
        )
        post_to_ledger(
            team,
            -cost,
            LedgerReason.REDRAFT,
            f"Re-draft: {len(kept)} players re-hired, {len(picks)} hired, "
            f"{rerolls} team re-rolls and staff ({gp(cost)})",
            actor,
            spending="This re-draft",
        )
        hired = Player.objects.bulk_create(new_players(ruleset, roster, team, picks))
        team.rerolls = rerolls
        team.assistant_coaches = assistant_coaches
        team.cheerleaders = cheerleaders
        team.apothecary = bool(apothecary)
        team.save(
            update_fields=[
                "rerolls",
                "assistant_coaches",
                "cheerleaders",
                "apothecary",
                "updated_at",
            ]
        )
        rolls = [roll.as_dict() for roll in recovery.rolls]
        kept_ids = {p.pk for p in kept}
        saved = Redraft.objects.create(
            team=team,
            from_season=record.from_season,
            to_season=to_season,
            treasury=plan.budget.treasury,
            games_played=record.games_played,
            league_wins=record.league_wins,
            league_draws=record.league_draws,
            cap=record.cap,
            budget=budget,
            cost=cost,
            rehired=[
                {
                    "player": k.player.pk,
                    "name": k.player.name,
                    "seasons": k.seasons,
                    "fee": k.fee,
                }
                for k in plan.candidates
                if k.player.pk in kept_ids
            ],
            hired=[p.pk for p in hired],
            rolls=rolls,
            created_by=actor if getattr(actor, "pk", None) is not None else None,
        )
        division = to_season.divisions.filter(name=record.division_name).first()
        entry = TeamEntry.objects.create(season=to_season, team=team, division=division)
        log_action(
            actor,
            "team.redraft",
            f"{team.name} re-drafted for {to_season}: budget {gp(budget)}, {len(kept)} players "
            f"re-hired, {len(hired)} hired, {len(leaving)} left, {gp(team.treasury)} in the "
            "treasury.",
            league=to_season.league_id,
            team=team,
            redraft=saved.pk,
            budget=budget,
            cost=cost,
            before={"treasury": plan.budget.treasury},
            after={"treasury": team.treasury},
        )
        return RedraftResult(
            team=team,
            budget=budget,
            cost=cost,
            rehired=kept,
            hired=hired,
            left=leaving,
            niggling_removed={pid: r.removed for pid, r in recovery.niggling.items()},
            rolls=rolls,
            record=saved,
            budget_parts=plan.budget,
            cost_parts=plan.cost,
            entry=entry,
        )
