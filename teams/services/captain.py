"""The Team Captain at a re-draft (BB2025 facts section 2: "one player per team is
captain ... and gains Pro while captain"; NAFLM gives the rule to Human and Orc).

At the first draft the coach names the captain's position and the first player drafted
there is captain (``teams.services.draft``). At a re-draft the coach names him again,
the same way or among the players he keeps:

- ``team_captain``: a position of the roster; the first player *hired* at it is captain;
- ``team_captain_player``: the id of a player *re-hired*, who is (or stays) captain.

Naming neither keeps the old captain where he is re-hired; where he leaves (or the team
had none, as a team coming from BB2020) the coach must name one. Whatever the roster's
edition says is checked by the engine (``rules_engine.draft.team_captain_problems``:
never a Big Guy, one of the players drafted); here, only which player it is.

The captain is the player holding the captain's skill as a plain gained skill (source
"other", from no advancement); a new captain takes it, the old one gives it up.

Between re-drafts (May 2026 erratum): once the captain has left the roster, a new one
is named in the pre-game of the team's next league fixture (``name_new_captain``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.draft import (
    DraftRules,
    draft_rules_for,
    may_name_new_captain,
    new_captain_problems,
)
from rules_engine.ruleset import Roster, Ruleset
from rules_engine.wording import Shown, say
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import Player, PlayerSkill, PlayerStatus, Team
from teams.services._common import lock_team, require_active, require_change, roster_of, ruleset_of

CAPTAIN = "team_captain"
CAPTAIN_PLAYER = "team_captain_player"


@dataclass(frozen=True)
class CaptainChoice:
    """Who the re-drafted team's captain is: a re-hired player or the first new player
    of a position; ``position_slug`` is what the engine's draft rules check."""

    needed: bool = False
    player_id: int | None = None
    new_position: str | None = None
    position_slug: str | None = None
    kept_by_default: bool = False
    problems: dict[str, list[str]] = field(default_factory=dict)

    @property
    def field_name(self) -> str:
        """The input field the engine's captain messages belong to."""
        return CAPTAIN_PLAYER if self.player_id is not None else CAPTAIN

    @property
    def messages(self) -> list[str]:
        return [m for messages in self.problems.values() for m in messages]


def _is_captain_row(row: PlayerSkill, skill: str | None) -> bool:
    return (
        skill is not None
        and row.skill == skill
        and row.source == PlayerSkill.Source.OTHER
        and row.advancement_id is None
    )


def current_captain(ruleset: Ruleset, players: Iterable[Player]) -> Player | None:
    """The team's captain among ``players`` (their skills prefetched), if any."""
    skill = draft_rules_for(ruleset).captain_skill
    return next(
        (p for p in players if any(_is_captain_row(row, skill) for row in p.skills.all())),
        None,
    )


