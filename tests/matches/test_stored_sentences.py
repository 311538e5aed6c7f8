"""The rows a pre-game and a post-game write for later readers (each roll's purpose,
the ledger's notes, the audit lines) keep the engine's sentence beside the same
English, so each reader reads them in his own language; the dice are fingerprinted
by their English, so the fingerprints a match stored still match.

As in ``test_sequence_languages``, a translator installed through the engine's
public hook marks every sentence rendered in French, «like this»."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape

from matches import services
from matches.models import DiceRoll, Match
from matches.services.dice import dice_digest
from matches.services.postgame.deferral import _breakdown, _Gold, gold_note
from rules_engine.dice import ScriptedDice
from rules_engine.wording import (
    Wording,
    from_plain,
    say,
)
from teams.models import AuditEntry, LedgerReason, Player, TreasuryEntry
from teams.services import spend_spp, undo_advancement
from tests.factories import UserFactory, drafted_team
from tests.matches.factories import PRE_GAME_SEED, kick_off, league_match
from tests.matches.test_pages_flow import html, logged_in
from tests.matches.test_pages_more import report

pytestmark = pytest.mark.django_db


def test_each_stored_roll_keeps_its_purpose_as_a_sentence_beside_its_english():
    s = league_match()
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    rows = list(DiceRoll.objects.filter(match=match).order_by("index"))
    assert rows
    for row in rows:
        assert from_plain(row.purpose_said).english() == row.purpose
    assert "Weather" in [row.purpose for row in rows]
    # The stored rows, purposes as English text, give each step's stored fingerprint.
    for step in match.pre_game_result["steps"]:
        made = [row for row in rows if row.step == step["step"]][: step["rolls"]]
        assert dice_digest(made) == step["dice"]


def test_the_dice_log_reads_each_purpose_in_the_readers_language(french_marked):
    s = league_match()
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    url = reverse("match-detail", args=[match.pk])
    french = html(logged_in(s.home_coach).get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    english = html(logged_in(s.away_coach).get(url, HTTP_ACCEPT_LANGUAGE="en"))
    roll_off = DiceRoll.objects.get(match=match, purpose="Kicking team roll-off (home)")
    with translation.override("fr"):
        in_french = str(from_plain(roll_off.purpose_said))
    assert in_french.startswith("«")  # read through the translator
    assert f'<td class="purpose">{escape(in_french)}</td>' in french
    assert '<td class="purpose">Kicking team roll-off (home)</td>' in english
    assert "«" not in english
    # A roll stored before its sentence was kept reads its English in any language.
    DiceRoll.objects.filter(pk=roll_off.pk).update(purpose_said=None)
    again = html(logged_in(s.home_coach).get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert '<td class="purpose">Kicking team roll-off (home)</td>' in again
    with translation.override("fr"):
        assert DiceRoll.objects.get(pk=roll_off.pk).shown_purpose == roll_off.purpose


def test_a_sides_roll_names_its_side_in_the_sentence(french_marked):
    s = league_match()
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    sided = [
        row
        for row in DiceRoll.objects.filter(match=match)
        if row.purpose.endswith("(home)") or row.purpose.endswith("(away)")
    ]
    assert sided
    for row in sided:
        with translation.override("fr"):
            french = row.shown_purpose
        assert french.startswith("«") and french.endswith("»")


def test_the_winnings_note_and_the_closing_line_are_stored_sentences(
    french_marked, django_capture_on_commit_callbacks
):
    s = league_match()
    kick_off(s)
    report(s, [], 0, 0, django_capture_on_commit_callbacks)
    winnings = TreasuryEntry.objects.filter(match=s.match, reason=LedgerReason.WINNINGS)
    assert winnings
    for entry in winnings:
        assert entry.note == f"Winnings, Match #{s.match.pk}"
        assert from_plain(entry.note_said).english() == entry.note
        with translation.override("fr"):  # the sentence and the match's name, each translated
            assert entry.shown_note.startswith("«") and entry.shown_note.endswith("»»")
        with translation.override("en"):
            assert entry.shown_note == entry.note


def test_closing_a_match_writes_its_audit_line_as_a_sentence(
    french_marked, django_capture_on_commit_callbacks
):
    s = league_match()
    kick_off(s)
    report(s, [], 0, 0, django_capture_on_commit_callbacks)
    if s.match.status != Match.Status.CLOSED:
        services.close_match(s.commissioner, s.match)
    line = AuditEntry.objects.filter(action="match.close").latest("id")
    assert line.message.endswith(": closed.")
    assert from_plain(line.message_said).english() == line.message


def _gold(amount: int, reason: str, reverses: str = "") -> _Gold:
    return _Gold(
        1, amount, reason, "", None, 12, lambda entry: None, say("Match #{n}", n=12), reverses
    )


def test_a_corrections_breakdown_is_one_sentence_with_the_same_english(french_marked):
    golds = [
        _gold(-60_000, LedgerReason.CORRECTION, LedgerReason.WINNINGS),
        _gold(50_000, LedgerReason.WINNINGS),
        _gold(-20_000, LedgerReason.CORRECTION, LedgerReason.EXPENSIVE_MISTAKE),
    ]
    note = _breakdown(golds)
    assert isinstance(note, Wording)
    assert note.english() == (
        "Correction of Match #12: winnings 60,000 → 50,000 gp; expensive mistake 20,000 → 0 gp"
    )
    with translation.override("fr"):
        french = str(note)
    # The whole line and each change in it read through the translator, the numbers kept.
    assert french.startswith("«") and "«Match #12»" in french
    assert french.count("«") >= 4
    assert all(amount in french for amount in ("60,000", "50,000", "20,000"))


def test_a_post_games_gold_note_reads_as_before():
    match = say("Match #{number}", number=7)
    assert gold_note(LedgerReason.WINNINGS, match).english() == "Winnings, Match #7"
    assert (
        gold_note(LedgerReason.EXPENSIVE_MISTAKE, match).english() == "Expensive mistake, Match #7"
    )
    assert gold_note(LedgerReason.PURCHASES, match).english() == "Purchases after a match, Match #7"


def test_the_dice_log_in_english_shows_every_purpose_as_stored(french_marked):
    s = league_match()
    match = services.start_pre_game(s.home_coach, s.match, seed=PRE_GAME_SEED)
    url = reverse("match-detail", args=[match.pk])
    page = html(logged_in(s.home_coach).get(url, HTTP_ACCEPT_LANGUAGE="en"))
    for row in DiceRoll.objects.filter(match=match):
        assert f'<td class="purpose">{escape(row.purpose)}</td>' in page


def test_an_advancement_and_its_undoing_are_stored_sentences(french_marked):
    team = drafted_team(roster_slug="human")
    player = team.players.get(number=1)
    Player.objects.filter(pk=player.pk).update(spp_earned=10)
    player.refresh_from_db()
    dice = ScriptedDice([(1, 1)])
    spend_spp(team.coach, player, "random_primary", category="General", dice=dice)
    spent = AuditEntry.objects.filter(action="advancement.spend").latest("id")
    assert spent.message == (f"{team.name}: #1 {player.name} took advancement 1, Block (3 SPP).")
    assert from_plain(spent.message_said).english() == spent.message
    undo_advancement(UserFactory(is_superuser=True), player, note="a typo")
    undone = AuditEntry.objects.filter(action="advancement.undo").latest("id")
    assert undone.message.endswith("are no longer spent (a typo).")
    assert from_plain(undone.message_said).english() == undone.message
