"""A BB2025 league match for the matches tests: two teams drafted through the services
under the league's edition, played through the API."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from leagues.models import Season, TeamEntry
from matches import selectors, services
from matches.models import Match
from rules_engine.dice import KeyedDice
from teams.services import draft_team
from tests.factories import UserFactory
from tests.factories import minimal_draft as bb2020_draft
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.matches.factories import Setup
from tests.test_bb2025_league import minimal_draft, pre_game_answer

MATCHES = "/api/v1/matches"


def edition_match(
    ruleset: str, home_roster: str, away_roster: str, home_players: dict | None = None
) -> Setup:
    """A regular-season fixture of a ``ruleset`` league, its match opened; the home
    team drafts ``home_players`` (position slug: count; its first names the captain
    where the roster has one) or the least it may."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    season = SeasonFactory(league=league, status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    coaches = UserFactory(), UserFactory()
    teams = []
    for coach, slug in zip(coaches, (home_roster, away_roster), strict=True):
        draft = minimal_draft(slug) if ruleset == "bb2025" else {"players": bb2020_draft(slug)}
        if home_players and not teams:
            draft["players"] = home_players
            if draft.get("team_captain"):
                draft["team_captain"] = next(iter(home_players))
        teams.append(
            draft_team(
                coach,
                name=f"{slug.title()} {coach.pk}",
                ruleset_key=ruleset,
                roster_slug=slug,
                **draft,
            )
        )
    for team in teams:
        TeamEntry.objects.create(season=season, division=division, team=team)
    fixture = FixtureFactory(division=division, home=teams[0], away=teams[1])
    match = services.open_match(commissioner, fixture)
    return Setup(match, fixture, season, *teams, *coaches, commissioner)


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def kick_off_by_api(setup: Setup) -> dict[str, APIClient]:
    """The pre-game through the API, each choice answered by its coach; kicked off."""
    coaches = {"home": client_for(setup.home_coach), "away": client_for(setup.away_coach)}
    url = f"{MATCHES}/{setup.match.pk}"
    state = coaches["away"].post(f"{url}/start-pre-game/").json()
    for _ in range(12):
        if not state["pending"]:
            break
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": pre_game_answer(choice)}
        state = coaches[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json")
        state = state.json()
    assert coaches["home"].post(f"{url}/start/").json()["status"] == "in_play"
    setup.match.refresh_from_db()
    return coaches


def played(setup: Setup, side: str) -> list[Any]:
    return list(selectors.players_who_played(Match.objects.get(pk=setup.match.pk), side))


def finish_post_game(setup: Setup, coaches: dict[str, APIClient], capture: Any) -> dict:
    """Every pending post-game choice answered (MVP nominees, step 4 hiring nobody)."""
    url = f"{MATCHES}/{setup.match.pk}"
    post_game = coaches["home"].get(f"{url}/post-game/").json()
    for _ in range(8):
        if not post_game["pending"]:
            break
        side = post_game["pending"][0]["side"]
        body: dict[str, Any] = {"side": side}
        for c in post_game["pending"]:
            if c["side"] == side and c["kind"] == "mvp_nominees":
                body["mvp_nominees"] = c["options"]["players"][: c["options"]["nominees"]]
        with capture(execute=True):
            response = coaches[side].post(f"{url}/post-game-choices/", body, format="json")
        assert response.status_code == 200, response.json()
        post_game = response.json()
    return coaches["home"].get(f"{url}/post-game/").json()


def hatred_dice(monkeypatch: Any, result: int) -> None:
    """The post-game's dice, seeded as ever, with every Hatred roll scripted to ``result``."""

    class Scripted(KeyedDice):
        def _draw(self, die: str, purpose: str) -> Any:
            if purpose.startswith("Hatred"):
                return result
            return super()._draw(die, purpose)

    monkeypatch.setattr("matches.services.dice.KeyedDice", Scripted)
