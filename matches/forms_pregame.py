"""Forms of the pre-game's decisions on the match page: inducements to buy (the
engine's offer), the journeymen's position, classic's Petty Cash, and the decisions
with a few named answers (kick or receive). They check the shape of the answer; the
rules are the engine's, whose sentences become form errors."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from matches.forms import _choose, choices_of
from matches.selectors.words import position_name
from rules_engine.ruleset import Ruleset
from teams.templatetags.dugout import gp


class InducementsForm(forms.Form):
    """What a coach buys with the money the pre-game gives him: the engine's offer
    (prices for his roster, maxima, star players who play for him, mercenaries).

    Mercenaries are bought in a few rows, each a position, an optional primary skill and
    how many (``mercenary_<n>_position``, ``mercenary_<n>_skill``, ``mercenary_<n>_count``);
    the engine prices them and checks the QTY, the 16 and the skill."""

    ITEM = "item_"
    MERCENARY = "mercenary_"
    # Rows of mercenaries on the page when the offer sets no maximum (BB2020: unlimited).
    MERCENARY_ROWS = 3

    def __init__(
        self, options: Mapping[str, Any], ruleset: Ruleset | None, *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.options = options
        for row in options.get("inducements") or []:
            most = row.get("max_count")
            self.fields[self.ITEM + row["slug"]] = _count(
                row["name"],
                most,
                (
                    _("%(price)s each, at most %(most)s")
                    % {"price": gp(row["price"]), "most": most}
                    if most is not None
                    else _("%(price)s each") % {"price": gp(row["price"])}
                ),
                price=row["price"],
            )
        stars = options.get("star_players") or []
        if stars:
            self.fields["star_players"] = forms.MultipleChoiceField(
                label=_("Star players (at most %(most)s)")
                % {"most": options.get("max_star_players", 2)},
                required=False,
                widget=PricedCheckboxes(prices={s["slug"]: s["cost"] for s in stars}),
                choices=[
                    (s["slug"], _star_label(s, options.get("star_players_both_field", False)))
                    for s in stars
                ],
                error_messages=_choose(
                    gettext_lazy("Choose star players."),
                    gettext_lazy("Choose star players from the list."),
                ),
            )
        self.mercenary_rows = 0
        slots = options.get("player_slots", 0)
        offered = options.get("mercenaries") or []
        if slots and offered:
            most = options.get("max_mercenaries")
            most = slots if most is None else min(most, slots)
            self.mercenary_rows = min(most, self.MERCENARY_ROWS)
            positions = [("", _("None"))] + [
                (m["position"], _mercenary_label(m, ruleset)) for m in offered
            ]
            skills = [("", _("No extra skill"))] + _primary_skills(offered, ruleset)
            for row in range(1, self.mercenary_rows + 1):
                name = f"{self.MERCENARY}{row}_"
                self.fields[name + "position"] = forms.ChoiceField(
                    label=_("Position"),
                    required=False,
                    choices=positions,
                    error_messages=_choose(
                        gettext_lazy("Choose a position of your roster."),
                        gettext_lazy("Choose a position of your roster from the list."),
                    ),
                )
                self.fields[name + "skill"] = forms.ChoiceField(
                    label=_("Extra primary skill (+50,000)"),
                    required=False,
                    choices=skills,
                    error_messages=_choose(
                        gettext_lazy("Choose a skill."),
                        gettext_lazy("Choose a skill from the list."),
                    ),
                )
                count = _count(
                    _("How many"),
                    most,
                    ngettext(
                        "at most %(most)s mercenary in all",
                        "at most %(most)s mercenaries in all",
                        most or 0,
                    )
                    % {"most": most},
                )
                count.initial = 1
                count.error_messages.update(
                    invalid=_("Enter how many of these mercenaries to buy as a whole number."),
                    min_value=_("Enter 0 or more mercenaries."),
                    max_value=ngettext(
                        "A team may induce at most %(most)s mercenary.",
                        "A team may induce at most %(most)s mercenaries.",
                        most or 0,
                    )
                    % {"most": most},
                )
                self.fields[name + "count"] = count

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or self.cleaned_data
        for row in range(1, self.mercenary_rows + 1):
            name = f"{self.MERCENARY}{row}_"
            if cleaned.get(name + "skill") and not cleaned.get(name + "position"):
                self.add_error(name + "position", _("Choose the mercenary's position first."))
        return cleaned

    def answer(self) -> dict[str, Any]:
        """The order as ``submit_pre_game_choice`` takes it ({} buys nothing)."""
        order: dict[str, Any] = {}
        mercenaries: list[Any] = []
        for name, value in self.cleaned_data.items():
            if name.startswith(self.ITEM) and value:
                order[name.removeprefix(self.ITEM)] = value
        for row in range(1, self.mercenary_rows + 1):
            name = f"{self.MERCENARY}{row}_"
            position = self.cleaned_data.get(name + "position")
            count = self.cleaned_data.get(name + "count")
            if not position:
                continue
            skill = self.cleaned_data.get(name + "skill")
            entry: Any = {"position": position, "skill": skill} if skill else position
            mercenaries += [entry] * (1 if count is None else count)
        if self.cleaned_data.get("star_players"):
            order["star_players"] = list(self.cleaned_data["star_players"])
        if mercenaries:
            order["mercenaries"] = mercenaries
        return order

    def item_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in self.fields if n.startswith(self.ITEM)]

    def mercenary_fields(self) -> list[list[forms.BoundField]]:
        """Each mercenary row's fields: position, skill, how many."""
        return [
            [self[f"{self.MERCENARY}{row}_{part}"] for part in ("position", "skill", "count")]
            for row in range(1, self.mercenary_rows + 1)
        ]


