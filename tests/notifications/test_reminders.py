"""Reminders (Celery beat's ``notifications.send_reminders``) and the season's fixture
events: a deadline warning inside the league's window (its house rules, its time
zone's midnight), once per fixture; a kick-off reminder once per kick-off time (a
moved kick-off reminds again); a kick-off agreed and a deadline acted on reach the
coaches, the commissioners when the fixture is held, and the league's webhooks."""

from __future__ import annotations

import datetime
from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.utils import timezone

from config.celery import app
from leagues import services as league_services
from leagues.models import Fixture, HouseRules
from leagues.services import deadlines, kickoff
from matches import services
from matches.models import Match
from notifications import emails, reminders, webhooks
from notifications.models import OutgoingMail, WebhookDelivery
from tests.leagues.conftest import admitted_season
from tests.leagues.factories import RoundFactory
from tests.matches.factories import league_match

pytestmark = pytest.mark.django_db

DEADLINE = datetime.date(2026, 12, 10)


@pytest.fixture
def setup(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        s = league_match(opened=False)
    mail.outbox.clear()
    return s


@pytest.fixture
def hook(setup, receiver):
    return webhooks.create_webhook(
        setup.commissioner,
        setup.season.league,
        url=receiver.url,
        payload_format="generic",
    )


def _subjects(user) -> list[str]:
    return [m.subject for m in mail.outbox if user.email in m.to]


def _run(at: datetime.datetime, capture) -> int:
    with capture(execute=True):
        return reminders.send_due(at)


def _with_deadline(setup, zone: str, day: datetime.date = DEADLINE) -> Fixture:
    league = setup.season.league
    league.time_zone = zone
    league.save(update_fields=["time_zone"])
    fixture = setup.fixture
    fixture.deadline = day
    fixture.save(update_fields=["deadline"])
    return fixture


def _midnight_after(day: datetime.date, zone: str) -> datetime.datetime:
    return datetime.datetime.combine(day + timedelta(days=1), datetime.time(), ZoneInfo(zone))


@pytest.mark.parametrize("zone", ["Pacific/Auckland", "UTC", "America/Los_Angeles"])
def test_a_deadline_warning_starts_48_hours_before_midnight_in_the_leagues_zone(
    setup, hook, receiver, zone, django_capture_on_commit_callbacks
):
    fixture = _with_deadline(setup, zone)
    passes_at = _midnight_after(DEADLINE, zone)
    capture = django_capture_on_commit_callbacks

    assert _run(passes_at - timedelta(hours=48, minutes=1), capture) == 0
    assert mail.outbox == [] and receiver.received == []

    assert _run(passes_at - timedelta(hours=47, minutes=59), capture) == 3  # 2 mails, 1 post
    subject = f"[Dugout] Deadline soon: {fixture.home.name} v {fixture.away.name}"
    assert _subjects(setup.home_coach) == [subject]
    assert _subjects(setup.away_coach) == [subject]
    local = f"{passes_at:%a %d %b %Y, %H:%M} ({zone})"
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "deadline_warning"
    assert body["text"].endswith(f"its deadline ends {local}.")
    assert body["data"]["deadline"] == "2026-12-10"
    assert local in mail.outbox[0].body

    # Again and again until the deadline: nothing more.
    assert _run(passes_at - timedelta(hours=2), capture) == 0
    assert len(mail.outbox) == 2 and len(receiver.received) == 1


def test_the_same_moment_warns_one_zone_and_not_the_next(setup, django_capture_on_commit_callbacks):
    """At 11:00 UTC on 9 December, Auckland's 10 December ends 24 hours later (11:00
    UTC on the 10th) and Los Angeles' 45 hours later (08:00 UTC on the 11th): with a
    36-hour window only Auckland's is near."""
    HouseRules.objects.create(league=setup.season.league, deadline_warning_hours=36)
    now = datetime.datetime(2026, 12, 9, 11, 0, tzinfo=datetime.UTC)
    _with_deadline(setup, "America/Los_Angeles")
    assert _run(now, django_capture_on_commit_callbacks) == 0
    _with_deadline(setup, "Pacific/Auckland")
    assert _run(now, django_capture_on_commit_callbacks) == 2


def test_the_warning_window_is_the_leagues_house_rule(setup, django_capture_on_commit_callbacks):
    HouseRules.objects.create(league=setup.season.league, deadline_warning_hours=6)
    _with_deadline(setup, "Europe/Paris")
    passes_at = _midnight_after(DEADLINE, "Europe/Paris")
    assert _run(passes_at - timedelta(hours=7), django_capture_on_commit_callbacks) == 0
    assert _run(passes_at - timedelta(hours=5), django_capture_on_commit_callbacks) == 2


def test_a_rounds_deadline_counts_and_a_played_fixture_is_not_warned(
    setup, django_capture_on_commit_callbacks
):
    fixture = setup.fixture
    fixture.round = RoundFactory(season=setup.season, deadline=DEADLINE)
    fixture.save(update_fields=["round"])
    at = _midnight_after(DEADLINE, "UTC") - timedelta(hours=12)
    assert [f.pk for f in reminders.deadline_warnings_due(at)] == [fixture.pk]
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.POSTPONED)
    assert len(reminders.deadline_warnings_due(at)) == 1, "postponed is still open"
    with django_capture_on_commit_callbacks(execute=True):
        match = services.open_match(setup.commissioner, fixture)
    assert len(reminders.deadline_warnings_due(at)) == 1, "opened, not played"
    Match.objects.filter(pk=match.pk).update(status=Match.Status.CONFIRMING)
    assert reminders.deadline_warnings_due(at) == [], "its report is in"
    Match.objects.filter(pk=match.pk).delete()
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.UNPLAYED_DOUBLE_LOSS)
    assert reminders.deadline_warnings_due(at) == []


