"""A friendly between two BB2025 teams, played through the API (bb2025-league-facts.md
section 7, "Friendlies"): no SPP, no winnings, every casualty counted as Badly Hurt,
a player due to miss the next game still misses it afterwards, and the standings do
not move. A BB2020 friendly keeps its own rules (no MVP; the rest as a league game)."""

from __future__ import annotations

from typing import Any

import pytest

from leagues.models import Fixture, Season, TeamEntry
from leagues.selectors import division_standings
from matches import services
from teams.models import Player, Team, TreasuryEntry
from teams.services import draft_team, record_injury
from tests.factories import UserFactory
from tests.factories import minimal_draft as bb2020_draft
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.matches.bb2025 import MATCHES, finish_post_game, kick_off_by_api, played
from tests.matches.factories import Setup
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db


def friendly_match(ruleset: str = "bb2025") -> tuple[Setup, Any, Player]:
    """Two teams of a ``ruleset`` league's division, a friendly fixture between them
    opened; the away team's last player is due to miss the next game. The set-up, the
    division and that player."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    season = SeasonFactory(league=league, status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    coaches = UserFactory(), UserFactory()
    teams = []
    for coach, slug in zip(coaches, ("orc", "human"), strict=True):
        draft = minimal_draft(slug) if ruleset == "bb2025" else {"players": bb2020_draft(slug)}
        team = draft_team(
            coach, name=f"{slug.title()} {coach.pk}", ruleset_key=ruleset, roster_slug=slug, **draft
        )
        TeamEntry.objects.create(season=season, division=division, team=team)
        teams.append(team)
    out = teams[1].players.order_by("number").last()
    record_injury(coaches[1], out, "miss_next_game", source="before the friendly")
    fixture = FixtureFactory(
        division=None, season=season, kind=Fixture.Kind.FRIENDLY, home=teams[0], away=teams[1]
    )
    match = services.open_match(commissioner, fixture)
    return Setup(match, fixture, season, *teams, *coaches, commissioner), division, out


def play_friendly(setup: Setup, capture: Any) -> dict[str, Any]:
    """Home scores twice and hurts two away players (a Serious Injury and a death);
    the report and the post-game through the API. The post-game as the API shows it,
    with each side's Treasury at kick-off (``"kick_off_treasury"``)."""
    coaches = kick_off_by_api(setup)
    at_kick_off = {
        side: Team.objects.get(pk=team.pk).treasury
        for side, team in (("home", setup.home), ("away", setup.away))
    }
    home, away = played(setup, "home"), played(setup, "away")
    url = f"{MATCHES}/{setup.match.pk}"
    events = [
        {"kind": "touchdown", "player": home[0].pk},
        {"kind": "touchdown", "player": home[0].pk},
        {"kind": "casualty", "player": home[1].pk, "victim": away[0].pk},
        {"kind": "injury", "player": away[0].pk, "injury": "serious_injury"},
        {"kind": "casualty", "player": home[1].pk, "victim": away[1].pk},
        {"kind": "injury", "player": away[1].pk, "injury": "dead"},
    ]
    for body in events:
        response = coaches["away"].post(f"{url}/events/", body, format="json")
        assert response.status_code == 201, response.json()
    with capture(execute=True):
        response = coaches["home"].post(
            f"{url}/report/", {"home_touchdowns": 2, "away_touchdowns": 0}, format="json"
        )
        assert response.status_code == 201, response.json()
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    post_game = finish_post_game(setup, coaches, capture)
    assert post_game["complete"] and post_game["applied"], post_game["pending"]
    return {**post_game, "kick_off_treasury": at_kick_off}


def step(post_game: dict[str, Any], name: str) -> dict[str, Any]:
    outcome: dict[str, Any] = next(s for s in post_game["steps"] if s["step"] == name)["outcome"]
    return outcome


def standings(division: Any) -> list[tuple[int, int, int]]:
    return [(row.team_id, row.played, row.points) for row in division_standings(division)]


def test_a_bb2025_friendly_changes_nothing_a_league_counts(django_capture_on_commit_callbacks):
    s, division, out = friendly_match()
    table_before = standings(division)
    post_game = play_friendly(s, django_capture_on_commit_callbacks)
    away = played(s, "away")

    # No SPP of any kind: not the touchdowns, not the casualties, no MVP.
    for player in Player.objects.filter(team__in=[s.home, s.away]):
        assert player.spp_earned == 0, player
    for side in ("home", "away"):
        assert step(post_game, "player_advancement")[side]["mvp"]["player_id"] is None

    # No winnings: nothing paid into either Treasury; only Expensive Mistakes took any.
    assert not TreasuryEntry.objects.filter(
        team__in=[s.home, s.away], reason=TreasuryEntry.Reason.WINNINGS
    ).exists()
    mistakes = step(post_game, "expensive_mistakes")
    for side, team in (("home", s.home), ("away", s.away)):
        assert step(post_game, "outcome_and_winnings")[side]["winnings"] == 0
        lost = mistakes[side]["gold_lost"]
        assert Team.objects.get(pk=team.pk).treasury == post_game["kick_off_treasury"][side] - lost

    # Every casualty counts as Badly Hurt: no Niggling Injury, no MNG, nobody dead.
    for victim in (away[0], away[1]):
        victim = Player.objects.get(pk=victim.pk)
        assert victim.status == Player.Status.ACTIVE
        assert (victim.niggling_injuries, victim.miss_next_game) == (0, False)

    # The player due to miss the next game still misses it.
    assert Player.objects.get(pk=out.pk).miss_next_game is True

    # No league points: the table is as it was.
    assert standings(division) == table_before


def test_a_bb2020_friendly_stays_as_it_was(django_capture_on_commit_callbacks):
    """BB2020 (facts section 5: friendlies give no league points, no MVP): SPP, winnings
    and injuries apply, and the player who sat it out is back."""
    s, division, out = friendly_match("bb2020")
    table_before = standings(division)
    play_friendly(s, django_capture_on_commit_callbacks)
    home, away = played(s, "home"), played(s, "away")
    assert Player.objects.get(pk=home[0].pk).spp_earned == 6  # two touchdowns
    assert TreasuryEntry.objects.filter(team=s.home, reason=TreasuryEntry.Reason.WINNINGS).exists()
    assert Player.objects.get(pk=away[1].pk).status == Player.Status.DEAD
    assert Player.objects.get(pk=out.pk).miss_next_game is False
    assert standings(division) == table_before
