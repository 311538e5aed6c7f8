"""Where events come from: a match played through the services reaches the league's
webhook as a result (once, however often its rows save), a dead player and a
level-up likewise; a change rolled back notifies no one; the coaches get their
e-mails (next match, a report to confirm, post-game decisions), unless they opted out."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.db import transaction

from leagues import services as league_services
from leagues.models import Season
from matches import services
from notifications import emails
from notifications.models import SentEmail, WebhookDelivery
from teams.models import InjuryRecord
from tests.factories import (
    AdvancementFactory,
    InjuryRecordFactory,
    PlayerFactory,
    UserFactory,
    drafted_team,
)
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import POST_GAME_SEED, confirm, event, kick_off, league_match

pytestmark = pytest.mark.django_db


def _hook(receiver, setup, **values):
    from notifications import webhooks

    league = setup.season.league
    return webhooks.create_webhook(
        setup.commissioner, league, url=receiver.url, payload_format="generic", **values
    )


def _to(user) -> list[str]:
    return [m.subject for m in mail.outbox if user.email in m.to]


def test_a_played_match_posts_its_result_once_and_emails_the_coaches(
    receiver, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        s = league_match()
    _hook(receiver, s)
    assert _to(s.home_coach) and _to(s.away_coach), "both coaches hear the match is open"
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        kick_off(s)
        h = s.players("home")
        submission = services.submit_report(
            s.home_coach,
            s.match,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", h[0])],
            seed=POST_GAME_SEED,
        )
    assert _to(s.away_coach) == [f"[Dugout] Confirm the result: {s.home.name} 1–0 {s.away.name}"]
    assert _to(s.home_coach) == [], "the coach who submitted it has nothing to confirm"
    assert receiver.received == [], "no result before it is confirmed"

    with django_capture_on_commit_callbacks(execute=True):
        confirm(s.match)
        for coach in (s.home_coach, s.away_coach):
            services.submit_post_game_choices(coach, s.match)

    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "result"
    assert body["text"].startswith(f"{s.home.name} 1–0 {s.away.name} (")
    assert body["data"]["report"] == submission.report.pk
    assert body["url"] == f"https://dugout.example/matches/{s.match.pk}/"
    assert WebhookDelivery.objects.get().status == "delivered"
    waiting = f"[Dugout] Post-game decisions: {s.fixture}"
    assert waiting in _to(s.home_coach) and waiting in _to(s.away_coach)


def test_a_corrected_result_is_posted_again_and_says_so(
    receiver, django_capture_on_commit_callbacks
):
    s = league_match()
    _hook(receiver, s)
    with django_capture_on_commit_callbacks(execute=True):
        kick_off(s)
        h = s.players("home")
        services.submit_report(
            s.home_coach,
            s.match,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[event("touchdown", h[0])],
            seed=POST_GAME_SEED,
        )
        confirm(s.match)
        for coach in (s.home_coach, s.away_coach):
            services.submit_post_game_choices(coach, s.match)
    with django_capture_on_commit_callbacks(execute=True):
        services.correct_report(
            s.commissioner,
            s.match,
            home_touchdowns=2,
            away_touchdowns=0,
            events=[event("touchdown", h[0]), event("touchdown", h[1])],
            note="Recount",
        )
    texts = [r.json()["text"] for r in receiver.received]
    assert len(texts) == 2, texts
    assert texts[0].startswith(f"{s.home.name} 1–0 {s.away.name}")
    assert texts[1].startswith(f"{s.home.name} 2–0 {s.away.name}")
    assert texts[1].endswith("; corrected")


def test_a_rolled_back_change_notifies_no_one(receiver, django_capture_on_commit_callbacks):
    s = league_match(opened=False)
    _hook(receiver, s)
    player = s.players("home")[0]
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.DEAD)
        raise RuntimeError("the change fails")
    assert receiver.received == []
    assert not WebhookDelivery.objects.exists()


def test_a_death_is_announced_once_and_a_level_up_too(receiver, django_capture_on_commit_callbacks):
    s = league_match(opened=False)
    _hook(receiver, s)
    player = s.players("home")[0]
    with django_capture_on_commit_callbacks(execute=True):
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.DEAD, source="Match #3")
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.DEAD, source="re-derived")
        InjuryRecordFactory(player=player, kind=InjuryRecord.Kind.NIGGLING)
        AdvancementFactory(player=s.players("away")[0], result="Block")

    kinds = sorted(r.json()["event"] for r in receiver.received)
    assert kinds == ["death", "level_up"]
    death = next(r.json() for r in receiver.received if r.json()["event"] == "death")
    assert death["text"] == f"{player.name} of {s.home.name} is dead (Match #3). Rest in peace."
    level = next(r.json() for r in receiver.received if r.json()["event"] == "level_up")
    assert level["data"]["result"] == "Block"


def test_a_player_in_no_league_posts_nothing(receiver, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        AdvancementFactory(player=PlayerFactory())
    assert receiver.received == []


def test_a_friendly_emails_both_coaches_their_next_match_once(django_capture_on_commit_callbacks):
    s = league_match(opened=False)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        fixture = league_services.schedule_friendly(
            s.home_coach, s.season, home=s.home, away=s.away, deadline=datetime.date(2026, 12, 1)
        )
        fixture.save()
    subject = f"[Dugout] Your next match: {s.home.name} v {s.away.name}"
    assert _to(s.home_coach) == [subject] and _to(s.away_coach) == [subject]
    assert "Deadline: 01 Dec 2026." in mail.outbox[0].body
    assert f"https://dugout.example/leagues/fixtures/{fixture.pk}/" in mail.outbox[0].body
    assert "https://dugout.example/notifications/" in mail.outbox[0].body


def test_a_coach_who_opted_out_gets_none(django_capture_on_commit_callbacks):
    s = league_match(opened=False)
    emails.set_preferences(s.away_coach, next_match=False, decisions=True)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    assert len(_to(s.home_coach)) == 1
    assert _to(s.away_coach) == []
    assert not SentEmail.objects.filter(user=s.away_coach).exists()


def test_drawing_up_the_schedule_emails_each_coach_his_first_match(
    django_capture_on_commit_callbacks,
):
    commissioner = UserFactory()
    league = league_services.create_league(commissioner, name="Mail League", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    coaches = [UserFactory() for _ in range(4)]
    for coach in coaches:
        league_services.admit_team(commissioner, season, drafted_team(coach))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        league_services.generate_schedule(
            commissioner, season, start_date=datetime.date(2026, 9, 7)
        )
    season.refresh_from_db()
    assert season.status == Season.Status.REGULAR_SEASON
    for coach in coaches:
        (subject,) = _to(coach)
        assert subject.startswith("[Dugout] Your next match: ")
    assert "Deadline: 14 Sep 2026." in mail.outbox[0].body


def test_a_coach_without_an_address_is_skipped(django_capture_on_commit_callbacks):
    s = league_match(opened=False)
    s.away_coach.email = ""
    s.away_coach.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    assert len(mail.outbox) == 1


def test_an_undeliverable_demo_address_is_skipped(django_capture_on_commit_callbacks):
    """The demo league's coaches have ``.invalid`` addresses (RFC 2606): loading the demo
    prints no e-mails."""
    s = league_match(opened=False)
    s.away_coach.email = "skrit@dugout.invalid"
    s.away_coach.save()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    assert [m.to for m in mail.outbox] == [[s.home_coach.email]]


def test_the_emails_do_not_read_the_match_snapshots(django_capture_on_commit_callbacks):
    """A report's and its match's JSON snapshots (teams, pre-game, post-game) are not
    what an e-mail says, and decoding them would cost more than the rest of the e-mail:
    their columns are left out of its read."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    s = league_match()
    kick_off(s)
    report = services.submit_report(
        s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0, events=[], seed=1
    ).report
    with (
        django_capture_on_commit_callbacks(execute=True),
        CaptureQueriesContext(connection) as read,
    ):
        assert emails.report_to_confirm(report.pk) == 1
    sql = " ".join(q["sql"] for q in read.captured_queries)
    for column in ("pre_game_teams", "match_teams", "pre_game_result", "post_game_result"):
        assert column not in sql
    assert _to(s.away_coach) == [f"[Dugout] Confirm the result: {s.home.name} 0–0 {s.away.name}"]
