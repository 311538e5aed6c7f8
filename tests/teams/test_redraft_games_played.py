"""The re-draft budget pays for games played, as each edition's re-draft text counts
them.

- BB2020 (shared/rules/bb2020-league-facts.md section 5, "Re-draft between seasons":
  "20,000 per game played + 20,000 per league win"): a fixture conceded for real-life
  reasons ("the opponent wins 1-0, gains D6 x 10,000 and two MVPs") had no game played,
  so it counts for neither team, nor as the opponent's league win for the budget (its
  wins are wins of games played); the page and the API say how many were left out.
- BB2025 (bb2025-league-facts.md section 11 "Raise Funds": "20,000 per league fixture
  played"; section 13.5: "a 2-0 concession counts as played for both and won by one;
  a loss-for-both unplayed fixture counts as not played"): the same concession counts.
- A fixture left unplayed, a loss for both, is never a game played; a match conceded at
  a set-up was played (journeymen bring a team to 11 for its first drive, so a team
  can only be short of players at a later set-up).
"""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from leagues import services
from leagues.models import Fixture, Season
from leagues.services.team_redraft import season_record
from matches import services as match_services
from rules_engine.dice import SeededDice
from teams.models import Redraft, Team
from teams.services import draft_team
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory, SeasonFactory
from tests.leagues.test_rollover import play_all, season_of
from tests.matches.factories import confirm, kick_off, league_match
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db


def teams_of(ruleset: str) -> list[Team]:
    if ruleset == "bb2020":
        return [drafted_team(name=f"{c} Team", players={"human-lineman": 11}) for c in "ABCD"]
    return [
        draft_team(
            UserFactory(),
            name=f"{c} Orcs",
            ruleset_key="bb2025",
            roster_slug="orc",
            **minimal_draft("orc"),
        )
        for c in "ABCD"
    ]


def season_with_forfeits(ruleset: str) -> tuple[Season, Team, Team, Team]:
    """A single round robin of four teams: A v B conceded by B for real-life reasons,
    C v D left unplayed (a loss for both), every other fixture played (the team first
    by name wins); closed without play-offs, the next season open. (season, A, B, C)."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    teams = teams_of(ruleset)
    season = season_of(commissioner, league, teams, format="single")
    a, b, c, d = teams
    pairs = {
        frozenset((a.pk, b.pk)): ("concession", b),
        frozenset((c.pk, d.pk)): ("unplayed", None),
    }
    for fixture in season.fixtures.filter(kind=Fixture.Kind.LEAGUE):
        kind, conceded_by = pairs.get(frozenset((fixture.home_id, fixture.away_id)), (None, None))
        if kind is not None:
            services.award_forfeit(
                commissioner, fixture, kind=kind, conceded_by=conceded_by, dice=SeededDice(3)
            )
    play_all(season, commissioner)
    services.roll_over_season(commissioner, season, without_playoffs=True)
    season.refresh_from_db()
    return season, a, b, c


def budget_of(team: Team) -> dict[str, Any]:
    api = APIClient()
    api.force_authenticate(team.coach)
    response = api.get(f"/api/v1/teams/{team.pk}/redraft/")
    assert response.status_code == 200, response.json()
    return response.json()["budget"]


def counts(budget: dict[str, Any]) -> tuple[int, int, int, int]:
    return (
        budget["games_played"],
        budget["league_wins"],
        budget["league_draws"],
        budget["conceded_not_counted"],
    )


def test_a_bb2020_real_life_concession_is_no_game_played_for_either_team(client):
    season, a, b, c = season_with_forfeits("bb2020")
    # A: won B's concession and beat C and D; B: conceded to A, beat C and D; C: lost
    # to A and B, left unplayed against D. The concession counts for neither A nor B.
    assert counts(budget_of(a)) == (2, 2, 0, 1)
    assert counts(budget_of(b)) == (2, 2, 0, 1)
    assert counts(budget_of(c)) == (2, 0, 0, 0)
    budget = budget_of(a)
    assert budget["for_games"] == 2 * 20_000 and budget["for_wins"] == 2 * 20_000

    client.force_login(a.coach)
    page = client.get(f"/teams/{a.pk}/redraft/").content.decode()
    assert "2 games played (not counted: 1 fixture conceded without a game)" in page

    api = APIClient()
    api.force_authenticate(a.coach)
    rehire = [{"player": p.pk} for p in a.players.filter(status="active")]
    response = api.post(f"/api/v1/teams/{a.pk}/redraft/", {"rehire": rehire}, format="json")
    assert response.status_code == 200, response.json()
    assert counts(response.json()["budget_parts"]) == (2, 2, 0, 1)
    stored = Redraft.objects.get(team=a)
    assert (stored.games_played, stored.league_wins, stored.league_draws) == (2, 2, 0)


def test_a_bb2025_real_life_concession_counts_as_played_for_both_and_won_by_one():
    season, a, b, c = season_with_forfeits("bb2025")
    assert counts(budget_of(a)) == (3, 3, 0, 0)
    assert counts(budget_of(b)) == (3, 2, 0, 0)
    # The loss for both is not a fixture played (section 13.5).
    assert counts(budget_of(c)) == (2, 0, 0, 0)


@pytest.mark.usefixtures("eager_celery")
def test_a_match_conceded_at_a_set_up_is_a_game_played(django_capture_on_commit_callbacks):
    s = league_match()
    kick_off(s)
    with django_capture_on_commit_callbacks(execute=True):
        match_services.submit_report(
            s.home_coach,
            s.match,
            home_touchdowns=0,
            away_touchdowns=0,
            conceded_by="away",
            conceded_at_setup_players=3,
        )
        confirm(s.match)
    s.fixture.refresh_from_db()
    assert s.fixture.status == Fixture.Status.PLAYED and s.fixture.conceded_by_id == s.away.pk
    following = SeasonFactory(league=s.season.league, number=s.season.number + 1)
    for team, wins in ((s.home, 1), (s.away, 0)):
        record = season_record(team, s.season, following)
        assert (record.games_played, record.league_wins, record.conceded_not_counted) == (
            1,
            wins,
            0,
        )
