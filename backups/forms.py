"""The restore page's form: a backup file and the new league's name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from backups.services import MAX_BACKUP_BYTES
from leagues.models import League


class RestoreForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("Backup file"),
        help_text=format_lazy(
            gettext_lazy("A league backup downloaded from Dugout (.json, at most {size} MB)."),
            size=MAX_BACKUP_BYTES // 1_000_000,
        ),
        error_messages={"required": gettext_lazy("Choose the backup file to restore.")},
    )
    name = forms.CharField(
        label=gettext_lazy("Name of the new league"),
        max_length=League._meta.get_field("name").max_length,
        required=False,
        help_text=gettext_lazy("Leave it empty to keep the backup's name (it must not be taken)."),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BACKUP_BYTES:
            raise forms.ValidationError(
                _("The file is %(size)s bytes; a backup may be at most %(limit)s bytes.")
                % {
                    "size": number_format(upload.size, force_grouping=True),
                    "limit": number_format(MAX_BACKUP_BYTES, force_grouping=True),
                }
            )
        return upload
