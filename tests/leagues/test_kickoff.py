"""Kick-off times: a coach proposes, the other accepts or declines, the proposer
withdraws, a commissioner sets or clears; the API's answers and refusals, the pages,
and the calendar feed showing the agreed time on the league's clock."""

from __future__ import annotations

import datetime
import io
import zoneinfo

import pytest
from django.core.exceptions import PermissionDenied
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from icalendar import Calendar
from rest_framework.test import APIClient

from core import versions
from leagues import services
from leagues.errors import LeagueError
from leagues.models import Fixture, KickoffSlot, League
from leagues.services import kickoff
from teams.models import AuditEntry
from tests.factories import UserFactory
from tests.leagues.conftest import admitted_season

pytestmark = pytest.mark.django_db

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
OPEN = KickoffSlot.Status.OPEN


@pytest.fixture
def fixture(commissioner, league):
    """Round 1 of a season drawn up today, in a league on Paris time: its deadline
    is a week away."""
    league.time_zone = "Europe/Paris"
    league.save(update_fields=["time_zone"])
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(
        commissioner, season, start_date=timezone.localdate(), days_per_round=7
    )
    return Fixture.objects.filter(season=season, round__number=1).order_by("id").first()


def paris(days: int, hour: int, minute: int = 0) -> datetime.datetime:
    """``days`` from today at ``hour``:``minute`` on a Paris clock."""
    day = timezone.localdate() + datetime.timedelta(days=days)
    return datetime.datetime.combine(day, datetime.time(hour, minute), tzinfo=PARIS)


def home_coach(fixture):
    return fixture.home.coach


def away_coach(fixture):
    return fixture.away.coach


def snapshot(fixture):
    fixture.refresh_from_db()
    slots = list(KickoffSlot.objects.filter(fixture=fixture).values_list("starts_at", "status"))
    return fixture.kickoff_at, sorted(slots), AuditEntry.objects.count()


# --- the service's rules --------------------------------------------------------------


def test_a_coach_proposes_the_other_accepts_and_the_rest_are_declined(fixture):
    before = versions.read(leagues=[fixture.season.league_id], teams=[fixture.home_id])
    slots = kickoff.propose_kickoffs(
        home_coach(fixture), fixture, [paris(2, 19), paris(3, 20, 30), paris(4, 18)]
    )
    assert [s.status for s in slots] == [OPEN] * 3
    assert slots[0].proposed_by_team_id == fixture.home_id
    after = versions.read(leagues=[fixture.season.league_id], teams=[fixture.home_id])
    assert after.token != before.token  # cached pages refresh

    kickoff.accept_kickoff(away_coach(fixture), slots[1])
    fixture.refresh_from_db()
    assert fixture.kickoff_at == paris(3, 20, 30)
    statuses = dict(KickoffSlot.objects.values_list("pk", "status"))
    assert statuses == {
        slots[0].pk: "declined",
        slots[1].pk: "accepted",
        slots[2].pk: "declined",
    }
    actions = list(
        AuditEntry.objects.filter(league=fixture.season.league_id)
        .filter(action__endswith="_kickoff")
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["fixture.propose_kickoff", "fixture.accept_kickoff"]
    entry = AuditEntry.objects.get(action="fixture.accept_kickoff")
    local = paris(3, 20, 30)
    assert f"{local:%H:%M}" in entry.message and "Europe/Paris" in entry.message


def test_the_deadline_ends_at_midnight_on_the_leagues_clock(fixture):
    deadline = fixture.round.deadline
    assert kickoff.deadline_end(fixture, fixture.season.league) == datetime.datetime.combine(
        deadline + datetime.timedelta(days=1), datetime.time(), tzinfo=PARIS
    )
    last_evening = datetime.datetime.combine(deadline, datetime.time(23, 30), tzinfo=PARIS)
    # 23:30 in Paris is 22:30 UTC the same day: taken. Midnight in Paris is refused,
    # though it is still the deadline's day in UTC.
    kickoff.propose_kickoffs(home_coach(fixture), fixture, [last_evening])
    midnight = datetime.datetime.combine(
        deadline + datetime.timedelta(days=1), datetime.time(), tzinfo=PARIS
    )
    assert midnight.astimezone(datetime.UTC).date() == deadline
    with pytest.raises(LeagueError, match="after the deadline"):
        kickoff.propose_kickoffs(home_coach(fixture), fixture, [midnight])


def test_the_fixtures_own_deadline_counts_before_its_rounds(fixture, commissioner):
    services.reschedule_fixture(
        commissioner, fixture, deadline=timezone.localdate() + datetime.timedelta(days=2)
    )
    fixture.refresh_from_db()
    with pytest.raises(LeagueError, match="after the deadline"):
        kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(5, 19)])


