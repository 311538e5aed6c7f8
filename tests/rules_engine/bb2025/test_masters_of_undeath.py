"""Masters of Undeath in the BB2025 post-game (shared/rules/bb2025-league-facts.md
section 2, "Masters of Undeath"; section 8, step 4): once per game an opposing player
with ST 4 or less and without Stunty who suffers a Dead result raises one of the
team's roster Linemen; in step 4 the coach may keep him for free while the roster has
fewer than 16 players, and he adds his full value to Team Value."""

from __future__ import annotations

import json
from typing import Any

import pytest

import rules_engine.bb2025 as bb2025
from rules_engine import get_ruleset
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.bb2025 import Bb2025MatchReport, Bb2025PlayerReport, Bb2025TeamReport
from rules_engine.bb2025.masters_of_undeath import lineman_positions, rule
from rules_engine.dice import SeededDice
from rules_engine.errors import RulesError
from rules_engine.ruleset import Ruleset
from rules_engine.tables import DATA_DIR
from rules_engine.wording import english

ZOMBIE = "shambling-undead-zombie-lineman"
SKELETON = "shambling-undead-skeleton-lineman"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return get_ruleset("bb2025")


def team(name: str, roster: str, position: str, count: int = 11, **first: Any) -> TeamState:
    players = [
        PlayerState(id=f"{name}-{n}", name=f"{name} {n}", position_slug=position, number=n)
        for n in range(1, count + 1)
    ]
    if first:
        players[0] = players[0].evolve(**first)
    return TeamState(
        name=name, roster_slug=roster, players=tuple(players), treasury=30_000, dedicated_fans=1
    )


def undead(count: int = 11) -> TeamState:
    return team("U", "shambling-undead", ZOMBIE, count)


def humans(position: str = "human-lineman", **first: Any) -> TeamState:
    return team("H", position.split("-")[0], position, **first)


def report(*dead: str) -> Bb2025MatchReport:
    """The humans' (away) players ``dead`` died."""
    away = Bb2025TeamReport(
        fan_factor=2, players=tuple(Bb2025PlayerReport(pid, killed=True) for pid in dead)
    )
    return Bb2025MatchReport(Bb2025TeamReport(fan_factor=2), away)


def nominees(home: TeamState, away: TeamState) -> dict[str, Any]:
    return {
        "mvp_nominees": {
            "home": [p.id for p in home.players][:6],
            "away": [p.id for p in away.players if p.id not in ("H-1", "H-2", "H-3")][:6],
        }
    }


def run(
    ruleset: Ruleset,
    home: TeamState,
    away: TeamState,
    match: Bb2025MatchReport,
    answer: dict[str, Any] | None = None,
) -> Any:
    choices = nominees(home, away)
    if answer is not None:
        choices.update(home=answer, away={})
    return bb2025.post_game(ruleset, home, away, match, SeededDice(3), choices=choices)


def offers(result: Any) -> list[Any]:
    return [c for c in result.pending if c.kind == "keep_raised"]


def test_the_rule_is_data_pinned_to_the_rule_text() -> None:
    """Facts §2: ST 4 or less, not Stunty, one Lineman a game, hired for free."""
    data = json.loads((DATA_DIR / "bb2025" / "masters_of_undeath.json").read_text())
    assert data == rule()
    assert data["special_rule"] == "Masters of Undeath"
    assert data["victim_maximum_strength"] == 4
    assert data["victim_excluded_skill"] == "Stunty"
    assert data["raised_keyword"] == "Lineman"
    assert data["raised_per_game"] == 1
    assert data["price"] == 0


@pytest.mark.parametrize(
    ("roster", "linemen"),
    [
        ("shambling-undead", {SKELETON, ZOMBIE}),
        ("necromantic-horror", {"necromantic-horror-zombie-lineman"}),
        ("tomb-kings", {"tomb-kings-skeleton-lineman"}),
        ("vampire", {"vampire-thrall-lineman"}),
    ],
)
def test_the_four_rosters_and_their_linemen(
    ruleset: Ruleset, roster: str, linemen: set[str]
) -> None:
    """Facts §2 table: Necromantic Horror, Shambling Undead, Tomb Kings, Vampire."""
    found = ruleset.roster(roster)
    assert found.has_special_rule("Masters of Undeath")
    assert {p.slug for p in lineman_positions(found)} == linemen


