"""The live board of a league: its matches in play now (in the pre-game, in play, or
their report awaiting the opponent's confirmation), with the score so far.

The score is read as the match page reads it: while in play, the touchdowns among the
draft report's events (``matches.selectors.running_score`` counts the same rows); once
the report is submitted, the report's score. One query reads the whole board (the
counts and the current report are aggregated and sub-selected by the database), so a
poll costs one query however many matches are on; the page polls it as the live match
page polls its fragments (``insight/views_stats.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils.translation import gettext_lazy

from leagues.models import League
from matches.models import EventKind, Match, Report

ON_THE_BOARD = (Match.Status.PRE_GAME, Match.Status.IN_PLAY, Match.Status.CONFIRMING)
# What the board says of each state.
STATE_LABELS: dict[str, Any] = {
    Match.Status.PRE_GAME: gettext_lazy("Pre-game"),
    Match.Status.IN_PLAY: gettext_lazy("In play"),
    Match.Status.CONFIRMING: gettext_lazy("Awaiting confirmation"),
}


@dataclass(frozen=True)
class LiveMatch:
    match_id: int
    home_id: int
    home: str
    away_id: int
    away: str
    state: str  # a Match.Status value
    state_label: str
    home_score: int | None  # None before the kick-off
    away_score: int | None
    disputed: bool
    round_number: int | None
    url: str


def _touchdowns(side: str) -> Count:
    return Count(
        "events",
        filter=Q(events__report=None, events__kind=EventKind.TOUCHDOWN, events__side=side),
    )


def live_board(league: League) -> list[LiveMatch]:
    """The league's matches on the board, the furthest along first. One query."""
    current = Report.objects.filter(match=OuterRef("pk"), is_current=True)
    matches = (
        Match.objects.filter(fixture__season__league=league, status__in=ON_THE_BOARD)
        .annotate(
            home_draft=_touchdowns("home"),
            away_draft=_touchdowns("away"),
            home_reported=Subquery(current.values("home_touchdowns")[:1]),
            away_reported=Subquery(current.values("away_touchdowns")[:1]),
            confirmation=Subquery(current.values("confirmation")[:1]),
        )
        .values(
            "pk",
            "status",
            "fixture__home_id",
            "fixture__home__name",
            "fixture__away_id",
            "fixture__away__name",
            "fixture__round__number",
            "home_draft",
            "away_draft",
            "home_reported",
            "away_reported",
            "confirmation",
        )
        .order_by("fixture__round__number", "fixture_id")
    )
    board = []
    for row in matches:
        status = row["status"]
        if status == Match.Status.CONFIRMING:
            home, away = row["home_reported"], row["away_reported"]
        elif status == Match.Status.IN_PLAY:
            home, away = row["home_draft"], row["away_draft"]
        else:
            home = away = None
        board.append(
            LiveMatch(
                match_id=row["pk"],
                home_id=row["fixture__home_id"],
                home=row["fixture__home__name"],
                away_id=row["fixture__away_id"],
                away=row["fixture__away__name"],
                state=status,
                state_label=str(STATE_LABELS[status]),
                home_score=home,
                away_score=away,
                disputed=row["confirmation"] == Report.Confirmation.DISPUTED,
                round_number=row["fixture__round__number"],
                url=reverse("match-detail", args=[row["pk"]]),
            )
        )
    order: dict[str, int] = {state: i for i, state in enumerate(reversed(ON_THE_BOARD))}
    return sorted(board, key=lambda m: order[m.state])
