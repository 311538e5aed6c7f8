"""Forms of the teams pages. They check what a form can (a number is a number);
the rules are the engine's and the services', whose sentences become form errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.i18n import filled_lazy
from rules_engine import DraftCost, DraftProposal, draft_cost, validate_draft
from rules_engine.draft import (
    DraftRules,
    draft_rules_for,
    special_rule_choice_problems,
    team_captain_problems,
)
from rules_engine.errors import RulesError
from rules_engine.ruleset import Position, Roster, Ruleset
from teams.models import MAX_PLAYER_NUMBER, TEAM_NAME_MAX, Advancement
from teams.names import NameFormField
from teams.services import StaffKind
from teams.templatetags.dugout import fans_label, gp

PLAYER_NAME_MAX = 100
POSITION_PREFIX = "position_"


def add_rules_errors(form: forms.Form, error: RulesError) -> None:
    """Each of the engine's or a service's reasons as an error of the whole form,
    once: a reason the form already shows is not added again."""
    for message in dict.fromkeys(error.messages):
        if message not in form.non_field_errors():
            form.add_error(None, message)


def count_field(
    label: str, low: int, high: int, initial: int, help_text: str, what: str | None = None
) -> forms.Field:
    """A count of something (players of a position, re-rolls, staff, fans); ``what`` is
    how its error names it ("Human Linemen", "team re-rolls"; the label lowercased if
    not given: pass a name, which keeps its capitals)."""
    what = what if what is not None else label.lower()
    return forms.IntegerField(
        label=label,
        required=False,
        initial=initial,
        help_text=help_text,
        widget=forms.NumberInput(
            attrs={"min": low, "max": high, "step": 1, "inputmode": "numeric"}
        ),
        error_messages={
            "invalid": _("Enter the number of %(what)s as a whole number.") % {"what": what}
        },
    )


_SHIRT_RANGE = filled_lazy(
    gettext_lazy("Choose a shirt number from 1 to %(most)s."), {"most": MAX_PLAYER_NUMBER}
)


def _number_field() -> forms.IntegerField:
    return forms.IntegerField(
        label=gettext_lazy("Shirt number"),
        required=False,
        min_value=1,
        max_value=MAX_PLAYER_NUMBER,
        help_text=gettext_lazy("Leave empty for the lowest free number."),
        error_messages={
            "invalid": gettext_lazy("Enter the shirt number as a whole number."),
            "min_value": _SHIRT_RANGE,
            "max_value": _SHIRT_RANGE,
        },
    )


def form_value(form: forms.Form, name: str, default: Any) -> Any:
    """The cleaned value of ``name`` if the form was checked, else its initial one;
    ``default`` where either is empty."""
    if form.is_bound:
        value = form.cleaned_data.get(name) if hasattr(form, "cleaned_data") else None
    else:
        value = form.fields[name].initial if name in form.fields else None
    return default if value is None or value == "" else value


def _each(low: int, high: int, price: int) -> str:
    """A count's help: "0–8, 50k each"."""
    return _("%(low)s–%(high)s, %(price)s each") % {"low": low, "high": high, "price": gp(price)}


def _draft_staff_fields(
    rules: DraftRules, roster: Roster, fans: str = "Dedicated Fans"
) -> dict[str, forms.Field]:
    """The draft's re-rolls, sideline staff and fans (``fans``: what the edition calls
    them, "Dedicated Fans" or classic's "Fan Factor"), at the roster's prices."""
    fields = {
        "rerolls": count_field(
            _("Team re-rolls"),
            0,
            rules.max_rerolls,
            0,
            _each(0, rules.max_rerolls, roster.reroll_cost),
            what=_("team re-rolls"),
        ),
        "assistant_coaches": count_field(
            _("Assistant coaches"),
            0,
            rules.max_assistant_coaches,
            0,
            _each(0, rules.max_assistant_coaches, roster.assistant_coach_cost),
            what=_("assistant coaches"),
        ),
        "cheerleaders": count_field(
            _("Cheerleaders"),
            0,
            rules.max_cheerleaders,
            0,
            _each(0, rules.max_cheerleaders, roster.cheerleader_cost),
            what=_("cheerleaders"),
        ),
    }
    if roster.apothecary_allowed:
        fields["apothecary"] = forms.BooleanField(
            label=_("Apothecary"),
            required=False,
            help_text=f"{gp(roster.apothecary_cost or 0)}",
        )
    fields["dedicated_fans"] = count_field(
        fans,
        rules.starting_dedicated_fans,
        rules.max_dedicated_fans,
        rules.starting_dedicated_fans,
        _("%(low)s–%(high)s; each beyond the first costs %(price)s")
        % {
            "low": rules.starting_dedicated_fans,
            "high": rules.max_dedicated_fans,
            "price": gp(rules.dedicated_fan_cost),
        },
        what=fans,
    )
    return fields


