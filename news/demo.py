"""Demo news for `manage.py load_demo`: a commissioner's post in the demo league and
a coach's report of its first match played in full (matches/demo.py plays them).
Loading twice changes nothing: what exists already is left alone."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from leagues.models import League
from matches.models import Match
from news import services
from news.models import LeagueNews, MatchReport

LEAGUE_NAME = "Old World Cup"

NEWS_TITLE = "Welcome to the Old World Cup"
NEWS_BODY = """\
The season is under way: **two rounds played**, the third is yours to play.

- Play your match from its page: the pre-game, the touchdowns and casualties, the report.
- The other coach confirms the score; the post-game follows.
- Then tell the league how it went: each coach writes *his* side's match report.

Fair play, and may Nuffle smile on you."""

REPORT_BODY = """\
A hard game on a hard pitch. Our line held when it mattered, and the crowd got
the **touchdowns** it came for.

> Next week, the same again.

Man of the match: the whole front line."""


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    league = League.objects.filter(name__iexact=LEAGUE_NAME).first()
    if league is None:
        return
    commissioner = league.commissioners.order_by("pk").first()
    if commissioner is not None and not LeagueNews.objects.filter(league=league).exists():
        services.post_news(commissioner, league, title=NEWS_TITLE, body=NEWS_BODY)
        log(f"Posted the news {NEWS_TITLE!r} in {league.name}")
    match = (
        Match.objects.filter(fixture__season__league=league, status__in=services.FINISHED)
        .select_related("fixture__home__coach")
        .order_by("pk")
        .first()
    )
    if match is None or MatchReport.objects.filter(match=match).exists():
        return
    home = match.fixture.home
    services.write_match_report(home.coach, match, home, body=REPORT_BODY)
    log(f"Wrote {home.name}'s report of {match.label}")
