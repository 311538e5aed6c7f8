"""A match played on two phones (390×844, Debian's chromium) by two coaches who read
Dugout in two languages: the home coach in French, the away coach in German (each his
profile's language). Through the pre-game, the events, the report, its confirmation
and the post-game, each phone shows its coach's language: the page says so (``<html
lang>``), and the words each stage shows are the catalogue's for that language, taken
with gettext (never English written here), while the English of the same words is not
on the page."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Locator, Page, expect

from matches.models import Match
from teams.profile import set_language_of
from tests.browser.bb2025_phone_steps import visit
from tests.browser.conftest import phone_pages
from tests.factories import TEST_PASSWORD
from tests.matches.factories import league_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HOME_LANGUAGE = "fr"
AWAY_LANGUAGE = "de"


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """The post-game runs in the live server's thread."""


def words(language: str, msgid: str, **values: object) -> str:
    """``msgid`` as ``language``'s catalogue says it (it must be translated there)."""
    with translation.override(language):
        said = gettext(msgid)
    assert said != msgid, f"{msgid!r} has no {language} translation"
    return said % values if values else said


class Coach:
    """A coach's phone, and the language he reads it in."""

    def __init__(self, page: Page, language: str, username: str, team: str) -> None:
        self.page, self.language, self.username, self.team = page, language, username, team

    def say(self, msgid: str, **values: object) -> str:
        return words(self.language, msgid, **values)

    def sign_in(self) -> None:
        """Log in through the form; the pages read in his profile's language from then."""
        self.page.goto("/accounts/login/")
        self.page.fill("#id_username", self.username)
        self.page.fill("#id_password", TEST_PASSWORD)
        self.page.locator("main button[type=submit]").click()
        expect(self.page.locator("html")).to_have_attribute("lang", self.language)

    def open(self, match_pk: int) -> None:
        """The match page, loaded afresh, in his language."""
        visit(self.page, f"/matches/{match_pk}/")
        expect(self.page.locator("#match-waiting")).to_be_attached()
        expect(self.page.locator("html")).to_have_attribute("lang", self.language)

    def button(self, msgid: str, within: Locator | None = None) -> Locator:
        return (within or self.page).get_by_role("button", name=self.say(msgid), exact=True)

    def reads(self, where: str, msgid: str, **values: object) -> None:
        """``where`` shows ``msgid`` in his language, and not in English."""
        box = self.page.locator(where)
        expect(box).to_contain_text(self.say(msgid, **values))
        english = msgid % values if values else msgid
        expect(box).not_to_contain_text(english)


@pytest.fixture
def coaches(browser, live_server):
    s = league_match()
    set_language_of(s.home_coach, HOME_LANGUAGE)
    set_language_of(s.away_coach, AWAY_LANGUAGE)
    with phone_pages(browser, live_server, 2) as (home_phone, away_phone):
        home = Coach(home_phone, HOME_LANGUAGE, s.home_coach.username, s.home.name)
        away = Coach(away_phone, AWAY_LANGUAGE, s.away_coach.username, s.away.name)
        for coach in (home, away):
            coach.sign_in()
        yield s, home, away


def answer_pre_game(match_pk: int, home: Coach, away: Coach) -> None:
    """Each coach answers, on his own phone and in his language, the decisions waiting
    for him (inducements: none bought; anything else: its first answer), until the
    match may kick off; the home coach kicks off."""
    for _ in range(12):
        answered = False
        for coach in (home, away):
            coach.open(match_pk)
            coach.reads("#pre-game-heading", "Pre-game")
            kick_off = coach.button("Kick off: start the match")
            if kick_off.count():
                kick_off.click()
                coach.reads(".messages", "Kick-off! Record the match as it goes.")
                return
            decision = coach.page.locator(
                "#pre-game section.decision", has=coach.page.locator("form")
            )
            if not decision.count():
                continue
            decision.first.locator("button[type=submit]").first.click()
            coach.reads(".messages", "%(team)s: answered.", team=coach.team)
            answered = True
            break
        if not answered:
            raise AssertionError("The pre-game waits, but neither phone has a decision to answer")
    raise AssertionError("The pre-game did not end")


def test_two_coaches_play_one_match_each_in_his_own_language(coaches):
    s, home, away = coaches
    pk = s.match.pk

    # The pre-game: begun by the home coach, answered by both, each in his language.
    home.open(pk)
    home.button("Start the pre-game").click()
    home.reads(".messages", "The pre-game has begun.")
    answer_pre_game(pk, home, away)

    # In play: the home coach taps a touchdown; both read the match in play.
    home.open(pk)
    home.page.locator("#picker a[href*='side=home&kind=touchdown']").click()
    home.page.locator("#picker .tap-grid.players button").first.click()
    recorded = home.say("Recorded: %(recorded)s.", recorded="|").split("|")[0]
    expect(home.page.locator("#live .ok")).to_contain_text(recorded)
    away.open(pk)
    expect(away.page.locator("#score-home")).to_have_text("1")
    away.reads("#report", "Submit report")

    # The report: submitted by the home coach, confirmed by the away coach.
    home.open(pk)
    home.button("Submit report", home.page.locator("#report")).click()
    home.reads(".messages", "The report is in: waiting for the opponent's confirmation.")
    home.reads("#confirmation-heading", "The report: waiting for confirmation")
    away.open(pk)
    away.reads("#confirmation-heading", "The report: waiting for confirmation")
    away.button("Confirm the report").click()
    away.reads(".messages", "The report is confirmed: the post-game has begun.")

    # The post-game: each coach is done with step 4, in his language.
    for coach in (away, home):
        coach.open(pk)
        coach.reads("#post-game-heading", "Post-game")
        done = coach.button("Done with step 4")
        expect(done).to_have_count(1, timeout=10_000)
        done.click()
        coach.reads(".messages", "%(team)s: decided.", team=coach.team)
    assert Match.objects.get(pk=pk).status == Match.Status.POST_GAME
    for coach in (home, away):
        coach.open(pk)
        coach.reads("#post-game-heading", "Post-game")
        expect(coach.button("Done with step 4")).to_have_count(0)