def _player_id(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def _by_player(
    roster: Roster, kept: list[Player], candidates: list[Player], wanted: Any
) -> CaptainChoice:
    pid = _player_id(wanted)
    chosen = next((p for p in kept if p.pk == pid), None)
    if chosen is not None:
        return CaptainChoice(True, player_id=chosen.pk, position_slug=chosen.position_slug)
    known = next((p for p in candidates if p.pk == pid), None)
    message = (
        _(
            "#%(number)s %(name)s is not re-hired: the Team Captain is a player the team "
            "keeps, or the first new player of a position"
        )
        % {"number": known.number, "name": known.name}
        if known is not None
        else _("%(player)s is not a permanent player of the team: name a re-hired player")
        % {"player": repr(wanted)}
    )
    return CaptainChoice(True, problems={CAPTAIN_PLAYER: [message]})


def _by_position(roster: Roster, new_slugs: list[str], wanted: Any) -> CaptainChoice:
    slug = roster.positions.resolve(wanted) if isinstance(wanted, str) else None
    if slug is None:
        message = _("%(roster)s teams have no position %(position)s") % {
            "roster": roster.name,
            "position": repr(wanted),
        }
        return CaptainChoice(True, problems={CAPTAIN: [message]})
    if slug not in new_slugs:
        name = roster.positions[slug].name
        message = _(
            "No new %(position)s is hired: the Team Captain is the first new player of the "
            "position named, or a re-hired player"
        ) % {"position": name}
        return CaptainChoice(True, problems={CAPTAIN: [message]})
    return CaptainChoice(True, new_position=slug, position_slug=slug)


def choose_captain(
    ruleset: Ruleset,
    roster: Roster,
    *,
    candidates: list[Player],
    kept: list[Player],
    new_slugs: list[str],
    team_captain: Any = None,
    team_captain_player: Any = None,
) -> CaptainChoice:
    """The captain the coach named (or the old one, kept by default), with what is wrong
    with the choice by field; nothing written."""
    rules: DraftRules = draft_rules_for(ruleset)
    position = team_captain if team_captain not in (None, "") else None
    player = team_captain_player if team_captain_player not in (None, "") else None
    if not rules.names_team_captain(roster):
        if position is None and player is None:
            return CaptainChoice()
        name = CAPTAIN_PLAYER if player is not None else CAPTAIN
        message = _("%(roster)s teams have no Team Captain") % {"roster": roster.name}
        return CaptainChoice(problems={name: [message]})
    if position is not None and player is not None:
        message = _("Name the Team Captain once: a re-hired player or a new player's position")
        return CaptainChoice(True, problems={CAPTAIN: [message]})
    if player is not None:
        return _by_player(roster, kept, candidates, player)
    if position is not None:
        return _by_position(roster, new_slugs, position)
    old = current_captain(ruleset, candidates)
    if old is not None and any(p.pk == old.pk for p in kept):
        return CaptainChoice(
            True, player_id=old.pk, position_slug=old.position_slug, kept_by_default=True
        )
    if old is not None:
        message = _(
            "#%(number)s %(name)s, the Team Captain, leaves: name a new captain (a re-hired "
            "player, or the first new player of a position)"
        ) % {"number": old.number, "name": old.name}
    else:
        message = _(
            "%(roster)s teams name a Team Captain (%(skill)s while captain): a re-hired "
            "player, or the first new player of a position"
        ) % {"roster": roster.name, "skill": rules.captain_skill}
    return CaptainChoice(True, problems={CAPTAIN: [message]})


def with_engine_problems(choice: CaptainChoice, messages: list[str]) -> CaptainChoice:
    """The choice with the engine's own captain messages under its field (where the
    choice itself was sound: otherwise its own message says it better)."""
    if not messages or choice.problems:
        return choice
    return CaptainChoice(
        choice.needed,
        choice.player_id,
        choice.new_position,
        choice.position_slug,
        choice.kept_by_default,
        {choice.field_name: list(messages)},
    )


def appoint_captain(
    ruleset: Ruleset, choice: CaptainChoice, kept: list[Player], hired: list[Player]
) -> Player | None:
    """Write the choice: the captain holds the captain's skill, no other player kept does.
    Under the caller's transaction; the players are the team's after the re-draft."""
    skill = draft_rules_for(ruleset).captain_skill
    if not choice.needed or skill is None:
        return None
    captain: Player | None = None
    if choice.player_id is not None:
        captain = next(p for p in kept if p.pk == choice.player_id)
    elif choice.new_position is not None:
        captain = next(p for p in hired if p.position_slug == choice.new_position)
    others = [p.pk for p in kept if captain is None or p.pk != captain.pk]
    PlayerSkill.objects.filter(
        player_id__in=others,
        skill=skill,
        source=PlayerSkill.Source.OTHER,
        advancement__isnull=True,
    ).delete()
    if captain is not None:
        PlayerSkill.objects.get_or_create(
            player=captain, skill=skill, defaults={"source": PlayerSkill.Source.OTHER}
        )
    return captain


class CaptainError(TeamError):
    """A new Team Captain refused, with the input (``player``) the reasons are about."""

    def __init__(self, messages: Shown | Sequence[Shown], field: str | None = None) -> None:
        super().__init__(messages)
        self.field = field


def _captain_named(team: Team, skill: str) -> Player | None:
    """The team's active player holding the captain's row, if any."""
    return (
        Player.objects.filter(
            team=team,
            status=PlayerStatus.ACTIVE,
            skills__skill=skill,
            skills__source=PlayerSkill.Source.OTHER,
            skills__advancement__isnull=True,
        )
        .order_by("pk")
        .first()
    )


def _new_captain_of(team: Team, wanted: Player | int | str) -> Player:
    """The player named, locked, if he is an active permanent player of ``team``."""
    pid = wanted.pk if isinstance(wanted, Player) else _player_id(wanted)
    player = (
        Player.objects.select_for_update().filter(pk=pid, team=team).first()
        if pid is not None
        else None
    )
    if player is None:
        raise CaptainError(
            _("%(player)s is not a player of %(team)s")
            % {"player": repr(wanted), "team": team.name},
            field="player",
        )
    if player.status != PlayerStatus.ACTIVE:
        raise CaptainError(
            _("#%(number)s %(name)s is no longer on the team (%(status)s)")
            % {
                "number": player.number,
                "name": player.name,
                "status": str(player.get_status_display()).lower(),
            },
            field="player",
        )
    if player.mercenary or player.journeyman:
        if player.mercenary:
            message = _(
                "#%(number)s %(name)s is a %(kind)s: the Team Captain is one of the team's own "
                "(permanent) players"
            )
        else:
            message = _(
                "#%(number)s %(name)s is a journeyman: the Team Captain is one of the team's "
                "own (permanent) players"
            )
        raise CaptainError(
            message % {"number": player.number, "name": player.name, "kind": "Mercenary Player"},
            field="player",
        )
    return player


def name_new_captain(actor: Actor, team: Team | int, player: Player | int | str) -> Player:
    """BB2025 Team Captain, May 2026 erratum (facts section 2): once the captain has left
    the roster (killed, fired, retired...), the coach names a new one, any active
    permanent player who is not a Big Guy. He gains Pro with no value increase: the
    captain's skill row (source "other", from no advancement), nothing else changes.

    When it may be done (the pre-game of the team's next league fixture) is the
    caller's to check (``matches.services.pregame.captain``). Refusals are ``CaptainError``;
    nothing is written then."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        rules = draft_rules_for(ruleset)
        skill = rules.captain_skill
        if not rules.names_team_captain(roster) or skill is None:
            raise CaptainError(
                _("%(roster)s teams have no Team Captain (%(ruleset)s)")
                % {"roster": roster.name, "ruleset": ruleset.name}
            )
        captain = _captain_named(team, skill)
        if not may_name_new_captain(rules, roster, has_captain=captain is not None):
            if captain is not None:
                message = _(
                    "#%(number)s %(name)s is the Team Captain of %(team)s: a new one is named "
                    "only once he has left the roster"
                ) % {"number": captain.number, "name": captain.name, "team": team.name}
            else:
                message = _(
                    "A player is the Team Captain of %(team)s: a new one is named only once he "
                    "has left the roster"
                ) % {"team": team.name}
            raise CaptainError(message)
        chosen = _new_captain_of(team, player)
        problems = new_captain_problems(rules, roster, chosen.position_slug)
        if problems:
            raise CaptainError(problems, field="player")
        own = roster.positions[chosen.position_slug].skills
        if skill in own or chosen.skills.filter(skill=skill).exists():
            raise CaptainError(
                _(
                    "#%(number)s %(name)s already has %(skill)s: the captain is marked by the "
                    "%(skill)s he gains, so name another player"
                )
                % {"number": chosen.number, "name": chosen.name, "skill": skill},
                field="player",
            )
        PlayerSkill.objects.create(player=chosen, skill=skill, source=PlayerSkill.Source.OTHER)
        log_action(
            actor,
            "team.name_captain",
            say(
                "{team} named #{number} {name} Team Captain ({skill}).",
                team=team.name,
                number=chosen.number,
                name=chosen.name,
                skill=skill,
            ),
            team=team,
            player=chosen.pk,
            skill=skill,
        )
        return chosen
