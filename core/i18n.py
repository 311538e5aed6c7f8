"""The interface's languages, as a request names them.

Which language a page reads in (``accounts.language`` applies it, after Django's
``LocaleMiddleware``):

1. the language a signed-in coach chose on his profile (``teams.profile``);
2. the language a visitor chose with the switch at the foot of every page (Django's
   language cookie, ``settings.LANGUAGE_COOKIE_NAME``);
3. the first language of his browser's ``Accept-Language`` the site has;
4. on a league's pages, the league's own language (``League.language``), when the
   browser names languages but none of the site's;
5. English (``settings.LANGUAGE_CODE``).

Django's ``LocaleMiddleware`` already picks 2, 3 then 5; the helpers here tell a
choice from a fallback, so that 1 and 4 can be put in their places.

Dates and numbers follow the language (Django's formats: ``|date:"j M Y"`` reads
"3 Dez 2026" in German). ``USE_THOUSAND_SEPARATOR`` stays off: it would group every
number a template prints, ids in addresses and form values included (``/teams/1.234/``);
a number meant for reading is grouped where it is shown (:data:`grouped_lazy`,
``django.utils.formats.number_format(n, force_grouping=True)``).

A page's validators carry its language too (``core.conditional`` puts the active
language in every ETag): a visitor who switches is not answered 304 with the copy his
browser holds in the language he left.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.utils import translation
from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import get_supported_language_variant, gettext

# The session's copy of the signed-in coach's profile language ("" when he chose none),
# written at login and when he changes it, so no page asks the database for it.
SESSION_KEY = "dugout_language"


def _filled(message: object, values: Mapping[str, object]) -> str:
    return str(message) % {name: str(value) for name, value in values.items()}


filled_lazy = lazy(_filled, str)
"""A message translated when it is shown, its values put in then: for module-level
labels and help texts, ``filled_lazy(gettext_lazy("At most %(size)s MiB."), {"size": 2})``
(``gettext_lazy(...) % values`` would translate at import, in English)."""

grouped_lazy = lazy(lambda number: number_format(number, force_grouping=True), str)
"""A whole number with the thousands grouped as the reader's language writes them
(``5,000``, ``5.000``, ``5 000``), when it is shown."""


def site_languages() -> list[str]:
    """The codes of the interface's languages (``settings.LANGUAGES``), English first."""
    return [code for code, _name in settings.LANGUAGES]


def known_language(code: object) -> str | None:
    """The site's spelling of ``code`` (``"EN_gb"`` -> ``"en-gb"``), None if it is not
    exactly one of the site's languages."""
    if not isinstance(code, str):
        return None
    wanted = code.strip().lower().replace("_", "-")
    return wanted if wanted in site_languages() else None


def unknown_language(code: object) -> str:
    """The refusal of a language the site does not have."""
    return gettext("%(code)s is not one of Dugout's languages; choose one of %(codes)s.") % {
        "code": str(code)[:20],
        "codes": ", ".join(site_languages()),
    }


def chosen_language(request: HttpRequest) -> str | None:
    """The language the visitor chose with the switch (the language cookie), if the
    site has it."""
    return known_language(request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME))


# A language range of RFC 9110 §12.5.4 (RFC 4647's "1*8ALPHA *("-" 1*8alphanum)"), or "*".
_LANGUAGE_RANGE = re.compile(r"^(?:\*|[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*)$")
_QUALITY = re.compile(r"^q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$", re.IGNORECASE)
# What a browser sends is short; a longer header is read no further (as Django does).
_MAX_HEADER = 500


def accepted_languages(header: str) -> list[str]:
    """The language ranges of an ``Accept-Language`` header, most wanted first (equal
    weights keep their order), lower-cased; a range refused (``q=0``) or malformed is
    left out."""
    weighted: list[tuple[float, int, str]] = []
    for position, part in enumerate(header[:_MAX_HEADER].split(",")):
        tag, *parameters = (piece.strip() for piece in part.split(";"))
        if not _LANGUAGE_RANGE.match(tag):
            continue
        quality = 1.0
        for parameter in parameters:
            found = _QUALITY.match(parameter.replace(" ", ""))
            if found is None:
                quality = -1.0
                break
            quality = float(found.group(1))
        if quality > 0:
            weighted.append((-quality, position, tag.lower()))
    return [tag for _weight, _position, tag in sorted(weighted)]


def browser_language(request: HttpRequest) -> str | None:
    """The first language of the browser's ``Accept-Language`` the site has (``en-US``
    reads as the site's English), None when it names none of them. Read as Django's
    ``LocaleMiddleware`` reads it."""
    for tag in accepted_languages(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        if tag == "*":
            break
        try:
            return str(get_supported_language_variant(tag))
        except LookupError:
            continue
    return None


def language_by_default(request: HttpRequest) -> bool:
    """True when the visitor's browser asks for languages, none of them the site's, and
    he chose none: the page may then read in its league's language, else English. A
    client that names no language at all (a script, a feed reader, a crawler) reads
    English, as the site always answered it."""
    return (
        bool(request.META.get("HTTP_ACCEPT_LANGUAGE", "").strip())
        and chosen_language(request) is None
        and browser_language(request) is None
    )


def use_language(request: HttpRequest, language: str) -> None:
    """Read the rest of the request in ``language``."""
    translation.activate(language)
    request.LANGUAGE_CODE = language


def fragment_key(key: str, key_prefix: str, version: Any) -> str:
    """A cache key that names the active language, for the page fragments' cache
    (``KEY_FUNCTION``): a fragment rendered in French is never served to an English
    page."""
    return f"{key_prefix}:{version}:{translation.get_language() or ''}:{key}"
