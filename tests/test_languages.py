"""The interface's language: which one a request reads in, and how a coach or a
visitor changes it."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse
from django.utils import translation

from core.i18n import (
    SESSION_KEY,
    accepted_languages,
    browser_language,
    fragment_key,
    grouped_lazy,
)
from matches.models import Match
from news.models import LeagueNews
from teams.models_coach import CoachProfile
from teams.profile import LanguageError, preferred_language, set_language_of
from tests.factories import TEST_PASSWORD, UserFactory
from tests.leagues.factories import FixtureFactory, LeagueFactory, SeasonFactory

pytestmark = pytest.mark.django_db


def test_a_coach_has_no_preferred_language_until_he_chooses_one():
    coach = UserFactory()
    assert preferred_language(coach) is None
    assert preferred_language(AnonymousUser()) is None

    set_language_of(coach, "fr")
    assert preferred_language(coach) == "fr"

    set_language_of(coach, "EN_gb")  # spelt as a browser or a locale would
    assert preferred_language(coach) == "en-gb"

    set_language_of(coach, "")
    assert preferred_language(coach) is None


def test_an_unknown_language_is_refused_and_leaves_the_profile_as_it_was():
    coach = UserFactory()
    set_language_of(coach, "de")
    with pytest.raises(LanguageError) as refusal:
        set_language_of(coach, "klingon")
    assert refusal.value.messages == [
        "klingon is not one of Dugout's languages; choose one of en-gb, fr, de, es, it."
    ]
    assert refusal.value.field == "language"
    assert CoachProfile.objects.get(user=coach).language == "de"


def test_only_a_signed_in_coach_keeps_a_language():
    with pytest.raises(PermissionDenied):
        set_language_of(AnonymousUser(), "fr")


# --- Which language a page reads in ------------------------------------------------


def lang_of(response) -> str:
    """The language the page says it is in: its ``<html lang>``."""
    match = re.search(r'<html lang="([^"]+)"', response.content.decode())
    assert match, "no <html lang> on the page"
    assert response["Content-Language"] == match.group(1)
    return match.group(1)


@pytest.fixture
def league():
    return LeagueFactory(language="es")


def test_a_visitor_reads_english_unless_his_browser_asks_for_one_of_the_site_languages(client):
    assert lang_of(client.get("/")) == "en-gb"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.9,en;q=0.5")) == "de"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja,it;q=0.4")) == "it"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,fr;q=0.8")) == "en-gb"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja,pt-BR")) == "en-gb"


def test_a_league_s_pages_read_in_its_language_when_nobody_asked_for_another(client, league):
    season = SeasonFactory(league=league)
    fixture = FixtureFactory(season=season)
    match = Match.objects.create(fixture=fixture)
    pages = [
        reverse("league-home", args=[league.pk]),
        reverse("league-news", args=[league.pk]),
        reverse("season-standings", args=[season.pk]),
        reverse("fixture-detail", args=[fixture.pk]),
        reverse("match-detail", args=[match.pk]),
    ]
    for url in pages:
        assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="ja")) == "es", url
        assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="ja, *;q=0.1")) == "es", url
        assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "de", url
    # Pages that are no league's read in English.
    assert lang_of(client.get(reverse("league-list"), HTTP_ACCEPT_LANGUAGE="ja")) == "en-gb"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ja")) == "en-gb"
    # A client naming no language at all (a script, a crawler) reads English.
    assert lang_of(client.get(pages[0])) == "en-gb"


def test_precedence_profile_then_choice_then_browser_then_league_then_english(client, league):
    url = reverse("league-home", args=[league.pk])
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="ja")) == "es"  # the league's
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "de"  # the browser's
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "fr"  # the choice
    coach = UserFactory()
    set_language_of(coach, "it")
    client.force_login(coach)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="de")
    assert lang_of(response) == "it"  # the profile's
    # ... which the cookie now remembers, after he logs out too.
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    client.post(reverse("logout"))
    assert lang_of(client.get(url, HTTP_ACCEPT_LANGUAGE="de")) == "it"


def test_a_coach_without_a_saved_language_reads_his_choice_or_his_browser_s(client):
    client.force_login(UserFactory())
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "de"
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="de")
    assert lang_of(response) == "fr"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_logging_in_brings_the_profile_s_language_back(client):
    coach = UserFactory()
    set_language_of(coach, "de")
    response = client.post(
        reverse("login"), {"username": coach.username, "password": TEST_PASSWORD}
    )
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"


# --- The switch at the foot of every page ------------------------------------------


def switch_form(response) -> str:
    page = response.content.decode()
    start = page.index('<form method="post" action="/i18n/setlang/"')
    return page[start : page.index("</form>", start)]


def test_a_visitor_switches_language_without_a_csrf_token_and_keeps_it(league):
    visitor = Client(enforce_csrf_checks=True)
    url = reverse("league-home", args=[league.pk])
    english = visitor.get(url, HTTP_ACCEPT_LANGUAGE="en")
    form = switch_form(english)
    assert "csrfmiddlewaretoken" not in form  # a visitor's page carries no token
    assert '<option value="fr" lang="fr">Français</option>' in form
    assert '<option value="en-gb" lang="en-gb" selected>English</option>' in form
    assert f'name="next" value="{url}"' in form

    switched = visitor.post(reverse("set_language"), {"language": "fr", "next": url})
    assert switched.status_code == 302 and switched["Location"] == url
    # The browser still holds the English page: it is not answered 304 with it.
    french = visitor.get(url, HTTP_ACCEPT_LANGUAGE="en", HTTP_IF_NONE_MATCH=english["ETag"])
    assert french.status_code == 200 and lang_of(french) == "fr"
    assert french["ETag"] != english["ETag"]
    assert visitor.get(url, HTTP_IF_NONE_MATCH=french["ETag"]).status_code == 304
    assert lang_of(visitor.get(reverse("league-list"))) == "fr"
    assert '<option value="fr" lang="fr" selected>' in switch_form(visitor.get("/"))


def test_an_unknown_language_is_refused_with_a_message(client):
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/"}, follow=True)
    assert "xx is not one of Dugout&#x27;s languages" in response.content.decode()
    assert lang_of(response) == "en-gb"
    assert settings.LANGUAGE_COOKIE_NAME not in client.cookies


def test_a_signed_in_coach_s_switch_is_saved_to_his_profile():
    coach = UserFactory()
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(coach)
    page = browser.get("/")
    form = switch_form(page)
    token = re.search(r'name="csrfmiddlewaretoken" value="(\w+)"', form).group(1)
    # Without its token a post could change a coach's profile: refused.
    forged = browser.post(reverse("set_language"), {"language": "it", "next": "/"})
    assert forged.status_code == 403
    assert preferred_language(coach) is None

    response = browser.post(
        reverse("set_language"),
        {"language": "it", "next": "/", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"
    assert preferred_language(coach) == "it"
    assert lang_of(browser.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "it"

    # Elsewhere, another browser: the profile's language at once.
    other = Client()
    other.force_login(coach)
    assert lang_of(other.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "it"


# --- The API and formats ------------------------------------------------------------


def test_the_api_answers_its_errors_in_the_accept_language_language(client):
    client.force_login(UserFactory())
    url = reverse("api-naf-number")
    french = client.post(url, {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 400
    # Field names stay English; the sentence is French.
    assert french.json()["fields"] == {"naf_number": ["Ce champ est obligatoire."]}
    assert french["Content-Language"] == "fr"
    english = client.post(url, {}, content_type="application/json")
    assert english.json()["fields"] == {"naf_number": ["This field is required."]}
    # Whatever the coach chose for his pages: the API speaks what the request asks.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    italian = client.post(url, {}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="it")
    assert italian.json()["fields"] == {"naf_number": ["Campo obbligatorio."]}


def test_a_date_on_a_page_in_german_reads_the_german_month(client, league):
    news = LeagueNews.objects.create(
        league=league, author=UserFactory(), title="Kick-off", body="Hello."
    )
    LeagueNews.objects.filter(pk=news.pk).update(
        created_at=datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
    )
    url = reverse("league-news", args=[league.pk])
    assert "3 Dez 2026" in client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "3 Dec 2026" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


# --- The profile page and the API ---------------------------------------------------


def test_a_coach_chooses_his_language_on_his_profile_page(client):
    coach = UserFactory(username="chooser")
    client.force_login(coach)
    profile = reverse("coach-profile", args=["chooser"])
    page = client.get(profile).content.decode()
    form = page[
        page.index('id="language-form"') : page.index("</form>", page.index('id="language-form"'))
    ]
    assert '<option value="" selected>Your browser&#x27;s language</option>' in form
    assert '<option value="de">Deutsch</option>' in form

    response = client.post(reverse("set_language"), {"language": "de", "next": profile})
    assert response.status_code == 302 and response["Location"] == profile
    assert preferred_language(coach) == "de"
    german = client.get(profile)
    assert lang_of(german) == "de"
    assert '<option value="de" selected>Deutsch</option>' in german.content.decode()

    # Back to the browser's language: the profile and the cookie forget the choice.
    response = client.post(reverse("set_language"), {"language": "", "next": profile})
    assert preferred_language(coach) is None
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""
    assert lang_of(client.get(profile, HTTP_ACCEPT_LANGUAGE="it")) == "it"

    # An unknown code: said on the page, nothing changed.
    set_language_of(coach, "fr")
    refused = client.post(
        reverse("set_language"), {"language": "tlh", "next": profile}, follow=True
    )
    assert "tlh is not one of Dugout&#x27;s languages" in refused.content.decode()
    assert preferred_language(coach) == "fr"


def test_another_coach_s_profile_has_no_language_form(client):
    UserFactory(username="someone")
    client.force_login(UserFactory())
    assert (
        'id="language-form"'
        not in client.get(reverse("coach-profile", args=["someone"])).content.decode()
    )


def test_the_api_reads_and_writes_the_coach_s_language(client):
    coach = UserFactory()
    client.force_login(coach)
    url = reverse("api-language")
    assert client.get(url).json() == {"language": None}
    response = client.post(url, {"language": "es"}, content_type="application/json")
    assert response.status_code == 200 and response.json() == {"language": "es"}
    assert preferred_language(coach) == "es"
    # The session reads in it at once.
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="de")) == "es"

    refused = client.post(url, {"language": "xx"}, content_type="application/json")
    assert refused.status_code == 400
    assert refused.json()["fields"] == {
        "language": ["xx is not one of Dugout's languages; choose one of en-gb, fr, de, es, it."]
    }
    assert preferred_language(coach) == "es"
    # The refusal, asked in German, is in German once the catalogue has it; its field
    # name stays English.
    german = client.post(
        url, {"language": 7}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="de"
    )
    assert german.status_code == 400 and list(german.json()["fields"]) == ["language"]

    assert client.post(url, {"language": None}, content_type="application/json").json() == {
        "language": None
    }
    assert preferred_language(coach) is None
    client.logout()
    assert client.get(url).status_code in (401, 403)


def test_numbers_for_reading_are_grouped_as_the_language_writes_them():
    with translation.override("de"):
        assert str(grouped_lazy(9_999_999)) == "9.999.999"
    with translation.override("en-gb"):
        assert str(grouped_lazy(9_999_999)) == "9,999,999"


def test_a_fragment_cached_in_one_language_is_not_served_in_another():
    with translation.override("fr"):
        french = fragment_key("teams/team_sheet.html:top", "release", 1)
    with translation.override("de"):
        german = fragment_key("teams/team_sheet.html:top", "release", 1)
    assert french != german


def test_the_login_page_has_one_password_reset_link(client):
    page = client.get(reverse("login")).content.decode()
    assert page.count(f'href="{reverse("account_reset_password")}"') == 1


def test_a_session_opened_before_languages_were_kept_reads_the_profile_once(client):
    coach = UserFactory()
    client.force_login(coach)
    session = client.session
    del session[SESSION_KEY]  # as a login from before this release left it
    session.save()
    set_language_of(coach, "de")
    assert lang_of(client.get("/")) == "de"
    assert client.session[SESSION_KEY] == "de"


@pytest.mark.parametrize(
    ("header", "wanted"),
    [
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", ["fr-ch", "fr", "en", "de", "*"]),
        ("de;q=0.5, it", ["it", "de"]),  # the weight orders, not the position
        ("es;q=0, it;q=0.3", ["it"]),  # q=0 refuses a language
        ("en;q=2, x_y, fr;q=abc, it", ["it"]),  # malformed ranges and weights are left out
        ("", []),
    ],
)
def test_the_browser_s_languages_are_read_by_weight(header, wanted):
    assert accepted_languages(header) == wanted


def test_the_first_site_language_the_browser_names_is_taken(rf):
    request = rf.get("/", HTTP_ACCEPT_LANGUAGE="pt-BR, it-CH;q=0.8, fr;q=0.9")
    assert browser_language(request) == "fr"
    assert browser_language(rf.get("/", HTTP_ACCEPT_LANGUAGE="pt, *;q=0.1, de;q=0.05")) is None
