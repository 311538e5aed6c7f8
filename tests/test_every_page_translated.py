"""Every page a coach and a commissioner use reads in the coach's language: in French,
German, Spanish and Italian, no page shows an English interface string (game terms
and proper names aside) and no string the catalogue leaves untranslated.

**The pages** are the phone audit's (tests/browser/phone_setup.py: ``manage.py
load_demo``'s league of each ruleset, its first round played, matches left in the
pre-game, live, reported and opened, a closed season and its re-draft, an edition
change), plus what that list lacks (``_more_pages``): a match in its post-game with
choices pending, a closed match corrected by the commissioner, kick-off times
proposed, a finished season's pages and its commissioner's sign-up, the
restore-a-backup page, a visitor's pages (log in, sign up), and forms posted with
errors (each refused: its page is shown again with the reasons, the database
unchanged). Every page is read once per language, as its user reads it: his
profile's language (CoachProfile) set, signed in afresh; a visitor, his browser's
(Accept-Language). The page must say it is in that language (``<html lang>``).

**What is read** on a page: its text nodes (not ``<script>``/``<style>``), and the
attributes a reader sees or hears (placeholder, title, aria-label, alt, the value of
an ``<input>`` button), each block of text (a paragraph, a cell, a button...) as a
whole, its inline markup (a link in a sentence) joined in.

**What fails** (``findings``):

1. *untranslated*: a text that is an English msgid of the language's catalogue
   (locale/<language>/LC_MESSAGES/django.po) whose translation is empty (the
   catalogue lacks it) or different (the page shows it in English all the same: the
   string was translated too early, at import, or not through gettext at all). A
   msgid with placeholders (``%(team)s``, ``{player}``) matches with anything in
   their place.
2. *English*: a text with two or more English stop words (``STOP_WORDS``), or with
   nothing but stop words ("season 1", "(home)"), once the
   game terms and proper names are taken out of it (``_names_pattern``): the rules data's
   names (rosters, positions, skills, star players, inducements, tables and their
   results: rules_engine/data), the database's names (teams, players, coaches,
   leagues, divisions) and what coaches wrote themselves (news, match reports,
   notes), and ``PROPER_NAMES``. A stop word that is also a word of the language
   (Spanish "no", French "match") is no sign of English there: it is one when three
   translations of that language use it, outside game terms (``_own_words``).

A failure lists, per language and page, each offending text, so that an engineer
finds and fixes it (``DUGOUT_ENGLISH_FOUND=file.json`` also writes them to a file);
the checks themselves are tested on made-up pages (``test_the_reading_*``), and each
page must have been read whole, so that the test cannot pass by reading nothing.
"""

from __future__ import annotations

import datetime
import json
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client, TestCase, override_settings
from django.utils import timezone
from django.utils.translation import deactivate

