"""The pre-game's "Name a new Team Captain" card (``matches.services.pregame.captain``): one
select of the players who may be captain; which player it is the service checks (a
player the list does not offer gets the rule's own reason as the form's error)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.selectors.state import MatchState
from matches.selectors.words import position_name
from matches.services.pregame.captain import CaptainCard, captain_cards
from rules_engine import get_ruleset


class NewCaptainForm(forms.Form):
    """``player``: the id of the player named; the choices are the eligible players."""

    player = forms.IntegerField(
        label=gettext_lazy("New Team Captain"),
        min_value=1,
        error_messages={
            "required": gettext_lazy("Choose the new Team Captain."),
            "invalid": gettext_lazy("Choose the new Team Captain from the list."),
            "min_value": gettext_lazy("Choose the new Team Captain from the list."),
        },
    )

    def __init__(self, card: CaptainCard | None, side: str, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("auto_id", f"id_captain_{side}_%s")
        super().__init__(*args, **kwargs)
        choices: list[tuple[Any, str]] = [("", _("— choose —"))]
        if card is not None:
            ruleset = get_ruleset(card.team.ruleset)
            choices += [
                (p.pk, f"#{p.number} {p.name} ({position_name(ruleset, p.position_slug)})")
                for p in card.players
            ]
        self.fields["player"].widget = forms.Select(choices=choices)


def captain_context(
    state: MatchState, posted: Mapping[str, NewCaptainForm]
) -> list[dict[str, Any]]:
    """Each side's Team Captain card in the pre-game: the captain, or (for its coach or
    a commissioner) the form naming a new one; ``posted``: a refused form, by side."""
    cards = []
    for card in captain_cards(state.match):
        form = None
        if card.captain is None and card.may_name and state.may_answer_for(card.side):
            form = posted.get(card.side) or NewCaptainForm(card, card.side)
        cards.append({"card": card, "form": form})
    return cards
