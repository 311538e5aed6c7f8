"""No template holds an inline script or style: the CSP allows scripts and styles
from the site's own files only (``'self'``, no nonce), so every visitor's page is the
same bytes and an htmx swap never carries code the browser refuses."""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

INLINE = {
    "an inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "a <style> element": re.compile(r"<style[\s>]", re.IGNORECASE),
    "a style attribute": re.compile(r"\sstyle\s*=", re.IGNORECASE),
    "an event handler attribute": re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),
    "an hx-on attribute": re.compile(r"\shx-on[:-]", re.IGNORECASE),
    "a javascript: address": re.compile(r"javascript:", re.IGNORECASE),
    "a nonce": re.compile(r"nonce", re.IGNORECASE),
}


def _templates() -> list[Path]:
    base = Path(settings.BASE_DIR)
    found = list((base / "templates").rglob("*.html"))
    for folder in base.glob("*/templates"):
        found += folder.rglob("*.html")
    return sorted(found)


def test_the_checks_catch_what_they_name():
    samples = {
        "an inline <script>": "<script>alert(1)</script>",
        "a <style> element": "<style>p {}</style>",
        "a style attribute": '<p style="color: red">',
        "an event handler attribute": '<button onclick="go()">',
        "an hx-on attribute": '<form hx-on::after-request="this.reset()">',
        "a javascript: address": '<a href="javascript:go()">',
        "a nonce": '<script src="/x.js" nonce="{{ csp_nonce }}">',
    }
    for what, sample in samples.items():
        assert INLINE[what].search(sample), what
    assert not INLINE["an inline <script>"].search('<script src="/static/x.js" defer></script>')


def test_no_template_holds_inline_code():
    templates = _templates()
    assert len(templates) > 50
    found = [
        f"{path.relative_to(settings.BASE_DIR)}: {what}"
        for path in templates
        for what, pattern in INLINE.items()
        if pattern.search(path.read_text())
    ]
    assert found == []
