"""A correction as the league notices it (BB2020): a commissioner corrects a played
match after both teams played on, and everything the coaches read afterwards is what
it would be had the corrected report been entered first: the same MVPs (the dice of
every purpose rolled before roll the same), a Miss Next Game a later match served
stays served, one net "correction" row in the ledger whose balances each follow from
the one before, and the team's matches page (TV and Treasury after each match, the
charts' figures) equal to a twin league's that entered the corrected report first
with the same seeds."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from matches import services
from matches.models import DiceRoll, PlayerMatchStats, Report
from teams.models import LedgerReason, Player, Team
from teams.selectors import value_breakdown
from teams.services import record_injury, spend_spp
from teams.templatetags.dugout import gp
from tests.factories import assert_treasury_is_ledger
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    PRE_GAME_SEED,
    Setup,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db

Body = dict[str, Any]
Players = dict[str, Any]


def _finish(s: Setup, report: Report, capture, hire: dict[str, list[int]]) -> None:
    """Both coaches done with step 4, ``hire[side]`` the journeymen hired for good."""
    for side in dict.fromkeys(c["side"] for c in report.post_game_result["pending"]):
        coach = s.home_coach if side == "home" else s.away_coach
        options = {c["kind"] for c in report.post_game_result["pending"] if c["side"] == side}
        hired = hire.get(side, []) if "hire_journeymen" in options else []
        with capture(execute=True):
            services.submit_post_game_choices(coach, s.match, side=side, hire_journeymen=hired)


def _play(
    s: Setup,
    body: Body,
    capture,
    *,
    seed: int = POST_GAME_SEED,
    hire: dict[str, list[int]] | None = None,
) -> Report:
    with capture(execute=True):
        report = submit_and_confirm(s.home_coach, s.match, seed=seed, **body).report
    _finish(s, report, capture, hire or {})
    services.close_match(s.home_coach, s.match)
    return s.match.reports.get(is_current=True)


def _rematch(s: Setup) -> Setup:
    """The return fixture of the same two teams (the away team at home), kicked off on
    the pre-game seed every league here uses."""
    fixture = FixtureFactory(division=s.fixture.division, home=s.away, away=s.home)
    later = Setup(
        services.open_match(s.commissioner, fixture),
        fixture,
        s.season,
        s.away,
        s.home,
        s.away_coach,
        s.home_coach,
        s.commissioner,
    )
    kick_off(later)
    return later


# Match A as first reported and its corrections. ``p["h"]``/``p["a"]``: the home and
# away players who were on the sheet at kick-off, ``p["j"]`` the home side's journeyman.


def reported(p: Players) -> Body:
    """Home wins 3-0 (its first player twice, its second once), its fourth player
    completes a pass, its third Seriously Hurts the away side's first player."""
    h, a = p["h"], p["a"]
    return {
        "home_touchdowns": 3,
        "away_touchdowns": 0,
        "events": [
            event("touchdown", h[0]),
            event("touchdown", h[0]),
            event("touchdown", h[1]),
            event("completion", h[3]),
            event("casualty", h[2], victim=a[0].pk),
            event("injury", a[0], injury="seriously_hurt"),
        ],
    }


def _other_passer(p: Players) -> Body:
    """The pass was completed by the home side's fifth player: no gold moves."""
    body = reported(p)
    body["events"] = [
        event("completion", p["h"][4]) if e["kind"] == "completion" else e for e in body["events"]
    ]
    return body


def _touchdown_fewer(p: Players) -> Body:
    """Home won 2-0: the second player's touchdown was never scored (10,000 gp less)."""
    body = reported(p)
    body["home_touchdowns"] = 2
    body["events"] = [
        e for e in body["events"] if not (e["kind"] == "touchdown" and e["player"] == p["h"][1].pk)
    ]
    return body


def _away_scored(p: Players) -> Body:
    """The away side scored too, 3-1 (its second player): its winnings are 10,000 gp
    more, the injured player's team's Treasury moves."""
    body = reported(p)
    body["away_touchdowns"] = 1
    body["events"] = [*body["events"], event("touchdown", p["a"][1])]
    return body


@dataclass
class Story:
    """Match A (``first``) and the return match B (``later``) of the same two teams:
    the home side played A with a journeyman and hired him for good; its first player
    spent his SPP on Block between the games; the away side's first player, Seriously
    Hurt in A, sat B out (a journeyman in his place)."""

    first: Setup
    later: Setup
    p: Players

    @property
    def injured(self) -> Player:
        return Player.objects.get(pk=self.p["a"][0].pk)

    def teams(self) -> tuple[Team, Team]:
        self.first.refresh()
        return self.first.home, self.first.away


