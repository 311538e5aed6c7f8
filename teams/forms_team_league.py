"""The team sheet's one-time choice of a Team League or Favoured of ...
(``teams.services.team_league``)."""

from __future__ import annotations

from typing import Any

from django import forms

from teams.services.team_league import FIELD, ChoiceToMake

# The card's heading, by what is chosen.
HEADINGS = {"Team League": "Choose your Team League", "Favoured of": "Choose your Favoured of"}


class SpecialRuleChoiceForm(forms.Form):
    """One select of the roster's options; the service checks it again."""

    def __init__(self, choice: ChoiceToMake, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.heading = HEADINGS.get(choice.label, f"Choose your {choice.label}")
        self.fields[FIELD] = forms.ChoiceField(
            label=choice.label,
            choices=[("", "Choose one"), *choice.options],
            help_text="It decides the star players and inducements the team may buy, "
            "and never changes once chosen.",
            error_messages={
                "required": f"Choose the team's {choice.label}.",
                "invalid_choice": f"Choose one of the {choice.label} options listed.",
            },
        )
