"""Drafting a new team (facts §1, p.28-35): the engine validates, the ledger pays."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine import DraftProposal, check_draft, validate_draft
from rules_engine.draft import DraftCost, captain_skills
from rules_engine.errors import DraftError
from rules_engine.ruleset import Roster, Ruleset
from rules_engine.wording import Wording, say, say_plural, thousands
from teams.audit import log_action
from teams.models import (
    MAX_PLAYER_NUMBER,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    LedgerReason,
    Player,
    PlayerSkill,
    Team,
    TeamStatus,
)
from teams.names import clean_name, taken_message, team_name_taken
from teams.services._common import (
    current_value,
    default_name,
    draft_rules_of,
    lock_team,
    ruleset_for_key,
)
from teams.services.treasury import post_to_ledger

PlayerSpecs = Mapping[str, int] | Iterable[Mapping[str, Any]]


@dataclass
class PlayerPick:
    """One player of the draft as asked: position key, and maybe name and number."""

    key: str
    name: str = ""
    number: int | None = None


def player_picks(
    players: PlayerSpecs, problems: list[str]
) -> tuple[dict[str, Any], list[PlayerPick]]:
    """The engine's ``{position: count}`` and the list of players to create.

    A mapping is taken as position -> count; anything else as a list of
    ``{"position_slug", "name"?, "number"?}``. Counts go to the engine as they
    came, so it reports a bad one in its own words.
    """
    if isinstance(players, Mapping):
        picks = [
            PlayerPick(key)
            for key, count in players.items()
            if isinstance(count, int) and not isinstance(count, bool) and count > 0
            for _copy in range(count)
        ]
        return dict(players), picks
    counts: dict[str, int] = {}
    picks = []
    for index, spec in enumerate(players, start=1):
        if not isinstance(spec, Mapping) or not isinstance(spec.get("position_slug"), str):
            problems.append(_("Player %(index)s of the draft needs a position") % {"index": index})
            continue
        key = spec["position_slug"]
        counts[key] = counts.get(key, 0) + 1
        name = spec.get("name") or ""
        if isinstance(name, str):
            name = clean_name(name)
        if not isinstance(name, str) or len(name.strip()) > PLAYER_NAME_MAX:
            problems.append(
                _("Player %(index)s's name must be text of at most %(most)s")
                % {"index": index, "most": PLAYER_NAME_MAX}
            )
            name = ""
        picks.append(PlayerPick(key, name.strip(), spec.get("number")))
    return counts, picks


def number_problems(picks: list[PlayerPick]) -> list[str]:
    problems: list[str] = []
    seen: set[int] = set()
    for pick in picks:
        number = pick.number
        if number is None:
            continue
        if isinstance(number, bool) or not isinstance(number, int):
            problems.append(
                _("A shirt number must be a whole number; got %(number)s")
                % {"number": repr(number)}
            )
        elif not 1 <= number <= MAX_PLAYER_NUMBER:
            problems.append(
                _("Shirt numbers run from 1 to %(most)s; got %(number)s")
                % {"most": MAX_PLAYER_NUMBER, "number": number}
            )
        elif number in seen:
            problems.append(
                _("Two players of the draft wear number %(number)s") % {"number": number}
            )
        else:
            seen.add(number)
    return problems


def _name_problems(name: Any) -> list[str]:
    if not isinstance(name, str) or not name.strip():
        return [_("The team needs a name")]
    if len(name.strip()) > TEAM_NAME_MAX:
        return [_("A team name may be at most %(most)s characters long") % {"most": TEAM_NAME_MAX}]
    existing = team_name_taken(name.strip())
    if existing is not None:
        return [taken_message(name.strip(), existing)]
    return []


def number_picks(picks: list[PlayerPick], taken: Iterable[int] = ()) -> None:
    """Give every pick without a number the lowest free one, in draft order
    (``taken``: numbers worn by players already on the team)."""
    taken = set(taken) | {p.number for p in picks if p.number is not None}
    free = (n for n in range(1, MAX_PLAYER_NUMBER + 1) if n not in taken)
    for pick in picks:
        if pick.number is None:
            pick.number = next(free)


def _players(count: int) -> Wording:
    return say_plural("{count} player", "{count} players", count)


def _drafted_line(actor: Actor, team: Team, roster: Roster, players: int, budget: int) -> Wording:
    """The history's line for a draft: who drafted what, and the gold left."""
    values = {
        "coach": actor.get_username() if actor is not None else "",
        "team": team.name,
        "roster": roster.name,
        "players": _players(players),
    }
    if budget:
        return say(
            "{coach} drafted {team} ({roster}): {players}, {treasury} gp left in the treasury.",
            treasury=thousands(team.treasury),
            **values,
        )
    return say("{coach} drafted {team} ({roster}): {players}.", **values)


