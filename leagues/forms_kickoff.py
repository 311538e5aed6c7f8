"""Forms of the kick-off block on a fixture's page. A time is typed on the league's
clock (a datetime-local input, read in the league's time zone); the service then
applies the kick-off rules and its refusals come back as form errors."""

from __future__ import annotations

import datetime
import zoneinfo
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from leagues.errors import LeagueError
from leagues.models import League
from leagues.services import kickoff

INPUT_FORMATS = ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S")
PROPOSALS_AT_ONCE = 3


def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone name this machine knows, sorted (UTC first)."""
    names = sorted(zoneinfo.available_timezones() - {"UTC"})
    return [("UTC", "UTC"), *((name, name.replace("_", " ")) for name in names)]


class LeagueDateTimeField(forms.Field):
    """A date and time as a clock in the league's time zone shows it: naive here, made
    aware by the form that knows the league (a datetime-local input)."""

    widget = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")
    default_error_messages = {"invalid": "Enter a date and a time, e.g. 2026-12-05 19:00."}

    def to_python(self, value: Any) -> datetime.datetime | None:
        if value in self.empty_values:
            return None
        if isinstance(value, datetime.datetime):
            return value
        for fmt in INPUT_FORMATS:
            try:
                return datetime.datetime.strptime(str(value).strip(), fmt)
            except ValueError:
                continue
        raise ValidationError(self.error_messages["invalid"], code="invalid")


class _LeagueTimeForm(forms.Form):
    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.league = league
        for field in self.fields.values():
            if isinstance(field, LeagueDateTimeField):
                field.help_text = _("On the league's clock (%(zone)s).") % {
                    "zone": league.time_zone
                }

    def _aware(self, name: str) -> datetime.datetime | None:
        local = self.cleaned_data.get(name)
        if local is None:
            return None
        try:
            return kickoff.from_league_time(local, self.league)
        except LeagueError as error:
            for message in error.messages:
                self.add_error(name, message)
        return None


class ProposeKickoffForm(_LeagueTimeForm):
    """Up to three times at once (the first required)."""

    starts_at_1 = LeagueDateTimeField(label=gettext_lazy("Kick-off time"))
    starts_at_2 = LeagueDateTimeField(label=gettext_lazy("Another time (optional)"), required=False)
    starts_at_3 = LeagueDateTimeField(label=gettext_lazy("A third time (optional)"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [f"starts_at_{n}" for n in range(1, PROPOSALS_AT_ONCE + 1)]
        times = [self._aware(name) for name in names]
        data["starts_at"] = [t for t in times if t is not None]
        return data


class SetKickoffForm(_LeagueTimeForm):
    """A commissioner's kick-off time; empty clears it."""

    kickoff_at = LeagueDateTimeField(label=pgettext_lazy("agreed time", "Kick-off"), required=False)

    def __init__(self, league: League, *args: Any, **kwargs: Any) -> None:
        super().__init__(league, *args, **kwargs)
        field = self.fields["kickoff_at"]
        field.help_text = _("On the league's clock (%(zone)s). Leave it empty to clear it.") % {
            "zone": league.time_zone
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["kickoff_at"] = self._aware("kickoff_at")
        return data


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(
        choices=time_zone_choices,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy(
            "Deadlines end at midnight here, and kick-off times are shown on its clock."
        ),
    )
