"""The home page of a signed-in user: what is his to do, and what happened.

A project-level read (it spans the three apps), returned as plain typed values so
the template never follows a relation. Each part is a fixed number of queries, so
the page costs the same for a coach with one team as for one with twenty
(``tests/test_dashboard.py`` pins it).

- every open match of the user's teams, with what it waits for;
- his teams;
- the latest results and the top of the standings of the leagues he plays or runs
  (at most ``MAX_LEAGUES``, the most recently active first);
- for a commissioner: what needs his decision (teams waiting for a division,
  disputed reports and reports past their confirmation deadline, post-games past
  their hiring deadline, SPP shortfalls, level play-offs).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import F, Max, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from dashboard.oversight import seasons_in_sign_up
from leagues.models import Fixture, League, Season, TeamEntry
from leagues.services.kickoff import when as kickoff_when
from leagues.standings import overall_standings, rank_by
from matches.models import Confirmation, Match, Report, SppShortfall
from matches.selectors import IN_PROGRESS
from rules_engine import edition_for
from rules_engine.edition import WINS
from rules_engine.editions import UnknownEditionError
from teams.models import Team

MAX_LEAGUES = 5
LATEST_RESULTS = 3
STANDINGS_TOP = 4

# What a match waits for, by its state (the match page says it in full).
WAITS_FOR: dict[str | None, Any] = {
    None: gettext_lazy("Waiting for someone to open it."),
    Match.Status.SCHEDULED: gettext_lazy("Waiting for the pre-game to start."),
    Match.Status.PRE_GAME: gettext_lazy("Waiting for the pre-game choices."),
    Match.Status.IN_PLAY: gettext_lazy("Waiting for the match report."),
    Match.Status.CONFIRMING: gettext_lazy("Waiting for the opponent's confirmation of the report."),
    Match.Status.REPORT_SUBMITTED: gettext_lazy(
        "Waiting for the coaches' post-game choices (hiring)."
    ),
    Match.Status.POST_GAME: gettext_lazy("Waiting for the post-game to finish."),
}


@dataclass(frozen=True)
class OpenMatch:
    home: str
    away: str
    home_url: str
    away_url: str
    league: str
    when: str
    waits_for: str
    url: str
    action: str
    # The agreed kick-off on the league's clock ("" while none is agreed).
    kickoff: str = ""
    league_url: str = ""


@dataclass(frozen=True)
class MyTeam:
    name: str
    url: str
    ruleset: str
    treasury: int


@dataclass(frozen=True)
class Result:
    home: str
    away: str
    home_url: str
    away_url: str
    score: str
    url: str


@dataclass(frozen=True)
class Standing:
    position: int
    team: str
    url: str
    played: int
    points: int
    won: int = 0


@dataclass(frozen=True)
class LeagueDigest:
    name: str
    url: str
    season: str
    standings_url: str
    results: tuple[Result, ...]
    standings: tuple[Standing, ...]
    # The table ranks by wins (Blitz Bowl): its top shows wins, not league points.
    ranks_by_wins: bool = False


@dataclass(frozen=True)
class Decision:
    league: str
    text: str
    url: str


@dataclass(frozen=True)
class LeagueMatches:
    """The user's open matches in one league, in the order they are due."""

    league: str
    url: str
    matches: tuple[OpenMatch, ...]


@dataclass(frozen=True)
class Dashboard:
    open_matches: tuple[OpenMatch, ...]
    teams: tuple[MyTeam, ...]
    leagues: tuple[LeagueDigest, ...]
    decisions: tuple[Decision, ...]

    @property
    def matches_by_league(self) -> tuple[LeagueMatches, ...]:
        """The open matches under a heading per league, the league with the match due
        first coming first."""
        grouped: dict[str, list[OpenMatch]] = {}
        for match in self.open_matches:
            grouped.setdefault(match.league_url, []).append(match)
        return tuple(
            LeagueMatches(rows[0].league, url, tuple(rows)) for url, rows in grouped.items()
        )


def dashboard_for(user: Any) -> Dashboard:
    """The dashboard of a signed-in user."""
    return Dashboard(
        open_matches=tuple(open_matches(user)),
        teams=tuple(my_teams(user)),
        leagues=tuple(league_digests(user)),
        decisions=tuple(decisions_for(user)),
    )


def _team_url(team_id: int) -> str:
    return reverse("team-detail", args=[team_id])


