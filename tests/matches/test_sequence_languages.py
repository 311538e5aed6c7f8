"""A pre-game's and a post-game's prompts, step titles and MVP reasons are stored as
sentences and read in each reader's language: the two coaches of one match, one
reading French and one English, each read the same stored match in his own.

Whether or not the French catalogue holds a sentence yet, the tests install (through
the engine's public ``install_translator``) a translator that marks every engine
sentence rendered in French, «like this», around the site's own, so what each page
shows can be told apart."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from matches import selectors, services
from matches.errors import MatchError
from matches.models import Match
from rules_engine.wording import from_plain
from teams.models import Player
from tests.factories import UserFactory, drafted_team
from tests.matches.factories import PRE_GAME_SEED, kick_off, league_match
from tests.matches.test_pages_flow import html, logged_in
from tests.matches.test_pages_more import report

pytestmark = pytest.mark.django_db


def in_french(said: Any) -> str:
    with translation.override("fr"):
        return str(from_plain(said))


def test_the_stored_pre_game_keeps_its_sentences_beside_the_english():
    s = league_match()
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    steps, pending = match.pre_game_result["steps"], match.pre_game_result["pending"]
    assert steps and pending
    for step in steps:
        assert from_plain(step["title_said"]).english() == step["title"]
    for choice in pending:
        assert from_plain(choice["prompt_said"]).english() == choice["prompt"]


def _to_kick_or_receive(s) -> Match:
    """The pre-game played up to the toss winner's decision (no inducements bought)."""
    coach = {"home": s.home_coach, "away": s.away_coach}
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    for _ in range(10):
        choice = match.pre_game_result["pending"][0]
        if choice["kind"] == "kick_or_receive":
            return match
        answer = {} if choice["kind"] == "inducements" else choice["options"]["positions"][0]
        match = services.submit_pre_game_choice(
            coach[choice["side"]], match, kind=choice["kind"], answer=answer
        )
    raise AssertionError("the pre-game never asked to kick or receive")


def test_each_coach_reads_the_pre_game_in_his_language(french_marked):
    s = league_match()
    match = _to_kick_or_receive(s)
    (choice,) = match.pre_game_result["pending"]
    winner = s.home_coach if choice["side"] == "home" else s.away_coach
    loser = s.away_coach if choice["side"] == "home" else s.home_coach
    url = reverse("match-detail", args=[match.pk])

    french = html(logged_in(winner).get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    english = html(logged_in(loser).get(url, HTTP_ACCEPT_LANGUAGE="en"))

    prompt = in_french(choice["prompt_said"])
    assert prompt.startswith("«") and prompt.endswith("»")  # through the French translator
    assert f"<h3>{escape(prompt)}</h3>" in french and f"<h3>{choice['prompt']}</h3>" in english
    assert "«" not in english
    # The live line ("Your turn: ..."), to the coach whose turn it is.
    assert escape(prompt) in french.split('id="match-waiting"')[1].split("</p>")[0]
    for step in match.pre_game_result["steps"]:
        title = in_french(step["title_said"])
        assert title != step["title"]
        assert f"<h3>{escape(title)}" in french and f"<h3>{step['title']}" in english
    # The same stored match, read again in English by the coach who read French.
    again = html(logged_in(winner).get(url, HTTP_ACCEPT_LANGUAGE="en"))
    assert f"<h3>{choice['prompt']}</h3>" in again and "«" not in again


def test_a_pre_game_stored_before_its_sentences_reads_its_english(french_marked):
    s = league_match()
    match = _to_kick_or_receive(s)
    stored = match.pre_game_result
    for step in stored["steps"]:
        del step["title_said"]
        for choice in step["pending"]:
            del choice["prompt_said"]
    for choice in stored["pending"]:
        del choice["prompt_said"]
    Match.objects.filter(pk=match.pk).update(pre_game_result=stored)
    with translation.override("fr"):
        state = selectors.pre_game_state(Match.objects.get(pk=match.pk))
    assert [c.prompt for c in state.pending] == [c["prompt"] for c in stored["pending"]]
    assert [step["title"] for step in state.steps] == [step["title"] for step in stored["steps"]]


def test_starting_a_match_before_the_pre_game_is_done_says_what_it_waits_for(french_marked):
    s = league_match()
    match = _to_kick_or_receive(s)
    (choice,) = match.pre_game_result["pending"]
    with translation.override("fr"), pytest.raises(MatchError) as refused:
        services.start_match(s.home_coach, match)
    assert in_french(choice["prompt_said"]) in " ".join(refused.value.messages)
    with translation.override("fr"), pytest.raises(MatchError) as wrong:
        services.submit_pre_game_choice(s.home_coach, match, kind="petty_cash", answer=0)
    assert in_french(choice["prompt_said"]) in " ".join(wrong.value.messages)


def test_each_coach_reads_the_post_game_in_his_language(
    french_marked, django_capture_on_commit_callbacks
):
    s = league_match()
    kick_off(s)
    report(s, [], 0, 0, django_capture_on_commit_callbacks, done=False)
    assert s.match.status == Match.Status.REPORT_SUBMITTED
    stored = s.match.reports.get(is_current=True).post_game_result
    assert stored["pending"]
    url = reverse("match-detail", args=[s.match.pk])
    french = html(logged_in(s.home_coach).get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    english = html(logged_in(s.away_coach).get(url, HTTP_ACCEPT_LANGUAGE="en"))
    for step in stored["steps"]:
        title = in_french(step["title_said"])
        assert title.startswith("«") and title.endswith("»")
        assert f"<h3>{escape(title)}" in french and f"<h3>{step['title']}" in english
    assert "«" not in english
    # Each waits for the other's decision: the prompts in the reader's language.
    for choice in stored["pending"]:
        reader = french if choice["side"] == "away" else english
        shown = in_french(choice["prompt_said"]) if reader is french else choice["prompt"]
        assert f"<li>{escape(shown)}</li>" in reader


def test_the_mvp_reason_of_a_friendly_reads_in_the_readers_language(
    french_marked, django_capture_on_commit_callbacks
):
    s = league_match(kind="friendly")
    kick_off(s)
    report(s, [], 0, 0, django_capture_on_commit_callbacks)
    teams = s.match.reports.get(is_current=True).post_game_result["teams"]
    said = teams["home"]["mvp_reason_said"]
    assert from_plain(said).english() == teams["home"]["mvp_reason"]
    with translation.override("fr"):
        french = selectors.post_game_state(s.match).summary["home"]["mvp_reason"]
    english = selectors.post_game_state(s.match).summary["home"]["mvp_reason"]
    assert french == in_french(said) and french.startswith("«")
    assert english == teams["home"]["mvp_reason"]


def test_a_players_advancement_prompt_reads_in_the_coachs_language(french_marked, client):
    coach = UserFactory()
    team = drafted_team(coach, roster_slug="human", players={"human-lineman": 11})
    player = team.players.order_by("number").first()
    Player.objects.filter(pk=player.pk).update(spp_earned=6)
    client.force_login(coach)
    url = reverse("player-advance", args=[player.pk])
    english = f"Choose the primary category of {player.name}'s random skill"
    asked = client.post(url, {"kind": "random_primary"}, HTTP_ACCEPT_LANGUAGE="fr")
    assert asked.status_code == 200
    (heading,) = re.findall(r"<h2>«([^<]*)»</h2>", html(asked))
    assert escape(player.name) in heading
    again = client.post(url, {"kind": "random_primary"}, HTTP_ACCEPT_LANGUAGE="en")
    assert f"<h2>{escape(english)}</h2>" in html(again) and "«" not in html(again)
