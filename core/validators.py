"""Validators shared by every app's names and free text."""

from __future__ import annotations

import unicodedata
import zoneinfo

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible

# Zero-width (non-)joiners shape words in Persian and Indic scripts and emoji: not refused.
JOINERS = frozenset("\u200c\u200d")


@deconstructible
class NoControlCharacters:
    """Refuse control and format characters (BEL, ESC, the right-to-left override...)
    in a one-line name: they ring terminals, reorder what readers see, and print as
    nothing. Letters of every script, spaces and punctuation pass."""

    message = "Names may not contain control characters such as %(shown)s."
    code = "control_characters"

    def __init__(self, allowed: frozenset[str] = JOINERS) -> None:
        self.allowed = frozenset(allowed)

    def __call__(self, value: object) -> None:
        text = str(value)
        bad = [
            c
            for c in text
            if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co") and c not in self.allowed
        ]
        if bad:
            shown = ", ".join(sorted({f"U+{ord(c):04X}" for c in bad}))
            raise ValidationError(self.message, code=self.code, params={"shown": shown})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NoControlCharacters) and other.allowed == self.allowed

    def __hash__(self) -> int:
        return hash((self.code, self.allowed))


no_control_characters = NoControlCharacters()

# Several names, one a line (a season's divisions typed in a text box).
no_control_characters_but_lines = NoControlCharacters(JOINERS | frozenset("\r\n"))

# What the cleaning of team and player names (teams/names.py) drops or folds into one
# space without changing what a reader sees: tabs and line breaks, zero-width spaces and
# joiners, the word joiner, the soft hyphen and the byte-order mark. What it would drop
# silently but a reader should hear about (BEL, ESC, the right-to-left override...) is
# refused before it cleans.
CLEANED_AWAY = JOINERS | frozenset("\t\n\r\u200b\u2060\u00ad\ufeff")
no_control_characters_before_cleaning = NoControlCharacters(CLEANED_AWAY)


@deconstructible
class KnownTimeZone:
    """An IANA time zone name ("Europe/Paris"), as calendars and deadlines need."""

    message = "“%(value)s” is not a time zone; use a name such as Europe/Paris."
    code = "time_zone"

    def __call__(self, value: object) -> None:
        if str(value) not in zoneinfo.available_timezones():
            raise ValidationError(self.message, code=self.code, params={"value": value})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, KnownTimeZone)

    def __hash__(self) -> int:
        return hash(self.code)


known_time_zone = KnownTimeZone()