def test_a_deadline_passed_takes_no_times_until_it_is_moved(fixture, commissioner):
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    Fixture.objects.filter(pk=fixture.pk).update(deadline=yesterday)
    fixture.refresh_from_db()
    with pytest.raises(LeagueError, match="after the deadline"):
        kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    # The deadline acted on it (held for the commissioner), who then moves it later.
    Fixture.objects.filter(pk=fixture.pk).update(deadline_passed_at=timezone.now())
    services.reschedule_fixture(
        commissioner, fixture, deadline=timezone.localdate() + datetime.timedelta(days=5)
    )
    fixture.refresh_from_db()
    assert fixture.deadline_passed_at is not None
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    assert slot.status == OPEN


def test_every_reason_at_once_and_nothing_saved(fixture):
    kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    before = snapshot(fixture)
    past = timezone.now() - datetime.timedelta(hours=1)
    with pytest.raises(LeagueError) as refused:
        kickoff.propose_kickoffs(
            away_coach(fixture), fixture, [past, paris(30, 19), paris(2, 19), paris(3, 19)]
        )
    text = " ".join(refused.value.messages)
    assert "has passed" in text
    assert "after the deadline" in text
    assert "proposed already" in text
    assert snapshot(fixture) == before  # not even the good time was saved


def test_a_time_declined_can_be_proposed_again(fixture):
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    kickoff.decline_kickoff(away_coach(fixture), slot)
    assert KickoffSlot.objects.get(pk=slot.pk).status == "declined"
    (again,) = kickoff.propose_kickoffs(away_coach(fixture), fixture, [paris(2, 19)])
    assert again.pk == slot.pk  # the same row, open again, now the away team's
    assert again.status == OPEN and again.proposed_by_team_id == fixture.away_id
    kickoff.accept_kickoff(home_coach(fixture), again)
    fixture.refresh_from_db()
    assert fixture.kickoff_at == paris(2, 19)


def test_who_may_do_what(fixture, commissioner):
    outsider = UserFactory()
    with pytest.raises(PermissionDenied):
        kickoff.propose_kickoffs(outsider, fixture, [paris(2, 19)])
    with pytest.raises(PermissionDenied):  # a commissioner sets the time instead
        kickoff.propose_kickoffs(commissioner, fixture, [paris(2, 19)])
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    for who in (home_coach(fixture), outsider, commissioner):
        with pytest.raises(PermissionDenied):
            kickoff.accept_kickoff(who, slot)
        with pytest.raises(PermissionDenied):
            kickoff.decline_kickoff(who, slot)
    for who in (away_coach(fixture), outsider, commissioner):
        with pytest.raises(PermissionDenied):
            kickoff.withdraw_kickoff(who, slot)
    with pytest.raises(PermissionDenied):
        kickoff.set_kickoff(home_coach(fixture), fixture, paris(2, 19))
    assert KickoffSlot.objects.get(pk=slot.pk).status == OPEN
    kickoff.withdraw_kickoff(home_coach(fixture), slot)
    assert KickoffSlot.objects.get(pk=slot.pk).status == "withdrawn"
    with pytest.raises(LeagueError, match="withdrawn already"):
        kickoff.accept_kickoff(away_coach(fixture), slot)


def test_an_agreed_kickoff_takes_no_more_proposals(fixture):
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    kickoff.accept_kickoff(away_coach(fixture), slot)
    with pytest.raises(LeagueError, match="agreed already.*commissioner"):
        kickoff.propose_kickoffs(away_coach(fixture), fixture, [paris(3, 19)])