# What a roster's one choice at the draft is called, by the engine's ``choice_kind``
# (BB2025: one of two Team Leagues, or a Favoured of ...): game terms, not translated;
# "Special rule" (translated) otherwise.
TEAM_LEAGUE, FAVOURED_OF = "team_league", "favoured_of"
CHOICE_LABELS = {TEAM_LEAGUE: "Team League", FAVOURED_OF: "Favoured of"}


def _choice_kind(roster: Roster) -> str:
    kind = getattr(roster, "choice_kind", None) or ""
    return kind if kind in CHOICE_LABELS else ""


def special_rule_choice_label(roster: Roster) -> str:
    """The name of the roster's choice: "Team League", "Favoured of" or "Special rule"."""
    kind = _choice_kind(roster)
    return CHOICE_LABELS[kind] if kind else _("Special rule")


def special_rule_choice_text(roster: Roster, choice: str) -> str:
    """One option as the coach reads it: "Khorne" under "Favoured of", a league with
    the rules it brings along ("Chaos Clash (also Favoured of Khorne)")."""
    kind = _choice_kind(roster)
    text = choice.removeprefix(f"{CHOICE_LABELS[kind]} ") if kind else choice
    brought = dict(getattr(roster, "league_special_rules", ())).get(choice, ())
    if not brought:
        return text
    return _("%(choice)s (also %(rules)s)") % {"choice": text, "rules": ", ".join(brought)}


def special_rule_choice_shown(roster: Roster, choice: str | None) -> str:
    """A team's choice as its sheet shows it: "Team League: Chaos Clash (also Favoured
    of Khorne)", "Favoured of Khorne", or the special rule itself."""
    if not choice:
        return ""
    if _choice_kind(roster) == TEAM_LEAGUE:
        return _("%(label)s: %(choice)s") % {
            "label": CHOICE_LABELS[TEAM_LEAGUE],
            "choice": special_rule_choice_text(roster, choice),
        }
    return choice


def _special_rule_field(rules: DraftRules, roster: Roster) -> forms.ChoiceField:
    """The roster's one choice (a Team League, a Favoured of ..., another special rule).
    Where the ruleset asks for it at the draft (BB2025), it is required: it decides the
    stars and inducements the team may buy, and never changes."""
    now = rules.special_rule_choice_at_draft
    kind = _choice_kind(roster)
    values = {"roster": roster.name, "label": special_rule_choice_label(roster)}
    if kind == TEAM_LEAGUE:
        required = _("Choose the %(label)s %(roster)s teams play in.") % values
        listed = _("Choose the %(label)s %(roster)s teams play in from the list.") % values
    elif kind == FAVOURED_OF:
        required = _("Choose whom %(roster)s teams are %(label)s.") % values
        listed = _("Choose whom %(roster)s teams are %(label)s from the list.") % values
    else:
        required = _("Choose the special rule %(roster)s teams play by.") % values
        listed = _("Choose the special rule %(roster)s teams play by from the list.") % values
    return forms.ChoiceField(
        label=values["label"],
        required=now,
        choices=[
            ("", _("Choose one") if now else _("Choose later")),
            *((c, special_rule_choice_text(roster, c)) for c in roster.special_rule_choices),
        ],
        help_text=(
            _(
                "%(roster)s teams choose one now, before buying what depends on it "
                "(star players, inducements); it never changes."
            )
            % values
            if now
            else _("%(roster)s teams choose one; it may be chosen later.") % values
        ),
        error_messages={"required": required, "invalid_choice": listed},
    )


def _captain_position_field(rules: DraftRules, roster: Roster) -> forms.ChoiceField:
    """The position whose first player drafted is Team Captain (where the roster names one)."""
    return forms.ChoiceField(
        label=_("Team Captain"),
        choices=[
            ("", _("Choose a position")),
            *((p.slug, p.name) for p in roster.positions.values() if not p.big_guy),
        ],
        help_text=_(
            "The first player drafted at this position is captain and has %(skill)s while captain."
        )
        % {"skill": rules.captain_skill},
        error_messages={
            "required": _("Name the position of the %(roster)s Team Captain.")
            % {"roster": roster.name},
            "invalid_choice": _("Choose one of the positions listed."),
        },
    )


