"""The language a notification goes out in: an e-mail in its recipient's (the one he
chose on his profile), else his league's; a webhook's message in its league's.

The words are rendered when the mail's row (or the delivery's) is written, under
``django.utils.translation.override`` of that language: a coach who reads French gets
his mail in French whoever's change sent it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.utils import translation

from leagues.models import League
from teams.models_coach import CoachProfile


def _known(code: str | None) -> str | None:
    """The site's spelling of a language code, None when it is not one of its own."""
    if not code:
        return None
    wanted = code.strip().lower().replace("_", "-")
    return wanted if wanted in {code for code, _name in settings.LANGUAGES} else None


def coach_language(user: Any) -> str | None:
    """The language the coach chose on his profile; None when he chose none."""
    if user is None or getattr(user, "pk", None) is None:
        return None
    chosen = CoachProfile.objects.filter(user_id=user.pk).values_list("language", flat=True)
    return _known(chosen.first())


def league_language(league: League | int | None) -> str | None:
    """The league's language (a league or its id); None when it has none."""
    if league is None:
        return None
    if isinstance(league, League):
        return _known(league.language)
    found = League.objects.filter(pk=league).values_list("language", flat=True).first()
    return _known(found)


def mail_language(user: Any, league: League | int | None = None) -> str:
    """An e-mail's language: the recipient's, else his league's, else the site's."""
    return coach_language(user) or league_language(league) or settings.LANGUAGE_CODE


def webhook_language(league: League | int | None) -> str:
    """A webhook message's language: its league's, else the site's."""
    return league_language(league) or settings.LANGUAGE_CODE


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Render in ``language`` (``translation.override``) inside the block."""
    with translation.override(language):
        yield language


class PerLanguage[T]:
    """A value (an event's words) made once for each language it is asked in: called
    under ``speaking``, it makes the value in the active language the first time.
    ``made`` is the value already made in the language active now, if any."""

    def __init__(self, make: Callable[[], T], made: T | None = None) -> None:
        self.make = make
        self.made: dict[str, T] = {}
        if made is not None:
            self.made[translation.get_language() or settings.LANGUAGE_CODE] = made

    def __call__(self) -> T:
        language = translation.get_language() or settings.LANGUAGE_CODE
        if language not in self.made:
            self.made[language] = self.make()
        return self.made[language]
