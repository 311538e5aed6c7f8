"""The Blitz Bowl ruleset's data against the rule text (shared/rules/blitz-bowl-rules.txt):
the box teams, the D8 Regional League table, the scoring numbers, the loader's checks,
the draft and the sequences lookup."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rules_engine import DraftProposal, check_draft, draft_cost, get_ruleset, list_rulesets
from rules_engine.blitz_bowl import regional_league_table, regional_rule, scoring_rules
from rules_engine.draft import draft_rules_for
from rules_engine.editions import sequences_for
from rules_engine.errors import DraftError, RulesError, RulesetDataError
from rules_engine.loaders.blitz_bowl import load_blitz_bowl
from rules_engine.tables import load_tables

DATA_DIR = Path(__file__).resolve().parents[3] / "rules_engine" / "data" / "blitz_bowl"
SIX = {"lineman": 3, "blitzer": 1, "thrower": 1}


# --- registry and sequences ----------------------------------------------------------------


def test_blitz_bowl_registers_with_the_builtin_rulesets(blitz_bowl):
    assert "blitz_bowl" in list_rulesets()
    assert blitz_bowl.key == "blitz_bowl"
    assert blitz_bowl.name == "Blitz Bowl"
    assert "six-a-side exhibition play scored in points" in blitz_bowl.description
    assert "Reavers" in blitz_bowl.description and "Scramblers" in blitz_bowl.description


def test_sequences_for_blitz_bowl_gives_its_module():
    module = sequences_for("blitz_bowl")
    assert module.__name__ == "rules_engine.blitz_bowl"
    assert callable(module.pre_game) and callable(module.post_game)
    # The issue: "League standings of Blitz Bowl leagues rank by wins and then points scored."
    assert module.STANDINGS == {"rank_by": ["wins", "points_scored"]}


# --- the box teams -------------------------------------------------------------------------


def test_the_two_box_teams_of_six(blitz_bowl):
    # "One coach uses the Human team, called The Reavers, and the other coach uses the
    # Skaven team, called The Scramblers." "Each team consists of six players - three
    # Linemen ... and three unique players."
    assert sorted(blitz_bowl.rosters) == ["human", "skaven"]
    for roster in blitz_bowl.rosters.values():
        positions = list(roster.positions.values())
        assert sum(p.max_count for p in positions) == 6
        assert sum(p.min_count for p in positions) == 6
        assert roster.positions["lineman"].min_count == roster.positions["lineman"].max_count == 3
        assert [p.max_count for p in positions if p.name != "Lineman"] == [1, 1, 1]
        assert roster.lineman_position().name == "Lineman"


def test_positions_as_the_text_names_them(blitz_bowl):
    # "Both teams have a Blitzer ... and a Thrower ... the Human team has a Catcher ...
    # The Skaven team on the other hand has a Gutter Runner".
    names = {slug: [p.name for p in r.positions.values()] for slug, r in blitz_bowl.rosters.items()}
    assert names == {
        "human": ["Lineman", "Blitzer", "Thrower", "Catcher"],
        "skaven": ["Lineman", "Blitzer", "Thrower", "Gutter Runner"],
    }
    assert blitz_bowl.rosters["The Reavers"].slug == "human"
    assert blitz_bowl.rosters["the-scramblers"].slug == "skaven"
    assert blitz_bowl.position("skaven-gutter-runner").name == "Gutter Runner"
    assert "Team card: The Reavers" in blitz_bowl.rosters["human"].roster_notes


def test_abilities_are_the_texts_words(blitz_bowl):
    # "a Catcher, who is more fragile but gets a free move if they catch a thrown ball";
    # "a Gutter Runner who ensures that the ball stays with your team even if they are
    # knocked down"; "three Linemen ... do not have any abilities".
    human, skaven = blitz_bowl.rosters["human"], blitz_bowl.rosters["skaven"]
    assert human.positions["catcher"].skills == ("Gets a free move if they catch a thrown ball",)
    assert skaven.positions["gutter-runner"].skills == (
        "Ensures that the ball stays with your team even if they are knocked down",
    )
    for roster in (human, skaven):
        for name in ("lineman", "blitzer", "thrower"):
            assert roster.positions[name].skills == ()
    assert "Gets a free move if they catch a thrown ball" in blitz_bowl.skills
    assert blitz_bowl.skills["Gets a free move if they catch a thrown ball"].category == "Ability"


def test_profiles_the_text_does_not_give_are_none(blitz_bowl):
    # Team Cards: "Each player's Move, Block, Throw and Armour values" - no card is printed.
    for roster in blitz_bowl.rosters.values():
        for position in roster.positions.values():
            assert (position.ma, position.st, position.ag, position.pa, position.av) == (None,) * 5
    assert (
        "Emergency Reserves: not given in the rule text"
        in blitz_bowl.rosters["skaven"].roster_notes
    )


def test_nothing_costs_gold(blitz_bowl):
    for roster in blitz_bowl.rosters.values():
        assert (roster.reroll_cost, roster.apothecary_allowed, roster.tier) == (0, False, 1)
        assert roster.special_rules == roster.special_rule_choices == ()
        for position in roster.positions.values():
            assert position.cost == 0
            assert (position.primary, position.secondary, position.big_guy) == ((), (), False)
    assert len(blitz_bowl.star_players) == len(blitz_bowl.inducements) == 0


def test_rosters_carry_every_field_the_ruleset_api_shows(blitz_bowl):
    roster_fields = ("slug", "name", "tier", "reroll_cost", "apothecary_allowed")
    roster_fields += ("special_rules", "special_rule_choices")
    position_fields = ("slug", "name", "min_count", "max_count", "cost", "ma", "st", "ag")
    position_fields += ("pa", "av", "skills", "primary", "secondary", "big_guy")
    for roster in blitz_bowl.rosters.values():
        json.dumps({f: getattr(roster, f) for f in roster_fields})
        for position in roster.positions.values():
            json.dumps({f: getattr(position, f) for f in position_fields})


# --- the D8 Regional League table ----------------------------------------------------------

# Blitz Bowl Arenas, "D8 REGIONAL LEAGUE EFFECT", every row as the text prints it.
REGIONAL_LEAGUE = [
    (
        1,
        "Halfling Moot Madness",
        "Subtract 1 from the Emergency Reserves value of both teams (for example, 4 becomes 3).",
    ),
    (
        2,
        "Underworld Challenge",
        "When a player makes a Reserves action, that player can be placed on a trapdoor, "
        "instead of that coach's End Zone. If this happens while there is already a ball or "
        "player on that trapdoor, that ball is removed from the pitch and that player is injured.",
    ),
    (
        3,
        "Sylvanian Spotlight",
        "After a player makes a Reserves action, that player can make a free Run action. This "
        "includes free Reserves actions and actions made due to Emergency Reserves rule.",
    ),
    (
        4,
        "Elven Kingdoms League",
        "Do not subtract 1 from the Throw check when making a long throw.",
    ),
    (
        5,
        "The Gut Cup Grind",
        # The text prints "Kerrunchl" for the block result "Kerrunch!" (SOURCE.md).
        "When a player that was knocked down due to a Shove result that would have pushed that "
        "player into an obstructed square or off the board, treat the result of the Block "
        "action as Kerrunch!.",
    ),
    (
        6,
        "The Badlands Brawl",
        "Assisted Block actions roll two additional block dice instead of one, to a maximum "
        "of three.",
    ),
    (
        7,
        "World's Edge Superleague",
        "Use the following rules to determine a Sudden Death Victory. If, at the end of a "
        "coach's turn, their team's score is 8 or more points behind the opposing team's "
        "score, the game immediately ends and the opposing coach wins the game.",
    ),
    (
        8,
        "Lustrian Superleague",
        "The coach that won the coin toss must choose to use the pitch with two trapdoors. If "
        "you have access to more than one pitch with two trapdoors (e.g. because you own a "
        "previous edition of Blitz Bowl), the coach that won the coin toss can choose which of "
        "those boards will be used.",
    ),
]


@pytest.mark.parametrize(("d8", "name", "description"), REGIONAL_LEAGUE)
def test_every_regional_league_row_is_the_texts(d8, name, description):
    entry = regional_rule(d8)
    assert entry.name == name
    assert str(entry.name) == name  # verbatim, apostrophe and all
    assert entry.description == description
    assert list(entry.rolls) == [d8]


def test_the_regional_league_table_is_a_d8_of_eight_rows(blitz_bowl):
    table = regional_league_table()
    assert table.die == "d8"
    assert [e.name for e in table.entries] == [name for _, name, _ in REGIONAL_LEAGUE]
    assert "Blitz Bowl Arenas" in table.source
    assert blitz_bowl.table("regional_league") is table
    assert load_tables("blitz_bowl")["regional_league"] is table


def test_the_rows_the_engine_resolves_carry_their_effects():
    assert regional_rule(7).effect["sudden_death_margin"] == 8
    assert regional_rule(8).effect["pitch"] == "two_trapdoors"
    for d8 in range(1, 7):
        assert "sudden_death_margin" not in regional_rule(d8).effect
        assert "pitch" not in regional_rule(d8).effect


@pytest.mark.parametrize("roll", [0, 9, -1, True, "7", 7.0])
def test_a_regional_roll_the_d8_cannot_show_is_refused(roll):
    with pytest.raises(RulesError):
        regional_rule(roll)


# --- scoring numbers -----------------------------------------------------------------------


def test_scoring_constants_name_their_source():
    rules = scoring_rules()
    assert rules.touchdown_points == 4  # "that player's team scores 4 points"
    assert rules.clean_sweep_points == 2  # "their team scores 2 bonus points"
    assert rules.clean_sweep_cards == 3  # "claims all three active Challenge cards"
    assert rules.sudden_death_margin == 10  # "10 or more points behind"
    assert rules.standard_challenge_cards == 24  # "the deck of 24 standard Challenge cards"
    assert rules.endgame_challenge_cards == 6  # "the bottom 6 of which are Endgame ..."
    assert rules.most_challenge_cards == 30  # "a Challenge deck of 30 cards in total"
    assert (rules.team_players, rules.team_linemen) == (6, 3)
    assert "scores 4 points" in rules.sources["touchdown_points"]
    assert "2 bonus points" in rules.sources["clean_sweep_points"]
    data = json.loads((DATA_DIR / "scoring.json").read_text(encoding="utf-8"))
    assert all(entry["source"] for entry in data["constants"].values())


def test_source_names_the_text():
    source = (DATA_DIR / "SOURCE.md").read_text(encoding="utf-8")
    assert "shared/rules/blitz-bowl-rules.txt" in source
    assert "The Rules of Blitz Bowl" in source
    for gap in ("Player profiles", "Emergency Reserves", "Kerrunch"):
        assert gap in source


# --- the loader's checks -------------------------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Callable[[str, Callable[[Any], None]], Path]:
    """A copy of the Blitz Bowl data folder with one file edited by ``change(data)``."""
    for source in DATA_DIR.iterdir():
        shutil.copy(source, tmp_path / source.name)

    def edit(filename: str, change: Callable[[Any], None]) -> Path:
        path = tmp_path / filename
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
        return tmp_path

    return edit


def _human(data: Any) -> Any:
    return data["rosters"][0]


def _position(data: Any, name: str) -> Any:
    return next(p for p in _human(data)["positions"] if p["position"] == name)


def test_the_shipped_data_load_from_a_copy(data_copy):
    ruleset = load_blitz_bowl(data_copy("teams.json", lambda data: None))
    assert sorted(ruleset.rosters) == ["human", "skaven"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: _position(d, "Lineman").update(max=4, min=4), "4 Linemen"),
        (lambda d: _position(d, "Blitzer").update(max=2), "min 1 must equal max"),
        (lambda d: _position(d, "Catcher").update(cost=50_000), "nothing costs gold"),
        (lambda d: _position(d, "Catcher").update(armour=12), "armour 12 is outside"),
        (lambda d: _position(d, "Catcher").pop("move"), "no 'move'"),
        (lambda d: _position(d, "Catcher").update(ability=""), "neither text nor null"),
        (lambda d: _human(d)["positions"].pop(), "3 Linemen and 2 unique players"),
        (lambda d: d["rosters"].pop(), "1 rosters, expected 2"),
        (lambda d: _human(d).update(tier=3), "tier 3"),
        (lambda d: _human(d).update(emergency_reserves=0), "Emergency Reserves 0"),
        (lambda d: _human(d).pop("team_name"), "no team name"),
    ],
)
def test_bad_team_data_fail_loudly(data_copy, change, message):
    with pytest.raises(RulesetDataError, match=message):
        load_blitz_bowl(data_copy("teams.json", change))


def test_a_move_of_d6_loads_as_no_number(data_copy):
    # Run Action: "If a player's Move value is shown on their Team card as D6, roll a D6".
    folder = data_copy("teams.json", lambda d: _position(d, "Catcher").update(move="D6"))
    assert load_blitz_bowl(folder).position("human-catcher").ma is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["constants"]["touchdown_points"].update(source=""), "names no source"),
        (lambda d: d["constants"]["clean_sweep_points"].update(value=0), "positive whole number"),
        (lambda d: d["constants"].pop("sudden_death_margin"), "sudden_death_margin"),
        (lambda d: d["constants"].update(extra={"value": 1, "source": "x"}), "unknown constants"),
    ],
)
def test_bad_scoring_data_fail_loudly(data_copy, change, message):
    with pytest.raises(RulesetDataError, match=message):
        load_blitz_bowl(data_copy("scoring.json", change))


def test_a_regional_table_without_the_resolved_effects_fails():
    class Row:
        def __init__(self, name: str) -> None:
            self.name, self.effect = name, {}

    class Table:
        die = "d6"
        entries = (Row("World's Edge Superleague"),)

    with pytest.raises(RulesetDataError) as error:
        load_blitz_bowl(tables_loader=lambda key: {"regional_league": Table()})
    assert "not a D8" in str(error.value)
    assert "World's Edge Superleague with 'sudden_death_margin'" in str(error.value)
    assert "Lustrian Superleague" in str(error.value)
    with pytest.raises(RulesetDataError, match="no 'regional_league' table"):
        load_blitz_bowl(tables_loader=lambda key: {})


# --- the draft -----------------------------------------------------------------------------


@pytest.mark.parametrize(("roster", "unique"), [("human", "catcher"), ("skaven", "gutter-runner")])
def test_a_six_player_team_is_a_valid_draft(blitz_bowl, roster, unique):
    proposal = DraftProposal(roster_slug=roster, players={**SIX, unique: 1})
    cost = check_draft(blitz_bowl, proposal)
    assert (cost.total, cost.budget, cost.remaining) == (0, 0, 0)


def test_four_linemen_are_refused(blitz_bowl):
    proposal = DraftProposal(roster_slug="human", players={**SIX, "lineman": 4, "catcher": 1})
    with pytest.raises(DraftError) as error:
        check_draft(blitz_bowl, proposal)
    assert "Human teams may have at most 3 Linemen; this draft has 4" in error.value.messages
    assert "A team may have at most 6 players; this draft has 7" in error.value.messages


def test_a_team_short_of_its_unique_player_is_refused(blitz_bowl):
    with pytest.raises(DraftError) as error:
        check_draft(blitz_bowl, DraftProposal(roster_slug="skaven", players=SIX))
    assert "Skaven teams must have at least 1 Gutter Runner; this draft has 0" in (
        error.value.messages
    )
    assert "A new team needs at least 6 players; this draft has 5" in error.value.messages


def test_no_rerolls_staff_or_extra_fans(blitz_bowl):
    players = {**SIX, "catcher": 1}
    proposal = DraftProposal(
        roster_slug="human",
        players=players,
        rerolls=1,
        assistant_coaches=1,
        cheerleaders=1,
        apothecary=True,
        dedicated_fans=2,
    )
    with pytest.raises(DraftError) as error:
        check_draft(blitz_bowl, proposal)
    assert error.value.messages == [
        "A new team may have at most 0 team re-rolls; this draft has 1",
        "A new team may have at most 0 assistant coaches; this draft has 1",
        "A new team may have at most 0 cheerleaders; this draft has 1",
        "Human teams may not hire an apothecary",
        "A new team may have at most 1 Dedicated Fan; this draft has 2",
    ]
    assert draft_cost(blitz_bowl, proposal).total == 0


def test_draft_rules_are_registered_with_the_loader(blitz_bowl):
    rules = draft_rules_for(blitz_bowl)
    assert (rules.budget, rules.min_players, rules.max_players, rules.max_rerolls) == (0, 6, 6, 0)
    assert rules.reroll_price_after_draft(blitz_bowl.rosters["human"]) == 0
    assert draft_rules_for(get_ruleset("bb2020")).budget == 1_000_000
