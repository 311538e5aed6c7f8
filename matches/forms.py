"""Forms of the match pages. They check the shape of what a coach tapped or typed;
the rules are the match services' and the engine's, whose sentences become
form errors (``add_rules_errors``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext as _

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
EXTRA_TAP_LABELS: dict[str, str] = {
    EventKind.LANDING: "Safe landing (thrown team-mate)",
    EventKind.SUPERB_THROW: "Superb Throw (team-mate landed)",
}


def tap_kinds(choices: Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The tap grid's kinds for a league whose report records ``choices``: those of
    ``TAP_KINDS`` it records (a BB2025 report has no deflection), then the player
    events its edition adds (BB2025: a safe landing), where the other SPP events are."""
    recorded = dict(choices)
    kept = [(v, label) for v, label in TAP_KINDS if v in recorded]
    added = [(v, EXTRA_TAP_LABELS.get(v, recorded[v])) for v in all_event_kinds() if v in recorded]
    return (*kept, *added)


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
                    f"Nominate all {self.nominees} eligible players for the MVP"
                    if everyone
                    else f"Nominate {self.nominees} players for the MVP"
                ),
                help_text=(
                    f"Tick {self.nominees} of your players who played (no star players, "
                    "nobody killed this game); a D6 picks the MVP among them."
                ),
                choices=[(pid, names.get(pid, str(pid))) for pid in eligible],
                error_messages={
                    "required": f"Tick {self.nominees} players to nominate for the MVP.",
                    "invalid_choice": (
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
                    label=f"Awarded touchdown {number} of {count}: its {each} SPP go to",
                    choices=[("", "Choose a player")]
                    + [(pid, names.get(pid, str(pid))) for pid in players],
                    error_messages={
                        "required": f"Choose who gets awarded touchdown {number}.",
                        "invalid_choice": (
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
                label=f"Re-roll the winnings D6? It rolled {options.get('roll')}",
                help_text=f"As it stands: {gp(options.get('winnings'))} in winnings.",
                choices=[("no", "Keep it"), ("yes", "Re-roll it (the new roll stands)")],
                widget=forms.RadioSelect,
                error_messages=_choose("whether to re-roll the winnings"),
            )

        # BB2025 Masters of Undeath: keep the Lineman raised this game, for free.
        raised = next((c for c in pending if c.kind == "keep_raised"), None)
        if raised is not None:
            options = raised.options
            keep = zip(options.get("positions") or (), options.get("names") or (), strict=True)
            answers = [(slug, f"Keep him as a {name}") for slug, name in keep]
            answers.append(("", "Let him go (he is lost)"))
            self.fields["keep_raised"] = forms.ChoiceField(
                label=raised.prompt,
                help_text=(
                    "A rookie with 0 SPP, free of charge; he adds his full value to Team Value."
                ),
                choices=answers,
                required=False,
                widget=forms.RadioSelect,
                error_messages=_choose("whether to keep the raised Lineman"),
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
            raise forms.ValidationError("Tick each player once.")
        if len(nominees) != self.nominees:
            raise forms.ValidationError(
                f"Tick exactly {self.nominees} players for the MVP; you ticked {len(nominees)}."
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
