"""Forms of the re-draft pages: the re-draft between seasons and the re-draft into
another edition. Only choices: the budget, the fees and the prices are the server's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from rules_engine.draft import DraftRules, draft_rules_for
from rules_engine.edition_change.moves import COACHS_CHOICE, SAME_NAME, SAME_SLUG
from rules_engine.ruleset import Position, Roster, Ruleset
from teams.forms import POSITION_PREFIX, count_field, form_value
from teams.forms_captain import captain_field, captain_kwargs
from teams.services.captain import CAPTAIN
from teams.templatetags.dugout import gp

# How a player's new position was found (the engine's ``MappedPlayer.position_source``).
MAPPED_BY = {
    SAME_SLUG: gettext_lazy("Mapped by same position"),
    SAME_NAME: gettext_lazy("Mapped by same name"),
    COACHS_CHOICE: gettext_lazy("Mapped by coach's choice"),
}

REHIRE_PREFIX = "rehire_"
HIRE_PREFIX = "hire_"
# One field per position over its new maximum at a change of edition: the players kept.
KEEP_PREFIX = "keep_"


class RedraftForm(forms.Form):
    """A re-draft between seasons: who is re-hired (ticked), how many of each position
    are hired, re-rolls and staff. Only choices: the budget and the re-hire fees are the
    server's (``teams.services.redraft``)."""

    def __init__(
        self, ruleset: Ruleset, roster: Roster, candidates: list[Any], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.roster = roster
        self.candidates = candidates
        rules: DraftRules = draft_rules_for(ruleset)
        for candidate in candidates:
            player = candidate.player
            self.fields[f"{REHIRE_PREFIX}{player.pk}"] = forms.BooleanField(
                label=f"#{player.number} {player.name}",
                required=False,
                initial=True,
                help_text=ngettext(
                    "%(fee)s (%(count)d season played)",
                    "%(fee)s (%(count)d seasons played)",
                    candidate.seasons,
                )
                % {"fee": gp(candidate.fee), "count": candidate.seasons},
            )
        for position in roster.positions.values():
            self.fields[HIRE_PREFIX + position.slug] = count_field(
                _("New %(positions)s") % {"positions": position.plural_name()},
                0,
                position.max_count,
                0,
                _("0–%(most)d in all, %(cost)s each")
                % {"most": position.max_count, "cost": gp(position.cost)},
            )
        each = _("%(cost)s each")
        self.fields["rerolls"] = count_field(
            _("Team re-rolls"), 0, rules.max_rerolls, 0, each % {"cost": gp(roster.reroll_cost)}
        )
        self.fields["assistant_coaches"] = count_field(
            _("Assistant coaches"),
            0,
            rules.max_assistant_coaches,
            0,
            each % {"cost": gp(roster.assistant_coach_cost)},
        )
        self.fields["cheerleaders"] = count_field(
            _("Cheerleaders"),
            0,
            rules.max_cheerleaders,
            0,
            each % {"cost": gp(roster.cheerleader_cost)},
        )
        if roster.apothecary_allowed:
            self.fields["apothecary"] = forms.BooleanField(
                label=_("Apothecary"), required=False, help_text=gp(roster.apothecary_cost or 0)
            )
        captain = captain_field(ruleset, roster, candidates)
        if captain is not None:
            self.fields[CAPTAIN] = captain

    def rehire_fields(self) -> list[tuple[forms.BoundField, Any, str]]:
        """Each player to re-hire: his tick box, the candidate (fee, seasons) and his
        position's name as the roster data names it."""
        return [
            (self[f"{REHIRE_PREFIX}{c.player.pk}"], c, self.position_name(c.player.position_slug))
            for c in self.candidates
        ]

    def position_name(self, slug: str, old_first: bool = False) -> str:
        """The name of the position ``slug`` as the roster data names it: in this
        form's ruleset, else in the one the team comes from (``name_rulesets``; that
        one first with ``old_first``)."""
        rulesets = self.name_rulesets()
        for ruleset in reversed(rulesets) if old_first else rulesets:
            try:
                return ruleset.position(slug).name
            except KeyError:
                continue
        return slug

    def name_rulesets(self) -> list[Ruleset]:
        return [self.ruleset]

    def hire_fields(self) -> list[tuple[forms.BoundField, Position]]:
        return [(self[HIRE_PREFIX + p.slug], p) for p in self.roster.positions.values()]

    def staff_fields(self) -> list[forms.BoundField]:
        names = ["rerolls", "assistant_coaches", "cheerleaders", "apothecary"]
        return [self[name] for name in names if name in self.fields]

    def _value(self, name: str, default: Any) -> Any:
        return form_value(self, name, default)

    def choices(self) -> dict[str, Any]:
        """Keyword arguments for ``redraft_team`` / ``plan_redraft``: the choices only."""
        if self.is_bound:
            self.is_valid()
        return {
            "rehire": [
                c.player.pk
                for c in self.candidates
                if self._value(f"{REHIRE_PREFIX}{c.player.pk}", False)
            ],
            "hire": {
                position.slug: self._value(HIRE_PREFIX + position.slug, 0)
                for position in self.roster.positions.values()
                if self._value(HIRE_PREFIX + position.slug, 0)
            },
            "rerolls": self._value("rerolls", 0),
            "assistant_coaches": self._value("assistant_coaches", 0),
            "cheerleaders": self._value("cheerleaders", 0),
            "apothecary": bool(self._value("apothecary", False)),
            **captain_kwargs(self._value(CAPTAIN, "")),
        }

    def input_problems(self) -> list[str]:
        """The form's own errors (a count that is not a number), as sentences."""
        if not self.is_bound:
            return []
        self.is_valid()
        return [str(message) for errors in self.errors.values() for message in errors]


class EditionChangeForm(RedraftForm):
    """A re-draft into another edition (``teams.services.edition_change``): the
    re-draft's choices, each permanent player's new position (the mapping's, or the
    suggestion where the coach chooses), whom he keeps on each position over its new
    maximum (ticked boxes, ``keep_<position slug>``: the players there are not in the
    re-hire list), the team's option where the old one cannot carry, and the
    confirmation that what cannot carry over is lost."""

    def __init__(
        self,
        ruleset: Ruleset,
        roster: Roster,
        candidates: list[Any],
        mapping: Any,
        *args: Any,
        **kwargs: Any,
    ) -> None:
        super().__init__(ruleset, roster, candidates, *args, **kwargs)
        self.mapping = mapping
        # A player on a position over its new maximum is kept (and re-hired) by the
        # coach's choice there, not by the re-hire list.
        over = mapping.over_limit_ids
        for candidate in candidates:
            if candidate.player.pk in over:
                del self.fields[f"{REHIRE_PREFIX}{candidate.player.pk}"]
        self.candidates = [c for c in candidates if c.player.pk not in over]
        for overflow in mapping.over_limit:
            self.fields[KEEP_PREFIX + overflow.position_slug] = forms.MultipleChoiceField(
                label=_("%(positions)s to keep (0-%(most)d in %(edition)s)")
                % {
                    "positions": overflow.plural_name,
                    "most": overflow.maximum,
                    "edition": overflow.edition_name,
                },
                required=False,
                widget=forms.CheckboxSelectMultiple,
                choices=[(str(p.id), str(p)) for p in overflow.players],
                initial=[str(pid) for pid in overflow.kept or ()],
                help_text=_("Tick %(most)d or fewer; the others leave the team.")
                % {"most": overflow.maximum},
            )
        choices = {c.player_id: c for c in mapping.choices}
        choose = _("— choose —")
        options = [("", choose)] + [(p.slug, p.name) for p in roster.positions.values()]
        for player in mapping.players:
            choice = choices.get(player.id)
            self.fields[f"{POSITION_PREFIX}{player.id}"] = forms.ChoiceField(
                label=f"#{player.number} {player.name}",
                required=False,
                choices=options,
                initial=player.position_slug or (choice.suggested if choice else "") or "",
                help_text=(
                    _("%(ruleset)s's %(roster)s roster has no %(position)s: choose his position")
                    % {"ruleset": ruleset.name, "roster": roster.name, "position": choice.from_name}
                    if choice
                    else MAPPED_BY.get(player.position_source, "")
                ),
            )
        if mapping.special_rule_options:
            self.fields["special_rule_choice"] = forms.ChoiceField(
                label=_("Team option"),
                required=False,
                choices=[("", choose)] + [(o, o) for o in mapping.special_rule_options],
                initial=mapping.special_rule_choice or "",
            )
        self.fields["confirm_losses"] = forms.BooleanField(
            label=_("I confirm that what cannot carry over is lost"),
            required=False,
        )

    def name_rulesets(self) -> list[Ruleset]:
        """The new edition's positions, then the old one's (a position not mapped yet)."""
        return [self.ruleset, self.mapping.move.from_ruleset()]

    def keep_fields(self) -> list[tuple[forms.BoundField, Any]]:
        return [(self[KEEP_PREFIX + o.position_slug], o) for o in self.mapping.over_limit]

    def keep(self) -> dict[str, list[int]]:
        """Whom the coach keeps, by position; a position with nothing ticked is not
        chosen yet (the service asks for it, naming the position)."""
        out: dict[str, list[int]] = {}
        for overflow in self.mapping.over_limit:
            ticked = self._value(KEEP_PREFIX + overflow.position_slug, [])
            if ticked:
                out[overflow.position_slug] = [int(pid) for pid in ticked]
        return out

    def position_fields(self) -> list[tuple[forms.BoundField, Any, str]]:
        """Each permanent player: his new position's choice, the mapped player and the
        name of the position he had."""
        return [
            (
                self[f"{POSITION_PREFIX}{p.id}"],
                p,
                self.position_name(p.from_position, old_first=True),
            )
            for p in self.mapping.players
        ]

    def positions(self) -> dict[int, str]:
        out = {}
        for player in self.mapping.players:
            value = self._value(f"{POSITION_PREFIX}{player.id}", "")
            if value:
                out[player.id] = value
        return out

    def choices(self) -> dict[str, Any]:
        chosen = super().choices()
        chosen["positions"] = self.positions()
        chosen["keep"] = self.keep()
        chosen["special_rule_choice"] = self._value("special_rule_choice", "") or None
        chosen["confirm_losses"] = bool(self._value("confirm_losses", False))
        return chosen