def _purchase_note(cost: DraftCost, player_count: int, proposal: DraftProposal) -> Wording:
    """The ledger's note for the draft's purchase: what was bought, and for how much."""
    parts = [_players(player_count)]
    if proposal.rerolls:
        parts.append(say_plural("{count} team re-roll", "{count} team re-rolls", proposal.rerolls))
    if proposal.assistant_coaches:
        parts.append(
            say_plural(
                "{count} assistant coach", "{count} assistant coaches", proposal.assistant_coaches
            )
        )
    if proposal.cheerleaders:
        parts.append(
            say_plural("{count} cheerleader", "{count} cheerleaders", proposal.cheerleaders)
        )
    if proposal.apothecary:
        parts.append(say("an apothecary"))
    if cost.dedicated_fans:
        parts.append(say("Dedicated Fans {fans}", fans=proposal.dedicated_fans))
    bought = parts[0]
    for part in parts[1:]:
        bought = say("{list}, {item}", list=bought, item=part)
    return say("Draft: {bought} ({cost} gp)", bought=bought, cost=thousands(cost.total))


def new_players(
    ruleset: Ruleset, roster: Roster, team: Team, picks: list[PlayerPick]
) -> list[Player]:
    players = []
    for pick in picks:
        position = roster.positions[pick.key]
        number = pick.number
        if number is None:  # number_picks numbers every pick before the draft is saved
            raise ValueError(f"pick {pick.key!r} has no shirt number")
        player = Player(
            team=team,
            name=pick.name or default_name(position, number),
            number=number,
            position_slug=position.slug,
            ma=position.ma,
            st=position.st,
            ag=position.ag,
            pa=position.pa,
            av=position.av,
        )
        player.current_value = current_value(ruleset, roster, player)
        players.append(player)
    return players


def draft_team(
    actor: Actor,
    *,
    name: str,
    ruleset_key: str,
    roster_slug: str,
    players: PlayerSpecs,
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    dedicated_fans: int = 1,
    special_rule_choice: str | None = None,
    team_captain: str | None = None,
) -> Team:
    """Create a team from a draft, paid from the draft budget (facts §1).

    ``special_rule_choice`` is the roster's "Favoured of ..." option, which the
    ruleset may require at the draft (BB2025); ``team_captain`` the position of the
    Team Captain where the roster names one (BB2025): the first player drafted at
    that position is captain and has the captain's skill (Pro) while captain.

    ``players`` is ``{"human-blitzer": 4, ...}`` or a list of
    ``{"position_slug": ..., "name": ... (optional), "number": ... (optional)}``;
    unnamed players are called "<Position> <number>", unnumbered ones take the
    lowest free numbers. Every problem (the engine's draft rules, the team
    name, shirt numbers) comes back at once in one DraftError and nothing is
    saved. The ledger gets the budget in and the purchase out; what is left
    is the treasury. The team is active once drafted.
    """
    if not isinstance(actor, User) or not actor.has_perm("teams.add_team"):
        raise PermissionDenied("Sign in to draft a team.")
    ruleset = ruleset_for_key(ruleset_key)
    name = clean_name(name) if isinstance(name, str) else name  # teams/names.py
    proposal, picks = _checked_draft(
        ruleset,
        name,
        players,
        DraftProposal(
            roster_slug=roster_slug,
            players={},
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            dedicated_fans=dedicated_fans,
            special_rule_choice=special_rule_choice or None,
            captain_position=team_captain or None,
        ),
    )
    cost = check_draft(ruleset, proposal)
    roster = ruleset.roster(roster_slug)
    _number_new_players(roster, picks)
    return _save_draft(actor, name.strip(), ruleset, roster, proposal, picks, cost)


