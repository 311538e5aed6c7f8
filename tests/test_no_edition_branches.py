"""The apps never branch on an edition's name.

Code outside ``rules_engine`` asks a league's or team's edition
(``rules_engine.edition_for``) and calls the ``Edition`` protocol. This test reads
the apps' code and templates and fails on:

- a comparison with an edition key (``== "bb2020"``, ``"classic" in ...``,
  ``ruleset in (...)``, a ``{"bb2020": ...}`` lookup table), or any other literal
  edition key outside the places listed in ``ALLOWED_KEY_LITERALS`` (defaults and
  demo data, which only name an edition to create one);
- duck typing on the engine's modules: ``sequences_for``, ``getattr``/``hasattr`` on
  a sequences module, importing an engine module by name.

Adding an edition must not need an app change: if this fails, ask the edition.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rules_engine import list_rulesets
from rules_engine.editions import edition_keys

ROOT = Path(__file__).resolve().parent.parent
APP_DIRS = ("leagues", "teams", "matches", "config", "accounts", "templates")
SUFFIXES = {".py", ".html", ".txt", ".js"}
KEYS = sorted(set(edition_keys()) | set(list_rulesets()) | {"bb2020", "bb2025"})

# (path, text on the line): the only places an app names an edition. Each names it to
# create something (a default, demo data) or documents a key's spelling.
ALLOWED_KEY_LITERALS: tuple[tuple[str, str], ...] = (
    # The default ruleset of a new team / league (model field, API fields).
    ("teams/models.py", 'default="bb2020"'),
    ("teams/serializers.py", 'StrictCharField(default="bb2020")'),
    ("leagues/serializers.py", 'StrictCharField(max_length=40, default="bb2020")'),
    # API help text: how a key is spelled.
    ("teams/filters.py", "help_text='Ruleset key, e.g. \"bb2020\".'"),
    # Demo data: the demo leagues' rulesets.
    ("teams/demo.py", 'RULESET = "bb2020"'),
    ("leagues/demo.py", 'RULESET = "bb2020"'),
    ("matches/demo_rulesets.py", '"classic",'),
    ("matches/demo_rulesets.py", '"blitz_bowl",'),
    ("matches/demo_rulesets.py", '"bb2025",'),
    # Docstrings giving an example key.
    ("teams/templatetags/dugout.py", '"blitz_bowl" -> "Blitz Bowl"'),
    ("matches/selectors/reads.py", 'its key ("blitz_bowl") and name ("Blitz Bowl")'),
)
# (path, text on the line): comparisons that are not about which edition it is.
ALLOWED_COMPARISONS: tuple[tuple[str, str], ...] = (
    # A team may only enter a league of its own ruleset, whichever that is.
    ("leagues/services/setup.py", "if team.ruleset != league.ruleset:"),
)
# (path, text on the line): the one deprecated bridge to a sequences module, kept for
# matches/services/postgame.py's ``rules_for(match).sequences.HIRING_STEP`` until it
# reads ``rules_for(match).hiring_step``.
ALLOWED_MODULE_ACCESS: tuple[tuple[str, str], ...] = (
    ("matches/services/rulesets.py", "from rules_engine.editions import sequences_for"),
    ("matches/services/rulesets.py", "return sequences_for(self.key)"),
    ("matches/services/postgame.py", "rules_for(match).sequences.HIRING_STEP"),
)

_KEY = "|".join(re.escape(k) for k in KEYS)
_QUOTED_KEY = rf"""(["'])(?:{_KEY})\1"""
QUOTED_KEY = re.compile(_QUOTED_KEY)
COMPARISONS = [
    re.compile(rf"(?:==|!=|\bis\b(?:\s+not)?)\s*{_QUOTED_KEY}"),
    re.compile(rf"{_QUOTED_KEY}\s*(?:==|!=|\bis\b|\bin\b|\bnot\s+in\b)"),
    re.compile(rf"\bin\s*[\(\[\{{][^\)\]\}}]*{_QUOTED_KEY}"),
    re.compile(rf"{_QUOTED_KEY}\s*:"),  # a lookup table keyed by edition
    re.compile(r"\bruleset(?:_key)?\s*(?:==|!=)"),
    # membership of a ruleset in a literal collection or a constant (SPP_RULESETS)
    re.compile(r"\bruleset(?:_key)?\s+(?:not\s+)?in\s+(?:[\(\[\{]|[A-Z][A-Z0-9_]{2,}\b)"),
]
MODULE_ACCESS = [
    re.compile(r"\bsequences_for\b"),
    re.compile(r"\b(?:getattr|hasattr)\(\s*(?:sequences|module|edition)\b"),
    re.compile(r"\.sequences\.[A-Z_]+\b"),
    re.compile(r"""import_module\(\s*f?["']rules_engine"""),
]


def _app_files() -> list[Path]:
    files = []
    for name in APP_DIRS:
        base = ROOT / name
        if not base.exists():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix in SUFFIXES and "migrations" not in path.parts and path.is_file():
                files.append(path)
    return files


def _allowed(rel: str, line: str, allowed: tuple[tuple[str, str], ...]) -> bool:
    return any(rel == path and text in line for path, text in allowed)


def _findings() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"comparison": [], "literal": [], "module": []}
    for path in _app_files():
        rel = path.relative_to(ROOT).as_posix()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{rel}:{number}: {line.strip()}"
            if any(p.search(line) for p in COMPARISONS) and not _allowed(
                rel, line, ALLOWED_COMPARISONS
            ):
                found["comparison"].append(where)
            elif QUOTED_KEY.search(line) and not _allowed(rel, line, ALLOWED_KEY_LITERALS):
                found["literal"].append(where)
            if any(p.search(line) for p in MODULE_ACCESS) and not _allowed(
                rel, line, ALLOWED_MODULE_ACCESS
            ):
                found["module"].append(where)
    return found


FINDINGS = _findings()


def test_the_scan_reads_the_apps():
    files = {p.relative_to(ROOT).as_posix() for p in _app_files()}
    assert {"teams/sheets.py", "leagues/services/playoffs.py", "matches/views.py"} <= files
    assert any(f.startswith("templates/") and f.endswith(".html") for f in files)
    assert {"bb2020", "classic", "blitz_bowl"} <= set(KEYS)


def test_no_app_code_compares_with_an_edition_key():
    assert not FINDINGS["comparison"], "ask the league's edition instead:\n" + "\n".join(
        FINDINGS["comparison"]
    )


def test_edition_keys_appear_only_where_allowed():
    assert not FINDINGS["literal"], (
        "an edition key outside ALLOWED_KEY_LITERALS (ask the edition, or list a "
        "default/demo value there):\n" + "\n".join(FINDINGS["literal"])
    )


def test_no_app_code_duck_types_an_engine_module():
    assert not FINDINGS["module"], "call the Edition protocol instead:\n" + "\n".join(
        FINDINGS["module"]
    )


@pytest.mark.parametrize(
    "line",
    [
        'if league.ruleset == "bb2020":',
        "if ruleset != 'classic':",
        'if key in ("bb2020", "classic"):',
        '"blitz_bowl" in keys',
        'DEVELOPMENT = {"bb2020": SPEND_SPP}',
        "if team.ruleset in SPP_RULESETS:",
        '{% if league.ruleset == "blitz_bowl" %}',
    ],
)
def test_the_patterns_catch_a_branch(line):
    assert any(p.search(line) for p in COMPARISONS)


@pytest.mark.parametrize(
    "line",
    [
        "module = sequences_for(key)",
        'getattr(sequences, "real_life_concession_award", None)',
        "rules_for(match).sequences.HIRING_STEP",
        'importlib.import_module("rules_engine.bb2020.extra_time")',
    ],
)
def test_the_patterns_catch_duck_typing(line):
    assert any(p.search(line) for p in MODULE_ACCESS)
