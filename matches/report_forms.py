"""Forms of the match report: the final score (and, for a game scored in points, the
cards that score them) with its idempotency key, and a commissioner's correction
(the score, the events to keep, events to add, why)."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.errors import MatchError
from matches.forms import (
    CHARACTERISTIC_CHOICES,
    MAX_SCORE,
    MAX_SET_UP_PLAYERS,
    SIDE_CHOICES,
    _choose,
    choices_of,
)
from matches.models import EventKind, InjuryResult, Match
from matches.services.report.confirmation import MAX_NOTE_LENGTH
from matches.services.report_extras import ExtraField, event_choices, team_fields, team_report_type
from matches.services.rulesets import rules_for
from rules_engine.errors import RulesError

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def _score(label: StrOrPromise, messages: dict[str, StrOrPromise]) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAX_SCORE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0, "max": MAX_SCORE}),
        error_messages=messages,
    )


# Django fills in %(limit_value)s: the most a score may be (MAX_SCORE).
HOME_SCORE_MESSAGES: dict[str, StrOrPromise] = {
    "required": gettext_lazy("Enter the home touchdowns (0 if none)."),
    "invalid": gettext_lazy("Enter the home touchdowns as a whole number."),
    "min_value": gettext_lazy("The home touchdowns cannot be below 0."),
    "max_value": gettext_lazy("The home touchdowns cannot be above %(limit_value)s."),
}
AWAY_SCORE_MESSAGES: dict[str, StrOrPromise] = {
    "required": gettext_lazy("Enter the away touchdowns (0 if none)."),
    "invalid": gettext_lazy("Enter the away touchdowns as a whole number."),
    "min_value": gettext_lazy("The away touchdowns cannot be below 0."),
    "max_value": gettext_lazy("The away touchdowns cannot be above %(limit_value)s."),
}


class CardPointsField(forms.CharField):
    """The points of each Challenge card a team claimed, typed as "2, 3"."""

    # A cleaned list of points where CharField cleans to text (the stubs' return type).
    def to_python(self, value: Any) -> list[int]:  # type: ignore[override]
        text = super().to_python(value) or ""
        parts = [p for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
        if not all(p.isdigit() and 1 <= int(p) <= MAX_SCORE for p in parts):
            raise forms.ValidationError(
                _(
                    "Enter each Challenge card's points as whole numbers from 1 to "
                    "%(most)s, separated by commas: e.g. 2, 3."
                )
                % {"most": MAX_SCORE}
            )
        return [int(p) for p in parts]

    def prepare_value(self, value: Any) -> Any:
        return ", ".join(map(str, value)) if isinstance(value, list) else value


def _points_fields(teams: Mapping[str, str]) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    for side in ("home", "away"):
        fields[f"{side}_challenge_cards"] = CardPointsField(
            required=False,
            label=_("Challenge cards claimed by %(team)s") % {"team": teams[side]},
            help_text=_("The points of each card, e.g. 2, 3; empty for none."),
        )
        values = {"team": teams[side], "most": MAX_SCORE}
        for name, label, messages in (
            (
                "clean_sweeps",
                _("Clean Sweeps of %(team)s") % values,
                {
                    "invalid": _("Enter the Clean Sweeps as a whole number."),
                    "min_value": _("Enter 0 or more Clean Sweeps."),
                    "max_value": _("Enter at most %(most)s Clean Sweeps.") % values,
                },
            ),
            (
                "bonus_play_points",
                _("Bonus Play points of %(team)s") % values,
                {
                    "invalid": _("Enter the Bonus Play points as a whole number."),
                    "min_value": _("Enter 0 or more Bonus Play points."),
                    "max_value": _("Enter at most %(most)s Bonus Play points.") % values,
                },
            ),
        ):
            fields[f"{side}_{name}"] = forms.IntegerField(
                required=False,
                min_value=0,
                max_value=MAX_SCORE,
                initial=0,
                label=label,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 0}),
                error_messages=messages,
            )
    fields["sudden_death_winner"] = forms.ChoiceField(
        required=False,
        label=_("Sudden Death Victory"),
        choices=[("", _("None")), ("home", teams["home"]), ("away", teams["away"])],
        error_messages=_choose(
            gettext_lazy("Choose who won by Sudden Death."),
            gettext_lazy("Choose who won by Sudden Death from the list."),
        ),
    )
    fields["endgame_reached"] = forms.BooleanField(
        required=False, label=_("The Endgame had begun when the game ended")
    )
    return fields


POINTS_FIELD_NAMES = (
    "home_challenge_cards",
    "home_clean_sweeps",
    "home_bonus_play_points",
    "away_challenge_cards",
    "away_clean_sweeps",
    "away_bonus_play_points",
    "sudden_death_winner",
    "endgame_reached",
)


SET_UP_HELP = gettext_lazy("Only if it conceded before a set-up; leave empty otherwise.")


def without_penalty_rule_of(match: Any) -> str:
    """Who may concede without penalty in the match's league, as its edition's report
    states it (BB2025: a team that cannot put 3 players on the Line of Scrimmage, at
    most 2; BB2020: 3 or fewer players); empty where its report has no concession."""
    try:
        report_type = rules_for(match).report_type
    except MatchError:
        return ""
    # str(): the engine's rule reads in the reader's language once it is a sentence.
    return str(team_report_type(report_type).without_penalty_rule)


# What the league's edition asks of the report form (through ``rules_for``).


def report_extras_of(match: Match) -> tuple[Any, ...]:
    """The team fields the league's report adds beyond BB2020's (its edition's report
    type: BB2025's ``stalled``), which the report form asks for each side."""
    try:
        return team_fields(rules_for(match).report_type)
    except RulesError:
        return ()


def event_choices_of(match: Match) -> list[tuple[str, str]]:
    """The event kinds the league's report records (its edition's report type: a safe
    landing only where the report counts them)."""
    try:
        return event_choices(rules_for(match).report_type)
    except RulesError:
        return event_choices(object)


def scored_in_points(match: Match) -> bool:
    """Whether the league's games are scored in points (Blitz Bowl: its edition's
    ``scoring``), so the report form asks for the cards that score them."""
    try:
        return rules_for(match).scored_in_points
    except RulesError:
        return False


def hiring_step_of(match: Match) -> str | None:
    """The post-game step the league's edition holds for the coaches' hiring (None)."""
    try:
        return rules_for(match).hiring_step
    except RulesError:
        return None


def casualty_spp(match: Match) -> int:
    """The SPP a casualty caused by a Block earns under the league's edition (0: none)."""
    try:
        return rules_for(match).edition.casualty_spp
    except RulesError:
        return 0


class ReportForm(forms.Form):
    """The final score on the pitch and any concession. ``idempotency_key`` is made
    when the form is drawn, so a double tap on "Submit" sends the same report twice
    and the service keeps one."""

    home_touchdowns = _score(gettext_lazy("Home touchdowns"), HOME_SCORE_MESSAGES)
    away_touchdowns = _score(gettext_lazy("Away touchdowns"), AWAY_SCORE_MESSAGES)
    conceded_by = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Concession"),
        error_messages=_choose(
            gettext_lazy("Choose who conceded."), gettext_lazy("Choose who conceded from the list.")
        ),
    )
    conceded_at_setup_players = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SET_UP_PLAYERS,
        label=gettext_lazy("Players the conceding team could set up"),
        help_text=SET_UP_HELP,
        error_messages={
            "invalid": gettext_lazy("Enter the number of players as a whole number."),
            "min_value": gettext_lazy("Enter 0 or more players."),
            "max_value": gettext_lazy("A team sets up at most %(limit_value)s players."),
        },
    )
    idempotency_key = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        teams: Mapping[str, str],
        *args: Any,
        points: bool = False,
        extras: Iterable[ExtraField] = (),
        without_penalty: str = "",
        **kwargs: Any,
    ) -> None:
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("idempotency_key", uuid.uuid4().hex)
        super().__init__(*args, **kwargs)
        self.fields["home_touchdowns"].label = _("Touchdowns by %(team)s") % {"team": teams["home"]}
        self.fields["away_touchdowns"].label = _("Touchdowns by %(team)s") % {"team": teams["away"]}
        choices_of(self, "conceded_by").choices = [
            ("", _("Nobody conceded")),
            ("home", _("%(team)s conceded") % {"team": teams["home"]}),
            ("away", _("%(team)s conceded") % {"team": teams["away"]}),
        ]
        if without_penalty and "conceded_at_setup_players" in self.fields:
            # The league's rule, so the coach knows whether the number he gives spares
            # his team the concession's penalties (``without_penalty_rule_of``).
            rule = without_penalty[0].upper() + without_penalty[1:]
            self.fields["conceded_at_setup_players"].help_text = _(
                "%(help)s Conceding Without Penalty: %(rule)s."
            ) % {
                "help": SET_UP_HELP,
                "rule": rule,
            }
        self.points = points
        if points:  # a game scored in points (Blitz Bowl) has its cards, no concession
            del self.fields["conceded_by"], self.fields["conceded_at_setup_players"]
            self.fields.update(_points_fields(teams))
        # The team fields the league's report adds (BB2025: whether a team stalled).
        self.extra_names = []
        for extra in extras:
            for side, key in zip(("home", "away"), extra.report_keys(), strict=True):
                label = _("%(team)s: %(field)s") % {"team": teams[side], "field": extra.label}
                self.fields[key] = (
                    forms.BooleanField(required=False, label=label)
                    if extra.kind is bool
                    else forms.IntegerField(required=False, min_value=0, label=label)
                )
                self.extra_names.append(key)

    def report_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        kwargs = {
            "home_touchdowns": data["home_touchdowns"],
            "away_touchdowns": data["away_touchdowns"],
            "conceded_by": data.get("conceded_by") or "",
            "conceded_at_setup_players": data.get("conceded_at_setup_players"),
        }
        if self.points:
            kwargs.update(
                {name: data[name] for name in POINTS_FIELD_NAMES if data.get(name) is not None}
            )
            kwargs["sudden_death_winner"] = data.get("sudden_death_winner") or ""
            kwargs["endgame_reached"] = bool(data.get("endgame_reached"))
        for name in self.extra_names:
            if data.get(name) is not None:
                kwargs[name] = data[name]
        return kwargs

    def extra_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.extra_names]

    def points_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in POINTS_FIELD_NAMES if name in self.fields]


