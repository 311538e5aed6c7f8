"""Markdown as a league site shows it: a coach's or commissioner's text rendered by
Python-Markdown, then sanitised by nh3, so nothing written can run in a reader's
browser.

- Raw HTML in the text is not HTML: Python-Markdown's raw-HTML block and inline
  handlers are removed, so ``<script>`` shows as the characters typed.
- The rendered HTML keeps only the tags of formatted prose (paragraphs, emphasis,
  lists, quotes, code, headings, tables, links) and of those only the harmless
  attributes; links keep http, https and mailto addresses only (a ``javascript:``
  link loses its address) and get ``rel="nofollow noopener noreferrer"``: a league
  page lends no ranking to spam and no window handle to a linked site.
- Images are not kept: the site loads nothing from elsewhere (DESIGN.md), and an
  ``<img onerror=...>`` has nowhere to go.
- Text longer than ``MAX_CHARS`` characters or ``MAX_LINES`` lines is refused
  (``MarkdownTooLong``) before parsing, and what Python-Markdown is slow on is defused
  first (``defuse``): for each ``[`` it cannot close, and each ``(`` after a ``]`` it
  cannot close, its link handlers scan to the end of the text, a time growing with
  their number times the text's length (bench/HISTORY.md). Past ``DEFUSE_AFTER`` of
  them (or of ``[`` nested deeper than ``MAX_BRACKET_DEPTH``) they are escaped and
  show as typed. A text its parser still cannot take (ordered lists nested thousands
  deep exhaust Python's recursion) is shown as plain text rather than failing the page.

Pages and the API show a text through ``render_cached``: the HTML kept in the fragment
cache under the text's digest and what renders it (both libraries' versions and the
allow-lists), so the same text is parsed once, not on every page view.
"""

from __future__ import annotations

import hashlib
from importlib.metadata import version

import markdown as python_markdown
import nh3
from django.utils.formats import number_format
from django.utils.html import escape, linebreaks
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.cache import cached
from news.models import BODY_MAX_CHARS

MAX_CHARS = BODY_MAX_CHARS

ALLOWED_TAGS = frozenset(
    {
        "p",
        "br",
        "hr",
        "em",
        "strong",
        "del",
        "code",
        "pre",
        "blockquote",
        "ul",
        "ol",
        "li",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "a",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
    }
)
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}, "th": {"align"}, "td": {"align"}}
URL_SCHEMES = frozenset({"http", "https", "mailto"})
LINK_REL = "nofollow noopener noreferrer"
# Removed with what they hold (the rest lose their tag and keep their text).
DROPPED_WITH_CONTENT = frozenset({"script", "style"})


class MarkdownTooLong(ValueError):
    """The text is over ``MAX_CHARS`` characters or ``MAX_LINES`` lines; the message
    says by how much."""

    def __init__(self, length: int, limit: int = MAX_CHARS, unit: str = "characters") -> None:
        self.length = length
        self.limit = limit
        values = {
            "limit": number_format(limit, force_grouping=True),
            "length": number_format(length, force_grouping=True),
        }
        if unit == "lines":
            said = _("Shorten the text to at most %(limit)s lines (it has %(length)s).")
        else:
            said = _("Shorten the text to at most %(limit)s characters (it has %(length)s).")
        super().__init__(said % values)


# Python-Markdown reads a run of block lines (headings, rules, list markers) without a
# blank line between them in time that grows with lines × characters; a page of prose
# has a few hundred lines.
MAX_LINES = 2_000
# Links nest a bracket or two deep ("[![logo](a.png)](b)"); deeper ones are not links.
MAX_BRACKET_DEPTH = 3
# A text with a few stray brackets renders as it always did (an escape would show in a
# code span); past this many, every one Python-Markdown would scan for is escaped.
DEFUSE_AFTER = 16


def _unclosed(text: str) -> list[int]:
    """Positions of the ``[`` Python-Markdown's link handlers would scan the rest of the
    text for (unclosed, or nested past ``MAX_BRACKET_DEPTH``) and of the unclosed ``(``
    right after a ``]``. One pass; a backslash escapes the next character."""
    brackets: list[int] = []
    parens: list[int] = []
    found: list[int] = []
    escaped = False
    for i, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            if len(brackets) >= MAX_BRACKET_DEPTH:
                found.append(i)
            brackets.append(i)
        elif char == "]" and brackets:
            brackets.pop()
        elif char == "(":
            parens.append(i)
        elif char == ")" and parens:
            parens.pop()
    found += brackets
    found += [i for i in parens if i and text[i - 1] == "]"]
    return sorted(set(found))


def defuse(text: str) -> str:
    """``text`` with the brackets Python-Markdown is slow on escaped, when there are
    more than ``DEFUSE_AFTER`` of them (see the module)."""
    risky = _unclosed(text)
    if len(risky) <= DEFUSE_AFTER:
        return text
    parts, start = [], 0
    for i in risky:
        parts += [text[start:i], "\\"]
        start = i
    parts.append(text[start:])
    return "".join(parts)


def _converter() -> python_markdown.Markdown:
    converter = python_markdown.Markdown(extensions=["sane_lists", "tables"], output_format="html")
    # Raw HTML is text, not markup: without these two handlers "<b>" stays "<b>" typed.
    converter.preprocessors.deregister("html_block")
    converter.inlinePatterns.deregister("html")
    return converter


def check_length(text: str, limit: int = MAX_CHARS) -> None:
    """``MarkdownTooLong`` unless ``text`` is within ``limit`` characters and
    ``MAX_LINES`` lines."""
    if len(text) > limit:
        raise MarkdownTooLong(len(text), limit)
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise MarkdownTooLong(lines, MAX_LINES, "lines")


def render(text: str, limit: int = MAX_CHARS) -> SafeString:
    """``text`` (Markdown) as sanitised HTML, safe to put in a page as it is."""
    check_length(text, limit)
    try:
        html = _converter().convert(defuse(text))
    except RecursionError:
        html = linebreaks(escape(text))
    cleaned = nh3.clean(
        html,
        tags=set(ALLOWED_TAGS),
        clean_content_tags=set(DROPPED_WITH_CONTENT),
        attributes={tag: set(names) for tag, names in ALLOWED_ATTRIBUTES.items()},
        url_schemes=set(URL_SCHEMES),
        link_rel=LINK_REL,
        strip_comments=True,
    )
    return mark_safe(cleaned)  # noqa: S308 - sanitised by nh3 just above


# What a rendering depends on besides the text: a change of either library or of the
# allow-lists gives every text a new key.
RENDERER = hashlib.sha256(
    repr(
        (
            version("markdown"),
            version("nh3"),
            sorted(ALLOWED_TAGS),
            sorted((tag, sorted(names)) for tag, names in ALLOWED_ATTRIBUTES.items()),
            sorted(URL_SCHEMES),
            LINK_REL,
            sorted(DROPPED_WITH_CONTENT),
        )
    ).encode()
).hexdigest()[:16]


def render_cached(text: str) -> SafeString:
    """``render(text)``, kept in the fragment cache under the text's digest."""
    check_length(text)
    digest = hashlib.sha256(text.encode()).hexdigest()
    html = cached(f"news/markdown:{RENDERER}:{digest}", lambda: str(render(text)))
    return mark_safe(html)  # noqa: S308 - what render() returned, sanitised
