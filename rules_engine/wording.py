"""Sentences the engine shows a coach, kept so the site can show them translated.

The engine never imports Django, so it cannot translate. A :class:`Wording` keeps
the English template and its values; ``str()`` renders it through the translator
the host installed (:func:`install_translator`; the apps install Django's
gettext), else in English. Templates use ``str.format`` fields, ``"{position}"``,
and name every value so a translation may reorder them.

``say`` and ``say_plural`` are also the keywords the site's ``makemessages``
command looks for, so every template written with them lands in the catalogues.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

# (singular, plural or None, count or None) -> the template in the reader's language.
Translator = Callable[[str, str | None, int | None], str]


def _english(singular: str, plural: str | None, count: int | None) -> str:
    if plural is None or count is None:
        return singular
    return singular if count == 1 else plural


_translator: Translator = _english


def install_translator(translator: Translator | None) -> None:
    """Render every :class:`Wording` through ``translator`` (None: English again)."""
    global _translator
    _translator = translator or _english


def installed_translator() -> Translator:
    """The translator every :class:`Wording` renders through now (to put it back later)."""
    return _translator


@dataclass(frozen=True)
class Wording:
    """One sentence for a coach: its English template(s) and the values it names."""

    singular: str
    plural: str | None = None
    count: int | None = None
    values: tuple[tuple[str, object], ...] = ()

    def english(self) -> str:
        return self._render(_english)

    def __str__(self) -> str:
        return self._render(_translator)

    def _render(self, translator: Translator) -> str:
        template = translator(self.singular, self.plural, self.count)
        values = {
            # A sentence inside reads in the same language as this one.
            name: value._render(translator) if isinstance(value, Wording) else value
            for name, value in self.values
        }
        if self.count is not None:
            values.setdefault("count", self.count)
        return template.format(**values)


def say(template: str, /, **values: object) -> Wording:
    """A sentence: ``say("{name} is not on the roster.", name=name)``."""
    return Wording(template, values=tuple(values.items()))


def say_plural(singular: str, plural: str, count: int, /, **values: object) -> Wording:
    """A sentence that agrees with ``count`` (``{count}`` in the templates)."""
    return Wording(singular, plural, count, tuple(values.items()))


type Shown = str | Wording
"""What a refusal or a prompt may hold: a plain string, or a translatable sentence."""


def english(text: Shown) -> str:
    """``text`` in English, whether a plain string or a :class:`Wording`: what the
    apps store or fingerprint, so a record reads the same whoever made it."""
    return text.english() if isinstance(text, Wording) else text


def thousands(amount: int) -> str:
    """A sum of gold as a sentence shows it: "1,000,000" (put in with ``{amount} gp``)."""
    return f"{amount:,}"


def as_plain(text: Shown) -> dict[str, object] | None:
    """A :class:`Wording` as JSON-ready data, for a row that shows it later in its
    reader's language (None for a plain string: it has no template to translate).
    A value that is neither a sentence nor a JSON scalar is kept as its text."""
    if not isinstance(text, Wording):
        return None
    values: dict[str, object] = {}
    for name, value in text.values:
        if isinstance(value, Wording):
            values[name] = {"said": as_plain(value)}
        elif value is None or isinstance(value, bool | int | float | str):
            values[name] = value
        else:
            values[name] = str(value)
    plain: dict[str, object] = {"text": text.singular, "values": values}
    if text.plural is not None:
        plain["plural"] = text.plural
    if text.count is not None:
        plain["count"] = text.count
    return plain


def from_plain(data: object) -> Wording:
    """The :class:`Wording` :func:`as_plain` wrote (a ``ValueError`` for anything else)."""
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise ValueError(f"not a stored sentence: {data!r}")
    stored = data.get("values") or {}
    if not isinstance(stored, dict):
        raise ValueError(f"a stored sentence's values are not named: {stored!r}")
    values: list[tuple[str, object]] = []
    for name, value in stored.items():
        if isinstance(value, dict) and "said" in value:
            value = from_plain(value["said"])
        values.append((str(name), value))
    plural, count = data.get("plural"), data.get("count")
    return Wording(
        data["text"],
        plural if isinstance(plural, str) else None,
        count if isinstance(count, int) and not isinstance(count, bool) else None,
        tuple(values),
    )


def shown_from(plain: object, english_text: str) -> Shown:
    """What a stored row shows: its sentence in the reader's language where the row
    kept one (``as_plain``), else the English text it stored."""
    if plain is None:
        return english_text
    try:
        return from_plain(plain)
    except ValueError:
        return english_text


# A side inside a sentence ("Fair-weather fans ({side})"): the word for it in the
# reader's language, the code ("home", "away") in English, so records keep their text.
_SIDE_WORDS: dict[str, Wording] = {"home": say("home"), "away": say("away")}


def side_said(side: str) -> Shown:
    """``side`` ("home" or "away") as a word inside a sentence, in the reader's language;
    anything else as it is."""
    return _SIDE_WORDS.get(side, side)
