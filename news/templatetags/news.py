"""The news on other apps' pages, without those apps importing this one (the news
sit above them): ``{% load news %}`` then

- ``{{ text|markdown }}``: Markdown rendered and sanitised (``news.markdown.render``);
- ``{% league_news_section league %}``: a league home's latest news and match reports;
- ``{% team_match_reports team %}``: the reports of a team's matches, on its page;
- ``{% match_reports_section match %}``: both sides' reports of a match, with a
  "write your report" link for each coach once the result is confirmed.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import escape, linebreaks
from django.utils.safestring import SafeString, mark_safe

from news import selectors
from news.markdown import MarkdownTooLong, render_cached
from news.permissions import POST_NEWS, REMOVE_MATCH_REPORT, WRITE_MATCH_REPORT
from news.services import FINISHED

register = template.Library()


@register.filter(name="markdown")
def markdown_filter(text: str | None) -> SafeString:
    """Markdown as sanitised HTML; a text past the limits (the services refuse one)
    shows as plain text."""
    try:
        return render_cached(text or "")
    except MarkdownTooLong:
        return mark_safe(linebreaks(escape(text or "")))  # noqa: S308 - escaped


@register.inclusion_tag("news/_league_news.html", takes_context=True)
def league_news_section(context: template.Context, league: Any) -> dict[str, Any]:
    user = context.get("user")
    return {
        "league": league,
        "news": selectors.latest_news(league),
        "reports": selectors.latest_match_reports(league),
        "may_post": bool(user and user.has_perm(POST_NEWS, league)),
    }


@register.inclusion_tag("news/_team_match_reports.html")
def team_match_reports(team: Any) -> dict[str, Any]:
    return {"team": team, "reports": selectors.team_match_reports(team)}


@register.inclusion_tag("news/_match_reports.html", takes_context=True)
def match_reports_section(context: template.Context, match: Any) -> dict[str, Any]:
    """Both reports; for each side the signed-in user coaches, a link to write or
    edit his (once the match is finished)."""
    if match.status not in FINISHED:
        # No report is written before the result is confirmed: nothing to read.
        return {"match": match, "sides": [], "finished": False, "any_written": False}
    user = context.get("user")
    fixture = match.fixture
    written = {report.team_id: report for report in selectors.match_reports(match)}
    sides = []
    for team in (fixture.home, fixture.away):
        report = written.get(team.pk)
        sides.append(
            {
                "team": team,
                "report": report,
                "may_remove": report is not None
                and bool(user and user.has_perm(REMOVE_MATCH_REPORT, report)),
                "may_write": bool(user and user.has_perm(WRITE_MATCH_REPORT, team)),
            }
        )
    return {"match": match, "sides": sides, "finished": True, "any_written": bool(written)}
