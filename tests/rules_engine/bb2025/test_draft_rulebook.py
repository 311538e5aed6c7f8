"""The BB2025 team draft, Team Captain and team value as the rulebook has them, each
test citing shared/rules/bb2025-league-facts.md (sections 1, 2, 3 and 13)."""

from __future__ import annotations

import pytest

from rules_engine import DraftProposal, draft_cost, get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.draft import (
    CaptainState,
    captain_fire_problems,
    draft_rules_for,
    may_name_new_captain,
    new_captain_problems,
)
from rules_engine.ruleset import Ruleset
from rules_engine.team_value import breakdown_of, player_current_value
from tests.rules_engine.english import in_english, validate_draft


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def humans(**changes: object) -> DraftProposal:
    values: dict[str, object] = {
        "roster_slug": "human",
        "players": {"human-lineman": 11},
        "captain_position": "human-lineman",
    }
    values.update(changes)
    return DraftProposal(**values)  # type: ignore[arg-type]


# --- section 1: the draft --------------------------------------------------------------


def test_budget_and_player_counts(ruleset: Ruleset) -> None:
    """Facts §1: budget 1,000,000; at least 11 players, never more than 16."""
    rules = draft_rules_for(ruleset)
    assert (rules.budget, rules.min_players, rules.max_players) == (1_000_000, 11, 16)
    assert validate_draft(ruleset, humans()) == []
    assert any(
        "at least 11" in p for p in validate_draft(ruleset, humans(players={"human-lineman": 10}))
    )
    assert any(
        "at most 16" in p for p in validate_draft(ruleset, humans(players={"human-lineman": 17}))
    )


def test_dedicated_fans_at_the_draft(ruleset: Ruleset) -> None:
    """Facts §1: DF starts at 1 and may be raised during the draft to 3 at most, 5,000
    per step (1 -> 3 costs 10,000)."""
    assert draft_cost(ruleset, humans(dedicated_fans=3)).dedicated_fans == 10_000
    assert draft_cost(ruleset, humans(dedicated_fans=2)).dedicated_fans == 5_000
    assert validate_draft(ruleset, humans(dedicated_fans=3)) == []
    assert validate_draft(ruleset, humans(dedicated_fans=4)) == [
        "A new team may have at most 3 Dedicated Fans; this draft has 4"
    ]
    assert validate_draft(ruleset, humans(dedicated_fans=0))


def test_dedicated_fans_in_league_play_stay_between_1_and_7(ruleset: Ruleset) -> None:
    """Facts §1: in league play DF stays between 1 and 7."""
    rules = draft_rules_for(ruleset)
    assert [rules.dedicated_fans_in_league(n) for n in (0, 1, 7, 8)] == [1, 1, 7, 7]
    # BB2020 states no upper cap.
    assert draft_rules_for(get_ruleset("bb2020")).dedicated_fans_in_league(9) == 9


def test_sideline_staff_limits(ruleset: Ruleset) -> None:
    """Facts §1: cheerleaders 0-6 (BB2020 0-12), assistant coaches 0-6, apothecary 0-1 at
    50,000 only where the roster allows one; the limits are the same when hiring later
    (``teams.services.treasury.hire_staff`` reads these maxima)."""
    rules = draft_rules_for(ruleset)
    assert (rules.max_cheerleaders, rules.max_assistant_coaches, rules.max_apothecaries) == (
        6,
        6,
        1,
    )
    assert draft_rules_for(get_ruleset("bb2020")).max_cheerleaders == 12
    assert validate_draft(ruleset, humans(cheerleaders=6, assistant_coaches=6)) == []
    assert validate_draft(ruleset, humans(cheerleaders=7)) == [
        "A new team may have at most 6 cheerleaders; this draft has 7"
    ]
    assert draft_cost(ruleset, humans(apothecary=True)).apothecary == 50_000
    zombies = DraftProposal("necromantic-horror", players={"zombie-lineman": 11}, apothecary=True)
    assert validate_draft(ruleset, zombies) == [
        "Necromantic Horror teams may not hire an apothecary"
    ]


