"""Loader of the classic league ruleset (LRB era).

The classic texts (``shared/rules/classic-*``) carry the league match sequence
and its tables but no team rosters, star players or inducement list. The
ruleset therefore shares Blood Bowl 2020's rosters, star players, skills and
inducements (loaded and validated by the BB2020 loader) and brings its own
tables (``data/classic/tables.json``, read by ``rules_engine.classic.tables``).

AG stays BB2020's target number on every position: the classic Agility table
maps AG 1-6 to 6+..1+, so AG3+ is classic AG4 (``classic.agility_target`` and
``classic.classic_agility`` convert).

The classic texts give no team draft either: the draft numbers are BB2020's,
with the Fan Factor bought and kept where BB2020 keeps Dedicated Fans.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.classic.tables import load_classic_tables
from rules_engine.draft import DRAFT_RULES, DraftRules
from rules_engine.errors import RulesetDataError
from rules_engine.loaders.bb2020 import load_bb2020
from rules_engine.ruleset import Ruleset

KEY = "classic"
NAME = "Classic league rules (LRB)"
DESCRIPTION = (
    "Classic league match sequence (LRB-era tables) with the Blood Bowl 2020 team rosters, "
    "as the classic texts ship no rosters"
)

DRAFT_RULES.setdefault(KEY, DraftRules())


def load_classic(
    tables_loader: Callable[[str], Mapping[str, Any]] = load_classic_tables,
) -> Ruleset:
    """Build the classic ruleset: BB2020's rosters, stars, skills and inducements with
    the classic tables. Fails with RulesetDataError if either side's data is broken."""
    # Not get_ruleset("bb2020"): the registry holds its lock while this loader runs.
    base = load_bb2020()
    try:
        tables_loader(KEY)
    except RulesetDataError as error:
        raise RulesetDataError(f"the classic data failed validation:\n- {error}") from error
    return Ruleset(
        key=KEY,
        name=NAME,
        description=DESCRIPTION,
        rosters=base.rosters,
        star_players=base.star_players,
        skills=base.skills,
        inducements=base.inducements,
        tables_loader=tables_loader,
    )
