"""The language a page reads in, and the switch that changes it.

The design, plain Django where it can be (the order is ``core.i18n``'s):

- Django's ``LocaleMiddleware`` reads the language cookie (the visitor's choice), else
  the browser's ``Accept-Language``, else English.
- A signed-in coach's profile language comes first. It is copied into his session
  when he logs in (the ``user_logged_in`` signal, :func:`remember_on_login`) and when
  he changes it, so :class:`LanguageMiddleware` applies it without a query; the
  middleware also writes it into the language cookie, so the browser keeps reading in
  it after he logs out.
- A page of a league (``/leagues/<id>/…``, its seasons', fixtures' and matches'
  pages), asked for by a visitor who chose no language and whose browser names
  languages, none of them the site's, reads in the league's language
  (:func:`league_language`).
- The API answers in the language of its request's ``Accept-Language`` (else English),
  whatever the profile or the cookie say: a client says what it reads.
- A page's ETag names its language (``core.conditional``): after a switch the
  browser's copy in the old language is not answered 304.
- The switch at the foot of every page posts to :func:`switch_language`, which is
  Django's ``set_language`` (it validates the code and sets the cookie) and, for a
  signed-in coach, also keeps the choice on his profile. A visitor's pages carry no
  CSRF token (they are the same bytes for every visitor, and set no cookie), so the
  switch takes a visitor's post without one: the worst a forged post can do is change
  a stranger's language. A signed-in coach's switch, which writes his profile, is
  checked for CSRF as every other form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY as AUTH_SESSION_KEY
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase
from django.urls import ResolverMatch
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_POST
from django.views.i18n import LANGUAGE_QUERY_PARAMETER, set_language
from rest_framework.request import Request

from core.errors import attempt_or_message
from core.i18n import (
    SESSION_KEY,
    browser_language,
    chosen_language,
    known_language,
    language_by_default,
    unknown_language,
    use_language,
)
from leagues.models import League
from teams.profile import preferred_language, set_language_of

API_PREFIX = "/api/"

# The routes of a league's pages, and how to read the league's language from the id.
LEAGUE_ROUTES: tuple[tuple[str, str], ...] = (
    ("leagues/seasons/<int:pk>/", "seasons__pk"),
    ("leagues/fixtures/<int:pk>/", "seasons__fixtures__pk"),
    ("matches/<int:pk>/", "seasons__fixtures__match__pk"),
    ("leagues/<int:pk>/", "pk"),
)


def league_language(match: ResolverMatch | None) -> str | None:
    """The language of the league whose page ``match`` is, None on any other page (the
    API included: its clients say what they read)."""
    if match is None or not isinstance(match.kwargs.get("pk"), int):
        return None
    for prefix, lookup in LEAGUE_ROUTES:
        if match.route.startswith(prefix):
            language = (
                League.objects.filter(**{lookup: match.kwargs["pk"]})
                .values_list("language", flat=True)
                .first()
            )
            return known_language(language)
    return None


def _profile_language_in_session(request: HttpRequest) -> str | None:
    session = getattr(request, "session", None)
    if session is None:
        return None
    saved = session.get(SESSION_KEY)
    # Only a session that carries a login: request.user is not loaded for nothing (a
    # token client's user is the API's to set).
    if saved is None and AUTH_SESSION_KEY in session and request.user.is_authenticated:
        # A session opened before languages were kept: read the profile once.
        saved = preferred_language(request.user) or ""
        session[SESSION_KEY] = saved
    return known_language(saved)


def remember(request: HttpRequest | Request, language: str | None) -> None:
    """Keep the coach's profile language in his session, if he is signed in by one (a
    token client has none to keep it in); None or "": none chosen."""
    session = getattr(request, "session", None)
    if session is not None and AUTH_SESSION_KEY in session:
        session[SESSION_KEY] = language or ""


@receiver(user_logged_in, dispatch_uid="accounts.language.remember_on_login")
def remember_on_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """At login, his profile's language becomes the session's."""
    if request is not None:
        remember(request, preferred_language(user))


class LanguageMiddleware:
    """After ``AuthenticationMiddleware``: the profile's language over the one
    ``LocaleMiddleware`` picked, a league's language on its pages by default, and the
    page's language in its ETag."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(API_PREFIX):
            # The API speaks what its client asks in Accept-Language, whoever he is.
            use_language(request, browser_language(request) or settings.LANGUAGE_CODE)
            request.profile_language = None  # type: ignore[attr-defined]
            return self.get_response(request)
        profile = _profile_language_in_session(request)
        if profile is not None:
            use_language(request, profile)
        request.profile_language = profile  # type: ignore[attr-defined]
        response = self.get_response(request)
        kept = _profile_language_in_session(request)  # the login's, or the switch's
        if (
            kept is not None
            and chosen_language(request) != kept
            and settings.LANGUAGE_COOKIE_NAME not in response.cookies
        ):
            _set_cookie(response, kept)
        return response

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponseBase | None:
        if getattr(request, "profile_language", None) is None and language_by_default(request):
            league = league_language(request.resolver_match)
            if league is not None:
                use_language(request, league)
        return None


def _set_cookie(response: HttpResponseBase, language: str) -> None:
    """The language cookie, as Django's ``set_language`` sets it."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def _switch(request: HttpRequest) -> HttpResponseBase:
    """Django's ``set_language``; an empty choice forgets the cookie (the browser's
    language again), an unknown one is said so and changes nothing."""
    language = request.POST.get(LANGUAGE_QUERY_PARAMETER, "").strip()
    response = set_language(request)
    if not language:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    elif known_language(language) is None and not request.user.is_authenticated:
        messages.error(request, unknown_language(language))
    return response


@csrf_protect
def _switch_and_keep(request: HttpRequest) -> HttpResponseBase:
    response = _switch(request)
    language = request.POST.get(LANGUAGE_QUERY_PARAMETER, "")
    if attempt_or_message(request, lambda: set_language_of(request.user, language)):
        remember(request, known_language(language))
    return response


@csrf_exempt
@require_POST
def switch_language(request: HttpRequest) -> HttpResponseBase:
    """Django's ``set_language`` (POST ``language`` and ``next``): the cookie, then back
    to ``next``; a signed-in coach's choice also goes to his profile (checked for CSRF,
    as it writes his profile). An empty language forgets the choice; an unknown one
    changes nothing and says so."""
    if request.user.is_authenticated:
        return _switch_and_keep(request)
    return _switch(request)
