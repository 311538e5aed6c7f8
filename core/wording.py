"""The engine's sentences (``rules_engine.wording``) read through Django's catalogues."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext


def translate_template(singular: str, plural: str | None, count: int | None) -> str:
    """The template of one engine sentence in the active language."""
    if plural is None or count is None:
        return gettext(singular)
    return ngettext(singular, plural, count)
