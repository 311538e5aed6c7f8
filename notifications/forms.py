"""The webhook and e-mail preference forms of the pages."""

from __future__ import annotations

from django import forms
from django.core.validators import URLValidator
from django.utils.translation import gettext_lazy

from notifications.models import EmailPreference, Webhook

HTTP_ONLY = gettext_lazy("A webhook address starts with http:// or https://.")


class WebhookForm(forms.ModelForm):
    url = forms.URLField(
        label=gettext_lazy("Address (URL)"),
        max_length=500,
        assume_scheme="https",
        help_text=gettext_lazy(
            "The chat's incoming webhook URL, e.g. a Discord channel's webhook."
        ),
        validators=[URLValidator(schemes=["http", "https"], message=HTTP_ONLY, code="scheme")],
    )
    secret = forms.CharField(
        label=gettext_lazy("Secret (optional)"),
        required=False,
        max_length=200,
        widget=forms.PasswordInput(render_value=False),
        help_text=gettext_lazy(
            "Signs each message (X-Dugout-Signature: sha256=…), for receivers that check."
        ),
    )

    class Meta:
        model = Webhook
        fields = [
            "url",
            "payload_format",
            "secret",
            "on_results",
            "on_level_ups",
            "on_deaths",
            "on_fixtures",
            "on_news",
        ]
        labels = {
            "payload_format": gettext_lazy("Format"),
            "on_results": gettext_lazy("Results"),
            "on_level_ups": gettext_lazy("Level-ups"),
            "on_deaths": gettext_lazy("Deaths"),
            "on_fixtures": gettext_lazy("Kick-offs and deadlines"),
            "on_news": gettext_lazy("News and match reports"),
        }


class EmailPreferenceForm(forms.ModelForm):
    class Meta:
        model = EmailPreference
        fields = ["next_match", "decisions", "fixtures", "news"]
        labels = {
            "next_match": gettext_lazy("E-mail me my next match"),
            "decisions": gettext_lazy(
                "E-mail me when a report or a post-game waits for my decision"
            ),
            "fixtures": gettext_lazy(
                "E-mail me kick-off times, reminders before kick-off and deadlines, "
                "and deadlines passed"
            ),
            "news": gettext_lazy("E-mail me my league's news and match reports about my matches"),
        }
