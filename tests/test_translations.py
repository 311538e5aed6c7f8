"""The site is translatable, and its catalogues are sound.

**Templates.** Every template under templates/ is read as Django's lexer reads it; what
is left outside ``{% translate %}`` / ``{% blocktranslate %}`` (text between tags, and
the attributes a reader sees or hears: placeholder, title, aria-label, alt, and the
value of an ``<input>`` button) must hold no word. Not words: whitespace,
punctuation, template variables, numbers, and the few terms in ``NOT_WORDS`` (game
abbreviations the rules keep in English, the site's name). Templates still being
marked are listed in ``NOT_YET_MARKED``: the list may only shrink: a template outside
it with an unmarked word fails, and so does one inside it that is now clean (take it
off the list).

**Catalogues** (locale/<language>/LC_MESSAGES/django.po, written by translators and
``make messages``): each parses, has no fuzzy entry (a guess msgmerge made is not a
translation), and its committed django.mo says exactly what it says (``make
messages`` compiles both; `make run` needs no gettext). A language in
``COMPLETE_LANGUAGES`` translates every string freshly extracted from the sources; one
that is complete and not yet listed fails until it is listed, so it stays complete.

The extraction runs Django's ``makemessages`` (ours, with the rules engine's ``say``)
on a copy of the sources in a temporary directory: the work tree's locale/ is never
written. It needs GNU gettext: without it these tests are skipped, except under CI,
where .ci/run installs it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
LOCALE = ROOT / "locale"
IN_CI = os.environ.get("CI", "").lower() == "true"

# Words that are not the interface's: game terms the rules keep in English as
# abbreviations, and the site's name.
NOT_WORDS = frozenset({"MA", "ST", "AG", "PA", "AV", "SPP", "TV", "CTV", "MVP", "Dugout"})

# Templates that still hold unmarked text (the list only shrinks).
NOT_YET_MARKED: frozenset[str] = frozenset()

# Languages translated in full, kept so: every string marked in the sources has a
# translation (add a language once it is complete; `make messages` then tells which
# strings a change added).
COMPLETE_LANGUAGES: frozenset[str] = frozenset({"fr", "de", "es", "it"})

# The attributes a reader sees or a screen reader says.
SHOWN_ATTRIBUTES = frozenset({"placeholder", "title", "aria-label", "alt"})
BUTTON_TYPES = frozenset({"submit", "button", "reset"})
# Where makemessages does not look (the Makefile's MESSAGE_IGNORE).
NOT_EXTRACTED = (".venv", "var", "tests", "bench", "docs", "node_modules")

# Where a variable or a translated text was: a digit, which is no word, and keeps
# ``<h{{ level }}>`` a tag.
_HOLE = "0"
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


# --- templates ---------------------------------------------------------------------


def _skeleton(source: str) -> str:
    """The template with its translated text, variables and tags taken out: what is
    left is the HTML and the text nobody marked."""
    out: list[str] = []
    skipping: str | None = None  # the closing tag of a block whose content is skipped
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.COMMENT:
            continue
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split(maxsplit=1)[0] if token.contents else ""
            if skipping is not None:
                if name == skipping:
                    skipping = None
                continue
            if name in ("blocktranslate", "blocktrans"):
                skipping = "end" + name
                out.append(_HOLE)
            elif name == "comment":
                skipping = "endcomment"
            elif name in ("translate", "trans"):
                out.append(_HOLE)
            elif name == "verbatim":
                skipping = "endverbatim"
            continue
        if skipping is not None:
            continue
        out.append(_HOLE if token.token_type == TokenType.VAR else token.contents)
    return "".join(out)


class _Reader(HTMLParser):
    """The text nodes and shown attributes of an HTML skeleton."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: list[str] = []
        self._raw = 0  # inside <script> or <style>

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._raw += 1
        values = dict(attrs)
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES:
                self.shown.append(value)
        if tag == "input" and (values.get("type") or "").lower() in BUTTON_TYPES:
            self.shown.append(values.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._raw:
            self._raw -= 1

    def handle_data(self, data: str) -> None:
        if not self._raw:
            self.shown.append(data)


def unmarked_words(source: str) -> list[str]:
    """The words of ``source`` (a template) outside any translation."""
    reader = _Reader()
    reader.feed(_skeleton(source))
    reader.close()
    words = []
    for text in reader.shown:
        words += [w for w in _WORD.findall(text) if w not in NOT_WORDS]
    return words


def _templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.suffix in (".html", ".txt"))


