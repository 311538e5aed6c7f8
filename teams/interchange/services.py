"""Importing a team: a ``dugout-team`` export, a FUMBBL team (JSON, or XML: told apart
by the file's first character) or a NAFLM/OBBLM team import (XML) becomes a new team of
the importing coach.

The file is read, its names found in the ruleset (``mapping``) and every problem
reported at once; then one transaction writes the team, its first ledger entry
("Imported from ...": the treasury arrives by the ledger, never by assignment), its
players with their skills and injuries, and the audit row. A refused import writes
nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.types import Actor
from rules_engine.ruleset import Position, Ruleset
from rules_engine.wording import english, say, say_plural, thousands
from teams.audit import log_action
from teams.interchange.dugout import read_dugout
from teams.interchange.fumbbl import read_fumbbl
from teams.interchange.fumbbl_xml import looks_like_xml, read_fumbbl_xml
from teams.interchange.mapping import Mapped, map_team
from teams.interchange.naflm import read_naflm
from teams.interchange.shapes import (
    CHARACTERISTICS,
    MAX_PER_PLAYER,
    MAX_PLAYERS,
    MAX_UPLOAD_BYTES,
    InterchangeError,
    PlayerIn,
    TeamIn,
)
from teams.models import (
    MAX_ADVANCEMENTS,
    MAX_PLAYER_NUMBER,
    PLAYER_NAME_MAX,
    TEAM_NAME_MAX,
    InjuryRecord,
    LedgerReason,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
    TeamStatus,
)
from teams.names import clean_name, taken_message, team_name_taken
from teams.services._common import current_value, draft_rules_of, lock_team, ruleset_for_key
from teams.services.treasury import post_to_ledger

# Dedicated Fans (or a classic Fan Factor) an import may bring: above any ruleset's.
MAX_FANS = 99


class SourceFormat(models.TextChoices):
    DUGOUT = "dugout", gettext_lazy("Dugout team export (JSON)")
    FUMBBL = "fumbbl", gettext_lazy("FUMBBL team (JSON from its API, or XML)")
    NAFLM = "naflm", gettext_lazy("NAFLM / OBBLM team import (XML)")


@dataclass(frozen=True)
class ImportRequest:
    """What a coach sends: the file's kind and text, the ruleset to map it to (the
    file's own for a Dugout export), and a name for the team if not the file's."""

    source_format: str
    content: str | bytes
    ruleset_key: str = ""
    name: str = ""


def _json(content: str | bytes) -> Any:
    try:
        return json.loads(content)
    except (ValueError, UnicodeDecodeError):
        raise InterchangeError(_("The file is not JSON")) from None


def read_file(request: ImportRequest) -> TeamIn:
    """The file's team, not yet checked against a ruleset."""
    if len(request.content) > MAX_UPLOAD_BYTES:
        raise InterchangeError(
            _("A team file may be at most %(most)s bytes") % {"most": f"{MAX_UPLOAD_BYTES:,}"}
        )
    if request.source_format == SourceFormat.DUGOUT:
        return read_dugout(_json(request.content))
    if request.source_format == SourceFormat.FUMBBL:
        if looks_like_xml(request.content):
            return read_fumbbl_xml(request.content)
        return read_fumbbl(_json(request.content))
    if request.source_format == SourceFormat.NAFLM:
        return read_naflm(request.content)
    raise InterchangeError(
        _("Choose the file's format: one of %(formats)s")
        % {"formats": ", ".join(SourceFormat.values)}
    )


def _ruleset(request: ImportRequest, team: TeamIn) -> Ruleset:
    key = team.ruleset or request.ruleset_key
    if not key:
        raise InterchangeError(_("Choose the ruleset the team plays (the file does not say)"))
    return ruleset_for_key(key)


