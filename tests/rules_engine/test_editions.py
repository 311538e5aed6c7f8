"""Every registered edition implements the ``Edition`` protocol (rules_engine.edition),
and ``edition_for`` refuses what it does not know, saying which keys it knows."""

from __future__ import annotations

import inspect

import pytest

import rules_engine
from rules_engine import Edition, UnknownEditionError, edition_for, get_ruleset, list_rulesets
from rules_engine import editions as editions_module
from rules_engine.bb2020 import extra_time, forfeit, redraft
from rules_engine.dice import ScriptedDice
from rules_engine.edition import (
    CARRY_OVER,
    IMPROVEMENT_ROLL,
    NO_DEVELOPMENT,
    POINTS,
    RANK_KEYS,
    REDRAFT,
    SPEND_SPP,
    TOUCHDOWNS,
)
from rules_engine.editions import SEQUENCE_MODULES, edition_keys
from rules_engine.errors import AdvancementError
from rules_engine.tables import load_league_tables


def _implemented() -> list[str]:
    """Registered keys whose package has its ``edition`` module (an edition still being
    built may be registered before it has one; ``test_every_registered_*`` says so)."""
    keys = []
    for key in edition_keys():
        try:
            edition_for(key)
        except UnknownEditionError:
            continue
        keys.append(key)
    return keys


EDITIONS = _implemented()
# The members the protocol declares (properties and methods), read from the class.
MEMBERS = sorted(
    name
    for name, _ in inspect.getmembers(Edition)
    if not name.startswith("_") and name in Edition.__dict__
)


def test_the_three_shipped_editions_are_there():
    assert {"bb2020", "classic", "blitz_bowl"} <= set(EDITIONS)
    assert rules_engine.edition_for is edition_for


@pytest.mark.parametrize("key", EDITIONS)
def test_each_edition_satisfies_the_protocol(key):
    edition = edition_for(key)
    assert isinstance(edition, Edition)
    missing = [name for name in MEMBERS if not hasattr(edition, name)]
    assert not missing, f"{key} lacks {missing}"
    assert {"pre_game", "post_game", "take_advancement", "standings_rank_by"} <= set(MEMBERS)
    assert edition.key == key
    assert edition.ruleset() is get_ruleset(key)
    assert edition.name == get_ruleset(key).name
    assert edition_for(key) is edition  # one object per edition


@pytest.mark.parametrize("key", EDITIONS)
def test_each_edition_answers_every_question_in_its_own_terms(key):
    edition = edition_for(key)
    assert isinstance(edition.report_type, type)
    assert edition.scoring in (TOUCHDOWNS, POINTS)
    assert edition.standings_rank_by and set(edition.standings_rank_by) <= set(RANK_KEYS)
    assert edition.development in (SPEND_SPP, IMPROVEMENT_ROLL, NO_DEVELOPMENT)
    assert edition.earns_spp == bool(edition.development)
    assert (edition.casualty_spp > 0) == edition.earns_spp
    assert edition.hiring_step is None or isinstance(edition.hiring_step, str)
    assert edition.between_seasons in (REDRAFT, CARRY_OVER)
    assert (edition.redraft is not None) == (edition.between_seasons == REDRAFT)
    if not edition.has_gold:
        assert edition.playoff_prizes == ()
    places = [place for place, _ in edition.playoff_prizes]
    assert places == sorted(set(places))
    assert all(gold > 0 for _, gold in edition.playoff_prizes)
    assert edition.concession_award is None or callable(edition.concession_award)
    assert edition.sudden_death is None or callable(edition.sudden_death)
    load_league_tables(edition.league_tables_key)  # its players' limits exist


@pytest.mark.parametrize("key", EDITIONS)
def test_each_edition_is_registered_as_a_ruleset(key):
    assert key in list_rulesets()


