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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from config.types import Actor
from leagues.models import Season, TeamEntry
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, SeededDice
from teams.audit import log_action, saved_user
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
from teams.services.captain import appoint_captain
from teams.services.convert import player_state
from teams.services.draft import PlayerSpecs, new_players, number_picks
from teams.services.redraft_plan import RedraftCost, RedraftPlan, plan_redraft
from teams.services.redraft_season import RedraftBudget, redraft_rules_of, season_to_redraft
from teams.services.treasury import post_to_ledger

__all__ = ["RedraftCost", "RedraftPlan", "RedraftResult", "plan_redraft", "redraft_team"]


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
    record: Redraft
    budget_parts: RedraftBudget
    cost_parts: RedraftCost
    niggling_removed: dict[int, int] = field(default_factory=dict)
    rolls: list[dict[str, Any]] = field(default_factory=list)
    entry: TeamEntry | None = None


def _lock_season(season: Season) -> Season:
    # Season before team: the league services' lock order.
    return Season.objects.select_for_update(of=("self",)).get(pk=season.pk)


def redraft_team(
    actor: Actor,
    team: Team,
    *,
    from_season: Season | int | None = None,
    rehire: Iterable[Any] = (),
    hire: PlayerSpecs = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    team_captain: Any = None,
    team_captain_player: Any = None,
    dice: Dice | None = None,
) -> RedraftResult:
    """Re-draft the team after its closed season and enter it into the next.

    ``rehire`` lists the ids of the permanent players kept; the others and every
    journeyman leave the team. ``hire`` adds new players as in ``draft_team``.
    Re-rolls and sideline staff are bought afresh at the roster's prices. Where the
    roster names a Team Captain, ``team_captain`` (a position: the first player hired
    there) or ``team_captain_player`` (a re-hired player) names him; neither keeps the
    old captain if re-hired (``teams.services.captain``). The budget and the fees are
    the database's (see the module). Every problem comes back at once in one
    DraftError (a ValidationError by field where the captain is wrong) and nothing
    changes.
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
            team_captain=team_captain,
            team_captain_player=team_captain_player,
        )
        plan.raise_problems()
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
        appoint_captain(ruleset, plan.captain, kept, hired)
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
            created_by=saved_user(actor),
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