def play_story(tag: str, body_of: Callable[[Players], Body], capture) -> Story:
    """The ``Story`` with ``body_of`` as match A's report, every match on the same seeds."""
    s = league_match(tag=tag, home_options={"rerolls": 8})  # 50,000 gp left
    # A home player misses A: the home side fields a journeyman.
    home = s.players("home")
    record_injury(s.home_coach, home[-1], "miss_next_game", source="earlier")
    kick_off(s)
    players = [p for p in s.players("home") if not p.miss_next_game]
    p = {
        "h": [x for x in players if not x.journeyman],
        "a": s.players("away"),
        "j": next(x for x in players if x.journeyman),
    }
    _play(s, body_of(p), capture, hire={"home": [p["j"].pk]})
    spend_spp(s.home_coach, Player.objects.get(pk=p["h"][0].pk), "chosen_primary", skill="Block")
    later = _rematch(s)
    b = {"home_touchdowns": 1, "away_touchdowns": 1}
    b["events"] = [event("touchdown", p["a"][1]), event("touchdown", p["h"][0])]
    _play(later, b, capture, seed=POST_GAME_SEED + 1)
    story = Story(s, later, p)
    assert story.injured.miss_next_game is False  # B served his Miss Next Game
    return story


def _correct(story: Story, body_of: Callable[[Players], Body], note: str) -> Report:
    s = story.first
    return services.correct_report(s.commissioner, s.match, note=note, **body_of(story.p))


def _third(story: Story) -> dict[str, Any]:
    """The next match of the two teams, its pre-game begun on the league's seed: its
    summary (the CTV each side takes to the pitch, the journeymen it needs) and the
    injured player as it sees him."""
    s = story.first
    fixture = FixtureFactory(division=s.fixture.division, home=s.home, away=s.away)
    match = services.open_match(s.commissioner, fixture)
    match = services.start_pre_game(s.home_coach, match, seed=PRE_GAME_SEED)
    injured = next(
        p for p in match.pre_game_teams["away"]["players"] if p["id"] == story.injured.pk
    )
    return {"summary": match.pre_game_result["summary"], "injured": injured}


# --- The MVPs stay where the dice put them ---------------------------------------------


def _rolls(report: Report) -> dict[tuple[str, str, str], list[Any]]:
    """The post-game's stored dice, by step, purpose and die, in the order rolled."""
    rolls: dict[tuple[str, str, str], list[Any]] = {}
    for roll in DiceRoll.objects.filter(report=report, sequence="post_game").order_by("index"):
        rolls.setdefault((roll.step, roll.purpose, roll.die), []).append(roll.result)
    return rolls


def _mvps(s: Setup) -> dict[int, int]:
    rows = PlayerMatchStats.objects.filter(match=s.match, mvp=True)
    return {row.team_id: row.player_id for row in rows}


def test_a_draw_corrected_to_a_loss_keeps_the_mvps_and_their_dice(
    django_capture_on_commit_callbacks,
):
    s = league_match(tag="Mvp")
    kick_off(s)
    h, a = s.players("home"), s.players("away")
    drawn = {
        "home_touchdowns": 1,
        "away_touchdowns": 1,
        "events": [event("touchdown", h[0]), event("touchdown", a[0])],
    }
    old = _play(s, drawn, django_capture_on_commit_callbacks)
    mvps = _mvps(s)
    assert set(mvps) == {s.home.pk, s.away.pk}

    new = services.correct_report(
        s.commissioner,
        s.match,
        home_touchdowns=0,
        away_touchdowns=1,
        events=[event("touchdown", a[0])],
        note="The home touchdown was scored after the final whistle",
    )

    # Each side's MVP is the player he was: the stored rolls of every purpose the first
    # post-game rolled are the same; a decided game adds the Dedicated Fans dice.
    assert _mvps(s) == mvps
    for side in ("home", "away"):
        assert new.post_game_result["teams"][side]["mvp"] == mvps[getattr(s, side).pk]
    was, now = _rolls(old), _rolls(new)
    assert any(purpose.startswith("MVP") for _, purpose, _ in was)
    assert {key: now[key] for key in was} == was
    assert {purpose for _, purpose, _ in set(now) - set(was)} == {
        "Dedicated Fans: home",
        "Dedicated Fans: away",
    }


# --- A Miss Next Game a later match served stays served --------------------------------