def open_matches(user: Any) -> list[OpenMatch]:
    """Every fixture of the user's teams still to play or finish: one query."""
    current = Report.objects.filter(match__fixture=OuterRef("pk"), is_current=True)
    fixtures = (
        Fixture.objects.filter(Q(home__coach=user) | Q(away__coach=user))
        .annotate(
            report_by=Subquery(current.values("submitted_by_id")[:1]),
            confirmation=Subquery(current.values("confirmation")[:1]),
        )
        .filter(Q(status__in=Fixture.OPEN_STATUSES) | Q(match__status__in=IN_PROGRESS))
        .exclude(match__status=Match.Status.CLOSED)
        .select_related("home", "away", "season__league", "round", "match")
        .order_by(F("deadline").asc(nulls_last=True), "round__number", "id")
    )
    rows = []
    for fixture in fixtures:
        match = getattr(fixture, "match", None)
        status = match.status if match is not None else None
        rows.append(
            OpenMatch(
                home=fixture.home.name,
                away=fixture.away.name,
                home_url=_team_url(fixture.home_id),
                away_url=_team_url(fixture.away_id),
                league=fixture.season.league.name,
                when=_when(fixture),
                waits_for=_waits_for(fixture, status, user),
                url=(
                    reverse("match-detail", args=[match.pk])
                    if match is not None
                    else reverse("fixture-detail", args=[fixture.pk])
                ),
                action=_("Go to the match") if match is not None else _("Open the fixture"),
                kickoff=kickoff_when(fixture.kickoff_at, fixture.season.league)
                if fixture.kickoff_at
                else "",
                league_url=reverse("league-home", args=[fixture.season.league_id]),
            )
        )
    return rows


def _when(fixture: Any) -> str:
    """ "season 1, round 3, deadline 01 May 2031": when the fixture is played."""
    values = {
        "season": fixture.season.number,
        "round": fixture.round.number if fixture.round is not None else None,
        "deadline": date_format(fixture.deadline, "d M Y") if fixture.deadline else None,
    }
    if values["round"] is not None and values["deadline"]:
        return _("season %(season)s, round %(round)s, deadline %(deadline)s") % values
    if values["round"] is not None:
        return _("season %(season)s, round %(round)s") % values
    if values["deadline"]:
        return _("season %(season)s, deadline %(deadline)s") % values
    return _("season %(season)s") % values


def _waits_for(fixture: Any, status: str | None, user: Any) -> str:
    """What the match waits for, said to the user: a report waiting for confirmation
    waits for him unless he submitted it, and for the commissioner once disputed."""
    if status == Match.Status.CONFIRMING:
        if fixture.confirmation == Confirmation.DISPUTED:
            return _("Waiting for the commissioner (the report is disputed).")
        if fixture.report_by != user.pk:
            return _("Waiting for your confirmation of the report.")
    return str(WAITS_FOR.get(status, gettext_lazy("Waiting for the commissioner.")))


def my_teams(user: Any) -> list[MyTeam]:
    teams = Team.objects.filter(coach=user).exclude(status=Team.Status.RETIRED).order_by("name")
    return [
        MyTeam(team.name, _team_url(team.pk), _edition_name(team.ruleset), team.treasury)
        for team in teams.only("id", "name", "ruleset", "treasury")
    ]


def _edition_name(key: str) -> str:
    try:
        return edition_for(key).name
    except UnknownEditionError:
        return key


def _my_league_ids(user: Any) -> list[int]:
    """The leagues the user plays in (a team entered) or runs, the most recently
    active first (one row per league: the aggregate groups by league)."""
    leagues = (
        League.objects.filter(Q(commissioners=user) | Q(seasons__entries__team__coach=user))
        .annotate(last=Max("seasons__fixtures__updated_at"))
        .order_by(F("last").desc(nulls_last=True), "name", "id")
        .values_list("id", flat=True)
    )
    return list(leagues[:MAX_LEAGUES])


def league_digests(user: Any) -> list[LeagueDigest]:
    """Latest results and the top of the standings of each of the user's leagues
    (their latest season)."""
    ids = _my_league_ids(user)
    latest = Season.objects.filter(league_id=OuterRef("league_id")).order_by("-number")
    seasons = (
        Season.objects.filter(league_id__in=ids)
        .filter(pk=Subquery(latest.values("pk")[:1]))
        .select_related("league")
    )
    order = {league_id: i for i, league_id in enumerate(ids)}
    return [_digest(s) for s in sorted(seasons, key=lambda s: order[s.league_id])]


def _digest(season: Season) -> LeagueDigest:
    played = (
        Fixture.objects.filter(season=season, home_touchdowns__isnull=False)
        .select_related("home", "away")
        .order_by("-updated_at", "-id")[:LATEST_RESULTS]
    )
    results = tuple(
        Result(
            home=f.home.name,
            away=f.away.name,
            home_url=_team_url(f.home_id),
            away_url=_team_url(f.away_id),
            score=f"{f.home_touchdowns}–{f.away_touchdowns}",
            url=reverse("fixture-detail", args=[f.pk]),
        )
        for f in played
    )
    standings: tuple[Standing, ...] = ()
    if season.status != Season.Status.SIGN_UP:
        standings = tuple(
            Standing(
                row.position,
                row.team_name,
                _team_url(row.team_id),
                row.played,
                row.points,
                row.won,
            )
            for row in overall_standings(season)[:STANDINGS_TOP]
        )
    league = season.league
    return LeagueDigest(
        name=league.name,
        url=reverse("league-home", args=[league.pk]),
        season=_("Season %(number)s · %(status)s")
        % {"number": season.number, "status": season.get_status_display()},
        standings_url=reverse("season-standings", args=[season.pk]),
        results=results,
        standings=standings,
        ranks_by_wins=_ranks_by_wins(season),
    )


