"""The apps ask the league's ruleset, never its name: which report a match takes, what
a report may carry, who may advance, how a correction re-runs the right post-game,
and pages that show a ruleset whose text prints no profile."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from leagues.models import Fixture
from matches import services
from matches.errors import MatchError, ReportError
from matches.models import AppliedEffect, EffectKind
from matches.services.rulesets import rules_for, rules_for_key
from rules_engine.bb2020.report import MatchReport
from rules_engine.blitz_bowl import BlitzBowlReport
from rules_engine.errors import AdvancementError
from teams.models import LedgerReason, Player, TreasuryEntry
from teams.services import spend_spp
from tests.factories import assert_treasury_is_ledger
from tests.matches.factories import kick_off, league_match, submit_and_confirm
from tests.rulesets.factories import kicked_off

pytestmark = pytest.mark.django_db


def test_each_ruleset_names_the_report_its_post_game_reads():
    assert rules_for_key("bb2020").report_type is MatchReport
    assert rules_for_key("classic").report_type is MatchReport
    assert rules_for_key("blitz_bowl").report_type is BlitzBowlReport
    assert rules_for_key("blitz_bowl").name == "Blitz Bowl"
    with pytest.raises(MatchError, match="no match sequences for 'bb1987'"):
        rules_for_key("bb1987")


def test_a_league_scored_in_touchdowns_refuses_points_and_keeps_its_api():
    s = league_match()
    kick_off(s)
    assert rules_for(s.match).key == "bb2020"
    client = APIClient()
    client.force_authenticate(s.home_coach)
    body = {"home_touchdowns": 0, "away_touchdowns": 0, "home_challenge_cards": [2]}
    response = client.post(f"/api/v1/matches/{s.match.pk}/report/", body, format="json")
    assert response.status_code == 400
    assert "only a game scored in points (Blitz Bowl)" in response.json()["detail"]


def test_a_blitz_bowl_report_lists_every_reason_it_does_not_add_up():
    game = kicked_off("blitz_bowl")
    with pytest.raises(ReportError, match="each Clean Sweep claims all 3 active cards"):
        services.submit_report(
            game.commissioner,
            game.match,
            home_touchdowns=0,
            away_touchdowns=0,
            home_challenge_cards=[1],
            home_clean_sweeps=1,
        )
    with pytest.raises(ReportError, match="Sudden Death Victory needs the losing team"):
        services.submit_report(
            game.commissioner,
            game.match,
            home_touchdowns=0,
            away_touchdowns=0,
            home_challenge_cards=[2],
            sudden_death_winner="home",
        )
    with pytest.raises(ReportError, match="no concession"):
        services.submit_report(
            game.commissioner, game.match, home_touchdowns=0, away_touchdowns=0, conceded_by="home"
        )


def test_blitz_bowl_players_do_not_advance_and_classic_ones_take_improvements_only():
    game = kicked_off("blitz_bowl")
    player = Player.objects.filter(team=game.home).first()
    with pytest.raises(AdvancementError, match="Blitz Bowl players do not gain advancements"):
        spend_spp(game.home.coach, player, "improvement")
    classic = kicked_off("classic")
    rookie = Player.objects.filter(team=classic.home).first()
    with pytest.raises(AdvancementError, match="has no Improvement roll to take"):
        spend_spp(classic.home.coach, rookie, "improvement")
    with pytest.raises(AdvancementError, match="takes an 'improvement'"):
        spend_spp(classic.home.coach, rookie, "random_primary")


def test_a_blitz_bowl_correction_records_the_new_points(django_capture_on_commit_callbacks):
    game = kicked_off("blitz_bowl")
    scorer = game.players("home")[0]
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(
            game.commissioner,
            game.match,
            home_touchdowns=1,
            away_touchdowns=0,
            events=[{"kind": "touchdown", "player": scorer}],
        )
    fixture = Fixture.objects.get(pk=game.fixture.pk)
    assert (fixture.home_points, fixture.away_points) == (4, 0)
    services.correct_report(
        game.commissioner,
        game.match,
        home_touchdowns=1,
        away_touchdowns=0,
        away_challenge_cards=[3, 2],
        note="The Scramblers claimed two cards",
    )
    fixture.refresh_from_db()
    assert (fixture.home_points, fixture.away_points) == (4, 5)
    assert not TreasuryEntry.objects.exists()


def test_a_classic_correction_reverses_the_post_match_and_applies_it_again(
    django_capture_on_commit_callbacks,
):
    game = kicked_off("classic")
    star = game.players("home")[0]
    touchdowns = [{"kind": "touchdown", "player": star}] * 2
    with django_capture_on_commit_callbacks(execute=True):
        report = submit_and_confirm(
            game.commissioner,
            game.match,
            home_touchdowns=2,
            away_touchdowns=0,
            events=touchdowns,
            seed=99,
        ).report
        for choice in report.post_game_result["pending"]:
            services.submit_post_game_choices(
                game.commissioner, game.match, side=choice["side"], reroll_winnings=True
            )
    star.refresh_from_db()
    assert star.spp_earned >= 6 and star.pending_advancement["kind"] == "improvement"
    owed = AppliedEffect.objects.filter(kind=EffectKind.IMPROVEMENT_ROLL, player=star)
    assert owed.count() == 1
    winnings = TreasuryEntry.objects.get(team=game.home, reason=LedgerReason.WINNINGS).amount

    old = AppliedEffect.objects.filter(application__match=game.match, kind=EffectKind.LEDGER)
    was = sum(e.amount for e in old.filter(team=game.home))
    new = services.correct_report(
        game.commissioner,
        game.match,
        home_touchdowns=1,
        away_touchdowns=0,
        events=touchdowns[:1],
        note="One touchdown was disallowed",
    )
    star.refresh_from_db()
    for team in (game.home, game.away):
        assert_treasury_is_ledger(team)
    # At most one row: the match's gold as it now is, less what it was (none when the
    # same dice give the same gold).
    now = AppliedEffect.objects.filter(
        application__report=new, kind=EffectKind.LEDGER, team=game.home
    )
    net = sum(e.amount for e in now) - was
    corrections = TreasuryEntry.objects.filter(team=game.home, reason=LedgerReason.CORRECTION)
    assert winnings > 0
    assert [e.amount for e in corrections] == ([net] if net else [])
    fixture = Fixture.objects.get(pk=game.fixture.pk)
    assert (fixture.home_touchdowns, fixture.away_touchdowns) == (1, 0)
    # 3 SPP for the touchdown (and 5 more if he is MVP again): a new title only with both.
    assert star.spp_earned in (3, 8)
    assert bool(star.pending_advancement) == (star.spp_earned >= 6)


def test_pages_show_a_dash_for_a_profile_the_rule_text_does_not_print(client):
    roster = client.get(reverse("roster-detail", args=["blitz_bowl", "human"]))
    assert roster.status_code == 200 and "—" in roster.content.decode()
    game = kicked_off("blitz_bowl")
    player = Player.objects.filter(team=game.home).first()
    page = client.get(reverse("player-detail", args=[player.pk]))
    assert page.status_code == 200 and "—" in page.content.decode()
    client.force_login(game.home.coach)
    sheet = client.get(reverse("team-detail", args=[game.home.pk])).content.decode()
    assert "Blitz Bowl" in sheet


def test_a_blitz_bowl_team_buys_nothing_and_a_classic_team_hires_from_bb2020_rosters():
    from teams.errors import TeamError, TreasuryError
    from teams.services import buy_reroll, draft_team, hire_player, hire_staff
    from tests.factories import UserFactory
    from tests.rulesets.factories import DRAFTS

    def drafted(ruleset: str):
        coach = UserFactory()
        return draft_team(
            coach, name=f"{ruleset} {coach.pk}", ruleset_key=ruleset, **DRAFTS[ruleset]
        )

    playing = kicked_off("classic").home  # a team in play buys nothing: its pre-game read it
    with pytest.raises(TeamError, match="is playing Match"):
        hire_player(playing.coach, playing, "human-blitzer")
    team = drafted("blitz_bowl")
    with pytest.raises(TreasuryError, match="0 team re-rolls, the most allowed"):
        buy_reroll(team.coach, team)
    with pytest.raises(TreasuryError, match="may not hire an apothecary"):
        hire_staff(team.coach, team, "apothecary")
    with pytest.raises(TeamError, match="already has 6 players"):
        hire_player(team.coach, team, "skaven-lineman")
    classic = drafted("classic")
    blitzer = hire_player(classic.coach, classic, "human-blitzer")
    assert (blitzer.ma, blitzer.st, blitzer.current_value) == (7, 3, 85_000)
    assert_treasury_is_ledger(classic)