def test_rerolls_at_the_roster_price_then_double(ruleset: Ruleset) -> None:
    """Facts §1: re-rolls 0-8 at the roster's price at the draft, double later; TV counts
    them at the roster price."""
    rules = draft_rules_for(ruleset)
    human = ruleset.roster("human")
    assert draft_cost(ruleset, humans(rerolls=2)).rerolls == 100_000
    assert validate_draft(ruleset, humans(rerolls=9)) == [
        "A new team may have at most 8 team re-rolls; this draft has 9"
    ]
    assert rules.reroll_price_after_draft(human) == 100_000
    team = TeamState(name="H", roster_slug="human", rerolls=3)
    assert breakdown_of(ruleset, team).rerolls == 150_000


def test_insignificant_players_at_the_draft(ruleset: Ruleset) -> None:
    """Facts §1: at the draft a team may not hold more Insignificant players than players
    without it (Snotling Linemen are Insignificant)."""
    others = {"fun-hoppa": 2, "stilty-runna": 2, "fungus-flinga": 1}
    even = DraftProposal("snotling", players={"snotling-lineman": 5, **others, "pump-wagon": 1})
    assert validate_draft(ruleset, even) == []
    over = DraftProposal("snotling", players={"snotling-lineman": 6, **others})
    assert validate_draft(ruleset, over) == [
        "A new Snotling team may not have more Insignificant players than players "
        "without it; this draft has 6 and 5"
    ]


@pytest.mark.parametrize(
    ("roster", "big_guy", "cap"),
    [
        ("chaos-chosen", "troll", 1),
        ("chaos-renegades", None, 3),
        ("old-world-alliance", None, 1),
        ("underworld-denizens", None, 1),
    ],
)
def test_big_guy_caps(ruleset: Ruleset, roster: str, big_guy: str | None, cap: int) -> None:
    """Facts §2: Big Guy caps exist only for Chaos Chosen 1, Chaos Renegades 3, Old World
    Alliance 1, Underworld Denizens 1; elsewhere each position's QTY is the only limit."""
    assert ruleset.roster(roster).max_big_guys == cap


def test_no_other_roster_caps_big_guys_below_their_positions(ruleset: Ruleset) -> None:
    capped = {
        slug
        for slug, roster in ruleset.rosters.items()
        if roster.max_big_guys is not None
        and roster.max_big_guys < sum(p.max_count for p in roster.positions.values() if p.big_guy)
    }
    assert capped == {
        "chaos-chosen",
        "chaos-renegades",
        "old-world-alliance",
        "underworld-denizens",
    }
    chosen = DraftProposal(
        "chaos-chosen",
        players={"beastmen-lineman": 10, "troll": 1, "minotaur": 1},
        special_rule_choice=ruleset.roster("chaos-chosen").special_rule_choices[0],
    )
    assert "Chaos Chosen teams may have at most 1 Big Guy; this draft has 2" in validate_draft(
        ruleset, chosen
    )


def test_league_trophy_reroll_counts_toward_the_cap(ruleset: Ruleset) -> None:
    """Facts §10 and §13.8: the trophy's re-roll counts in TV and toward the cap of 8; a
    holder already at 8 gets no extra."""
    rules = draft_rules_for(ruleset)
    assert rules.may_buy_reroll(7) and not rules.may_buy_reroll(7, league_trophies=1)
    assert rules.trophy_rerolls(8, 1) == 0 and rules.trophy_rerolls(3, 1) == 1
    at_cap = TeamState(name="H", roster_slug="human", rerolls=8, league_trophies=1)
    assert breakdown_of(ruleset, at_cap).league_trophy == 0
    holder = TeamState(name="H", roster_slug="human", rerolls=2, league_trophies=1)
    assert breakdown_of(ruleset, holder).team_value == 3 * 50_000


# --- section 2: Team Captain -----------------------------------------------------------


