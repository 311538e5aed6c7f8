"""The news pages' forms. The services (``news.services``) check what matters
(title, length, the match's state) and refuse with a sentence beside the field."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from news.models import BODY_MAX_CHARS, TITLE_MAX

MARKDOWN_HELP = gettext_lazy("Markdown: *emphasis*, **bold**, lists, > quotes, [links](https://…).")


def _body_field(label: Any) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=BODY_MAX_CHARS,
        help_text=MARKDOWN_HELP,
        error_messages={
            "required": gettext_lazy("Write something first: it is empty."),
            "max_length": format_lazy(
                gettext_lazy("Shorten the text to at most {limit} characters (it has {length})."),
                limit=f"{BODY_MAX_CHARS:,}",
                length="%(show_value)d",
            ),
        },
        widget=forms.Textarea(attrs={"rows": 12}),
    )


class NewsForm(forms.Form):
    title = forms.CharField(
        label=gettext_lazy("Title"),
        max_length=TITLE_MAX,
        error_messages={
            "required": gettext_lazy("Give the news a title."),
            "max_length": format_lazy(
                gettext_lazy("Shorten the title to at most {limit} characters."), limit=TITLE_MAX
            ),
        },
    )
    body = _body_field(gettext_lazy("News"))


class MatchReportForm(forms.Form):
    body = _body_field(gettext_lazy("Your report of the match"))
