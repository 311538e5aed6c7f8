"""Forms of the match pages. They check the shape of what a coach tapped or typed;
the rules are the match services' and the engine's, whose sentences become
form errors (``add_rules_errors``)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms

from leagues.models import Season
from matches.models import EventKind, InjuryResult, MatchStatus
from matches.presenters import CHARACTERISTICS, position_name
from rules_engine.ruleset import Ruleset
from teams.forms import add_rules_errors
from teams.models import Team
from teams.templatetags.dugout import gp

__all__ = [
    "ActionForm",
    "AnswerForm",
    "CorrectionEventForm",
    "CorrectionForm",
    "EventForm",
    "InducementsForm",
    "JourneymenForm",
    "MatchFilterForm",
    "PostGameChoicesForm",
    "ReportForm",
    "add_rules_errors",
]

MAX_SCORE = 99
MAX_SET_UP_PLAYERS = 11
SIDE_CHOICES = [("home", "Home"), ("away", "Away")]
CHARACTERISTIC_CHOICES = [("", "—"), *CHARACTERISTICS.items()]
# The taps of live report entry, in the order a coach looks for them.
TAP_KINDS = (
    (EventKind.TOUCHDOWN, "Touchdown"),
    (EventKind.COMPLETION, "Completion"),
    (EventKind.CASUALTY, "Casualty"),
    (EventKind.INJURY, "Injury"),
    (EventKind.INTERCEPTION, "Interception"),
    (EventKind.DEFLECTION, "Deflection"),
    (EventKind.SENT_OFF, "Sent off"),
)
KICK_OFF_KINDS = (
    (EventKind.WEATHER_CHANGE, "Weather change"),
    (EventKind.KICK_OFF, "Kick-off event"),
    (EventKind.BRIBE, "Bribe used"),
)
# One tap records an injury: its result, and for a Lasting Injury the characteristic.
INJURY_OUTCOMES = [
    *[(value, label) for value, label in InjuryResult.choices if value != "lasting_injury"],
    *[
        (f"lasting_injury:{key}", f"Lasting injury (−{label})")
        for key, label in CHARACTERISTICS.items()
    ],
]


class ActionForm(forms.Form):
    """A button with nothing to fill in; carries the refusal's reasons."""


def _choose(what: str) -> dict[str, str]:
    return {"required": f"Choose {what}.", "invalid_choice": f"Choose {what} from the list."}


class EventForm(forms.Form):
    """One event of the report, as the tap buttons (or the kick-off form) post it."""

    kind = forms.ChoiceField(choices=EventKind.choices, error_messages=_choose("what happened"))
    side = forms.ChoiceField(
        choices=[("", "—"), *SIDE_CHOICES], required=False, error_messages=_choose("a team")
    )
    player = forms.IntegerField(
        required=False, error_messages={"invalid": "Choose the player from the list."}
    )
    victim = forms.IntegerField(
        required=False, error_messages={"invalid": "Choose the victim from the list."}
    )
    by_block = forms.ChoiceField(
        choices=[("block", "By a Block (2 SPP)"), ("other", "By a foul or anything else (no SPP)")],
        required=False,
        widget=forms.RadioSelect,
        label="How was it caused?",
    )
    outcome = forms.ChoiceField(
        choices=[("", "—"), *INJURY_OUTCOMES],
        required=False,
        error_messages=_choose("the injury's result"),
    )
    apothecary_used = forms.BooleanField(required=False, label="After the apothecary")
    detail = forms.CharField(
        required=False,
        max_length=200,
        label="What happened",
        help_text="The new weather, or the kick-off result.",
        error_messages={"max_length": "Say it in at most 200 characters."},
    )

    def event_kwargs(self) -> dict[str, Any]:
        """``add_event``'s keyword arguments."""
        data = self.cleaned_data
        injury, _, characteristic = (data.get("outcome") or "").partition(":")
        return {
            "kind": data["kind"],
            "side": data.get("side") or "",
            "player": data.get("player"),
            "victim": data.get("victim"),
            "by_block": data.get("by_block") != "other",
            "injury": injury,
            "characteristic": characteristic,
            "apothecary_used": bool(data.get("apothecary_used")),
            "detail": data.get("detail") or "",
        }


# --- the pre-game's decisions ---------------------------------------------------------------


