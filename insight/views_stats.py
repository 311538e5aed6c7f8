"""League statistics pages: figures per race (a league's, and all-time across the
site), the star players hired, and the live board of a league's matches in play.

The live board polls as the live match page does (``matches/live_views.py``): htmx asks
for the board's fragment every ``POLL_SECONDS``, the answer carries an ETag of what it
shows and ``Cache-Control: no-cache``, so an unchanged board is a 304 with no body;
the board is read-only, a fragment swapped in place, never a form."""

from __future__ import annotations

import hashlib

from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from insight.live_board import live_board
from insight.race_stats import race_statistics
from insight.star_usage import star_usage
from leagues.models import League

# A board many may watch: a poll every few seconds shows a touchdown soon enough.
POLL_SECONDS = 3


@require_safe
def league_race_statistics(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = {"league": league, "races": race_statistics(league)}
    return render(request, "insight/race_statistics.html", context)


@require_safe
def site_race_statistics(request: HttpRequest) -> HttpResponse:
    context = {"league": None, "races": race_statistics()}
    return render(request, "insight/race_statistics.html", context)


@require_safe
def league_star_usage(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = {"league": league, "stars": star_usage(league)}
    return render(request, "insight/star_usage.html", context)


@require_safe
def league_live(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    context = {"league": league, "board": live_board(league), "poll_seconds": POLL_SECONDS}
    return render(request, "insight/live.html", context)


@require_safe
def league_live_board(request: HttpRequest, pk: int) -> HttpResponse:
    """The poll: the board's fragment, or 304 while it shows the same."""
    league = get_object_or_404(League, pk=pk)
    board = live_board(league)
    # The board in the language it is read in: a switch is a new ETag.
    seen = repr((board, get_language())).encode()
    etag = f'"{hashlib.sha256(seen).hexdigest()[:20]}"'
    headers = {"ETag": etag, "Cache-Control": "no-cache", "Vary": "Cookie, Accept-Language"}
    if etag in request.headers.get("If-None-Match", ""):
        response: HttpResponse = HttpResponseNotModified()
    else:
        context = {"league": league, "board": board, "poll_seconds": POLL_SECONDS}
        response = render(request, "insight/_live_board.html", context)
    for name, value in headers.items():
        response[name] = value
    return response
