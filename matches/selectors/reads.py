"""Reads of matches, reports, events and rolls, shaped for the match pages and the
API: querysets with the ``select_related`` they need, and small typed results."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import (
    Case,
    Count,
    F,
    IntegerField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)

from core.types import Actor
from leagues.models import Fixture, Season
from matches.models import (
    KICK_OFF_EVENTS,
    DiceRoll,
    Match,
    MatchEvent,
    PostGameApplication,
    Report,
    SppShortfall,
)
from rules_engine import UnknownRulesetError, get_ruleset
from teams.models import Player, Team

MATCH_RELATED = (
    "fixture__home__coach",
    "fixture__away__coach",
    "fixture__season__league",
    "fixture__round",
)
FIXTURE_RELATED = ("home__coach", "away__coach", "season__league", "round")
EVENT_RELATED = ("player", "victim", "created_by")
IN_PROGRESS = (
    Match.Status.PRE_GAME,
    Match.Status.IN_PLAY,
    Match.Status.CONFIRMING,
    Match.Status.REPORT_SUBMITTED,
    Match.Status.POST_GAME,
)


def match_list(
    *, season: Season | int | None = None, team: Team | int | None = None, status: str = ""
) -> QuerySet[Match]:
    """Matches, newest first, filtered by season, team (home or away) and status."""
    queryset = Match.objects.select_related(*MATCH_RELATED).order_by("-created_at", "-id")
    if season is not None:
        queryset = queryset.filter(fixture__season=season)
    if team is not None:
        queryset = queryset.filter(Q(fixture__home=team) | Q(fixture__away=team))
    if status:
        queryset = queryset.filter(status=status)
    return queryset


def match_detail(match_id: int) -> Match:
    """One match with everything its page header shows (Match.DoesNotExist if none)."""
    return Match.objects.select_related(*MATCH_RELATED).get(pk=match_id)


def match_for_fixture(fixture: Fixture | int) -> Match | None:
    return Match.objects.select_related(*MATCH_RELATED).filter(fixture=fixture).first()


def has_match(fixture: Fixture | int) -> bool:
    """Whether the fixture's match was opened already."""
    return Match.objects.filter(fixture=fixture).exists()


def fixtures_to_open() -> QuerySet[Fixture]:
    """Fixtures with what the page that opens their match shows (teams, coaches, league)."""
    return Fixture.objects.select_related(*FIXTURE_RELATED)


@dataclass(frozen=True)
class RulesetRef:
    """The ruleset a match is played under: its key ("blitz_bowl") and name ("Blitz Bowl")."""

    key: str
    name: str


def ruleset_of(match: Match) -> RulesetRef:
    """The ruleset of the match's league (chosen when the league was created)."""
    key = match.fixture.season.ruleset
    try:
        return RulesetRef(key, get_ruleset(key).name)
    except UnknownRulesetError:
        return RulesetRef(key, key)


def draft_events(match: Match) -> QuerySet[MatchEvent]:
    """The events of the report being entered (match in play), in the order tapped."""
    return (
        MatchEvent.objects.filter(match=match, report=None)
        .select_related(*EVENT_RELATED)
        .order_by("id")
    )


def draft_event(match: Match, event_id: int) -> MatchEvent:
    """One event of the draft report, as the events list shows it (DoesNotExist if none)."""
    return draft_events(match).get(pk=event_id)


def report_events(report: Report) -> QuerySet[MatchEvent]:
    return MatchEvent.objects.filter(report=report).select_related(*EVENT_RELATED).order_by("id")


def reported_events(match: Match) -> QuerySet[MatchEvent]:
    """The events of every version of the match's report (one query for the history)."""
    return MatchEvent.objects.filter(match=match, report__isnull=False).select_related(
        "player", "victim"
    )


def kick_off_events(report: Report) -> QuerySet[MatchEvent]:
    """The kick-off events worth keeping (weather changes, bribes, kick-off results)."""
    return report_events(report).filter(kind__in=KICK_OFF_EVENTS)


def current_report(match: Match) -> Report | None:
    return (
        Report.objects.filter(match=match, is_current=True).select_related("submitted_by").first()
    )


def report_history(match: Match) -> QuerySet[Report]:
    """Every version of the match's report, oldest first (corrections after)."""
    return Report.objects.filter(match=match).select_related("submitted_by").order_by("version")