@pytest.mark.parametrize(
    ("correction", "moves"),
    [(_other_passer, False), (_away_scored, True)],
    ids=["treasury-unchanged", "treasury-moved"],
)
def test_a_player_who_sat_out_the_later_match_is_not_missing_the_next_again(
    django_capture_on_commit_callbacks, correction, moves
):
    story = play_story("Mng", reported, django_capture_on_commit_callbacks)
    _, away = story.teams()
    treasury, value = away.treasury, value_breakdown(away)

    new = _correct(story, correction, "Corrected after the return match")

    # The correction moved the injured player's team's Treasury (or did not)...
    _, away = story.teams()
    old = story.first.match.reports.get(version=1)
    winnings = [r.post_game_result["teams"]["away"]["winnings"] for r in (old, new)]
    assert winnings[1] - winnings[0] == (10_000 if moves else 0)
    assert (away.treasury != treasury) is moves
    assert_treasury_is_ledger(away)
    # ... and he stays back: the return match served his Miss Next Game.
    assert story.injured.miss_next_game is False
    assert value_breakdown(away) == value
    assert value.missing_next_game == 0
    # The next match fields him: the away side needs no journeyman and takes the CTV of
    # its whole roster to the pitch.
    third = _third(story)
    assert third["injured"]["miss_next_game"] is False
    assert third["summary"]["journeymen"]["away"] == []
    assert third["summary"]["ctv_before_inducements"]["away"] == value.current_team_value


# --- One net row in the ledger, every balance one the team had --------------------------


def _running(team: Team) -> list[tuple[int, int]]:
    """The ledger as the team sheet lists it, oldest first: (amount, balance after)."""
    return list(
        team.ledger_entries.order_by("created_at", "id").values_list("amount", "balance_after")
    )


def test_a_touchdown_fewer_is_one_correction_row_and_the_balances_follow(
    django_capture_on_commit_callbacks,
):
    story = play_story("Ledger", reported, django_capture_on_commit_callbacks)
    s = story.first
    home, away = story.teams()
    hires = list(home.ledger_entries.filter(reason=LedgerReason.JOURNEYMAN_HIRE))
    assert len(hires) == 1  # the post-game hired the journeyman for good
    treasury, rows = home.treasury, home.ledger_entries.count()

    new = _correct(story, _touchdown_fewer, "The third touchdown was disallowed")

    home, away = story.teams()
    old = s.match.reports.get(version=1)
    was, now = (r.post_game_result["teams"]["home"]["winnings"] for r in (old, new))
    assert was - now == 10_000
    # One row, the net, saying what moved; the journeyman's fee, taken back and paid
    # again, nets to nothing and is no second "hired permanently" row.
    (row,) = home.ledger_entries.filter(reason=LedgerReason.CORRECTION)
    assert (row.amount, row.match_ref) == (-10_000, s.match.pk)
    assert row.note == f"Correction of {s.match.label}: winnings {was:,} → {now:,} gp"
    assert list(home.ledger_entries.filter(reason=LedgerReason.JOURNEYMAN_HIRE)) == hires
    assert home.ledger_entries.count() == rows + 1
    assert home.treasury == treasury - 10_000
    assert not away.ledger_entries.filter(reason=LedgerReason.CORRECTION).exists()
    # Every balance is the one before plus the amount: each is one the team really had.
    for team in (home, away):
        assert_treasury_is_ledger(team)
        balance = 0
        for amount, balance_after in _running(team):
            balance += amount
            assert balance_after == balance
        assert balance == team.treasury


# --- The team's matches page as if the corrected report had come first -------------------


def _both_ways(p: Players) -> Body:
    """Home won 2-1: its second player's touchdown was never scored, the away side's
    second player scored one: both Treasuries move."""
    body = _touchdown_fewer(p)
    body["away_touchdowns"] = 1
    body["events"] = [*body["events"], event("touchdown", p["a"][1])]
    return body


def _cells(html: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", cell)).strip()
        for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", html, flags=re.S)
    ]


def matches_table(html: str) -> list[dict[str, str]]:
    """The team matches page's table, a dict per match (header -> text), oldest first."""
    table = html.split('id="team-matches"', 1)[1].split("</table>", 1)[0]
    head, body = table.split("</thead>", 1)
    headers = _cells(head)
    return [dict(zip(headers, _cells(row), strict=True)) for row in body.split("</tr>")[:-1]]


