"""Pages of the news: a league's news (list, one post, post, edit, delete) and the
page where a coach writes his side's match report. The league home, the team page and
the match page show the news and the reports through ``{% load news %}``
(news/templatetags/news.py)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core.errors import attempt
from leagues.models import League
from matches.models import Match
from news import selectors, services
from news.forms import MatchReportForm, NewsForm
from news.models import LeagueNews, MatchReport
from news.permissions import POST_NEWS, WRITE_MATCH_REPORT
from teams.models import Team

NEWS_PER_PAGE = 20


def _news_to_change(request: HttpRequest, pk: int) -> LeagueNews:
    news = get_object_or_404(LeagueNews.objects.select_related("league"), pk=pk)
    if not request.user.has_perm(POST_NEWS, news):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s writes its news.") % {"league": news.league.name}
        )
    return news


@require_GET
def league_news(request: HttpRequest, pk: int) -> HttpResponse:
    """Every news post of a league, latest first."""
    league = get_object_or_404(League, pk=pk)
    page = Paginator(selectors.league_news(league), NEWS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "league": league,
        "page": page,
        "news": page.object_list,
        "may_post": request.user.has_perm(POST_NEWS, league),
    }
    return render(request, "news/news_list.html", context)


@require_GET
def news_detail(request: HttpRequest, pk: int) -> HttpResponse:
    news = get_object_or_404(LeagueNews.objects.select_related("league", "author"), pk=pk)
    context = {"news": news, "may_change": request.user.has_perm(POST_NEWS, news)}
    return render(request, "news/news_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def news_create(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(League, pk=pk)
    if not request.user.has_perm(POST_NEWS, league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s writes its news.") % {"league": league.name}
        )
    form = NewsForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            made = attempt(
                form, lambda: services.post_news(request.user, league, **form.cleaned_data)
            )
            if made is not None:
                messages.success(request, _("Posted: %(title)s.") % {"title": made.title})
                return redirect("news-detail", pk=made.pk)
    context: dict[str, Any] = {"league": league, "form": form, "news": None}
    return render(request, "news/news_form.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def news_edit(request: HttpRequest, pk: int) -> HttpResponse:
    news = _news_to_change(request, pk)
    status = 200
    if request.method == "POST":
        form = NewsForm(request.POST)
        status = 400
        if form.is_valid():
            done = attempt(
                form, lambda: services.edit_news(request.user, news, **form.cleaned_data)
            )
            if done is not None:
                messages.success(request, _("Saved: %(title)s.") % {"title": done.title})
                return redirect("news-detail", pk=done.pk)
    else:
        form = NewsForm(initial={"title": news.title, "body": news.body})
    context: dict[str, Any] = {"league": news.league, "form": form, "news": news}
    return render(request, "news/news_form.html", context, status=status)


@login_required
@require_POST
def news_delete(request: HttpRequest, pk: int) -> HttpResponse:
    news = _news_to_change(request, pk)
    services.delete_news(request.user, news)
    messages.success(request, _("Deleted: %(title)s.") % {"title": news.title})
    return redirect("league-news", pk=news.league_id)


@login_required
@require_http_methods(["GET", "POST"])
def match_report_write(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """A coach writes (or rewrites) his side's report of a finished match."""
    match = get_object_or_404(
        Match.objects.select_related("fixture__home", "fixture__away", "fixture__season"), pk=pk
    )
    team = get_object_or_404(Team, pk=team_id)
    if not request.user.has_perm(WRITE_MATCH_REPORT, team):
        raise PermissionDenied(
            _("Only the coach of %(team)s writes its match reports.") % {"team": team.name}
        )
    existing = MatchReport.objects.filter(match=match, team=team).first()
    status = 200
    if request.method == "POST":
        form = MatchReportForm(request.POST)
        status = 400
        if form.is_valid():
            body = form.cleaned_data["body"]
            done = attempt(
                form, lambda: services.write_match_report(request.user, match, team, body=body)
            )
            if done is not None:
                messages.success(
                    request, _("%(team)s's match report is saved.") % {"team": team.name}
                )
                return redirect("match-detail", pk=match.pk)
    else:
        form = MatchReportForm(initial={"body": existing.body if existing else ""})
    context = {"match": match, "team": team, "form": form, "existing": existing}
    return render(request, "news/match_report_form.html", context, status=status)


@login_required
@require_POST
def match_report_remove(request: HttpRequest, pk: int, team_id: int) -> HttpResponse:
    """Take a side's report down (its coach, or a commissioner moderating it)."""
    report = get_object_or_404(
        MatchReport.objects.select_related("team", "match__fixture__season"),
        match_id=pk,
        team_id=team_id,
    )
    services.remove_match_report(request.user, report)
    messages.success(
        request, _("%(team)s's match report is taken down.") % {"team": report.team.name}
    )
    return redirect("match-detail", pk=pk)
