"""What the database itself refuses, whoever writes."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError

from teams.models import InjuryRecord, LedgerReason, Player, Team, TreasuryEntry
from tests.factories import (
    AdvancementFactory,
    InjuryRecordFactory,
    PlayerFactory,
    PlayerSkillFactory,
    TeamFactory,
)

pytestmark = pytest.mark.django_db


def refused(callable_) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        callable_()


@pytest.mark.parametrize(
    "change",
    [
        {"rerolls": 9},
        {"assistant_coaches": 7},
        {"cheerleaders": 13},
        {"dedicated_fans": 0},
        {"status": "lost"},
    ],
)
def test_team_checks(change):
    team = TeamFactory()
    refused(lambda: Team.objects.filter(pk=team.pk).update(**change))


def test_treasury_never_below_zero():
    team = TeamFactory()
    refused(lambda: Team.objects.filter(pk=team.pk).update(treasury=-1))


def test_team_names_are_unique_ignoring_case():
    TeamFactory(name="Reikland Reavers")
    refused(lambda: TeamFactory(name="reikland reavers"))


def test_team_defaults_and_str():
    team = TeamFactory(name="Gouged Eye")
    assert str(team) == "Gouged Eye"
    assert (team.treasury, team.dedicated_fans, team.rerolls, team.status) == (0, 1, 0, "active")


def test_one_active_player_per_number_but_the_departed_keep_theirs():
    team = TeamFactory()
    first = PlayerFactory(team=team, number=7, name="Griff")
    refused(lambda: PlayerFactory(team=team, number=7))
    Player.objects.filter(pk=first.pk).update(status=Player.Status.DEAD)
    PlayerFactory(team=team, number=7)
    PlayerFactory(team=TeamFactory(), number=7)  # another team's 7
    assert str(first) == "#7 Griff"


@pytest.mark.parametrize(
    "change",
    [
        {"number": 0},
        {"number": 100},
        {"spp_earned": 5, "spp_spent": 6},
        {"advancements": 7},
        {"status": "sold"},
    ],
)
def test_player_checks(change):
    player = PlayerFactory()
    refused(lambda: Player.objects.filter(pk=player.pk).update(**change))


def test_unspent_spp():
    player = PlayerFactory(spp_earned=11, spp_spent=6)
    assert player.spp == 5


def test_player_factory_takes_the_position_from_the_engine():
    player = PlayerFactory(team=TeamFactory(roster_slug="human"), position_slug="human-blitzer")
    assert (player.ma, player.st, player.ag, player.pa, player.av) == (7, 3, 3, 4, 9)
    assert player.current_value == 85_000
    gnoblar = PlayerFactory(team=TeamFactory(roster_slug="ogre"))
    assert (gnoblar.position_slug, gnoblar.current_value) == ("ogre-gnoblar-lineman", 0)


def test_advancements_are_numbered_once_each_up_to_six():
    player = PlayerFactory()
    first = AdvancementFactory(player=player)
    assert first.number == 1
    refused(lambda: AdvancementFactory(player=player, number=1))
    refused(lambda: AdvancementFactory(player=player, number=7))
    assert str(first).endswith("advancement 1: Block")


def test_a_skill_once_per_player():
    player = PlayerFactory()
    skill = PlayerSkillFactory(player=player, skill="Dodge")
    refused(lambda: PlayerSkillFactory(player=player, skill="Dodge"))
    assert str(skill) == "Dodge"


def test_lasting_injuries_and_only_they_name_a_characteristic():
    player = PlayerFactory(name="Hans", number=3)
    lasting = InjuryRecordFactory(
        player=player, kind=InjuryRecord.Kind.LASTING, characteristic="av"
    )
    assert str(lasting) == "#3 Hans: Lasting injury (AV)"
    refused(lambda: InjuryRecordFactory(player=player, kind="lasting", characteristic=""))
    refused(lambda: InjuryRecordFactory(player=player, kind="niggling", characteristic="ma"))


def test_ledger_balance_never_below_zero():
    team = TeamFactory(name="Broke")

    def entry(balance: int) -> TreasuryEntry:
        return TreasuryEntry.objects.create(
            team=team,
            amount=-10,
            reason=LedgerReason.CORRECTION,
            note="test",
            balance_after=balance,
        )

    refused(lambda: entry(-10))
    refused(
        lambda: TreasuryEntry.objects.create(
            team=team, amount=1, reason="gift", note="x", balance_after=1
        )
    )
    assert str(entry(0)) == "Broke: -10 gp (test)"


def test_players_and_ledgers_protect_their_team():
    team = TeamFactory()
    PlayerFactory(team=team)
    with pytest.raises(ProtectedError):
        team.delete()


def test_admin_pages_open(admin_client):
    team = TeamFactory()
    player = PlayerFactory(team=team)
    AdvancementFactory(player=player)
    InjuryRecordFactory(player=player)
    PlayerSkillFactory(player=player)
    TreasuryEntry.objects.create(
        team=team, amount=0, reason=LedgerReason.CORRECTION, note="opening", balance_after=0
    )
    for url in (
        "/admin/teams/team/",
        f"/admin/teams/team/{team.pk}/change/",
        "/admin/teams/player/",
        f"/admin/teams/player/{player.pk}/change/",
        "/admin/teams/treasuryentry/",
    ):
        assert admin_client.get(url).status_code == 200, url
