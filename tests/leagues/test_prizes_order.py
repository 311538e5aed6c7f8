"""The play-off prizes are paid after the final's post-game: its winnings and its
Expensive Mistakes are in first, and the Expensive Mistakes roll on a Treasury
without the prize (shared/rules/bb2020-league-facts.md section 5: "Prizes after
Expensive Mistakes"; bb2025-league-facts.md section 10, "Glittering Prizes": paid
"after the last post-game sequence, so never exposed to Expensive Mistakes").

Each path that can finish a season: the post-game waiting for the coaches' hiring
step, the third-place match's post-game still waiting when the final is conceded, the
final's result recorded by a commissioner while its report waits for confirmation, and
a correction of the final's report once the season is finished."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from leagues import services as league_services
from leagues.errors import LeagueError
from leagues.models import Fixture, League, Season
from leagues.selectors import bracket
from leagues.services.bracket import REPORTED_STATUSES
from matches import selectors, services
from matches.models import Match
from teams.models import LedgerReason, Team
from teams.services import draft_team
from tests.factories import UserFactory, assert_treasury_is_ledger
from tests.factories import minimal_draft as bb2020_players
from tests.leagues.conftest import START
from tests.leagues.factories import LeagueFactory
from tests.leagues.test_playoffs import finish_regular_season, play
from tests.test_bb2025_league import minimal_draft as bb2025_draft
from tests.test_bb2025_league import pre_game_answer

pytestmark = pytest.mark.django_db

EDITIONS = ("bb2020", "bb2025")
PRIZES = {1: 100_000, 2: 60_000, 3: 30_000}
# The ledger rows a match's post-game writes for a team.
POST_GAME_ROWS = (LedgerReason.WINNINGS, LedgerReason.EXPENSIVE_MISTAKE)


@pytest.fixture(autouse=True)
def _eager_celery(eager_celery):
    """The post-game is applied by its task in-process (as in tests/matches)."""
    yield


def draft_for(ruleset: str, slug: str) -> dict[str, Any]:
    if ruleset == "bb2025":
        return bb2025_draft(slug)
    return {"players": bb2020_players(slug)}


def play_offs(ruleset: str, commissioner: Any) -> Season:
    """A four-team season of a ``ruleset`` league with its semi-finals played (the
    first seeds win): the final and the third-place match wait."""
    league = LeagueFactory(commissioners=[commissioner], ruleset=ruleset)
    season = league_services.open_season(commissioner, league)
    for letter in "ABCD":
        team = draft_team(
            UserFactory(),
            name=f"Team {letter}",
            ruleset_key=ruleset,
            roster_slug="human",
            **draft_for(ruleset, "human"),
        )
        league_services.admit_team(commissioner, season, team)
    league_services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    for semi in league_services.start_playoffs(commissioner, season):
        play(commissioner, semi, 2, 0)
    season.refresh_from_db()
    return season


def coach_of(fixture: Fixture, side: str) -> Any:
    return (fixture.home if side == "home" else fixture.away).coach


def report_in(fixture: Fixture, capture: Any, home: int = 1, away: int = 0) -> Match:
    """The fixture's match played through the services and its report submitted,
    waiting for the opponent's confirmation."""
    match = services.open_match(coach_of(fixture, "home"), fixture)
    match = services.start_pre_game(coach_of(fixture, "home"), match, seed=5)
    for _ in range(12):
        pending = match.pre_game_result["pending"]
        if not pending:
            break
        choice = pending[0]
        match = services.submit_pre_game_choice(
            coach_of(fixture, choice["side"]),
            match,
            kind=choice["kind"],
            answer=pre_game_answer(choice),
        )
    match = services.start_match(coach_of(fixture, "away"), match)
    services.submit_report(
        coach_of(fixture, "home"),
        match,
        home_touchdowns=home,
        away_touchdowns=away,
        events=touchdowns(match, home, away),
        seed=11,
    )
    match.refresh_from_db()
    return match