class InducementsForm(forms.Form):
    """What a coach buys with the money the pre-game gives him: the engine's offer
    (prices for his roster, maxima, star players who play for him, mercenaries)."""

    ITEM = "item_"
    MERCENARY = "mercenary_"

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
                f"{gp(row['price'])} each" + (f", at most {most}" if most is not None else ""),
                price=row["price"],
            )
        stars = options.get("star_players") or []
        if stars:
            self.fields["star_players"] = forms.MultipleChoiceField(
                label=f"Star players (at most {options.get('max_star_players', 2)})",
                required=False,
                widget=PricedCheckboxes(prices={s["slug"]: s["cost"] for s in stars}),
                choices=[(s["slug"], _star_label(s)) for s in stars],
                error_messages=_choose("star players"),
            )
        slots = options.get("player_slots", 0)
        for merc in options.get("mercenaries") or []:
            if slots:
                self.fields[self.MERCENARY + merc["position"]] = _count(
                    f"Mercenary {merc.get('name') or position_name(ruleset, merc['position'])}",
                    slots,
                    f"{gp(merc['price'])} each (Loner 4+)",
                    price=merc["price"],
                )

    def answer(self) -> dict[str, Any]:
        """The order as ``submit_pre_game_choice`` takes it ({} buys nothing)."""
        order: dict[str, Any] = {}
        mercenaries: list[str] = []
        for name, value in self.cleaned_data.items():
            if name.startswith(self.ITEM) and value:
                order[name.removeprefix(self.ITEM)] = value
            elif name.startswith(self.MERCENARY) and value:
                mercenaries += [name.removeprefix(self.MERCENARY)] * value
        if self.cleaned_data.get("star_players"):
            order["star_players"] = list(self.cleaned_data["star_players"])
        if mercenaries:
            order["mercenaries"] = mercenaries
        return order

    def item_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in self.fields if n.startswith(self.ITEM)]

    def mercenary_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in self.fields if n.startswith(self.MERCENARY)]


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
            "invalid": f"Enter how many {label} to buy as a whole number.",
            "min_value": f"Enter 0 or more {label}.",
        },
    )


def _star_label(star: Mapping[str, Any]) -> str:
    label = f"{star['name']} — {gp(star['cost'])}"
    if star.get("players", 1) > 1:
        label += f" ({star['players']} players)"
    if star.get("induced_by_opponent"):
        label += " — the other team induced him too: then neither fields him"
    return label


class JourneymenForm(forms.Form):
    position = forms.ChoiceField(
        widget=forms.RadioSelect, label="Position", error_messages=_choose("a position")
    )

    def __init__(
        self, options: Mapping[str, Any], ruleset: Ruleset | None, *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        positions = options.get("positions") or []
        self.fields["position"].choices = [(p, position_name(ruleset, p)) for p in positions]

    def answer(self) -> str:
        return self.cleaned_data["position"]


class AnswerForm(forms.Form):
    """A decision with a few named answers (kick or receive): one button each."""

    answer = forms.ChoiceField(error_messages=_choose("an answer"))

    def __init__(self, options: Mapping[str, Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        answers = [str(a) for a in options.get("answers") or []]
        self.fields["answer"].choices = [(a, a.replace("_", " ").capitalize()) for a in answers]

    def answer_value(self) -> str:
        return self.cleaned_data["answer"]


# --- the report ------------------------------------------------------------------------------


def _score(label: str) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAX_SCORE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": MAX_SCORE}),
        error_messages={
            "required": f"Enter the {label.lower()} (0 if none).",
            "invalid": f"Enter the {label.lower()} as a whole number.",
            "min_value": f"The {label.lower()} cannot be below 0.",
            "max_value": f"The {label.lower()} cannot be above {MAX_SCORE}.",
        },
    )


class ReportForm(forms.Form):
    """The final score on the pitch and any concession. ``idempotency_key`` is made
    when the form is drawn, so a double tap on "Submit" sends the same report twice
    and the service keeps one."""

    home_touchdowns = _score("Home touchdowns")
    away_touchdowns = _score("Away touchdowns")
    conceded_by = forms.ChoiceField(
        required=False, label="Concession", error_messages=_choose("who conceded")
    )
    conceded_at_setup_players = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SET_UP_PLAYERS,
        label="Players the conceding team could set up",
        help_text="Only if it conceded before a set-up; leave empty otherwise.",
        error_messages={
            "invalid": "Enter the number of players as a whole number.",
            "min_value": "Enter 0 or more players.",
            "max_value": f"A team sets up at most {MAX_SET_UP_PLAYERS} players.",
        },
    )
    idempotency_key = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)

    def __init__(self, teams: Mapping[str, str], *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("idempotency_key", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)
        self.fields["home_touchdowns"].label = f"Touchdowns by {teams['home']}"
        self.fields["away_touchdowns"].label = f"Touchdowns by {teams['away']}"
        self.fields["conceded_by"].choices = [
            ("", "Nobody conceded"),
            ("home", f"{teams['home']} conceded"),
            ("away", f"{teams['away']} conceded"),
        ]

    def report_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "home_touchdowns": data["home_touchdowns"],
            "away_touchdowns": data["away_touchdowns"],
            "conceded_by": data.get("conceded_by") or "",
            "conceded_at_setup_players": data.get("conceded_at_setup_players"),
        }


