"""spend_spp: the engine's take_advancement, recorded with its dice."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from rules_engine import get_ruleset
from rules_engine.bb2020.advancement import advancement_cost, value_increase
from rules_engine.dice import ScriptedDice
from rules_engine.errors import AdvancementError
from teams.models import Advancement, Player, PlayerSkill
from teams.selectors import team_sheet
from teams.services import spend_spp, take_journeyman, undo_advancement
from teams.services.advancement import AdvancementChoice
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db

BB2020 = get_ruleset("bb2020")


def lineman_with_spp(spp: int, roster_slug: str = "human") -> Player:
    team = drafted_team(roster_slug=roster_slug)
    player = team.players.get(number=1)
    Player.objects.filter(pk=player.pk).update(spp_earned=spp)
    player.refresh_from_db()
    return player


def test_a_random_primary_skill_rolled_with_scripted_dice():
    player = lineman_with_spp(10)
    advancement = spend_spp(
        player.team.coach, player, "random_primary", category="General", dice=ScriptedDice([(1, 1)])
    )
    assert isinstance(advancement, Advancement)
    assert (advancement.number, advancement.kind, advancement.result) == (
        1,
        "random_primary",
        "Block",
    )
    assert advancement.spp_cost == advancement_cost("random_primary", 0) == 3
    assert advancement.value_increase == value_increase("random_primary") == 10_000
    assert advancement.rolls == [
        {"purpose": "Random skill: General", "die": "2d6", "result": [1, 1]}
    ]
    player.refresh_from_db()
    assert (player.spp, player.advancements, player.value_increases) == (7, 1, 10_000)
    assert player.current_value == 60_000
    skill = player.skills.get()
    assert (skill.skill, skill.source, skill.advancement) == (
        "Block",
        PlayerSkill.Source.RANDOM_PRIMARY,
        advancement,
    )


def test_a_skill_the_player_has_is_rolled_again():
    player = lineman_with_spp(20)
    coach = player.team.coach
    spend_spp(coach, player, "chosen_primary", skill="Block")
    second = spend_spp(
        coach, player, "random_primary", category="General", dice=ScriptedDice([(1, 1), (4, 4)])
    )
    assert second.result == "Sure Hands" and len(second.rolls) == 2
    assert sorted(player.skills.values_list("skill", flat=True)) == ["Block", "Sure Hands"]
    player.refresh_from_db()
    assert player.spp == 20 - 6 - 4
    assert player.value_increases == 20_000 + 10_000


def test_a_chosen_secondary_skill():
    player = lineman_with_spp(12)
    advancement = spend_spp(player.team.coach, player, "chosen_secondary", skill="Guard")
    assert (advancement.result, advancement.spp_cost, advancement.value_increase) == (
        "Guard",
        12,
        40_000,
    )
    assert player.skills.get().source == PlayerSkill.Source.CHOSEN_SECONDARY


def test_a_characteristic_roll_stands_until_the_coach_chooses():
    player = lineman_with_spp(18)
    coach = player.team.coach
    asked = spend_spp(coach, player, "random_characteristic", dice=ScriptedDice([15]))
    assert isinstance(asked, AdvancementChoice)
    assert set(asked.options["characteristics"]) == {"st", "ag"}
    assert asked.rolls == [{"purpose": "Characteristic improvement", "die": "d16", "result": 15}]
    player.refresh_from_db()
    assert player.spp == 18 and player.pending_advancement["kind"] == "random_characteristic"
    # Asking again, with other dice, cannot roll again.
    again = spend_spp(coach, player, "random_characteristic", dice=ScriptedDice([1]))
    assert again.options["roll"] == 15
    with pytest.raises(AdvancementError, match="choose what he takes before anything else"):
        spend_spp(coach, player, "chosen_primary", skill="Block")

    advancement = spend_spp(coach, player, "random_characteristic", characteristic_choice="ag")
    assert (advancement.result, advancement.characteristic) == ("AG 2+", "ag")
    assert advancement.value_increase == value_increase("ag")
    assert advancement.rolls == asked.rolls
    player.refresh_from_db()
    assert (player.ag, player.spp, player.pending_advancement) == (2, 0, {})
    assert player.current_value == 50_000 + value_increase("ag")


def test_strength_and_a_skill_instead_of_a_characteristic():
    player = lineman_with_spp(18 + 20)
    coach = player.team.coach
    strength = spend_spp(
        coach, player, "random_characteristic", characteristic_choice="st", dice=ScriptedDice([16])
    )
    assert (strength.result, strength.number) == ("+1 ST", 1)
    instead = spend_spp(
        coach, player, "random_characteristic", skill="Dodge", dice=ScriptedDice([1])
    )
    assert (instead.result, instead.characteristic, instead.number) == ("Dodge", "", 2)
    assert player.skills.get(skill="Dodge").source == PlayerSkill.Source.CHARACTERISTIC_SWAP
    player.refresh_from_db()
    assert player.st == 4 and player.advancements == 2


def test_the_engine_refuses_with_reasons_and_nothing_changes():
    player = lineman_with_spp(2)
    coach = player.team.coach
    with pytest.raises(AdvancementError, match="has 2 SPP; a random primary advancement costs 3"):
        spend_spp(coach, player, "random_primary", category="General", dice=ScriptedDice([]))
    Player.objects.filter(pk=player.pk).update(spp_earned=30)
    with pytest.raises(AdvancementError, match="cannot take Claws"):
        spend_spp(coach, player, "chosen_secondary", skill="Claws")
    with pytest.raises(PermissionDenied):
        spend_spp(UserFactory(), player, "chosen_primary", skill="Block")
    player.refresh_from_db()
    assert (player.spp_spent, player.advancements) == (0, 0)
    assert not Advancement.objects.exists()


def test_a_choice_is_asked_for_when_missing():
    player = lineman_with_spp(6)
    asked = spend_spp(player.team.coach, player, "random_primary")
    assert isinstance(asked, AdvancementChoice) and asked.rolls == []
    assert asked.options["categories"] == ["General"]
    player.refresh_from_db()
    assert player.pending_advancement == {}


def test_journeymen_do_not_advance():
    team = drafted_team()
    for player in team.players.filter(number__in=[1]):
        Player.objects.filter(pk=player.pk).update(miss_next_game=True)
    journeyman = take_journeyman(team.coach, team)
    Player.objects.filter(pk=journeyman.pk).update(spp_earned=10)
    with pytest.raises(AdvancementError, match="is a journeyman"):
        spend_spp(team.coach, journeyman, "chosen_primary", skill="Block")


def test_advanced_low_cost_lineman_counts_his_increases_only():
    player = lineman_with_spp(6, roster_slug="snotling")
    spend_spp(player.team.coach, player, "chosen_primary", skill="Catch")
    player.refresh_from_db()
    assert player.current_value == 20_000
    sheet = team_sheet(player.team_id)
    assert sheet.value.players == 20_000


def test_an_undone_advancement_says_only_what_is_true_of_his_spp(client):
    """A correction took back 4 of the 8 SPP of a player who spent 6 on a skill: the
    skill is undone, and he is left 4 SPP to spend. The history never tells the coach
    the 6 SPP are his to spend."""
    player = lineman_with_spp(8)
    spend_spp(player.team.coach, player, "chosen_primary", skill="Block")
    commissioner = UserFactory(is_superuser=True)
    undo_advancement(commissioner, player)
    Player.objects.filter(pk=player.pk).update(spp_earned=4)  # the correction's part
    player.refresh_from_db()
    assert (player.spp, player.advancements) == (4, 0)
    client.force_login(player.team.coach)
    page = client.get(reverse("team-history", args=[player.team.pk])).content.decode()
    assert "undone: the 6 SPP it cost are no longer spent." in page
    assert "to spend again" not in page
