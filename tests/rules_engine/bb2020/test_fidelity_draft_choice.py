"""BB2020 fidelity fix: a Chaos Chosen, Chaos Renegades or Norse team
chooses its "Favoured of ..." / league option when drafted (facts section 1); what
depends on it is checked at the inducements (test_fidelity_fixes.py)."""

from __future__ import annotations

import pytest

from rules_engine.draft import DraftProposal
from tests.rules_engine.english import validate_draft

CHAOS_GODS = (
    "Favoured of Chaos Undivided, Favoured of Hashut, Favoured of Khorne, "
    "Favoured of Nurgle, Favoured of Slaanesh, Favoured of Tzeentch"
)


@pytest.mark.parametrize(
    ("roster", "lineman", "options"),
    [
        ("chaos-chosen", "chaos-chosen-beastman-runner-lineman", CHAOS_GODS),
        ("chaos-renegades", "chaos-renegades-renegade-human-lineman", CHAOS_GODS),
        ("norse", "norse-raider-lineman",
         "Old World Classic, Favoured of Khorne, Favoured of Chaos Undivided"),
    ],
)  # fmt: skip
def test_a_team_with_a_choice_must_make_it_when_drafted(bb2020, roster, lineman, options):
    name = bb2020.roster(roster).name
    problems = validate_draft(bb2020, DraftProposal(roster, {lineman: 11}))
    assert problems == [f"{name} teams choose one of {options} when drafted"]
    chosen = bb2020.roster(roster).special_rule_choices[0]
    assert (
        validate_draft(bb2020, DraftProposal(roster, {lineman: 11}, special_rule_choice=chosen))
        == []
    )
