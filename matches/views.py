"""Match pages under /matches/: the match page, the list and the ways in (a fixture's
match, the next match). Each phase's actions: ``pregame_views``, ``event_views``
(live entry and the report), ``confirm_views``, ``postgame_views``,
``correction_views``; what the page shows: ``page``."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.errors import refusal_messages
from matches import selectors, services
from matches.forms import (
    MatchFilterForm,
)
from matches.models import Match
from matches.page import render_match
from matches.view_state import match_url, state_or_404

MATCHES_PER_PAGE = 50


def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    return render_match(request, state_or_404(request, pk))


def match_list(request: HttpRequest) -> HttpResponse:
    form = MatchFilterForm(request.GET or None)
    chosen = form.cleaned_data if form.is_valid() else {}
    matches = selectors.match_list(
        season=chosen.get("season"), team=chosen.get("team"), status=chosen.get("status") or ""
    )
    page = Paginator(matches, MATCHES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "matches/match_list.html", {"form": form, "page": page})


@login_required
def next_match(request: HttpRequest) -> HttpResponse:
    found = selectors.next_match_for(request.user)
    return render(request, "matches/next.html", {"found": found})


def open_for_fixture(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The fixture's match: opened on POST (either coach or a commissioner) if there
    is none yet, then its page."""
    fixture = get_object_or_404(selectors.fixtures_to_open(), pk=fixture_id)
    existing = selectors.match_for_fixture(fixture)
    if existing is not None:
        return redirect(match_url(existing))
    errors: list[str] = []
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        opened: list[Match] = []
        errors = refusal_messages(lambda: opened.append(services.open_match(request.user, fixture)))
        if opened:
            messages.success(
                request, _("The match is open: start the pre-game when you are ready.")
            )
            return redirect(match_url(opened[0]))
    context = {
        "fixture": fixture,
        "errors": errors,
        "may_open": request.user.has_perm("leagues.record_result", fixture),
    }
    return render(request, "matches/open.html", context, status=400 if errors else 200)
