"""The team page's rows, team, players' engine states and history from the plain sheet
are those the models gave: ``plain_player_rows`` equals ``player_rows`` of
``team_sheet``, ``team_of`` the team's row, ``player_state_from`` the services'
``player_state``, ``plain_audit`` the ``audit_section`` tag's entries - for every
edition, who may and may not spend SPP included."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teams.audit import log_action
from teams.models import Player, PlayerStatus, Team
from teams.selectors import player_rows, team_sheet
from teams.selectors.plain import plain_audit, plain_sheet, team_of
from teams.selectors.rows import plain_player_rows
from teams.services.convert import player_state, player_state_from
from teams.templatetags.audit import audit_section
from tests.factories import AdvancementFactory, UserFactory
from tests.teams.test_sheet_json import EDITIONS, worn_team

pytestmark = pytest.mark.django_db


def developing_team(ruleset: str, roster: str, staff: dict) -> Team:
    """``worn_team`` with SPP to spend on one player, a characteristic improved on
    another, and a roll waiting on a third (and every position one the roster has: the
    engine's options need his position)."""
    team = worn_team(ruleset, roster, staff)
    first, second, third, *_ = team.players.filter(status=PlayerStatus.ACTIVE).order_by("number")
    team.players.filter(position_slug="retired-position").update(position_slug=first.position_slug)
    Player.objects.filter(pk=second.pk).update(spp_earned=16, advancements=1)
    AdvancementFactory(
        player=second, result="+1 MA", characteristic="ma", kind="random_characteristic"
    )
    Player.objects.filter(pk=third.pk).update(
        spp_earned=6, pending_advancement={"kind": "improvement", "rolls": []}
    )
    return team


@pytest.mark.parametrize(("ruleset", "roster", "staff"), EDITIONS)
@pytest.mark.parametrize("with_advancement", [True, False])
def test_plain_rows_are_the_models_rows(ruleset, roster, staff, with_advancement):
    team = developing_team(ruleset, roster, staff)
    plain = plain_sheet(team.pk, development=True)
    rows = plain_player_rows(plain, with_advancement=with_advancement)
    assert rows == player_rows(team_sheet(team.pk), with_advancement=with_advancement)
    assert any(row.can_advance for row in rows) is (with_advancement and ruleset != "blitz_bowl")
    assert rows[0].url == reverse("player-detail", args=[rows[0].pk])


@pytest.mark.parametrize(("ruleset", "roster", "staff"), EDITIONS)
def test_plain_players_are_the_engines_players(ruleset, roster, staff):
    team = developing_team(ruleset, roster, staff)
    models = {p.pk: p for p in team_sheet(team.pk).players}
    states = [player_state_from(p) for p in plain_sheet(team.pk, development=True).players]
    assert states == [player_state(models[state.id]) for state in states]
    assert any(state.characteristic_improvements for state in states)


def test_the_plain_team_is_the_teams_row_with_its_coach():
    coach = UserFactory(username="grombrindal")
    team = worn_team("bb2020", "human", {"apothecary": True})
    Team.objects.filter(pk=team.pk).update(coach=coach)
    built = team_of(plain_sheet(team.pk))
    stored = Team.objects.get(pk=team.pk)
    for field in Team._meta.concrete_fields:
        assert getattr(built, field.attname) == getattr(stored, field.attname), field.name
    assert built.coach.username == "grombrindal" and built.coach.pk == coach.pk
    assert not built._state.adding


@pytest.mark.parametrize("changes", [0, 3, 12])
def test_the_pages_history_is_the_audit_sections(client, changes):
    team = worn_team("bb2020", "human", {})
    rival = worn_team("bb2025", "human", {"team_captain": "human-lineman"})
    for n in range(changes):
        actor = team.coach if n % 2 else None
        subject, other = (team, rival) if n % 3 else (rival, team)
        log_action(actor, "test.change", f"Change {n}.", team=subject, other_team=other)
    log_action(None, "test.elsewhere", "Not this team's.", team=rival)
    expected = audit_section(team=team)
    plain = plain_audit(team.pk)
    assert plain["more"] is expected["more"]
    assert [(e["action"], e["at"], e["message"]) for e in plain["entries"]] == [
        (e.action, e.at, e.message) for e in expected["entries"]
    ]
    assert [(e["actor"] or {}).get("username") for e in plain["entries"]] == [
        e.actor.username if e.actor else None for e in expected["entries"]
    ]
    assert expected["more"] is (changes == 12)
    html = client.get(reverse("team-detail", args=[team.pk])).content.decode()
    assert html.count("<li data-action=") == len(expected["entries"])
    assert "Not this team's." not in html
    assert ("(older changes)" in html) is expected["more"]
    for entry in expected["entries"]:
        assert entry.message in html
    assert ("· Dugout</span>" in html) is any(e.actor is None for e in expected["entries"])
    assert (f"· {team.coach.username}</span>" in html) is any(e.actor for e in expected["entries"])


def test_the_pages_ledger_is_the_teams_latest_entries_newest_first():
    from django.db import transaction

    from teams.models import LedgerReason
    from teams.selectors import ledger
    from teams.selectors.plain import plain_latest_ledger
    from teams.services._common import lock_team
    from teams.services.treasury import post_to_ledger
    from tests.factories import drafted_team

    coach = UserFactory()
    team = drafted_team(coach, name="Ledger Readers")
    for amount in (10_000, -5_000, 20_000, -15_000, 30_000, 5_000, -10_000):
        with transaction.atomic():
            post_to_ledger(lock_team(team), amount, LedgerReason.PRIZE, f"move {amount}", coach)
    entries = list(ledger(team).order_by("-created_at", "-id")[:5])
    plain = plain_latest_ledger(team.pk)
    assert [(e["note"], e["amount"], e["balance_after"]) for e in plain] == [
        (e.note, e.amount, e.balance_after) for e in entries
    ]
    assert plain[0]["amount"] == -10_000 and len(plain) == 5