def touchdowns(match: Match, home: int, away: int) -> list[dict[str, Any]]:
    events = []
    for side, count in (("home", home), ("away", away)):
        scorer = selectors.players_who_played(match, side)[0]
        events += [{"kind": "touchdown", "player": scorer.pk}] * count
    return events


def confirmed(match: Match, capture: Any) -> Match:
    """The opponent confirms and the coaches name their MVP nominees where the post-game
    asks for them: the post-game's results are applied, the hiring step waits."""
    with capture(execute=True):
        services.confirm_report(coach_of(match.fixture, "away"), match)
    match.refresh_from_db()
    answer(match, capture, until="hiring")
    return match


def coaches_done(match: Match, capture: Any) -> None:
    """Both coaches answer what the post-game asks (nobody hired): the rest of the
    post-game (Expensive Mistakes) is applied."""
    answer(match, capture)


def answer(match: Match, capture: Any, until: str | None = None) -> None:
    """Each side answers the post-game's pending choices (its MVP nominees, nobody
    hired) until none waits, or only choices of the kind ``until``."""
    for _ in range(4):
        report = match.reports.get(is_current=True)
        pending = report.post_game_result.get("pending", [])
        pending = [c for c in pending if c["kind"] != until]
        if not pending:
            return
        side = pending[0]["side"]
        nominees = [
            player
            for choice in pending
            if choice["side"] == side and choice["kind"] == "mvp_nominees"
            for player in choice["options"]["players"][: choice["options"]["nominees"]]
        ]
        with capture(execute=True):
            services.submit_post_game_choices(
                coach_of(match.fixture, side), match, side=side, mvp_nominees=nominees
            )


def expensive_mistakes(match: Match) -> dict[str, Any]:
    """Step 5 of the match's applied post-game, by side."""
    report = match.reports.get(is_current=True)
    step = next(s for s in report.post_game_result["steps"] if s["step"] == "expensive_mistakes")
    return step["outcome"]


def ledger(team_id: int) -> list[tuple[str, int]]:
    return list(
        Team.objects.get(pk=team_id).ledger_entries.order_by("pk").values_list("reason", "amount")
    )


def prize_rows(team_id: int) -> list[int]:
    return [amount for reason, amount in ledger(team_id) if reason == LedgerReason.PRIZE]


