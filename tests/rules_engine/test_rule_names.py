"""Table results compare as a reader would: the text's capitals and curly
apostrophes ("DEAD", "KO’d") match the plain spellings a caller types."""

import pytest

from rules_engine import get_ruleset
from rules_engine.tables import RuleName


@pytest.mark.parametrize(
    ("table", "roll", "spellings"),
    [
        ("casualty", 15, ["DEAD", "Dead", "dead"]),
        ("injury", 8, ["KO’d", "KO'd", "ko'd"]),
        ("injury", 10, ["Casualty!", "Casualty"]),
        ("lasting_injury", 1, ["HEAD INJURY", "Head Injury"]),
        ("weather", 11, ["Pouring Rain"]),
    ],
)
def test_result_names_match_the_texts_spellings(table, roll, spellings):
    name = str(get_ruleset("bb2020").table(table).lookup(roll))
    for spelling in spellings:
        assert name == spelling
        assert spelling == name


def test_different_results_stay_different():
    assert RuleName("Badly Hurt") != "Seriously Hurt"
    assert RuleName("Pouring Rain") != "Blizzard"
    assert (RuleName("Dead") != "DEAD") is False
