"""Forms of the match pages. They check the shape of what a coach tapped or typed;
the rules are the match services' and the engine's, whose sentences become
form errors (``add_rules_errors``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from matches.models import EventKind, InjuryResult, MatchStatus
from matches.selectors.boards import seasons, teams_by_name
from matches.selectors.words import CHARACTERISTICS
from matches.services.report_extras import all_event_kinds
from rules_engine.ruleset import STANDARD_GAME
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
# The post-game choice (and form field) of BB2025's MVP nominations.
MVP_NOMINEES = "mvp_nominees"
AWARDED_TOUCHDOWNS = "awarded_touchdowns"
MAX_SET_UP_PLAYERS = STANDARD_GAME.players_on_pitch
SIDE_CHOICES = [
    ("home", pgettext_lazy("the home team", "Home")),
    ("away", pgettext_lazy("the away team", "Away")),
]
CHARACTERISTIC_CHOICES = [("", "—"), *CHARACTERISTICS.items()]
# The taps of live report entry, in the order a coach looks for them.
TAP_KINDS = (
    (EventKind.TOUCHDOWN, gettext_lazy("Touchdown")),
    (EventKind.COMPLETION, gettext_lazy("Completion")),
    (EventKind.CASUALTY, gettext_lazy("Casualty")),
    (EventKind.INJURY, gettext_lazy("Injury")),
    (EventKind.INTERCEPTION, gettext_lazy("Interception")),
    (EventKind.DEFLECTION, gettext_lazy("Deflection")),
    (EventKind.SENT_OFF, gettext_lazy("Sent off")),
)
# What the tap grid calls the kinds an edition's report adds (report_extras).
EXTRA_TAP_LABELS: dict[str, StrOrPromise] = {
    EventKind.LANDING: gettext_lazy("Safe landing (thrown team-mate)"),
    EventKind.SUPERB_THROW: gettext_lazy("Superb Throw (team-mate landed)"),
}


def tap_kinds(choices: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The tap grid's kinds for a league whose report records ``choices``: those of
    ``TAP_KINDS`` it records (a BB2025 report has no deflection), then the player
    events its edition adds (BB2025: a safe landing), where the other SPP events are."""
    recorded = dict(choices)
    kept = [(str(v), str(label)) for v, label in TAP_KINDS if v in recorded]
    added = [
        (str(v), str(EXTRA_TAP_LABELS.get(v, recorded[v])))
        for v in all_event_kinds()
        if v in recorded
    ]
    return (*kept, *added)


KICK_OFF_KINDS = (
    (EventKind.WEATHER_CHANGE, gettext_lazy("Weather change")),
    (EventKind.KICK_OFF, gettext_lazy("Kick-off event")),
    (EventKind.BRIBE, gettext_lazy("Bribe used")),
)
# One tap records an injury: its result, and for a Lasting Injury the characteristic.
INJURY_OUTCOMES = [
    *[(value, label) for value, label in InjuryResult.choices if value != "lasting_injury"],
    *[
        (f"lasting_injury:{key}", format_lazy(gettext_lazy("Lasting injury (−{})"), label))
        for key, label in CHARACTERISTICS.items()
    ],
]


class ActionForm(forms.Form):
    """A button with nothing to fill in; carries the refusal's reasons."""


def _choose(required: StrOrPromise, invalid: StrOrPromise) -> dict[str, StrOrPromise]:
    """A choice field's messages: nothing chosen (``required``), or a value not offered."""
    return {"required": required, "invalid_choice": invalid}


