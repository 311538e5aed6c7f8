"""A BB2020 league moves to BB2025 at a re-draft: the roll-over opens the
next season under BB2025, each team re-drafts into it with its players mapped, what
cannot carry over listed before the coach confirms (services, API, page)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from leagues import services as league_services
from leagues.errors import LeagueError
from leagues.models import Season, TeamEntry
from leagues.services.team_redraft import change_edition, edition_change_record
from rules_engine import edition_for, get_ruleset, player_current_value
from rules_engine.bb2025 import advancement as bb2025_advancement
from rules_engine.dice import ScriptedDice
from rules_engine.team_value import PlayerValueInput
from teams.models import Advancement, Player, PlayerSkill, Redraft, Team, TreasuryEntry
from teams.services.edition_change import preview_edition_change
from tests.factories import assert_treasury_is_ledger, drafted_team
from tests.leagues.factories import LeagueFactory
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

pytestmark = pytest.mark.django_db

OLD, NEW = "bb2020", "bb2025"


def advance(player: Player, skill: str, kind: str, value: int, number: int) -> None:
    row = Advancement.objects.create(
        player=player, number=number, kind=kind, result=skill, spp_cost=6, value_increase=value
    )
    PlayerSkill.objects.create(player=player, skill=skill, source=kind, advancement=row)
    player.advancements += 1
    player.spp_earned += 6
    player.spp_spent += 6
    player.value_increases += value
    player.current_value += value
    player.save()


def improve_st(player: Player, number: int) -> None:
    Advancement.objects.create(
        player=player,
        number=number,
        kind="random_characteristic",
        result="+1 ST",
        characteristic="st",
        spp_cost=18,
        value_increase=80_000,
    )
    player.st += 1
    player.advancements += 1
    player.spp_earned += 18
    player.spp_spent += 18
    player.value_increases += 80_000
    player.current_value += 80_000
    player.save()


def moved_league(team: Team):
    """Season 1 (BB2020) closed and rolled over into season 2 under BB2025."""
    league = LeagueFactory(ruleset=OLD)
    commissioner = league.commissioners.get()
    season, _ = closed_season(team, [WIN, DRAW, LOSS], league=league, open_next=False)
    rollover = league_services.roll_over_season(commissioner, season, ruleset=NEW)
    return league, season, rollover


@pytest.fixture
def human():
    # Skaven: no Team Captain to name in BB2025; the Clanrat Linemen are "Clanrats".
    team = drafted_team(
        roster_slug="skaven",
        players={"skaven-clanrat-lineman": 8, "skaven-thrower": 1, "skaven-blitzer": 2},
        rerolls=2,
    )
    players = {p.position_slug: p for p in team.players.order_by("-number")}
    thrower, blitzer = players["skaven-thrower"], players["skaven-blitzer"]
    # Running Pass: BB2025 has no such skill. Nerves of Steel: a BB2025 Skaven
    # Blitzer may not take Passing skills. Dodge (Agility, secondary) carries.
    advance(thrower, "Running Pass", "chosen_primary", 20_000, 1)
    advance(blitzer, "Nerves of Steel", "chosen_secondary", 40_000, 1)
    advance(blitzer, "Dodge", "chosen_secondary", 40_000, 2)
    improve_st(blitzer, 3)
    team.refresh_from_db()
    return team, thrower, blitzer


def test_the_roll_over_opens_the_next_season_under_bb2025(human):
    team, _, _ = human
    league, season, rollover = moved_league(team)
    league.refresh_from_db()
    season.refresh_from_db()
    assert league.ruleset == NEW
    assert rollover.opened.ruleset == NEW
    assert season.ruleset == OLD  # the closed season keeps its own edition
    assert team in rollover.awaiting_redraft
    assert league_services.awaiting_redraft(rollover.opened)


def test_a_league_cannot_move_to_an_edition_the_engine_has_no_move_to(human):
    team, _, _ = human
    league = LeagueFactory(ruleset=OLD)
    season, _ = closed_season(team, [WIN], league=league, open_next=False)
    with pytest.raises(LeagueError):
        league_services.roll_over_season(league.commissioners.get(), season, ruleset="classic")
    league.refresh_from_db()
    assert league.ruleset == OLD
    assert not Season.objects.filter(league=league, number=season.number + 1).exists()


def test_the_preview_lists_what_cannot_carry_and_changes_nothing(human):
    team, thrower, blitzer = human
    moved_league(team)
    preview = preview_edition_change(team, edition_change_record(team))
    lost = {(loss.player_id, loss.what) for loss in preview.losses}
    assert (thrower.pk, "Running Pass") in lost
    assert (blitzer.pk, "Nerves of Steel") in lost
    mapped = preview.mapping.player(blitzer.pk)
    assert mapped.position_slug == "skaven-blitzer"
    assert mapped.skills == ("Dodge",)
    expected = bb2025_advancement.value_increase(
        "chosen_secondary", elite=True
    ) + bb2025_advancement.value_increase("st")
    assert mapped.value_increases == expected
    assert "confirm_losses" in preview.problems
    assert PlayerSkill.objects.filter(player=thrower, skill="Running Pass").exists()
    team.refresh_from_db()
    assert team.ruleset == OLD


def rehire_all(team: Team) -> list[int]:
    return list(team.players.filter(status="active").values_list("pk", flat=True))


def clanrats(team: Team) -> dict[int, str]:
    """The coach's choice for the Clanrat Linemen (BB2025 has Clanrats)."""
    return {
        p.pk: "skaven-clanrat" for p in team.players.filter(position_slug="skaven-clanrat-lineman")
    }


