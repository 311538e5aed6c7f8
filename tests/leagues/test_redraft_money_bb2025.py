"""The re-draft budget counts the games a team played as its edition says: BB2025's
"20,000 per League Fixture played" leaves the play-offs out (shared/rules/
bb2025-league-facts.md section 11 "Raise Funds" and section 13.5); BB2020's "per game
played" counts them (bb2020-league-facts.md section 5)."""

from __future__ import annotations

import pytest

from leagues import services
from leagues.models import Fixture, Season
from leagues.services.team_redraft import season_record
from teams.services import draft_team
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory
from tests.leagues.test_rollover import play_all, season_of
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db


def bb2025_teams() -> list:
    teams = []
    for letter in "ABCD":
        coach = UserFactory()
        teams.append(
            draft_team(
                coach,
                name=f"{letter} Orcs",
                ruleset_key="bb2025",
                roster_slug="orc",
                **minimal_draft("orc"),
            )
        )
    return teams


def test_a_bb2025_team_is_paid_for_league_fixtures_only_not_play_offs():
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset="bb2025")
    teams = bb2025_teams()
    season = season_of(commissioner, league, teams)
    assert season.format == "single"  # each pair once (section 10)
    play_all(season, commissioner)
    services.start_playoffs(commissioner, season)
    play_all(season, commissioner, Fixture.Kind.PLAYOFF)  # semi-finals
    play_all(season, commissioner, Fixture.Kind.PLAYOFF)  # final and third place
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    following = services.roll_over_season(commissioner, season).opened

    champion = next(t for t in teams if t.name == "A Orcs")
    record = season_record(champion, season, following)
    # Three League Fixtures won; the semi-final and the final are not League Fixtures.
    assert (record.games_played, record.league_wins, record.league_draws) == (3, 3, 0)
