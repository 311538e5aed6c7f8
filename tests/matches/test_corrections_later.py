"""Corrections that always work: a commissioner corrects a match after
either team played on, bought things and spent the SPP it earned; later post-games
are re-derived in order, purchases stand, SPP already spent wait for the
commissioner's decision, and the teams end as if the corrected report had been
entered first (checked against a second, identical league that did so)."""

from __future__ import annotations

from typing import Any

import pytest

from matches import services
from matches.errors import MatchError
from matches.models import Match, PostGameApplication, SppShortfall
from teams.models import Player
from teams.services import buy_reroll, correct_treasury, spend_spp
from tests.factories import assert_treasury_is_ledger
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    all_done,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db


def _won(p: dict[str, Any]) -> dict[str, Any]:
    """Round 3 as first reported: home wins 2-1, both touchdowns by its first player."""
    return {
        "home_touchdowns": 2,
        "away_touchdowns": 1,
        "events": [event("touchdown", p["h"][0]), event("touchdown", p["h"][0])]
        + [event("touchdown", p["a"][0])],
    }


def _drawn(p: dict[str, Any]) -> dict[str, Any]:
    """What really happened: a 1-1 draw, the home touchdown by its second player."""
    return {
        "home_touchdowns": 1,
        "away_touchdowns": 1,
        "events": [event("touchdown", p["h"][1]), event("touchdown", p["a"][0])],
    }


def _play(s: Setup, body: dict[str, Any], capture, *, seed: int = POST_GAME_SEED) -> None:
    with capture(execute=True):
        submit_and_confirm(s.home_coach, s.match, seed=seed, **body)
        all_done(s)
    services.close_match(s.home_coach, s.match)


def _rematch(s: Setup) -> Setup:
    """The return fixture of the same two teams, opened and kicked off."""
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


def _season(tag: str, first: Any, capture, *, spend: bool) -> tuple[Setup, Setup, dict]:
    """Round 3 reported with ``first``; between games the home coach buys a re-roll (and,
    ``spend``, spends his scorer's SPP); then the return match is played 1-0."""
    s = league_match(tag=tag)
    kick_off(s)
    p = {"h": s.players("home"), "a": s.players("away")}
    _play(s, first(p), capture)
    if spend:
        spend_spp(
            s.home_coach, Player.objects.get(pk=p["h"][0].pk), "chosen_primary", skill="Block"
        )
    correct_treasury(s.commissioner, s.home, 200_000, "Sponsor")  # enough for a re-roll
    buy_reroll(s.home_coach, s.home)
    later = _rematch(s)
    _play(
        later,
        {"home_touchdowns": 1, "away_touchdowns": 0, "events": [event("touchdown", p["a"][2])]},
        capture,
        seed=POST_GAME_SEED + 1,
    )
    return s, later, p


def _picture(s: Setup) -> dict[str, Any]:
    s.refresh()
    picture = {}
    for side, team in (("home", s.home), ("away", s.away)):
        assert_treasury_is_ledger(team)
        picture[side] = (
            team.treasury,
            team.dedicated_fans,
            team.rerolls,
            [
                (p.number, p.spp_earned, p.spp_spent, p.advancements, p.current_value)
                for p in Player.objects.filter(team=team).order_by("number")
            ],
        )
    return picture


def _short(p: dict[str, Any]) -> int:
    """The SPP the correction takes back from the scorer that he no longer has unspent:
    his two touchdowns' 6 (the MVPs stand: the dice are rolled again the same), less
    what he has not spent."""
    scorer = Player.objects.get(pk=p["h"][0].pk)
    short = 6 - (scorer.spp_earned - scorer.spp_spent)
    assert short > 0  # he spent some of them
    return short


