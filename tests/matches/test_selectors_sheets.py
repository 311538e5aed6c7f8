"""What the match page prints, read through ``matches.selectors`` as typed values: the
pre-game's steps in sentences, the match sheet, the dice log by sequence, a team's
post-game card, where a submitted report stands, and a live poll's one query."""

from __future__ import annotations

import pytest

from matches import selectors, services
from matches.models import DiceRoll, Report
from tests.matches.factories import kick_off, league_match

TEAMS = {"home": "Reikland Reavers", "away": "Gouged Eye"}


def test_the_pre_game_steps_name_the_teams_and_show_their_dice():
    stored = [
        {
            "step": "fans",
            "title": "The Fans",
            "outcome": {
                "home": {"roll": 2, "dedicated_fans": 3, "fan_factor": 5},
                "away": {"roll": 1, "dedicated_fans": 1, "fan_factor": 2},
            },
        },
        {"step": "weather", "outcome": {"roll": [3, 4], "weather": "Perfect Conditions"}},
        {"step": "secret_step", "complete": False, "outcome": {"home": 2, "petty_cash": 50_000}},
    ]
    rolls = [DiceRoll(step="weather", purpose="Weather", die="2d6", result=[3, 4])]

    fans, weather, unknown = selectors.step_views(stored, rolls, TEAMS, None)

    assert fans.title == "The Fans" and fans.complete
    assert fans.lines == [
        "Reikland Reavers: D3 2 + 3 Dedicated Fans = Fan Factor 5",
        "Gouged Eye: D3 1 + 1 Dedicated Fans = Fan Factor 2",
    ]
    assert weather.title == "Weather"
    assert weather.lines == ["2D6 3 + 4 = 7: Perfect Conditions"]
    assert weather.dice == [selectors.DieLine("Weather", "2d6", "3 + 4 = 7")]
    # A step with no words of its own: its outcome key by key, gold as gold; it waits.
    assert not unknown.complete
    assert unknown.lines == ["Reikland Reavers: 2", "Petty cash: 50k"]
    assert selectors.step_views(stored, rolls, TEAMS, None, detailed=False)[0].lines == []


def test_the_match_sheet_has_a_row_per_figure_and_who_kicks():
    summary = {
        "fan_factor": {"home": 5, "away": None},
        "petty_cash": {"home": 0, "away": 50_000},
        "kicking_team": "away",
    }

    rows = selectors.pre_game_rows(summary, None)

    assert rows == [
        selectors.SheetRow("Fan Factor", ["5", "—"]),
        selectors.SheetRow("Petty cash", ["none", "50k"]),
        selectors.SheetRow("Kick-off", ["receives", "kicks"]),
    ]


def test_the_dice_log_groups_the_rolls_by_sequence_and_report_version():
    first, second = Report(version=1), Report(version=2)
    rolls = [
        DiceRoll(sequence="pre_game", index=0, step="fans", die="d3", result=2),
        DiceRoll(sequence="post_game", report=first, index=0, step="winnings", die="d6", result=4),
        DiceRoll(sequence="post_game", report=second, index=0, step="winnings", die="d6", result=6),
    ]

    groups = selectors.dice_groups(rolls)

    assert [g.title for g in groups] == [
        "Pre-game",
        "Post-game (report v1)",
        "Post-game (report v2)",
    ]
    assert [(r.step, r.result) for r in groups[0].rows] == [("Fans", "2")]


def test_a_post_game_card_names_every_player_and_shows_only_the_rulesets_figures():
    names = {7: "#7 Griff", 8: "#8 Morg"}
    team = {
        "result": "win",
        "touchdowns": 2,
        "winnings": 60_000,
        "treasury": 110_000,
        "team_value": 1_000_000,
        "current_team_value": 980_000,
        "dedicated_fans_before": 2,
        "dedicated_fans_after": 3,
        "dedicated_fans_roll": 5,
        "mvp": 7,
        "spp": [{"player_id": 7, "spp": 7, "breakdown": {"TD": 2, "MVP": 4}}],
        "dead": [99],
        "advancement_eligible": [7],
    }

    card = selectors.post_game_team(team, names)

    assert card.result == "Win"
    assert card.rows == [
        ("Touchdowns", "2"),
        ("Winnings", "60k"),
        ("Dedicated Fans", "2 → 3 (rolled 5)"),
        ("MVP", "#7 Griff"),
        ("Treasury", "110k"),
        ("Team value / CTV", "1,000k / 980k"),
    ]
    assert card.spp == [selectors.SppLine("#7 Griff", "TD 2, MVP 4", 7)]
    assert card.dead == ["player 99"]
    assert card.advancements == [selectors.PlayerRef(7, "#7 Griff")]
    # A game with no money (Blitz Bowl): its points, and no Treasury rows.
    points = selectors.post_game_team({"touchdowns": 1, "points": 4, "opponent_points": 3}, {})
    assert points.rows == [("Touchdowns", "1"), ("Points", "4 – 3")]


@pytest.mark.django_db
def test_a_submitted_report_waits_for_the_opponent_in_one_query(django_assert_max_num_queries):
    s = league_match()
    kick_off(s)
    services.submit_report(s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0)

    with django_assert_max_num_queries(1):
        state = selectors.confirmation_state(s.match)

    assert state.report is not None and state.report.confirmation == "awaiting"
    assert state.submitted_by == s.home_coach.get_username()
    assert state.confirmed_by is None and state.disputed_by is None


@pytest.mark.django_db
def test_a_live_poll_reads_the_match_in_one_query(django_assert_max_num_queries):
    s = league_match()
    kick_off(s)

    with django_assert_max_num_queries(1):
        stamp = selectors.match_stamp(s.match.pk)

    assert stamp is not None and stamp["status"] == "in_play" and stamp["draft_events"] == 0
    assert selectors.match_stamp(999_999) is None


def test_the_dice_log_names_each_step_by_its_sequence_s_title():
    said = {"text": "Record of the Game and winnings", "values": {}}
    report = Report(
        version=1, post_game_result={"steps": [{"step": "winnings", "title_said": said}]}
    )
    rolls = [
        DiceRoll(sequence="pre_game", index=0, step="fans", die="d3", result=2),
        DiceRoll(sequence="pre_game", index=1, step="prayers", die="d16", result=9),
        DiceRoll(sequence="post_game", report=report, index=0, step="winnings", die="d6", result=4),
    ]
    pre_game = [{"step": "fans", "title": "The Fans"}]

    groups = selectors.dice_groups(rolls, pre_game)

    steps = [row.step for group in groups for row in group.rows]
    assert steps == ["The Fans", "Prayers", "Record of the Game and winnings"]