def _mercenary_label(merc: Mapping[str, Any], ruleset: Ruleset | None) -> str:
    name = merc.get("name") or position_name(ruleset, merc["position"])
    label = f"{name} — {gp(merc['price'])}"
    if merc.get("price_with_extra_skill"):
        label += " " + _("(%(price)s with a skill)") % {"price": gp(merc["price_with_extra_skill"])}
    return label


def _primary_skills(
    offered: Sequence[Mapping[str, Any]], ruleset: Ruleset | None
) -> list[tuple[str, list[tuple[str, str]]]]:
    """The skills of every offered position's primary categories, grouped by category
    (the engine refuses one that is not primary for the position chosen)."""
    if ruleset is None:
        return []
    categories: dict[str, None] = {}
    for merc in offered:
        primary = merc.get("primary")
        if primary is None:
            position = ruleset.position(merc["position"])
            primary = position.primary
        categories.update(dict.fromkeys(primary))
    groups = []
    for category in categories:
        names = sorted(
            skill.name
            for skill in ruleset.skills.values()
            if skill.category == category and not skill.trait
        )
        if names:
            groups.append((category, [(name, name) for name in names]))
    return groups


class PricedCheckboxes(forms.CheckboxSelectMultiple):
    """Checkboxes that carry their price (``data-price``) for the money left (match.js)."""

    def __init__(self, *args: Any, prices: Mapping[str, int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.prices = prices

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        if str(value) in self.prices:
            option["attrs"]["data-price"] = self.prices[str(value)]
        return option


def _count(
    label: str, most: int | None, help_text: str, *, price: int | None = None
) -> forms.IntegerField:
    attrs: dict[str, Any] = {"min": 0, "step": 1, "inputmode": "numeric"}
    if price is not None:
        attrs["data-price"] = price
    if most is not None:
        attrs["max"] = most
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=0,
        initial=0,
        help_text=help_text,
        widget=forms.NumberInput(attrs=attrs),
        error_messages={
            "invalid": _("Enter how many %(what)s to buy as a whole number.") % {"what": label},
            "min_value": _("Enter 0 or more %(what)s.") % {"what": label},
        },
    )


def _star_label(star: Mapping[str, Any], both_field: bool = False) -> str:
    label = f"{star['name']} — {gp(star['cost'])}"
    if star.get("players", 1) > 1:
        label += " " + _("(%(count)s players)") % {"count": star["players"]}
    if star.get("induced_by_opponent"):
        if both_field:
            label += " — " + _("the other team induced him too: both teams field him")
        else:
            label += " — " + _("the other team induced him too: then neither fields him")
    if star.get("banned"):
        label += " — " + _("banned by the league's house rules")
    return label


class JourneymenForm(forms.Form):
    position = forms.ChoiceField(
        widget=forms.RadioSelect,
        label=gettext_lazy("Position"),
        error_messages=_choose(
            gettext_lazy("Choose a position."), gettext_lazy("Choose a position from the list.")
        ),
    )

    def __init__(
        self, options: Mapping[str, Any], ruleset: Ruleset | None, *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        positions = options.get("positions") or []
        choices_of(self, "position").choices = [(p, position_name(ruleset, p)) for p in positions]

    def answer(self) -> str:
        return self.cleaned_data["position"]


class PettyCashForm(forms.Form):
    """Classic: how much Treasury gold goes into Petty Cash for inducements."""

    amount = forms.IntegerField(
        label=gettext_lazy("Gold to move into Petty Cash"),
        min_value=0,
        initial=0,
        widget=forms.NumberInput(attrs={"min": 0, "step": 10_000, "inputmode": "numeric"}),
        error_messages={
            "required": gettext_lazy("Enter the gold to move (0 for none)."),
            "invalid": gettext_lazy("Enter the gold as a whole number of gold pieces, e.g. 50000."),
            "min_value": gettext_lazy("Enter 0 or more gold pieces."),
        },
    )

    def __init__(self, options: Mapping[str, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        treasury = options.get("treasury") or 0
        field = self.fields["amount"]
        assert isinstance(field, forms.IntegerField), "amount is a whole number"
        field.max_value = treasury
        field.widget.attrs["max"] = treasury
        field.validators.append(MaxValueValidator(treasury))
        field.error_messages["max_value"] = _("The Treasury holds %(gold)s: move at most that.") % {
            "gold": gp(treasury)
        }
        field.help_text = _("The Treasury holds %(gold)s; team value %(value)s.") % {
            "gold": gp(treasury),
            "value": gp(options.get("team_value")),
        }

    def answer(self) -> int:
        return self.cleaned_data["amount"]


# The answers of the pre-game's decisions, as their buttons say them.
ANSWER_LABELS = {
    "kick": gettext_lazy("Kick"),
    "receive": gettext_lazy("Receive"),
    "one_trapdoor": gettext_lazy("One trapdoor"),
    "two_trapdoors": gettext_lazy("Two trapdoors"),
    "home": pgettext_lazy("the home team", "Home"),
    "away": pgettext_lazy("the away team", "Away"),
}


class AnswerForm(forms.Form):
    """A decision with a few named answers (kick or receive): one button each."""

    answer = forms.ChoiceField(
        error_messages=_choose(
            gettext_lazy("Choose an answer."), gettext_lazy("Choose an answer from the list.")
        )
    )

    def __init__(self, options: Mapping[str, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        answers = [str(a) for a in options.get("answers") or []]
        choices_of(self, "answer").choices = [
            (a, str(ANSWER_LABELS.get(a) or a.replace("_", " ").capitalize())) for a in answers
        ]

    def answer_value(self) -> str:
        return self.cleaned_data["answer"]
