"""The form of a team's page as its coach dresses it: logo and description."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from core.i18n import filled_lazy
from teams.logos import MAX_BYTES
from teams.models import TEAM_DESCRIPTION_MAX

ACCEPTED_TYPES = "image/png,image/jpeg,image/gif,image/webp"


class TeamProfileForm(forms.Form):
    """Both at once; the services (``teams.services.profile``) check the file as an
    image and the description's length, and refuse with a sentence beside the field."""

    logo = forms.FileField(
        label=gettext_lazy("Logo"),
        required=False,
        help_text=filled_lazy(
            gettext_lazy(
                "A PNG, JPEG, GIF or WebP image of at most %(size)s MiB; "
                "it is shown at most 256×256 pixels."
            ),
            {"size": MAX_BYTES // 1024 // 1024},
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ACCEPTED_TYPES}),
    )
    remove_logo = forms.BooleanField(label=gettext_lazy("Take the logo down"), required=False)
    description = forms.CharField(
        label=gettext_lazy("Description"),
        required=False,
        strip=True,
        max_length=TEAM_DESCRIPTION_MAX,
        help_text=gettext_lazy(
            "The team's story, in Markdown: *emphasis*, **bold**, lists, [links](https://…)."
        ),
        error_messages={
            "max_length": gettext_lazy(
                "Shorten the description to at most %(limit_value)s characters "
                "(it has %(show_value)s)."
            )
        },
        widget=forms.Textarea(attrs={"rows": 8}),
    )
