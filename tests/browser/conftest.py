"""Browser tests: Playwright drives Debian's chromium (never a downloaded
browser) against pytest-django's live server.

Tests here are marked ``browser``; tests/conftest.py skips them when
/usr/bin/chromium is absent, and fails them under CI.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from tests.conftest import CHROMIUM

# Playwright's sync API keeps an asyncio loop running in the main thread from
# its first use to the end of the session, so Django would take every later
# database call in that thread for one made from async code and refuse it.
# Nothing in these tests is async; the live server answers from its own thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 390, "height": 844}


def open_menu(page) -> None:
    """On a phone the main navigation folds behind the Menu button: open it (a
    no-op on a wide screen, or when it is open already)."""
    button = page.locator("label.menu-button")
    if button.is_visible() and not page.locator("#nav-toggle").is_checked():
        button.click()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


def phone_context(browser, live_server):
    """A phone-sized (390×844) touch browser context with its own cookies, addressed
    to the live server."""
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        base_url=live_server.url,
    )
    context.set_default_timeout(10_000)
    return context


@contextmanager
def phone_pages(browser, live_server, count: int) -> Iterator[list]:
    """``count`` phones, each its own context (one per person: cookies, sessions)."""
    contexts = [phone_context(browser, live_server) for _ in range(count)]
    try:
        yield [context.new_page() for context in contexts]
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def phone(browser, live_server):
    """A page in a phone-sized (390×844) touch browser, addressed to the live server."""
    with phone_pages(browser, live_server, 1) as (page,):
        yield page
