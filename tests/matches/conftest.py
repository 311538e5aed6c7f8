"""Match tests apply post-games through the Celery task in-process (eager), even
when REDIS_URL points the project's app at a broker; the test marked ``redis``
starts its own worker instead. ``french_marked`` marks the engine's sentences read in French."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    yield


@pytest.fixture
def french_marked():
    """Engine sentences rendered in French come out «like this»: whether or not the
    catalogue translates a sentence yet, a test tells that it went through the
    translator (installed through the engine's public ``install_translator``)."""
    from django.utils import translation

    from rules_engine.wording import install_translator, installed_translator

    site = installed_translator()

    def marked(singular: str, plural: str | None, count: int | None) -> str:
        text = site(singular, plural, count)
        return f"«{text}»" if translation.get_language() == "fr" else text

    install_translator(marked)
    yield
    install_translator(site)