def assert_prize_after_post_game(team_id: int, gold: int) -> None:
    """The team's one prize row comes after every row its match's post-game wrote."""
    rows = ledger(team_id)
    reasons = [reason for reason, _ in rows]
    assert [amount for reason, amount in rows if reason == LedgerReason.PRIZE] == [gold]
    prize_at = reasons.index(LedgerReason.PRIZE)
    assert LedgerReason.WINNINGS in reasons[:prize_at]
    assert not [r for r in reasons[prize_at:] if r in POST_GAME_ROWS]
    assert_treasury_is_ledger(Team.objects.get(pk=team_id))


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_the_final_s_expensive_mistakes_roll_before_the_prizes(
    ruleset, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    commissioner = UserFactory()
    season = play_offs(ruleset, commissioner)
    third = bracket(season).third_place
    play(commissioner, third, 0, 1)
    final = bracket(season).final
    before = {t.pk: t.treasury for t in Team.objects.filter(pk__in=[final.home_id, final.away_id])}

    match = confirmed(report_in(final, capture), capture)
    # The result is in and the season finished; the coaches' hiring step and the
    # Expensive Mistakes wait, and so do the prizes.
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and season.champion_id == final.home_id
    assert season.prizes_paid_at is None
    assert prize_rows(final.home_id) == prize_rows(final.away_id) == prize_rows(third.away_id) == []

    coaches_done(match, capture)
    season.refresh_from_db()
    assert season.prizes_paid_at is not None
    mistakes = expensive_mistakes(match)
    for side, team_id, place in (("home", final.home_id, 1), ("away", final.away_id, 2)):
        won = sum(a for r, a in ledger(team_id) if r == LedgerReason.WINNINGS)
        # The Expensive Mistakes read the Treasury with the winnings and without the prize.
        assert mistakes[side]["treasury_before"] == before[team_id] + won
        assert Team.objects.get(pk=team_id).treasury == (
            mistakes[side]["treasury_after"] + PRIZES[place]
        )
        assert_prize_after_post_game(team_id, PRIZES[place])
    assert prize_rows(third.away_id) == [PRIZES[3]]


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_a_final_conceded_waits_for_the_third_place_match_s_post_game(
    ruleset, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    commissioner = UserFactory()
    season = play_offs(ruleset, commissioner)
    third, final = bracket(season).third_place, bracket(season).final
    match = confirmed(report_in(third, capture, home=0, away=1), capture)
    # The final is conceded for real-life reasons while the third-place match's
    # coaches are still at their hiring step: the season ends, the prizes wait.
    league_services.award_forfeit(commissioner, final, kind="concession", conceded_by=final.away_id)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and season.prizes_paid_at is None
    assert prize_rows(final.home_id) == []

    coaches_done(match, capture)
    season.refresh_from_db()
    assert season.prizes_paid_at is not None
    # 3rd place is the third-place match's winner, paid after its Expensive Mistakes.
    assert expensive_mistakes(match)["away"]["treasury_after"] + PRIZES[3] == (
        Team.objects.get(pk=third.away_id).treasury
    )
    assert_prize_after_post_game(third.away_id, PRIZES[3])
    assert prize_rows(final.home_id) == [PRIZES[1]]
    assert prize_rows(final.away_id) == [PRIZES[2]]


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_a_final_recorded_by_the_commissioner_waits_for_its_report_s_post_game(
    ruleset, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    commissioner = UserFactory()
    season = play_offs(ruleset, commissioner)
    third, final = bracket(season).third_place, bracket(season).final
    play(commissioner, third, 0, 1)
    match = report_in(final, capture)
    # The commissioner enters the final's result while its report waits for the
    # opponent's confirmation: its post-game is still to come, and the prizes wait.
    play(commissioner, final, 1, 0)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED and season.prizes_paid_at is None

    match = confirmed(match, capture)
    assert prize_rows(final.home_id) == []
    coaches_done(match, capture)
    assert_prize_after_post_game(final.home_id, PRIZES[1])
    assert_prize_after_post_game(final.away_id, PRIZES[2])


def finished_with_final_played(ruleset: str, capture: Any) -> tuple[Season, Match]:
    commissioner = UserFactory()
    season = play_offs(ruleset, commissioner)
    play(commissioner, bracket(season).third_place, 0, 1)
    match = confirmed(report_in(bracket(season).final, capture), capture)
    coaches_done(match, capture)
    season.refresh_from_db()
    assert season.prizes_paid_at is not None
    return season, match


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_a_correction_of_the_final_keeps_the_prize_out_of_its_expensive_mistakes(
    ruleset, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    season, match = finished_with_final_played(ruleset, capture)
    final = match.fixture
    shown = expensive_mistakes(match)
    commissioner = season.league.commissioners.get()
    with capture(execute=True):
        services.correct_report(
            commissioner,
            match,
            home_touchdowns=2,
            away_touchdowns=0,
            events=touchdowns(match, 2, 0),
            note="The champion scored twice.",
        )
    match.refresh_from_db()
    final.refresh_from_db()
    assert (final.home_touchdowns, final.away_touchdowns) == (2, 0)
    corrected = expensive_mistakes(match)
    # The corrected post-game reads the Treasury it first read (one more touchdown's
    # winnings), never the prize paid since; the prize is paid once.
    assert corrected["home"]["treasury_before"] == shown["home"]["treasury_before"] + 10_000
    assert corrected["away"]["treasury_before"] == shown["away"]["treasury_before"]
    assert prize_rows(final.home_id) == [PRIZES[1]]
    assert_treasury_is_ledger(Team.objects.get(pk=final.home_id))


def prize_entries(team_id: int) -> list[tuple[str, int]]:
    """The team's ledger rows that pay or take back a play-off prize, in order."""
    rows = Team.objects.get(pk=team_id).ledger_entries.order_by("pk")
    return [
        (r, a) for r, a, note in rows.values_list("reason", "amount", "note") if "prize" in note
    ]


def test_a_correction_that_changes_the_final_s_winner_moves_the_prizes_and_the_trophy(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    season, match = finished_with_final_played("bb2020", capture)
    final = match.fixture
    shown = expensive_mistakes(match)
    commissioner = season.league.commissioners.get()
    with capture(execute=True):
        services.correct_report(
            commissioner,
            match,
            home_touchdowns=0,
            away_touchdowns=1,
            events=touchdowns(match, 0, 1),
            note="The away team won.",
        )
    season.refresh_from_db()
    assert season.champion_id == final.away_id
    assert League.objects.get(pk=season.league_id).trophy_holder_id == final.away_id
    prize, taken_back = LedgerReason.PRIZE, LedgerReason.CORRECTION
    assert prize_entries(final.home_id) == [
        (prize, 100_000),
        (prize, 60_000),
        (taken_back, -100_000),
    ]
    assert prize_entries(final.away_id) == [
        (prize, 60_000),
        (prize, 100_000),
        (taken_back, -60_000),
    ]
    corrected = expensive_mistakes(match)
    # Each side's Expensive Mistakes read its Treasury as first read, moved by the
    # touchdown's winnings, never by a prize.
    assert corrected["home"]["treasury_before"] == shown["home"]["treasury_before"] - 10_000
    assert corrected["away"]["treasury_before"] == shown["away"]["treasury_before"] + 10_000
    for team_id in (final.home_id, final.away_id):
        assert_treasury_is_ledger(Team.objects.get(pk=team_id))


def test_once_the_next_season_is_open_the_final_s_winner_stands(
    django_capture_on_commit_callbacks, client
):
    capture = django_capture_on_commit_callbacks
    season, match = finished_with_final_played("bb2020", capture)
    final = match.fixture
    commissioner = season.league.commissioners.get()
    league_services.roll_over_season(commissioner, season)
    api = APIClient()
    api.force_authenticate(commissioner)
    body = {
        "home_touchdowns": 0,
        "away_touchdowns": 1,
        "events": touchdowns(match, 0, 1),
        "note": "The away team won.",
    }
    response = api.post(f"/api/v1/matches/{match.pk}/correct/", body, format="json")
    assert response.status_code == 400, response.json()
    assert "can no longer change" in str(response.json())
    # The page shows the refusal as a form error, and nothing changed.
    client.force_login(commissioner)
    page = client.post(
        f"/matches/{match.pk}/correct/",
        {
            "home_touchdowns": 0,
            "away_touchdowns": 0,
            "note": "Nobody scored.",
            "add-TOTAL_FORMS": 0,
            "add-INITIAL_FORMS": 0,
        },
    )
    assert page.status_code == 400
    assert "cannot leave it level" in page.content.decode()
    final.refresh_from_db()
    season.refresh_from_db()
    assert (final.winner_id, season.champion_id) == (final.home_id, final.home_id)
    assert match.reports.get(is_current=True).version == 1
    assert prize_entries(final.home_id) == [(LedgerReason.PRIZE, 100_000)]


def test_only_a_commissioner_changes_a_finished_season_s_final():
    commissioner = UserFactory()
    season = play_offs("bb2020", commissioner)
    play(commissioner, bracket(season).third_place, 0, 1)
    final = bracket(season).final
    play(commissioner, final, 1, 0)
    with pytest.raises(PermissionDenied, match="only a commissioner may correct"):
        play(final.away.coach, final, 0, 1)
    # The same result again changes nothing, whoever records it.
    play(final.away.coach, final, 1, 0)
    final.refresh_from_db()
    assert final.winner_id == final.home_id
    # A level result would leave the finished season without a champion.
    with pytest.raises(LeagueError, match="cannot leave it level"):
        play(commissioner, final, 1, 1)


def test_the_prizes_wait_for_the_matches_apps_reported_statuses():
    """The bracket reads the matches app's statuses by their stored values."""
    assert (
        Match.Status.CONFIRMING.value,
        Match.Status.REPORT_SUBMITTED.value,
        Match.Status.POST_GAME.value,
    ) == REPORTED_STATUSES
