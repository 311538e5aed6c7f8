"""Writes of the news: a commissioner's league news, a coach's match report.

Every service takes the acting user first, checks ``news/permissions.py``
(``PermissionDenied``: 403 on the API), checks the input (``NewsError`` naming the
field: 400 on the API, a form error on a page), runs in one transaction with the
rows it changes locked, and raises the versions of the league and teams whose pages
show what changed (``core.versions.bump``), so cached pages and fragments refresh.

No audit row is written: the audit log is the bookkeeping of results, fixtures,
money and rosters (teams/audit.py); news and write-ups are prose, dated by their
own ``created_at`` and ``updated_at``.

A match report may be written once the match's result is confirmed (the match is
``report_submitted``, ``post_game`` or ``closed``), not earlier: until both coaches
agree on the result (or the commissioner settles a dispute) the score may still
change, and a write-up of a result that is then sent back would tell another match.
From then on it stays editable, corrections included.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import versions
from core.types import Actor
from core.validators import no_control_characters
from leagues.models import League
from leagues.permissions import signed_in
from matches.choices import STATUS_IN_A_SENTENCE
from matches.models import Match, MatchStatus
from news.errors import NewsError
from news.markdown import MAX_CHARS, MarkdownTooLong, check_length
from news.models import TITLE_MAX, LeagueNews, MatchReport
from news.permissions import POST_NEWS, REMOVE_MATCH_REPORT, WRITE_MATCH_REPORT
from teams.models import Team

# What a body is, in the sentences refusing one ("news", "match report", "text").
NOT_TEXT = {
    "text": gettext_lazy("The text must be text."),
    "news": gettext_lazy("The news must be text."),
    "match report": gettext_lazy("The match report must be text."),
}
EMPTY = {
    "text": gettext_lazy("Write the text first: it is empty."),
    "news": gettext_lazy("Write the news first: it is empty."),
    "match report": gettext_lazy("Write the match report first: it is empty."),
}

# The match statuses whose result both coaches (or the commissioner) confirmed.
FINISHED = (MatchStatus.REPORT_SUBMITTED, MatchStatus.POST_GAME, MatchStatus.CLOSED)


def clean_title(title: object) -> str:
    """The title as stored, or ``NewsError`` on the ``title`` field."""
    if not isinstance(title, str):
        raise NewsError(_("The title must be text."), field="title")
    title = " ".join(title.split())
    if not title:
        raise NewsError(_("Give the news a title."), field="title")
    if len(title) > TITLE_MAX:
        raise NewsError(
            _("Shorten the title to at most %(limit)s characters (it has %(length)s).")
            % {"limit": TITLE_MAX, "length": len(title)},
            field="title",
        )
    try:
        no_control_characters(title)
    except ValidationError as error:
        raise NewsError(error.messages, field="title") from error
    return title


def clean_body(body: object, *, limit: int = MAX_CHARS, what: str = "text") -> str:
    """A Markdown body as stored (trailing blanks trimmed), or ``NewsError`` on the
    ``body`` field."""
    if not isinstance(body, str):
        raise NewsError(str(NOT_TEXT[what]), field="body")
    body = body.strip()
    if not body:
        raise NewsError(str(EMPTY[what]), field="body")
    try:
        check_length(body, limit)
    except MarkdownTooLong as error:
        raise NewsError(str(error), field="body") from error
    return body


def _require_commissioner(actor: Actor, league: League) -> None:
    if not actor.has_perm(POST_NEWS, league):
        raise PermissionDenied(
            _("Only a commissioner of %(league)s writes its news.") % {"league": league.name}
        )


def post_news(actor: Actor, league: League, *, title: object, body: object) -> LeagueNews:
    """Post a news item in ``league`` (its commissioners)."""
    _require_commissioner(actor, league)
    author = signed_in(actor)
    title, body = clean_title(title), clean_body(body, what="news")
    with transaction.atomic():
        news = LeagueNews.objects.create(league=league, author=author, title=title, body=body)
        versions.bump(leagues=[league.pk])
    return news


def edit_news(actor: Actor, news: LeagueNews, *, title: object, body: object) -> LeagueNews:
    """Change a news item's title and text (its league's commissioners)."""
    _require_commissioner(actor, news.league)
    title, body = clean_title(title), clean_body(body, what="news")
    with transaction.atomic():
        locked = LeagueNews.objects.select_for_update().get(pk=news.pk)
        if (locked.title, locked.body) != (title, body):
            locked.title, locked.body = title, body
            locked.save(update_fields=["title", "body", "updated_at"])
            versions.bump(leagues=[locked.league_id])
    return locked


def delete_news(actor: Actor, news: LeagueNews) -> None:
    """Remove a news item (its league's commissioners)."""
    _require_commissioner(actor, news.league)
    with transaction.atomic():
        deleted, _rows = LeagueNews.objects.filter(pk=news.pk).delete()
        if deleted:
            versions.bump(leagues=[news.league_id])


def write_match_report(actor: Actor, match: Match, team: Team, *, body: object) -> MatchReport:
    """Write or rewrite ``team``'s side of ``match`` (its coach), once the result is
    confirmed; one report per side, the same row edited afterwards."""
    if not actor.has_perm(WRITE_MATCH_REPORT, team):
        raise PermissionDenied(
            _("Only the coach of %(team)s writes its match reports.") % {"team": team.name}
        )
    author = signed_in(actor)
    body = clean_body(body, what="match report")
    with transaction.atomic():
        locked = (
            Match.objects.select_for_update(of=("self",))
            .select_related("fixture__season")
            .get(pk=match.pk)
        )
        fixture = locked.fixture
        if team.pk not in (fixture.home_id, fixture.away_id):
            raise NewsError(
                _("%(team)s did not play this match.") % {"team": team.name}, field="team"
            )
        if locked.status not in FINISHED:
            raise NewsError(
                _("The match report opens once the result is confirmed: this match is %(status)s.")
                % {"status": STATUS_IN_A_SENTENCE[MatchStatus(locked.status)]}
            )
        report = MatchReport.objects.filter(match=locked, team=team).first()
        if report is None:
            report = MatchReport.objects.create(match=locked, team=team, author=author, body=body)
        elif report.body != body:
            report.body, report.author = body, author
            report.save(update_fields=["body", "author", "updated_at"])
        else:
            return report
        versions.bump(leagues=[fixture.season.league_id], teams=[fixture.home_id, fixture.away_id])
    return report


def remove_match_report(actor: Actor, report: MatchReport) -> None:
    """Take a match report down: its side's coach, or a commissioner of the match's
    league moderating what his league shows. The side may write it again."""
    if not actor.has_perm(REMOVE_MATCH_REPORT, report):
        raise PermissionDenied(
            _(
                "Only the coach of %(team)s or a commissioner of the league takes its match "
                "report down."
            )
            % {"team": report.team.name}
        )
    fixture = report.match.fixture
    with transaction.atomic():
        deleted, _rows = MatchReport.objects.filter(pk=report.pk).delete()
        if deleted:
            versions.bump(
                leagues=[fixture.season.league_id], teams=[fixture.home_id, fixture.away_id]
            )
