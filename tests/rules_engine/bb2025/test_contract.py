"""The public contract of ``rules_engine.bb2025``, the re-draft, prizes and unplayed
fixtures, against the numbers of shared/rules/bb2025-league-facts.md (each test names
its section)."""

from __future__ import annotations

import inspect

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025.forfeit import forfeit_aftermath
from rules_engine.bb2025.redraft import characteristic_reductions, recover_between_seasons
from rules_engine.dice import ScriptedDice
from rules_engine.editions import edition_for
from rules_engine.errors import RulesError

CONTRACT = (
    "winnings",
    "advancement_cost",
    "value_increase",
    "dedicated_fans_change",
    "expensive_mistake",
    "petty_cash",
    "redraft_budget",
    "pre_game",
    "post_game",
    "take_advancement",
)


def test_the_contract_is_exported() -> None:
    assert get_ruleset("bb2025").key == "bb2025"
    for name in CONTRACT:
        assert callable(getattr(bb2025, name)) and name in bb2025.__all__
    assert list(inspect.signature(bb2025.redraft_budget).parameters) == [
        "treasury",
        "games_played",
        "league_wins",
        "league_draws",
        "cap",
    ]


# --- section 8, step 5: Expensive Mistakes ---------------------------------------------

MISTAKES = {
    1: ("Minor", "Minor", "Major", "Major", "Catastrophe", "Catastrophe"),
    2: ("Averted", "Minor", "Minor", "Major", "Major", "Catastrophe"),
    3: ("Averted", "Averted", "Minor", "Minor", "Major", "Major"),
    4: ("Averted", "Averted", "Averted", "Minor", "Minor", "Major"),
    5: ("Averted", "Averted", "Averted", "Averted", "Minor", "Minor"),
    6: ("Averted", "Averted", "Averted", "Averted", "Averted", "Minor"),
}
NAMES = {
    "Averted": "Crisis Averted",
    "Minor": "Minor Incident",
    "Major": "Major Incident",
    "Catastrophe": "Catastrophe",
}
COLUMNS = (100_000, 200_000, 300_000, 400_000, 500_000, 600_000)


@pytest.mark.parametrize("d6", MISTAKES)
def test_expensive_mistakes_table(d6: int) -> None:
    """Facts §8 step 5: the table by Treasury column; nothing below 100,000."""
    for column, short in zip(COLUMNS, MISTAKES[d6], strict=True):
        assert bb2025.expensive_mistake(column, d6) == NAMES[short]
        assert bb2025.expensive_mistake(column + 95_000, d6) == NAMES[short]
    assert bb2025.expensive_mistake(95_000, d6) == "Crisis Averted"


def test_petty_cash_book_example() -> None:
    """Facts §4: CTVs 1,240,000 and 1,160,000, the higher team spends 50,000 of its
    Treasury: the lower team gets 80,000 + 50,000."""
    assert bb2025.petty_cash(1_240_000, 1_160_000, 50_000) == 130_000


# --- section 11: re-draft --------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "budget"),
    [
        ((0, 0, 0, 0), 1_000_000),
        # 6 fixtures, 3 won, 1 drawn: 120,000 + 60,000 + 10,000, and the Treasury.
        ((40_000, 6, 3, 1), 1_230_000),
        ((50_000, 7, 4, 1), 1_000_000 + 50_000 + 140_000 + 80_000 + 10_000),
        ((250_000, 13, 10, 2), 1_300_000),  # the book's recommended cap, on by default
    ],
)
def test_redraft_budget(args: tuple[int, int, int, int], budget: int) -> None:
    """Facts §11 Raise Funds: 1,000,000 + Treasury + 20,000 per fixture played + 20,000
    per win + 10,000 per draw; cap 1,300,000 (§13.5)."""
    assert bb2025.redraft_budget(*args) == budget


def test_redraft_budget_with_a_league_cap() -> None:
    """Facts §13.5: the cap is league-configurable."""
    assert bb2025.redraft_budget(250_000, 13, 10, 2, cap=1_500_000) == 1_500_000
    assert bb2025.redraft_budget(0, 13, 0, 0, cap=2_000_000) == 1_260_000
    with pytest.raises(RulesError):
        bb2025.redraft_budget(0, 3, 3, 1)


def test_rehire_fee_book_example() -> None:
    """Facts §11: value 145,000, one previous season -> 165,000."""
    redraft = edition_for("bb2025").redraft
    assert redraft is not None and redraft.rehire_fee(145_000, 1) == 165_000


