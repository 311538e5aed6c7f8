"""The one choice a team drafted before it was asked makes later: its Team League or
its Favoured of ... (BB2025, league facts section 2: "a roster with two leagues picks
exactly one"; Chaos Chosen and Chaos Renegades pick a Favoured of ...).

Teams of those rosters drafted before the draft asked have no ``special_rule_choice``,
and a team without one is read as holding every option. Their coach makes the choice
once, from the team sheet or the API; it never changes after (section 13.6), so a
second choice is refused. Which rosters choose, and what, is the roster's
(``choice_kind``, ``special_rule_choices``): a roster with nothing to choose is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.ruleset import Roster
from rules_engine.wording import Shown, say
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import Team
from teams.services._common import lock_team, require_active, require_change, roster_of, ruleset_of

FIELD = "special_rule_choice"
# What the choice is called, by the roster's ``choice_kind``.
LABELS = {"team_league": "Team League", "favoured_of": "Favoured of"}


class SpecialRuleChoiceError(TeamError):
    """A choice refused: shown on the choice's field (page and API)."""

    field = FIELD


@dataclass(frozen=True)
class ChoiceToMake:
    """What the team still has to choose: "Team League" or "Favoured of", and the
    options as (value, what the coach reads)."""

    label: str
    options: tuple[tuple[str, str], ...]


def _kind(roster: Roster) -> str | None:
    kind: Any = getattr(roster, "choice_kind", None)  # only rosters with such a choice
    return kind if kind in LABELS and roster.special_rule_choices else None


def _option_text(roster: Roster, label: str, option: str) -> Shown:
    """An option as a coach reads it: "Old World Classic (also Hatred (Orc))"."""
    text = option.removeprefix(f"{label} ")
    brought = dict(getattr(roster, "league_special_rules", ())).get(option, ())
    if not brought:
        return text
    return say("{option} (also {rules})", option=text, rules=", ".join(brought))


def choice_to_make(team: Team, roster: Roster | None = None) -> ChoiceToMake | None:
    """The choice the team has yet to make, or None (made already, or nothing to choose)."""
    if team.special_rule_choice:
        return None
    roster = roster if roster is not None else roster_of(team, ruleset_of(team))
    kind = _kind(roster)
    if kind is None:
        return None
    label = LABELS[kind]
    options = tuple((o, str(_option_text(roster, label, o))) for o in roster.special_rule_choices)
    return ChoiceToMake(label, options)


def choose_special_rule(actor: Actor, team: Team | int, choice: Any) -> Team:
    """Record the team's Team League (or Favoured of ...), once. Refused: a roster
    with nothing to choose, a team that chose already, an option the roster lacks."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        roster = roster_of(team, ruleset_of(team))
        kind = _kind(roster)
        if kind is None:
            raise SpecialRuleChoiceError(
                _("%(roster)s teams have no %(league)s or %(favoured)s ... to choose")
                % {"roster": roster.name, "league": "Team League", "favoured": "Favoured of"}
            )
        label = LABELS[kind]
        if team.special_rule_choice:
            chosen = str(_option_text(roster, label, team.special_rule_choice))
            raise SpecialRuleChoiceError(
                _(
                    "%(team)s has already chosen its %(label)s: %(choice)s. It never changes "
                    "once chosen."
                )
                % {"team": team.name, "label": label, "choice": chosen}
            )
        if not isinstance(choice, str) or choice not in roster.special_rule_choices:
            options = ", ".join(roster.special_rule_choices)
            raise SpecialRuleChoiceError(
                _("Choose %(team)s's %(label)s: one of %(options)s (%(choice)s is not one)")
                % {"team": team.name, "label": label, "options": options, "choice": repr(choice)}
            )
        team.special_rule_choice = choice
        team.save(update_fields=[FIELD, "updated_at"])
        log_action(
            actor,
            "team.choose_special_rule",
            say(
                "{team} chose its {label}: {choice}.",
                team=team.name,
                label=label,
                choice=_option_text(roster, label, choice),
            ),
            team=team,
            special_rule_choice=choice,
        )
        return team