def test_the_re_draft_drops_only_after_confirmation(human):
    team, thrower, blitzer = human
    _, _, rollover = moved_league(team)
    before = (TreasuryEntry.objects.count(), Redraft.objects.count(), team.treasury)
    with pytest.raises(ValidationError) as refused:
        change_edition(
            team.coach, team, rehire=rehire_all(team), positions=clanrats(team), rerolls=1
        )
    assert "confirm_losses" in refused.value.message_dict
    team.refresh_from_db()
    assert (TreasuryEntry.objects.count(), Redraft.objects.count(), team.treasury) == before
    assert team.ruleset == OLD
    assert PlayerSkill.objects.filter(player=blitzer, skill="Nerves of Steel").exists()

    treasury = team.treasury
    result = change_edition(
        team.coach,
        team,
        rehire=rehire_all(team),
        positions=clanrats(team),
        rerolls=1,
        confirm_losses=True,
        dice=ScriptedDice([]),
    )
    team.refresh_from_db()
    assert team.ruleset == NEW
    blitzer.refresh_from_db()
    thrower.refresh_from_db()
    assert blitzer.position_slug == "skaven-blitzer"
    assert list(blitzer.skills.values_list("skill", flat=True)) == ["Dodge"]
    assert blitzer.st == get_ruleset(NEW).position("skaven-blitzer").st + 1
    assert not thrower.skills.exists()
    ruleset = get_ruleset(NEW)
    roster = ruleset.roster("skaven")
    for player in (blitzer, thrower):
        assert player.current_value == player_current_value(
            ruleset, roster, PlayerValueInput(player.position_slug, player.value_increases)
        )
    assert result.redraft.budget == edition_for(NEW).redraft.budget(treasury, 3, 1, 1, None)
    assert_treasury_is_ledger(team)
    record = Redraft.objects.get(team=team)
    assert record.edition_change["to"] == NEW
    assert {loss["what"] for loss in record.edition_change["losses"]} >= {
        "Running Pass",
        "Nerves of Steel",
    }
    assert TeamEntry.objects.filter(team=team, season=rollover.opened).exists()


@pytest.fixture
def orc():
    # A Skaven team whose Clanrat Linemen need a position chosen (the Team Captain of
    # Human and Orc teams: tests/teams/test_redraft_captain.py).
    return drafted_team(roster_slug="skaven", players={"skaven-clanrat-lineman": 11})


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_api_preview_and_its_refusals(orc):
    moved_league(orc)
    goblin = orc.players.filter(position_slug="skaven-clanrat-lineman").first()
    url = f"/api/v1/teams/{orc.pk}/edition-change/"
    client = client_for(orc.coach)
    body = client.get(url).json()
    row = next(p for p in body["players"] if p["player"] == goblin.pk)
    assert row["needs_choice"] and row["position"] is None
    assert row["suggested"] == "skaven-clanrat"
    assert goblin.pk in body["choices_needed"]

    rehire = [{"player": pk} for pk in rehire_all(orc)]
    state = (TreasuryEntry.objects.count(), Redraft.objects.count())
    refused = client.post(url, {"rehire": rehire}, format="json")
    assert refused.status_code == 400, refused.content
    assert "positions" in refused.json()["fields"]
    wrong = client.post(
        url,
        {"rehire": rehire, "positions": [{"player": goblin.pk, "position": "human-ogre"}]},
        format="json",
    )
    assert wrong.status_code == 400 and "positions" in wrong.json()["fields"]
    assert (TreasuryEntry.objects.count(), Redraft.objects.count()) == state
    orc.refresh_from_db()
    assert orc.ruleset == OLD

    done = client.post(
        url,
        {
            "rehire": rehire,
            "positions": [{"player": pk, "position": slug} for pk, slug in clanrats(orc).items()],
            "confirm_losses": True,
        },
        format="json",
    )
    assert done.status_code == 200, done.content
    goblin.refresh_from_db()
    assert goblin.position_slug == "skaven-clanrat"
    assert_treasury_is_ledger(orc)


def test_the_plain_re_draft_points_to_the_edition_change(orc):
    moved_league(orc)
    response = client_for(orc.coach).get(f"/api/v1/teams/{orc.pk}/redraft/")
    assert response.status_code == 400


def test_the_page_shows_what_cannot_carry(client, human):
    team, _, _ = human
    moved_league(team)
    client.force_login(team.coach)
    assert client.get(f"/teams/{team.pk}/redraft/").url.endswith(
        f"/teams/{team.pk}/redraft/edition/"
    )
    page = client.get(f"/teams/{team.pk}/redraft/edition/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "What cannot carry over" in html
    assert "Running Pass" in html and "Nerves of Steel" in html


def test_the_roll_over_api_takes_the_edition(human):
    team, _, _ = human
    league = LeagueFactory(ruleset=OLD)
    season, _ = closed_season(team, [WIN, LOSS], league=league, open_next=False)
    response = client_for(league.commissioners.get()).post(
        f"/api/v1/leagues/seasons/{season.pk}/roll-over/", {"ruleset": NEW}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["opened"]["ruleset"] == NEW
