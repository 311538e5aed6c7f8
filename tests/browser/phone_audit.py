"""What a page must keep on a phone (390×844), read in one pass of the browser:

- no sideways scroll of the page itself (``document.documentElement.scrollWidth``
  wider than the window);
- the numbers a coach acts on in view: each cell of ``KEEP_IN_VIEW``'s columns inside
  the screen and inside its table's scrolling box, at rest and swiped to the far
  side, under its own column header; a table that scrolls says so (a visible
  ``.scroll-hint`` just before it);
- no raw key in the visible text (``innerText``): a token with an underscore
  (``team_captain``), or a rules-data slug (``wood-elf-lineman``).

``audit`` returns the problems as sentences, so a test collects every page's and
asserts once."""

from __future__ import annotations

import re
from functools import cache

from rules_engine import get_ruleset, list_rulesets

# The tables whose numbers a coach acts on: each column a CSS selector of its body
# cells. A page that has the table must show every column it names.
KEEP_IN_VIEW: dict[str, dict[str, str]] = {
    "table.draft-positions": {"draft count": "td.count"},
    "table.ledger": {"ledger amount": "td.amount", "ledger balance": "td.balance"},
    "table.fixtures": {"fixture status": "td.status", "fixture deadline": "td.deadline"},
    "table.redraft-players": {"re-draft choice": "td.choice", "re-draft fee": "td.fee"},
}

UNDERSCORED = re.compile(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b")
HYPHENATED = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")

_MEASURE = """
([tables, screen]) => {
  // The phone's width, not innerWidth: a mobile browser may zoom out to fit a page
  // wider than its screen, and innerWidth grows with it.
  const W = Math.min(screen, window.innerWidth);
  const out = {overflow: document.documentElement.scrollWidth - W,
               text: document.body.innerText, problems: [], found: []};
  const visible = (el) => !!el && el.getClientRects().length > 0
    && getComputedStyle(el).visibility !== 'hidden';
  for (const [tableSel, columns] of Object.entries(tables)) {
    for (const table of document.querySelectorAll(tableSel)) {
      if (!visible(table)) continue;
      const wrap = table.closest('.table-wrap') || table.parentElement;
      const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
      if (scrolls) {
        let hint = wrap.previousElementSibling;
        if (!(hint && hint.matches('.scroll-hint') && visible(hint)))
          out.problems.push(`${tableSel} scrolls sideways with no visible scroll hint`);
      }
      for (const [name, cellSel] of Object.entries(columns)) {
        const cells = [...table.querySelectorAll(`tbody ${cellSel}`)].filter(visible);
        if (cells.length) out.found.push(name);
        for (const edge of scrolls ? ['rest', 'far side'] : ['rest']) {
          wrap.scrollLeft = edge === 'rest' ? 0 : wrap.scrollWidth;
          const box = wrap.getBoundingClientRect();
          const left = Math.max(0, box.left) - 1, right = Math.min(W, box.right) + 1;
          for (const cell of cells) {
            const r = cell.getBoundingClientRect();
            if (r.width === 0 || r.left < left || r.right > right) {
              out.problems.push(`${name} out of view (${edge}): `
                + `"${cell.innerText.trim().slice(0, 30)}" at x ${Math.round(r.left)}`
                + `-${Math.round(r.right)} of ${Math.round(left)}-${Math.round(right)}`);
              break;
            }
          }
          const head = table.tHead && table.tHead.rows[0];
          const first = cells[0];
          if (head && first && head.cells.length === first.parentElement.cells.length) {
            const th = head.cells[first.cellIndex].getBoundingClientRect();
            const r = first.getBoundingClientRect();
            if (Math.abs(th.left - r.left) > 2 || Math.abs(th.right - r.right) > 2)
              out.problems.push(`${name} header not above its column (${edge}): `
                + `header x ${Math.round(th.left)}, cells x ${Math.round(r.left)}`);
          }
        }
        wrap.scrollLeft = 0;
      }
    }
  }
  return out;
}
"""


@cache
def rules_slugs() -> frozenset[str]:
    """Every hyphenated key of the rules data: rosters, positions, skills, star
    players, inducements."""
    slugs: set[str] = set()
    for key in list_rulesets():
        ruleset = get_ruleset(key)
        for roster in ruleset.rosters.values():
            slugs.add(roster.slug)
            slugs.update(roster.positions)
        for catalogue in (ruleset.skills, ruleset.star_players, ruleset.inducements):
            slugs.update(getattr(item, "slug", name) for name, item in catalogue.items())
    return frozenset(s for s in slugs if HYPHENATED.fullmatch(s))


def raw_keys(text: str) -> list[str]:
    """The tokens of ``text`` that read as keys rather than words."""
    found = dict.fromkeys(UNDERSCORED.findall(text))
    slugs = rules_slugs()
    found.update(dict.fromkeys(t for t in HYPHENATED.findall(text) if t in slugs))
    return list(found)


def audit(page, expect_tables: tuple[str, ...] = ()) -> list[str]:
    """The page's problems on a phone, as sentences (empty: none). ``expect_tables``:
    columns of ``KEEP_IN_VIEW`` the page must show (a table that lost its column is a
    problem, not a pass)."""
    seen = page.evaluate(_MEASURE, [KEEP_IN_VIEW, page.viewport_size["width"]])
    problems = list(seen["problems"])
    if seen["overflow"] > 0:
        problems.append(f"the page scrolls sideways by {seen['overflow']}px")
    keys = raw_keys(seen["text"])
    if keys:
        problems.append(f"raw keys in the text: {', '.join(keys[:8])}")
    for name in expect_tables:
        if name not in seen["found"]:
            problems.append(f"no {name} column shown")
    return problems