def _name(user: AbstractBaseUser | None) -> str | None:
    return user.get_username() if user is not None else None


@dataclass(frozen=True)
class ConfirmationState:
    """Where the match's report stands between submission and the post-game, with
    who submitted, confirmed or disputed it (usernames)."""

    match: Match
    report: Report | None
    submitted_by: str | None
    confirmed_by: str | None
    disputed_by: str | None


def confirmation_state(match: Match) -> ConfirmationState:
    current = (
        Report.objects.filter(match=match, is_current=True)
        .select_related("submitted_by", "confirmed_by", "disputed_by")
        .first()
    )
    return ConfirmationState(
        match=match,
        report=current,
        submitted_by=_name(current.submitted_by) if current else None,
        confirmed_by=_name(current.confirmed_by) if current else None,
        disputed_by=_name(current.disputed_by) if current else None,
    )


def players_who_played(match: Match, side: str) -> QuerySet[Player]:
    """The side's players at kick-off who were available (journeymen included):
    the players an event may name. Empty before kick-off."""
    state = (match.match_teams or {}).get(side) or {}
    ids = [
        p["id"]
        for p in state.get("players", [])
        if not (p.get("miss_next_game") or p.get("temporarily_retired"))
    ]
    return Player.objects.filter(pk__in=ids).order_by("number", "id")


def dice_log(match: Match) -> QuerySet[DiceRoll]:
    """Every stored roll: the pre-game's, then each report version's post-game."""
    return (
        DiceRoll.objects.filter(match=match)
        .select_related("report")
        .annotate(
            sequence_order=Case(
                When(sequence="pre_game", then=Value(0)),
                default=Value(1),
                output_field=IntegerField(),
            )
        )
        .order_by("sequence_order", F("report__version").asc(nulls_first=True), "index")
    )


def match_stamp(pk: int) -> dict[str, Any] | None:
    """What a live poll compares, in one query (None for no such match): the match row,
    its draft events' count and last id, its current report and its confirmation, and
    its applications in force."""
    current = Report.objects.filter(match=OuterRef("pk"), is_current=True)
    applied = PostGameApplication.objects.filter(match=OuterRef("pk"), reverted_at=None)
    row = (
        Match.objects.filter(pk=pk)
        .annotate(
            draft_events=Count("events", filter=Q(events__report=None)),
            last_event=Max("events__id", filter=Q(events__report=None)),
            report_id=Subquery(current.values("pk")[:1]),
            confirmation=Subquery(current.values("confirmation")[:1]),
            applied=Subquery(applied.values("match").annotate(n=Count("pk")).values("n")[:1]),
        )
        .values(
            "status",
            "updated_at",
            "draft_events",
            "last_event",
            "report_id",
            "confirmation",
            "applied",
        )
        .first()
    )
    return dict(row) if row is not None else None


@dataclass(frozen=True)
class NextMatch:
    """The coach's next match: a match in progress, or the next open fixture
    (``match`` None until someone opens it)."""

    fixture: Fixture
    match: Match | None


def next_match_for(user: Actor) -> NextMatch | None:
    """A match of one of the user's teams in progress, else his earliest open fixture."""
    if not getattr(user, "is_authenticated", False):
        return None
    mine = Q(fixture__home__coach=user) | Q(fixture__away__coach=user)
    running = (
        Match.objects.filter(mine, status__in=IN_PROGRESS)
        .select_related(*MATCH_RELATED)
        .order_by("pre_game_started_at", "id")
        .first()
    )
    if running is not None:
        return NextMatch(running.fixture, running)
    fixture = (
        Fixture.objects.filter(Q(home__coach=user) | Q(away__coach=user))
        .filter(status__in=Fixture.OPEN_STATUSES)
        .exclude(match__status=Match.Status.CLOSED)
        .select_related(*FIXTURE_RELATED)
        .order_by(F("deadline").asc(nulls_last=True), F("round__number").asc(nulls_last=True), "id")
        .first()
    )
    if fixture is None:
        return None
    return NextMatch(fixture, match_for_fixture(fixture))


def shortfalls(match: Match) -> QuerySet[SppShortfall]:
    """SPP the match's corrections took back from players who had spent them."""
    return (
        SppShortfall.objects.filter(report__match=match)
        .select_related("player", "report")
        .order_by("id")
    )