from leagues.models import Division, Fixture, League, Season
from leagues.services.kickoff import deadline_end, propose_kickoffs
from matches import services as match_services
from matches.models import Report
from news.markdown import render as render_markdown
from news.models import LeagueNews, MatchReport
from rules_engine import get_ruleset, list_rulesets
from teams.models import Player, Team
from teams.profile import set_language_of
from tests.browser.phone_setup import COMMISSIONER, REDRAFT_COACH, Visit, build
from tests.eager import eager_tasks
from tests.matches.factories import (
    POST_GAME_SEED,
    all_done,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

# Every test reads the database the module's set-up built (and the checks' own tests
# the catalogues): marked so that pytest-django sets the test database up even when
# only one of them runs.
pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
RULES_DATA = ROOT / "rules_engine" / "data"
LANGUAGES = ("fr", "de", "es", "it")
VISITOR = ""  # a page read signed out

# Words that, in an English interface, mark a sentence: two of them in one text,
# once the names are out, and the text is English.
STOP_WORDS = frozenset(
    """
    the and your you is are was were has have had with this that these those from for to
    of no not won lost waiting player players team teams match matches season seasons be
    been will can cannot must may yet which when who what there their they his her its
    by or an than then only each every any none nothing here should would could does did
    do done into after before until against about home away
    """.split()  # noqa: SIM905 (a list of words, read as one)
)

# Proper names and terms of the game that are no interface text, each with its reason.
PROPER_NAMES: dict[str, str] = {
    "Dugout": "the site's name",
    "Blood Bowl": "the game's name",
    "Blitz Bowl": "a game's name",
    "NAF": "the Nuffle Association Federation, named so in every language",
    "Nuffle": "the game's god, a name",
    "English": "the language menu names each language in itself",
    "MA": "characteristic abbreviation (game term)",
    "ST": "characteristic abbreviation (game term)",
    "AG": "characteristic abbreviation (game term)",
    "PA": "characteristic abbreviation (game term)",
    "AV": "characteristic abbreviation (game term)",
    "SPP": "Star Player Points, a game term",
    "TV": "Team Value, a game term",
    "CTV": "Current Team Value, a game term",
    "MVP": "Most Valuable Player, a game term",
    "Star Player": "a game term (the rules' name for hired stars)",
    "Star Players": "a game term (the rules' name for hired stars)",
    "Star Player Points": "a game term (SPP)",
    "Team Captain": "a game term (BB2025's team captain)",
    "Team League": "a game term (BB2025: the league a team plays in, Badlands Brawl...)",
    "Team Leagues": "a game term (BB2025: the leagues teams play in)",
    "Plays For": "a game term (BB2025: the Team Leagues a star player plays for)",
    "Favoured of": "a game term (BB2025: the special rules Favoured of Khorne, of Nurgle...)",
    "Line of Scrimmage": "a game term (the rulebook's name of the pitch's centre line)",
    "Start of Drive": "a game term (the rulebook's name of a sequence of the game)",
}

# Keys of the rules data (rules_engine/data/*/*.json) whose values are sentences, not
# names: they are read, not taken out of a page's text.
_SENTENCE_KEYS = frozenset(
    {"description", "text", "note", "notes", "source", "reason", "price_note"}
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
_SPACE = re.compile(r"\s+")
_PLACEHOLDER = re.compile(r"%\([^)]*\)[sdif]|%[sdif]|\{[a-z_0-9]*\}")
_TAG = re.compile(r"<[^>]+>")


# --- reading a page -----------------------------------------------------------------

SHOWN_ATTRIBUTES = frozenset({"placeholder", "title", "aria-label", "alt"})
BUTTON_TYPES = frozenset({"submit", "button", "reset"})
# Elements whose text is one piece: a paragraph, a cell, a heading, a button...
BLOCKS = frozenset(
    """
    p li td th h1 h2 h3 h4 h5 h6 label button legend summary dt dd option caption
    figcaption blockquote div section article header footer nav main aside form fieldset
    table tr thead tbody tfoot ul ol dl details select textarea pre body html title
    """.split()  # noqa: SIM905 (a list of words, read as one)
)
VOID = frozenset(
    """
    area base br col embed hr img input link meta source track wbr
    """.split()  # noqa: SIM905 (a list of words, read as one)
)


def _clean(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


class _Reader(HTMLParser):
    """The texts a reader of the page sees: each block's text, and shown attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._raw = 0  # inside <script> or <style>
        self._blocks: list[list[str]] = [[]]

    def _flush(self) -> None:
        text = _clean("".join(self._blocks[-1]))
        if text:
            self.texts.append(text)
        self._blocks[-1] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for name, value in attrs:
            if value and name in SHOWN_ATTRIBUTES and _clean(value):
                self.texts.append(_clean(value))
        button = tag == "input" and (values.get("type") or "").lower() in BUTTON_TYPES
        if button and _clean(values.get("value") or ""):
            self.texts.append(_clean(values.get("value") or ""))
        if tag in ("script", "style"):
            self._raw += 1
        elif tag in BLOCKS:
            self._flush()  # the text before the block is a piece of its own
            self._blocks.append([])
        elif tag == "br":
            self._blocks[-1].append(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._raw = max(0, self._raw - 1)
        elif tag in BLOCKS and len(self._blocks) > 1:
            self._flush()
            self._blocks.pop()

    def handle_data(self, data: str) -> None:
        if not self._raw:
            self._blocks[-1].append(data)

    def close(self) -> None:
        super().close()
        while len(self._blocks) > 1:
            self._flush()
            self._blocks.pop()
        self._flush()


def shown_texts(html: str) -> list[str]:
    """The texts of ``html`` a reader sees or hears, each once, in page order."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return list(dict.fromkeys(reader.texts))


# --- the catalogues -----------------------------------------------------------------


@dataclass
class Catalogue:
    """What a language's catalogue says of each English string."""

    language: str
    exact: dict[str, str] = field(default_factory=dict)  # English text -> its translation
    # (pattern of the English, msgid, translation, pattern of the translation)
    patterns: list[tuple[re.Pattern[str], str, str, re.Pattern[str] | None]] = field(
        default_factory=list
    )
    words: frozenset[str] = frozenset()  # the words its translations use
    # The patterns by the longest word of their English: a text is matched only
    # against the patterns whose word it holds.
    by_word: dict[str, list[int]] = field(default_factory=dict)

    def index(self) -> None:
        for n, (_pattern, msgid, _translation, _translated) in enumerate(self.patterns):
            words = _WORD.findall(_PLACEHOLDER.sub(" ", _as_shown(msgid)))
            self.by_word.setdefault(max(words, key=len), []).append(n)

    def lookup(self, text: str) -> tuple[str, str] | None:
        """(msgid, translation) of the English msgid ``text`` is, if any."""
        if text in self.exact:
            return text, self.exact[text]
        candidates = sorted({n for w in set(_WORD.findall(text)) for n in self.by_word.get(w, ())})
        for n in candidates:
            pattern, msgid, translation, translated = self.patterns[n]
            if pattern.fullmatch(text) and not (translated and translated.fullmatch(text)):
                return msgid, translation
        return None


def _as_shown(msgid: str) -> str:
    """The msgid as a page shows it: its markup out, its spaces collapsed."""
    return _clean(_TAG.sub("", msgid).replace("%%", "%"))


def _pattern(msgid: str, least: int = 3) -> re.Pattern[str] | None:
    """A msgid with placeholders as a pattern: anything in their place. None when too
    little of it is words (``least``) to tell it from other text."""
    shown = _as_shown(msgid)
    parts = _PLACEHOLDER.split(shown)
    if len(_WORD.findall(" ".join(parts))) < least:
        return None
    return re.compile("(?:.+?)".join(re.escape(part) for part in parts), re.DOTALL)


@cache
def catalogue(language: str) -> Catalogue:
    path = LOCALE / language / "LC_MESSAGES" / "django.po"
    found = Catalogue(language)
    words: dict[str, int] = defaultdict(int)
    names = _names_pattern()
    same: set[str] = set()
    for entry in polib.pofile(str(path)):
        if entry.obsolete or not entry.msgid:
            continue
        forms = [(entry.msgid, entry.msgstr_plural.get(0, "") if entry.msgid_plural else "")]
        if entry.msgid_plural:
            forms.append((entry.msgid_plural, entry.msgstr_plural.get(1, "")))
        else:
            forms = [(entry.msgid, entry.msgstr)]
        if "fuzzy" in entry.flags:  # a guess of msgmerge's is no translation
            forms = [(msgid, "") for msgid, _ in forms]
        for msgid, translation in forms:
            shown = _as_shown(msgid)
            if translation and _as_shown(translation) == shown:
                # The same in this language (a name, "OK"), in one context at least
                # ("Home" the page, "Home" the team): not English.
                same.add(shown)
                continue
            if not _PLACEHOLDER.search(shown):
                found.exact.setdefault(shown, translation)
            elif (pattern := _pattern(msgid)) is not None:
                translated = _pattern(translation, least=0) if translation else None
                found.patterns.append((pattern, msgid, translation, translated))
            if translation:
                shown_translation = _PLACEHOLDER.sub(" ", _as_shown(translation))
                for word in set(_WORD.findall(names.sub(" ", shown_translation))):
                    words[word.lower()] += 1
    for shown in same:
        found.exact.pop(shown, None)
    found.words = frozenset(word for word, count in words.items() if count >= 3)
    found.index()
    return found


@cache
def _own_words(language: str) -> frozenset[str]:
    """The stop words that are words of ``language`` too: no sign of English there."""
    return STOP_WORDS & catalogue(language).words


# --- names: game terms and proper names ---------------------------------------------


def _rules_names() -> set[str]:
    """Every name in the rules data: the short strings of its tables and lists (a
    roster, a position, a skill, a star player, an inducement, a table and its
    results), not its sentences (descriptions, notes)."""
    names: set[str] = set()

    def walk(value: object, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in _SENTENCE_KEYS:
                    walk(v, k)
                if k[:1].isupper():  # a table keyed by names
                    names.add(k)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str) and len(value.split()) <= 6 and not value.endswith("."):
            names.add(value)

    for path in sorted(RULES_DATA.glob("*/*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")))
    for key in list_rulesets():
        ruleset = get_ruleset(key)
        names.add(str(getattr(ruleset, "name", "")))
        for roster in ruleset.rosters.values():
            names.add(roster.name)
            names.update(position.name for position in roster.positions.values())
        for items in (ruleset.skills, ruleset.star_players, ruleset.inducements):
            names.update(str(getattr(item, "name", "")) for item in items.values())
    # A name is written capitalised (a key, "any", "kicking", is data, not a name),
    # in a few words (a longer text is a sentence), and is not a lone stop word.
    return {
        name
        for name in names
        if any(c.isupper() for c in name)
        and len(name.split()) <= 6
        and name.lower() not in STOP_WORDS
    }


_db_names: set[str] = set()


def _database_names() -> set[str]:
    """The names the database holds, and what coaches and commissioners wrote
    themselves (news, reports, notes): their words, not the interface's."""
    names: set[str] = set()
    names.update(Team.objects.values_list("name", flat=True))
    names.update(Player.objects.values_list("name", flat=True))
    names.update(get_user_model().objects.values_list("username", flat=True))
    names.update(League.objects.values_list("name", flat=True))
    names.update(Division.objects.values_list("name", flat=True))
    # Written by coaches and commissioners, in the language they chose.
    names.update(LeagueNews.objects.values_list("title", flat=True))
    names.update(Report.objects.values_list("note", flat=True))
    names.update(Report.objects.values_list("dispute_note", flat=True))
    markdown = [
        *LeagueNews.objects.values_list("body", flat=True),
        *MatchReport.objects.values_list("body", flat=True),
        *Team.objects.values_list("description", flat=True),
    ]
    for text in markdown:
        names.update(shown_texts(render_markdown(text)))
    return {_clean(name) for name in names if name and _WORD.search(name)}


@cache
def _names_pattern() -> re.Pattern[str]:
    names = _rules_names() | set(PROPER_NAMES) | _db_names
    alternatives = sorted(names, key=len, reverse=True)
    return re.compile(
        r"(?<![\w])(?:" + "|".join(re.escape(name) for name in alternatives) + r")(?![\w])"
    )


# --- the checks ---------------------------------------------------------------------


def findings(language: str, texts: Iterable[str]) -> list[str]:
    """What in ``texts`` (a page's, read in ``language``) is English, one line each."""
    return [line for text in texts if (line := _finding(language, text))]


@cache
def _finding(language: str, text: str) -> str:
    """What is English in ``text``, read in ``language`` (empty: nothing)."""
    rest = _names_pattern().sub(" ", text)
    if not _WORD.search(rest):
        return ""  # names and numbers only
    known = catalogue(language).lookup(text)
    if known is not None:
        _msgid, translation = known
        why = "no translation in the catalogue" if not translation else "shown untranslated"
        return f"{why}: {text!r}"
    stop_words = STOP_WORDS - _own_words(language)
    words = [w.lower() for w in _WORD.findall(rest)]
    stop = [w for w in words if w in stop_words]
    # Two stop words, or nothing but stop words ("season 1", "(home)"), are English.
    if len(stop) >= 2 or (stop and len(stop) == len(words)):
        return f"English ({', '.join(dict.fromkeys(stop))}): {text!r}"
    return ""


# --- the pages ----------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """A form posted with errors: its page is shown again with the reasons."""

    user: str
    url: str
    name: str
    data: tuple[tuple[str, str], ...]


def _more_pages() -> list[Visit | Post]:
    """What the phone audit's pages lack: a post-game with choices pending, a corrected
    match, kick-off times proposed, the restore page, and forms refused."""
    pages: list[Visit | Post] = []
    with TestCase.captureOnCommitCallbacks(execute=True):
        # A match in its post-game, step 4 waiting for both coaches.
        post = league_match(tag="Post ")
        kick_off(post)
        scorer = post.players("home")[0]
        submit_and_confirm(
            post.home_coach,
            post.match,
            seed=POST_GAME_SEED,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", scorer)],
        )
        # A match closed, then corrected by the commissioner.
        fixed = league_match(tag="Fixed ")
        kick_off(fixed)
        submit_and_confirm(
            fixed.home_coach,
            fixed.match,
            seed=POST_GAME_SEED,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", fixed.players("home")[0])],
        )
    fixed.refresh()  # its post-game applied (on commit): step 4 waits for the coaches
    with TestCase.captureOnCommitCallbacks(execute=True):
        all_done(fixed)
    with TestCase.captureOnCommitCallbacks(execute=True):  # once the post-game is applied
        match_services.close_match(fixed.home_coach, fixed.match)
        match_services.correct_report(
            fixed.commissioner,
            fixed.match,
            home_touchdowns=0,
            away_touchdowns=0,
            events=[],
            note="Scored after the final whistle",
        )
    for s, state in ((post, "post-game"), (fixed, "corrected")):
        m = s.match.pk
        pages += [
            Visit(s.home_coach.username, f"/matches/{m}/", f"match {state} (home)", ""),
            Visit(s.away_coach.username, f"/matches/{m}/", f"match {state} (away)", ""),
            Visit(s.commissioner.username, f"/matches/{m}/", f"match {state} (commish)", ""),
            Visit(s.home_coach.username, f"/leagues/fixtures/{s.fixture.pk}/", state, ""),
            Visit(s.home_coach.username, f"/teams/{s.home.pk}/", f"team sheet {state}", ""),
            Visit(s.home_coach.username, f"/teams/{s.home.pk}/ledger/", f"ledger {state}", ""),
            Visit(s.home_coach.username, f"/teams/{s.home.pk}/history/", f"history {state}", ""),
            Visit(s.home_coach.username, "/", f"home {state}", ""),
        ]
    league = fixed.season.league
    pages += [
        Visit(fixed.commissioner.username, f"/leagues/{league.pk}/history/", "history", ""),
        Visit(fixed.commissioner.username, f"/leagues/{league.pk}/", "league (commish)", ""),
        Visit(fixed.commissioner.username, "/leagues/oversight/", "oversight (commish)", ""),
        Visit(fixed.home_coach.username, f"/leagues/seasons/{fixed.season.pk}/standings/", "", ""),
    ]
    # Kick-off times proposed for a scheduled fixture.
    fixture = (
        Fixture.objects.filter(status=Fixture.Status.SCHEDULED, match__isnull=True)
        .select_related("home__coach", "away__coach", "season__league")
        .order_by("pk")
        .first()
    )
    assert fixture is not None
    soon = timezone.now().replace(microsecond=0) + datetime.timedelta(hours=3)
    end = deadline_end(fixture, fixture.season.league)
    if end is not None:
        soon = min(soon, end - datetime.timedelta(hours=1))
    propose_kickoffs(fixture.home.coach, fixture, [soon])
    for coach in (fixture.home.coach, fixture.away.coach):
        pages.append(Visit(coach.username, f"/leagues/fixtures/{fixture.pk}/", "kick-off", ""))
    home = fixture.home
    # A finished season (the re-draft's), its pages, and its league's commissioner's.
    finished = (
        Season.objects.filter(status=Season.Status.FINISHED)
        .select_related("league")
        .order_by("pk")
        .first()
    )
    assert finished is not None
    following = finished.league.seasons.exclude(pk=finished.pk).order_by("number").first()
    boss = finished.league.commissioners.order_by("pk").first()
    assert following is not None and boss is not None
    for url, name in (
        (f"/leagues/seasons/{finished.pk}/standings/", "finished standings"),
        (f"/leagues/seasons/{finished.pk}/fixtures/", "finished fixtures"),
        (f"/leagues/seasons/{finished.pk}/bracket/", "finished bracket"),
        (f"/leagues/{finished.league_id}/", "league of a finished season"),
        (f"/leagues/{finished.league_id}/history/", "history of a finished season"),
        (f"/leagues/{finished.league_id}/records/", "records of a finished season"),
    ):
        pages.append(Visit(REDRAFT_COACH, url, name, ""))
    pages += [
        Visit(boss.username, f"/leagues/{finished.league_id}/", "league (its commish)", ""),
        Visit(boss.username, f"/leagues/seasons/{following.pk}/manage/", "sign-up", ""),
        Visit(boss.username, "/leagues/oversight/", "oversight (its commish)", ""),
        # A visitor: his browser's language.
        Visit(VISITOR, "/", "home (visitor)", ""),
        Visit(VISITOR, "/accounts/login/", "log in", ""),
        Visit(VISITOR, "/accounts/signup/", "sign up", ""),
        Visit(VISITOR, "/accounts/password/reset/", "password reset", ""),
        Visit(VISITOR, "/leagues/", "leagues (visitor)", ""),
        Visit(VISITOR, f"/leagues/{finished.league_id}/", "league (visitor)", ""),
        Post(VISITOR, "/accounts/password/reset/", "reset refused", (("email", "x"),)),
    ]
    pages += [
        Visit(COMMISSIONER, "/leagues/restore/", "restore a backup", ""),
        Visit(COMMISSIONER, "/leagues/new/", "new league", ""),
        Visit(home.coach.username, "/teams/import/", "team import", ""),
        # Forms refused: the page again, with its reasons.
        Post(COMMISSIONER, "/leagues/restore/", "restore refused", (("name", ""),)),
        Post(COMMISSIONER, "/leagues/new/", "new league refused", (("name", ""),)),
        Post(
            home.coach.username, "/accounts/profile/", "NAF number refused", (("naf_number", "x"),)
        ),
        Post(
            home.coach.username,
            f"/teams/draft/{home.ruleset}/{home.roster_slug}/",
            "draft refused",
            (("name", ""),),
        ),
        Post(
            COMMISSIONER,
            f"/leagues/{fixture.season.league.pk}/news/new/",
            "news refused",
            (("title", ""), ("body", "")),
        ),
    ]
    return pages


@dataclass
class Reading:
    """Every page read in every language: language -> url -> its findings."""

    pages: int = 0
    found: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # the set-up's
    texts: dict[str, int] = field(default_factory=dict)  # language -> texts read


def _read_all(pages: list[Visit | Post]) -> Reading:
    reading = Reading(pages=len(pages))
    User = get_user_model()
    users = {page.user: User.objects.get(username=page.user) for page in pages if page.user}
    _db_names.clear()
    _db_names.update(_database_names())
    _names_pattern.cache_clear()
    _finding.cache_clear()
    for language in LANGUAGES:
        clients: dict[str, Client] = {VISITOR: Client()}
        for username, user in users.items():
            set_language_of(user, language)
            clients[username] = Client()
            clients[username].force_login(user)
        found: dict[str, list[str]] = {}
        for page in pages:
            client = clients[page.user]
            where = f"{page.url} ({page.name}, {page.user or 'visitor'})"
            # A coach reads his profile's language whatever his browser asks; a
            # visitor, his browser's.
            asks = "en" if page.user else f"{language},en;q=0.5"
            if isinstance(page, Post):
                response = client.post(page.url, dict(page.data), HTTP_ACCEPT_LANGUAGE=asks)
                refused = re.search(r'class="(?:field-error|errors|errorlist)', response.text)
                if response.status_code not in (200, 400) or not refused:
                    reading.problems.append(
                        f"{where}: POST answered {response.status_code} with no refusal shown"
                    )
                    continue
            else:
                response = client.get(page.url, HTTP_ACCEPT_LANGUAGE=asks, follow=True)
                if response.status_code != 200:
                    reading.problems.append(f"{where}: answered {response.status_code}")
                    continue
            html = response.content.decode()
            said = re.search(r'<html lang="([^"]+)"', html)
            if not said or said.group(1) != language:
                reading.problems.append(f"{where}: read in {said and said.group(1)}")
                continue
            texts = shown_texts(html)
            reading.texts[language] = reading.texts.get(language, 0) + len(texts)
            lines = findings(language, texts)
            if lines:
                found[where] = lines
        reading.found[language] = found
    return reading


@pytest.fixture(scope="module")
def reading(django_db_setup, django_db_blocker) -> Iterator[Reading]:
    """The set-up (the phone audit's pages and ``_more_pages``), every page read in
    every language once; everything rolled back at the end."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast, eager_tasks(), transaction.atomic():
        problems: list[str] = []
        pages: list[Visit | Post] = list(build(problems))
        pages += _more_pages()
        result = _read_all(pages)
        deactivate()  # the last page's language: not the next test's
        result.problems[:0] = problems
        if out := os.environ.get("DUGOUT_ENGLISH_FOUND"):  # the findings, for a to-do list
            Path(out).write_text(json.dumps(result.found, indent=1), encoding="utf-8")
        yield result
        transaction.set_rollback(True)


def _report(language: str, found: dict[str, list[str]]) -> str:
    lines = []
    for where, texts in found.items():
        lines.append(where)
        lines += [f"    {text[:200]}" for text in texts]
    count = sum(len(texts) for texts in found.values())
    return f"{count} English text(s) on {len(found)} page(s) read in {language}:\n" + "\n".join(
        lines
    )


def test_every_page_is_read_in_its_language(reading):
    assert reading.pages > 150
    assert reading.problems == []
    # Each page's text was read (a page of a few words would be an error page).
    for language in LANGUAGES:
        assert reading.texts[language] > 40 * reading.pages, language


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_reads_in_the_coach_s_language(reading, language):
    found = reading.found[language]
    if found:
        pytest.fail(_report(language, found), pytrace=False)


# --- the checks, on made-up pages ---------------------------------------------------


def test_the_reading_takes_blocks_attributes_and_buttons_and_skips_scripts():
    html = (
        "<html><head><title>T</title><style>p { x: y }</style></head><body>"
        "<p>Read <a href='/'>the rules</a> first.</p><script>let a = 'the and';</script>"
        "<input type='submit' value='Save it'><input type='text' value='typed'>"
        "<img alt='A logo'><span title='Hover me'>x</span><td>cell</td></body></html>"
    )
    assert shown_texts(html) == [
        "T",
        "Read the rules first.",
        "Save it",
        "A logo",
        "Hover me",
        "x",
        "cell",
    ]


def test_the_reading_finds_english_and_untranslated_strings_and_spares_names():
    french = catalogue("fr")
    # A msgid the catalogue translates, shown in English: found.
    msgid, translation = next(
        (m, t) for m, t in french.exact.items() if t and len(_WORD.findall(m)) >= 2
    )
    assert findings("fr", [msgid]) == [f"shown untranslated: {msgid!r}"]
    assert findings("fr", [_clean(translation)]) == []
    # A msgid with a placeholder, its value filled in: found.
    pattern, msgid, _, _ = french.patterns[0]
    filled = _as_shown(_PLACEHOLDER.sub("Grim", msgid))
    assert pattern.fullmatch(filled)
    assert findings("fr", [filled]), filled
    # An English sentence in no catalogue: found, with its stop words.
    assert findings("fr", ["This is waiting for your answer."]) == [
        "English (this, is, waiting, for, your): 'This is waiting for your answer.'"
    ]
    # A msgid the catalogue leaves untranslated is found, and says so.
    book = Catalogue("xx", exact={"Save the team": ""})
    assert book.lookup("Save the team") == ("Save the team", "")
    assert book.lookup("Save the teams") is None
    # Names and game terms are not English interface text.
    assert findings("fr", ["Morg 'n' Thorg", "Badly Hurt", "Dugout", "MA ST AG PA AV"]) == []
    assert findings("es", ["No hay partidos."]) == []  # "no" is Spanish too
    # A lone English word with names and numbers only: found.
    assert findings("fr", ["Blood Bowl, season 1"]) == ["English (season): 'Blood Bowl, season 1'"]
    assert findings("fr", ["Blood Bowl, saison 1"]) == []