def test_a_dead_st3_lineman_raises_one_kept_for_free(ruleset: Ruleset) -> None:
    """Facts §2: an opposing ST 3 Lineman died: step 4 offers the raised Lineman; kept,
    he is a 0-SPP rookie, costs nothing and adds his full value to TV."""
    home, away = undead(), humans()
    held = run(ruleset, home, away, report("H-1"))
    (offer,) = offers(held)
    assert offer.side == "home"
    assert english(offer.prompt) == "Keep the raised Skeleton Lineman or Zombie Lineman for free?"
    assert set(offer.options["positions"]) == {SKELETON, ZOMBIE}
    assert offer.options["places"] == 5
    before = run(ruleset, home, away, report("H-1"), {}).home
    kept = run(ruleset, home, away, report("H-1"), {"keep_raised": ZOMBIE}).home
    assert before.raised_lineman is not None and before.raised_lineman.victim_id == "H-1"
    assert before.kept_raised is None and len(before.team.players) == 11
    assert kept.kept_raised == ZOMBIE and len(kept.team.players) == 12
    new = kept.team.players[-1]
    assert (new.position_slug, new.spp, new.journeyman) == (ZOMBIE, 0, False)
    assert kept.team.treasury == before.team.treasury  # free
    assert kept.team_value == before.team_value + 40_000  # his full value
    assert "journeyman_hired" not in {c.reason for c in kept.treasury_changes}


def test_the_coach_names_the_position_where_there_are_two(ruleset: Ruleset) -> None:
    """Shambling Undead have two Lineman positions: the coach says which."""
    with pytest.raises(RulesError, match="Name the Lineman position"):
        run(ruleset, undead(), humans(), report("H-1"), {"keep_raised": True})
    with pytest.raises(RulesError, match="not a Lineman position"):
        run(ruleset, undead(), humans(), report("H-1"), {"keep_raised": "human-lineman"})
    tomb = team("T", "tomb-kings", "tomb-kings-skeleton-lineman")
    kept = run(ruleset, tomb, humans(), report("H-1"), {"keep_raised": True}).home
    assert kept.kept_raised == "tomb-kings-skeleton-lineman"


@pytest.mark.parametrize(
    ("position", "first"),
    [
        ("human-ogre", {}),  # ST 5
        ("human-lineman", {"st": 5}),  # ST raised to 5 by an advancement
        ("human-lineman", {"skills": ("Stunty",)}),
        ("goblin-lineman", {}),  # Stunty on the position
    ],
)
def test_a_strong_or_stunty_victim_raises_none(
    ruleset: Ruleset, position: str, first: dict[str, Any]
) -> None:
    """Facts §2: only a victim with ST 4 or less and without Stunty."""
    away = humans(position, **first)
    result = run(ruleset, undead(), away, report("H-1"))
    assert offers(result) == []
    done = run(ruleset, undead(), away, report("H-1"), {}).home
    assert done.raised_lineman is None
    with pytest.raises(RulesError, match="raised no Lineman"):
        run(ruleset, undead(), away, report("H-1"), {"keep_raised": ZOMBIE})


def test_only_once_per_game(ruleset: Ruleset) -> None:
    """Facts §2: "once per game": two deaths raise one Lineman; the first qualifying
    death is the one (an ST 5 first death does not use it up)."""
    away = humans().evolve(players=(humans().players[0].evolve(st=5), *humans().players[1:]))
    result = run(ruleset, undead(), away, report("H-1", "H-2", "H-3"))
    (offer,) = offers(result)
    kept = run(ruleset, undead(), away, report("H-1", "H-2", "H-3"), {"keep_raised": ZOMBIE})
    assert kept.home.raised_lineman.victim_id == "H-2"
    assert len(kept.home.team.players) == 12


def test_a_roster_of_sixteen_gets_none(ruleset: Ruleset) -> None:
    """Facts §2: kept only if the roster has fewer than 16 players, else he is lost."""
    result = run(ruleset, undead(16), humans(), report("H-1"))
    assert offers(result) == []
    with pytest.raises(RulesError, match="already has 16 players"):
        run(ruleset, undead(16), humans(), report("H-1"), {"keep_raised": ZOMBIE})


def test_leaving_journeymen_do_not_count(ruleset: Ruleset) -> None:
    """Journeymen not hired leave first: 15 players and a journeyman still get the offer."""
    home = undead(16)
    home = home.evolve(players=(*home.players[:-1], home.players[-1].evolve(journeyman=True)))
    result = run(ruleset, home, humans(), report("H-1"))
    assert [c.options["places"] for c in offers(result)] == [1]
    kept = run(ruleset, home, humans(), report("H-1"), {"keep_raised": ZOMBIE}).home
    assert len(kept.team.players) == 16 and kept.released_journeymen == ("U-16",)


def test_a_team_without_the_rule_raises_none(ruleset: Ruleset) -> None:
    """Only the four Masters of Undeath rosters raise the dead."""
    orcs = team("O", "human", "human-lineman")
    result = run(ruleset, orcs, humans(), report("H-1"))
    assert offers(result) == []
    assert run(ruleset, orcs, humans(), report("H-1"), {}).home.raised_lineman is None
