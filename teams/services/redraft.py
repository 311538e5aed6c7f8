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

This module re-drafts the team itself (``perform_redraft``); finding the season, locking
it and entering the team into the next one are the league's
(``leagues.services.team_redraft.redraft_team``, which calls it), so the teams app reads
nothing of the leagues.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.bb2020.redraft import SeasonRecovery
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, SeededDice
from rules_engine.ruleset import Roster
from rules_engine.wording import Wording, say, say_plural, thousands
from teams.audit import log_action, saved_user
from teams.models import LedgerReason, Player, PlayerStatus, Redraft, Team
from teams.services._common import active_players, now, roster_of, ruleset_of
from teams.services.captain import appoint_captain
from teams.services.convert import player_state
from teams.services.draft import new_players, number_picks
from teams.services.redraft_plan import RedraftCost, RedraftPlan, plan_redraft
from teams.services.redraft_season import RedraftBudget, SeasonRecord, redraft_rules_of
from teams.services.treasury import post_to_ledger

__all__ = ["RedraftCost", "RedraftPlan", "RedraftResult", "perform_redraft", "plan_redraft"]


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


def perform_redraft(
    actor: Actor,
    team: Team,
    record: SeasonRecord,
    *,
    dice: Dice | None = None,
    **choices: Any,
) -> RedraftResult:
    """Re-draft the team (locked by the caller, in its transaction) after the season
    of ``record``. ``choices`` are ``plan_redraft``'s: ``rehire`` lists the ids of the
    permanent players kept (the others and every journeyman leave the team); ``hire``
    adds new players as in ``draft_team``; ``rerolls`` and sideline staff are bought
    afresh at the roster's prices; where the roster names a Team Captain,
    ``team_captain`` (a position: the first player hired there) or
    ``team_captain_player`` (a re-hired player) names him (``teams.services.captain``).
    Every problem comes back at once in one DraftError (a ValidationError by field
    where the captain is wrong) and nothing changes."""
    plan = plan_redraft(team, record, **choices)
    plan.raise_problems()
    kept = [k.player for k in plan.kept]
    recovery = _recover_between_seasons(team, kept, dice or SeededDice(secrets.randbits(64)))
    leaving = _release_the_others(team, kept)
    ruleset = ruleset_of(team)
    roster = roster_of(team, ruleset)
    _number_new_players(roster, plan, kept)
    rerolls = choices.get("rerolls", 0)
    _post_budget_and_cost(actor, team, record, plan, kept, rerolls)
    hired = Player.objects.bulk_create(new_players(ruleset, roster, team, plan.picks))
    appoint_captain(ruleset, plan.captain, kept, hired)
    _buy_sideline(
        team,
        rerolls,
        choices.get("assistant_coaches", 0),
        choices.get("cheerleaders", 0),
        choices.get("apothecary", False),
    )
    rolls = [roll.as_dict() for roll in recovery.rolls]
    saved = _keep_record(actor, team, record, plan, kept, hired, rolls)
    _log_redraft(actor, team, record, plan, saved, (len(kept), len(hired), len(leaving)))
    return RedraftResult(
        team=team,
        budget=plan.budget.budget,
        cost=plan.cost.total,
        rehired=kept,
        hired=hired,
        left=leaving,
        niggling_removed={pid: r.removed for pid, r in recovery.niggling.items()},
        rolls=rolls,
        record=saved,
        budget_parts=plan.budget,
        cost_parts=plan.cost,
    )


def _recover_between_seasons(team: Team, kept: list[Player], dice: Dice) -> SeasonRecovery:
    """The close season's recovery of the players kept (facts §5): Miss Next Game
    recovered, each Niggling Injury removed on the edition's roll (the apothecary the
    team had during the closed season modifies it). Saves the players."""
    recovery = redraft_rules_of(team).recover(
        TeamState(
            name=team.name,
            roster_slug=team.roster_slug,
            players=tuple(player_state(p) for p in kept),
            apothecary=team.apothecary,
        ),
        dice,
        ruleset_of(team),
    )
    after = {state.id: state for state in recovery.team.players}
    for player in kept:
        player.miss_next_game = False
        player.niggling_injuries = after[player.pk].niggling_injuries
        player.save(update_fields=["miss_next_game", "niggling_injuries"])
    return recovery


