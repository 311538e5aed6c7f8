"""The lines the league services store for coaches to read later (audit lines, ledger
notes) keep their sentence, so each reader reads them in his language: the row's
English text is the sentence's English, and the sentence renders again, at read time,
in whatever language is active then."""

from __future__ import annotations

import datetime

import pytest

from leagues import services
from leagues.models import Fixture
from leagues.services import kickoff
from rules_engine.dice import ScriptedDice
from rules_engine.wording import from_plain, install_translator, installed_translator
from teams.models import AuditEntry, LedgerReason, TreasuryEntry
from teams.templatetags.dugout import said
from tests.factories import PlayerFactory
from tests.leagues.conftest import START, admitted_season
from tests.leagues.test_playoffs import finish_regular_season, play

pytestmark = pytest.mark.django_db


def assert_lines_keep_their_sentence(entries) -> None:
    """Every audit line carries its sentence, whose English is the line's text."""
    assert entries
    for entry in entries:
        assert entry.message_said is not None, entry.message
        assert from_plain(entry.message_said).english() == entry.message


def assert_notes_keep_their_sentence(notes) -> None:
    assert notes
    for note in notes:
        assert note.note_said is not None, note.note
        assert from_plain(note.note_said).english() == note.note


def test_a_season_to_its_prizes_writes_every_line_as_a_sentence(commissioner, league):
    season = admitted_season(commissioner, league, 6)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    semi_1, semi_2 = services.start_playoffs(commissioner, season)
    play(commissioner, semi_1, 2, 1)
    play(commissioner, semi_2, 2, 1)
    final = season.fixtures.get(stage="final")
    third = season.fixtures.get(stage="third_place")
    play(commissioner, third, 1, 0)
    play(commissioner, final, 1, 0)
    prizes = TreasuryEntry.objects.filter(reason=LedgerReason.PRIZE).order_by("-amount")
    assert [p.note for p in prizes] == [
        f"{season}: 1st place prize and the League Trophy",
        f"{season}: 2nd place prize",
        f"{season}: 3rd place prize",
    ]
    assert_notes_keep_their_sentence(prizes)
    lines = AuditEntry.objects.filter(league=league, action__startswith="season.")
    assert_lines_keep_their_sentence(lines)
    assert lines.get(action="season.start_playoffs").message == (
        f"{season}: play-offs started, {semi_1} and {semi_2} in the semi-finals."
    )


def test_a_stored_line_reads_in_the_language_active_when_it_is_read(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    team = season.entries.first().team
    services.dock_points(commissioner, season, team, reason="Late", points=2)
    entry = AuditEntry.objects.get(action="season.dock_points")
    assert entry.message == f"2 points docked from {team.name} in {season}: Late"
    before = installed_translator()
    # A reader whose language writes "points docked" and "season" otherwise.
    install_translator(
        lambda singular, plural, count: (
            (plural if count != 1 and plural else singular)
            .replace("points docked from", "points retirés à")
            .replace(", season", ", saison")
        )
    )
    try:
        shown = said(entry.message, entry.message_said)
    finally:
        install_translator(before)
    assert shown == f"2 points retirés à {team.name} in Old World Cup, saison 1: Late"
    # The commissioner's reason is his own words: never translated.
    assert shown.endswith(": Late")


def test_fixture_changes_and_forfeit_gold_are_written_as_sentences(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START, days_per_round=7)
    fixtures = season.fixtures.filter(kind=Fixture.Kind.LEAGUE).select_related("home", "away")
    fixture, other = fixtures[0], fixtures[1]
    for team in (fixture.home, fixture.away):
        for n in range(1, 12):
            PlayerFactory(team=team, name=f"{team.name} {n}")
    services.award_forfeit(
        commissioner,
        fixture,
        kind="concession",
        conceded_by=fixture.away,
        dice=ScriptedDice((4, 3, 13, 7)),
    )
    services.correct_forfeit(commissioner, fixture, kind="unplayed")
    services.undo_forfeit(commissioner, fixture)
    services.reschedule_fixture(commissioner, other, deadline=START + datetime.timedelta(days=30))
    league = kickoff.set_time_zone(commissioner, league, "Europe/Paris")
    services.set_language(commissioner, league, "fr")

    notes = TreasuryEntry.objects.filter(team=fixture.home).order_by("id")
    assert_notes_keep_their_sentence(notes)
    assert "conceded for real-life reasons: D6 (4) x 10,000 gp" in notes[0].note
    assert notes[1].note.startswith(
        "Forfeit corrected: the real-life concession award taken back (D6 (4) x 10,000 gp, "
    )
    lines = AuditEntry.objects.filter(league=league).exclude(action="season.open")
    assert_lines_keep_their_sentence(
        lines.filter(action__startswith="fixture.") | lines.filter(action__startswith="league.")
    )
    messages = {e.action: e.message for e in lines}
    assert messages["fixture.forfeit"] == (
        f"Forfeit awarded in {fixture}: {fixture.away.name} conceded, 1-0, "
        "the opponent paid 40,000 gp."
    )
    assert messages["fixture.correct_forfeit"].endswith(
        "(was " + (f"{fixture.away.name} conceded, 1-0, the opponent paid 40,000 gp).")
    )
    assert messages["fixture.reschedule"] == (
        f"Rescheduled {other}: round 1, deadline 2026-04-01 (was round 1, deadline 2026-03-09)."
    )
    assert messages["league.time_zone"].startswith("Old World Cup's time zone is now Europe/Paris")