def _team_problems(team: TeamIn, ruleset: Ruleset, mapped: Mapped) -> list[str]:
    rules = draft_rules_of(ruleset)
    problems = []
    if len(team.players) > MAX_PLAYERS:
        problems.append(_("A team file lists at most %(most)s players") % {"most": MAX_PLAYERS})
    if team.dedicated_fans > MAX_FANS:
        problems.append(
            _("Dedicated Fans (or a Fan Factor) may be at most %(most)s") % {"most": MAX_FANS}
        )
    if not team.name or len(team.name) > TEAM_NAME_MAX:
        problems.append(
            _("The team needs a name of at most %(most)s characters") % {"most": TEAM_NAME_MAX}
        )
    elif (existing := team_name_taken(team.name)) is not None:
        problems.append(
            _("%(taken)s (give the import another name)")
            % {"taken": taken_message(team.name, existing)}
        )
    if team.rerolls > rules.max_rerolls:
        problems.append(
            _("A team may have at most %(most)s team re-rolls; the file has %(count)s")
            % {"most": rules.max_rerolls, "count": team.rerolls}
        )
    if team.assistant_coaches > rules.max_assistant_coaches:
        problems.append(
            _("A team may have at most %(most)s assistant coaches; the file has %(count)s")
            % {"most": rules.max_assistant_coaches, "count": team.assistant_coaches}
        )
    if team.cheerleaders > rules.max_cheerleaders:
        problems.append(
            _("A team may have at most %(most)s cheerleaders; the file has %(count)s")
            % {"most": rules.max_cheerleaders, "count": team.cheerleaders}
        )
    choices = mapped.roster.special_rule_choices
    if team.special_rule_choice and team.special_rule_choice not in choices:
        values = {
            "roster": mapped.roster.name,
            "choice": repr(team.special_rule_choice),
            "choices": ", ".join(choices),
        }
        problems.append(
            _("%(roster)s teams choose no special rule %(choice)s; choose one of %(choices)s")
            % values
            if choices
            else _("%(roster)s teams choose no special rule %(choice)s") % values
        )
    if team.apothecary and not mapped.roster.apothecary_allowed:
        problems.append(
            _("%(roster)s teams may not have an apothecary") % {"roster": mapped.roster.name}
        )
    return problems


def _player_problems(player: PlayerIn, position: Position) -> list[str]:
    who = {"number": player.number, "name": player.name}
    problems = []
    if not 1 <= player.number <= MAX_PLAYER_NUMBER:
        problems.append(
            _("#%(number)s %(name)s: shirt numbers run from 1 to %(most)s")
            % {**who, "most": MAX_PLAYER_NUMBER}
        )
    if not player.name or len(player.name) > PLAYER_NAME_MAX:
        problems.append(
            _("#%(number)s %(name)s: a player's name is at most %(most)s characters")
            % {**who, "most": PLAYER_NAME_MAX}
        )
    if player.spp_spent > player.spp_earned:
        problems.append(
            _("#%(number)s %(name)s spent more SPP (%(spent)s) than he earned")
            % {**who, "spent": player.spp_spent}
        )
    if player.advancements > MAX_ADVANCEMENTS:
        problems.append(
            _("#%(number)s %(name)s has %(count)s advancements; at most %(most)s")
            % {**who, "count": player.advancements, "most": MAX_ADVANCEMENTS}
        )
    if len(player.skills) > MAX_PER_PLAYER or len(player.injuries) > MAX_PER_PLAYER:
        problems.append(
            _("#%(number)s %(name)s: at most %(most)s skills gained and injuries each")
            % {**who, "most": MAX_PER_PLAYER}
        )
    if player.niggling_injuries > MAX_PER_PLAYER:
        problems.append(
            _("#%(number)s %(name)s: at most %(most)s niggling injuries")
            % {**who, "most": MAX_PER_PLAYER}
        )
    skills = [skill for skill, _source in player.skills]
    if len(set(skills)) != len(skills):
        problems.append(_("#%(number)s %(name)s lists a skill twice") % who)
    for injury in player.injuries:
        if (injury.kind == InjuryRecord.Kind.LASTING) != bool(injury.characteristic):
            problems.append(
                _("#%(number)s %(name)s: a lasting injury, and only one, names a characteristic")
                % who
            )
    for name, change in player.changes.items():
        printed = getattr(position, name)
        if printed is None or not 1 <= printed + change <= 12:
            problems.append(
                _(
                    "#%(number)s %(name)s: %(characteristic)s %(printed)s cannot change by "
                    "%(change)s"
                )
                % {
                    **who,
                    "characteristic": name.upper(),
                    "printed": printed,
                    "change": f"{change:+}",
                }
            )
    return problems


