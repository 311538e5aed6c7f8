"""Planning a re-draft (``teams.services.redraft``): the re-draft as chosen, priced
part by part, with every rule it breaks and the Team Captain named; nothing written.
The live budget of the re-draft pages and ``redraft_team`` read it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules_engine import DraftProposal, draft_cost, validate_draft
from rules_engine.draft import DraftCost, draft_rules_for, team_captain_problems
from rules_engine.errors import DraftError
from rules_engine.ruleset import Roster
from teams.models import Player, Team
from teams.services._common import gp, roster_of, ruleset_of
from teams.services.captain import CaptainChoice, choose_captain, with_engine_problems
from teams.services.draft import PlayerSpecs, number_problems, player_picks
from teams.services.redraft_season import (
    RedraftBudget,
    Rehire,
    SeasonRecord,
    budget_of,
    rehire_candidates,
)


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
    # The Team Captain named (BB2025), with its problems by field (not in ``problems``).
    captain: CaptainChoice = field(default_factory=CaptainChoice)

    @property
    def remaining(self) -> int:
        return self.budget.budget - self.cost.total

    @property
    def all_problems(self) -> list[str]:
        return self.problems + self.captain.messages

    def raise_problems(self) -> None:
        """A ValidationError by field where the captain is wrong (the other problems
        under ``errors``), else a DraftError with every problem; nothing if none."""
        if self.captain.problems:
            fields = dict(self.captain.problems)
            if self.problems:
                fields["errors"] = list(self.problems)
            raise ValidationError(fields)
        if self.problems:
            raise DraftError(self.problems)


def _rehire_ids(rehire: Iterable[Any]) -> list[Any]:
    # A mapping (player -> anything) is read for its keys: seasons played are the
    # database's, never the caller's.
    return list(rehire.keys() if isinstance(rehire, Mapping) else rehire)


def _kept(
    team: Team, candidates: list[Rehire], rehire: Iterable[Any], problems: list[str]
) -> list[Rehire]:
    """The candidates re-hired, in the team's order; an id that is no permanent player
    of the team is a problem."""
    by_id = {c.player.pk: c for c in candidates}
    wanted: list[int] = []
    for pid in _rehire_ids(rehire):
        if isinstance(pid, bool) or not isinstance(pid, int) or pid not in by_id:
            problems.append(
                _("Player %(player)s is not a permanent player of %(team)s")
                % {"player": pid, "team": team.name}
            )
        elif pid not in wanted:
            wanted.append(pid)
    return [by_id[pid] for pid in by_id if pid in wanted]


def _number_problems(picks: list[Any], kept: list[Rehire]) -> list[str]:
    """Shirt numbers chosen twice, or already worn by a re-hired player."""
    kept_numbers = {k.player.number for k in kept}
    return number_problems(picks) + [
        _("Number %(number)s is kept by a re-hired player") % {"number": pick.number}
        for pick in picks
        if pick.number in kept_numbers
    ]


def _redraft_cost(roster: Roster, priced: DraftCost, kept: list[Rehire]) -> RedraftCost:
    """The engine prices every player at his position's cost; a re-hired player pays
    his re-hire fee instead (the budget is checked by the caller)."""
    kept_at_cost = sum(
        roster.positions[k.player.position_slug].cost
        for k in kept
        if k.player.position_slug in roster.positions
    )
    return RedraftCost(
        rehire_fees=sum(k.fee for k in kept),
        new_players=priced.players - kept_at_cost,
        rerolls=priced.rerolls,
        assistant_coaches=priced.assistant_coaches,
        cheerleaders=priced.cheerleaders,
        apothecary=priced.apothecary,
    )


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
    team_captain: Any = None,
    team_captain_player: Any = None,
) -> RedraftPlan:
    """Price the re-draft as chosen and list every rule it breaks (nothing written):
    for the live budget of the re-draft page and for ``redraft_team``. The Team Captain
    (where the roster names one) is ``teams.services.captain``'s."""
    ruleset = ruleset_of(team)
    roster = roster_of(team, ruleset)
    budget = budget_of(team, record)
    candidates = rehire_candidates(team, players)
    problems: list[str] = []
    kept = _kept(team, candidates, rehire, problems)
    picks_counts, picks = player_picks(hire, problems)
    problems += _number_problems(picks, kept)
    counts: dict[str, Any] = dict(picks_counts)
    for k in kept:
        counts[k.player.position_slug] = counts.get(k.player.position_slug, 0) + 1
    captain = choose_captain(
        ruleset,
        roster,
        candidates=[c.player for c in candidates],
        kept=[k.player for k in kept],
        new_slugs=[roster.positions.resolve(p.key) or p.key for p in picks],
        team_captain=team_captain,
        team_captain_player=team_captain_player,
    )
    proposal = DraftProposal(
        roster_slug=roster.slug,
        players=counts,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        special_rule_choice=team.special_rule_choice or None,
        captain_position=captain.position_slug,
    )
    priced = draft_cost(ruleset, proposal)
    cost = _redraft_cost(roster, priced, kept)
    on_captain = set(team_captain_problems(draft_rules_for(ruleset), roster, proposal))
    engine = validate_draft(ruleset, replace(proposal, budget=priced.total))
    problems += [str(p) for p in engine if p not in on_captain]
    captain = with_engine_problems(captain, [str(p) for p in engine if p in on_captain])
    if cost.total > budget.budget:
        problems.append(
            _("This re-draft costs %(cost)s, %(over)s over the %(budget)s budget")
            % {
                "cost": gp(cost.total),
                "over": gp(cost.total - budget.budget),
                "budget": gp(budget.budget),
            }
        )
    return RedraftPlan(record, budget, candidates, kept, cost, problems, picks, proposal, captain)
