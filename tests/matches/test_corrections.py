"""Corrections: a commissioner's new version of a report leaves the teams exactly
as if it had been the first (checked against a second, identical set-up that
reports it first), and is refused where it could not be undone cleanly (later matches and SPP spent:
tests/matches/test_corrections_later.py)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied

from leagues import selectors as league_selectors
from leagues.models import Fixture
from matches import services
from matches.errors import MatchError
from matches.models import AppliedEffect, Match, PlayerMatchStats, PostGameApplication, Report
from teams.models import Player
from teams.services import record_injury
from tests.factories import assert_treasury_is_ledger
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = pytest.mark.django_db


def _setup(tag: str) -> tuple[Setup, dict[str, Any]]:
    s = league_match(home_options={"rerolls": 3}, tag=tag)
    record_injury(s.away_coach, s.players("away")[-1], "miss_next_game", source="earlier")
    kick_off(s, inducements={"home": {"bloodweiser-kegs": 1}})
    h, a = s.players("home"), s.players("away")
    return s, {"h": h, "a": a, "j": next(p for p in a if p.journeyman)}


def first_report(p: dict[str, Any]) -> dict[str, Any]:
    """Home win 2-1: a home player killed, an away player lastingly injured."""
    h, a, j = p["h"], p["a"], p["j"]
    return {
        "home_touchdowns": 2,
        "away_touchdowns": 1,
        "events": [
            event("touchdown", h[0]),
            event("touchdown", h[0]),
            event("casualty", h[3], victim=a[0].pk),
            event("injury", a[0], injury="lasting_injury", characteristic="ma"),
            event("touchdown", j),
            event("casualty", a[1], victim=h[4].pk),
            event("injury", h[4], injury="dead"),
        ],
    }


def corrected_report(p: dict[str, Any]) -> dict[str, Any]:
    """It was a 1-1 draw; the home player was seriously injured, not killed."""
    h, a, j = p["h"], p["a"], p["j"]
    return {
        "home_touchdowns": 1,
        "away_touchdowns": 1,
        "events": [
            event("touchdown", h[1]),
            event("completion", h[2]),
            event("touchdown", j),
            event("casualty", a[1], victim=h[4].pk),
            event("injury", h[4], injury="serious_injury"),
            event("interception", a[2]),
        ],
    }


def _report_and_post_game(s: Setup, p: dict[str, Any], body: dict[str, Any], capture) -> Report:
    with capture(execute=True):
        report = submit_and_confirm(s.home_coach, s.match, seed=POST_GAME_SEED, **body).report
        for side in dict.fromkeys(c["side"] for c in report.post_game_result["pending"]):
            coach = s.home_coach if side == "home" else s.away_coach
            hire = [p["j"].pk] if side == "away" else []
            retire = [p["a"][0].pk] if side == "away" else []
            options = {c["kind"] for c in report.post_game_result["pending"] if c["side"] == side}
            services.submit_post_game_choices(
                coach,
                s.match,
                hire_journeymen=hire if "hire_journeymen" in options else [],
                retire=retire if "temporary_retirement" in options else [],
            )
    return report


def team_picture(s: Setup) -> dict[str, Any]:
    """Everything the teams, the league and the leaderboards hold, without ids."""
    s.refresh()
    picture: dict[str, Any] = {}
    for side, team in (("home", s.home), ("away", s.away)):
        assert_treasury_is_ledger(team)
        players = Player.objects.filter(team=team).order_by("number", "status")
        picture[side] = {
            "treasury": team.treasury,
            "dedicated_fans": team.dedicated_fans,
            "players": [
                (
                    p.number,
                    p.status,
                    p.spp_earned,
                    p.spp_spent,
                    p.miss_next_game,
                    p.niggling_injuries,
                    p.temporarily_retired,
                    p.journeyman,
                    (p.ma, p.st, p.ag, p.pa, p.av),
                    p.current_value,
                    sorted(p.skills.values_list("skill", flat=True)),
                    sorted(p.injuries.values_list("kind", "characteristic")),
                )
                for p in players
            ],
            "stats": sorted(
                (st.player.number, st.touchdowns, st.casualties, st.spp, st.mvp)
                for st in PlayerMatchStats.objects.filter(team=team).select_related("player")
            ),
        }
    fixture = Fixture.objects.get(pk=s.fixture.pk)
    picture["fixture"] = (
        fixture.status,
        fixture.home_touchdowns,
        fixture.away_touchdowns,
        fixture.home_casualties,
        fixture.away_casualties,
    )
    picture["standings"] = sorted(
        (r.won, r.drawn, r.lost, r.points, r.touchdowns_for)
        for r in league_selectors.overall_standings(s.season)
    )
    return picture


def test_a_correction_leaves_the_teams_as_if_it_had_been_the_first_report(
    django_capture_on_commit_callbacks,
):
    corrected, p = _setup("A")
    _report_and_post_game(corrected, p, first_report(p), django_capture_on_commit_callbacks)
    assert Player.objects.get(pk=p["h"][4].pk).status == "dead"
    services.close_match(corrected.home_coach, corrected.match)
    new = services.correct_report(
        corrected.commissioner, corrected.match, note="It was a draw", **corrected_report(p)
    )
    assert (new.version, new.is_current) == (2, True)
    old = Report.objects.get(match=corrected.match, version=1)
    assert not old.is_current and old.replaced_at is not None
    assert all(a.is_reverted for a in PostGameApplication.objects.filter(report=old))
    assert PostGameApplication.objects.filter(report=new, reverted_at=None).count() == 2

    first, q = _setup("B")
    _report_and_post_game(first, q, corrected_report(q), django_capture_on_commit_callbacks)

    assert team_picture(corrected) == team_picture(first)
    # One "correction" row for the match: what its gold is now less what it was, with
    # what it is made of; at the match it corrects.
    (row,) = corrected.home.ledger_entries.filter(reason="correction")
    was = AppliedEffect.objects.filter(application__report=old, kind="ledger", team=corrected.home)
    now = AppliedEffect.objects.filter(application__report=new, kind="ledger", team=corrected.home)
    assert row.amount == sum(e.amount for e in now) - sum(e.amount for e in was) != 0
    assert row.note.startswith(f"Correction of {corrected.match.label}: winnings ")
    assert row.match_ref == corrected.match.pk


def test_only_a_commissioner_corrects_and_says_why(django_capture_on_commit_callbacks):
    s, p = _setup("C")
    _report_and_post_game(s, p, first_report(p), django_capture_on_commit_callbacks)
    with pytest.raises(PermissionDenied, match="commissioner"):
        services.correct_report(s.home_coach, s.match, note="mine", **corrected_report(p))
    with pytest.raises(MatchError, match="Say why"):
        services.correct_report(s.commissioner, s.match, note=" ", **corrected_report(p))
    bad = {**corrected_report(p), "home_touchdowns": 3}
    with pytest.raises(MatchError, match="gives .* 3, but 1 touchdown event"):
        services.correct_report(s.commissioner, s.match, note="x", **bad)
    assert Report.objects.filter(match=s.match).count() == 1


def test_a_correction_before_the_post_game_is_applied_just_replaces_the_report():
    s, p = _setup("F")
    report = submit_and_confirm(
        s.home_coach, s.match, seed=POST_GAME_SEED, **first_report(p)
    ).report
    assert report.post_game_result["pending"]  # away still has to decide
    new = services.correct_report(s.commissioner, s.match, note="typo", **corrected_report(p))
    assert not PostGameApplication.objects.exists()
    assert [(c["side"], c["kind"]) for c in new.post_game_result["pending"]] == [
        ("home", "hiring"),
        ("away", "hire_journeymen"),
    ]  # neither coach was done with step 4: both still are to say
    assert Match.objects.get(pk=s.match.pk).status == Match.Status.REPORT_SUBMITTED
    assert list(Report.objects.filter(match=s.match).values_list("version", "is_current")) == [
        (1, False),
        (2, True),
    ]
    assert Fixture.objects.get(pk=s.fixture.pk).status == Fixture.Status.SCHEDULED