class CorrectionForm(ReportForm):
    """A commissioner's correction: the score, the events to keep, and why."""

    keep = forms.MultipleChoiceField(
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Events to keep"),
        help_text=gettext_lazy("Untick an event to drop it from the corrected report."),
    )
    note = forms.CharField(
        max_length=300,
        label=gettext_lazy("Why is the report corrected?"),
        help_text=gettext_lazy("The coaches read it in the report's history."),
        error_messages={
            "required": gettext_lazy("Say why the report is corrected; the coaches will read it."),
            "max_length": gettext_lazy("Say why in at most %(limit_value)s characters."),
        },
    )

    def __init__(
        self,
        teams: Mapping[str, str],
        events: Iterable[tuple[int, str]],
        *args: Any,
        points: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(teams, *args, points=points, **kwargs)
        del self.fields["idempotency_key"]
        choices_of(self, "keep").choices = [(str(pk), text) for pk, text in events]
        self.fields["keep"].error_messages = _choose(
            gettext_lazy("Choose the events to keep."),
            gettext_lazy("Choose the events to keep from the list."),
        )

    def kept(self) -> set[int]:
        return {int(pk) for pk in self.cleaned_data.get("keep") or ()}


class SettleForm(CorrectionForm):
    """A commissioner settles a disputed report with the right one: the score, the
    events to keep and to add (``CorrectionEventFormSet``), and why."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        note = self.fields["note"]
        note.label = _("Why is the dispute settled this way?")
        note.help_text = _("The coaches read it in the report's history.")
        note.error_messages["required"] = _(
            "Say why the dispute is settled this way; the coaches will read it."
        )


class CorrectionEventForm(forms.Form):
    """An event a correction adds: every field a select, a blank kind adds nothing."""

    kind = forms.ChoiceField(
        choices=[("", gettext_lazy("— add nothing —")), *EventKind.choices],
        required=False,
        label=gettext_lazy("What happened"),
        error_messages=_choose(
            gettext_lazy("Choose what happened."),
            gettext_lazy("Choose what happened from the list."),
        ),
    )
    player = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        error_messages=_choose(
            gettext_lazy("Choose the player."), gettext_lazy("Choose the player from the list.")
        ),
    )
    victim = forms.TypedChoiceField(
        coerce=int,
        empty_value=None,
        required=False,
        label=gettext_lazy("Victim (a casualty)"),
        error_messages=_choose(
            gettext_lazy("Choose the victim."), gettext_lazy("Choose the victim from the list.")
        ),
    )
    by_block = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("By a Block (2 SPP)")
    )
    injury = forms.ChoiceField(
        choices=[("", "—"), *InjuryResult.choices],
        required=False,
        label=gettext_lazy("Injury result (an injury)"),
        error_messages=_choose(
            gettext_lazy("Choose the injury's result."),
            gettext_lazy("Choose the injury's result from the list."),
        ),
    )
    characteristic = forms.ChoiceField(
        choices=CHARACTERISTIC_CHOICES,
        required=False,
        label=gettext_lazy("Characteristic lost (a lasting injury)"),
        error_messages=_choose(
            gettext_lazy("Choose the characteristic."),
            gettext_lazy("Choose the characteristic from the list."),
        ),
    )
    apothecary_used = forms.BooleanField(required=False, label=gettext_lazy("After the apothecary"))
    side = forms.ChoiceField(
        choices=[("", "—"), *SIDE_CHOICES],
        required=False,
        label=gettext_lazy("Team (a bribe or kick-off event)"),
        error_messages=_choose(
            gettext_lazy("Choose a team."), gettext_lazy("Choose a team from the list.")
        ),
    )
    detail = forms.CharField(required=False, max_length=200, label=gettext_lazy("Detail"))

    def __init__(
        self,
        *args: Any,
        players: Iterable[tuple[str, Any]] = (),
        kinds: list[tuple[str, str]] | None = None,
        **kwargs: Any,
    ) -> None:
        """``kinds``: the event kinds the league's report records (all by default)."""
        super().__init__(*args, **kwargs)
        if kinds is not None:
            choices_of(self, "kind").choices = [("", _("— add nothing —")), *kinds]
        choices_of(self, "player").choices = [("", "—"), *players]
        choices_of(self, "victim").choices = [("", "—"), *players]

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


class DisputeForm(forms.Form):
    note = forms.CharField(
        max_length=MAX_NOTE_LENGTH,
        label=gettext_lazy("What is wrong with the report?"),
        widget=forms.Textarea(attrs={"rows": 3}),
        error_messages={
            "required": gettext_lazy("Say what is wrong with the report, for the commissioner."),
            "max_length": gettext_lazy("Say what is wrong in at most %(limit_value)s characters."),
        },
    )


class SendBackForm(forms.Form):
    note = forms.CharField(
        max_length=300,
        required=False,
        label=gettext_lazy("Why (for the coaches)"),
        error_messages={
            "max_length": gettext_lazy("Say why in at most %(limit_value)s characters.")
        },
    )
