"""The rules texts a match page quotes from the rules data are in the catalogues: each
Blitz Bowl Regional League description is listed for translation, word for word."""

from __future__ import annotations

from django.utils import translation

from matches.selectors.pre_game_sheet import STEP_LINES
from matches.selectors.rule_texts import REGIONAL_RULE_TEXTS
from rules_engine.blitz_bowl.regional import regional_rule


def test_every_regional_rule_description_is_listed_for_translation():
    descriptions = [regional_rule(roll).description for roll in range(1, 9)]
    assert list(REGIONAL_RULE_TEXTS) == descriptions


def test_the_pre_game_shows_the_description_through_the_catalogue():
    entry = regional_rule(4)
    outcome = {
        "regional_rule": entry.name,
        "roll": 4,
        "rolled_by": "home",
        "description": entry.description,
    }

    def lines() -> list[str]:
        return STEP_LINES["regional_rules"](outcome, {"home": "Reikland"}, None)

    assert entry.description in lines()
    with translation.override("fr"):
        assert translation.gettext(entry.description) in lines()
