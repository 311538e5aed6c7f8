"""Forms of the match pages. They check the shape of what a coach tapped or typed;
the rules are the match services' and the engine's, whose sentences become
form errors (``add_rules_errors``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django import forms

from matches.models import EventKind, InjuryResult, MatchStatus
from matches.selectors.boards import seasons, teams_by_name
from matches.selectors.words import CHARACTERISTICS
from teams.forms import add_rules_errors
from teams.templatetags.dugout import gp

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def choices_of(form: forms.BaseForm, name: str) -> forms.ChoiceField:
    """The form's choice field ``name`` (whose choices a form sets per match)."""
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField), f"{name} is a choice field"
    return field


__all__ = [
    "ActionForm",
    "EventForm",
    "MatchFilterForm",
    "PostGameChoicesForm",
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
# What the tap grid calls the kinds an edition's report adds (report_extras).
EXTRA_TAP_LABELS: dict[str, str] = {EventKind.LANDING: "Safe landing (thrown team-mate)"}


def tap_kinds(choices: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The tap grid's kinds for a league whose report records ``choices``: every one
    of ``TAP_KINDS``, then those its edition adds (BB2025: a safe landing)."""
    added = [(v, EXTRA_TAP_LABELS.get(v, label)) for v, label in choices if v in EXTRA_TAP_LABELS]
    return (*TAP_KINDS, *added)


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


def _choose(what: str) -> dict[str, StrOrPromise]:
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

    def __init__(self, *args: Any, kinds: list[tuple[str, str]] | None = None, **kw: Any) -> None:
        """``kinds``: the event kinds the league's report records (all by default)."""
        super().__init__(*args, **kw)
        if kinds is not None:
            choices_of(self, "kind").choices = kinds

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


# --- the post-game's decisions ---------------------------------------------------------------


class PostGameChoicesForm(forms.Form):
    """One team's post-game decisions: BB2020 step 4 (journeymen to hire for good,
    players to retire) or classic's re-roll of the winnings D6."""

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
        choices_of(self, "hire_journeymen").choices = hire
        choices_of(self, "retire").choices = retire
        if not hire:
            del self.fields["hire_journeymen"]
        if not retire:
            del self.fields["retire"]
        nominate = next((c for c in pending if c.kind == "mvp_nominees"), None)
        if nominate is not None:
            self.nominees = int(nominate.options.get("nominees") or 0)
            self.fields["mvp_nominees"] = forms.TypedMultipleChoiceField(
                coerce=int,
                widget=forms.CheckboxSelectMultiple,
                label=f"Nominate {self.nominees} players for the MVP",
                help_text="The MVP is drawn from your nominees.",
                choices=[(int(p), names.get(int(p), str(p))) for p in nominate.options["players"]],
                error_messages=_choose("the players to nominate"),
            )
        reroll = next((c for c in pending if c.kind == "reroll_winnings"), None)
        if reroll is not None:
            options = reroll.options
            self.fields["reroll_winnings"] = forms.ChoiceField(
                label=f"Re-roll the winnings D6? It rolled {options.get('roll')}",
                help_text=f"As it stands: {gp(options.get('winnings'))} in winnings.",
                choices=[("no", "Keep it"), ("yes", "Re-roll it (the new roll stands)")],
                widget=forms.RadioSelect,
                error_messages=_choose("whether to re-roll the winnings"),
            )

    def choice_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "hire_journeymen": list(self.cleaned_data.get("hire_journeymen") or []),
            "retire": list(self.cleaned_data.get("retire") or []),
        }
        if "reroll_winnings" in self.fields:
            kwargs["reroll_winnings"] = self.cleaned_data["reroll_winnings"] == "yes"
        if "mvp_nominees" in self.fields:
            kwargs["mvp_nominees"] = list(self.cleaned_data.get("mvp_nominees") or [])
        return kwargs

    def clean_mvp_nominees(self) -> list[int]:
        nominees = list(self.cleaned_data.get("mvp_nominees") or [])
        if len(nominees) != self.nominees:
            raise forms.ValidationError(
                f"Tick exactly {self.nominees} players; you ticked {len(nominees)}."
            )
        return nominees


# --- lists -------------------------------------------------------------------------------------


class MatchFilterForm(forms.Form):
    season = forms.ModelChoiceField(
        queryset=seasons(),
        required=False,
        empty_label="All seasons",
        error_messages=_choose("a season"),
    )
    team = forms.ModelChoiceField(
        queryset=teams_by_name(),
        required=False,
        empty_label="All teams",
        error_messages=_choose("a team"),
    )
    status = forms.ChoiceField(
        choices=[("", "Any status"), *MatchStatus.choices],
        required=False,
        error_messages=_choose("a status"),
    )
