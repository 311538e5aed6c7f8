"""Hiring, firing, journeymen, temporary retirement, injuries, names and numbers."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from rules_engine import get_ruleset
from rules_engine.dice import ScriptedDice
from rules_engine.injuries import lasting_injury_roll
from teams.errors import TeamError
from teams.models import InjuryRecord, LedgerReason, Player, PlayerSkill, Team, TreasuryEntry
from teams.services import (
    end_temporary_retirement,
    fire_player,
    hire_journeyman_permanently,
    hire_player,
    record_injury,
    release_journeymen,
    rename_player,
    take_journeyman,
    temporarily_retire,
)
from tests.factories import UserFactory, assert_treasury_is_ledger, drafted_team

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")


def snapshot(team: Team) -> tuple:
    team.refresh_from_db()
    players = tuple(
        team.players.order_by("id").values_list(
            "name", "number", "status", "journeyman", "temporarily_retired", "current_value"
        )
    )
    return (team.treasury, TreasuryEntry.objects.count(), PlayerSkill.objects.count(), players)


def test_hire_a_player_from_the_treasury():
    team = drafted_team()  # 11 Linemen, numbers 1-11, 450,000 left
    player = hire_player(team.coach, team, "blitzer", "Karl", 7 + 10)
    assert (player.position_slug, player.number, player.name) == ("human-blitzer", 17, "Karl")
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (7, 3, 3, 4, 9)
    assert player.current_value == 85_000
    team.refresh_from_db()
    assert team.treasury == 450_000 - 85_000
    entry = team.ledger_entries.latest("id")
    assert (entry.reason, entry.amount, entry.note) == (
        LedgerReason.HIRE_PLAYER,
        -85_000,
        "Hired Blitzer #17 Karl",
    )
    assert_treasury_is_ledger(team)


def test_a_hired_player_takes_the_lowest_free_number_and_a_default_name():
    team = drafted_team()
    fire_player(team.coach, team.players.get(number=4))
    player = hire_player(team.coach, team, "human-catcher")
    assert (player.number, player.name) == (4, "Catcher 4")


def test_taken_numbers_unknown_positions_and_limits():
    team = drafted_team(players={"human-blitzer": 4, "human-lineman": 7})
    before = snapshot(team)
    with pytest.raises(TeamError, match="Number 3 is taken by Blitzer 3"):
        hire_player(team.coach, team, "human-lineman", "Hans", 3)
    with pytest.raises(TeamError, match="Shirt numbers run from 1 to 99; got 100"):
        hire_player(team.coach, team, "human-lineman", "Hans", 100)
    with pytest.raises(TeamError, match="Human teams have no position 'human-wizard'"):
        hire_player(team.coach, team, "human-wizard", "Merlin")
    with pytest.raises(TeamError, match="Human teams may have at most 4 Blitzers; .* has 4"):
        hire_player(team.coach, team, "human-blitzer", "Fifth")
    assert snapshot(team) == before


def test_sixteen_players_at_most():
    team = drafted_team(players={"human-lineman": 16})
    with pytest.raises(TeamError, match="already has 16 players, the most a team may have"):
        hire_player(team.coach, team, "human-catcher", "Seventeen")


def test_big_guy_limit_counts_every_big_guy():
    team = drafted_team(
        roster_slug="chaos-chosen",
        players={"chaos-chosen-chaos-troll": 1, "chaos-chosen-beastman-runner-lineman": 10},
    )
    with pytest.raises(TeamError, match="Chaos Chosen teams may have at most 1 Big Guy"):
        hire_player(team.coach, team, "chaos-chosen-chaos-ogre", "Gronk")


def test_another_coach_gets_permission_denied_everywhere():
    team = drafted_team()
    player = team.players.get(number=1)
    before = snapshot(team)
    stranger = UserFactory()
    calls = [
        lambda: hire_player(stranger, team, "human-lineman", "Spy"),
        lambda: fire_player(stranger, player),
        lambda: rename_player(stranger, player, name="Traitor"),
        lambda: take_journeyman(stranger, team),
        lambda: temporarily_retire(stranger, player),
        lambda: record_injury(stranger, player, "niggling"),
        lambda: release_journeymen(stranger, team),
    ]
    for call in calls:
        with pytest.raises(PermissionDenied):
            call()
    assert snapshot(team) == before


def test_fired_players_leave_and_free_their_number_without_refund():
    team = drafted_team()
    treasury = team.treasury
    player = fire_player(team.coach, team.players.get(number=5))
    assert player.status == Player.Status.FIRED and player.left_at is not None
    with pytest.raises(TeamError, match="no longer on the team"):
        fire_player(team.coach, player)
    again = hire_player(team.coach, team, "human-lineman", "New Five", 5)
    assert again.number == 5
    team.refresh_from_db()
    assert team.treasury == treasury - 50_000
    assert Player.objects.filter(team=team, number=5).count() == 2
    assert_treasury_is_ledger(team)


def test_rename_and_renumber():
    team = drafted_team()
    player = team.players.get(number=2)
    player = rename_player(team.coach, player, name="  Hans  ", number=22)
    assert (player.name, player.number) == ("Hans", 22)
    with pytest.raises(TeamError, match="Number 3 is taken by Human Lineman 3"):
        rename_player(team.coach, player, number=3)
    with pytest.raises(TeamError, match="A player needs a name"):
        rename_player(team.coach, player, name=" ")
    assert rename_player(team.coach, player, number=22).number == 22


def test_journeymen_only_while_fewer_than_eleven_are_available():
    team = drafted_team()
    with pytest.raises(TeamError, match="has 11 players available; journeymen are taken only"):
        take_journeyman(team.coach, team)
    record_injury(team.coach, team.players.get(number=1), "miss_next_game")
    journeyman = take_journeyman(team.coach, team)
    assert journeyman.journeyman and journeyman.number == 12
    assert journeyman.position_slug == "human-lineman" and journeyman.name == "Human Lineman 12"
    assert list(journeyman.skills.values_list("skill", flat=True)) == ["Loner (4+)"]
    team.refresh_from_db()
    assert team.treasury == 450_000  # journeymen cost nothing


def test_shambling_undead_journeymen_may_be_zombies_but_not_ghouls():
    team = drafted_team(roster_slug="shambling-undead")
    fire_player(team.coach, team.players.get(number=1))
    zombie = take_journeyman(team.coach, team, position_slug="shambling-undead-zombie-lineman")
    assert zombie.position_slug == "shambling-undead-zombie-lineman"
    with pytest.raises(TeamError, match="Journeymen of Shambling Undead teams are Skeleton"):
        take_journeyman(team.coach, team, position_slug="shambling-undead-ghoul-runner")


def test_hire_a_journeyman_permanently_keeps_his_spp_and_loses_loner():
    team = drafted_team()
    fire_player(team.coach, team.players.get(number=1))
    journeyman = take_journeyman(team.coach, team, name="Lucky")
    Player.objects.filter(pk=journeyman.pk).update(spp_earned=6)
    treasury = Team.objects.get(pk=team.pk).treasury

    hired = hire_journeyman_permanently(team.coach, journeyman)

    assert not hired.journeyman and hired.spp == 6
    assert hired.current_value == 50_000
    assert not hired.skills.exists()
    team.refresh_from_db()
    assert team.treasury == treasury - 50_000
    entry = team.ledger_entries.latest("id")
    assert (entry.reason, entry.note) == (
        LedgerReason.JOURNEYMAN_HIRE,
        "Hired journeyman Human Lineman #1 Lucky permanently",
    )
    assert_treasury_is_ledger(team)
    with pytest.raises(TeamError, match="Lucky is not a journeyman"):
        hire_journeyman_permanently(team.coach, hired)


def test_no_permanent_journeyman_on_a_full_team():
    team = drafted_team(players={"human-lineman": 16})
    for number in range(1, 7):
        record_injury(team.coach, team.players.get(number=number), "miss_next_game")
    journeyman = take_journeyman(team.coach, team)
    before = snapshot(team)
    with pytest.raises(TeamError, match="already has 16 players"):
        hire_journeyman_permanently(team.coach, journeyman)
    assert snapshot(team) == before


def test_release_journeymen_after_the_game():
    team = drafted_team()
    record_injury(team.coach, team.players.get(number=1), "miss_next_game")
    record_injury(team.coach, team.players.get(number=2), "miss_next_game")
    take_journeyman(team.coach, team)
    take_journeyman(team.coach, team)
    assert release_journeymen(team.coach, team) == 2
    assert not team.players.filter(status=Player.Status.ACTIVE, journeyman=True).exists()


def test_only_a_lasting_injury_allows_temporary_retirement():
    team = drafted_team()
    player = team.players.get(number=3)
    record_injury(team.coach, player, "niggling")
    with pytest.raises(TeamError, match="Only a player who suffered a Lasting Injury may be"):
        temporarily_retire(team.coach, player)
    smashed_knee = lasting_injury_roll(ScriptedDice([3]))
    record = record_injury(team.coach, player, "lasting", lasting_injury=smashed_knee)
    assert (record.kind, record.characteristic) == (InjuryRecord.Kind.LASTING, "ma")
    player = temporarily_retire(team.coach, player)
    assert player.temporarily_retired
    with pytest.raises(TeamError, match="already temporarily retired"):
        temporarily_retire(team.coach, player)
    player = end_temporary_retirement(team.coach, player)
    assert not player.temporarily_retired


def test_injuries_change_the_player_as_the_engine_says():
    team = drafted_team()
    player = team.players.get(number=4)  # Lineman MA6 ST3 AG3+ PA4+ AV9+
    for roll in (1, 4, 5, 6):  # AV, PA, AG, ST
        record_injury(
            team.coach,
            player,
            InjuryRecord.Kind.LASTING,
            lasting_injury=lasting_injury_roll(ScriptedDice([roll])),
            source="Blocked by a Troll",
        )
    record_injury(team.coach, player, "niggling")
    player.refresh_from_db()
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (6, 2, 4, 5, 8)
    assert player.niggling_injuries == 1
    with pytest.raises(TeamError, match="needs the Lasting Injury roll"):
        record_injury(team.coach, player, "lasting")
    with pytest.raises(TeamError, match="Unknown kind of injury 'bruise'"):
        record_injury(team.coach, player, "bruise")
    dead = record_injury(team.coach, player, "dead", note="Killed by a Troll")
    player.refresh_from_db()
    assert player.status == Player.Status.DEAD and dead.note == "Killed by a Troll"
    assert player.injuries.count() == 6


def test_a_retired_team_cannot_hire():
    team = drafted_team()
    Team.objects.filter(pk=team.pk).update(status=Team.Status.RETIRED)
    with pytest.raises(TeamError, match="is retired: it cannot change"):
        hire_player(team.coach, team, "human-lineman", "Late")