def test_a_deadline_moved_later_warns_again(setup, django_capture_on_commit_callbacks):
    """A fixture held at its deadline, its deadline then moved by the commissioner: the
    new deadline is warned of as the first was."""
    fixture = _with_deadline(setup, "UTC")
    first = _midnight_after(DEADLINE, "UTC")
    assert _run(first - timedelta(hours=3), django_capture_on_commit_callbacks) == 2
    later = DEADLINE + timedelta(days=7)
    Fixture.objects.filter(pk=fixture.pk).update(deadline=later, deadline_passed_at=first)
    assert _run(first + timedelta(hours=1), django_capture_on_commit_callbacks) == 0
    again = _midnight_after(later, "UTC") - timedelta(hours=3)
    assert _run(again, django_capture_on_commit_callbacks) == 2
    assert _run(again, django_capture_on_commit_callbacks) == 0
    assert len(_subjects(setup.home_coach)) == 2


def test_a_coach_who_opted_out_of_fixture_mails_is_not_warned(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    emails.set_preferences(setup.away_coach, fixtures=False)
    _with_deadline(setup, "UTC")
    at = _midnight_after(DEADLINE, "UTC") - timedelta(hours=1)
    assert _run(at, django_capture_on_commit_callbacks) == 2  # a mail and the post
    assert _subjects(setup.away_coach) == []
    assert len(_subjects(setup.home_coach)) == 1
    assert len(receiver.received) == 1, "the league's channel hears it all the same"


def test_a_kickoff_is_reminded_once_and_again_when_moved(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    fixture = setup.fixture
    kickoff = datetime.datetime(2026, 12, 5, 19, 0, tzinfo=ZoneInfo("Europe/Paris"))
    Fixture.objects.filter(pk=fixture.pk).update(kickoff_at=kickoff)
    assert _run(kickoff - timedelta(minutes=121), capture) == 0
    assert _run(kickoff - timedelta(minutes=119), capture) == 3
    assert _run(kickoff - timedelta(minutes=30), capture) == 0, "once per kick-off time"
    subject = f"[Dugout] Kick-off soon: {fixture.home.name} v {fixture.away.name}"
    assert _subjects(setup.home_coach) == [subject]
    assert "Sat 05 Dec 2026, 18:00 (UTC)" in receiver.received[0].json()["text"]

    moved = kickoff + timedelta(hours=3)
    Fixture.objects.filter(pk=fixture.pk).update(kickoff_at=moved)
    assert _run(moved - timedelta(minutes=60), capture) == 3, "a moved kick-off reminds again"
    assert _subjects(setup.home_coach) == [subject, subject]
    assert _run(moved + timedelta(minutes=1), capture) == 0, "past kick-offs are not reminded"


def test_a_match_begun_before_its_kickoff_time_is_not_reminded(
    setup, django_capture_on_commit_callbacks
):
    kickoff = datetime.datetime(2026, 12, 5, 18, 0, tzinfo=datetime.UTC)
    Fixture.objects.filter(pk=setup.fixture.pk).update(kickoff_at=kickoff)
    with django_capture_on_commit_callbacks(execute=True):
        match = services.open_match(setup.commissioner, setup.fixture)
    assert len(reminders.kickoff_reminders_due(kickoff - timedelta(hours=1))) == 1
    Match.objects.filter(pk=match.pk).update(status=Match.Status.PRE_GAME)
    assert reminders.kickoff_reminders_due(kickoff - timedelta(hours=1)) == []


def test_the_kickoff_reminder_window_is_the_leagues_house_rule(
    setup, django_capture_on_commit_callbacks
):
    HouseRules.objects.create(league=setup.season.league, kickoff_reminder_minutes=30)
    kickoff = datetime.datetime(2026, 12, 5, 18, 0, tzinfo=datetime.UTC)
    Fixture.objects.filter(pk=setup.fixture.pk).update(kickoff_at=kickoff)
    assert _run(kickoff - timedelta(minutes=45), django_capture_on_commit_callbacks) == 0
    assert _run(kickoff - timedelta(minutes=25), django_capture_on_commit_callbacks) == 2


def test_a_kickoff_agreed_reaches_both_coaches_and_the_webhook_once_per_time(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    league = setup.season.league
    league.time_zone = "Europe/Paris"
    league.save(update_fields=["time_zone"])
    fixture = setup.fixture
    fixture.kickoff_at = datetime.datetime(2026, 12, 5, 18, 0, tzinfo=datetime.UTC)
    with django_capture_on_commit_callbacks(execute=True):
        fixture.save(update_fields=["kickoff_at", "updated_at"])
        fixture.save(update_fields=["kickoff_at", "updated_at"])
        fixture.save()
    subject = f"[Dugout] Kick-off agreed: {fixture.home.name} v {fixture.away.name}"
    assert _subjects(setup.home_coach) == [subject] and _subjects(setup.away_coach) == [subject]
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "kickoff_agreed"
    assert body["text"] == (
        f"{fixture.home.name} v {fixture.away.name} kicks off Sat 05 Dec 2026, 19:00 "
        "(Europe/Paris)."
    )
    assert body["url"] == f"https://dugout.example/leagues/fixtures/{fixture.pk}/"

    fixture.kickoff_at += timedelta(days=1)
    with django_capture_on_commit_callbacks(execute=True):
        fixture.save(update_fields=["kickoff_at", "updated_at"])
    assert len(receiver.received) == 2, "a new time is news"
    assert _subjects(setup.home_coach) == [subject, subject]


def test_a_deadline_held_for_the_commissioner_tells_the_coaches_and_the_commissioner(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    fixture = _with_deadline(setup, "UTC")
    fixture.deadline_passed_at = _midnight_after(DEADLINE, "UTC")
    with django_capture_on_commit_callbacks(execute=True):
        fixture.save(update_fields=["deadline_passed_at", "updated_at"])
        fixture.save(update_fields=["deadline_passed_at", "updated_at"])
    names = f"{fixture.home.name} v {fixture.away.name}"
    assert _subjects(setup.home_coach) == [f"[Dugout] Deadline passed: {names}"]
    assert _subjects(setup.away_coach) == [f"[Dugout] Deadline passed: {names}"]
    assert _subjects(setup.commissioner) == [f"[Dugout] Your decision: {names}"]
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "deadline_passed" and body["data"]["held"] is True
    assert body["text"] == (
        f"{names} was not played by its deadline (10 Dec 2026): held for the commissioner."
    )


def test_a_deadline_settled_by_the_rules_tells_the_coaches_only(
    setup, hook, receiver, django_capture_on_commit_callbacks
):
    fixture = _with_deadline(setup, "UTC")
    fixture.status = Fixture.Status.UNPLAYED_DOUBLE_LOSS
    fixture.deadline_passed_at = _midnight_after(DEADLINE, "UTC")
    with django_capture_on_commit_callbacks(execute=True):
        fixture.save(update_fields=["status", "deadline_passed_at", "updated_at"])
    assert len(_subjects(setup.home_coach)) == 1 and len(_subjects(setup.away_coach)) == 1
    assert _subjects(setup.commissioner) == []
    (body,) = [r.json() for r in receiver.received]
    assert body["data"]["held"] is False
    assert body["text"].endswith("settled by the rules (unplayed: a loss for both).")
    assert WebhookDelivery.objects.get().kind == "deadline_passed"
    assert OutgoingMail.objects.filter(category="fixtures").count() == 2


def test_celery_beat_sends_the_reminders_every_five_minutes(setup):
    entry = app.conf.beat_schedule["send-reminders"]
    assert entry["task"] == "notifications.send_reminders"
    assert entry["schedule"] == 300.0
    assert app.tasks["notifications.send_reminders"]() == 0


@pytest.mark.parametrize("unplayed", ["hold", "apply"])
def test_the_deadline_sweep_announces_what_it_did(
    setup, hook, receiver, unplayed, django_capture_on_commit_callbacks
):
    """The leagues' deadline sweep (``leagues.act_on_deadlines``) holds or settles the
    fixture; the coaches, the commissioner when it is held, and the webhook hear it."""
    HouseRules.objects.create(league=setup.season.league, unplayed_fixtures=unplayed)
    _with_deadline(setup, "UTC")
    with django_capture_on_commit_callbacks(execute=True):
        sweep = deadlines.act_on_deadlines(_midnight_after(DEADLINE, "UTC") + timedelta(hours=1))
    held = unplayed == "hold"
    assert (sweep.held, sweep.settled) == (
        ([setup.fixture.pk], []) if held else ([], [setup.fixture.pk])
    )
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "deadline_passed" and body["data"]["held"] is held
    names = f"{setup.home.name} v {setup.away.name}"
    assert _subjects(setup.home_coach) == [f"[Dugout] Deadline passed: {names}"]
    assert _subjects(setup.commissioner) == ([f"[Dugout] Your decision: {names}"] if held else [])


def test_a_kickoff_agreed_through_the_leagues_service_is_announced(
    commissioner, league, receiver, django_capture_on_commit_callbacks
):
    """A coach proposes times, the other accepts one (leagues.services.kickoff), then a
    commissioner moves it: each agreed time reaches both coaches and the webhook once."""
    league.time_zone = "Europe/Paris"
    league.save(update_fields=["time_zone"])
    season = admitted_season(commissioner, league, 4)
    league_services.generate_schedule(
        commissioner, season, start_date=timezone.localdate(), days_per_round=7
    )
    fixture = Fixture.objects.filter(season=season, round__number=1).order_by("id").first()
    webhooks.create_webhook(commissioner, league, url=receiver.url, payload_format="generic")
    mail.outbox.clear()
    paris = ZoneInfo("Europe/Paris")
    day = timezone.localdate() + timedelta(days=3)
    times = [datetime.datetime.combine(day, datetime.time(h), paris) for h in (18, 20)]
    with django_capture_on_commit_callbacks(execute=True):
        slots = kickoff.propose_kickoffs(fixture.home.coach, fixture, times)
    assert receiver.received == [] and mail.outbox == [], "proposed, not agreed"
    with django_capture_on_commit_callbacks(execute=True):
        kickoff.accept_kickoff(fixture.away.coach, slots[1])
    (body,) = [r.json() for r in receiver.received]
    assert body["event"] == "kickoff_agreed"
    assert body["text"].endswith(f"kicks off {times[1]:%a %d %b %Y}, 20:00 (Europe/Paris).")
    subject = f"[Dugout] Kick-off agreed: {fixture.home.name} v {fixture.away.name}"
    assert _subjects(fixture.home.coach) == [subject] == _subjects(fixture.away.coach)

    with django_capture_on_commit_callbacks(execute=True):
        kickoff.set_kickoff(commissioner, fixture, times[0])
    assert len(receiver.received) == 2
    assert receiver.received[1].json()["text"].endswith(", 18:00 (Europe/Paris).")
    assert _subjects(fixture.home.coach) == [subject, subject]
