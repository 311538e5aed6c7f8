"""The match's words in the reader's language: the history lines a report's life
writes are stored as sentences (its English text unchanged), "Home" and "Won" are
told apart from the home page and a standings column, the report's checks name a
player's role and the characteristics as the game does, and a match page asked in
French reads in French."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from matches import selectors, services
from matches.choices import STATUS_IN_A_SENTENCE, MatchStatus, Side
from matches.errors import MatchError, ReportError
from matches.history import RESULTS
from matches.models import Match, MatchEvent
from teams.models import AuditEntry
from tests.factories import PlayerFactory
from tests.matches.factories import event, kick_off, league_match
from tests.matches.test_pages_flow import html, logged_in

pytestmark = pytest.mark.django_db


def _lines(match: Match) -> dict[str, AuditEntry]:
    return {e.action: e for e in AuditEntry.objects.filter(data__match=match.pk).order_by("id")}


def _played():
    s = league_match()
    kick_off(s)
    return s


def _report(s, **extra):
    return services.submit_report(
        s.home_coach,
        s.match,
        home_touchdowns=1,
        away_touchdowns=0,
        events=[event("touchdown", s.players("home")[0])],
        **extra,
    )


def test_a_report_s_history_lines_keep_their_english_and_their_sentence():
    s = _played()
    _report(s)
    label = f"Match #{s.match.pk} ({s.home.name} v {s.away.name})"
    services.dispute_report(s.away_coach, s.match, note="Griff never scored.")
    services.send_back_report(s.commissioner, s.match)
    s.match.refresh_from_db()
    _report(s)
    services.confirm_report(s.away_coach, s.match)
    lines = _lines(s.match)
    expected = {
        "match.report": f"{label}: report v2 submitted, 1-0.",
        "match.dispute": f"{label}: report disputed: Griff never scored.",
        "match.send_back": f"{label}: report v1 sent back: Sent back by the commissioner.",
        "match.confirm": f"{label}: report v2 confirmed by the opponent.",
    }
    for action, text in expected.items():
        assert lines[action].message == text
        said = lines[action].message_said
        assert said is not None and said["text"] == "{match} ({home} v {away}): {message}"
        assert said["values"]["match"] == {
            "said": {"text": "Match #{number}", "values": {"number": s.match.pk}}
        }
    assert lines["match.dispute"].message_said["values"]["message"]["said"]["values"] == {
        "note": "Griff never scored."
    }


def test_a_concession_a_settled_dispute_and_a_correction_are_sentences_too():
    s = _played()
    _report(s, conceded_by="away")
    services.dispute_report(s.away_coach, s.match, note="We did not concede.")
    services.settle_dispute(
        s.commissioner, s.match, home_touchdowns=1, away_touchdowns=0, note="Seen the photo."
    )
    label = f"Match #{s.match.pk} ({s.home.name} v {s.away.name})"
    lines = _lines(s.match)
    assert lines["match.report"].message == (
        f"{label}: report v1 submitted, 1-0, conceded by the away team."
    )
    assert lines["match.settle"].message == (
        f"{label}: dispute settled: report v2, 1-0, confirmed by the commissioner in place "
        "of v1 (1-0): Seen the photo."
    )
    assert lines["match.report"].message_said["values"]["message"]["said"]["text"] == (
        "report v{version} submitted, {home}-{away}, conceded by the away team."
    )
    assert lines["match.settle"].message_said is not None


def test_home_and_won_have_their_own_context():
    assert str(Side.HOME.label) == "Home" and str(Side.AWAY.label) == "Away"
    assert [str(RESULTS[r]) for r in ("win", "draw", "loss")] == ["Won", "Drew", "Lost"]
    with translation.override("fr"):
        # The French catalogue has the home team (not the home page) as "Domicile".
        assert str(Side.HOME.label) == translation.pgettext("the home team", "Home")
        assert str(Side.HOME.label) != translation.gettext("Home")


def test_a_status_in_a_sentence_reads_whole_in_english():
    s = league_match()
    with pytest.raises(MatchError) as error:
        services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    assert (
        f"Match #{s.match.pk} is scheduled: you can record match events only when it is in play."
        in str(error.value)
    )
    assert set(STATUS_IN_A_SENTENCE) == set(MatchStatus)


def test_the_report_s_checks_name_the_role_and_the_characteristics_as_the_game_does():
    s = _played()
    h, a = s.players("home"), s.players("away")
    stranger = PlayerFactory()
    bad = [
        event("touchdown", stranger),
        event("casualty", h[1], victim=stranger.pk),
        event("injury", a[0], injury="lasting_injury"),
        event("touchdown", h[0], side="away"),
    ]
    with pytest.raises(ReportError) as error:
        services.submit_report(
            s.home_coach, s.match, home_touchdowns=1, away_touchdowns=0, events=bad
        )
    messages = error.value.messages
    for text in (
        f"Event 1 (touchdown): {stranger.name} (player) plays for neither",
        f"Event 2 (casualty caused): {stranger.name} (victim) plays for neither",
        "Event 3 (injury suffered): a Lasting Injury reduces one of MA, ST, AG, PA, AV; say which",
        f"Event 4 (touchdown): {h[0].name} plays for the home team, not the away team",
    ):
        assert any(text in m for m in messages), (text, messages)


def test_an_event_s_line_is_a_whole_sentence():
    s = _played()
    h, a = s.players("home"), s.players("away")
    services.add_event(s.home_coach, s.match, kind="touchdown", player=h[0])
    services.add_event(s.home_coach, s.match, kind="casualty", player=h[1], victim=a[0].pk)
    services.add_event(
        s.home_coach, s.match, kind="casualty", player=h[2], victim=a[1].pk, by_block=False
    )
    teams = selectors.team_names(s.match)
    lines = [
        selectors.event_text(e, teams)
        for e in MatchEvent.objects.filter(match=s.match, report=None).order_by("id")
    ]
    shirt = [f"#{p.number} {p.name}" for p in (h[0], h[1], a[0], h[2], a[1])]
    assert lines == [
        f"Touchdown: {shirt[0]}",
        f"Casualty caused: {shirt[1]} on {shirt[2]}",
        f"Casualty caused: {shirt[3]} on {shirt[4]} (foul or other, no SPP)",
    ]


def test_the_match_page_reads_in_english_and_in_french(client):
    s = _played()
    services.add_event(s.home_coach, s.match, kind="touchdown", player=s.players("home")[0])
    coach = logged_in(s.home_coach)
    url = reverse("match-detail", args=[s.match.pk])
    english = html(coach.get(url, HTTP_ACCEPT_LANGUAGE="en-gb"))
    assert f"· Match #{s.match.pk}" in english and " · league</h1>" in english
    assert "In play" in english
    french = html(coach.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert '<html lang="fr">' in french
    with translation.override("fr"):
        number = translation.gettext("Match #%(number)s") % {"number": s.match.pk}
        in_play = str(MatchStatus.IN_PLAY.label)
    assert number != f"Match #{s.match.pk}" and number in french
    assert in_play in french and "In play" not in french


def test_the_match_list_names_a_match_in_the_reader_s_language():
    s = league_match()
    coach = logged_in(s.home_coach)
    url = reverse("match-list")
    assert f">Match #{s.match.pk}</a>" in html(coach.get(url, HTTP_ACCEPT_LANGUAGE="en-gb"))
    with translation.override("fr"):
        number = translation.gettext("Match #%(number)s") % {"number": s.match.pk}
    assert f">{number}</a>" in html(coach.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
