"""The demo league has a news post and a coach's match report, shown on its pages;
loading the demo again adds neither twice."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from leagues.models import League
from news.models import LeagueNews, MatchReport

pytestmark = pytest.mark.django_db


def test_the_demo_league_has_news_and_a_match_report(client):
    call_command("load_demo", stdout=io.StringIO())
    league = League.objects.get(name="Old World Cup")
    news = LeagueNews.objects.get(league=league)
    report = MatchReport.objects.select_related("team", "match").get()
    assert report.author == report.team.coach
    call_command("load_demo", stdout=io.StringIO())
    assert (LeagueNews.objects.count(), MatchReport.objects.count()) == (1, 1)
    home = client.get(reverse("league-home", args=[league.pk])).content.decode()
    assert news.title in home and f"{report.team.name}'s report" in home
    match = client.get(reverse("match-detail", args=[report.match_id])).content.decode()
    assert "Man of the match: the whole front line." in match