def test_every_registered_sequences_module_has_its_edition():
    """Registering an edition is its package (with ``edition.EDITION``) and one line in
    ``SEQUENCE_MODULES``: a package registered without it is named here."""
    missing = [key for key in edition_keys() if key not in EDITIONS]
    assert not missing, (
        f"{missing}: add <package>/edition.py with EDITION: Edition (see rules_engine.edition)"
    )


def test_what_each_shipped_edition_says():
    bb2020, classic, blitz = (edition_for(k) for k in ("bb2020", "classic", "blitz_bowl"))
    assert bb2020.development == SPEND_SPP and classic.development == IMPROVEMENT_ROLL
    assert blitz.development == NO_DEVELOPMENT and not blitz.earns_spp
    assert bb2020.casualty_spp == classic.casualty_spp == 2 and blitz.casualty_spp == 0
    assert (bb2020.scoring, classic.scoring, blitz.scoring) == (TOUCHDOWNS, TOUCHDOWNS, POINTS)
    assert bb2020.standings_rank_by == classic.standings_rank_by == ("league_points",)
    assert blitz.standings_rank_by == ("wins", "points_scored")
    assert bb2020.hiring_step == "hiring_and_firing"
    assert classic.hiring_step is None and blitz.hiring_step is None
    assert bb2020.playoff_prizes == ((1, 100_000), (2, 60_000), (3, 30_000))
    assert classic.playoff_prizes == bb2020.playoff_prizes and blitz.playoff_prizes == ()
    assert bb2020.concession_award is forfeit.real_life_concession_award
    assert classic.concession_award is None and blitz.concession_award is None
    assert bb2020.sudden_death is extra_time.sudden_death and blitz.sudden_death is None
    assert (bb2020.between_seasons, classic.between_seasons) == (REDRAFT, CARRY_OVER)
    assert blitz.between_seasons == CARRY_OVER
    assert classic.league_tables_key == "bb2020" and bb2020.league_tables_key == "bb2020"


def test_bb2020_redraft_rules_are_the_engines():
    rules = edition_for("bb2020").redraft
    assert rules is not None
    assert rules.budget(50_000, 10, 5, 2, None) == redraft.redraft_budget(50_000, 10, 5, 2)
    assert rules.budget(900_000, 16, 12, 2, 1_300_000) == 1_300_000
    assert rules.rehire_fee(100_000, 2) == redraft.rehire_fee(100_000, 2)
    assert (rules.base, rules.per_game_played) == (redraft.REDRAFT_BASE, redraft.PER_GAME_PLAYED)


def test_blitz_bowl_players_do_not_develop():
    from rules_engine.bb2020.state import PlayerState

    blitz = edition_for("blitz_bowl")
    ruleset = blitz.ruleset()
    roster = next(iter(ruleset.rosters.values()))
    position = next(iter(roster.positions.values()))
    player = PlayerState(id=1, name="Grim", position_slug=position.slug)
    with pytest.raises(AdvancementError, match="do not gain advancements"):
        blitz.take_advancement(ruleset, player, "random_primary", ScriptedDice([]))
    assert blitz.advancement_options(ruleset, player) == ()


def test_edition_for_refuses_an_unknown_key_naming_the_known_ones():
    with pytest.raises(UnknownEditionError) as refused:
        edition_for("bb1987")
    message = str(refused.value)
    assert "'bb1987'" in message
    assert all(key in message for key in ("bb2020", "classic", "blitz_bowl"))
    assert isinstance(refused.value, LookupError)
    with pytest.raises(UnknownEditionError):
        edition_for(None)  # type: ignore[arg-type]


def test_edition_for_refuses_a_package_without_its_edition(monkeypatch):
    monkeypatch.setitem(SEQUENCE_MODULES, "half_done", "rules_engine.loaders")
    with pytest.raises(UnknownEditionError, match=r"rules_engine\.loaders\.edition has no EDITION"):
        edition_for("half_done")


def test_sequences_for_still_gives_the_package():
    assert editions_module.sequences_for("bb2020").__name__ == "rules_engine.bb2020"
    assert editions_module.between_seasons("classic") == CARRY_OVER
