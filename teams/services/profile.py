"""A team's page as its coach dresses it: the logo and the description.

Like every team service: the acting user first, ``teams.change_team`` checked (the
coach, a commissioner of a league the team plays in, a superuser), one transaction
with the team row locked, an audit row (``teams.audit.log_action``, which bumps the
team's and its league's versions so cached pages refresh). A refusal is a
``TeamProfileError`` naming the field, and changes nothing.

A logo's file is checked and re-encoded (teams/logos.py) and written to the default
storage before the row changes: the file it replaces is deleted once the change
commits, the new one at once if the change fails.
"""

from __future__ import annotations

from typing import Protocol

from django.core.files.storage import default_storage
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.wording import Wording, say
from teams.audit import log_action
from teams.errors import TeamProfileError
from teams.logos import MAX_BYTES, logo_file
from teams.models import LOGO_DIRECTORY, TEAM_DESCRIPTION_MAX, Team
from teams.services._common import lock_team, require_change


class Upload(Protocol):
    """An uploaded file as Django hands it over (``UploadedFile``)."""

    @property
    def size(self) -> int | None: ...

    def read(self, size: int = -1, /) -> bytes: ...


def _delete_file(name: str) -> None:
    if name:
        default_storage.delete(name)


def _read_upload(upload: Upload | None) -> bytes:
    if upload is None:
        raise TeamProfileError(_("Choose an image file to upload."), field="logo")
    if upload.size is not None and upload.size > MAX_BYTES:
        raise TeamProfileError(
            _("That file is %(size)s MiB: upload an image of at most %(most)s MiB.")
            % {
                "size": number_format(upload.size / 1024 / 1024, decimal_pos=1),
                "most": MAX_BYTES // 1024 // 1024,
            },
            field="logo",
        )
    return upload.read(MAX_BYTES + 1)


def _replace_logo(actor: Actor | None, team: Team, name: str, message: Wording) -> Team:
    with transaction.atomic():
        locked = lock_team(team)
        previous = locked.logo.name
        locked.logo.name = name
        locked.save(update_fields=["logo", "updated_at"])
        log_action(actor, "team.change_logo", message, team=locked)
        if previous and previous != name:
            transaction.on_commit(lambda: _delete_file(previous))
    return locked


def set_team_logo(actor: Actor | None, team: Team, upload: Upload | None) -> Team:
    """Make ``upload`` the team's logo (resized and re-encoded, teams/logos.py)."""
    require_change(actor, team)
    made = logo_file(team.pk, _read_upload(upload))
    saved = default_storage.save(f"{LOGO_DIRECTORY}{made.name}", made)
    try:
        return _replace_logo(actor, team, saved, say("{team} has a new logo.", team=team.name))
    except BaseException:
        _delete_file(saved)
        raise


def remove_team_logo(actor: Actor | None, team: Team) -> Team:
    """Take the team's logo down (its page shows none)."""
    require_change(actor, team)
    if not team.logo:
        return team
    return _replace_logo(actor, team, "", say("{team} took its logo down.", team=team.name))


def set_team_description(actor: Actor | None, team: Team, description: object) -> Team:
    """Set the team's description (Markdown; empty removes it)."""
    require_change(actor, team)
    if not isinstance(description, str):
        raise TeamProfileError(_("The description must be text."), field="description")
    description = description.strip()
    if len(description) > TEAM_DESCRIPTION_MAX:
        raise TeamProfileError(
            _("Shorten the description to at most %(most)s characters (it has %(count)s).")
            % {
                "most": number_format(TEAM_DESCRIPTION_MAX, force_grouping=True),
                "count": number_format(len(description), force_grouping=True),
            },
            field="description",
        )
    with transaction.atomic():
        locked = lock_team(team)
        if locked.description == description:
            return locked
        locked.description = description
        locked.save(update_fields=["description", "updated_at"])
        log_action(
            actor,
            "team.change_description",
            say("{team} has a new description.", team=locked.name),
            team=locked,
        )
    return locked