def test_rest_and_relaxation() -> None:
    """Facts §11 Rest & Relaxation: MNG recover; Niggling Injury D6 (+1 apothecary) 4+
    removes it; acquired Hatred D6 4+ loses it (printed Hatred never rolled); each
    characteristic reduction of a Temporarily Retired player D6 (+1 apothecary) 4+."""
    ruleset = get_ruleset("bb2025")
    niggled = PlayerState(
        id=1, name="N", position_slug="human-lineman", niggling_injuries=2, miss_next_game=True
    )
    hater = PlayerState(
        id=2,
        name="H",
        position_slug="human-lineman",
        skills=("Block", "Hatred (Orc)", "Hatred (Elf)"),
    )
    # A Lineman (MA 6, ST 3, AV 9) who lost 1 MA and 1 AV, with one MA improvement.
    retired = PlayerState(
        id=3,
        name="R",
        position_slug="human-lineman",
        temporarily_retired=True,
        ma=6,
        av=8,
        characteristic_improvements=("ma",),
    )
    assert characteristic_reductions(ruleset, retired) == {"ma": 1, "av": 1}
    team = TeamState(
        name="T", roster_slug="human", players=(niggled, hater, retired), apothecary=True
    )
    # Niggling 3 (+1: removed), 2 (kept); Hatred (Orc) 4 lost, (Elf) 3 kept; MA 2 (+1:
    # kept), AV 3 (+1: removed).
    dice = ScriptedDice([3, 2, 4, 3, 2, 3])
    found = recover_between_seasons(team, dice, ruleset)
    assert dice.remaining == 0
    after = {p.id: p for p in found.team.players}
    assert after[1].niggling_injuries == 1 and not after[1].miss_next_game
    assert after[2].skills == ("Block", "Hatred (Elf)")
    assert (after[3].ma, after[3].av) == (6, 9)
    assert found.recovered == (1,)
    assert found.hatred[2] == (("Hatred (Orc)", 4, True), ("Hatred (Elf)", 3, False))
    troll_slayer = TeamState(
        name="D",
        roster_slug="dwarf",
        players=(PlayerState(id=9, name="S", position_slug="dwarf-troll-slayer"),),
    )
    assert recover_between_seasons(troll_slayer, ScriptedDice([]), ruleset).hatred == {}


# --- section 10: prizes ----------------------------------------------------------------


def test_prizes() -> None:
    """Facts §10 Glittering Prizes: 1st 100,000, 2nd 60,000, 3rd 30,000 (the third-place
    play-off winner only)."""
    assert edition_for("bb2025").playoff_prizes == ((1, 100_000), (2, 60_000), (3, 30_000))


# --- sections 9 and 13.4: unplayed fixtures --------------------------------------------


def test_real_life_concession() -> None:
    """Facts §9 and §13.4: recorded 0-2; the conceder rolls Dedicated Fans as for a
    loss, the other team as for a win; the award is D6 x 10,000 and two MVP awards;
    players due to miss a game count the fixture as the one they missed."""
    edition = edition_for("bb2025")
    assert edition.forfeit_score == (0, 2) and edition_for("bb2020").forfeit_score == (0, 1)
    hurt = PlayerState(id=1, name="H", position_slug="human-lineman", miss_next_game=True)
    home = TeamState(name="H", roster_slug="human", players=(hurt,), dedicated_fans=3)
    away = TeamState(name="A", roster_slug="human", dedicated_fans=3)
    aftermath = forfeit_aftermath(home, away, ScriptedDice([1, 3]), conceded_by="home")
    assert aftermath.dedicated_fans["home"].after == 2  # loss, 1 < 3
    assert aftermath.dedicated_fans["away"].after == 4  # win, 3 >= 3
    assert aftermath.recovered == {"home": (1,), "away": ()}
    award = edition.concession_award
    assert award is not None
    players = tuple(
        PlayerState(id=n, name=f"P{n}", position_slug="human-lineman", number=n)
        for n in range(1, 12)
    )
    paid = award(away.evolve(players=players), ScriptedDice([4, 1, 2]))
    assert paid.gold == 40_000 and len(paid.mvp_player_ids) == 2


def test_unplayed_fixture_is_a_loss_for_both() -> None:
    """Facts §13.4: each team rolls Dedicated Fans as for a loss."""
    home = TeamState(name="H", roster_slug="human", dedicated_fans=3)
    away = TeamState(name="A", roster_slug="human", dedicated_fans=1)
    aftermath = forfeit_aftermath(home, away, ScriptedDice([2, 6]))
    assert {s: r.result for s, r in aftermath.dedicated_fans.items()} == {
        "home": "loss",
        "away": "loss",
    }
    assert (aftermath.dedicated_fans["home"].after, aftermath.dedicated_fans["away"].after) == (
        2,
        1,
    )


# --- section 13: Dugout's reading ------------------------------------------------------


def test_dugouts_reading_lists_section_13() -> None:
    """DUGOUTS_READING is exactly section 13's fifteen decisions, in its order."""
    reading = bb2025.DUGOUTS_READING
    assert len(reading) == 15
    firsts = (
        "MVP",
        "opponent",
        "Without Penalty",
        "real-life",
        "Re-draft money",
        "re-draft",
        "agent's fee",
        "League Trophy",
        "mercenary",
        "Hatred",
        "Low Cost Linemen",
        "special rules",
        "BB2020 to BB2025",
        "Slann",
        "Skaven Blitzer",
    )
    for text, word in zip(reading, firsts, strict=True):
        assert word in text.english()