def test_a_commissioner_sets_and_clears_the_kickoff(fixture, commissioner):
    slots = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19), paris(3, 19)])
    kickoff.set_kickoff(commissioner, fixture, paris(3, 19))
    fixture.refresh_from_db()
    assert fixture.kickoff_at == paris(3, 19)
    statuses = dict(KickoffSlot.objects.values_list("pk", "status"))
    assert statuses == {slots[0].pk: "declined", slots[1].pk: "accepted"}
    kickoff.set_kickoff(commissioner, fixture, paris(4, 21))
    fixture.refresh_from_db()
    assert fixture.kickoff_at == paris(4, 21)
    assert not KickoffSlot.objects.filter(status="accepted").exists()
    kickoff.set_kickoff(commissioner, fixture, None)
    fixture.refresh_from_db()
    assert fixture.kickoff_at is None
    with pytest.raises(LeagueError, match="after the deadline"):
        kickoff.set_kickoff(commissioner, fixture, paris(40, 19))
    entry = AuditEntry.objects.filter(action="fixture.set_kickoff").latest("id")
    assert "was" in entry.message and entry.data["after"] is None


def test_a_settled_fixture_takes_no_kickoff(fixture, commissioner):
    services.award_forfeit(commissioner, fixture, kind=services.FORFEIT_UNPLAYED)
    fixture.refresh_from_db()
    with pytest.raises(LeagueError, match="still to play"):
        kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    with pytest.raises(LeagueError, match="still to play"):
        kickoff.set_kickoff(commissioner, fixture, paris(2, 19))


def test_a_time_the_clocks_skip_is_refused(league):
    league.time_zone = "Europe/Paris"
    # 29 March 2026: Paris clocks go from 02:00 to 03:00.
    with pytest.raises(LeagueError, match="does not exist in Europe/Paris"):
        kickoff.from_league_time(datetime.datetime(2026, 3, 29, 2, 30), league)
    assert kickoff.from_league_time(datetime.datetime(2026, 3, 29, 3, 30), league) == (
        datetime.datetime(2026, 3, 29, 1, 30, tzinfo=datetime.UTC)
    )


def test_the_league_time_zone(league, commissioner):
    with pytest.raises(LeagueError, match="not a time zone"):
        kickoff.set_time_zone(commissioner, league, "Mars/Olympus")
    with pytest.raises(PermissionDenied):
        kickoff.set_time_zone(UserFactory(), league, "Europe/Paris")
    kickoff.set_time_zone(commissioner, league, "America/New_York")
    league.refresh_from_db()
    assert league.time_zone == "America/New_York"
    assert AuditEntry.objects.filter(action="league.time_zone", league=league).exists()


# --- the API --------------------------------------------------------------------------


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def slots_url(fixture) -> str:
    return f"/api/v1/leagues/fixtures/{fixture.pk}/kickoff-slots/"


def test_the_api_round_trip(fixture, commissioner):
    times = [paris(2, 19).isoformat(), paris(3, 18, 45).astimezone(datetime.UTC).isoformat()]
    created = api(home_coach(fixture)).post(slots_url(fixture), {"starts_at": times})
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["time_zone"] == "Europe/Paris"
    assert body["kickoff_at"] is None
    # Every time comes back on the league's clock, whatever offset it was sent with.
    assert [s["starts_at"] for s in body["slots"]] == [
        paris(2, 19).isoformat(),
        paris(3, 18, 45).isoformat(),
    ]
    assert body["slots"][0]["proposed_by"] == home_coach(fixture).username
    second = body["slots"][1]["id"]

    accepted = api(away_coach(fixture)).post(f"/api/v1/leagues/kickoff-slots/{second}/accept/")
    assert accepted.status_code == 200, accepted.content
    assert accepted.json()["kickoff_at"] == paris(3, 18, 45).isoformat()
    assert [s["status"] for s in accepted.json()["slots"]] == ["declined", "accepted"]

    read = api().get(slots_url(fixture))
    assert read.status_code == 200 and read.json()["kickoff_at"] == paris(3, 18, 45).isoformat()
    listed = api().get(f"/api/v1/leagues/fixtures/{fixture.pk}/").json()["kickoff_at"]
    assert datetime.datetime.fromisoformat(listed) == paris(3, 18, 45)

    put = api(commissioner).put(
        f"/api/v1/leagues/fixtures/{fixture.pk}/kickoff/", {"kickoff_at": None}, format="json"
    )
    assert put.status_code == 200 and put.json()["kickoff_at"] is None


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"starts_at": ["2026-12-05T19:00:00"]}, "offset from UTC"),
        ({"starts_at": ["next friday"]}, "ISO 8601"),
        ({"starts_at": []}, "starts_at"),
        ({}, "starts_at"),
    ],
)
def test_the_api_refuses_input_of_the_wrong_shape(fixture, body, says):
    before = snapshot(fixture)
    response = api(home_coach(fixture)).post(slots_url(fixture), body, format="json")
    assert response.status_code == 400
    assert says in response.json()["detail"]
    assert snapshot(fixture) == before