@dataclass
class DraftPreview:
    """What the draft costs as it stands, and every rule it breaks."""

    cost: DraftCost
    problems: list[str] = field(default_factory=list)

    @property
    def over_budget(self) -> bool:
        return self.cost.remaining < 0


class DraftForm(forms.Form):
    """A team draft for one roster: a count per position, re-rolls, staff, fans,
    the special rule where the roster offers a choice, and the team's name.

    Counts are only checked to be whole numbers here, so every limit is reported
    together, in the engine's words (``validate_draft``)."""

    name = NameFormField(
        label=gettext_lazy("Team name"),
        max_length=TEAM_NAME_MAX,
        error_messages={
            "required": gettext_lazy("Give the team a name."),
            "max_length": filled_lazy(
                gettext_lazy("Shorten the team name to at most %(most)s characters."),
                {"most": TEAM_NAME_MAX},
            ),
        },
    )

    def __init__(self, ruleset: Ruleset, roster: Roster, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ruleset = ruleset
        self.roster = roster
        rules: DraftRules = draft_rules_for(ruleset)
        self.rules = rules
        for position in roster.positions.values():
            self.fields[POSITION_PREFIX + position.slug] = count_field(
                position.plural_name(),
                position.min_count,
                position.max_count,
                position.min_count,
                _each(position.min_count, position.max_count, position.cost),
                what=position.plural_name(),
            )
        # The fans as the edition calls them (classic: Fan Factor).
        self.fields.update(_draft_staff_fields(rules, roster, fans_label(ruleset.key)))
        if roster.special_rule_choices:
            self.fields["special_rule_choice"] = _special_rule_field(rules, roster)
        if rules.names_team_captain(roster):
            self.fields["team_captain"] = _captain_position_field(rules, roster)

    def position_fields(self) -> list[tuple[forms.BoundField, Position]]:
        return [
            (self[POSITION_PREFIX + position.slug], position)
            for position in self.roster.positions.values()
        ]

    def staff_fields(self) -> list[forms.BoundField]:
        names = ["rerolls", "assistant_coaches", "cheerleaders", "apothecary", "dedicated_fans"]
        return [self[name] for name in names if name in self.fields]

    def _value(self, name: str, default: Any) -> Any:
        return form_value(self, name, default)

    def draft_kwargs(self) -> dict[str, Any]:
        """Keyword arguments for ``teams.services.draft_team``."""
        return {
            "name": self._value("name", ""),
            "ruleset_key": self.ruleset.key,
            "roster_slug": self.roster.slug,
            "players": {
                position.slug: self._value(POSITION_PREFIX + position.slug, 0)
                for position in self.roster.positions.values()
            },
            "rerolls": self._value("rerolls", 0),
            "assistant_coaches": self._value("assistant_coaches", 0),
            "cheerleaders": self._value("cheerleaders", 0),
            "apothecary": bool(self._value("apothecary", False)),
            "dedicated_fans": self._value("dedicated_fans", self.rules.starting_dedicated_fans),
            "special_rule_choice": self._value("special_rule_choice", None),
            "team_captain": self._value("team_captain", None),
        }

    def proposal(self) -> DraftProposal:
        kwargs = self.draft_kwargs()
        return DraftProposal(
            roster_slug=kwargs["roster_slug"],
            players=kwargs["players"],
            rerolls=kwargs["rerolls"],
            assistant_coaches=kwargs["assistant_coaches"],
            cheerleaders=kwargs["cheerleaders"],
            apothecary=kwargs["apothecary"],
            dedicated_fans=kwargs["dedicated_fans"],
            special_rule_choice=kwargs["special_rule_choice"],
            captain_position=kwargs["team_captain"],
        )

    def preview(self) -> DraftPreview:
        """The engine's price and problems for the draft as it stands (bound or not);
        a count that is not a number is reported and counted as none."""
        if self.is_bound:
            self.is_valid()
        proposal = self.proposal()
        engine = [str(p) for p in validate_draft(self.ruleset, proposal)]
        # The form's own errors, but not the team name's (not a draft rule), nor the
        # form-wide ones (a refused draft's reasons, which the engine gives again), nor
        # a choice left empty that the engine reports itself ("Chaos Chosen teams choose
        # one of ... when drafted").
        skipped = {"name", NON_FIELD_ERRORS, *self._fields_the_engine_reports(proposal)}
        problems = [
            str(message)
            for name, errors in (self.errors.items() if self.is_bound else ())
            if name not in skipped
            for message in errors
        ]
        shown = list(dict.fromkeys(problems + engine))
        return DraftPreview(draft_cost(self.ruleset, proposal), shown)

    def _fields_the_engine_reports(self, proposal: DraftProposal) -> list[str]:
        """The choices left empty by a field's error that the engine reports in its
        own words: the special rule (or Team League), the Team Captain."""
        reported = []
        if special_rule_choice_problems(self.rules, self.roster, proposal.special_rule_choice):
            reported.append("special_rule_choice")
        if proposal.captain_position is None and team_captain_problems(
            self.rules, self.roster, proposal
        ):
            reported.append("team_captain")
        return reported


_NAME_TOO_LONG = filled_lazy(
    gettext_lazy("Shorten the name to at most %(most)s characters."), {"most": PLAYER_NAME_MAX}
)


def hire_choice_text(position: Position) -> str:
    """A position as the hiring form offers it: "Blitzer (85k, 0–4)"; without a price
    where it has none (Blitz Bowl, which has no gold)."""
    values = {"position": position.name, "price": gp(position.cost), "most": position.max_count}
    if position.cost:
        return _("%(position)s (%(price)s, 0–%(most)s)") % values
    return _("%(position)s (0–%(most)s)") % values


class HirePlayerForm(forms.Form):
    position = forms.ChoiceField(
        label=gettext_lazy("Position"),
        error_messages={"required": gettext_lazy("Choose the position to hire.")},
    )
    name = NameFormField(
        label=gettext_lazy("Name"),
        required=False,
        max_length=PLAYER_NAME_MAX,
        help_text=gettext_lazy("Leave empty to call him after his position and number."),
        error_messages={"max_length": _NAME_TOO_LONG},
    )
    number = _number_field()

    def __init__(self, roster: Roster, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A position's price, where it has one (none in Blitz Bowl, which has no gold).
        cast(forms.ChoiceField, self.fields["position"]).choices = [
            (
                p.slug,
                f"{p.name} ({gp(p.cost)}, 0–{p.max_count})"
                if p.cost
                else f"{p.name} (0–{p.max_count})",
            )
            for p in roster.positions.values()
        ]


class StaffForm(forms.Form):
    HIRE, FIRE = "hire", "fire"

    kind = forms.ChoiceField(
        choices=StaffKind.choices,
        error_messages={
            "invalid_choice": gettext_lazy("Choose an assistant coach, cheerleader or apothecary.")
        },
    )
    action = forms.ChoiceField(
        choices=[(HIRE, gettext_lazy("Hire")), (FIRE, gettext_lazy("Let go"))],
        error_messages={"invalid_choice": gettext_lazy("Choose whether to hire or let go.")},
    )


class ActionForm(forms.Form):
    """A one-tap action with no input: carries the service's refusal as an error."""


class RenamePlayerForm(forms.Form):
    name = NameFormField(
        label=gettext_lazy("Name"),
        required=False,
        max_length=PLAYER_NAME_MAX,
        error_messages={"max_length": _NAME_TOO_LONG},
    )
    number = _number_field()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["number"].help_text = _("Leave empty to keep his number.")

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not data.get("name") and data.get("number") is None and not self.errors:
            raise forms.ValidationError(_("Give a new name, a new number, or both."))
        return data

    def rename_kwargs(self) -> dict[str, Any]:
        return {
            "name": self.cleaned_data.get("name") or None,
            "number": self.cleaned_data.get("number"),
        }


class SpendSppForm(forms.Form):
    kind = forms.ChoiceField(
        choices=Advancement.Kind.choices,
        error_messages={"invalid_choice": gettext_lazy("Choose one of the advancements listed.")},
    )
    category = forms.CharField(required=False)
    skill = forms.CharField(required=False)
    characteristic_choice = forms.CharField(required=False)

    def spend_kwargs(self) -> dict[str, Any]:
        return {
            name: self.cleaned_data.get(name) or None
            for name in ("category", "skill", "characteristic_choice")
        }
