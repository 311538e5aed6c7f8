"""The engine's sentences for a coach (``rules_engine.wording``): English by default,
the installed translator's words with the values in place, and a refusal's reasons in
the language active when they are read while the exception itself stays English."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from rules_engine import get_ruleset
from rules_engine.draft import DraftProposal, validate_draft
from rules_engine.errors import AdvancementError, RulesError
from rules_engine.wording import (
    Wording,
    as_plain,
    english,
    from_plain,
    install_translator,
    installed_translator,
    say,
    say_plural,
    shown_from,
)

# A fake catalogue: English template (singular, plural) -> French forms (one, many).
FRENCH: dict[tuple[str, str | None], tuple[str, str]] = {
    ("{player} already has {skill}", None): ("{skill} : {player} l'a déjà", ""),
    (
        "A new team needs at least {count} player; this draft has {got}",
        "A new team needs at least {count} players; this draft has {got}",
    ): (
        "Une nouvelle équipe compte au moins {count} joueur ; ce brouillon en a {got}",
        "Une nouvelle équipe compte au moins {count} joueurs ; ce brouillon en a {got}",
    ),
    ("{count} star player", "{count} star players"): (
        "{count} joueur vedette",
        "{count} joueurs vedettes",
    ),
    ("{team}: {problem}", None): ("{team} — {problem}", ""),
}


def french(singular: str, plural: str | None, count: int | None) -> str:
    """French forms by the rule for French: 0 and 1 take the singular."""
    found = FRENCH.get((singular, plural))
    if found is None:
        return singular if plural is None or count == 1 else plural
    one, many = found
    return one if plural is None or count is None or count <= 1 else many


@pytest.fixture
def in_french() -> Iterator[None]:
    before = installed_translator()
    install_translator(french)
    try:
        yield
    finally:
        install_translator(before)


def test_a_wording_reads_in_english_by_default() -> None:
    sentence = say("{player} already has {skill}", player="Grim", skill="Block")
    assert str(sentence) == "Grim already has Block"
    assert sentence.english() == "Grim already has Block"
    assert english(sentence) == english("Grim already has Block") == "Grim already has Block"


def test_a_plural_agrees_with_its_count_in_english() -> None:
    def stars(n: int) -> Wording:
        return say_plural("{count} star player", "{count} star players", n)

    assert [str(stars(n)) for n in (0, 1, 2)] == [
        "0 star players",
        "1 star player",
        "2 star players",
    ]


def test_a_translation_reorders_the_values(in_french: None) -> None:
    sentence = say("{player} already has {skill}", player="Grim", skill="Block")
    assert str(sentence) == "Block : Grim l'a déjà"
    assert sentence.english() == "Grim already has Block"


def test_a_translation_takes_its_own_plural_forms(in_french: None) -> None:
    def stars(n: int) -> str:
        return str(say_plural("{count} star player", "{count} star players", n))

    # French puts 0 in the singular where English does not.
    assert [stars(n) for n in (0, 1, 3)] == [
        "0 joueur vedette",
        "1 joueur vedette",
        "3 joueurs vedettes",
    ]


def test_a_sentence_inside_a_sentence_is_translated_too(in_french: None) -> None:
    inner = say_plural("{count} star player", "{count} star players", 2)
    outer = say("{team}: {problem}", team="Reikland", problem=inner)
    assert str(outer) == "Reikland — 2 joueurs vedettes"
    assert outer.english() == "Reikland: 2 star players"


def test_an_untranslated_sentence_stays_english(in_french: None) -> None:
    assert str(say("{team} raised no Lineman this game", team="Vampires")) == (
        "Vampires raised no Lineman this game"
    )


def test_a_refusal_reads_in_the_active_language_and_stays_english_as_text(
    in_french: None,
) -> None:
    error = AdvancementError(say("{player} already has {skill}", player="Grim", skill="Block"))
    assert isinstance(error, RulesError)
    assert error.messages == ["Block : Grim l'a déjà"]
    assert str(error) == "Grim already has Block"  # logs and tracebacks


def test_a_refusal_mixes_plain_strings_and_wordings(in_french: None) -> None:
    error = RulesError(["Plain words", say("{player} already has {skill}", player="A", skill="B")])
    assert error.messages == ["Plain words", "B : A l'a déjà"]
    assert str(error) == "Plain words; A already has B"


def test_the_draft_rules_speak_the_active_language(in_french: None) -> None:
    bb2020 = get_ruleset("bb2020")
    problems = validate_draft(bb2020, DraftProposal("human", {"human-lineman": 10}))
    assert "Une nouvelle équipe compte au moins 11 joueurs ; ce brouillon en a 10" in [
        str(p) for p in problems
    ]
    assert "A new team needs at least 11 players; this draft has 10" in [
        english(p) for p in problems
    ]


def test_a_stored_sentence_reads_in_the_language_of_whoever_reads_it(in_french: None) -> None:
    inner = say_plural("{count} star player", "{count} star players", 2)
    stored = json.loads(
        json.dumps(as_plain(say("{team}: {problem}", team="Reikland", problem=inner)))
    )
    kept = from_plain(stored)
    assert str(kept) == "Reikland — 2 joueurs vedettes"
    assert kept.english() == "Reikland: 2 star players"
    assert kept == say("{team}: {problem}", team="Reikland", problem=inner)


def test_a_row_without_a_stored_sentence_shows_its_english_text(in_french: None) -> None:
    assert as_plain("already English") is None
    assert shown_from(None, "Reikland: 2 star players") == "Reikland: 2 star players"
    assert shown_from({"values": {}}, "kept as written") == "kept as written"