def test_the_api_refusals_leave_the_database_unchanged(fixture, commissioner):
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    before = snapshot(fixture)
    late = paris(30, 19).isoformat()
    refused = api(away_coach(fixture)).post(slots_url(fixture), {"starts_at": [late]})
    assert refused.status_code == 400
    assert "after the deadline" in refused.json()["detail"]
    outsider = api(UserFactory()).post(
        slots_url(fixture), {"starts_at": [paris(3, 19).isoformat()]}
    )
    assert outsider.status_code == 403 and outsider.json()["detail"]
    anonymous = api().post(slots_url(fixture), {"starts_at": [paris(3, 19).isoformat()]})
    assert anonymous.status_code in (401, 403)
    own = api(home_coach(fixture)).post(f"/api/v1/leagues/kickoff-slots/{slot.pk}/accept/")
    assert own.status_code == 403
    coach_sets = api(home_coach(fixture)).put(
        f"/api/v1/leagues/fixtures/{fixture.pk}/kickoff/",
        {"kickoff_at": paris(2, 19).isoformat()},
        format="json",
    )
    assert coach_sets.status_code == 403
    zone = api(commissioner).put(
        f"/api/v1/leagues/{fixture.season.league_id}/time-zone/",
        {"time_zone": "Paris"},
        format="json",
    )
    assert zone.status_code == 400 and "not a time zone" in zone.json()["detail"]
    assert snapshot(fixture) == before


# --- the pages and the calendar --------------------------------------------------------


def test_the_fixture_page_proposes_and_accepts_through_htmx(client, fixture):
    page = reverse("fixture-detail", args=[fixture.pk])
    client.force_login(home_coach(fixture))
    assert 'id="kickoff-propose"' in client.get(page).content.decode()
    local = paris(2, 19).strftime("%Y-%m-%dT%H:%M")
    answer = client.post(
        reverse("fixture-kickoff-propose", args=[fixture.pk]),
        {"starts_at_1": local},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200
    fragment = answer.content.decode()
    assert fragment.lstrip().startswith('<section class="card stack" id="kickoff"')
    assert "Time proposed." in fragment
    slot = KickoffSlot.objects.get(fixture=fixture)
    assert slot.starts_at == paris(2, 19)  # typed on the Paris clock

    # A time after the deadline is a form error inside the block, nothing saved.
    refused = client.post(
        reverse("fixture-kickoff-propose", args=[fixture.pk]),
        {"starts_at_1": paris(30, 19).strftime("%Y-%m-%dT%H:%M")},
        HTTP_HX_REQUEST="true",
    )
    assert "after the deadline" in refused.content.decode()
    assert KickoffSlot.objects.filter(fixture=fixture).count() == 1

    client.force_login(away_coach(fixture))
    text = client.get(page).content.decode()
    accept = reverse("kickoff-slot-action", args=[slot.pk, "accept"])
    assert accept in text
    done = client.post(accept)  # without htmx: back to the fixture's page
    assert done.status_code == 302 and done["Location"].endswith("#kickoff")
    shown = client.get(page).content.decode()
    assert "Sat" in shown or "Sun" in shown or ":" in shown
    assert f"{paris(2, 19):%H:%M}" in shown and "(Europe/Paris)" in shown
    fixtures_page = client.get(reverse("season-fixtures", args=[fixture.season_id]))
    assert f"{paris(2, 19):%H:%M}" in fixtures_page.content.decode()


def test_a_refusal_without_htmx_shows_the_block_with_its_reason(client, fixture):
    client.force_login(home_coach(fixture))
    response = client.post(
        reverse("fixture-kickoff-propose", args=[fixture.pk]),
        {"starts_at_1": "2020-01-01T19:00"},
    )
    assert response.status_code == 400
    assert "has passed" in response.content.decode()
    assert "<h1>Kick-off:" in response.content.decode()


def test_the_calendar_shows_the_kickoff_on_the_leagues_clock(client, fixture):
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(3, 19, 30)])
    kickoff.accept_kickoff(away_coach(fixture), slot)
    response = client.get(reverse("league-calendar", args=[fixture.season.league_id]))
    assert response.status_code == 200
    assert b"DTSTART;TZID=Europe/Paris:" in response.content
    calendar = Calendar.from_ical(response.content)
    assert [str(z["TZID"]) for z in calendar.walk("VTIMEZONE")] == ["Europe/Paris"]
    events = {str(e["UID"]): e for e in calendar.walk("VEVENT")}
    event = events.pop(f"dugout-fixture-{fixture.pk}@testserver")
    assert event.start == paris(3, 19, 30)
    assert str(event.start.tzinfo) == "Europe/Paris"
    assert event.end - event.start == datetime.timedelta(hours=2)
    assert "Kick-off" in str(event["DESCRIPTION"])
    # The fixtures without a kick-off stay all-day events on their deadline.
    assert events and all(type(e.start) is datetime.date for e in events.values())
    team_feed = client.get(reverse("team-calendar", args=[fixture.away_id]))
    assert b"DTSTART;TZID=Europe/Paris:" in team_feed.content


