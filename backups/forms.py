"""The restore page's form: a backup file and the new league's name."""

from __future__ import annotations

from typing import Any

from django import forms

from backups.services import MAX_BACKUP_BYTES
from leagues.models import League


class RestoreForm(forms.Form):
    file = forms.FileField(
        label="Backup file",
        help_text=f"A league backup downloaded from Dugout (.json, at most "
        f"{MAX_BACKUP_BYTES // 1_000_000} MB).",
        error_messages={"required": "Choose the backup file to restore."},
    )
    name = forms.CharField(
        label="Name of the new league",
        max_length=League._meta.get_field("name").max_length,
        required=False,
        help_text="Leave it empty to keep the backup's name (it must not be taken).",
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BACKUP_BYTES:
            raise forms.ValidationError(
                f"The file is {upload.size:,} bytes; a backup may be at most "
                f"{MAX_BACKUP_BYTES:,} bytes."
            )
        return upload
