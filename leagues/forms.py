"""Forms of the league pages. They check types; the services apply the league rules
and their refusals come back as form errors."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules_engine
from core.types import Actor
from core.validators import no_control_characters, no_control_characters_but_lines
from leagues.forms_kickoff import time_zone_choices
from leagues.models import (
    MAX_REDRAFT_BUDGET_CAP,
    REDRAFT_CAP_MESSAGE,
    Division,
    Fixture,
    PlayoffFormat,
    Season,
    SeasonFormat,
    TieBreaker,
    default_tie_breakers,
)
from leagues.permissions import signed_in
from leagues.services import FORFEIT_KINDS
from leagues.services._common import teams_playing_elsewhere
from teams.models import Team, TeamStatus

TIE_BREAKER_SLOTS = 4
DATE = forms.DateInput(attrs={"type": "date"})


class LeagueForm(forms.Form):
    name = forms.CharField(
        max_length=100, validators=[no_control_characters], label=gettext_lazy("Name")
    )
    ruleset = forms.ChoiceField(choices=(), label=gettext_lazy("Rules"))
    points_for_win = forms.IntegerField(
        initial=3, min_value=-99, max_value=99, label=gettext_lazy("Points for a win")
    )
    points_for_draw = forms.IntegerField(
        initial=1, min_value=-99, max_value=99, label=gettext_lazy("Points for a draw")
    )
    points_for_loss = forms.IntegerField(
        initial=0, min_value=-99, max_value=99, label=gettext_lazy("Points for a loss")
    )
    bonus_three_touchdowns = forms.BooleanField(
        required=False, label=gettext_lazy("+1 point for scoring 3 or more touchdowns")
    )
    bonus_clean_sheet = forms.BooleanField(
        required=False, label=gettext_lazy("+1 point for conceding no touchdown")
    )
    bonus_three_casualties = forms.BooleanField(
        required=False, label=gettext_lazy("+1 point for causing 3 or more casualties")
    )
    redraft_budget_cap = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_REDRAFT_BUDGET_CAP,
        error_messages={"max_value": REDRAFT_CAP_MESSAGE},
        label=gettext_lazy("Re-draft budget cap (gp)"),
        help_text=gettext_lazy("Leave empty for no cap; the rulebook suggests 1,300,000."),
    )
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        initial="UTC",
        required=False,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy(
            "Deadlines end at midnight here, and kick-off times are shown on its clock."
        ),
    )

    language = forms.ChoiceField(
        choices=settings.LANGUAGES,
        initial=settings.LANGUAGE_CODE,
        required=False,
        label=gettext_lazy("Language"),
        help_text=gettext_lazy(
            "The language of the league's mails, webhooks and pages by default."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["ruleset"]).choices = [
            (key, rules_engine.get_ruleset(key).name) for key in rules_engine.list_rulesets()
        ]
        defaults = default_tie_breakers()
        for n in range(1, TIE_BREAKER_SLOTS + 1):
            self.fields[f"tie_breaker_{n}"] = forms.ChoiceField(
                choices=[("", "-")] + list(TieBreaker.choices),
                required=False,
                initial=defaults[n - 1] if n <= len(defaults) else "",
                label=_("Tie-breaker %(number)s") % {"number": n},
            )

    def clean_time_zone(self) -> str:
        # Left out (a form from before the field): UTC, the league's default.
        return self.cleaned_data.get("time_zone") or "UTC"

    def clean_language(self) -> str:
        # Left out (a form from before the field): the site's language.
        return self.cleaned_data.get("language") or settings.LANGUAGE_CODE

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        breakers = [data.pop(f"tie_breaker_{n}") for n in range(1, TIE_BREAKER_SLOTS + 1)]
        data["tie_breakers"] = [b for b in breakers if b]
        return data


class OpenSeasonForm(forms.Form):
    format = forms.ChoiceField(choices=SeasonFormat.choices, label=gettext_lazy("Format"))
    playoff_format = forms.ChoiceField(
        choices=PlayoffFormat.choices, label=gettext_lazy("Play-off format")
    )
    divisions = forms.CharField(
        initial="Division 1",
        label=gettext_lazy("Divisions"),
        validators=[no_control_characters_but_lines],
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("One division name a line (up to four)."),
    )

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["divisions"] = [line.strip() for line in data["divisions"].splitlines()]
        return data


class LanguageForm(forms.Form):
    """The league's language (``services.set_language``)."""

    language = forms.ChoiceField(
        choices=settings.LANGUAGES,
        label=gettext_lazy("Language"),
        help_text=gettext_lazy(
            "The language of the league's mails, webhooks and pages by default."
        ),
    )


class DivisionForm(forms.Form):
    name = forms.CharField(
        max_length=60, label=gettext_lazy("Division name"), validators=[no_control_characters]
    )


