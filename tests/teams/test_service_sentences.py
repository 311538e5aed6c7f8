"""Every history line and ledger note a teams service writes is stored as a sentence
(``say``) beside its English text, so each coach reads it in his own language later;
the English text is what it always was. A commissioner's correction note is his own
words: stored as typed, with no sentence."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from leagues.services.team_redraft import redraft_team
from rules_engine.dice import ScriptedDice
from teams.interchange import ImportRequest, export_team, import_team
from teams.models import Advancement, AuditEntry, InjuryRecord, Player, Team, TreasuryEntry
from teams.services import (
    buy_reroll,
    correct_treasury,
    end_temporary_retirement,
    fire_player,
    fire_staff,
    hire_journeyman_permanently,
    hire_player,
    hire_staff,
    rename_player,
    take_journeyman,
    temporarily_retire,
    transfer_team,
    undo_purchase,
)
from teams.services.edition_change_apply import _mark_lost_improvements
from teams.services.profile import set_team_description
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import LeagueFactory, SeasonFactory
from tests.teams.redraft_helpers import LOSS, WIN, closed_season

pytestmark = pytest.mark.django_db


def _commissioner(team: Team) -> Any:
    from leagues.models import TeamEntry

    commissioner = UserFactory()
    season = SeasonFactory(league=LeagueFactory(commissioners=[commissioner]))
    TeamEntry.objects.create(season=season, team=team)
    return commissioner


def _player(team: Team) -> Player:
    return team.players.filter(status="active").order_by("number").first()


def _lasting(player: Player) -> Player:
    InjuryRecord.objects.create(player=player, kind=InjuryRecord.Kind.LASTING, characteristic="av")
    return player


def _journeyman(team: Team) -> None:
    for player in team.players.all()[:2]:
        temporarily_retire(team.coach, _lasting(player))
    hire_journeyman_permanently(team.coach, take_journeyman(team.coach, team))


def _undo(team: Team) -> None:
    commissioner = _commissioner(team)
    buy_reroll(team.coach, team)
    entry = AuditEntry.objects.filter(team=team, action="team.buy_reroll").latest("id")
    undo_purchase(commissioner, entry, note="bought by mistake")


def _transfer(team: Team) -> None:
    transfer_team(_commissioner(team), team, UserFactory())


def _back_from_retirement(team: Team) -> None:
    player = _lasting(_player(team))
    temporarily_retire(team.coach, player)
    end_temporary_retirement(team.coach, player)


def _redraft(team: Team) -> None:
    closed_season(team, [WIN, LOSS])
    kept = [p.pk for p in team.players.filter(status="active")]
    redraft_team(team.coach, team, rehire=kept, hire=[], rerolls=1, dice=ScriptedDice([]))


# (what the coach does, the audit actions it writes, the ledger rows it writes)
SERVICES: dict[str, tuple[Callable[[Team], Any], tuple[str, ...], int]] = {
    "draft": (lambda team: None, ("team.draft",), 2),
    "buy a re-roll": (lambda team: buy_reroll(team.coach, team), ("team.buy_reroll",), 1),
    "hire staff": (
        lambda team: hire_staff(team.coach, team, "cheerleader"),
        ("team.hire_staff",),
        1,
    ),
    "let staff go": (
        lambda team: fire_staff(
            team.coach, hire_staff(team.coach, team, "apothecary"), "apothecary"
        ),
        ("team.hire_staff", "team.fire_staff"),
        1,
    ),
    "hire a player": (
        lambda team: hire_player(team.coach, team, "human-blitzer", "Karl"),
        ("team.hire_player",),
        1,
    ),
    "fire a player": (
        lambda team: fire_player(team.coach, _player(team)),
        ("team.fire_player",),
        0,
    ),
    "rename a player": (
        lambda team: rename_player(team.coach, _player(team), name="Ulf", number=42),
        ("team.rename_player",),
        0,
    ),
    "temporary retirement": (
        _back_from_retirement,
        ("team.temporary_retirement", "team.end_temporary_retirement"),
        0,
    ),
    "hire a journeyman": (
        _journeyman,
        ("team.temporary_retirement", "team.temporary_retirement", "team.hire_journeyman"),
        1,
    ),
    "undo a purchase": (_undo, ("team.buy_reroll", "purchase.undo"), 2),
    "transfer": (_transfer, ("team.transfer",), 0),
    "describe": (
        lambda team: set_team_description(team.coach, team, "Blocking since 2490."),
        ("team.change_description",),
        0,
    ),
    "re-draft": (_redraft, ("team.redraft",), 2),
}


@pytest.mark.parametrize("service", SERVICES)
def test_the_service_stores_its_lines_as_sentences(service):
    team = drafted_team(players={"human-lineman": 11})
    run, actions, postings = SERVICES[service]
    audits = AuditEntry.objects.filter(team=team)
    ledger = TreasuryEntry.objects.filter(team=team)
    audit_before, ledger_before = set(audits.values_list("pk", flat=True)), ledger.count()
    if service == "draft":
        audit_before, ledger_before = set(), 0
    run(Team.objects.get(pk=team.pk))
    written = audits.exclude(pk__in=audit_before).order_by("id")
    assert [e.action for e in written] == list(actions)
    for entry in written:
        assert entry.message_said is not None, entry.message
        assert entry.message == entry.shown_message  # the tests read English
    notes = ledger.order_by("id")[ledger_before:]
    assert len(notes) == postings
    for note in notes:
        assert note.note_said is not None, note.note


def test_the_lines_keep_their_english_text():
    team = drafted_team(name="Reikland Reavers", players={"human-lineman": 11})
    buy_reroll(team.coach, team)
    hire_staff(team.coach, team, "apothecary")
    hire_player(team.coach, team, "human-blitzer", "Karl", number=12)
    messages = list(
        AuditEntry.objects.filter(team=team).order_by("id").values_list("message", flat=True)
    )
    assert messages[1:] == [
        "Reikland Reavers bought team re-roll 1 for 100,000 gp.",
        "Reikland Reavers hired an apothecary for 50,000 gp.",
        "Reikland Reavers hired Blitzer #12 Karl for 85,000 gp.",
    ]
    assert messages[0].endswith(
        "drafted Reikland Reavers (Human): 11 players, 450,000 gp left in the treasury."
    )
    notes = list(
        TreasuryEntry.objects.filter(team=team).order_by("id").values_list("note", flat=True)
    )
    assert notes == [
        "Draft budget",
        "Draft: 11 players (550,000 gp)",
        "Bought team re-roll 1",
        "Hired an apothecary",
        "Hired Blitzer #12 Karl",
    ]


def test_a_correction_note_is_the_commissioners_own_words():
    team = drafted_team(players={"human-lineman": 11})
    admin = UserFactory(is_superuser=True)
    entry = correct_treasury(admin, team, 10_000, "Prize money")
    assert (entry.note, entry.note_said) == ("Prize money", None)
    line = AuditEntry.objects.filter(team=team, action="treasury.correct").get()
    assert line.message == f"Treasury of {team.name} corrected by +10,000 gp: Prize money"
    assert line.message_said is not None


def test_an_imported_team_stores_its_lines_as_sentences():
    team = drafted_team(players={"human-lineman": 11})
    exported = export_team(team.pk)
    request = ImportRequest("dugout", json.dumps(exported), name="Imported Again")
    imported = import_team(UserFactory(), request)
    entry = TreasuryEntry.objects.get(team=imported)
    assert entry.note == f"Imported from a Dugout export of {team.name}"
    assert entry.note_said is not None
    line = AuditEntry.objects.get(team=imported, action="team.import")
    assert line.message_said is not None


def test_the_pages_show_the_lines(client):
    team = drafted_team(players={"human-lineman": 11})
    hire_staff(team.coach, team, "cheerleader")
    client.force_login(team.coach)
    for name in ("team-ledger", "team-history", "team-detail"):
        for language in ("fr", "en-gb"):
            with translation.override("en-gb"):  # each request leaves no language behind
                page = client.get(reverse(name, args=[team.pk]), HTTP_ACCEPT_LANGUAGE=language)
            assert page.status_code == 200
    english = client.get(reverse("team-ledger", args=[team.pk]), HTTP_ACCEPT_LANGUAGE="en-gb")
    assert "Hired a cheerleader" in english.content.decode()


def test_an_improvement_lost_at_an_edition_change_keeps_its_sentence(client):
    team = drafted_team(players={"human-lineman": 11})
    player = _player(team)
    Advancement.objects.create(
        player=player,
        number=1,
        kind="random_characteristic",
        result="+1 ST",
        characteristic="st",
        spp_cost=18,
        value_increase=80_000,
    )
    _mark_lost_improvements(player, SimpleNamespace(dropped_improvements=("+ST",)), "BB2025")
    row = Advancement.objects.get(player=player)
    assert (row.characteristic, row.result) == ("", "+1 ST (lost at the move to BB2025)")
    assert row.result_said is not None
    client.force_login(team.coach)
    with translation.override("en-gb"):  # the French request leaves no language behind
        page = client.get(reverse("player-detail", args=[player.pk]), HTTP_ACCEPT_LANGUAGE="fr")
    assert page.status_code == 200
