"""The play-off prizes wait for the final post-game phase, read by its stored value."""

from leagues.services.bracket import FINAL_PHASE
from matches.models_postgame import ApplicationPhase


def test_the_bracket_waits_for_the_matches_apps_final_phase():
    assert ApplicationPhase.FINAL.value == FINAL_PHASE