def _unmarked_by_template() -> dict[str, list[str]]:
    found = {}
    for path in _templates():
        words = unmarked_words(path.read_text(encoding="utf-8"))
        if words:
            found[str(path.relative_to(TEMPLATES))] = words
    return found


def test_the_checker_finds_unmarked_text_and_passes_marked_text():
    assert unmarked_words("<h1>Log in</h1>") == ["Log", "in"]
    assert unmarked_words('<input placeholder="Team name" value="x">') == ["Team", "name"]
    assert unmarked_words('<input type="submit" value="Save">') == ["Save"]
    assert unmarked_words('<img alt="Logo" src="{{ url }}">') == ["Logo"]
    assert unmarked_words('<a title="{% translate "Home" %}" href="/">{{ name }}</a>') == []
    assert unmarked_words("<p>{% translate 'Log in' %} — 3 · {{ team.name }} (TV)</p>") == []
    assert (
        unmarked_words(
            "{% blocktranslate trimmed with n=x %}<b>Hello</b> {{ n }}{% endblocktranslate %}"
        )
        == []
    )
    assert unmarked_words("{# Remark #}{% comment %}A note{% endcomment %}<p>ST 3</p>") == []
    assert unmarked_words("<script>let shown = 1;</script><style>p { x: y }</style>") == []
    assert unmarked_words("{% if a %}<p>Draft</p>{% endif %}") == ["Draft"]
    assert unmarked_words("<p>Dugout's page</p>") == ["Dugout's", "page"]
    assert unmarked_words("<h{{ level }}>{{ title }}</h{{ level }}><p>{{ n }}th</p>") == ["th"]


def test_every_template_s_text_is_marked_for_translation():
    found = _unmarked_by_template()
    newly = {path: words[:8] for path, words in found.items() if path not in NOT_YET_MARKED}
    assert newly == {}, (
        "unmarked text in these templates (mark it with {% translate %} / "
        "{% blocktranslate %}, CONTRIBUTING.md):"
    )
    clean = sorted(NOT_YET_MARKED - set(found))
    assert clean == [], "these templates are marked now: take them off NOT_YET_MARKED"
    missing = sorted(p for p in NOT_YET_MARKED if not (TEMPLATES / p).exists())
    assert missing == [], "these templates are gone: take them off NOT_YET_MARKED"


# --- catalogues --------------------------------------------------------------------

LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def _po_path(language: str) -> Path:
    return LOCALE / language.replace("-", "_") / "LC_MESSAGES" / "django.po"


def _catalogues() -> list[str]:
    return [language for language in LANGUAGES if _po_path(language).exists()]


def _gettext_or_skip() -> None:
    if shutil.which("xgettext") and shutil.which("msgfmt"):
        return
    if IN_CI:
        pytest.fail("GNU gettext (xgettext, msgfmt) is missing: .ci/run installs it")
    pytest.skip("no GNU gettext here (apt-get install gettext)")


def _translations(entries: list[polib.POEntry] | list[polib.MOEntry]) -> dict[tuple, object]:
    return {
        (entry.msgctxt, entry.msgid, entry.msgid_plural): (
            tuple(sorted(entry.msgstr_plural.items())) if entry.msgid_plural else entry.msgstr
        )
        for entry in entries
    }


