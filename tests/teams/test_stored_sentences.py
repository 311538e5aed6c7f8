"""A ledger note or a history line written as a sentence (``say``) is stored in English
and shown in each reader's language: the same row reads in French to a French coach
and in English to an English one; a row written as plain text stays as written."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.urls import reverse

from rules_engine.wording import say
from teams.audit import log_action
from teams.models import AuditEntry, LedgerReason, TreasuryEntry
from teams.services._common import lock_team
from teams.services.treasury import post_to_ledger
from tests.factories import drafted_team

pytestmark = pytest.mark.django_db

# A sentence the French catalogue holds.
SENTENCE = "{team} raised no Lineman this game"


def _write_lines(team) -> None:
    with transaction.atomic():
        locked = lock_team(team)
        note = say(SENTENCE, team="Reikland")
        post_to_ledger(locked, 10_000, LedgerReason.CORRECTION, note, None)
        log_action(None, "team.rename_player", say(SENTENCE, team="Altdorf"), team=team)
        log_action(None, "team.rename_player", "Kept as written.", team=team)


def test_the_rows_keep_english_and_the_sentence():
    team = drafted_team(name="Stored Lines")
    _write_lines(team)
    entry = TreasuryEntry.objects.filter(team=team).latest("id")
    assert entry.note == "Reikland raised no Lineman this game"
    assert entry.note_said == {"text": SENTENCE, "values": {"team": "Reikland"}}
    messages = {e.message: e.message_said for e in AuditEntry.objects.filter(team=team)}
    assert messages["Altdorf raised no Lineman this game"] is not None
    assert messages["Kept as written."] is None


@pytest.mark.parametrize(
    ("language", "ledger", "history"),
    [
        (
            "fr",
            "Reikland n&#x27;a relevé aucun Lineman pendant ce match",
            "Altdorf n&#x27;a relevé aucun Lineman pendant ce match",
        ),
        ("en-gb", "Reikland raised no Lineman this game", "Altdorf raised no Lineman this game"),
    ],
)
def test_each_reader_reads_the_lines_in_his_language(client, language, ledger, history):
    team = drafted_team(name="Stored Lines")
    _write_lines(team)
    client.force_login(team.coach)
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    pages = {
        name: client.get(reverse(name, args=[team.pk]), **headers).content.decode()
        for name in ("team-ledger", "team-history", "team-detail")
    }
    assert ledger in pages["team-ledger"] and ledger in pages["team-detail"]
    assert history in pages["team-history"] and history in pages["team-detail"]
    assert "Kept as written." in pages["team-history"]
