"""Words with two meanings in English read right in French: the bracket's "Home" and
"Away" columns are the home and away TEAMS (not the home page), and a news item's
refusal names the match's status as a sentence writes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from leagues import services
from tests.leagues.conftest import START, admitted_season
from tests.leagues.test_playoffs import finish_regular_season

pytestmark = pytest.mark.django_db


def test_the_bracket_names_the_home_and_away_teams_in_french(client, commissioner, league):
    season = admitted_season(commissioner, league, 6)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    services.start_playoffs(commissioner, season)
    client.force_login(commissioner)
    url = reverse("season-bracket", args=[season.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<th scope="col">Domicile</th>' in page
    assert '<th scope="col">Extérieur</th>' in page
    assert "Accueil" not in page.split("<main", 1)[1]
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en-gb").content.decode()
    assert '<th scope="col">Home</th>' in english


def test_the_house_rules_form_and_page_render(client, commissioner, league):
    client.force_login(commissioner)
    form = client.get(reverse("league-house-rules-edit", args=[league.pk])).content.decode()
    assert "Team value floor (gp)" in form and "1st place prize (gp)" in form
    page = client.get(reverse("league-house-rules", args=[league.pk])).content.decode()
    assert "1st 100,000 gp, 2nd 60,000 gp, 3rd 30,000 gp" in page