class CorrectionForm(ReportForm):
    """A commissioner's correction: the score, the events to keep, and why."""

    keep = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Events to keep",
        help_text="Untick an event to drop it from the corrected report.",
    )
    note = forms.CharField(
        max_length=300,
        label="Why is the report corrected?",
        help_text="The coaches read it in the report's history.",
        error_messages={
            "required": "Say why the report is corrected; the coaches will read it.",
            "max_length": "Say why in at most 300 characters.",
        },
    )

    def __init__(
        self, teams: Mapping[str, str], events: Iterable[tuple[int, str]], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(teams, *args, **kwargs)
        del self.fields["idempotency_key"]
        self.fields["keep"].choices = [(str(pk), text) for pk, text in events]
        self.fields["keep"].error_messages = _choose("the events to keep")

    def kept(self) -> set[int]:
        return {int(pk) for pk in self.cleaned_data.get("keep") or ()}


class CorrectionEventForm(forms.Form):
    """An event a correction adds: every field a select, a blank kind adds nothing."""

    kind = forms.ChoiceField(
        choices=[("", "— add nothing —"), *EventKind.choices],
        required=False,
        label="What happened",
        error_messages=_choose("what happened"),
    )
    player = forms.TypedChoiceField(
        coerce=int, empty_value=None, required=False, error_messages=_choose("the player")
    )
    victim = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label="Victim (a casualty)",
        error_messages=_choose("the victim"),
    )
    by_block = forms.BooleanField(required=False, initial=True, label="By a Block (2 SPP)")
    injury = forms.ChoiceField(
        choices=[("", "—"), *InjuryResult.choices],
        required=False,
        label="Injury result (an injury)",
        error_messages=_choose("the injury's result"),
    )
    characteristic = forms.ChoiceField(
        choices=CHARACTERISTIC_CHOICES,
        required=False,
        label="Characteristic lost (a lasting injury)",
        error_messages=_choose("the characteristic"),
    )
    apothecary_used = forms.BooleanField(required=False, label="After the apothecary")
    side = forms.ChoiceField(
        choices=[("", "—"), *SIDE_CHOICES],
        required=False,
        label="Team (a bribe or kick-off event)",
        error_messages=_choose("a team"),
    )
    detail = forms.CharField(required=False, max_length=200, label="Detail")

    def __init__(self, *args: Any, players: list[tuple[str, Any]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—"), *players]
        self.fields["victim"].choices = [("", "—"), *players]

    def event(self) -> dict[str, Any] | None:
        data = getattr(self, "cleaned_data", None) or {}
        if not data.get("kind"):
            return None
        return {
            "kind": data["kind"],
            "side": data.get("side") or "",
            "player": data.get("player"),
            "victim": data.get("victim"),
            "by_block": bool(data.get("by_block")),
            "injury": data.get("injury") or "",
            "characteristic": data.get("characteristic") or "",
            "apothecary_used": bool(data.get("apothecary_used")),
            "detail": data.get("detail") or "",
        }


CorrectionEventFormSet = forms.formset_factory(CorrectionEventForm, extra=3, max_num=20)


# --- the post-game's decisions ---------------------------------------------------------------


class PostGameChoicesForm(forms.Form):
    """Post-game step 4 for one team: journeymen to hire for good, players to retire."""

    hire_journeymen = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Journeymen to hire permanently",
        error_messages=_choose("the journeymen to hire"),
    )
    retire = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Players to retire temporarily",
        error_messages=_choose("the players to retire"),
    )

    def __init__(
        self, pending: Iterable[Any], names: Mapping[int, str], *args: Any, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        hire: list[tuple[int, str]] = []
        retire: list[tuple[int, str]] = []
        self.places: int | None = None
        self.treasury: int | None = None
        for choice in pending:
            options = choice.options
            if choice.kind == "hire_journeymen":
                self.places, self.treasury = options.get("places"), options.get("treasury")
                hire += [
                    (int(pid), f"{names.get(int(pid), pid)} — costs {gp(cost)}")
                    for pid, cost in (options.get("journeymen") or {}).items()
                ]
            elif choice.kind == "temporary_retirement":
                retire += [(int(pid), names.get(int(pid), str(pid))) for pid in options["players"]]
        self.fields["hire_journeymen"].choices = hire
        self.fields["retire"].choices = retire
        if not hire:
            del self.fields["hire_journeymen"]
        if not retire:
            del self.fields["retire"]

    def choice_kwargs(self) -> dict[str, list[int]]:
        return {
            "hire_journeymen": list(self.cleaned_data.get("hire_journeymen") or []),
            "retire": list(self.cleaned_data.get("retire") or []),
        }


# --- lists -------------------------------------------------------------------------------------


class MatchFilterForm(forms.Form):
    season = forms.ModelChoiceField(
        queryset=Season.objects.select_related("league").order_by("league__name", "-number"),
        required=False,
        empty_label="All seasons",
        error_messages=_choose("a season"),
    )
    team = forms.ModelChoiceField(
        queryset=Team.objects.order_by("name"),
        required=False,
        empty_label="All teams",
        error_messages=_choose("a team"),
    )
    status = forms.ChoiceField(
        choices=[("", "Any status"), *MatchStatus.choices],
        required=False,
        error_messages=_choose("a status"),
    )
