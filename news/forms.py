"""The news pages' forms. The services (``news.services``) check what matters
(title, length, the match's state) and refuse with a sentence beside the field."""

from __future__ import annotations

from django import forms

from news.models import BODY_MAX_CHARS, TITLE_MAX

MARKDOWN_HELP = "Markdown: *emphasis*, **bold**, lists, > quotes, [links](https://…)."


def _body_field(label: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        max_length=BODY_MAX_CHARS,
        help_text=MARKDOWN_HELP,
        error_messages={
            "required": "Write something first: it is empty.",
            "max_length": (
                f"Shorten the text to at most {BODY_MAX_CHARS:,} characters "
                "(it has %(show_value)d)."
            ),
        },
        widget=forms.Textarea(attrs={"rows": 12}),
    )


class NewsForm(forms.Form):
    title = forms.CharField(
        label="Title",
        max_length=TITLE_MAX,
        error_messages={
            "required": "Give the news a title.",
            "max_length": f"Shorten the title to at most {TITLE_MAX} characters.",
        },
    )
    body = _body_field("News")


class MatchReportForm(forms.Form):
    body = _body_field("Your report of the match")