def _save_draft(
    actor: Actor,
    name: str,
    ruleset: Ruleset,
    roster: Roster,
    proposal: DraftProposal,
    picks: list[PlayerPick],
    cost: DraftCost,
) -> Team:
    """Write the checked draft in one transaction: the team, its ledger, its players,
    its Team Captain and the audit row."""
    budget = draft_rules_of(ruleset).budget  # none in a ruleset without gold (Blitz Bowl)
    with transaction.atomic():
        team = lock_team(_create_team(actor, name, ruleset, roster, proposal))
        _post_draft_gold(actor, team, budget, cost, len(picks), proposal)
        drafted = Player.objects.bulk_create(new_players(ruleset, roster, team, picks))
        if proposal.captain_position:
            _make_captain(ruleset, roster, drafted, proposal.captain_position)
        log_action(
            actor,
            "team.draft",
            _drafted_line(actor, team, roster, len(picks), budget),
            **_draft_data(team, ruleset, roster, len(picks), cost),
        )
        return team


def _draft_data(
    team: Team, ruleset: Ruleset, roster: Roster, players: int, cost: DraftCost
) -> dict[str, Any]:
    """What the draft's audit row keeps beside its sentence."""
    return {
        "team": team,
        "roster": roster.slug,
        "ruleset": ruleset.key,
        "players": players,
        "cost": cost.total,
        "treasury_after": team.treasury,
    }


def _number_new_players(roster: Roster, picks: list[PlayerPick]) -> None:
    """Each pick's position as the roster names it, and the lowest free numbers."""
    for pick in picks:
        pick.key = roster.positions.resolve(pick.key) or pick.key
    number_picks(picks)


def _checked_draft(
    ruleset: Ruleset, name: Any, players: PlayerSpecs, proposal: DraftProposal
) -> tuple[DraftProposal, list[PlayerPick]]:
    """The draft with its players counted, and each player picked; every problem (the
    team name, shirt numbers, the engine's draft rules) at once in one DraftError."""
    problems: list[str] = _name_problems(name)
    counts, picks = player_picks(players, problems)
    problems += number_problems(picks)
    proposal = replace(proposal, players=counts)
    problems += [str(p) for p in validate_draft(ruleset, proposal)]
    if problems:
        raise DraftError(problems)
    return proposal, picks


def _create_team(
    actor: Any, name: str, ruleset: Ruleset, roster: Roster, proposal: DraftProposal
) -> Team:
    """The team's row as drafted (active); a DraftError if its name is taken."""
    try:
        with transaction.atomic():
            return Team.objects.create(
                name=name,
                coach=actor,
                ruleset=ruleset.key,
                roster_slug=roster.slug,
                special_rule_choice=proposal.special_rule_choice or "",
                rerolls=proposal.rerolls,
                assistant_coaches=proposal.assistant_coaches,
                cheerleaders=proposal.cheerleaders,
                apothecary=bool(proposal.apothecary),
                dedicated_fans=proposal.dedicated_fans,
                status=TeamStatus.ACTIVE,
            )
    except IntegrityError:
        raise DraftError(
            [_("A team named %(name)s already exists; choose another name") % {"name": repr(name)}]
        ) from None


def _post_draft_gold(
    actor: Actor,
    team: Team,
    budget: int,
    cost: DraftCost,
    player_count: int,
    proposal: DraftProposal,
) -> None:
    """The ledger's draft budget in and the purchase out (facts §1); a ruleset without
    gold (Blitz Bowl: budget 0, nothing costs) posts nothing."""
    if budget:
        post_to_ledger(team, budget, LedgerReason.DRAFT_BUDGET, say("Draft budget"), actor)
    if cost.total:
        post_to_ledger(
            team,
            -cost.total,
            LedgerReason.DRAFT_PURCHASE,
            _purchase_note(cost, player_count, proposal),
            actor,
            spending=_("This draft"),
        )


def _make_captain(
    ruleset: Ruleset, roster: Roster, drafted: list[Player], team_captain: str
) -> None:
    """The first player drafted at the captain's position is Team Captain, with the
    captain's skill while captain."""
    captain_slug = roster.positions.resolve(team_captain)
    captain = next(p for p in drafted if p.position_slug == captain_slug)
    PlayerSkill.objects.bulk_create(
        PlayerSkill(player=captain, skill=skill, source=PlayerSkill.Source.OTHER)
        for skill in captain_skills(ruleset, roster, True)
    )