def test_a_utc_league_feed_writes_utc_times(client, fixture, commissioner):
    kickoff.set_time_zone(commissioner, fixture.season.league, "UTC")
    fixture.refresh_from_db()
    kickoff.set_kickoff(commissioner, fixture, paris(2, 19))
    response = client.get(reverse("league-calendar", args=[fixture.season.league_id]))
    event = next(
        e
        for e in Calendar.from_ical(response.content).walk("VEVENT")
        if str(e["UID"]).startswith(f"dugout-fixture-{fixture.pk}@")
    )
    assert event.start == paris(2, 19)
    assert event.start.utcoffset() == datetime.timedelta(0)


def test_the_coaches_dashboards_show_the_kickoff(client, fixture):
    (slot,) = kickoff.propose_kickoffs(home_coach(fixture), fixture, [paris(2, 19)])
    kickoff.accept_kickoff(away_coach(fixture), slot)
    for coach in (home_coach(fixture), away_coach(fixture)):
        client.force_login(coach)
        text = client.get(reverse("home")).content.decode()
        assert f"Kick-off {kickoff.when(paris(2, 19), fixture.season.league)}" in text


def test_a_commissioner_sets_the_league_time_zone_on_a_page(client, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league-time-zone", args=[league.pk])
    assert url in client.get(reverse("league-home", args=[league.pk])).content.decode()
    assert client.get(url).status_code == 200
    assert client.post(url, {"time_zone": "Asia/Tokyo"}).status_code == 302
    league.refresh_from_db()
    assert league.time_zone == "Asia/Tokyo"
    client.force_login(UserFactory())
    assert client.post(url, {"time_zone": "UTC"}).status_code == 403


def test_a_league_is_created_with_its_time_zone(client, commissioner):
    client.force_login(commissioner)
    form = {
        "name": "Lustria League",
        "ruleset": "bb2020",
        "points_for_win": 3,
        "points_for_draw": 1,
        "points_for_loss": 0,
        "time_zone": "America/Sao_Paulo",
    }
    assert client.post(reverse("league-create"), form).status_code == 302
    assert League.objects.get(name="Lustria League").time_zone == "America/Sao_Paulo"
    refused = client.post(reverse("league-create"), form | {"name": "X", "time_zone": "Lustria"})
    assert refused.status_code == 200 and "Lustria is not one of the available choices" in (
        refused.content.decode()
    )
    created = api(commissioner).post(
        "/api/v1/leagues/", {"name": "Naggaroth League", "time_zone": "Asia/Tokyo"}
    )
    assert created.status_code == 201 and created.json()["time_zone"] == "Asia/Tokyo"
    bad = api(commissioner).post("/api/v1/leagues/", {"name": "Y", "time_zone": "Tokyo"})
    assert bad.status_code == 400 and "not a time zone" in bad.json()["detail"]
    assert not League.objects.filter(name="Y").exists()


def test_the_demo_has_times_proposed_and_one_agreed():
    call_command("load_demo", stdout=io.StringIO())
    league = League.objects.get(name="Old World Cup")
    assert league.time_zone == "Europe/London"
    slots = KickoffSlot.objects.filter(fixture__season__league=league)
    waiting = {s.fixture_id for s in slots if s.status == OPEN}
    assert len(waiting) == 1 and slots.filter(fixture_id__in=waiting).count() == 2
    agreed = Fixture.objects.get(season__league=league, kickoff_at__isnull=False)
    assert slots.get(fixture=agreed, status="accepted").starts_at == agreed.kickoff_at
    before = list(slots.values_list("pk", "status"))
    call_command("load_demo", stdout=io.StringIO())
    assert list(slots.values_list("pk", "status")) == before