@pytest.mark.parametrize("language", _catalogues())
def test_a_catalogue_parses_has_no_fuzzy_entry_and_its_mo_matches(language):
    path = _po_path(language)
    catalogue = polib.pofile(str(path), check_for_duplicates=True)
    if shutil.which("msgfmt"):
        checked = subprocess.run(
            ["msgfmt", "--check", "-o", os.devnull, str(path)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr
    fuzzy = [entry.msgid[:60] for entry in catalogue.fuzzy_entries()]
    assert fuzzy == [], f"{path.relative_to(ROOT)}: fuzzy entries, check and unmark them"
    assert not catalogue.metadata_is_fuzzy, f"{path.relative_to(ROOT)}: its header is fuzzy"

    mo_path = path.with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path.relative_to(ROOT)} is missing: run make messages"
    translated = [e for e in catalogue.translated_entries() if not e.obsolete]
    source = _translations(translated)
    compiled = _translations(list(polib.mofile(str(mo_path))))
    stale = sorted(
        key[1][:60]
        for key in source.keys() | compiled.keys()
        if source.get(key) != compiled.get(key)
    )
    assert stale == [], (
        f"{mo_path.relative_to(ROOT)} is not compiled from its django.po ({len(stale)} "
        f"entries differ, such as {stale[:3]}): run make messages"
    )


@pytest.fixture(scope="session")
def source_msgids(tmp_path_factory) -> set[tuple[str | None, str]]:
    """(context, msgid) of every string marked in the sources, freshly extracted."""
    _gettext_or_skip()
    copy = tmp_path_factory.mktemp("sources") / "dugout"
    skipped = {*NOT_EXTRACTED, ".git", "locale", "staticfiles"}
    shutil.copytree(
        ROOT,
        copy,
        ignore=lambda folder, names: [
            n for n in names if n in skipped or n.startswith(".") or n == "__pycache__"
        ],
    )
    (copy / "var").mkdir(exist_ok=True)
    (copy / "locale").mkdir()
    result = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--keep-pot", "--locale=xx"]
        + [f"--ignore={name}" for name in NOT_EXTRACTED],
        cwd=copy,
        capture_output=True,
        text=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    assert result.returncode == 0, result.stderr
    template = polib.pofile(str(copy / "locale" / "django.pot"))
    return {(entry.msgctxt, entry.msgid) for entry in template if entry.msgid}


def test_the_extraction_finds_templates_python_and_the_engine_s_sentences(source_msgids):
    msgids = {msgid for _context, msgid in source_msgids}
    assert "Change language" in msgids  # templates/base.html
    assert ("navigation", "Main") in source_msgids  # a context
    assert "Sign in to choose your language." in msgids  # teams/profile.py
    assert any("{" in msgid for msgid in msgids)  # the rules engine's say()


def test_complete_languages_are_the_site_s():
    assert set(LANGUAGES) >= COMPLETE_LANGUAGES


@pytest.mark.parametrize("language", sorted(COMPLETE_LANGUAGES))
def test_a_complete_language_translates_every_string(language, source_msgids):
    path = _po_path(language)
    assert path.exists(), f"{path.relative_to(ROOT)} is missing: run make messages"
    catalogue = polib.pofile(str(path))
    translated = {(e.msgctxt, e.msgid) for e in catalogue.translated_entries()}
    missing = sorted(msgid[:60] for _context, msgid in source_msgids - translated)
    assert missing == [], (
        f"{len(missing)} strings without a {language} translation, such as {missing[:5]}: "
        "run make messages and translate them"
    )


def test_a_language_s_share_of_translated_strings(source_msgids):
    """Not a gate (COMPLETE_LANGUAGES is): how far each catalogue is, in the output of
    ``pytest -rA``; and the extraction found the strings a catalogue needs."""
    assert len(source_msgids) > 500
    for language in _catalogues():
        catalogue = polib.pofile(str(_po_path(language)))
        done = len(source_msgids & {(e.msgctxt, e.msgid) for e in catalogue.translated_entries()})
        print(f"{language}: {done}/{len(source_msgids)} strings translated")
