"""The re-draft pages' Team Captain field (``teams.services.captain``): one choice among
the players re-hired and the first new player of each position, as the coach reads it;
the service's keyword arguments from it; and its messages on the form."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS as NONE
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules_engine.draft import draft_rules_for
from rules_engine.ruleset import Roster, Ruleset
from teams.services.captain import CAPTAIN, CAPTAIN_PLAYER, current_captain

PLAYER_PREFIX = "player:"
NEW_PREFIX = "new:"


def captain_field(
    ruleset: Ruleset, roster: Roster, candidates: Iterable[Any]
) -> forms.Field | None:
    """The field where the roster names a Team Captain (None elsewhere); its first
    choice keeps the captain re-hired, or asks for one."""
    rules = draft_rules_for(ruleset)
    if not rules.names_team_captain(roster):
        return None
    players = [c.player for c in candidates]
    ordinary = [p for p in roster.positions.values() if not p.big_guy]
    slugs = {p.slug for p in ordinary}
    current = current_captain(ruleset, players)
    keep = (
        _("#%(number)s %(name)s stays captain (if re-hired)")
        % {"number": current.number, "name": current.name}
        if current is not None
        else _("— choose —")
    )
    choices: list[tuple[str, Any]] = [("", keep)]
    choices.append(
        (
            _("A player re-hired"),
            [
                (f"{PLAYER_PREFIX}{p.pk}", f"#{p.number} {p.name}")
                for p in players
                if p.position_slug in slugs
            ],
        )
    )
    choices.append(
        (
            _("The first new player hired as"),
            [(f"{NEW_PREFIX}{p.slug}", p.name) for p in ordinary],
        )
    )
    return forms.ChoiceField(
        label=_("Team Captain"),
        required=False,
        choices=choices,
        initial=f"{PLAYER_PREFIX}{current.pk}" if current is not None else "",
        help_text=_("The captain has %(skill)s while captain; a Big Guy cannot be captain.")
        % {"skill": rules.captain_skill},
        error_messages={"invalid_choice": _("Choose the Team Captain among those listed.")},
    )


def captain_kwargs(value: Any) -> dict[str, Any]:
    """``team_captain`` / ``team_captain_player`` for the services from the field."""
    value = value or ""
    if value.startswith(PLAYER_PREFIX):
        return {"team_captain": None, "team_captain_player": value[len(PLAYER_PREFIX) :]}
    if value.startswith(NEW_PREFIX):
        return {"team_captain": value[len(NEW_PREFIX) :], "team_captain_player": None}
    return {"team_captain": None, "team_captain_player": None}


def add_field_errors(form: forms.Form, error: ValidationError) -> None:
    """A service's ValidationError on the form: the captain's messages on the captain's
    field, every other message for the whole form (as the page lists them)."""
    by_field = error.message_dict if hasattr(error, "error_dict") else {NONE: error.messages}
    for name, messages in by_field.items():
        on_captain = name in (CAPTAIN, CAPTAIN_PLAYER) and CAPTAIN in form.fields
        for message in messages:
            form.add_error(CAPTAIN if on_captain else None, message)
