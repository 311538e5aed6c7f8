"""The demo league's kick-off times: one fixture with two times proposed and waiting
for the other coach, one whose coaches agreed a time (its calendar event is timed).

Run after the leagues and matches demos (demo/loader.py); it looks for kick-off times
in the league first, so loading twice changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from django.utils import timezone

from leagues.models import Fixture, KickoffSlot, League
from leagues.services import kickoff
from leagues.services.kickoff import fixture_deadline, from_league_time

LEAGUE_NAME = "Old World Cup"
TIME_ZONE = "Europe/London"
# Evenings a coach offers: (days before the deadline, hour on the league's clock).
EVENINGS = ((2, 19), (1, 20))


def _evenings(fixture: Fixture, league: League) -> list[datetime.datetime]:
    deadline = fixture_deadline(fixture)
    assert deadline is not None  # chosen with one below
    return [
        from_league_time(
            datetime.datetime.combine(
                deadline - datetime.timedelta(days=days), datetime.time(hour)
            ),
            league,
        )
        for days, hour in EVENINGS
    ]


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    league = League.objects.filter(name__iexact=LEAGUE_NAME).first()
    if league is None or KickoffSlot.objects.filter(fixture__season__league=league).exists():
        return
    commissioner = users["commissioner"]
    if league.time_zone == "UTC":
        league = kickoff.set_time_zone(commissioner, league, TIME_ZONE)
    soon = timezone.localdate() + datetime.timedelta(days=max(days for days, _ in EVENINGS) + 1)
    fixtures = (
        Fixture.objects.filter(
            season__league=league,
            status__in=Fixture.OPEN_STATUSES,
            match__isnull=True,
            deadline__gte=soon,
        )
        .select_related("home__coach", "away__coach", "round", "season__league")
        .order_by("round__number", "id")
    )
    waiting, agreed = (list(fixtures[:2]) + [None, None])[:2]
    if waiting is not None:
        kickoff.propose_kickoffs(waiting.home.coach, waiting, _evenings(waiting, league))
        log(f"Kick-off times proposed for {waiting}, waiting for {waiting.away.coach}")
    if agreed is not None:
        slots = kickoff.propose_kickoffs(agreed.away.coach, agreed, _evenings(agreed, league))
        kickoff.accept_kickoff(agreed.home.coach, slots[0])
        log(f"Kick-off agreed for {agreed}: {kickoff.when(slots[0].starts_at, league)}")