def _chart_figures(html: str, slug: str) -> list[list[str]]:
    """A chart's figures table, without the match's label (it names the opponent)."""
    body = html.split(f'id="{slug}-figures"', 1)[1].split("</tbody>", 1)[0]
    return [_cells(row)[1:] for row in body.split("<tbody>", 1)[1].split("</tr>")[:-1]]


FIGURES = ("Result", "Score", "Winnings", "TV before", "TV after", "Treasury after")


def _pages(story: Story) -> dict[str, str]:
    client = Client()
    home, away = story.teams()
    return {
        side: client.get(reverse("team-matches", args=[team.pk])).content.decode()
        for side, team in (("home", home), ("away", away))
    }


def _twins(capture, correction: Callable[[Players], Body], note: str) -> tuple[Story, Story]:
    """A league whose first match is corrected after the return match, and its twin,
    which entered the corrected report first: the same seeds, answers and purchases."""
    corrected = play_story("Wrong", reported, capture)
    twin = play_story("Right", correction, capture)
    _correct(corrected, correction, note)
    return corrected, twin


@pytest.fixture
def corrected_and_twin(django_capture_on_commit_callbacks) -> tuple[Story, Story]:
    return _twins(django_capture_on_commit_callbacks, _both_ways, "Home scored two, away one")


def test_the_matches_page_reads_as_if_the_corrected_report_came_first(corrected_and_twin):
    corrected, twin = corrected_and_twin
    pages, twin_pages = _pages(corrected), _pages(twin)
    for side in ("home", "away"):
        rows = matches_table(pages[side])
        assert len(rows) == 2
        assert [{k: row[k] for k in FIGURES} for row in rows] == [
            {k: row[k] for k in FIGURES} for row in matches_table(twin_pages[side])
        ]
        # The charts above the table: the Treasury and the TV line (the CTV line: the
        # test below).
        treasury = _chart_figures(pages[side], "team-treasury")
        assert treasury == _chart_figures(twin_pages[side], "team-treasury")
        tv = [row[0] for row in _chart_figures(pages[side], "team-value")]
        assert tv == [row[0] for row in _chart_figures(twin_pages[side], "team-value")]
    # And those are the figures each post-game left: nothing was bought between the
    # matches, and the return match is the last either team played.
    home, away = twin.teams()
    for side, team in (("home", home), ("away", away)):
        first, later = matches_table(twin_pages[side])
        shown = twin.first.match.reports.get(is_current=True).post_game_result["teams"][side]
        assert first["Treasury after"] == gp(shown["treasury"])
        assert first["TV after"] == gp(shown["team_value"])
        assert later["Treasury after"] == gp(team.treasury)
        assert later["TV after"] == gp(value_breakdown(team).team_value)


def test_the_ctv_line_reads_as_if_the_corrected_report_came_first(corrected_and_twin):
    """The CTV after each match: the return match's journeyman, let go by its own
    post-game, is not let go again (and counted) by the first match's."""
    corrected, twin = corrected_and_twin
    pages, twin_pages = _pages(corrected), _pages(twin)
    for side in ("away", "home"):
        ctv = [row[1] for row in _chart_figures(pages[side], "team-value")]
        assert ctv == [row[1] for row in _chart_figures(twin_pages[side], "team-value")]


def _killed(p: Players) -> Body:
    """The away player was killed, not Seriously Hurt: his team's TV drops by his value."""
    body = reported(p)
    body["events"] = [
        {**e, "injury": "dead"} if e["kind"] == "injury" else e for e in body["events"]
    ]
    return body


def test_a_death_the_correction_adds_lowers_the_tv_after_every_later_match(
    django_capture_on_commit_callbacks,
):
    corrected, twin = _twins(django_capture_on_commit_callbacks, _killed, "He died")
    _, away = corrected.teams()
    assert away.players.filter(status="dead").count() == 1
    pages, twin_pages = _pages(corrected), _pages(twin)
    for side in ("home", "away"):
        tv = [row["TV after"] for row in matches_table(pages[side])]
        assert tv == [row["TV after"] for row in matches_table(twin_pages[side])]
    assert matches_table(pages["away"])[-1]["TV after"] == gp(value_breakdown(away).team_value)


def test_a_death_corrected_to_a_serious_hurt_is_served_by_the_match_he_sat_out(
    django_capture_on_commit_callbacks,
):
    story = play_story("Revived", _killed, django_capture_on_commit_callbacks)
    assert story.injured.status == "dead"

    _correct(story, reported, "He was Seriously Hurt, not killed")

    injured = story.injured
    assert injured.status == "active"
    assert injured.miss_next_game is False  # as in the league that reported it first
