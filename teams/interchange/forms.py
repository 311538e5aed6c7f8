"""The import page's form: the file, what kind of file it is, the ruleset a FUMBBL or
NAFLM team plays, and a name for the team if not the file's."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.i18n import filled_lazy, grouped_lazy
from core.validators import no_control_characters_before_cleaning
from rules_engine import get_ruleset, list_rulesets
from teams.interchange.services import SourceFormat
from teams.interchange.shapes import MAX_UPLOAD_BYTES
from teams.models import TEAM_NAME_MAX


class ImportForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Team file"),
        help_text=filled_lazy(
            gettext_lazy("JSON or XML, at most %(size)s kB."),
            {"size": grouped_lazy(MAX_UPLOAD_BYTES // 1000)},
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,.xml,application/json,text/xml"}),
    )
    source_format = forms.ChoiceField(label=gettext_lazy("It is"), choices=SourceFormat.choices)
    ruleset = forms.ChoiceField(
        label=gettext_lazy("Ruleset"),
        required=False,
        help_text=gettext_lazy(
            "The ruleset a FUMBBL or NAFLM team plays; a Dugout export names its own."
        ),
    )
    name = forms.CharField(
        label=gettext_lazy("Team name"),
        required=False,
        max_length=TEAM_NAME_MAX,
        validators=[no_control_characters_before_cleaning],
        help_text=gettext_lazy("Leave empty to keep the file's name."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        ruleset = self.fields["ruleset"]
        assert isinstance(ruleset, forms.ChoiceField)
        ruleset.choices = [("", _("The file's own (Dugout export)"))] + [
            (key, get_ruleset(key).name) for key in list_rulesets()
        ]

    def clean_file(self) -> bytes:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(
                _("A team file may be at most %(size)s bytes.")
                % {"size": number_format(MAX_UPLOAD_BYTES, force_grouping=True)}
            )
        return upload.read()
