"""A league's house rules end to end: the commissioner sets them (service, API, audit
trail), bad input is refused by field and changes nothing, and each applies where the
league plays: the pre-game from the next match on (never to a match already begun),
the prizes, the re-draft budget, a team's entry into a season and firing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from rest_framework.test import APIClient

from leagues.errors import LeagueError
from leagues.models import Season
from leagues.models_house_rules import HouseRules as HouseRulesRow
from leagues.services import enter_team
from leagues.services.bracket import playoff_prizes
from leagues.services.house_rules import house_rules_of, set_house_rules
from rules_engine.house_rules import FRESH_BUDGET, HouseRules
from teams.errors import TeamError
from teams.models import AuditEntry, Player, PlayerStatus
from teams.services import draft_team, fire_player
from teams.services.redraft_season import SeasonRecord, budget_of
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory, SeasonFactory, TeamEntryFactory
from tests.matches.bb2025 import client_for, edition_match
from tests.matches.test_mercenaries import finish_pre_game, to_home_inducements
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db

# Home: 2 Blitzers + 9 Linemen (620,000), 380,000 in the Treasury, the higher CTV: it
# buys first with its Treasury, enough for Griff Oberwald (280,000).
HOME = {"human-blitzer": 2, "human-lineman": 9}
GRIFF = {"star_players": ["griff-oberwald"]}


def bb2025_league() -> Any:
    commissioner = UserFactory()
    return LeagueFactory(commissioners=[commissioner], ruleset="bb2025"), commissioner


def house_url(league: Any) -> str:
    return f"/api/v1/leagues/{league.pk}/house-rules/"


# --- the service ------------------------------------------------------------------------


def test_a_league_without_house_rules_plays_the_edition() -> None:
    league, _ = bb2025_league()
    assert house_rules_of(league) == HouseRules()


def test_the_commissioner_sets_house_rules_and_the_audit_trail_says_what_changed() -> None:
    league, commissioner = bb2025_league()
    rules = set_house_rules(
        commissioner,
        league,
        banned_stars=["griff-oberwald"],
        prize_amounts={"1": 150_000},
        redraft_budget_cap=1_200_000,
    )
    assert rules.banned_stars == frozenset({"griff-oberwald"})
    assert house_rules_of(league) == rules
    league.refresh_from_db()
    assert league.redraft_budget_cap == 1_200_000
    entry = AuditEntry.objects.get(league=league, action="league.house_rules")
    assert "Banned star players: None -> Griff Oberwald" in entry.message
    assert "Play-off prizes:" in entry.message and "1st 150,000 gp" in entry.message
    changed = {change["field"]: change for change in entry.data["changes"]}
    assert changed["banned_stars"]["from"] == [] and changed["banned_stars"]["to"] == [
        "griff-oberwald"
    ]
    assert changed["redraft_budget_cap"] == {
        "field": "redraft_budget_cap",
        "from": None,
        "to": 1_200_000,
    }


def test_only_a_commissioner_sets_house_rules() -> None:
    league, _ = bb2025_league()
    with pytest.raises(PermissionDenied):
        set_house_rules(UserFactory(), league, ban_mega_stars=True)
    assert not HouseRulesRow.objects.filter(league=league).exists()


@pytest.mark.parametrize(
    ("choices", "field", "words"),
    [
        ({"banned_stars": ["griff-oberwald", "nobody"]}, "banned_stars", "no star player 'nobody'"),
        (
            {"team_value_floor": 1_500_000, "team_value_ceiling": 1_000_000},
            "team_value_floor",
            "above the ceiling",
        ),
        ({"prize_amounts": {"1": -10}}, "prize_amounts", "cannot be negative"),
        ({"prize_amounts": {"4": 10_000}}, "prize_amounts", "no prize for place 4"),
        ({"redraft_budget_cap": 900_000}, "redraft_budget_cap", "below the 1,000,000 gp"),
        ({"redraft_formula": "whatever"}, "redraft_formula", "not a re-draft formula"),
    ],
)
def test_bad_house_rules_are_refused_with_a_clear_message(
    choices: dict[str, Any], field: str, words: str
) -> None:
    league, commissioner = bb2025_league()
    with pytest.raises(LeagueError) as refused:
        set_house_rules(commissioner, league, **choices)
    assert words in str(refused.value)
    assert field in refused.value.fields  # type: ignore[attr-defined]
    assert not HouseRulesRow.objects.filter(league=league).exists()
    assert not AuditEntry.objects.filter(league=league, action="league.house_rules").exists()


# --- the API ----------------------------------------------------------------------------


def test_anyone_reads_the_house_rules_in_words() -> None:
    league, commissioner = bb2025_league()
    set_house_rules(commissioner, league, ban_mega_stars=True)
    body = APIClient().get(house_url(league)).json()
    assert body["ban_mega_stars"] is True
    assert "Griff Oberwald" in body["in_words"]["ban_mega_stars"]
    assert body["firing_below_eleven"] is False  # BB2025: never below 11, as written


def test_the_api_changes_them_and_refuses_bad_input_by_field() -> None:
    league, commissioner = bb2025_league()
    client = client_for(commissioner)
    answer = client.put(
        house_url(league),
        {"banned_stars": ["morg-n-thorg"], "team_value_ceiling": 1_600_000},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["banned_stars"] == ["morg-n-thorg"]
    assert answer.json()["in_words"]["banned_stars"] == "Morg 'n' Thorg"
    negative = client.put(house_url(league), {"prize_amounts": {"1": -1}}, format="json")
    assert negative.status_code == 400 and set(negative.json()["fields"]) == {"prize_amounts"}
    bad = client.put(
        house_url(league),
        {"team_value_floor": 2_000_000, "banned_stars": ["nobody"]},
        format="json",
    )
    assert bad.status_code == 400
    fields = bad.json()["fields"]
    assert set(fields) == {"team_value_floor", "banned_stars"}
    assert fields["banned_stars"] == ["Blood Bowl 2025 has no star player 'nobody'."]
    floor = client.put(house_url(league), {"team_value_floor": 2_000_000}, format="json")
    assert floor.status_code == 400
    assert "above the ceiling" in floor.json()["fields"]["team_value_floor"][0]
    assert house_rules_of(league).team_value_floor is None
    assert house_rules_of(league).banned_stars == frozenset({"morg-n-thorg"})


def test_a_coach_may_not_change_the_house_rules_through_the_api() -> None:
    league, _ = bb2025_league()
    coach = client_for(UserFactory())
    assert coach.put(house_url(league), {"ban_mega_stars": True}, format="json").status_code == 403
    assert APIClient().put(house_url(league), {}, format="json").status_code in (401, 403)
    assert not HouseRulesRow.objects.filter(league=league).exists()


# --- the pre-game: from the next match on -------------------------------------------------


def test_a_banned_star_is_refused_at_the_next_pre_game() -> None:
    s = edition_match("bb2025", "human", "human", home_players=HOME)
    set_house_rules(s.commissioner, s.season.league, banned_stars=["griff-oberwald"])
    coaches, url, choice = to_home_inducements(s)
    offered = {star["slug"]: star for star in choice["options"]["star_players"]}
    assert "banned" in offered["griff-oberwald"]
    refused = coaches["home"].post(
        f"{url}/pre-game-choices/", {"kind": "inducements", "answer": GRIFF}, format="json"
    )
    assert refused.status_code == 400
    assert "Griff Oberwald is banned by this league's house rules." in refused.json()["errors"]


def test_a_match_whose_pre_game_began_keeps_the_house_rules_it_began_with() -> None:
    s = edition_match("bb2025", "human", "human", home_players=HOME)
    coaches, url, choice = to_home_inducements(s)  # the pre-game has begun
    set_house_rules(s.commissioner, s.season.league, banned_stars=["griff-oberwald"])
    bought = coaches["home"].post(
        f"{url}/pre-game-choices/", {"kind": "inducements", "answer": GRIFF}, format="json"
    )
    assert bought.status_code == 200, bought.json()
    finish_pre_game(coaches, url, bought.json())
    s.match.refresh_from_db()
    assert s.match.house_rules == HouseRules().to_json()
    summary = s.match.pre_game_result["summary"]["inducements"]["home"]
    assert summary["star_players"] == ["griff-oberwald"]


def test_non_core_inducements_are_offered_and_bought_once_switched_on() -> None:
    """Facts section 13.14: off by default; switched on, the Human team list's Bretonnian
    Pastries (15,000) are offered at the next pre-game and bought from the Treasury."""
    s = edition_match("bb2025", "human", "human", home_players=HOME)
    set_house_rules(s.commissioner, s.season.league, non_core_inducements=True)
    coaches, url, choice = to_home_inducements(s)
    offered = {row["slug"]: row for row in choice["options"]["inducements"]}
    assert offered["bretonnian-pastries"]["price"] == 15_000
    bought = coaches["home"].post(
        f"{url}/pre-game-choices/",
        {"kind": "inducements", "answer": {"bretonnian-pastries": 1}},
        format="json",
    )
    assert bought.status_code == 200, bought.json()
    finish_pre_game(coaches, url, bought.json())
    s.match.refresh_from_db()
    assert s.match.house_rules["non_core_inducements"] is True
    summary = s.match.pre_game_result["summary"]
    assert summary["inducements"]["home"]["items"] == {"bretonnian-pastries": 1}
    assert summary["treasury_spent"]["home"] == 15_000


# --- the prizes, the re-draft, entering a season, firing ----------------------------------


def test_the_prizes_are_the_house_amounts() -> None:
    """Facts section 10 (Glittering Prizes): the edition pays 100,000, 60,000, 30,000."""
    league, commissioner = bb2025_league()
    season = SeasonFactory(league=league, ruleset="bb2025")
    assert playoff_prizes(season) == ((1, 100_000), (2, 60_000), (3, 30_000))
    set_house_rules(commissioner, league, prize_amounts={"1": 200_000, "3": 0})
    assert playoff_prizes(season) == ((1, 200_000), (2, 60_000), (3, 0))


def _bb2025_team(coach: Any, players: dict[str, int] | None = None) -> Any:
    draft = minimal_draft("human")
    if players:
        draft["players"] = players
        draft["team_captain"] = next(iter(players))
    return draft_team(
        coach, name=f"Humans {coach.pk}", ruleset_key="bb2025", roster_slug="human", **draft
    )


def test_a_fresh_budget_redraft_leaves_the_treasury_and_the_season_out() -> None:
    coach = UserFactory()
    team = _bb2025_team(coach)
    record = SeasonRecord(
        team_id=team.pk,
        from_season_id=1,
        from_season_name="Season 1",
        to_season_id=2,
        to_season_name="Season 2",
        to_ruleset="bb2025",
        league_id=1,
        division_name="",
        games_played=6,
        league_wins=3,
        league_draws=1,
        cap=None,
    )
    edition = budget_of(team, record)  # facts section 11: capped at 1,300,000 (13.5)
    assert edition.uncapped == 1_000_000 + team.treasury + 6 * 20_000 + 3 * 20_000 + 10_000
    assert edition.budget == 1_300_000
    fresh = budget_of(
        team,
        SeasonRecord(
            **{**record.__dict__, "house_rules": HouseRules(redraft_formula=FRESH_BUDGET)}
        ),
    )
    assert fresh.budget == 1_000_000 and not fresh.capped


def test_a_team_above_the_ceiling_may_not_enter_a_season() -> None:
    league, commissioner = bb2025_league()
    season = SeasonFactory(league=league, ruleset="bb2025", status=Season.Status.SIGN_UP)
    coach = UserFactory()
    team = _bb2025_team(coach, HOME)  # 620,000
    set_house_rules(commissioner, league, team_value_ceiling=600_000)
    with pytest.raises(LeagueError) as refused:
        enter_team(coach, season, team)
    assert "at most 600,000 gp" in str(refused.value)
    set_house_rules(commissioner, league, team_value_ceiling=700_000)
    assert enter_team(coach, season, team).team_id == team.pk


def test_firing_below_eleven_follows_the_house_rule() -> None:
    """Facts section 8, step 4: BB2025 fires "never below 11 players eligible"."""
    league, commissioner = bb2025_league()
    season = SeasonFactory(league=league, ruleset="bb2025", status=Season.Status.REGULAR_SEASON)
    coach = UserFactory()
    team = _bb2025_team(coach)
    TeamEntryFactory(division__season=season, season=season, team=team)
    lineman = Player.objects.filter(team=team, position_slug="human-lineman").first()
    with pytest.raises(TeamError):
        fire_player(coach, lineman)
    set_house_rules(commissioner, league, firing_below_eleven=True)
    assert fire_player(coach, lineman).status == PlayerStatus.FIRED


@pytest.mark.parametrize("ruleset", ["bb2020", "bb2025", "classic", "blitz_bowl"])
def test_every_edition_shows_its_house_rules_page_and_form(ruleset: str) -> None:
    """An edition without gold (Blitz Bowl) offers no prize to change; every edition's
    page, form and API answer."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    client = Client()
    client.force_login(commissioner)
    page = client.get(f"/leagues/{league.pk}/house-rules/")
    assert page.status_code == 200
    assert "plays the edition as written" in page.content.decode()
    form = client.get(f"/leagues/{league.pk}/house-rules/edit/")
    assert form.status_code == 200
    assert ("1st place prize" in form.content.decode()) == (ruleset != "blitz_bowl")
    assert APIClient().get(house_url(league)).status_code == 200


def test_the_form_refuses_a_floor_above_the_ceiling_beside_the_field() -> None:
    league, commissioner = bb2025_league()
    client = Client()
    client.force_login(commissioner)
    answer = client.post(
        f"/leagues/{league.pk}/house-rules/edit/",
        {
            "redraft_formula": "edition",
            "unplayed_fixtures": "apply",
            "deadline_warning_hours": 48,
            "kickoff_reminder_minutes": 120,
            "team_value_floor": 1_500_000,
            "team_value_ceiling": 1_000_000,
        },
    )
    assert answer.status_code == 400
    assert "is above the ceiling" in answer.content.decode()
    assert not HouseRulesRow.objects.filter(league=league).exists()