class EventForm(forms.Form):
    """One event of the report, as the tap buttons (or the kick-off form) post it."""

    kind = forms.ChoiceField(
        choices=EventKind.choices,
        error_messages=_choose(
            gettext_lazy("Choose what happened."),
            gettext_lazy("Choose what happened from the list."),
        ),
    )
    side = forms.ChoiceField(
        choices=[("", "—"), *SIDE_CHOICES],
        required=False,
        error_messages=_choose(
            gettext_lazy("Choose a team."), gettext_lazy("Choose a team from the list.")
        ),
    )
    player = forms.IntegerField(
        required=False, error_messages={"invalid": gettext_lazy("Choose the player from the list.")}
    )
    victim = forms.IntegerField(
        required=False, error_messages={"invalid": gettext_lazy("Choose the victim from the list.")}
    )
    by_block = forms.ChoiceField(
        choices=[
            ("block", gettext_lazy("By a Block (2 SPP)")),
            ("other", gettext_lazy("By a foul or anything else (no SPP)")),
        ],
        required=False,
        widget=forms.RadioSelect,
        label=gettext_lazy("How was it caused?"),
    )
    outcome = forms.ChoiceField(
        choices=[("", "—"), *INJURY_OUTCOMES],
        required=False,
        error_messages=_choose(
            gettext_lazy("Choose the injury's result."),
            gettext_lazy("Choose the injury's result from the list."),
        ),
    )
    apothecary_used = forms.BooleanField(required=False, label=gettext_lazy("After the apothecary"))
    detail = forms.CharField(
        required=False,
        max_length=200,
        label=gettext_lazy("What happened"),
        help_text=gettext_lazy("The new weather, or the kick-off result."),
        error_messages={"max_length": gettext_lazy("Say it in at most 200 characters.")},
    )

    def __init__(self, *args: Any, kinds: list[tuple[str, str]] | None = None, **kw: Any) -> None:
        """``kinds``: the event kinds the league's report records (all by default)."""
        super().__init__(*args, **kw)
        if kinds is not None:
            choices_of(self, "kind").choices = kinds

    def event_kwargs(self) -> dict[str, Any]:
        """``add_event``'s keyword arguments."""
        data = self.cleaned_data
        injury, _colon, characteristic = (data.get("outcome") or "").partition(":")
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
        label=gettext_lazy("Journeymen to hire permanently"),
        error_messages=_choose(
            gettext_lazy("Choose the journeymen to hire."),
            gettext_lazy("Choose the journeymen to hire from the list."),
        ),
    )
    retire = forms.TypedMultipleChoiceField(
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label=gettext_lazy("Players to retire temporarily"),
        error_messages=_choose(
            gettext_lazy("Choose the players to retire."),
            gettext_lazy("Choose the players to retire from the list."),
        ),
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
                    (
                        int(pid),
                        _("%(player)s — costs %(gold)s")
                        % {"player": names.get(int(pid), pid), "gold": gp(cost)},
                    )
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
        # BB2025 step 3: the coach nominates six of his players who played (all of
        # them when fewer are eligible); a D6 then picks the MVP among them.
        self.nominees = 0
        nominate = next((c for c in pending if c.kind == MVP_NOMINEES), None)
        if nominate is not None:
            self.nominees = int(nominate.options.get("nominees") or 0)
            eligible = [int(p) for p in nominate.options["players"]]
            everyone = self.nominees >= len(eligible)
            self.fields[MVP_NOMINEES] = forms.TypedMultipleChoiceField(
                coerce=int,
                widget=forms.CheckboxSelectMultiple(attrs={"class": "nominees"}),
                label=(
                    ngettext(
                        "Nominate the %(count)s eligible player for the MVP",
                        "Nominate all %(count)s eligible players for the MVP",
                        self.nominees,
                    )
                    if everyone
                    else ngettext(
                        "Nominate %(count)s player for the MVP",
                        "Nominate %(count)s players for the MVP",
                        self.nominees,
                    )
                )
                % {"count": self.nominees},
                help_text=ngettext(
                    "Tick %(count)s of your players who played (no star players, nobody "
                    "killed this game); a D6 picks the MVP among them.",
                    "Tick %(count)s of your players who played (no star players, nobody "
                    "killed this game); a D6 picks the MVP among them.",
                    self.nominees,
                )
                % {"count": self.nominees},
                choices=[(pid, names.get(pid, str(pid))) for pid in eligible],
                error_messages={
                    "required": ngettext(
                        "Tick %(count)s player to nominate for the MVP.",
                        "Tick %(count)s players to nominate for the MVP.",
                        self.nominees,
                    )
                    % {"count": self.nominees},
                    "invalid_choice": _(
                        "Tick only the players listed: those who played this game, "
                        "not a star player, not killed."
                    ),
                },
            )
        # BB2025 step 3 after a concession (league facts section 9): one of his players
        # who played for each awarded touchdown; a player may be named more than once.
        self.awarded_names: list[str] = []
        awarded = next((c for c in pending if c.kind == AWARDED_TOUCHDOWNS), None)
        if awarded is not None:
            count = int(awarded.options.get("touchdowns") or 0)
            each = awarded.options.get("spp_each")
            players = [int(p) for p in awarded.options.get("players") or ()]
            for number in range(1, count + 1):
                name = f"{AWARDED_TOUCHDOWNS}_{number}"
                self.fields[name] = forms.TypedChoiceField(
                    coerce=int,
                    label=_("Awarded touchdown %(number)s of %(count)s: its %(spp)s SPP go to")
                    % {"number": number, "count": count, "spp": each},
                    choices=[("", _("Choose a player"))]
                    + [(pid, names.get(pid, str(pid))) for pid in players],
                    error_messages={
                        "required": _("Choose who gets awarded touchdown %(number)s.")
                        % {"number": number},
                        "invalid_choice": _(
                            "Choose one of the players listed: those who played this game, "
                            "not a star player, not killed."
                        ),
                    },
                )
                self.awarded_names.append(name)
        reroll = next((c for c in pending if c.kind == "reroll_winnings"), None)
        if reroll is not None:
            options = reroll.options
            self.fields["reroll_winnings"] = forms.ChoiceField(
                label=_("Re-roll the winnings D6? It rolled %(roll)s")
                % {"roll": options.get("roll")},
                help_text=_("As it stands: %(gold)s in winnings.")
                % {"gold": gp(options.get("winnings"))},
                choices=[("no", _("Keep it")), ("yes", _("Re-roll it (the new roll stands)"))],
                widget=forms.RadioSelect,
                error_messages=_choose(
                    gettext_lazy("Choose whether to re-roll the winnings."),
                    gettext_lazy("Choose whether to re-roll the winnings from the list."),
                ),
            )

        # BB2025 Masters of Undeath: keep the Lineman raised this game, for free.
        raised = next((c for c in pending if c.kind == "keep_raised"), None)
        if raised is not None:
            options = raised.options
            keep = zip(options.get("positions") or (), options.get("names") or (), strict=True)
            answers = [
                (slug, _("Keep him as a %(position)s") % {"position": name}) for slug, name in keep
            ]
            answers.append(("", _("Let him go (he is lost)")))
            self.fields["keep_raised"] = forms.ChoiceField(
                label=raised.prompt,
                help_text=_(
                    "A rookie with 0 SPP, free of charge; he adds his full value to Team Value."
                ),
                choices=answers,
                required=False,
                widget=forms.RadioSelect,
                error_messages=_choose(
                    gettext_lazy("Choose whether to keep the raised Lineman."),
                    gettext_lazy("Choose whether to keep the raised Lineman from the list."),
                ),
            )

    def choice_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {
            "hire_journeymen": list(self.cleaned_data.get("hire_journeymen") or []),
            "retire": list(self.cleaned_data.get("retire") or []),
        }
        if "reroll_winnings" in self.fields:
            kwargs["reroll_winnings"] = self.cleaned_data["reroll_winnings"] == "yes"
        if MVP_NOMINEES in self.fields:
            kwargs[MVP_NOMINEES] = list(self.cleaned_data.get(MVP_NOMINEES) or [])
        if "keep_raised" in self.fields:
            kwargs["keep_raised"] = self.cleaned_data.get("keep_raised") or None
        if self.awarded_names:
            kwargs[AWARDED_TOUCHDOWNS] = [self.cleaned_data[name] for name in self.awarded_names]
        return kwargs

    @property
    def awarded_fields(self) -> list[Any]:
        """The awarded touchdowns' fields, one per touchdown, for the page."""
        return [self[name] for name in self.awarded_names]

    @property
    def hiring_step(self) -> bool:
        """Whether the form ends the coach's step 4 (not only his step-3 answers: MVP
        nominations, awarded touchdowns)."""
        not_hiring = {MVP_NOMINEES, *self.awarded_names, "reroll_winnings"}
        return not self.fields or any(name not in not_hiring for name in self.fields)

    @property
    def submit_label(self) -> str:
        """The button's words: "Done with step 4", the MVP nominations (step 3), or the
        answer to the winnings re-roll (classic)."""
        if self.hiring_step:
            return _("Done with step 4")
        if MVP_NOMINEES in self.fields:
            return _("Nominate for the MVP")
        if "reroll_winnings" in self.fields:
            return _("Send the answer")
        return _("Give the SPP")

    def clean_mvp_nominees(self) -> list[int]:
        nominees = list(self.cleaned_data.get(MVP_NOMINEES) or [])
        if len(set(nominees)) != len(nominees):
            raise forms.ValidationError(_("Tick each player once."))
        if len(nominees) != self.nominees:
            raise forms.ValidationError(
                ngettext(
                    "Tick exactly %(count)s player for the MVP; you ticked %(ticked)s.",
                    "Tick exactly %(count)s players for the MVP; you ticked %(ticked)s.",
                    self.nominees,
                )
                % {"count": self.nominees, "ticked": len(nominees)}
            )
        return nominees


# --- lists -------------------------------------------------------------------------------------


class MatchFilterForm(forms.Form):
    season = forms.ModelChoiceField(
        queryset=seasons(),
        required=False,
        label=gettext_lazy("Season"),
        empty_label=gettext_lazy("All seasons"),
        error_messages=_choose(
            gettext_lazy("Choose a season."), gettext_lazy("Choose a season from the list.")
        ),
    )
    team = forms.ModelChoiceField(
        queryset=teams_by_name(),
        required=False,
        label=gettext_lazy("Team"),
        empty_label=gettext_lazy("All teams"),
        error_messages=_choose(
            gettext_lazy("Choose a team."), gettext_lazy("Choose a team from the list.")
        ),
    )
    status = forms.ChoiceField(
        choices=[("", gettext_lazy("Any status")), *MatchStatus.choices],
        required=False,
        error_messages=_choose(
            gettext_lazy("Choose a status."), gettext_lazy("Choose a status from the list.")
        ),
    )