def test_a_round_corrected_after_later_games_ends_as_if_reported_right_first(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    wrong, wrong_later, p = _season("W", _won, capture, spend=True)
    right, _, _ = _season("R", _drawn, capture, spend=False)
    later_before = list(wrong_later.match.applications.values_list("pk", flat=True))
    short = _short(p)

    services.correct_report(wrong.commissioner, wrong.match, note="It was a draw", **_drawn(p))

    # The return match's post-game was worked out again on the moved Treasury.
    assert PostGameApplication.objects.filter(pk__in=later_before, reverted_at=None).count() == 0
    assert wrong_later.match.applications.filter(reverted_at=None).count() == 2
    # The scorer had spent the SPP the correction takes back: kept until decided.
    shortfall = SppShortfall.objects.get()
    assert (shortfall.player_id, shortfall.spp, shortfall.status) == (p["h"][0].pk, short, "open")
    scorer = Player.objects.get(pk=p["h"][0].pk)
    assert scorer.spp_spent == 6 and scorer.spp_earned >= 6  # never below what he spent
    services.settle_shortfall(wrong.commissioner, shortfall, "undo")
    scorer.refresh_from_db()
    assert (scorer.advancements, scorer.spp_spent) == (0, 0)
    assert not scorer.skills.filter(skill="Block").exists()

    assert _picture(wrong) == _picture(right)


def test_the_commissioner_may_let_the_player_keep_the_spp(django_capture_on_commit_callbacks):
    s, _, p = _season("G", _won, django_capture_on_commit_callbacks, spend=True)
    services.correct_report(s.commissioner, s.match, note="It was a draw", **_drawn(p))
    shortfall = SppShortfall.objects.get()
    with pytest.raises(MatchError, match="'grant' or 'undo'"):
        services.settle_shortfall(s.commissioner, shortfall, "maybe")
    services.settle_shortfall(s.commissioner, shortfall, "grant")
    scorer = Player.objects.get(pk=p["h"][0].pk)
    assert scorer.advancements == 1 and scorer.spp_earned - scorer.spp_spent >= 0
    with pytest.raises(MatchError, match="decided already"):
        services.settle_shortfall(s.commissioner, shortfall, "undo")


def test_a_correction_never_leaves_a_treasury_below_zero(django_capture_on_commit_callbacks):
    """Gold the correction takes back that the team spent since: refused, with the
    reason, and nothing changes; once the commissioner makes room it goes through."""
    s = league_match(tag="T", home_options={"rerolls": 8})  # 50,000 gp left: no Mistakes
    kick_off(s)
    p = {"h": s.players("home"), "a": s.players("away")}
    _play(s, _won(p), django_capture_on_commit_callbacks)
    s.refresh()
    spend = s.home.treasury
    correct_treasury(s.commissioner, s.home, -spend, "Spent it all")
    with pytest.raises(MatchError, match="the gold was spent since"):
        services.correct_report(s.commissioner, s.match, note="It was a draw", **_drawn(p))
    assert Match.objects.get(pk=s.match.pk).reports.count() == 1
    s.refresh()
    assert s.home.treasury == 0
    assert_treasury_is_ledger(s.home)
    correct_treasury(s.commissioner, s.home, 100_000, "Room for the correction")
    services.correct_report(s.commissioner, s.match, note="It was a draw", **_drawn(p))
    s.refresh()
    assert_treasury_is_ledger(s.home)
    assert s.home.treasury >= 0


def test_shortfalls_over_the_api_and_on_the_match_page(django_capture_on_commit_callbacks):
    from django.test import Client
    from rest_framework.test import APIClient

    s, _, p = _season("P", _won, django_capture_on_commit_callbacks, spend=True)
    api = APIClient()
    api.force_authenticate(s.commissioner)
    url = f"/api/v1/matches/{s.match.pk}/"
    body = {**_drawn(p), "note": "It was a draw"}
    short = _short(p)
    assert api.post(f"{url}correct/", body, format="json").status_code == 201
    rows = api.get(f"{url}shortfalls/").json()
    assert [(r["player"], r["spp"], r["status"]) for r in rows] == [(p["h"][0].pk, short, "open")]
    coach = APIClient()
    coach.force_authenticate(s.home_coach)
    settle = f"{url}shortfalls/{rows[0]['id']}/settle/"
    assert coach.post(settle, {"decision": "grant"}, format="json").status_code == 403
    bad = api.post(settle, {"decision": "maybe"}, format="json")
    assert bad.status_code == 400 and "decision" in bad.json()["fields"]

    page = Client()
    page.force_login(s.commissioner)
    html = page.get(f"/matches/{s.match.pk}/").content.decode()
    assert "SPP a correction took back" in html and "Undo his latest advancements" in html
    answer = page.post(f"/matches/{s.match.pk}/shortfalls/{rows[0]['id']}/", {"decision": "undo"})
    assert answer.status_code == 302
    assert api.get(f"{url}shortfalls/").json()[0]["status"] == "undone"
    assert Player.objects.get(pk=p["h"][0].pk).advancements == 0


def test_the_post_games_show_the_corrected_figures(django_capture_on_commit_callbacks):
    """The Treasury and Dedicated Fans each post-game shows (read back from the team
    when it was applied) are those of the league reported right first, for the
    corrected match and for the later one worked out again."""
    capture = django_capture_on_commit_callbacks
    wrong, wrong_later, p = _season("SW", _won, capture, spend=False)
    right, right_later, _ = _season("SR", _drawn, capture, spend=False)

    def shown(s: Setup) -> dict[str, tuple[int, int]]:
        teams = s.match.reports.get(is_current=True).post_game_result["teams"]
        return {side: (t["treasury"], t["dedicated_fans"]) for side, t in teams.items()}

    assert shown(wrong) != shown(right)
    services.correct_report(wrong.commissioner, wrong.match, note="It was a draw", **_drawn(p))
    assert shown(wrong) == shown(right)
    assert shown(wrong_later) == shown(right_later)
    wrong.refresh()
    # The later match is the last either team played: it shows the Treasury they hold.
    assert shown(wrong_later) == {
        "home": (wrong.away.treasury, wrong.away.dedicated_fans),
        "away": (wrong.home.treasury, wrong.home.dedicated_fans),
    }
