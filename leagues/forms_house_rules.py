"""The commissioner's house-rules form (``leagues/views_house_rules.py``): the choices
the league's edition allows (its stars, the places it pays prizes for), checked by the
service (``leagues.services.house_rules``) with each message on its field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from leagues.models import League
from leagues.models_house_rules import RedraftFormula, UnplayedFixtures
from leagues.services import house_rules
from rules_engine import edition_for
from rules_engine.house_rules import HouseRules, gold


def _gold_field(label: Any, help_text: Any) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1000}),
        min_value=0,
        max_value=house_rules.MAX_GOLD,
        required=False,
    )


class HouseRulesForm(forms.Form):
    """Every house rule of one league; its current rules as the initial values."""

    PRIZE = "prize_"

    banned_stars = forms.MultipleChoiceField(
        label=gettext_lazy("Banned star players"),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("A coach cannot hire a banned star at the pre-game."),
    )
    ban_mega_stars = forms.BooleanField(label=gettext_lazy("Ban every mega-star"), required=False)
    non_core_inducements = forms.BooleanField(
        label=gettext_lazy(
            "Offer the non-core inducements (other publications) each team list prints"
        ),
        required=False,
    )
    redraft_formula = forms.ChoiceField(
        label=gettext_lazy("Re-draft budget"),
        choices=RedraftFormula.choices,
        widget=forms.RadioSelect,
    )
    redraft_budget_cap = _gold_field(
        gettext_lazy("Re-draft budget cap (gp)"),
        gettext_lazy("Empty: the edition's cap, if it has one."),
    )
    team_value_floor = _gold_field(
        gettext_lazy("Team value floor (gp)"),
        gettext_lazy("The lowest team value a team may enter a season with."),
    )
    team_value_ceiling = _gold_field(
        gettext_lazy("Team value ceiling (gp)"),
        gettext_lazy("The highest team value a team may enter a season with."),
    )
    firing_below_eleven = forms.BooleanField(
        label=gettext_lazy("A coach may fire players though fewer than 11 remain eligible"),
        required=False,
    )
    unplayed_fixtures = forms.ChoiceField(
        label=gettext_lazy("A fixture unplayed at its deadline"),
        choices=UnplayedFixtures.choices,
        widget=forms.RadioSelect,
    )
    deadline_warning_hours = forms.IntegerField(
        label=gettext_lazy("Warn the coaches this many hours before a deadline"),
        min_value=0,
        max_value=house_rules.MAX_NOTICE,
    )
    kickoff_reminder_minutes = forms.IntegerField(
        label=gettext_lazy("Remind the coaches this many minutes before a kick-off"),
        min_value=0,
        max_value=house_rules.MAX_NOTICE,
    )

    def __init__(self, league: League, rules: HouseRules, *args: Any, **kwargs: Any) -> None:
        self.league = league
        kwargs.setdefault("initial", self.initial_of(rules))
        super().__init__(*args, **kwargs)
        ruleset = house_rules.ruleset_of(league)
        stars = sorted(ruleset.star_players.values(), key=lambda s: s.name) if ruleset else []
        field = self.fields["banned_stars"]
        assert isinstance(field, forms.MultipleChoiceField)
        field.choices = [
            (s.slug, _("%(star)s (mega-star)") % {"star": s.name} if s.mega_star else s.name)
            for s in stars
        ]
        for place, amount in self.edition_prizes():
            self.fields[f"{self.PRIZE}{place}"] = _gold_field(
                house_rules.prize_field_label(place),
                _("Empty: the edition's %(gold)s gp.") % {"gold": gold(amount)},
            )

    def edition_prizes(self) -> tuple[tuple[int, int], ...]:
        try:
            edition = edition_for(self.league.ruleset)
        except LookupError:
            return ()
        return edition.playoff_prizes if edition.has_gold else ()

    def initial_of(self, rules: HouseRules) -> dict[str, Any]:
        initial = {name: getattr(rules, name) for name in house_rules.CHOICES}
        initial["banned_stars"] = sorted(rules.banned_stars)
        initial["firing_below_eleven"] = house_rules.may_fire_below_eleven(rules, self.league)
        for place, amount in rules.prize_amounts or ():
            initial[f"{self.PRIZE}{place}"] = amount
        return initial

    def choices(self) -> dict[str, Any]:
        """The service's keyword arguments (``set_house_rules``)."""
        data = self.cleaned_data
        chosen = {name: data.get(name) for name in house_rules.CHOICES if name != "prize_amounts"}
        chosen["banned_stars"] = list(data.get("banned_stars") or ())
        prizes = {
            name[len(self.PRIZE) :]: data[name]
            for name in self.fields
            if name.startswith(self.PRIZE) and data.get(name) is not None
        }
        chosen["prize_amounts"] = prizes or None
        return chosen

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        for name, messages in house_rules.problems_with(self.league, self.choices()).items():
            target = name if name in self.fields else None
            for message in messages:
                self.add_error(target, message)
        return cleaned
