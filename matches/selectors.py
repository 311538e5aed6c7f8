"""Reads of the matches app, shaped for the match pages and the API.

Pages and endpoints read matches only through here:

- ``match_list(season=, team=, status=)`` / ``match_detail(pk)``: matches with
  their fixture, teams, coaches, season and league in one query.
- ``match_for_fixture(fixture)``: the fixture's match, or None before it is opened.
- ``ruleset_of(match)``: the key and name of the ruleset the match's league plays
  (``RulesetRef``), for the page header and the API.
- ``permissions(user, match)``: what the user may do (buttons to show).
- ``pre_game_state(match, user)`` / ``post_game_state(match, user)``: the steps
  so far, the decisions waiting (``yours`` marks the user's own), the numbers.
- ``draft_events(match)``, ``current_report(match)``, ``report_history(match)``,
  ``report_events(report)``, ``kick_off_events(report)``: the report being
  entered and the reports in.
- ``players_who_played(match, side)``: the players an event may name.
- ``dice_log(match)``: every stored roll, pre-game then post-game per report.
- ``next_match_for(user)``: the coach's match in progress, else his next fixture.
- ``leaderboards(season=None, stat=..., limit=...)`` and ``player_match_stats(player)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, Sum, Value, When

from config.types import Actor
from leagues.models import Fixture, Season
from matches.models import (
    KICK_OFF_EVENTS,
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
    SppShortfall,
)
from matches.permissions import coached_sides, may_answer_for
from rules_engine import UnknownRulesetError, get_ruleset
from teams.models import Player, Team

MATCH_RELATED = (
    "fixture__home__coach",
    "fixture__away__coach",
    "fixture__season__league",
    "fixture__round",
)
EVENT_RELATED = ("player", "victim", "created_by")
LEADERBOARD_STATS = (
    "touchdowns",
    "completions",
    "casualties",
    "interceptions",
    "deflections",
    "spp",
    "mvp",
)
LEADERBOARD_LIMIT = 10
MAX_LEADERBOARD_LIMIT = 100
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


@dataclass(frozen=True)
class MatchPermissions:
    """What the user may do with the match, for the buttons a page shows."""

    play: bool
    correct: bool
    sides: tuple[str, ...]


def permissions(user: Actor, match: Match) -> MatchPermissions:
    authenticated = getattr(user, "is_authenticated", False)
    return MatchPermissions(
        play=authenticated and user.has_perm("matches.play_match", match),
        correct=authenticated and user.has_perm("matches.correct_report", match),
        sides=coached_sides(user, match),
    )


@dataclass(frozen=True)
class PendingChoice:
    """A decision the sequence waits for; ``yours``: the user may answer it."""

    side: str
    kind: str
    prompt: str
    options: dict[str, Any]
    yours: bool


@dataclass(frozen=True)
class SequenceState:
    """A pre-game or post-game as stored: steps, decisions waiting and the numbers."""

    started: bool
    complete: bool
    steps: list[dict[str, Any]] = field(default_factory=list)
    pending: list[PendingChoice] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    rolls: list[DiceRoll] = field(default_factory=list)
    applied: bool = False
    report: Report | None = None


def _pending(stored: dict[str, Any], user: Actor | None, match: Match) -> list[PendingChoice]:
    return [
        PendingChoice(
            side=c["side"],
            kind=c["kind"],
            prompt=c["prompt"],
            options=c["options"],
            yours=may_answer_for(user, match, c["side"]),
        )
        for c in stored.get("pending", [])
    ]


def pre_game_state(match: Match, user: Actor | None = None) -> SequenceState:
    """The pre-game so far: its steps with outcomes, the decisions waiting, the
    summary (fan factors, weather, journeymen, CTVs, petty cash, inducements,
    prayers, kicking team) and its rolls."""
    stored = match.pre_game_result or {}
    return SequenceState(
        started=bool(stored),
        complete=bool(stored.get("complete")),
        steps=stored.get("steps", []),
        pending=_pending(stored, user, match),
        summary=stored.get("summary", {}),
        rolls=list(dice_log(match).filter(sequence="pre_game")),
    )


def post_game_state(match: Match, user: Actor | None = None) -> SequenceState:
    """The current report's post-game: steps, decisions waiting (step 4), per team
    what it did (``summary`` is {"home": ..., "away": ...}), whether it is applied."""
    report = current_report(match)
    if report is None:
        return SequenceState(started=False, complete=False)
    stored = report.post_game_result or {}
    return SequenceState(
        started=bool(stored),
        complete=report.post_game_complete,
        steps=stored.get("steps", []),
        pending=_pending(stored, user, match),
        summary=stored.get("teams", {}),
        rolls=list(DiceRoll.objects.filter(report=report).order_by("index")),
        applied=PostGameApplication.objects.filter(
            report=report, phase=PostGameApplication.Phase.FINAL
        ).exists(),
        report=report,
    )


def draft_events(match: Match) -> QuerySet[MatchEvent]:
    """The events of the report being entered (match in play), in the order tapped."""
    return (
        MatchEvent.objects.filter(match=match, report=None)
        .select_related(*EVENT_RELATED)
        .order_by("id")
    )


def report_events(report: Report) -> QuerySet[MatchEvent]:
    return MatchEvent.objects.filter(report=report).select_related(*EVENT_RELATED).order_by("id")


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
        .select_related("home__coach", "away__coach", "season__league", "round")
        .order_by(F("deadline").asc(nulls_last=True), F("round__number").asc(nulls_last=True), "id")
        .first()
    )
    if fixture is None:
        return None
    return NextMatch(fixture, match_for_fixture(fixture))


def leaderboards(
    season: Season | int | None = None, stat: str = "touchdowns", limit: int = LEADERBOARD_LIMIT
) -> list[dict[str, Any]]:
    """The best players by ``stat`` (one of LEADERBOARD_STATS) over the applied
    matches of ``season`` (all seasons when None), summed by the database.

    Rows: player_id, player_name, player_number, position_slug, team_id,
    team_name, total, games. Ties: fewer games first, then name.
    """
    if stat not in LEADERBOARD_STATS:
        raise ValueError(f"a leaderboard is one of {', '.join(LEADERBOARD_STATS)}, not {stat!r}")
    limit = max(1, min(int(limit), MAX_LEADERBOARD_LIMIT))
    queryset = PlayerMatchStats.objects.all()
    if season is not None:
        queryset = queryset.filter(season=season)
    total = Count("id", filter=Q(mvp=True)) if stat == "mvp" else Sum(stat)
    rows = (
        queryset.values("player_id", "team_id")
        .annotate(
            player_name=F("player__name"),
            player_number=F("player__number"),
            position_slug=F("player__position_slug"),
            team_name=F("team__name"),
            total=total,
            games=Count("id"),
        )
        .filter(total__gt=0)
        .order_by("-total", "games", "player_name", "player_id")
    )
    return [dict(row) for row in rows[:limit]]


def player_match_stats(player: Player | int) -> QuerySet[PlayerMatchStats]:
    """A player's applied matches, newest first, with the fixture."""
    return (
        PlayerMatchStats.objects.filter(player=player)
        .select_related("match__fixture__home", "match__fixture__away", "season__league")
        .order_by("-match_id")
    )


def shortfalls(match: Match) -> QuerySet[SppShortfall]:
    """SPP the match's corrections took back from players who had spent them."""
    return (
        SppShortfall.objects.filter(report__match=match)
        .select_related("player", "report")
        .order_by("id")
    )
