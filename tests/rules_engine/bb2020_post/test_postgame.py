"""The post-game sequence against the league facts sheet, section 4 (p.69-73).

Expected numbers are worked out here from the rule text, not read from the code.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.bb2020.postgame import (
    dedicated_fans_change,
    expensive_mistake,
    post_game,
    resolve_expensive_mistake,
    winnings,
)
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.dice import ScriptedDice, SeededDice
from rules_engine.errors import RulesError
from rules_engine.wording import english

STEPS = [
    "outcome_and_winnings",
    "dedicated_fans",
    "player_advancement",
    "hiring_and_firing",
    "expensive_mistakes",
    "prepare_for_next_game",
]


def humans(prefix: str, count: int = 11, **team: object) -> TeamState:
    """A Human team of Linemen (50,000 each), numbered 1..count, ids "<prefix><n>"."""
    players = tuple(
        PlayerState(
            id=f"{prefix}{n}", name=f"{prefix} {n}", position_slug="human-lineman", number=n
        )
        for n in range(1, count + 1)
    )
    values: dict[str, object] = {"treasury": 0, "dedicated_fans": 3}
    values.update(team)
    return TeamState(name=prefix, roster_slug="human", players=players, **values)  # type: ignore[arg-type]


def with_player(team: TeamState, player_id: str, **changes: object) -> TeamState:
    return team.evolve(
        players=tuple(p.evolve(**changes) if p.id == player_id else p for p in team.players)
    )


# --- step 1: winnings --------------------------------------------------------------------


def test_winnings_odd_attendance_gives_a_5000_step() -> None:
    # FF 3 + 4 = 7 -> 3.5 -> (3.5 + 2) x 10,000 (facts Decision: no rounding).
    assert winnings(7, 2) == 55_000
    assert winnings(8, 0) == 40_000


def test_winnings_when_conceding() -> None:
    assert winnings(7, 3, conceded=True) == 0
    # "the winner then gets the full (unhalved) attendance plus its touchdowns"
    assert winnings(7, 4, opponent_conceded=True) == 110_000


def test_winnings_refuses_negative_numbers() -> None:
    with pytest.raises(RulesError):
        winnings(-1, 0)


@given(st.integers(0, 40), st.integers(0, 20), st.booleans(), st.booleans())
def test_winnings_are_non_negative_multiples_of_5000(
    attendance: int, touchdowns: int, conceded: bool, opponent_conceded: bool
) -> None:
    gold = winnings(attendance, touchdowns, conceded, opponent_conceded and not conceded)
    assert gold >= 0
    assert gold % 5_000 == 0


# --- step 2: Dedicated Fans --------------------------------------------------------------


@pytest.mark.parametrize(
    ("result", "fans", "d6", "change"),
    [
        ("win", 3, 3, 1),  # D6 >= DF: +1
        ("win", 3, 6, 1),
        ("win", 3, 2, 0),
        ("loss", 3, 2, -1),  # D6 < DF: -1
        ("loss", 3, 3, 0),
        ("loss", 2, 1, -1),  # down to 1
        ("loss", 1, 1, 0),  # never below 1 (and a D6 is never below 1 anyway)
        ("draw", 3, 1, 0),
        ("draw", 3, 6, 0),
    ],
)
def test_dedicated_fans_change(result: str, fans: int, d6: int, change: int) -> None:
    assert dedicated_fans_change(result, fans, d6) == change


def test_dedicated_fans_change_needs_a_result() -> None:
    with pytest.raises(ValueError):
        dedicated_fans_change("won", 3, 4)


# --- step 5: Expensive Mistakes ----------------------------------------------------------


@pytest.mark.parametrize(
    ("treasury", "d6", "outcome"),
    [
        (99_999, 1, "Crisis Averted"),  # no roll below 100,000
        (0, 1, "Crisis Averted"),
        (100_000, 1, "Minor Incident"),  # first column
        (100_000, 2, "Crisis Averted"),
        (195_000, 1, "Minor Incident"),  # still first column
        (195_000, 2, "Crisis Averted"),
        (200_000, 2, "Minor Incident"),  # second column
        (200_000, 3, "Crisis Averted"),
        (300_000, 1, "Major Incident"),
        (500_000, 1, "Catastrophe"),
        (600_000, 1, "Catastrophe"),  # last column
        (600_000, 2, "Catastrophe"),
        (600_000, 3, "Major Incident"),
        (600_000, 4, "Major Incident"),
        (600_000, 5, "Minor Incident"),
        (600_000, 6, "Minor Incident"),
        (5_000_000, 6, "Minor Incident"),
    ],
)
def test_expensive_mistake_outcome(treasury: int, d6: int, outcome: str) -> None:
    assert expensive_mistake(treasury, d6) == outcome


def test_no_expensive_mistakes_roll_below_100000() -> None:
    dice = ScriptedDice([])
    result = resolve_expensive_mistake(99_999, dice)
    assert (result.outcome, result.roll, result.gold_lost, dice.rolls) == (
        "Crisis Averted",
        None,
        0,
        [],
    )


@pytest.mark.parametrize(
    ("treasury", "script", "outcome", "lost"),
    [
        (100_000, [2], "Crisis Averted", 0),
        (150_000, [1, 3], "Minor Incident", 30_000),  # D3 x 10,000
        (200_000, [2, 1], "Minor Incident", 10_000),
        (310_000, [1], "Major Incident", 155_000),  # half
        # Half of 305,000 is 152,500: the loss is rounded down to 150,000.
        (305_000, [1], "Major Incident", 150_000),
        (600_000, [1, (3, 4)], "Catastrophe", 530_000),  # keep 2D6 x 10,000 = 70,000
        (500_000, [1, (6, 6)], "Catastrophe", 380_000),  # keep 120,000
    ],
)
def test_expensive_mistake_effects(
    treasury: int, script: list[object], outcome: str, lost: int
) -> None:
    dice = ScriptedDice(script)  # type: ignore[arg-type]
    result = resolve_expensive_mistake(treasury, dice, side="home")
    assert (result.outcome, result.gold_lost) == (outcome, lost)
    assert result.treasury_after == treasury - lost
    assert dice.remaining == 0
    assert english(result.rolls[0].purpose) == "Expensive Mistakes: home"


# --- the whole sequence ------------------------------------------------------------------


def test_post_game_runs_the_six_steps_in_order(bb2020) -> None:
    home = humans("H", treasury=40_000, dedicated_fans=3)
    away = humans("A", treasury=120_000, dedicated_fans=2)
    away = with_player(away, "A5", miss_next_game=True)  # missed this game
    report = MatchReport(
        TeamReport(
            touchdowns=2,
            fan_factor=3,
            players=(
                PlayerReport("H1", touchdowns=2, completions=1),
                PlayerReport("H2", casualties=1, other_casualties=2, interceptions=1),
                PlayerReport("H3", killed=True),
                PlayerReport("H4", lasting_injury="av"),
                PlayerReport("H5", niggling_injuries=1),
                PlayerReport("star", touchdowns=1, induced=True),
            ),
        ),
        TeamReport(
            touchdowns=1,
            fan_factor=4,
            players=(PlayerReport("A1", touchdowns=1, deflections=1, miss_next_game=True),),
        ),
    )
    script = [
        4,  # Dedicated Fans: home wins, 4 >= 3: +1
        1,  # Dedicated Fans: away loses, 1 < 2: -1
        16,  # MVP: home, 10 candidates (H3 is dead) on a D16: re-rolled
        2,  # the second candidate by number: H2
        7,  # MVP: away, 10 candidates (A5 missed the game): the 7th, A8
        3,  # Expensive Mistakes: away (125,000 after winnings): Crisis Averted
    ]
    dice = ScriptedDice(script)
    choices = {"home": {"retire": []}}
    result = post_game(bb2020, home, away, report, dice, choices=choices)
    assert [s.step for s in result.steps] == STEPS
    assert result.complete and dice.remaining == 0
    assert result.name == "post-game"

    h, a = result.home, result.away
    assert h is not None and a is not None
    assert (h.result, a.result) == ("win", "loss")
    # (7 / 2 + 2) x 10,000 and (7 / 2 + 1) x 10,000
    assert (h.winnings, a.winnings) == (55_000, 45_000)
    assert h.team.treasury == 95_000  # 40,000 + 55,000: below 100,000, no roll
    assert h.expensive_mistake.roll is None
    assert [(c.reason, c.amount) for c in h.treasury_changes] == [("winnings", 55_000)]
    assert a.team.treasury == 165_000 and a.expensive_mistake.outcome == "Crisis Averted"
    assert (h.dedicated_fans_after, a.dedicated_fans_after) == (4, 1)
    assert h.dedicated_fans_change == 1 and a.dedicated_fans_change == -1

    assert h.mvp.player_id == "H2" and a.mvp.player_id == "A8"
    assert "H3" not in h.mvp.candidates and "A5" not in a.mvp.candidates
    # H1: 2 TD x 3 + 1 completion; H2: Casualty 2 + Interception 2 + MVP 4 (other
    # casualties earn nothing); the star player earns nothing.
    assert h.spp_of("H1") == 7 and h.spp_of("H2") == 8 and h.spp_of("star") == 0
    assert a.spp_of("A1") == 4 and a.spp_of("A8") == 4
    assert h.team.player("H2").spp == 8

    assert h.dead == ("H3",)
    assert "H3" not in {p.id for p in h.team.players}
    assert h.team.player("H4").av == 8  # Head Injury: AV9+ -> AV8+
    assert h.characteristic_losses == (("H4", "av"),)
    assert h.team.player("H5").niggling_injuries == 1
    assert set(h.miss_next_game) == {"H4", "H5"}
    assert h.team.player("H4").miss_next_game and h.team.player("H5").miss_next_game
    assert a.team.player("A1").miss_next_game
    assert a.recovered == ("A5",) and not a.team.player("A5").miss_next_game
    assert h.retirable == ("H4",)

    # TV: 10 Linemen at 50,000; CTV leaves out the two MNG players.
    assert (h.team_value, h.current_team_value) == (500_000, 400_000)
    assert h.advancement_options["H1"][0].kind == "random_primary"
    assert {c.options["player_id"] for c in h.advancement_choices} == {"H1", "H2"}


def test_post_game_draw_rolls_no_dedicated_fans(bb2020) -> None:
    report = MatchReport(TeamReport(1, 2), TeamReport(1, 2))
    dice = ScriptedDice([3, 3])  # the two MVPs, 11 candidates each: D16
    result = post_game(bb2020, humans("H"), humans("A"), report, dice)
    assert result.step("dedicated_fans").rolls == ()
    assert [english(r.purpose) for r in result.rolls] == ["MVP: home", "MVP: away"]
    assert result.home and result.home.dedicated_fans_roll is None


def test_friendly_awards_no_mvp(bb2020) -> None:
    report = MatchReport(TeamReport(1, 2), TeamReport(1, 2))
    result = post_game(bb2020, humans("H"), humans("A"), report, ScriptedDice([]), league=False)
    assert result.home and result.home.mvp.player_id is None
    assert english(result.home.mvp.reason) == "A friendly awards no MVP"


def test_sudden_death_winner_is_the_winner(bb2020) -> None:
    report = MatchReport(TeamReport(1, 2), TeamReport(1, 2), sudden_death_winner="away")
    dice = ScriptedDice([1, 6, 1, 1])  # DF home (loss), DF away (win), MVPs
    result = post_game(bb2020, humans("H"), humans("A"), report, dice)
    assert result.home and result.away
    assert (result.home.result, result.away.result) == ("loss", "win")
    assert result.away.dedicated_fans_after == 4


def test_conceding_team_in_post_game(bb2020) -> None:
    home = humans("H", treasury=0, dedicated_fans=4)
    home = with_player(home, "H1", advancements=3)
    home = with_player(home, "H2", advancements=4)
    away = humans("A", treasury=0)
    report = MatchReport(
        TeamReport(touchdowns=1, fan_factor=3, conceded=True),
        TeamReport(touchdowns=2, fan_factor=4),
    )
    script = [
        2,  # Conceding: Dedicated Fans D3: 4 -> 2
        3,  # H1 quits on 1-3
        4,  # H2 stays on 4+
        1,  # Dedicated Fans: home, the loser: 1 < 2: -1 -> 1
        6,  # Dedicated Fans: away, the winner
        1,  # MVP: away (home gives none)
        6,  # Expensive Mistakes: away, 110,000 in the Treasury: Crisis Averted
    ]
    dice = ScriptedDice(script)
    result = post_game(bb2020, home, away, report, dice)
    assert dice.remaining == 0
    h, a = result.home, result.away
    assert h is not None and a is not None
    # Final score 0-4: one touchdown awarded plus the conceder's one.
    assert result.step("outcome_and_winnings").outcome["score"] == {"home": 0, "away": 4}
    assert h.winnings == 0 and h.treasury_changes == ()
    assert a.winnings == (7 + 4) * 10_000  # full attendance plus its touchdowns
    assert h.concession is not None and h.concession.quitters == ("H1",)
    assert h.quit == ("H1",) and "H1" not in {p.id for p in h.team.players}
    assert h.dedicated_fans_after == 1
    assert h.mvp.player_id is None and english(h.mvp.reason) == "A conceding team awards no MVP"
    assert a.mvp.player_id == "A1"


def test_concession_without_penalty(bb2020) -> None:
    home = with_player(humans("H", dedicated_fans=4), "H1", advancements=5)
    report = MatchReport(
        TeamReport(0, 3, conceded=True, set_up_players_when_conceding=3), TeamReport(1, 4)
    )
    dice = ScriptedDice([6, 6, 1, 1])  # DF rolls, then both MVPs: no penalty, so an MVP
    result = post_game(bb2020, home, humans("A"), report, dice)
    h, a = result.home, result.away
    assert h is not None and a is not None
    assert h.concession is None and h.team.dedicated_fans == 4
    assert h.winnings == 35_000 and a.winnings == 55_000  # halved attendance: 3.5 + 0 / 3.5 + 2
    assert h.mvp.player_id == "H1"


def test_report_must_name_players_on_the_sheet(bb2020) -> None:
    report = MatchReport(TeamReport(players=(PlayerReport("X9", touchdowns=1),)), TeamReport())
    with pytest.raises(RulesError, match="not on H's team sheet"):
        post_game(bb2020, humans("H"), humans("A"), report, ScriptedDice([]))


def test_player_who_missed_the_game_cannot_have_played(bb2020) -> None:
    home = with_player(humans("H"), "H1", miss_next_game=True)
    report = MatchReport(TeamReport(players=(PlayerReport("H1", touchdowns=1),)), TeamReport())
    with pytest.raises(RulesError, match="missed this game"):
        post_game(bb2020, home, humans("A"), report, ScriptedDice([]))


# --- step 4: journeymen and retirement ---------------------------------------------------


def journeyman(number: int, spp: int = 0) -> PlayerState:
    return PlayerState(
        id=f"J{number}",
        name=f"Journeyman {number}",
        position_slug="human-lineman",
        number=20 + number,
        skills=("Loner (4+)",),
        journeyman=True,
        spp=spp,
    )


def test_journeymen_wait_for_the_coach(bb2020) -> None:
    home = humans("H", count=10, treasury=40_000)
    home = home.evolve(players=(*home.players, journeyman(1)))
    report = MatchReport(TeamReport(1, 2), TeamReport(0, 2))
    result = post_game(bb2020, home, humans("A"), report, SeededDice(5))
    assert not result.complete
    assert [s.step for s in result.steps] == STEPS[:4]
    (choice,) = result.pending
    assert (choice.side, choice.kind) == ("home", "hire_journeymen")
    assert choice.options["journeymen"] == {"J1": 50_000}
    assert choice.options["places"] == 6
    assert result.home is None


def test_hiring_a_journeyman(bb2020) -> None:
    home = humans("H", count=10, treasury=40_000)
    home = home.evolve(players=(*home.players, journeyman(1, spp=2)))
    report = MatchReport(
        TeamReport(1, 2, players=(PlayerReport("J1", touchdowns=1),)), TeamReport(0, 2)
    )
    choices = {"home": {"hire_journeymen": ["J1"]}, "away": {}}
    dice = ScriptedDice([6, 6, 11, 1])  # DF rolls; MVP home (J1 is 11th); MVP away
    result = post_game(bb2020, home, humans("A"), report, dice, choices=choices)
    h = result.home
    assert h is not None and result.complete
    hired = h.team.player("J1")
    assert not hired.journeyman and hired.skills == ()  # loses Loner
    assert hired.spp == 2 + 3 + 4  # keeps his SPP: earlier, the touchdown and the MVP
    # 40,000 + (2 + 1) x 10,000 winnings = 70,000, less his current value 50,000
    assert [(c.reason, c.amount) for c in h.treasury_changes] == [
        ("winnings", 30_000),
        ("journeyman_hired", -50_000),
    ]
    assert h.team.treasury == 20_000
    assert h.hired_journeymen == ("J1",)
    assert "J1" in h.advancement_options


def test_journeyman_not_hired_leaves(bb2020) -> None:
    home = humans("H", count=10).evolve(players=(*humans("H", 10).players, journeyman(1)))
    report = MatchReport(TeamReport(0, 2), TeamReport(0, 2))
    result = post_game(
        bb2020, home, humans("A"), report, SeededDice(1), choices={"home": {}, "away": {}}
    )
    assert result.home and result.home.released_journeymen == ("J1",)
    assert all(not p.journeyman for p in result.home.team.players)


def test_hiring_needs_gold_and_a_place(bb2020) -> None:
    poor = humans("H", count=10, treasury=0)
    poor = poor.evolve(players=(*poor.players, journeyman(1)))
    report = MatchReport(TeamReport(0, 0), TeamReport(0, 0))
    with pytest.raises(RulesError, match="costs 50,000 gp"):
        post_game(
            bb2020,
            poor,
            humans("A"),
            report,
            SeededDice(1),
            choices={"home": {"hire_journeymen": ["J1"]}},
        )
    full = humans("H", count=16)
    full = full.evolve(players=(*full.players, journeyman(1)))
    result = post_game(bb2020, full, humans("A"), report, SeededDice(1))
    assert result.complete  # no place to hire him: nothing to ask
    assert result.home and result.home.released_journeymen == ("J1",)


def test_temporary_retirement(bb2020) -> None:
    report = MatchReport(
        TeamReport(0, 2, players=(PlayerReport("H4", lasting_injury="ma"),)), TeamReport(0, 2)
    )
    pending = post_game(bb2020, humans("H"), humans("A"), report, SeededDice(3))
    assert [c.kind for c in pending.pending] == ["temporary_retirement"]
    result = post_game(
        bb2020,
        humans("H"),
        humans("A"),
        report,
        SeededDice(3),
        choices={"home": {"retire": ["H4"]}},
    )
    assert result.home is not None
    retired = result.home.team.player("H4")
    assert retired.temporarily_retired and retired.ma == 5
    assert result.home.current_team_value == 500_000  # retired and MNG: out of CTV once
    with pytest.raises(RulesError, match="suffered a Lasting Injury this game"):
        post_game(
            bb2020,
            humans("H"),
            humans("A"),
            report,
            SeededDice(3),
            choices={"home": {"retire": ["H5"]}},
        )


def test_firing_and_spending(bb2020) -> None:
    report = MatchReport(TeamReport(0, 2), TeamReport(0, 2))
    home = humans("H", treasury=200_000)
    result = post_game(
        bb2020,
        home,
        humans("A"),
        report,
        ScriptedDice([1, 1, 4]),
        choices={"home": {"fire": ["H11"], "treasury_spent": 120_000}},
    )
    h = result.home
    assert h is not None
    assert h.fired == ("H11",) and len(h.team.players) == 10
    # 200,000 + 20,000 winnings - 120,000 = 100,000 at Expensive Mistakes: D6 4, averted
    assert h.expensive_mistake.treasury_before == 100_000
    assert ("purchases", -120_000) in [(c.reason, c.amount) for c in h.treasury_changes]
    with pytest.raises(RulesError, match="no players \\['X1'\\] to fire"):
        post_game(
            bb2020, home, humans("A"), report, SeededDice(1), choices={"home": {"fire": ["X1"]}}
        )
    with pytest.raises(RulesError, match="Unknown post-game choices"):
        post_game(bb2020, home, humans("A"), report, SeededDice(1), choices={"home": {"x": 1}})


# --- invariants --------------------------------------------------------------------------

player_reports = st.builds(
    PlayerReport,
    player_id=st.sampled_from([f"H{n}" for n in range(1, 12)]),
    touchdowns=st.integers(0, 3),
    casualties=st.integers(0, 2),
    killed=st.booleans(),
    lasting_injury=st.sampled_from([None, "ma", "st", "ag", "pa", "av"]),
)


@settings(max_examples=60, deadline=None)
@given(
    treasury=st.integers(0, 120).map(lambda n: n * 5_000),
    home_td=st.integers(0, 4),
    away_td=st.integers(0, 4),
    home_ff=st.integers(1, 9),
    away_ff=st.integers(1, 9),
    conceded=st.sampled_from([None, "home", "away"]),
    reports=st.lists(player_reports, max_size=4, unique_by=lambda r: r.player_id),
    seed=st.integers(0, 10_000),
)
def test_treasury_after_post_game_is_never_negative(
    bb2020, treasury, home_td, away_td, home_ff, away_ff, conceded, reports, seed
) -> None:
    report = MatchReport(
        TeamReport(home_td, home_ff, conceded=conceded == "home", players=tuple(reports)),
        TeamReport(away_td, away_ff, conceded=conceded == "away"),
    )
    home = humans("H", treasury=treasury)
    choices = {"home": {"treasury_spent": treasury // 2}, "away": {}}
    result = post_game(
        bb2020, home, humans("A", treasury=treasury), report, SeededDice(seed), choices=choices
    )
    for team in (result.home, result.away):
        assert team is not None
        assert team.team.treasury >= 0
        assert team.winnings % 5_000 == 0
        assert team.team.treasury == team.expensive_mistake.treasury_after
        assert team.team.dedicated_fans >= 1


def test_the_package_exports_the_post_game_contract() -> None:
    from rules_engine import bb2020

    assert bb2020.winnings(7, 2) == 55_000
    assert bb2020.dedicated_fans_change("loss", 1, 1) == 0
    assert bb2020.expensive_mistake(99_999, 1) == "Crisis Averted"
    assert bb2020.advancement_cost("random_characteristic", 5) == 50
    assert bb2020.value_increase("st") == 80_000
    assert bb2020.redraft_budget(0, 0, 0, 0, cap=900_000) == 900_000
    assert bb2020.post_game is post_game
