"""A coach's match report: one per side, written by that side's coach once the
result is confirmed, editable afterwards; shown on the match, team and league pages."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.urls import reverse

from core import versions
from matches.models import Match
from news import services
from news.errors import NewsError
from news.models import BODY_MAX_CHARS, MatchReport
from tests.factories import TeamFactory
from tests.news.conftest import api_as, page_as


def test_each_coach_writes_his_side_once_and_edits_it(world):
    before = versions.team_version(world.away)
    first = services.write_match_report(world.home_coach, world.match, world.home, body="We won.")
    again = services.write_match_report(
        world.home_coach, world.match, world.home, body="We won, *just*."
    )
    assert again.pk == first.pk
    assert MatchReport.objects.get(team=world.home).body == "We won, *just*."
    services.write_match_report(world.away_coach, world.match, world.away, body="Robbed.")
    assert MatchReport.objects.filter(match=world.match).count() == 2
    # The opponent's page lists both reports: its version moves too.
    assert versions.team_version(world.away) != before


def test_the_database_holds_one_report_per_side(world):
    services.write_match_report(world.home_coach, world.match, world.home, body="One.")
    with pytest.raises(IntegrityError), transaction.atomic():
        MatchReport.objects.create(
            match=world.match, team=world.home, author=world.home_coach, body="Two."
        )


@pytest.mark.parametrize("who", ["away_coach", "commissioner", "outsider"])
def test_only_the_sides_coach_writes_its_report(world, who):
    with pytest.raises(PermissionDenied, match="Only the coach of Reikland Reavers"):
        services.write_match_report(getattr(world, who), world.match, world.home, body="Mine.")
    assert not MatchReport.objects.exists()


def test_a_team_that_did_not_play_is_refused(world):
    elsewhere = TeamFactory(coach=world.home_coach, name="Bench Warmers")
    with pytest.raises(NewsError, match="Bench Warmers did not play this match") as refused:
        services.write_match_report(world.home_coach, world.match, elsewhere, body="Hm.")
    assert refused.value.field == "team"
    assert not MatchReport.objects.exists()


@pytest.mark.parametrize(
    "status", [Match.Status.SCHEDULED, Match.Status.IN_PLAY, Match.Status.CONFIRMING]
)
def test_the_report_waits_for_a_confirmed_result(world, status):
    Match.objects.filter(pk=world.match.pk).update(status=status)
    with pytest.raises(NewsError, match="once the result is confirmed"):
        services.write_match_report(world.home_coach, world.match, world.home, body="Soon.")
    assert not MatchReport.objects.exists()


def test_the_api_writes_lists_and_refuses_with_field_messages(world):
    url = f"/api/v1/matches/{world.match.pk}/match-reports/"
    coach = api_as(world.home_coach)
    made = coach.put(f"{url}{world.home.pk}/", {"body": "**Two** touchdowns."}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["team_name"] == "Reikland Reavers"
    assert "<strong>Two</strong>" in made.json()["body_html"]
    edited = coach.put(f"{url}{world.home.pk}/", {"body": "Three?"}, format="json")
    assert edited.status_code == 200 and edited.json()["id"] == made.json()["id"]
    for body in ({"body": ""}, {"body": "x" * (BODY_MAX_CHARS + 1)}, {"body": 7}, {}):
        refused = coach.put(f"{url}{world.home.pk}/", body, format="json")
        assert refused.status_code == 400, body
        assert "body" in refused.json()["fields"]
    assert MatchReport.objects.get().body == "Three?"
    listed = api_as(None).get(url).json()
    assert [r["team"] for r in listed] == [world.home.pk]


def test_the_api_refuses_another_coach_with_403(world):
    url = f"/api/v1/matches/{world.match.pk}/match-reports/{world.home.pk}/"
    for user in (world.away_coach, world.commissioner):
        refused = api_as(user).put(url, {"body": "Not mine."}, format="json")
        assert (
            refused.status_code == 403 and "coach of Reikland Reavers" in refused.json()["detail"]
        )
    assert not MatchReport.objects.exists()


def test_the_api_refuses_an_unfinished_match_with_400(world):
    Match.objects.filter(pk=world.match.pk).update(status=Match.Status.IN_PLAY)
    url = f"/api/v1/matches/{world.match.pk}/match-reports/{world.home.pk}/"
    refused = api_as(world.home_coach).put(url, {"body": "Soon."}, format="json")
    assert refused.status_code == 400 and "confirmed" in refused.json()["detail"]
    assert not MatchReport.objects.exists()


def test_the_match_page_offers_each_coach_his_own_report(world):
    services.write_match_report(
        world.away_coach, world.match, world.away, body="<script>alert(1)</script> Robbed."
    )
    match_url = reverse("match-detail", args=[world.match.pk])
    home_link = reverse("match-report-write", args=[world.match.pk, world.home.pk])
    away_link = reverse("match-report-write", args=[world.match.pk, world.away.pk])
    page = page_as(world.home_coach).get(match_url).content.decode()
    assert home_link in page and away_link not in page
    assert "Write your report" in page and "Robbed." in page
    assert "<script>alert(1)</script>" not in page
    visitor = page_as(None).get(match_url).content.decode()
    assert home_link not in visitor and "Robbed." in visitor


def test_the_page_saves_the_report_and_shows_errors_beside_the_field(world):
    client = page_as(world.home_coach)
    url = reverse("match-report-write", args=[world.match.pk, world.home.pk])
    refused = client.post(url, {"body": "   "})
    assert refused.status_code == 400 and "it is empty" in refused.content.decode()
    assert not MatchReport.objects.exists()
    saved = client.post(url, {"body": "A *fine* day."})
    assert saved.status_code == 302
    team_page = page_as(None).get(reverse("team-detail", args=[world.away.pk])).content.decode()
    assert "A <em>fine</em> day." in team_page
    league = page_as(None).get(reverse("league-home", args=[world.league.pk])).content.decode()
    assert "Reikland Reavers&#x27;s report" in league or "Reikland Reavers's report" in league
    assert page_as(world.away_coach).get(url).status_code == 403


def test_the_coach_or_the_commissioner_takes_a_report_down(world):
    report = services.write_match_report(world.home_coach, world.match, world.home, body="Oi.")
    for who in ("away_coach", "outsider"):
        with pytest.raises(PermissionDenied, match="or a commissioner of the league"):
            services.remove_match_report(getattr(world, who), report)
    assert MatchReport.objects.exists()
    before = versions.league_version(world.league)
    services.remove_match_report(world.commissioner, report)  # moderating his league
    assert not MatchReport.objects.exists()
    assert versions.league_version(world.league) != before
    again = services.write_match_report(world.home_coach, world.match, world.home, body="Hm.")
    services.remove_match_report(world.home_coach, again)
    assert not MatchReport.objects.exists()


def test_the_api_and_the_page_take_a_report_down(world):
    url = f"/api/v1/matches/{world.match.pk}/match-reports/{world.home.pk}/"
    assert api_as(world.home_coach).delete(url).status_code == 404  # nothing written yet
    services.write_match_report(world.home_coach, world.match, world.home, body="Oi.")
    refused = api_as(world.away_coach).delete(url)
    assert refused.status_code == 403 and MatchReport.objects.exists()
    assert api_as(world.commissioner).delete(url).status_code == 204
    assert not MatchReport.objects.exists()
    services.write_match_report(world.home_coach, world.match, world.home, body="Oi.")
    match_url = reverse("match-detail", args=[world.match.pk])
    remove = reverse("match-report-remove", args=[world.match.pk, world.home.pk])
    assert remove not in page_as(world.away_coach).get(match_url).content.decode()
    assert remove in page_as(world.commissioner).get(match_url).content.decode()
    assert page_as(world.away_coach).post(remove).status_code == 403
    assert page_as(world.home_coach).post(remove).status_code == 302
    assert not MatchReport.objects.exists()


def test_an_id_past_the_databases_integers_is_no_report(world):
    too_big = 2**90
    client = api_as(world.commissioner)
    for url in (
        f"/api/v1/matches/{too_big}/match-reports/{world.home.pk}/",
        f"/api/v1/matches/{world.match.pk}/match-reports/{too_big}/",
    ):
        assert client.delete(url).status_code == 404, url
        assert client.put(url, {"body": "Oi."}, format="json").status_code == 404, url
