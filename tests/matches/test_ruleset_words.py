"""Each ruleset's match pages in a coach's words, played through by two coaches with the
Django test client: only that ruleset's steps, rows and labels (no Expensive Mistakes in
classic, its Gate and TV under their own names, its Petty Cash and inducement money
told apart), Blitz Bowl's set-up in sentences, and nowhere a slug, an internal key or
a team name lowercased."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from leagues.models import TeamEntry
from matches import selectors, services
from matches.models import Match
from teams.services import draft_team
from tests.factories import UserFactory
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.matches.bb2025 import edition_match, finish_post_game, kick_off_by_api, played
from tests.matches.factories import all_done, kick_off, league_match, submit_and_confirm
from tests.matches.test_pages_flow import html, idempotency_key, logged_in
from tests.rulesets.factories import DRAFTS

pytestmark = pytest.mark.django_db

NAMES = {"home": "Zhufbar Ironbreakers", "away": "Nuln Gunners"}
# An internal key: lowercase words joined by underscores ("one_trapdoor", "fan_factor").
KEY = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b")


class _Text(HTMLParser):
    """The text a reader sees: text nodes and the attributes read aloud or shown."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self.hidden += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.parts.append(data.strip())


def visible(response) -> str:
    assert response.status_code == 200, response.status_code
    parser = _Text()
    parser.feed(html(response))
    return "\n".join(parser.parts)


def sheet_rows(page: str) -> dict[str, list[str]]:
    """The pre-game match sheet's rows: label -> the home and away values."""
    table = re.search(r'<table class="pre-game-sheet">(.*?)</table>', page, re.S)
    assert table, "the page shows the match sheet"
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table.group(1), re.S)
    return {label: re.findall(r"<td[^>]*>(.*?)</td>", cells) for label, cells in rows}


def assert_in_words(text: str, names: dict[str, str]) -> None:
    """No internal key and every team name with its capitals."""
    assert not KEY.findall(text), KEY.findall(text)
    for name in names.values():
        assert name.lower() not in text


def opened(ruleset: str):
    """A fixture of a ``ruleset`` league between two teams with capitalised names, its
    match opened; the two coaches' and the commissioner's clients."""
    commissioner = UserFactory()
    league = LeagueFactory(ruleset=ruleset, commissioners=[commissioner])
    division = DivisionFactory(season=SeasonFactory(league=league))
    teams = []
    for side in ("home", "away"):
        coach = UserFactory()
        name = f"{NAMES[side]} {coach.pk}"
        teams.append(draft_team(coach, name=name, ruleset_key=ruleset, **DRAFTS[ruleset]))
        TeamEntry.objects.create(season=division.season, division=division, team=teams[-1])
    fixture = FixtureFactory(division=division, home=teams[0], away=teams[1])
    match = services.open_match(teams[0].coach, fixture)
    clients = {"home": logged_in(teams[0].coach), "away": logged_in(teams[1].coach)}
    clients["commissioner"] = logged_in(commissioner)
    names = {side: team.name for side, team in zip(("home", "away"), teams, strict=True)}
    return match, teams, clients, names


def answer(match: Match, clients, side: str, kind: str, data: dict) -> None:
    action = reverse("match-pre-game-choice", args=[match.pk, side, kind])
    response = clients[side].post(action, data)
    assert response.status_code == 302, html(response)


def report_and_confirm(match, clients, capture) -> None:
    """A home touchdown tapped, the report submitted on the page and confirmed."""
    url = reverse("match-detail", args=[match.pk])
    scorer = selectors.players_who_played(match, "home")[0]
    tap = {"kind": "touchdown", "side": "home", "player": scorer.pk}
    clients["home"].post(reverse("match-add-event", args=[match.pk]), tap, HTTP_HX_REQUEST="1")
    page = html(clients["home"].get(url))
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "idempotency_key": idempotency_key(page)}
    with capture(execute=True):
        response = clients["home"].post(reverse("match-report", args=[match.pk]), body)
        assert response.status_code == 302, html(response)
        assert clients["away"].post(reverse("match-confirm", args=[match.pk])).status_code == 302


def every_page(match: Match, clients) -> list[str]:
    """The match page for both coaches and the commissioner, and the correction page,
    as read."""
    url = reverse("match-detail", args=[match.pk])
    return [
        visible(clients["home"].get(url)),
        visible(clients["away"].get(url)),
        visible(clients["commissioner"].get(url)),
        visible(clients["commissioner"].get(reverse("match-correct", args=[match.pk]))),
    ]


