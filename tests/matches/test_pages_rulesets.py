"""The match pages in leagues of the other rulesets: classic's Petty Cash and winnings
re-roll, Blitz Bowl's pitch and its report scored in points."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches import selectors, services
from matches.models import DiceRoll, Match, Report
from teams.services import draft_team
from tests.factories import UserFactory
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory
from tests.matches.factories import submit_and_confirm
from tests.matches.test_pages_flow import HTMX, html, idempotency_key, logged_in, play_pre_game
from tests.rulesets.factories import DRAFTS

pytestmark = pytest.mark.django_db


def opened(ruleset: str):
    """A fixture of a ``ruleset`` league with its match opened; the two coaches' clients."""
    from leagues.models import TeamEntry

    league = LeagueFactory(ruleset=ruleset, commissioners=[UserFactory()])
    division = DivisionFactory(season=SeasonFactory(league=league))
    teams = []
    for side in ("home", "away"):
        coach = UserFactory()
        name = f"{ruleset} {side} {coach.pk}"
        teams.append(draft_team(coach, name=name, ruleset_key=ruleset, **DRAFTS[ruleset]))
        TeamEntry.objects.create(season=division.season, division=division, team=teams[-1])
    fixture = FixtureFactory(division=division, home=teams[0], away=teams[1])
    match = services.open_match(teams[0].coach, fixture)
    clients = {"home": logged_in(teams[0].coach), "away": logged_in(teams[1].coach)}
    assert clients["home"].post(reverse("match-start-pre-game", args=[match.pk])).status_code == 302
    match.refresh_from_db()
    return match, teams, clients


def test_classic_petty_cash_and_the_winnings_reroll(django_capture_on_commit_callbacks):
    match, (home, away), clients = opened("classic")
    url = reverse("match-detail", args=[match.pk])
    page = html(clients["home"].get(url))
    assert "how much Treasury gold goes into Petty Cash?" in page
    assert "The Treasury holds 350k" in page
    action = reverse("match-pre-game-choice", args=[match.pk, "home", "petty_cash"])
    too_much = clients["home"].post(action, {"home-petty_cash-amount": 400_000})
    assert too_much.status_code == 400
    assert "The Treasury holds 350k: move at most that." in html(too_much)
    assert "petty_cash" in play_pre_game(match, clients)
    clients["home"].post(reverse("match-start", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.IN_PLAY
    scorer = selectors.players_who_played(match, "home")[0]
    services.add_event(home.coach, match, kind="touchdown", player=scorer)
    with django_capture_on_commit_callbacks(execute=True):
        submit_and_confirm(home.coach, match, home_touchdowns=1, away_touchdowns=0, seed=1)
    action = reverse("match-post-game-choices", args=[match.pk, "home"])
    rolled = DiceRoll.objects.get(match=match, purpose="Winnings (home)").result
    mine = html(clients["home"].get(url))
    assert f'action="{action}"' in mine and f"Re-roll the winnings D6? It rolled {rolled}" in mine
    theirs = html(clients["away"].get(url))
    assert f'action="{action}"' not in theirs and "re-roll the winnings" in theirs
    assert clients["home"].post(action, {}).status_code == 400  # yes or no, it must say
    with django_capture_on_commit_callbacks(execute=True):
        assert clients["home"].post(action, {"home-reroll_winnings": "yes"}).status_code == 302
    match.refresh_from_db()
    assert match.status == Match.Status.POST_GAME
    summary = html(clients["away"].get(url))
    assert "Winnings" in summary and f"(D6 {rolled} then " in summary and "Gate" in summary


def test_blitz_bowl_pitch_and_a_report_scored_in_points(
    django_capture_on_commit_callbacks, monkeypatch
):
    # A fixed pre-game seed: a regional D8 of 8 (Lustrian Superleague) forces the pitch
    # and leaves no choice to answer, so a random seed would fail 1 run in 8.
    monkeypatch.setattr("matches.services.pregame.sequence.new_seed", lambda: 1)
    match, (home, away), clients = opened("blitz_bowl")
    url = reverse("match-detail", args=[match.pk])
    answered = play_pre_game(match, clients)
    assert answered == ["pitch"]
    clients["away"].post(reverse("match-start", args=[match.pk]))
    match.refresh_from_db()
    scorer = selectors.players_who_played(match, "home")[0]
    events = reverse("match-add-event", args=[match.pk])
    tap = {"kind": "touchdown", "side": "home", "player": scorer.pk}
    assert "Recorded: Touchdown" in html(clients["home"].post(events, tap, **HTMX))
    page = html(clients["home"].get(url))
    assert 'name="home_challenge_cards"' in page and 'name="sudden_death_winner"' in page
    assert 'name="conceded_by"' not in page
    report = reverse("match-report", args=[match.pk])
    body = {"home_touchdowns": 1, "away_touchdowns": 0, "idempotency_key": idempotency_key(page)}
    typo = clients["home"].post(report, {**body, "home_challenge_cards": "two"})
    assert typo.status_code == 400 and "separated by commas: e.g. 2, 3." in html(typo)
    sweep = clients["home"].post(
        report, {**body, "home_challenge_cards": "1", "home_clean_sweeps": 1}
    )
    assert sweep.status_code == 400 and "each Clean Sweep claims all 3 active cards" in html(sweep)
    assert not Report.objects.filter(match=match).exists()
    with django_capture_on_commit_callbacks(execute=True):
        done = clients["home"].post(report, {**body, "home_challenge_cards": "2, 3"})
    assert done.status_code == 302
    with django_capture_on_commit_callbacks(execute=True):
        confirm = reverse("match-confirm", args=[match.pk])
        assert clients["away"].post(confirm).status_code == 302
    stored = Report.objects.get(match=match)
    assert stored.home_challenge_cards == [2, 3]
    summary = html(clients["away"].get(url))
    assert "Points" in summary and "9 – 0" in summary  # a touchdown is 4, the cards 5
    commissioner = logged_in(match.fixture.season.league.commissioners.get())
    correction = html(commissioner.get(reverse("match-correct", args=[match.pk])))
    assert 'value="2, 3"' in correction and 'name="conceded_by"' not in correction
