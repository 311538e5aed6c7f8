"""A team's matches and a player's career, read from what the matches stored.

Nothing is replayed. Each figure is read where the match keeps it:

- **TV before**: the team at kick-off (``Match.match_teams``, journeymen in and
  inducements paid) valued by the engine (``rules_engine.team_value.breakdown_of``):
  the snapshot is the team as it took the pitch, so its TV is the TV it played at;
- **winnings, TV and CTV after**: the current report's post-game figures
  (``Report.post_game_result["teams"][side]``), which the post-game writes when it
  is applied and a correction rewrites; a post-game still waiting for the coaches
  has none yet (None);
- **Treasury after**: the team's ledger, by the database (``treasury_after_matches``:
  its running balance, a later correction's postings counted at the match they
  correct, a journeyman's fee its post-game paid at that match), where the match
  posted gold; else the post-game's stored figure (which a correction does not
  always rewrite);
- **score**: the fixture's (after a concession's award), with the points where the
  edition scores games in points.

Each page reads in a fixed number of queries however many matches a team has played.
The charts draw TV, CTV and Treasury per match from ``team_matches`` and a player's
SPP from ``career`` (``matches.charts``).
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Prefetch, Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from matches.models import AppliedEffect, Match, PlayerMatchStats, PostGameApplication, Report
from rules_engine import get_ruleset
from rules_engine.team_value import PlayerValueInput, TeamValueInput, team_value_breakdown
from teams.models import Player, Team
from teams.models_records import TreasuryEntry

# A match whose report was confirmed: its result stands (the post-game may still wait).
PLAYED = (Match.Status.REPORT_SUBMITTED, Match.Status.POST_GAME, Match.Status.CLOSED)
# One match's result ("Won"), not a standings column (the matches won).
RESULTS = {
    "win": pgettext_lazy("one match's result", "Won"),
    "draw": pgettext_lazy("one match's result", "Drew"),
    "loss": pgettext_lazy("one match's result", "Lost"),
}


@dataclass(frozen=True)
class MatchLine:
    """One match of a team, from its side: every figure in gold pieces or None where
    the match has not stored it (yet)."""

    match_id: int
    played_on: datetime.date | None
    season: str
    kind: str
    opponent_id: int
    opponent: str
    home: bool
    result: str
    score_for: int | None
    score_against: int | None
    points_for: int | None
    points_against: int | None
    winnings: int | None
    tv_before: int | None
    tv_after: int | None
    treasury_after: int | None
    ctv_after: int | None = None
    # The edition the match's season was played under (a league may change edition).
    edition: str = ""

    @property
    def waiting(self) -> bool:
        """The post-game has not finished: its figures are not in yet."""
        return self.tv_after is None


def tv_at_kick_off(ruleset_key: str, snapshot: dict[str, Any]) -> int | None:
    """The TV of a team as ``Match.match_teams`` stored it at kick-off (None if the
    snapshot is missing or cannot be valued)."""
    if not snapshot:
        return None
    try:
        team = TeamValueInput(
            roster_slug=snapshot["roster_slug"],
            players=tuple(
                PlayerValueInput(
                    position_slug=p["position_slug"],
                    value_increases=int(p.get("value_increases") or 0),
                    miss_next_game=bool(p.get("miss_next_game")),
                    temporarily_retired=bool(p.get("temporarily_retired")),
                    journeyman=bool(p.get("journeyman")),
                )
                for p in snapshot.get("players", ())
            ),
            rerolls=int(snapshot.get("rerolls") or 0),
            assistant_coaches=int(snapshot.get("assistant_coaches") or 0),
            cheerleaders=int(snapshot.get("cheerleaders") or 0),
            apothecary=bool(snapshot.get("apothecary")),
            league_trophies=int(snapshot.get("league_trophies") or 0),
        )
        return team_value_breakdown(get_ruleset(ruleset_key), team).team_value
    except (KeyError, LookupError, TypeError, ValueError):
        return None


def _matches_of(team_id: int) -> list[Match]:
    """The team's played matches, oldest first, with fixture, opponents, season and
    current report: three queries."""
    current = Report.objects.filter(is_current=True).only(
        "id", "match_id", "post_game_result", "home_touchdowns", "away_touchdowns"
    )
    return list(
        Match.objects.filter(Q(fixture__home_id=team_id) | Q(fixture__away_id=team_id))
        .filter(status__in=PLAYED)
        .select_related("fixture__home", "fixture__away", "fixture__season__league")
        .prefetch_related(Prefetch("reports", queryset=current, to_attr="current_reports"))
        .order_by("kicked_off_at", "id")
    )


def _edition_name(key: str) -> str:
    try:
        return get_ruleset(key).name
    except LookupError:
        return key


def _line(team: Team, match: Match) -> MatchLine:
    fixture = match.fixture
    # The season's edition values the team at kick-off: the team may have moved to
    # another edition since.
    ruleset = fixture.season.ruleset or fixture.season.league.ruleset
    home = fixture.home_id == team.pk
    side = "home" if home else "away"
    reports: list[Report] = getattr(match, "current_reports", [])  # _matches_of's prefetch
    report = reports[0] if reports else None
    shown = ((report.post_game_result if report else {}).get("teams") or {}).get(side) or {}
    scores = (fixture.home_touchdowns, fixture.away_touchdowns)
    points = (fixture.home_points, fixture.away_points)
    opponent = fixture.away if home else fixture.home
    result = str(RESULTS.get(str(shown.get("result", "")), ""))
    mine, theirs = scores if home else scores[::-1]
    if not result and mine is not None and theirs is not None:
        won = "win" if mine > theirs else "loss" if mine < theirs else "draw"
        result = str(RESULTS[won])
    finished = "team_value" in shown
    return MatchLine(
        match_id=match.pk,
        played_on=match.kicked_off_at.date() if match.kicked_off_at else None,
        season=_("%(league)s, season %(number)s")
        % {"league": fixture.season.league.name, "number": fixture.season.number},
        kind=fixture.get_kind_display(),
        opponent_id=opponent.pk,
        opponent=opponent.name,
        home=home,
        result=result,
        score_for=scores[0] if home else scores[1],
        score_against=scores[1] if home else scores[0],
        points_for=points[0] if home else points[1],
        points_against=points[1] if home else points[0],
        winnings=shown.get("winnings"),
        tv_before=tv_at_kick_off(ruleset, (match.match_teams or {}).get(side) or {}),
        tv_after=shown.get("team_value") if finished else None,
        treasury_after=shown.get("treasury") if finished else None,
        ctv_after=shown.get("current_team_value") if finished else None,
        edition=_edition_name(ruleset),
    )


def _ledger_sql() -> str:
    """The running balance at each match's last entry. An entry's match is its own
    ``match``, else that of the post-game whose effect posted it (``AppliedEffect``):
    the fee of a journeyman a post-game hires for good is posted by the roster
    service, which names no match, and belongs to the match all the same."""
    quote = connection.ops.quote_name
    ledger = quote(TreasuryEntry._meta.db_table)
    effects = quote(AppliedEffect._meta.db_table)
    applications = quote(PostGameApplication._meta.db_table)
    entry = quote(AppliedEffect._meta.get_field("ledger_entry").column)
    application = quote(AppliedEffect._meta.get_field("application").column)
    match = quote(PostGameApplication._meta.get_field("match").column)
    return f"""
        WITH tagged AS (
            SELECT e.id, e.amount, e.created_at,
                   COALESCE(e.match_id, (
                       SELECT a.{match} FROM {effects} f
                       JOIN {applications} a ON a.id = f.{application}
                       WHERE f.{entry} = e.id ORDER BY f.id LIMIT 1
                   )) AS match_id
            FROM {ledger} e
            WHERE e.team_id = %s
        )
        SELECT r.match_id, r.running FROM (
            SELECT t.match_id,
                   SUM(t.amount) OVER (ORDER BY COALESCE(g.at, t.created_at), t.id) AS running,
                   ROW_NUMBER() OVER (PARTITION BY t.match_id ORDER BY t.id DESC) AS latest
            FROM tagged t
            LEFT JOIN (
                SELECT match_id, MIN(created_at) AS at FROM tagged
                WHERE match_id IS NOT NULL GROUP BY match_id
            ) g ON g.match_id = t.match_id
        ) r
        WHERE r.match_id IS NOT NULL AND r.latest = 1
    """


def treasury_after_matches(team_id: int) -> dict[int, int]:
    """The team's Treasury after each match that moved its gold, from its ledger by the
    database (one query): the running balance of its entries, each entry from a match
    (winnings, inducements, expensive mistakes, a journeyman its post-game hired for
    good, and a correction's postings made later) counted when that match first
    posted, read at the match's last entry. So a correction of an old match moves that
    match's figure and every later one, as the gold would have stood."""
    with connection.cursor() as cursor:
        cursor.execute(_ledger_sql(), [team_id])
        return {match_id: int(running) for match_id, running in cursor.fetchall()}


def team_matches(team: Team) -> list[MatchLine]:
    """Every match the team played, oldest first, as ``MatchLine``s. The Treasury after
    a match is its ledger's (``treasury_after_matches``) where the match posted gold,
    else the figure its post-game stored."""
    lines = [_line(team, match) for match in _matches_of(team.pk)]
    ledger = treasury_after_matches(team.pk)
    return [
        dataclasses.replace(line, treasury_after=ledger[line.match_id])
        if line.treasury_after is not None and line.match_id in ledger
        else line
        for line in lines
    ]


@dataclass(frozen=True)
class CareerMatch:
    """What a player did in one match."""

    match_id: int
    played_on: datetime.date | None
    opponent_id: int
    opponent: str
    touchdowns: int
    completions: int
    casualties: int
    interceptions: int
    deflections: int
    mvp: bool
    spp: int


def career(player: Player) -> list[CareerMatch]:
    """The player's matches, oldest first (one query)."""
    stats = (
        PlayerMatchStats.objects.filter(player=player)
        .select_related("match__fixture__home", "match__fixture__away")
        .order_by("match__kicked_off_at", "match_id")
    )
    rows = []
    for row in stats:
        fixture = row.match.fixture
        opponent = fixture.away if fixture.home_id == row.team_id else fixture.home
        kicked_off = row.match.kicked_off_at
        rows.append(
            CareerMatch(
                match_id=row.match_id,
                played_on=kicked_off.date() if kicked_off else None,
                opponent_id=opponent.pk,
                opponent=opponent.name,
                touchdowns=row.touchdowns,
                completions=row.completions,
                casualties=row.casualties,
                interceptions=row.interceptions,
                deflections=row.deflections,
                mvp=row.mvp,
                spp=row.spp,
            )
        )
    return rows