def test_classic_pages_show_classic_rules_in_its_words(
    django_capture_on_commit_callbacks, monkeypatch
):
    # Fixed dice: the winner's winnings D6 is not a 6, so its coach is asked to re-roll.
    monkeypatch.setattr("matches.services.pregame.sequence.new_seed", lambda: 1)
    monkeypatch.setattr("matches.services.report.submission.new_seed", lambda: 1)
    match, (home, away), clients, names = opened("classic")
    url = reverse("match-detail", args=[match.pk])
    assert clients["home"].post(reverse("match-start-pre-game", args=[match.pk])).status_code == 302
    read: list[str] = [visible(clients["away"].get(url))]
    # Equal TVs answer together: home moves 200k into Petty Cash, away nothing, so
    # away gets the TV difference as inducement money; neither buys anything.
    answer(match, clients, "home", "petty_cash", {"home-petty_cash-amount": 200_000})
    answer(match, clients, "away", "petty_cash", {"away-petty_cash-amount": 0})
    read.append(visible(clients["home"].get(url)))
    for side in ("home", "away"):
        answer(match, clients, side, "inducements", {})
    match.refresh_from_db()
    for choice in selectors.pre_game_state(match).pending:  # the kicking team
        answer(
            match,
            clients,
            choice.side,
            choice.kind,
            {f"{choice.side}-{choice.kind}-answer": "receive"},
        )
    page = html(clients["home"].get(url))
    rows = sheet_rows(page)
    assert "Fan Factor" not in rows and "CTV" not in rows and "Journeymen" not in rows
    assert rows["Petty cash"] == ["200k", "none"]
    assert rows["Inducement money"] == ["none", "200k"]
    assert rows["TV"][0] == rows["TV"][1]
    assert all(value.endswith(",000") for value in rows["Gate"]) and "FAME" in rows
    text = visible(clients["home"].get(url))
    assert f"{names['home']}: 200k moved into Petty Cash" in text
    assert f"{names['home']}: 200k of Petty Cash; bought nothing" in text
    assert f"{names['away']}: 200k of inducement money; bought nothing" in text
    assert "Total gate:" in text
    read.append(text)

    assert clients["home"].post(reverse("match-start", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    read.append(visible(clients["home"].get(url)))
    report_and_confirm(match, clients, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    mine, theirs = visible(clients["home"].get(url)), visible(clients["away"].get(url))
    read += [mine, theirs]
    assert f"Your turn: {names['home']} won: re-roll the winnings D6" in mine
    assert f"{names['home']} won: re-roll the winnings D6" in theirs
    assert "Done with step 4" not in mine and "Send the answer" in mine
    action = reverse("match-post-game-choices", args=[match.pk, "home"])
    with django_capture_on_commit_callbacks(execute=True):
        assert clients["home"].post(action, {"home-reroll_winnings": "no"}).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.POST_GAME
    read += every_page(match, clients)
    summary = read[-2]
    assert "Winnings" in summary and "Gate" in summary and "Treasury" in summary
    assert clients["home"].post(reverse("match-close", args=[match.pk])).status_code == 302
    read += every_page(match, clients)
    history = visible(clients["home"].get(reverse("team-matches", args=[home.pk])))
    assert "Expensive" not in history
    assert_in_words(history, names)

    for text in read:
        assert "Expensive" not in text and "Crisis Averted" not in text
        assert "CTV" not in text and "Step 4, hiring" not in text
        assert "{#" not in text
        assert_in_words(text, names)


def test_blitz_bowl_pre_game_is_told_in_sentences(django_capture_on_commit_callbacks):
    match, (home, away), clients, names = opened("blitz_bowl")
    url = reverse("match-detail", args=[match.pk])
    assert clients["home"].post(reverse("match-start-pre-game", args=[match.pk])).status_code == 302
    read = [visible(clients["home"].get(url)), visible(clients["away"].get(url))]
    match.refresh_from_db()
    for choice in selectors.pre_game_state(match).pending:  # the pitch, unless forced
        answer(
            match,
            clients,
            choice.side,
            choice.kind,
            {f"{choice.side}-pitch-answer": "one_trapdoor"},
        )
    text = visible(clients["home"].get(url))
    read.append(text)
    assert re.search(r"won the toss", text)
    assert re.search(r"sets up first and takes the first turn", text)
    assert re.search(r"D8 \d, rolled by ", text)
    assert re.search(r"the pitch with (one trapdoor|two trapdoors)", text)
    assert "The ball goes on the trapdoor" in text or "closest to" in text
    assert clients["away"].post(reverse("match-start", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    read.append(visible(clients["home"].get(url)))
    report_and_confirm(match, clients, django_capture_on_commit_callbacks)
    match.refresh_from_db()
    read += every_page(match, clients)
    read.append(visible(clients["home"].get(reverse("team-matches", args=[home.pk]))))
    assert "Points" in read[-3]
    for text in read:
        for raw in ("Winner team", "Forced pitch", "End zone", "Forced by", "Chosen by"):
            assert raw not in text
        assert ": —" not in text
        assert "Expensive" not in text
        assert_in_words(text, names)


def test_bb2020_still_shows_its_expensive_mistakes(django_capture_on_commit_callbacks):
    s = league_match()
    kick_off(s)
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    url = reverse("match-detail", args=[s.match.pk])
    held = visible(logged_in(s.home_coach).get(url))
    assert "Step 4, hiring, firing and temporarily retiring" in held
    assert "Expensive Mistakes then roll on the Treasury that is left" in held
    assert "Done with step 4" in held
    with django_capture_on_commit_callbacks(execute=True):
        all_done(s)
    page = html(logged_in(s.away_coach).get(url))
    assert '<th scope="row">Expensive mistakes</th>' in page
    assert 'scope="row">Fan Factor</th>' in page and 'scope="row">CTV</th>' in page


def test_bb2025_still_shows_its_expensive_mistakes(django_capture_on_commit_callbacks):
    s = edition_match("bb2025", "human", "human")
    coaches = kick_off_by_api(s)
    services.add_event(s.home_coach, s.match, kind="touchdown", player=played(s, "home")[0])
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0)
    finish_post_game(s, coaches, django_capture_on_commit_callbacks)
    page = html(logged_in(s.home_coach).get(reverse("match-detail", args=[s.match.pk])))
    assert '<th scope="row">Expensive mistakes</th>' in page