class TeamAndCoachField(forms.ModelChoiceField):
    """A team choice labelled with its coach, "Name (coach)"."""

    def label_from_instance(self, obj: Any) -> str:
        return f"{obj.name} ({obj.coach})"


class AdmitForm(forms.Form):
    team = TeamAndCoachField(queryset=Team.objects.none(), label=gettext_lazy("Team"))
    division = forms.ModelChoiceField(
        queryset=Division.objects.none(), label=gettext_lazy("Division")
    )

    def __init__(self, season: Season, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        team = cast(TeamAndCoachField, self.fields["team"])
        team.queryset = (
            Team.objects.filter(ruleset=season.league.ruleset, status=TeamStatus.ACTIVE)
            .exclude(league_entries__season=season, league_entries__division__isnull=False)
            .select_related("coach")
            .order_by("name")
        )
        # The list leaves out the teams playing in another league's current season; one
        # sent from a page loaded before it was admitted there is refused by the service,
        # which says where it plays.
        team.choices = [("", team.empty_label or "")] + [
            (t.pk, team.label_from_instance(t))
            for t in team.queryset.exclude(pk__in=teams_playing_elsewhere(season.league_id))
        ]
        cast(forms.ModelChoiceField, self.fields["division"]).queryset = season.divisions.order_by(
            "name"
        )


class EnterForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Your team"))

    def __init__(self, season: Season, user: Actor, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = (
            Team.objects.filter(coach=signed_in(user), ruleset=season.league.ruleset)
            .exclude(league_entries__season=season)
            .exclude(pk__in=teams_playing_elsewhere(season.league_id))
            .order_by("name")
        )


class ScheduleForm(forms.Form):
    start_date = forms.DateField(
        widget=DATE,
        label=gettext_lazy("Start date"),
        help_text=gettext_lazy("Round 1 closes one round later."),
    )
    days_per_round = forms.IntegerField(
        initial=7, min_value=1, max_value=365, label=gettext_lazy("Days per round")
    )


class DockPointsForm(forms.Form):
    team = forms.ModelChoiceField(queryset=Team.objects.none(), label=gettext_lazy("Team"))
    points = forms.IntegerField(
        initial=3, min_value=1, max_value=99, label=gettext_lazy("Points to dock")
    )
    reason = forms.CharField(max_length=200, label=gettext_lazy("Reason"))

    def __init__(self, season: Season, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["team"]).queryset = Team.objects.filter(
            league_entries__season=season
        ).order_by("name")


class RescheduleForm(forms.Form):
    round = forms.IntegerField(required=False, min_value=1, label=gettext_lazy("Move to round"))
    deadline = forms.DateField(required=False, widget=DATE, label=gettext_lazy("New deadline"))


class ForfeitForm(forms.Form):
    kind = forms.ChoiceField(
        choices=list(FORFEIT_KINDS.items()), widget=forms.RadioSelect, label=gettext_lazy("Kind")
    )
    conceded_by = forms.ModelChoiceField(
        queryset=Team.objects.none(),
        required=False,
        label=gettext_lazy("Conceded by (for a concession)"),
    )

    def __init__(self, fixture: Fixture, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ModelChoiceField, self.fields["conceded_by"]).queryset = Team.objects.filter(
            pk__in=[fixture.home_id, fixture.away_id]
        )


class ConfirmForm(forms.Form):
    """A button with nothing to fill in (start the play-offs); carries refusals."""


class RollOverForm(forms.Form):
    """Close the season and open the next (``services.roll_over_season``)."""

    without_playoffs = forms.BooleanField(
        label=gettext_lazy("Close without play-offs"),
        required=False,
        help_text=gettext_lazy(
            "For a regular season whose league fixtures are all settled: no play-offs, "
            "no prizes, no champion."
        ),
    )

    def __init__(
        self, *args: Any, moves: list[tuple[str, str]] | None = None, current: str = "", **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        if moves:
            # The editions the league may move to at this re-draft (the engine's list).
            self.fields["ruleset"] = forms.ChoiceField(
                label=gettext_lazy("Rules for the next season"),
                required=False,
                choices=[("", _("Stay on %(edition)s") % {"edition": current}), *moves],
                help_text=gettext_lazy(
                    "Moving to another edition: every team re-drafts into it, each coach "
                    "seeing what of his team cannot carry over before he confirms."
                ),
            )


class PlayoffWinnerForm(forms.Form):
    """Who goes through a play-off left level (``services.record_playoff_winner``)."""

    winner = forms.ChoiceField(label=gettext_lazy("Goes through"), widget=forms.RadioSelect)

    def __init__(self, fixture: Fixture, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["winner"]).choices = [
            (str(fixture.home_id), fixture.home.name),
            (str(fixture.away_id), fixture.away.name),
        ]
