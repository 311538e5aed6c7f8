"""Every page a coach and a commissioner use, read on a phone (390×844, Debian's
chromium), in a league of each ruleset (classic, BB2020, BB2025, Blitz Bowl: the demo
leagues of ``manage.py load_demo``, with matches left in each state and teams to
re-draft, tests/browser/phone_setup.py).

Each page must not scroll sideways, must keep in view the numbers a coach acts on (the
draft builder's counts, the ledger's amount and balance, a fixture's status and
deadline, the re-draft's choices and fees) at rest and with its table swiped to the far
side, and must show no raw key (``team_captain``, ``wood-elf-lineman``) in its text
(tests/browser/phone_audit.py). Every page is read and every problem listed before
the test fails, so one run shows them all. A screenshot of each page (the whole page
where it has a problem, else its first screen) is left under the system's temporary
directory (``dugout-phone-pages``), never in the repository."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.browser.conftest import PHONE
from tests.browser.phone_audit import audit
from tests.browser.phone_setup import build

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(tempfile.gettempdir()) / "dugout-phone-pages"

# Pages that still fail for a reason outside this test's reach, by "ruleset | page
# name" (the ruleset empty for a site-wide page), each with the reason. Their problems
# are printed, not failed on. Empty: every page passes.
KNOWN_GAPS: dict[str, str] = {}


def _logged_in_page(browser, live_server, username: str):
    """A phone page whose browser carries ``username``'s session (no login form: the
    login page has its own tests)."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
    )
    context.set_default_timeout(15_000)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    return context, context.new_page()


def test_every_page_keeps_to_a_phone_in_every_ruleset(browser, live_server):
    problems: list[str] = []
    visits = build(problems)
    rulesets = {visit.ruleset for visit in visits if visit.ruleset}
    assert rulesets == {"classic", "bb2020", "bb2025", "blitz_bowl"}, rulesets
    SHOTS.mkdir(parents=True, exist_ok=True)
    pages: dict[str, object] = {}
    contexts = []
    gaps: list[str] = []
    try:
        for visit in visits:
            if visit.user not in pages:
                context, pages[visit.user] = _logged_in_page(browser, live_server, visit.user)
                contexts.append(context)
            page = pages[visit.user]
            response = page.goto(visit.url)
            if response is None or response.status >= 400:  # its text is the error's
                found = [f"HTTP {response.status if response else 'no answer'}"]
            else:
                found = audit(page, visit.columns)
                if visit.says:
                    text = page.locator("main").inner_text()
                    found += [f'does not say "{want}"' for want in visit.says if want not in text]
            name = re.sub(r"[^a-z0-9]+", "-", f"{visit.ruleset or 'site'} {visit.name}".lower())
            # The whole page where something is wrong, else the first screen (quicker).
            page.screenshot(
                path=str(SHOTS / f"{name}.jpg"), full_page=bool(found), type="jpeg", quality=70
            )
            where = f"{visit.ruleset} | {visit.name}"
            lines = [f"{where} | {visit.url} | {problem}" for problem in found]
            (gaps if where in KNOWN_GAPS else problems).extend(lines)
    finally:
        for context in contexts:
            context.close()
    for line in gaps:
        print(f"known gap ({KNOWN_GAPS[line.split(' | /')[0]]}): {line}")
    assert not problems, f"{len(problems)} problem(s) on a phone:\n" + "\n".join(problems)


def test_the_reading_finds_what_a_phone_would_hide(browser):
    """The checks themselves: a page wider than the phone, a ledger whose amount lies
    past the screen with no hint, and raw keys in the text are each reported."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        cells = "".join(f'<td style="white-space: nowrap">{"word " * 8}</td>' for _ in range(6))
        page.set_content(
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<div style="width: 500px">wide</div><p>team_captain and wood-elf-lineman</p>'
            '<div class="table-wrap" style="overflow-x: auto"><table class="ledger">'
            "<thead><tr><th>When</th><th>What</th><th>Amount</th><th>Balance</th>"
            "<th>More</th></tr></thead>"
            f'<tbody><tr>{cells}<td class="amount">+10k</td><td class="balance">10k</td>'
            "</tr></tbody></table></div>"
        )
        found = "\n".join(audit(page, ("ledger amount", "draft count")))
    finally:
        context.close()
    assert "the page scrolls sideways by" in found
    assert "table.ledger scrolls sideways with no visible scroll hint" in found
    assert "ledger amount out of view (rest)" in found
    assert "raw keys in the text: team_captain, wood-elf-lineman" in found
    assert "no draft count column shown" in found