def test_captain_is_named_at_the_draft_and_is_no_big_guy(ruleset: Ruleset) -> None:
    """Facts §2: at the draft one player of the starting roster who is not a Big Guy."""
    assert validate_draft(ruleset, humans(captain_position=None)) == [
        "Human teams name a Team Captain"
    ]
    ogre = humans(players={"human-lineman": 11, "human-ogre": 1}, captain_position="human-ogre")
    assert validate_draft(ruleset, ogre) == ["A Big Guy cannot be Human Team Captain"]
    assert validate_draft(ruleset, humans(captain_position="human-blitzer")) == [
        "The Team Captain must be one of the players drafted"
    ]


def test_captain_may_be_fired_only_after_a_characteristic_reduction(ruleset: Ruleset) -> None:
    """Facts §2: he may be fired only if he has a characteristic reduction from injury."""
    rules, human = draft_rules_for(ruleset), ruleset.roster("human")
    assert in_english(captain_fire_problems(rules, human, CaptainState(is_captain=True))) == [
        "The Human Team Captain may be fired only once an injury has reduced one of his "
        "characteristics"
    ]
    hurt = CaptainState(is_captain=True, characteristic_reductions=1)
    assert in_english(captain_fire_problems(rules, human, hurt)) == []
    assert in_english(captain_fire_problems(rules, human, CaptainState())) == []


def test_new_captain_in_the_next_pre_game(ruleset: Ruleset) -> None:
    """Facts §2, May 2026 erratum: once the captain leaves the roster for any reason, a
    new one may be named in the next fixture's Pre-game Sequence (never a Big Guy)."""
    rules = draft_rules_for(ruleset)
    human, elves = ruleset.roster("human"), ruleset.roster("wood-elf")
    assert may_name_new_captain(rules, human, has_captain=False)
    assert not may_name_new_captain(rules, human, has_captain=True)
    assert not may_name_new_captain(rules, elves, has_captain=False)
    assert new_captain_problems(rules, human, "human-blitzer") == []
    assert in_english(new_captain_problems(rules, human, "human-ogre")) == [
        "A Big Guy cannot be Human Team Captain"
    ]


# --- section 3: TV and CTV -------------------------------------------------------------


def _ogres(*players: PlayerState) -> TeamState:
    return TeamState(name="O", roster_slug="ogre", players=players)


def test_low_cost_linemen_tv_keeps_the_fee_ctv_drops_it(ruleset: Ruleset) -> None:
    """Facts §3 and §13.11: Low Cost Linemen - TV keeps the Lineman's fee, CTV counts it
    0; value increases still count; journeymen of such a team add 0 for their fee."""
    gnoblar = PlayerState(
        id=1, name="G", position_slug="ogre-gnoblar-lineman", value_increases=20_000
    )
    ogre = PlayerState(id=2, name="B", position_slug="ogre-blocker")
    journeyman = PlayerState(id=3, name="J", position_slug="ogre-gnoblar-lineman", journeyman=True)
    values = breakdown_of(ruleset, _ogres(gnoblar, ogre, journeyman))
    assert values.team_value == 15_000 + 20_000 + 140_000
    assert values.current_team_value == 20_000 + 140_000
    roster = ruleset.roster("ogre")
    assert player_current_value(ruleset, roster, gnoblar) == 35_000


def test_temporarily_retired_and_mng_players_leave_ctv(ruleset: Ruleset) -> None:
    """Facts §3: CTV = TV less Miss Next Game and Temporarily Retired players."""
    mng = PlayerState(id=1, name="A", position_slug="ogre-gnoblar-lineman", miss_next_game=True)
    retired = PlayerState(id=2, name="B", position_slug="ogre-blocker", temporarily_retired=True)
    values = breakdown_of(ruleset, _ogres(mng, retired))
    assert values.team_value == 155_000
    assert values.current_team_value == 0


def test_bb2020_low_cost_linemen_reading_is_kept() -> None:
    """BB2020 (our reading there): the fee is left out of the current value itself."""
    bb2020 = get_ruleset("bb2020")
    gnoblar = PlayerState(id=1, name="G", position_slug="ogre-gnoblar-lineman")
    assert breakdown_of(bb2020, _ogres(gnoblar)).team_value == 0
