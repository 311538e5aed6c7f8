"""A commissioner's backups from the pages and the API: his league's backup to
download (``league_backup``), and a backup restored as a NEW league he runs
(``restore_as_new_league``).

The restore is ``backups.importer.import_league`` with the same checks as
``manage.py import_league`` (every problem at once, nothing written); before them the
document is made a new league's: the name the commissioner gives, the commissioner
himself as its only commissioner, and the teams whose names this site holds already
renamed "<name> (restored)" (a team name is unique across the site, and the league
restored beside the one it was taken from needs its own teams). The backup's users
are kept only where they are the restorer's people on this site (the coaches and
commissioners of the leagues he runs); every other user it names becomes the
restorer, who hands their teams on from the team's page: an upload never creates an
account, nor gives a team, an audit sentence, a news post or a match report to someone
who never took part (the league's coaches who are not kept are left out of it).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from backups.export import export_league
from backups.importer import import_league
from backups.sections import SECTIONS, BackupError
from core.types import Actor
from leagues.models import League
from leagues.permissions import signed_in
from rules_engine.wording import say
from teams.audit import log_action
from teams.models import TEAM_NAME_MAX, Team
from teams.names import skeleton

# The most a backup upload may weigh: a league of several seasons, with every dice
# roll of every match, stays well under it.
MAX_BACKUP_BYTES = 20_000_000
RESTORED = "restored"


def can_download(actor: Actor, league: League) -> bool:
    return bool(actor.is_authenticated and actor.has_perm("leagues.manage_league", league))


def league_backup(actor: Actor, league: League) -> dict[str, Any]:
    """The league's backup (``export_league``) for one of its commissioners. Coaches'
    e-mail addresses stay on the site: a restore creates a missing coach without one."""
    if not can_download(actor, league):
        raise PermissionDenied(_("Only a commissioner of the league may download its backup."))
    document = export_league(league)
    for user in document["users"]:
        user["email"] = ""
    return document


def backup_filename(league: League) -> str:
    return f"league-{league.pk}.dugout-league.json"


def read_backup(content: bytes) -> dict[str, Any]:
    """The uploaded file as a backup document; BackupError when it is not JSON."""
    if len(content) > MAX_BACKUP_BYTES:
        raise BackupError(
            _("The file is %(size)s bytes; a backup may be at most %(limit)s bytes.")
            % {
                "size": number_format(len(content), force_grouping=True),
                "limit": number_format(MAX_BACKUP_BYTES, force_grouping=True),
            }
        )
    try:
        document = json.loads(content.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BackupError(_("The file is not a Dugout league backup (it is not JSON).")) from None
    if not isinstance(document, dict):
        raise BackupError(_("The file is not a Dugout league backup."))
    return document


def _renamed_teams(document: dict[str, Any]) -> None:
    """Each team whose name (or a look-alike) this site holds, or another team of the
    backup took, gets "(restored)" after its name, numbered if need be."""
    teams = document.get("teams")
    if not isinstance(teams, list):
        return  # the checks say what is wrong
    taken = {skeleton(n) for n in Team.objects.values_list("name", flat=True).iterator()}
    for team in teams:
        name = team.get("name") if isinstance(team, dict) else None
        if not isinstance(name, str):
            continue
        new, number = name, 1
        while skeleton(new) in taken:
            suffix = f" ({RESTORED})" if number == 1 else f" ({RESTORED} {number})"
            new = name[: TEAM_NAME_MAX - len(suffix)] + suffix
            number += 1
        team["name"] = new
        taken.add(skeleton(new))


def people_of(user: Any) -> set[str]:
    """The usernames a restore by ``user`` may keep: his own, and those of the coaches
    and commissioners of the leagues he runs on this site."""
    runs = League.objects.filter(commissioners=user)
    people = get_user_model().objects.filter(
        Q(pk=user.pk)
        | Q(commissioned_leagues__in=runs)
        | Q(coached_leagues__in=runs)
        | Q(teams__league_entries__season__league__in=runs)
    )
    field = get_user_model().USERNAME_FIELD
    return {str(name) for name in people.values_list(field, flat=True).distinct()}


def _users_as_restorer(document: dict[str, Any], restorer: Any) -> None:
    """Every user of the backup who is not among ``people_of(restorer)`` is replaced by
    the restorer, in the users and in every row naming one: a restore neither creates
    accounts nor hands teams (or audit sentences) to strangers."""
    keep = people_of(restorer)
    mine = restorer.get_username()
    users = document.get("users")
    if not isinstance(users, list):
        return  # the checks say what is wrong
    kept = [u for u in users if isinstance(u, dict) and u.get("username") in keep]
    if mine not in {u["username"] for u in kept}:
        kept.append({"username": mine})
    document["users"] = kept
    league = document.get("league")
    if isinstance(league, dict) and isinstance(league.get("coaches"), list):
        # A coach of the league who is not kept is not one of the new league's.
        league["coaches"] = [c for c in league["coaches"] if c in keep]
    for section, _model, fks in SECTIONS:
        rows = document.get(section)
        for row in rows if isinstance(rows, list) else []:
            for attname, target in fks.items():
                value = row.get(attname) if isinstance(row, dict) else None
                if target == "user" and isinstance(value, str) and value not in keep:
                    row[attname] = mine


def _as_new_league(document: dict[str, Any], name: str, commissioner: Any) -> dict[str, Any]:
    document = copy.deepcopy(document)
    league = document.get("league")
    if isinstance(league, dict):
        if name:
            league["name"] = name
        league["commissioners"] = [commissioner.get_username()]
    _users_as_restorer(document, commissioner)
    _renamed_teams(document)
    return document


def restore_as_new_league(actor: Actor, document: dict[str, Any], name: str = "") -> League:
    """The league of a backup ``document``, restored as a new league whose only
    commissioner is ``actor``, named ``name`` (the backup's name when blank). Refused
    with every problem of the document (BackupError), nothing written."""
    if not actor.is_authenticated or not actor.has_perm("leagues.add_league"):
        raise PermissionDenied(_("Sign in to restore a league."))
    user = signed_in(actor)
    name = name.strip()
    if name and League.objects.filter(name__iexact=name).exists():
        error = BackupError(
            _("A league named %(name)s exists already: choose another name.") % {"name": repr(name)}
        )
        error.field = "name"  # type: ignore[attr-defined]  # the form and the API name the input
        raise error
    with transaction.atomic():
        league = import_league(_as_new_league(document, name, user))
        log_action(
            user,
            "league.restore",
            say(
                "{coach} restored {league} from a backup.",
                coach=user.get_username(),
                league=league.name,
            ),
            league=league,
            teams=league.seasons.values("entries__team").distinct().count(),
        )
    return league