def _ranks_by_wins(season: Season) -> bool:
    try:
        return rank_by(season)[0] == WINS
    except LookupError:
        return False


def _reports_to_confirm(runs: Any) -> list[Decision]:
    """Disputed reports, and reports the opponent left unconfirmed past the deadline."""
    found: list[Decision] = []
    to_confirm = (
        Report.objects.filter(
            is_current=True,
            match__status=Match.Status.CONFIRMING,
            match__fixture__season__league__in=runs,
        )
        .filter(Q(confirmation=Confirmation.DISPUTED) | Q(confirm_deadline__lt=timezone.now()))
        .select_related(
            "match__fixture__home", "match__fixture__away", "match__fixture__season__league"
        )
    )
    for report in to_confirm:
        fixture = report.match.fixture
        names = {"home": fixture.home.name, "away": fixture.away.name}
        text = (
            _("%(home)s v %(away)s: the report is disputed (%(note)s); confirm it or send it back.")
            % {**names, "note": report.dispute_note}
            if report.confirmation == Confirmation.DISPUTED
            else _(
                "%(home)s v %(away)s: the opponent has not confirmed the report by the "
                "deadline; you can."
            )
            % names
        )
        found.append(
            Decision(
                fixture.season.league.name,
                text,
                reverse("match-detail", args=[report.match_id]),
            )
        )
    return found


def decisions_for(user: Any) -> list[Decision]:
    """What waits for the user as a commissioner, league by league."""
    runs = League.objects.filter(commissioners=user)
    return [
        *_new_seasons(runs),
        *_entries_to_admit(runs),
        *_reports_to_confirm(runs),
        *_hiring_overdue(runs),
        *_spp_shortfalls(runs),
        *_level_playoffs(runs),
    ]


def _new_seasons(runs: Any) -> list[Decision]:
    """Each new season in sign-up after a season played: how many of the teams before
    it are in, and which are not yet (the oversight's line; a first season's teams
    are listed one by one below)."""
    return [
        Decision(line.league, f"{line.text} {line.missing}".strip(), line.url)
        for line in seasons_in_sign_up(runs)
        if line.new_season
    ]


def _entries_to_admit(runs: Any) -> list[Decision]:
    """Teams signed up to a season of the leagues ``runs`` without a division yet."""
    waiting = (
        TeamEntry.objects.filter(
            season__league__in=runs,
            season__status=Season.Status.SIGN_UP,
            division__isnull=True,
        )
        .select_related("team", "season__league")
        .order_by("created_at")
    )
    return [
        Decision(
            entry.season.league.name,
            _("%(team)s waits to be admitted to a division.") % {"team": entry.team.name},
            reverse("season-manage", args=[entry.season_id]),
        )
        for entry in waiting
    ]


def _hiring_overdue(runs: Any) -> list[Decision]:
    """Submitted reports whose hiring deadline has passed: the commissioner may end it."""
    overdue = Report.objects.filter(
        is_current=True,
        match__status=Match.Status.REPORT_SUBMITTED,
        match__fixture__season__league__in=runs,
        hiring_deadline__lt=timezone.now(),
    ).select_related(
        "match__fixture__home", "match__fixture__away", "match__fixture__season__league"
    )
    return [
        Decision(
            report.match.fixture.season.league.name,
            _("%(home)s v %(away)s: the hiring deadline has passed; you can end the waiting.")
            % {"home": report.match.fixture.home.name, "away": report.match.fixture.away.name},
            reverse("match-detail", args=[report.match_id]),
        )
        for report in overdue
    ]


def _spp_shortfalls(runs: Any) -> list[Decision]:
    """SPP a correction took back after they were spent, waiting for a decision."""
    shortfalls = SppShortfall.objects.filter(
        status=SppShortfall.Status.OPEN,
        report__match__fixture__season__league__in=runs,
    ).select_related("player", "report__match__fixture__season__league")
    return [
        Decision(
            shortfall.report.match.fixture.season.league.name,
            _("%(player)s: a correction took back %(spp)s SPP already spent; decide what stands.")
            % {"player": shortfall.player.name, "spp": shortfall.spp},
            reverse("match-detail", args=[shortfall.report.match_id]),
        )
        for shortfall in shortfalls
    ]


def _level_playoffs(runs: Any) -> list[Decision]:
    """Play-offs played and left level on touchdowns, with no winner yet."""
    level = (
        Fixture.objects.filter(
            season__league__in=runs,
            kind=Fixture.Kind.PLAYOFF,
            status=Fixture.Status.PLAYED,
            winner__isnull=True,
        )
        .exclude(home_touchdowns__isnull=True)
        .select_related("home", "away", "season__league")
    )
    return [
        Decision(
            fixture.season.league.name,
            _("%(home)s v %(away)s: a level play-off waits to be settled.")
            % {"home": fixture.home.name, "away": fixture.away.name},
            reverse("fixture-detail", args=[fixture.pk]),
        )
        for fixture in level
        if fixture.home_touchdowns == fixture.away_touchdowns
    ]
