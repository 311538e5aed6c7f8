"""Re-drafting a team between seasons (facts §5, "Re-draft between seasons").

The engine gives the budget (``redraft_budget``: 1,000,000 + Treasury + gold
for games, wins and draws, capped where the commissioner says), each
re-hired player's fee (``rehire_fee``: current value + 20,000 per season
played; his value does not change) and the close season's recovery
(``recover_between_seasons``: MNG players recover, Niggling Injuries may
heal). The draft rules (``validate_draft``) bound what the team re-buys.

Decision: the Treasury is part of the budget, so what the re-draft leaves
unspent goes back into the Treasury; the ledger shows the budget in and the
re-draft out, and the treasury is what remains.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.db import transaction

from rules_engine import DraftProposal, draft_cost, validate_draft
from rules_engine.bb2020.redraft import recover_between_seasons, redraft_budget, rehire_fee
from rules_engine.bb2020.state import TeamState
from rules_engine.dice import Dice, SeededDice
from rules_engine.errors import DraftError
from teams.models import LedgerReason, Player, PlayerStatus, Team
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
class RedraftResult:
    """What a re-draft did: the budget, what it cost, who stayed, came and left,
    and the close season's recovery with its dice."""

    team: Team
    budget: int
    cost: int
    rehired: list[Player]
    hired: list[Player]
    left: list[Player]
    niggling_removed: dict[int, int] = field(default_factory=dict)
    rolls: list[dict[str, Any]] = field(default_factory=list)


def _seasons(rehire: Iterable[int] | Mapping[int, int]) -> dict[int, int]:
    """Player id -> seasons played: a mapping as given, a list of ids at one season each."""
    if isinstance(rehire, Mapping):
        return {int(pid): seasons for pid, seasons in rehire.items()}
    return {int(pid): 1 for pid in rehire}


def redraft_team(
    actor: Any,
    team: Team,
    *,
    season_games: int,
    league_wins: int,
    league_draws: int,
    cap: int | None = None,
    rehire: Iterable[int] | Mapping[int, int] = (),
    hire: PlayerSpecs = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dice: Dice | None = None,
) -> RedraftResult:
    """Re-draft the team for a new season.

    ``rehire`` lists the ids of the permanent players kept (or maps each to
    the seasons he has played, default 1); the others and every journeyman
    leave the team. ``hire`` adds new players as in ``draft_team``. Re-rolls
    and sideline staff are bought afresh at the roster's prices. Every
    problem comes back at once in one DraftError and nothing changes.
    """
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        budget = redraft_budget(team.treasury, season_games, league_wins, league_draws, cap)

        current = {p.pk: p for p in state_players().filter(team=team, journeyman=False)}
        seasons = _seasons(rehire)
        problems = [
            f"Player {pid} is not a permanent player of {team.name}"
            for pid in seasons
            if pid not in current
        ]
        kept = [current[pid] for pid in current if pid in seasons]
        fees = {p.pk: rehire_fee(p.current_value, seasons[p.pk]) for p in kept}
        picks_counts, picks = player_picks(hire, problems)
        kept_numbers = {p.number for p in kept}
        problems += number_problems(picks)
        problems += [
            f"Number {pick.number} is kept by a re-hired player"
            for pick in picks
            if pick.number in kept_numbers
        ]
        counts: dict[str, Any] = dict(picks_counts)
        for player in kept:
            counts[player.position_slug] = counts.get(player.position_slug, 0) + 1
        proposal = DraftProposal(
            roster_slug=roster.slug,
            players=counts,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            special_rule_choice=team.special_rule_choice or None,
        )
        priced = draft_cost(ruleset, proposal)
        # The engine prices every player at his position's cost; a re-hired
        # player pays his re-hire fee instead. The budget is checked here.
        kept_at_cost = sum(roster.positions[p.position_slug].cost for p in kept)
        cost = priced.total - kept_at_cost + sum(fees.values())
        problems += validate_draft(ruleset, replace(proposal, budget=priced.total))
        if cost > budget:
            problems.append(
                f"This re-draft costs {gp(cost)}, {gp(cost - budget)} over the {gp(budget)} budget"
            )
        if problems:
            raise DraftError(problems)

        recovery = recover_between_seasons(
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

        for pick in picks:
            pick.key = roster.positions.resolve(pick.key) or pick.key
        number_picks(picks, taken=kept_numbers)

        post_to_ledger(
            team,
            budget - team.treasury,
            LedgerReason.REDRAFT,
            f"Re-draft budget {gp(budget)} (the treasury of {gp(team.treasury)} included)",
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
        return RedraftResult(
            team=team,
            budget=budget,
            cost=cost,
            rehired=kept,
            hired=hired,
            left=leaving,
            niggling_removed={pid: r.removed for pid, r in recovery.niggling.items()},
            rolls=[roll.as_dict() for roll in recovery.rolls],
        )
