"""A league's news and a coach's match report reach the league's webhooks once (an
edit is not news again) and the coaches who want news by e-mail: the league's
coaches but the author for a news post, the other coach for a match report."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from matches import services
from news.models import LeagueNews, MatchReport
from notifications import emails, webhooks
from notifications.models import WebhookDelivery
from tests.factories import UserFactory
from tests.matches.factories import POST_GAME_SEED, event, kick_off, league_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def setup(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        s = league_match()
    mail.outbox.clear()
    return s


@pytest.fixture
def hook(setup, receiver):
    return webhooks.create_webhook(
        setup.commissioner, setup.season.league, url=receiver.url, payload_format="generic"
    )


def _subjects(user) -> list[str]:
    return [m.subject for m in mail.outbox if user.email in m.to]


def test_league_news_is_posted_and_mailed_to_the_leagues_coaches(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    league = setup.season.league
    emails.set_preferences(setup.away_coach, news=False)
    with django_capture_on_commit_callbacks(execute=True):
        news = LeagueNews.objects.create(
            league=league, author=setup.commissioner, title="Round 3 is drawn", body="**Go!**"
        )
    with django_capture_on_commit_callbacks(execute=True):
        news.body = "**Go on!**"
        news.save()  # an edit: announced already

    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "league_news"
    assert body["text"] == f"News from {setup.commissioner.username}: Round 3 is drawn"
    assert body["url"] == "https://dugout.example" + reverse("news-detail", args=[news.pk])
    subject = f"[Dugout] {league.name} news: Round 3 is drawn"
    assert _subjects(setup.home_coach) == [subject]
    assert "**Go!**" in mail.outbox[0].body
    assert _subjects(setup.away_coach) == [], "he wants no news by e-mail"
    assert _subjects(setup.commissioner) == [], "the author knows"


def test_a_match_report_is_posted_with_the_score_and_mailed_to_the_other_coach(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    kick_off(setup)
    services.submit_report(
        setup.home_coach,
        setup.match,
        home_touchdowns=2,
        away_touchdowns=1,
        events=[
            event("touchdown", setup.players("home")[0]),
            event("touchdown", setup.players("home")[1]),
            event("touchdown", setup.players("away")[0]),
        ],
        seed=POST_GAME_SEED,
    )
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        written = MatchReport.objects.create(
            match=setup.match, team=setup.home, author=setup.home_coach, body="What a game."
        )
    with django_capture_on_commit_callbacks(execute=True):
        written.body = "What a game, truly."
        written.save()  # an edit: announced already

    author = setup.home_coach.username
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "match_report"
    assert body["text"] == f"{author} wrote about {setup.home.name} 2–1 {setup.away.name}"
    assert body["url"] == f"https://dugout.example/matches/{setup.match.pk}/"
    assert body["data"]["team"] == {"team": setup.home.pk, "name": setup.home.name}
    assert _subjects(setup.away_coach) == [f"[Dugout] Match report: {body['text']}"]
    assert _subjects(setup.home_coach) == []
    assert WebhookDelivery.objects.filter(kind="match_report").count() == 1


def test_a_webhook_that_wants_no_news_gets_none(
    setup, receiver, django_capture_on_commit_callbacks
):
    webhooks.create_webhook(
        setup.commissioner, setup.season.league, url=receiver.url, on_news=False
    )
    with django_capture_on_commit_callbacks(execute=True):
        LeagueNews.objects.create(
            league=setup.season.league, author=UserFactory(), title="Quiet", body="."
        )
    assert receiver.received == []
    assert len(mail.outbox) == 2, "the coaches are mailed all the same"
