"""The home page once signed in: the coach's open matches (with what each waits
for), his teams, his leagues' latest results and standings, and for a commissioner
what needs his decision. Its query count does not grow with the coach's leagues."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from leagues.models import Season, TeamEntry
from matches.models import Match, Report
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import (
    DivisionFactory,
    FixtureFactory,
    LeagueFactory,
    SeasonFactory,
    played,
)
from tests.matches.factories import league_match

pytestmark = pytest.mark.django_db


def home(client, user) -> str:
    client.force_login(user)
    response = client.get(reverse("home"))
    assert response.status_code == 200
    return response.content.decode()


def test_an_anonymous_visitor_sees_the_welcome_and_a_log_in(client):
    html = client.get(reverse("home")).content.decode()
    assert "Run your Blood Bowl league" in html
    assert reverse("login") in html
    assert "My open matches" not in html


def test_a_coach_sees_every_open_match_with_what_it_waits_for(client):
    setup = league_match()  # opened: the match waits for its pre-game
    other = FixtureFactory(
        division=setup.fixture.division,
        home=setup.away,
        away=setup.home,
        deadline=datetime.date(2031, 5, 1),
    )
    html = home(client, setup.home_coach)
    assert "My open matches" in html
    assert "Waiting for the pre-game to start." in html
    assert reverse("match-detail", args=[setup.match.pk]) in html
    # The return fixture, not opened yet, is listed too, with its deadline.
    assert "Waiting for someone to open it." in html
    assert reverse("fixture-detail", args=[other.pk]) in html
    assert "deadline 01 May 2031" in html
    # Both teams link to their pages.
    assert reverse("team-detail", args=[setup.away.pk]) in html


def test_a_played_match_leaves_the_open_list_and_shows_in_the_results(client):
    coach = UserFactory()
    league = LeagueFactory(name="Old World Cup")
    division = DivisionFactory(season=SeasonFactory(league=league))
    mine = drafted_team(coach, roster_slug="human", name="Altdorf Oldtimers")
    theirs = drafted_team(UserFactory(), roster_slug="orc", name="Gouged Eye")
    for team in (mine, theirs):
        TeamEntry.objects.create(season=division.season, division=division, team=team)
    played(mine, theirs, (2, 1), division=division)
    html = home(client, coach)
    assert "None of your teams has a match to play." in html
    assert "Old World Cup" in html and "Latest results" in html
    assert "2–1" in html
    # The standings' top: the winner first, with his 3 points.
    top = html.split("Top of the standings")[1]
    assert top.index("Altdorf Oldtimers") < top.index("Gouged Eye")
    assert '<td class="num">3</td>' in top


def test_where_the_table_ranks_by_wins_its_top_shows_wins(client):
    coach = UserFactory()
    league = LeagueFactory(name="Blitz Cup")
    division = DivisionFactory(season=SeasonFactory(league=league))
    mine = drafted_team(coach, roster_slug="human", name="Altdorf Oldtimers")
    theirs = drafted_team(UserFactory(), roster_slug="orc", name="Gouged Eye")
    for team in (mine, theirs):
        TeamEntry.objects.create(season=division.season, division=division, team=team)
    played(mine, theirs, (2, 1), division=division)
    top = home(client, coach).split("Top of the standings")[1].split("</table>")[0]
    assert "Pts" in top and '<td class="num">3</td>' in top
    # Blitz Bowl ranks its table by wins: the column is the wins, 1 for the winner.
    league.ruleset = "blitz_bowl"
    league.save(update_fields=["ruleset"])
    Season.objects.filter(pk=division.season_id).update(ruleset="")
    top = home(client, coach).split("Top of the standings")[1].split("</table>")[0]
    assert '<abbr title="Wins">W</abbr>' in top and "Pts" not in top
    assert top.index("Altdorf Oldtimers") < top.index("Gouged Eye")
    assert '<td class="num">1</td></tr>' in top and '<td class="num">3</td>' not in top


def test_the_team_list_shows_each_team_with_its_edition_and_treasury(client):
    coach = UserFactory()
    team = drafted_team(coach, roster_slug="human", name="Middenheim Marauders")
    html = home(client, coach)
    assert "Middenheim Marauders" in html and "Blood Bowl 2020" in html
    assert reverse("team-detail", args=[team.pk]) in html


def test_a_commissioner_sees_the_decisions_waiting_for_him(client):
    setup = league_match()
    # A team waits for a division in a season still signing up.
    sign_up = SeasonFactory(league=setup.season.league, status=Season.Status.SIGN_UP)
    waiting = drafted_team(UserFactory(), roster_slug="orc", name="Waiting Warband")
    TeamEntry.objects.create(season=sign_up, team=waiting)
    # A post-game whose hiring deadline has passed.
    Match.objects.filter(pk=setup.match.pk).update(status=Match.Status.REPORT_SUBMITTED)
    Report.objects.create(
        match=setup.match,
        submitted_by=setup.home_coach,
        home_touchdowns=1,
        away_touchdowns=0,
        hiring_deadline=timezone.now() - datetime.timedelta(days=1),
    )
    html = home(client, setup.commissioner)
    assert "Needs your decision" in html
    assert "Waiting Warband waits to be admitted to a division." in html
    assert "the hiring deadline has passed" in html
    # A coach who runs nothing sees no such section.
    assert "Needs your decision" not in home(client, setup.away_coach)


def test_a_coach_reads_his_teams_first_then_his_matches_under_each_league(client):
    coach = UserFactory()
    mine = drafted_team(coach, roster_slug="human", name="Altdorf Oldtimers")
    rival = drafted_team(UserFactory(), roster_slug="orc", name="Gouged Eye")
    leagues = []
    for name, deadline in (("Sooner League", 1), ("Later League", 20)):
        league = LeagueFactory(name=name)
        division = DivisionFactory(season=SeasonFactory(league=league))
        for n in range(2):
            FixtureFactory(
                division=division,
                home=mine,
                away=rival,
                deadline=datetime.date(2031, 5, deadline + n),
            )
        leagues.append(league)
    html = home(client, coach)
    teams, matches = html.index("My teams"), html.index("My open matches")
    assert teams < html.index("Altdorf Oldtimers") < matches, "his teams come first"
    sooner, later = (
        html.index(f'<h3><a href="{reverse("league-home", args=[league.pk])}">{league.name}</a>')
        for league in leagues
    )
    assert matches < sooner < later, "a heading per league, the one due first first"
    # Each league's fixtures sit under its own heading, said once.
    assert html[sooner:later].count("deadline 0") == 2
    assert html[later:].count("deadline 2") == 2
    assert html.count("Sooner League") == 1


def test_a_commissioner_reads_what_a_new_season_still_waits_for(client):
    commissioner = UserFactory()
    league = LeagueFactory(name="Old World Cup", commissioners=[commissioner])
    first = SeasonFactory(league=league, number=1, status=Season.Status.FINISHED)
    division = DivisionFactory(season=first)
    coaches = [UserFactory(username=name) for name in ("marta", "olaf")]
    teams = [
        drafted_team(coaches[0], roster_slug="human", name="Altdorf Oldtimers"),
        drafted_team(coaches[1], roster_slug="orc", name="Gouged Eye"),
    ]
    for team in teams:
        TeamEntry.objects.create(season=first, division=division, team=team)
    second = SeasonFactory(league=league, number=2, status=Season.Status.SIGN_UP)
    html = home(client, commissioner)
    assert "Needs your decision" in html
    assert (
        "Season 2: 0 of 2 teams re-drafted. Not re-drafted yet: Altdorf Oldtimers (marta), "
        "Gouged Eye (olaf)."
    ) in html
    assert reverse("season-manage", args=[second.pk]) in html
    # One team back: the line counts it and names only the other.
    TeamEntry.objects.create(season=second, team=teams[0])
    html = home(client, commissioner)
    assert (
        "Season 2: 1 of 2 teams re-drafted. 1 entered waits to be admitted to a division. "
        "Not re-drafted yet: Gouged Eye (olaf)."
    ) in html
    # The coaches of the league see no such line.
    assert "re-drafted" not in home(client, coaches[1])


def _coach_in_leagues(count: int):
    coach = UserFactory()
    for n in range(count):
        setup_league = LeagueFactory()
        division = DivisionFactory(season=SeasonFactory(league=setup_league))
        mine = drafted_team(coach, roster_slug="human", name=f"Mine {coach.pk}-{n}")
        theirs = drafted_team(UserFactory(), roster_slug="human", name=f"Theirs {coach.pk}-{n}")
        for team in (mine, theirs):
            TeamEntry.objects.create(season=division.season, division=division, team=team)
        played(mine, theirs, (1, 0), division=division)
        FixtureFactory(division=division, home=theirs, away=mine)
    return coach


@pytest.mark.parametrize("leagues", [1, 4])
def test_the_dashboard_costs_a_bounded_number_of_queries(
    client, django_assert_max_num_queries, leagues
):
    coach = _coach_in_leagues(leagues)
    client.force_login(coach)
    # Per league shown: its results and its standings (one or two statements each).
    with django_assert_max_num_queries(14 + 3 * leagues):
        assert client.get(reverse("home")).status_code == 200
