"""A match's stored rolls stay the ones its results were made from.

A pre-game is re-run on the match's seed with each new answer, and only the rolls
not stored yet are added. Each stored step keeps a fingerprint of its rolls, so a
re-run that rolled the stored steps otherwise (only a change of the rules' code
between two answers can do that) is refused, nothing saved, instead of leaving
rolls in the audit that the result was not made from."""

from __future__ import annotations

import pytest

from matches import services
from matches.models import DiceRoll, Match
from tests.matches.factories import PRE_GAME_SEED, league_match

pytestmark = pytest.mark.django_db


def _waiting_pre_game() -> tuple[Match, dict]:
    s = league_match()
    match = services.open_match(s.home_coach, s.fixture)
    match = services.start_pre_game(s.home_coach, match, seed=PRE_GAME_SEED)
    assert match.pre_game_result["pending"], "the pre-game waits for a coach's answer"
    return match, {"home": s.home_coach, "away": s.away_coach}


def _answer(match: Match, coach: dict) -> Match:
    choice = match.pre_game_result["pending"][0]
    answer = "receive" if choice["kind"] == "kick_or_receive" else {}
    return services.submit_pre_game_choice(
        coach[choice["side"]], match, kind=choice["kind"], answer=answer
    )


def test_each_stored_step_keeps_a_fingerprint_of_its_rolls():
    match, _ = _waiting_pre_game()
    steps = match.pre_game_result["steps"]
    assert steps and all(len(step["dice"]) == 16 for step in steps)
    rolled = [step for step in steps if step["rolls"]]
    assert rolled, "the pre-game rolled before it waited"
    assert len({step["dice"] for step in rolled}) == len(rolled)


def test_an_answer_re_runs_the_pre_game_and_the_stored_rolls_still_match():
    match, coach = _waiting_pre_game()
    before = DiceRoll.objects.filter(match=match).count()
    match = _answer(match, coach)
    assert DiceRoll.objects.filter(match=match).count() >= before


def test_a_re_run_that_rolls_a_stored_step_otherwise_is_refused_and_nothing_saved():
    match, coach = _waiting_pre_game()
    stored = match.pre_game_result
    rolled = next(step for step in stored["steps"] if step["rolls"])
    rolled["dice"] = "0" * 16  # as if the step had rolled otherwise when it was stored
    Match.objects.filter(pk=match.pk).update(pre_game_result=stored)
    rolls = DiceRoll.objects.filter(match=match).count()
    with pytest.raises(RuntimeError, match="did not replay the same"):
        _answer(Match.objects.get(pk=match.pk), coach)
    match.refresh_from_db()
    assert match.pre_game_result["steps"][0]["dice"] == stored["steps"][0]["dice"]
    assert DiceRoll.objects.filter(match=match).count() == rolls