def _release_the_others(team: Team, kept: list[Player]) -> list[Player]:
    """Every active player not re-hired (journeymen included) leaves the team."""
    leaving = list(active_players(team).exclude(pk__in=[p.pk for p in kept]))
    active_players(team).filter(pk__in=[p.pk for p in leaving]).update(
        status=PlayerStatus.RETIRED, left_at=now()
    )
    return leaving


def _number_new_players(roster: Roster, plan: RedraftPlan, kept: list[Player]) -> None:
    """The new players' positions as the roster names them, and their numbers (the
    lowest free ones where not chosen; the kept players keep theirs)."""
    for pick in plan.picks:
        pick.key = roster.positions.resolve(pick.key) or pick.key
    number_picks(plan.picks, taken={p.number for p in kept})


def _rehired(count: int) -> Wording:
    return say_plural("{count} player re-hired", "{count} players re-hired", count)


def _post_budget_and_cost(
    actor: Actor,
    team: Team,
    record: SeasonRecord,
    plan: RedraftPlan,
    kept: list[Player],
    rerolls: int,
) -> None:
    """The ledger's two rows: the budget in (the treasury included), the re-draft out."""
    picks = plan.picks
    budget, cost = plan.budget.budget, plan.cost.total
    post_to_ledger(
        team,
        budget - team.treasury,
        LedgerReason.REDRAFT,
        say(
            "Re-draft budget {budget} gp after {season} (the treasury of {treasury} gp included)",
            budget=thousands(budget),
            season=record.from_season_name,
            treasury=thousands(team.treasury),
        ),
        actor,
    )
    post_to_ledger(
        team,
        -cost,
        LedgerReason.REDRAFT,
        say(
            "Re-draft: {rehired}, {hired} hired, {rerolls} and staff ({cost} gp)",
            rehired=_rehired(len(kept)),
            hired=len(picks),
            rerolls=say_plural("{count} team re-roll", "{count} team re-rolls", rerolls),
            cost=thousands(cost),
        ),
        actor,
        spending=_("This re-draft"),
    )


def _buy_sideline(
    team: Team, rerolls: int, assistant_coaches: int, cheerleaders: int, apothecary: bool
) -> None:
    """Team re-rolls and sideline staff, bought afresh (their price is in the cost)."""
    team.rerolls = rerolls
    team.assistant_coaches = assistant_coaches
    team.cheerleaders = cheerleaders
    team.apothecary = bool(apothecary)
    team.save(
        update_fields=["rerolls", "assistant_coaches", "cheerleaders", "apothecary", "updated_at"]
    )


def _keep_record(
    actor: Actor,
    team: Team,
    record: SeasonRecord,
    plan: RedraftPlan,
    kept: list[Player],
    hired: list[Player],
    rolls: list[dict[str, Any]],
) -> Redraft:
    """The ``Redraft`` row: the season's record, budget, cost, who was re-hired at
    what fee, who was hired, and every roll."""
    kept_ids = {p.pk for p in kept}
    return Redraft.objects.create(
        team=team,
        from_season_id=record.from_season_id,
        to_season_id=record.to_season_id,
        treasury=plan.budget.treasury,
        games_played=record.games_played,
        league_wins=record.league_wins,
        league_draws=record.league_draws,
        cap=record.cap,
        budget=plan.budget.budget,
        cost=plan.cost.total,
        rehired=[
            {"player": k.player.pk, "name": k.player.name, "seasons": k.seasons, "fee": k.fee}
            for k in plan.candidates
            if k.player.pk in kept_ids
        ],
        hired=[p.pk for p in hired],
        rolls=rolls,
        created_by=saved_user(actor),
    )


def _log_redraft(
    actor: Actor,
    team: Team,
    record: SeasonRecord,
    plan: RedraftPlan,
    saved: Redraft,
    counts: tuple[int, int, int],
) -> None:
    """The audit row: the budget, who was re-hired, hired and left, the treasury after."""
    rehired, hired, left = counts
    log_action(
        actor,
        "team.redraft",
        say(
            "{team} re-drafted for {season}: budget {budget} gp, {rehired}, {hired} hired, "
            "{left} left, {treasury} gp in the treasury.",
            team=team.name,
            season=record.to_season_name,
            budget=thousands(plan.budget.budget),
            rehired=_rehired(rehired),
            hired=hired,
            left=left,
            treasury=thousands(team.treasury),
        ),
        league=record.league_id,
        team=team,
        redraft=saved.pk,
        budget=plan.budget.budget,
        cost=plan.cost.total,
        before={"treasury": plan.budget.treasury},
        after={"treasury": team.treasury},
    )
