"""The play-off prizes are paid after the last post-game sequence, so never exposed to
Expensive Mistakes (shared/rules/bb2025-league-facts.md section 10, "Glittering
Prizes"), and 3rd place goes to the third-place play-off's winner only."""

from __future__ import annotations

import pytest

from leagues import services
from leagues.models import Season
from leagues.selectors import bracket
from leagues.services.bracket import pay_prizes_when_due, prizes_wait
from teams.models import LedgerReason
from tests.leagues.conftest import START, admitted_season
from tests.leagues.test_playoffs import finish_regular_season, play

pytestmark = pytest.mark.django_db


def prizes(season: Season) -> dict[str, int]:
    """Team name -> the prize gold its ledger holds."""
    paid: dict[str, int] = {}
    for entry in season.entries.select_related("team"):
        rows = entry.team.ledger_entries.filter(reason=LedgerReason.PRIZE)
        for amount in rows.values_list("amount", flat=True):
            paid[entry.team.name] = paid.get(entry.team.name, 0) + amount
    return paid


def test_prizes_wait_for_the_post_game_that_finished_the_season(commissioner, league):
    season = admitted_season(commissioner, league, 4)
    services.generate_schedule(commissioner, season, start_date=START)
    finish_regular_season(season, commissioner)
    semi_1, semi_2 = services.start_playoffs(commissioner, season)
    play(commissioner, semi_1, 2, 0)
    play(commissioner, semi_2, 2, 0)
    current = bracket(season)
    play(commissioner, current.third_place, 0, 1)
    # The final's result is recorded while its match's post-game is applied.
    with prizes_wait():
        play(commissioner, current.final, 1, 0)
        season.refresh_from_db()
        assert season.status == Season.Status.FINISHED and season.prizes_paid_at is None
        assert prizes(season) == {}
        assert pay_prizes_when_due(season, commissioner, after_post_game=True)
    season.refresh_from_db()
    assert season.prizes_paid_at is not None
    assert prizes(season) == {
        current.final.home.name: 100_000,
        current.final.away.name: 60_000,
        current.third_place.away.name: 30_000,
    }
    # Paid once.
    assert not pay_prizes_when_due(season, commissioner, after_post_game=True)
