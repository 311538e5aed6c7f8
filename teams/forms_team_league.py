"""The team sheet's one-time choice of a Team League or Favoured of ...
(``teams.services.team_league``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from teams.services.team_league import FIELD, ChoiceToMake


class SpecialRuleChoiceForm(forms.Form):
    """One select of the roster's options; the service checks it again."""

    def __init__(self, choice: ChoiceToMake, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The card's heading, by what is chosen ("Choose your Team League").
        self.heading = _("Choose your %(choice)s") % {"choice": choice.label}
        self.fields[FIELD] = forms.ChoiceField(
            label=choice.label,
            choices=[("", _("Choose one")), *choice.options],
            help_text=_(
                "It decides the star players and inducements the team may buy, and never "
                "changes once chosen."
            ),
            error_messages={
                "required": _("Choose the team's %(choice)s.") % {"choice": choice.label},
                "invalid_choice": _("Choose one of the %(choice)s options listed.")
                % {"choice": choice.label},
            },
        )
