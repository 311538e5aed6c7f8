"""A team with a history: one match played through the services (pre-game, events,
report confirmed by the opponent, post-game applied, closed), then as many more as a
test asks for, copied row for row from it (fixture, match, current report, post-game
application, players' stats) so a long history costs no more than one match."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from core import versions
from leagues.models import Fixture
from matches import selectors as match_selectors
from matches import services as match_services
from matches.models import Match, PlayerMatchStats, PostGameApplication, Report
from tests.leagues.factories import FixtureFactory
from tests.matches.factories import Setup, all_done, kick_off, league_match, submit_and_confirm


@dataclass
class History:
    setup: Setup
    first: Match


def played_match(**league: object) -> History:
    """A league match between two fresh teams, played to the end: the home side scores
    twice (the last player of the home team both times), the away side once, a home
    player completes a pass and causes a casualty (the victim Seriously Hurt)."""
    setup = league_match(**league)
    match = kick_off(setup)
    home = list(match_selectors.players_who_played(match, "home"))
    away = list(match_selectors.players_who_played(match, "away"))
    coach = setup.home_coach
    add = match_services.add_event
    add(coach, match, kind="touchdown", player=home[-1])
    add(coach, match, kind="touchdown", player=home[-1])
    add(coach, match, kind="touchdown", player=away[-1])
    add(coach, match, kind="completion", player=home[0])
    add(coach, match, kind="casualty", player=home[0], victim=away[0])
    add(coach, match, kind="injury", player=away[0], injury="seriously_hurt")
    # A post-game seed whose Expensive Mistakes cost the winners nothing: the charts'
    # Treasury figures read the ledger.
    submit_and_confirm(
        coach, match, home_touchdowns=2, away_touchdowns=1, idempotency_key="history", seed=17
    )
    setup.match = match
    all_done(setup)
    report = match.reports.get(is_current=True)
    match_services.apply_post_game(match.pk, report.pk)
    match = match_services.close_match(coach, match)
    return History(setup, match)


def copies(history: History, count: int) -> None:
    """``count`` more matches like the first, a day apart: its rows copied."""
    first = history.first
    report = first.reports.get(is_current=True)
    applications = list(PostGameApplication.objects.filter(match=first, reverted_at=None))
    stats = list(PlayerMatchStats.objects.filter(match=first))
    fixture = Fixture.objects.get(pk=first.fixture_id)
    for n in range(1, count + 1):
        new_fixture = FixtureFactory(
            division=fixture.division,
            home=fixture.home,
            away=fixture.away,
            status=fixture.status,
            home_touchdowns=fixture.home_touchdowns,
            away_touchdowns=fixture.away_touchdowns,
            home_casualties=fixture.home_casualties,
            away_casualties=fixture.away_casualties,
        )
        match = Match.objects.create(
            fixture=new_fixture,
            status=first.status,
            match_teams=first.match_teams,
            kicked_off_at=(first.kicked_off_at or timezone.now()) + datetime.timedelta(days=n),
        )
        new_report = Report.objects.get(pk=report.pk)
        new_report.pk = None
        new_report.match = match
        new_report.save()
        by_phase = {}
        for application in applications:
            by_phase[application.pk] = PostGameApplication.objects.create(
                report=new_report, match=match, phase=application.phase
            )
        PlayerMatchStats.objects.bulk_create(
            PlayerMatchStats(
                player_id=row.player_id,
                match=match,
                application=by_phase[row.application_id],
                team_id=row.team_id,
                season_id=row.season_id,
                touchdowns=row.touchdowns,
                completions=row.completions,
                casualties=row.casualties,
                interceptions=row.interceptions,
                deflections=row.deflections,
                spp=row.spp,
                mvp=row.mvp,
            )
            for row in stats
        )
    # As a recorded match does: both teams' and the league's pages show the new rows.
    versions.bump(leagues=[fixture.season.league_id], teams=[fixture.home_id, fixture.away_id])
