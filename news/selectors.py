"""Reads of the news: querysets shaped for the pages and the API, each with the
related rows its page shows."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from leagues.models import League
from matches.models import Match
from news.models import LeagueNews, MatchReport
from teams.models import Team

# What a match report's line shows: the side, the opponent, the score, who wrote it.
REPORT_RELATED = (
    "team",
    "author",
    "match__fixture__home",
    "match__fixture__away",
    "match__fixture__season__league",
)


def league_news(league: League | int) -> QuerySet[LeagueNews]:
    """A league's news, latest first."""
    return LeagueNews.objects.filter(league=league).select_related("author", "league")


def latest_news(league: League | int, limit: int = 3) -> list[LeagueNews]:
    return list(league_news(league)[:limit])


def league_match_reports(league: League | int) -> QuerySet[MatchReport]:
    """The match reports of a league's matches, latest first."""
    return MatchReport.objects.filter(match__fixture__season__league=league).select_related(
        *REPORT_RELATED
    )


def latest_match_reports(league: League | int, limit: int = 5) -> list[MatchReport]:
    return list(league_match_reports(league)[:limit])


def team_match_reports(team: Team | int, limit: int = 20) -> list[MatchReport]:
    """The reports of the team's matches (its own and its opponents'), latest first."""
    team_id = getattr(team, "pk", team)
    played = Q(match__fixture__home_id=team_id) | Q(match__fixture__away_id=team_id)
    return list(MatchReport.objects.filter(played).select_related(*REPORT_RELATED)[:limit])


def match_reports(match: Match | int) -> QuerySet[MatchReport]:
    """Both sides' reports of one match (home first)."""
    return (
        MatchReport.objects.filter(match=match)
        .select_related(*REPORT_RELATED)
        .order_by("created_at", "id")
    )
