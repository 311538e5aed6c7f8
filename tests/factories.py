"""factory_boy factories for the apps' models, and helpers that build through
the services where the ledger must stay true.

A ``TeamFactory`` team starts with an empty treasury and no ledger, which is
consistent (0 = sum of nothing); give a team gold through ``drafted_team`` or
the services, never by setting ``treasury``.
"""

from __future__ import annotations

import itertools
from typing import Any

import factory
from django.contrib.auth import get_user_model
from django.db.models import Max, Sum
from factory.django import DjangoModelFactory

from rules_engine import PlayerValueInput, get_ruleset, player_current_value
from teams.models import (
    Advancement,
    InjuryRecord,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
    TeamStatus,
)

TEST_PASSWORD = "test-password"
_DRAFTED = itertools.count(1)


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"coach{n}")
    email = factory.LazyAttribute(lambda o: f"{o.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", TEST_PASSWORD)

    @factory.post_generation
    def _save(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class TeamFactory(DjangoModelFactory):
    class Meta:
        model = Team

    name = factory.Sequence(lambda n: f"Team {n}")
    coach = factory.SubFactory(UserFactory)
    ruleset = "bb2020"
    roster_slug = "human"
    status = TeamStatus.ACTIVE


def _position(o: Any):
    return get_ruleset(o.team.ruleset).position(o.position_slug)


def _next_number(o: Any) -> int:
    taken = Player.objects.filter(team=o.team, status=PlayerStatus.ACTIVE).aggregate(Max("number"))[
        "number__max"
    ]
    return (taken or 0) + 1


def _current_value(o: Any) -> int:
    ruleset = get_ruleset(o.team.ruleset)
    roster = ruleset.roster(o.team.roster_slug)
    return player_current_value(
        ruleset,
        roster,
        PlayerValueInput(o.position_slug, value_increases=o.value_increases),
    )


class PlayerFactory(DjangoModelFactory):
    """A player of his team's Lineman position unless told; characteristics and
    current value come from the engine."""

    class Meta:
        model = Player

    team = factory.SubFactory(TeamFactory)
    position_slug = factory.LazyAttribute(
        lambda o: get_ruleset(o.team.ruleset).roster(o.team.roster_slug).lineman_position().slug
    )
    number = factory.LazyAttribute(_next_number)
    name = factory.Sequence(lambda n: f"Player {n}")
    ma = factory.LazyAttribute(lambda o: _position(o).ma)
    st = factory.LazyAttribute(lambda o: _position(o).st)
    ag = factory.LazyAttribute(lambda o: _position(o).ag)
    pa = factory.LazyAttribute(lambda o: _position(o).pa)
    av = factory.LazyAttribute(lambda o: _position(o).av)
    value_increases = 0
    current_value = factory.LazyAttribute(_current_value)


class AdvancementFactory(DjangoModelFactory):
    class Meta:
        model = Advancement

    player = factory.SubFactory(PlayerFactory)
    number = factory.LazyAttribute(lambda o: o.player.advancement_history.count() + 1)
    kind = Advancement.Kind.CHOSEN_PRIMARY
    result = "Block"
    spp_cost = 6
    value_increase = 20_000
    rolls = factory.LazyFunction(list)


class PlayerSkillFactory(DjangoModelFactory):
    class Meta:
        model = PlayerSkill

    player = factory.SubFactory(PlayerFactory)
    skill = "Block"
    source = PlayerSkill.Source.OTHER


class InjuryRecordFactory(DjangoModelFactory):
    class Meta:
        model = InjuryRecord

    player = factory.SubFactory(PlayerFactory)
    kind = InjuryRecord.Kind.MISS_NEXT_GAME
    characteristic = ""
    source = "test"


def minimal_draft(roster_slug: str, ruleset_key: str = "bb2020") -> dict[str, int]:
    """The least a roster may draft, read from the engine: each position's
    minimum, then the Lineman position up to the draft's minimum of players."""
    from rules_engine.draft import draft_rules_for

    ruleset = get_ruleset(ruleset_key)
    roster = ruleset.roster(roster_slug)
    counts = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}
    lineman = roster.lineman_position()
    missing = draft_rules_for(ruleset).min_players - sum(counts.values())
    counts[lineman.slug] = counts.get(lineman.slug, 0) + max(missing, 0)
    return counts


def drafted_team(
    coach: Any = None,
    *,
    roster_slug: str = "human",
    name: str | None = None,
    players: Any = None,
    **options: Any,
) -> Team:
    """A team drafted through ``teams.services.draft_team`` (ledger and all); a
    roster that chooses its special rule when drafted takes its first option
    unless ``special_rule_choice`` is given."""
    from teams.services import draft_team

    coach = coach or UserFactory()
    choices = get_ruleset("bb2020").roster(roster_slug).special_rule_choices
    if choices and "special_rule_choice" not in options:
        options["special_rule_choice"] = choices[0]
    return draft_team(
        coach,
        name=name or f"{roster_slug.title()} Drafted {next(_DRAFTED)}",
        ruleset_key="bb2020",
        roster_slug=roster_slug,
        players=players if players is not None else minimal_draft(roster_slug),
        **options,
    )


def ledger_sum(team: Team) -> int:
    return team.ledger_entries.aggregate(total=Sum("amount"))["total"] or 0


def assert_treasury_is_ledger(team: Team) -> None:
    """The treasury in the database equals the sum of the team's ledger."""
    team.refresh_from_db(fields=["treasury"])
    assert team.treasury == ledger_sum(team), (team.treasury, ledger_sum(team))
