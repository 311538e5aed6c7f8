"""A league's news: its commissioners post, edit and delete it (service, API, page);
nobody else may, a refusal says why, and bad input changes nothing."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from core import versions
from news import services
from news.errors import NewsError
from news.models import BODY_MAX_CHARS, LeagueNews
from tests.news.conftest import api_as, page_as


def test_the_commissioner_posts_edits_and_deletes(world):
    before = versions.league_version(world.league)
    news = services.post_news(
        world.commissioner, world.league, title="  Round 1 is on  ", body="Play **now**."
    )
    assert (news.title, news.body, news.author) == (
        "Round 1 is on",
        "Play **now**.",
        world.commissioner,
    )
    assert versions.league_version(world.league) != before  # cached pages refresh
    edited = services.edit_news(world.commissioner, news, title="Round 1", body="Done.")
    assert LeagueNews.objects.get(pk=news.pk).body == "Done."
    assert edited.title == "Round 1"
    services.delete_news(world.commissioner, edited)
    assert not LeagueNews.objects.exists()


@pytest.mark.parametrize("who", ["home_coach", "outsider"])
def test_a_coach_may_not_write_the_news(world, who):
    with pytest.raises(PermissionDenied, match="Only a commissioner of Old World League"):
        services.post_news(getattr(world, who), world.league, title="Hi", body="Hi")
    assert not LeagueNews.objects.exists()


@pytest.mark.parametrize(
    ("title", "body", "field", "message"),
    [
        ("   ", "Body", "title", "Give the news a title."),
        ("x" * 121, "Body", "title", "at most 120 characters"),
        ("Bell\x07 ringing", "Body", "title", "control characters such as U+0007"),
        ("Title", "  \n ", "body", "it is empty"),
        ("Title", "x" * (BODY_MAX_CHARS + 1), "body", f"at most {BODY_MAX_CHARS:,} characters"),
        ("Title", "a\n" * 2_001, "body", "at most 2,000 lines"),
    ],
)
def test_bad_input_is_refused_on_its_field(world, title, body, field, message):
    with pytest.raises(NewsError, match=re.escape(message)) as refused:
        services.post_news(world.commissioner, world.league, title=title, body=body)
    assert refused.value.field == field
    assert not LeagueNews.objects.exists()


def test_the_api_posts_lists_changes_and_deletes(world):
    client = api_as(world.commissioner)
    url = f"/api/v1/leagues/{world.league.pk}/news/"
    made = client.post(
        url, {"title": "Kick-off", "body": "<script>x</script> **go**"}, format="json"
    )
    assert made.status_code == 201, made.json()
    body = made.json()
    assert body["title"] == "Kick-off" and body["author_username"] == "news-commissioner"
    assert "<script" not in body["body_html"] and "<strong>go</strong>" in body["body_html"]
    listed = api_as(None).get(url).json()
    assert [n["title"] for n in listed["results"]] == ["Kick-off"]
    detail = f"/api/v1/news/{body['id']}/"
    changed = client.put(detail, {"title": "Kick-off!", "body": "Go."}, format="json")
    assert changed.status_code == 200 and changed.json()["title"] == "Kick-off!"
    assert client.delete(detail).status_code == 204
    assert api_as(None).get(detail).status_code == 404


def test_the_api_answers_400_with_field_messages_and_changes_nothing(world):
    client = api_as(world.commissioner)
    url = f"/api/v1/leagues/{world.league.pk}/news/"
    refused = client.post(url, {"title": "Tab\x1b", "body": "ok"}, format="json")
    assert refused.status_code == 400
    assert "control characters" in refused.json()["fields"]["title"][0]
    missing = client.post(url, {"title": "Hi"}, format="json")
    assert missing.status_code == 400 and "body" in missing.json()["fields"]
    too_long = client.post(url, {"title": "Hi", "body": "x" * (BODY_MAX_CHARS + 1)}, format="json")
    assert too_long.status_code == 400 and "body" in too_long.json()["fields"]
    blank = client.post(url, {"title": "Hi", "body": "   "}, format="json")
    assert blank.status_code == 400 and "body" in blank.json()["fields"]
    assert not LeagueNews.objects.exists()


def test_the_api_refuses_others_with_403_and_says_why(world):
    url = f"/api/v1/leagues/{world.league.pk}/news/"
    refused = api_as(world.home_coach).post(url, {"title": "Hi", "body": "Hi"}, format="json")
    assert refused.status_code == 403
    assert "commissioner" in refused.json()["detail"]
    assert api_as(None).post(url, {"title": "Hi", "body": "Hi"}, format="json").status_code in (
        401,
        403,
    )
    assert not LeagueNews.objects.exists()


def test_the_pages_post_show_and_delete_the_news(world):
    client = page_as(world.commissioner)
    response = client.post(
        reverse("league-news-create", args=[world.league.pk]),
        {
            "title": "Season opens",
            "body": "[Rules](https://example.com) <img src=x onerror=alert(1)>",
        },
    )
    news = LeagueNews.objects.get()
    assert response.status_code == 302 and response.url == reverse("news-detail", args=[news.pk])
    home = page_as(None).get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert "Season opens" in home
    assert 'rel="nofollow noopener noreferrer"' in home
    assert "<img" not in home.split('id="league-news"')[1].split("</section>")[0]
    listed = page_as(None).get(reverse("league-news", args=[world.league.pk])).content.decode()
    assert "Season opens" in listed
    client.post(reverse("news-delete", args=[news.pk]))
    assert not LeagueNews.objects.exists()


def test_the_page_shows_a_form_error_and_keeps_the_db(world):
    client = page_as(world.commissioner)
    response = client.post(
        reverse("league-news-create", args=[world.league.pk]), {"title": "Bell\x07", "body": "x"}
    )
    assert response.status_code == 400
    assert "control characters" in response.content.decode()
    assert not LeagueNews.objects.exists()


def test_a_coach_gets_no_news_form(world):
    client = page_as(world.home_coach)
    url = reverse("league-news-create", args=[world.league.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"title": "Hi", "body": "Hi"}).status_code == 403
    home = client.get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert url not in home
    assert not LeagueNews.objects.exists()