def _checked(request: ImportRequest) -> tuple[TeamIn, Ruleset, Mapped]:
    team = read_file(request)
    if request.name.strip():
        team.name = request.name
    team.name = clean_name(team.name).strip()
    ruleset = _ruleset(request, team)
    mapped = map_team(team, ruleset)
    problems = _team_problems(team, ruleset, mapped)
    active: set[int] = set()
    for player, position in zip(team.players, mapped.positions, strict=True):
        player.name = clean_name(player.name).strip()
        problems += _player_problems(player, position)
        if player.status == PlayerStatus.ACTIVE:
            if player.number in active:
                problems.append(
                    _("Two players of the team wear number %(number)s") % {"number": player.number}
                )
            active.add(player.number)
    if problems:
        raise InterchangeError(problems)
    return team, ruleset, mapped


def import_team(actor: Actor, request: ImportRequest) -> Team:
    """A new team of ``actor`` from an import file; every problem at once in one
    InterchangeError, nothing written."""
    if not isinstance(actor, User) or not actor.has_perm("teams.add_team"):
        raise PermissionDenied(_("Sign in to import a team."))
    team_in, ruleset, mapped = _checked(request)
    with transaction.atomic():
        team = lock_team(_create_team(actor, team_in, ruleset))
        post_to_ledger(
            team,
            team_in.treasury,
            LedgerReason.IMPORT,
            say("Imported from {source}", source=team_in.source),
            actor,
        )
        players = _create_players(team, team_in, ruleset, mapped)
        log_action(
            actor,
            "team.import",
            say(
                "{coach} imported {team} ({roster}) from {source}: {players}, "
                "{treasury} gp in the treasury.",
                coach=actor.get_username(),
                team=team.name,
                roster=mapped.roster.name,
                source=english(team_in.source),
                players=say_plural("{count} player", "{count} players", len(players)),
                treasury=thousands(team.treasury),
            ),
            team=team,
            source=english(team_in.source),
            ruleset=ruleset.key,
            roster=mapped.roster.slug,
            players=len(players),
            treasury_after=team.treasury,
            **team_in.kept,
        )
        return team


def _create_team(actor: User, team: TeamIn, ruleset: Ruleset) -> Team:
    try:
        with transaction.atomic():
            return Team.objects.create(
                name=team.name,
                coach=actor,
                ruleset=ruleset.key,
                roster_slug=team.roster,
                special_rule_choice=team.special_rule_choice,
                rerolls=team.rerolls,
                assistant_coaches=team.assistant_coaches,
                cheerleaders=team.cheerleaders,
                apothecary=team.apothecary,
                dedicated_fans=team.dedicated_fans,
                status=TeamStatus.ACTIVE,
            )
    except IntegrityError:
        raise InterchangeError(
            _("A team named %(name)s already exists") % {"name": repr(team.name)}
        ) from None


def _player_row(team: Team, player: PlayerIn, position: Position, now: Any) -> Player:
    row = Player(
        team=team,
        name=player.name,
        number=player.number,
        position_slug=position.slug,
        spp_earned=player.spp_earned,
        spp_spent=player.spp_spent,
        advancements=player.advancements,
        value_increases=player.value_increases,
        niggling_injuries=player.niggling_injuries,
        miss_next_game=player.miss_next_game,
        temporarily_retired=player.temporarily_retired,
        journeyman=player.journeyman,
        status=player.status,
        left_at=None if player.status == PlayerStatus.ACTIVE else now,
    )
    for name in CHARACTERISTICS:
        printed = getattr(position, name)
        setattr(row, name, None if printed is None else printed + player.changes.get(name, 0))
    return row


def _create_players(team: Team, team_in: TeamIn, ruleset: Ruleset, mapped: Mapped) -> list[Player]:
    now = timezone.now()
    rows = [
        _player_row(team, player, position, now)
        for player, position in zip(team_in.players, mapped.positions, strict=True)
    ]
    for row in rows:
        row.current_value = current_value(ruleset, mapped.roster, row)
    rows = Player.objects.bulk_create(rows)
    PlayerSkill.objects.bulk_create(
        PlayerSkill(player=row, skill=skill, source=source)
        for row, player in zip(rows, team_in.players, strict=True)
        for skill, source in player.skills
    )
    InjuryRecord.objects.bulk_create(
        InjuryRecord(
            player=row,
            kind=injury.kind,
            characteristic=injury.characteristic,
            note=injury.note,
            source=injury.source,
        )
        for row, player in zip(rows, team_in.players, strict=True)
        for injury in player.injuries
    )
    return rows
