"""A whole match through the services, checked against a direct call of the
rules engine on the same teams, report and seed: treasuries, fans, SPP,
injuries, journeymen, standings, stats and every roll."""

from __future__ import annotations

import pytest

from leagues import selectors as league_selectors
from leagues.models import Fixture
from matches import selectors, services
from matches.models import DiceRoll, Match, PlayerMatchStats, PostGameApplication, Report
from matches.services.snapshots import state_from_json
from rules_engine import get_ruleset
from rules_engine.bb2020.postgame import post_game
from rules_engine.bb2020.pregame import pre_game
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.dice import KeyedDice, ScriptedDice
from teams.models import InjuryRecord, Player, PlayerStatus
from teams.services import record_injury, team_state
from tests.factories import assert_treasury_is_ledger
from tests.matches.factories import (
    POST_GAME_SEED,
    PRE_GAME_SEED,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db

KEGS = {"bloodweiser-kegs": 1}
BRIBE = {"bribes": 1}


def _players_by_id(state):
    return {p.id: p for p in state.players}


@pytest.fixture
def played(django_capture_on_commit_callbacks):
    """Home (3 re-rolls, higher CTV) buys kegs from its Treasury; away, one player
    short (MNG), takes a journeyman and buys a bribe with petty cash. The report
    has touchdowns, passes, a block and a foul casualty, a lasting and a serious
    injury, a sending-off; away hires its journeyman and retires its injured."""
    s = league_match(home_options={"rerolls": 3})
    out = s.players("away")[-1]
    record_injury(s.away_coach, out, "miss_next_game", source="before the season")
    kick_off(s, inducements={"home": KEGS, "away": BRIBE})
    states = {"home": team_state(s.home), "away": team_state(s.away)}
    h, a = s.players("home"), s.players("away")
    journeyman = next(p for p in a if p.journeyman)
    events = [
        event("touchdown", h[0]),
        event("touchdown", h[1]),
        event("completion", h[2]),
        event("casualty", h[3], victim=a[0].pk),
        event("injury", a[0], injury="lasting_injury", characteristic="av"),
        event("touchdown", journeyman),
        event("casualty", a[1], victim=h[4].pk, by_block=False),
        event("injury", h[4], injury="serious_injury", apothecary_used=True),
        event("sent_off", h[5]),
        event("interception", a[2]),
        event("deflection", a[3]),
        event("weather_change", None, detail="Pouring Rain"),
    ]
    for e in events:
        services.add_event(s.home_coach, s.match, **e)
    with django_capture_on_commit_callbacks(execute=True):
        submission = submit_and_confirm(
            s.home_coach, s.match, home_touchdowns=2, away_touchdowns=1, seed=POST_GAME_SEED
        )
    report = submission.report
    assert report.post_game_complete is False
    assert {(c["side"], c["kind"]) for c in report.post_game_result["pending"]} == {
        ("home", "hiring"),  # step 4 waits for each coach, even with nothing to decide
        ("away", "hire_journeymen"),
        ("away", "temporary_retirement"),
    }
    choices = {"away": {"hire_journeymen": [journeyman.pk], "retire": [a[0].pk]}}
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_post_game_choices(s.away_coach, s.match, **choices["away"])
        services.submit_post_game_choices(s.home_coach, s.match)
    engine = {
        "report": MatchReport(
            home=TeamReport(
                touchdowns=2,
                fan_factor=s.refresh().match.pre_game_result["summary"]["fan_factor"]["home"],
                players=(
                    PlayerReport(h[0].pk, touchdowns=1),
                    PlayerReport(h[1].pk, touchdowns=1),
                    PlayerReport(h[2].pk, completions=1),
                    PlayerReport(h[3].pk, casualties=1),
                    PlayerReport(h[4].pk, niggling_injuries=1),
                    PlayerReport(h[5].pk, sent_off=True),
                ),
            ),
            away=TeamReport(
                touchdowns=1,
                fan_factor=s.match.pre_game_result["summary"]["fan_factor"]["away"],
                players=(
                    PlayerReport(a[0].pk, lasting_injury="av"),
                    PlayerReport(a[1].pk, other_casualties=1),
                    PlayerReport(journeyman.pk, touchdowns=1),
                    PlayerReport(a[2].pk, interceptions=1),
                    PlayerReport(a[3].pk, deflections=1),
                ),
            ),
        ),
        "choices": choices,
        "states": states,
    }
    return s, engine, {"h": h, "a": a, "journeyman": journeyman, "out": out}


def test_pre_game_is_the_engines_and_pays_inducements_from_the_treasury(played):
    s, engine, _ = played
    match = s.match
    home_before = state_from_json(match.pre_game_teams["home"])
    away_before = state_from_json(match.pre_game_teams["away"])
    direct = pre_game(
        get_ruleset("bb2020"),
        home_before,
        away_before,
        KeyedDice(PRE_GAME_SEED),
        choices=match.pre_game_choices,
    )
    assert direct.complete
    summary = match.pre_game_result["summary"]
    assert summary["fan_factor"] == direct.fan_factor
    assert summary["weather"] == direct.weather.name
    assert summary["journeymen"]["away"] == ["human-lineman"]
    assert summary["treasury_spent"] == {"home": 50_000, "away": 0}
    assert summary["petty_cash"] == direct.petty_cash
    assert summary["petty_cash"]["away"] > 0
    assert summary["inducements"]["away"]["items"] == BRIBE
    assert summary["kicking_team"] == direct.kicking_team
    stored = [r.as_roll() for r in DiceRoll.objects.filter(match=match, sequence="pre_game")]
    assert stored == [r.as_dict() | {"result": _plain(r.result)} for r in direct.rolls]
    # Treasury gold for inducements is a ledger row; petty cash never is.
    inducements = s.home.ledger_entries.filter(reason="inducement")
    assert [(e.amount, e.match_ref) for e in inducements] == [(-50_000, match.pk)]
    assert not s.away.ledger_entries.filter(reason="inducement").exists()
    # The journeyman is a temporary player with Loner (4+) (hired for good after the game).
    assert engine["states"]["away"].player(played[2]["journeyman"].pk).journeyman


def _plain(result):
    return list(result) if isinstance(result, tuple) else result


def test_post_game_leaves_teams_exactly_as_the_engine_says(played):
    s, engine, who = played
    direct = post_game(
        get_ruleset("bb2020"),
        engine["states"]["home"],
        engine["states"]["away"],
        engine["report"],
        KeyedDice(POST_GAME_SEED),
        choices=engine["choices"],
    )
    assert direct.complete
    s.refresh()
    assert s.match.status == Match.Status.POST_GAME
    for side, team in (("home", s.home), ("away", s.away)):
        outcome = direct.teams[side]
        assert team.treasury == outcome.team.treasury
        assert team.dedicated_fans == outcome.team.dedicated_fans
        assert_treasury_is_ledger(team)
        ledger = list(team.ledger_entries.filter(match=s.match).exclude(reason="inducement"))
        expected = [(c.reason, c.amount) for c in outcome.treasury_changes]
        renamed = {"journeyman_hired": "journeyman_hire"}
        assert [(e.reason, e.amount) for e in ledger if e.reason != "journeyman_hire"] == [
            (r, a) for r, a in expected if r not in renamed
        ]
        rows = {p.pk: p for p in Player.objects.filter(team=team, status=PlayerStatus.ACTIVE)}
        after = _players_by_id(outcome.team)
        assert set(rows) == set(after)
        for pid, player in after.items():
            row = rows[pid]
            assert row.spp == player.spp, row.name
            assert row.miss_next_game == player.miss_next_game, row.name
            assert row.niggling_injuries == player.niggling_injuries
            assert row.temporarily_retired == player.temporarily_retired
            assert row.journeyman == player.journeyman
            for name in ("ma", "st", "ag", "pa", "av"):
                assert getattr(row, name) == player.characteristic(get_ruleset("bb2020"), name)
            assert set(row.skills.values_list("skill", flat=True)) == set(player.skills)
    away = direct.teams["away"]
    assert away.hired_journeymen == (who["journeyman"].pk,)
    assert away.retired == (who["a"][0].pk,)
    hired = Player.objects.get(pk=who["journeyman"].pk)
    assert not hired.journeyman and hired.status == PlayerStatus.ACTIVE
    assert s.away.ledger_entries.get(reason="journeyman_hire").amount == -50_000
    # The player who sat this game out is back; the injured carry MNG and records.
    assert not Player.objects.get(pk=who["out"].pk).miss_next_game
    lasting = InjuryRecord.objects.get(player=who["a"][0], kind="lasting")
    assert (lasting.characteristic, lasting.source) == ("av", f"Match #{s.match.pk}")
    assert InjuryRecord.objects.filter(player=who["h"][4], kind="niggling").exists()


def test_standings_stats_and_fixture_take_the_result(played):
    s, _, who = played
    fixture = Fixture.objects.get(pk=s.fixture.pk)
    assert fixture.status == Fixture.Status.PLAYED
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (2, 1)
    assert (fixture.home_casualties, fixture.away_casualties) == (1, 1)
    rows = {r.team_id: r for r in league_selectors.overall_standings(s.season)}
    assert (rows[s.home.pk].won, rows[s.home.pk].points) == (1, 3)
    assert (rows[s.away.pk].lost, rows[s.away.pk].points) == (1, 0)
    report = selectors.current_report(s.match)
    application = PostGameApplication.objects.get(report=report, phase="results")
    stats = {st.player_id: st for st in PlayerMatchStats.objects.filter(application=application)}
    assert len(stats) == 22  # eleven a side played; the MNG player did not
    assert who["out"].pk not in stats
    assert stats[who["h"][0].pk].touchdowns == 1
    assert stats[who["h"][3].pk].casualties == 1
    assert stats[who["a"][1].pk].casualties == 1  # a foul: counted, no SPP
    assert stats[who["a"][2].pk].interceptions == 1
    assert sum(st.mvp for st in stats.values()) == 2
    top = selectors.leaderboards(s.season, "touchdowns")
    assert {r["player_id"] for r in top} == {
        who["h"][0].pk,
        who["h"][1].pk,
        who["journeyman"].pk,
    }
    assert selectors.leaderboards(s.season, "mvp")[0]["total"] == 1


def test_close_and_the_match_replays_from_its_stored_rolls(played):
    s, engine, _ = played
    match = services.close_match(s.away_coach, s.match)
    assert match.status == Match.Status.CLOSED
    report = Report.objects.get(match=match, is_current=True)
    rolls = [r.as_roll() for r in DiceRoll.objects.filter(report=report).order_by("index")]
    assert rolls  # fans, MVPs, expensive mistakes...
    dice = ScriptedDice.replay(rolls)
    replayed = services.post_game_for(match, report, report.post_game_choices, dice)
    assert dice.remaining == 0
    seeded = services.post_game_for(match, report, report.post_game_choices)
    for side in ("home", "away"):
        assert replayed.teams[side].team == seeded.teams[side].team
    pre_rolls = [r.as_roll() for r in selectors.pre_game_state(match).rolls]
    dice = ScriptedDice.replay(pre_rolls)
    replay = pre_game(
        get_ruleset("bb2020"),
        state_from_json(match.pre_game_teams["home"]),
        state_from_json(match.pre_game_teams["away"]),
        dice,
        choices=match.pre_game_choices,
    )
    assert dice.remaining == 0
    assert replay.kicking_team == match.pre_game_result["summary"]["kicking_team"]
    log = list(selectors.dice_log(match))
    assert [r.sequence for r in log] == ["pre_game"] * len(pre_rolls) + ["post_game"] * len(rolls)


def test_running_the_post_game_again_changes_nothing(played):
    s, _, _ = played
    report = selectors.current_report(s.match)
    ledger = s.home.ledger_entries.count() + s.away.ledger_entries.count()
    first = PostGameApplication.objects.get(report=report, phase="final")
    again = services.apply_post_game(s.match.pk, report.pk)
    assert again == first
    assert PostGameApplication.objects.count() == 2  # its results, then the rest
    assert s.home.ledger_entries.count() + s.away.ledger_entries.count() == ledger


def test_a_conceded_league_match_follows_the_conceding_rules(django_capture_on_commit_callbacks):
    s = league_match(home_options={"dedicated_fans": 4})
    kick_off(s)
    h, a = s.players("home"), s.players("away")
    with django_capture_on_commit_callbacks(execute=True):
        submission = submit_and_confirm(
            s.home_coach,
            s.match,
            home_touchdowns=1,
            away_touchdowns=0,
            conceded_by="home",
            events=[event("touchdown", h[0]), event("completion", a[0])],
            seed=POST_GAME_SEED,
        )
    teams = submission.report.post_game_result["teams"]
    assert teams["home"]["result"] == "loss" and teams["home"]["winnings"] == 0
    assert teams["home"]["mvp"] is None
    assert teams["home"]["concession"]["penalty"] is True
    assert teams["away"]["touchdowns"] == 2  # one awarded plus the conceder's one
    fixture = Fixture.objects.get(pk=s.fixture.pk)
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (0, 2)
    assert fixture.conceded_by_id == s.home.pk
    s.refresh()
    assert s.home.dedicated_fans == teams["home"]["dedicated_fans"] < 5
    assert_treasury_is_ledger(s.home)


def test_a_friendly_gives_no_mvp(django_capture_on_commit_callbacks):
    s = league_match(kind=Fixture.Kind.FRIENDLY)
    s.fixture.division = None
    kick_off(s)
    with django_capture_on_commit_callbacks(execute=True):
        submission = submit_and_confirm(
            s.home_coach, s.match, home_touchdowns=0, away_touchdowns=0, seed=POST_GAME_SEED
        )
    teams = submission.report.post_game_result["teams"]
    assert teams["home"]["mvp"] is None and "friendly" in teams["home"]["mvp_reason"]
    assert Fixture.objects.get(pk=s.fixture.pk).status == Fixture.Status.PLAYED
