"""Team and player names as a reader sees them.

A name is stored cleaned (``clean_name``): NFKC-normalized (full-width letters,
ligatures and compatibility forms become the plain ones), without format, control,
private-use or unassigned characters (zero-width spaces and joiners, bidi marks, soft
hyphens), with every run of whitespace one space, and trimmed.

Two team names a reader cannot tell apart are one name: ``skeleton`` reduces a name
to what it looks like - accents dropped, case folded, the common Cyrillic and Greek
letters that look Latin mapped to the Latin ones, and the I/l/1, O/0, rn/m look-alikes
merged - after the idea of Unicode's confusable skeletons (UTS #39). No library for
it is pinned in the project (and none of the kept ones does it), so this is a small
map of the letters that fool a reader in a Latin-script league, not the whole
Unicode confusables table; a name in another script keeps its own letters.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Any

from django import forms
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import serializers

from core.fields import StrictCharField
from core.validators import no_control_characters_before_cleaning
from teams.models import Team

# Format (Cf: zero-width, bidi, soft hyphen), control (Cc), surrogate (Cs), private
# use (Co) and unassigned (Cn) characters: nothing a reader sees.
_INVISIBLE = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})
# Hangul fillers and the Braille blank look like nothing but are letters/symbols.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
_SPACES = re.compile(r"\s+")

# Capitals of Greek and Cyrillic that look like Latin capitals (before case folding,
# so Greek Eta and Nu read as H and N, not as their small letters' n and v).
_CAPITALS = str.maketrans(
    {
        **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
        **dict(zip("АВЕКМНОРСТУХЅІЈԚԜ", "ABEKMHOPCTYXSIJQW", strict=True)),
    }
)
# Small letters (and digits) that look like Latin small letters, after case folding.
_SMALL = str.maketrans(
    {
        **dict(zip("аеорсухѕіјһԁԛԝӏ", "aeopcyxsijhdqwi", strict=True)),
        **dict(zip("αορνυικχ", "aopvuikx", strict=True)),
        **dict(zip("ıɩlǀ1|ℓ", "iiiiiii", strict=True)),
        "0": "o",
        "ɡ": "g",
        **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
        **dict.fromkeys("\u2018\u2019\u02bc\u0060\u00b4\u2032", "'"),
        **dict.fromkeys("\u201c\u201d\u2033", '"'),
    }
)
_DIGRAPHS = (("rn", "m"), ("vv", "w"))


def clean_name(text: str) -> str:
    """``text`` as stored: NFKC, no invisible characters, single spaces, trimmed."""
    text = unicodedata.normalize("NFKC", text)
    visible = "".join(
        " " if ch in _BLANKS else ch
        for ch in text
        if unicodedata.category(ch) not in _INVISIBLE or ch in "\t\n\r"
    )
    return _SPACES.sub(" ", visible).strip()


def skeleton(text: str) -> str:
    """What ``text`` looks like: two names with one skeleton pass for each other."""
    decomposed = unicodedata.normalize("NFD", clean_name(text))
    bare = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn")
    folded = bare.translate(_CAPITALS).casefold().translate(_SMALL)
    for digraph, letter in _DIGRAPHS:
        folded = folded.replace(digraph, letter)
    return unicodedata.normalize("NFC", folded)


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """The first of ``others`` that reads as ``name``, if any."""
    key = skeleton(name)
    return next((other for other in others if skeleton(other) == key), None)


def team_name_taken(name: str, *, exclude_pk: int | None = None) -> str | None:
    """The existing team whose name reads as ``name`` (team names are unique across
    the site, as the database's case-insensitive constraint has them), if any.

    Every name is compared (a skeleton cannot be looked up by SQL); thousands of
    teams take milliseconds."""
    teams = Team.objects.all() if exclude_pk is None else Team.objects.exclude(pk=exclude_pk)
    return look_alike(name, teams.values_list("name", flat=True).iterator())


def taken_message(name: str, existing: str) -> str:
    if existing.casefold() == name.casefold():
        return _("A team named %(name)s already exists; choose another name") % {"name": repr(name)}
    return _(
        "%(name)s reads as the existing team %(existing)s (letters that look alike); "
        "choose another name"
    ) % {"name": repr(name), "existing": repr(existing)}


# --- input fields: a name is cleaned before its length and blankness are checked -------


class NameFormField(forms.CharField):
    """A page's name field, cleaned (``clean_name``); a control character the cleaning
    would drop unseen (BEL, ESC, the right-to-left override) is a form error instead."""

    def to_python(self, value: Any) -> str:
        raw = super().to_python(value) or ""
        no_control_characters_before_cleaning(raw)
        return clean_name(raw)


class NameSerializerField(StrictCharField):
    """An API's name field (strings only), cleaned (``clean_name``); a control character
    is a 400 naming the field, as on the page."""

    def to_internal_value(self, data: Any) -> str:
        raw = super().to_internal_value(data)
        try:
            no_control_characters_before_cleaning(raw)
        except DjangoValidationError as refused:
            raise serializers.ValidationError(refused.messages) from None
        return clean_name(raw)
