"""The form of a team's page as its coach dresses it: logo and description."""

from __future__ import annotations

from django import forms

from teams.logos import MAX_BYTES
from teams.models import TEAM_DESCRIPTION_MAX

ACCEPTED_TYPES = "image/png,image/jpeg,image/gif,image/webp"


class TeamProfileForm(forms.Form):
    """Both at once; the services (``teams.services.profile``) check the file as an
    image and the description's length, and refuse with a sentence beside the field."""

    logo = forms.FileField(
        label="Logo",
        required=False,
        help_text=(
            f"A PNG, JPEG, GIF or WebP image of at most {MAX_BYTES // 1024 // 1024} MiB; "
            "it is shown at most 256×256 pixels."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ACCEPTED_TYPES}),
    )
    remove_logo = forms.BooleanField(label="Take the logo down", required=False)
    description = forms.CharField(
        label="Description",
        required=False,
        strip=True,
        max_length=TEAM_DESCRIPTION_MAX,
        help_text="The team's story, in Markdown: *emphasis*, **bold**, lists, [links](https://…).",
        error_messages={
            "max_length": (
                f"Shorten the description to at most {TEAM_DESCRIPTION_MAX:,} characters "
                "(it has %(show_value)d)."
            )
        },
        widget=forms.Textarea(attrs={"rows": 8}),
    )
