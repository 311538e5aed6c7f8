"""A season's (or a whole league's) results as the NAF tournament report reads them
(docs/interchange.md): who organised it, each coach once with his NAF
number and race, and one game per match played.

Read from what the matches stored, nothing replayed:

- a game is a fixture whose match was played (status ``played``): a forfeit awarded
  without a match and an unplayed double loss were not games, so they are left out;
  league, friendly and play-off fixtures alike;
- ``timeStamp``: when the match kicked off (a result recorded without a match: when
  it was recorded), in the site's time zone, "YYYY-MM-DD HH:MM";
- ``teamRating``: the team's value at kick-off in thousands (the snapshot the match
  stored, valued by the engine under the edition of the fixture's season, as the team
  history does: a league may have changed edition since); a result recorded without
  a match stored no snapshot, so the team's value now stands in;
- ``touchDowns``, ``badlyHurt``: the fixture's touchdowns (after a concession's
  award) and the casualties each side caused, every kind counted in ``badlyHurt``;
  ``seriouslyInjured`` and ``dead`` are left out (the fixture keeps the total only,
  and splitting it would count a casualty twice);
- ``winnings``: what the post-game paid, where it has been applied;
- ``gate``: the total gate in fans where the edition works one out (the pre-game's
  ``total_gate``); left out where it does not.

A coach is named by his username and numbered by his NAF number (``CoachProfile``),
0 where he gave none: the game stays in the report and the NAF's tools ask the
organiser who he is, rather than losing his games. He is listed once, with the race
of his first game; each game's ``playerRecord`` names the race played in it.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from leagues.models import Fixture
from matches.history import tv_at_kick_off
from matches.models import Match, Report
from rules_engine import get_ruleset
from teams.models import CoachProfile, Team
from teams.selectors import teams_list, with_values

HERE = Path(__file__).resolve().parent
TIME_STAMP = "%Y-%m-%d %H:%M"


@cache
def naf_races() -> dict[str, str]:
    """Dugout's roster slug -> the NAF's race name (``naf_races.json``, its source
    noted there)."""
    data = json.loads((HERE / "naf_races.json").read_text(encoding="utf-8"))
    return dict(data["races"])


def naf_race(team: Team, ruleset_key: str | None = None) -> str:
    """The NAF's name of the team's race; else the roster's own name in
    ``ruleset_key`` (the season's edition; the team's own by default)."""
    found = naf_races().get(team.roster_slug)
    if found:
        return found
    rosters = get_ruleset(ruleset_key or team.ruleset).rosters
    roster = rosters.get(team.roster_slug) or get_ruleset(team.ruleset).rosters[team.roster_slug]
    return roster.name


def _season_ruleset(fixture: Fixture) -> str:
    """The edition the fixture's season was played under."""
    return fixture.season.ruleset or fixture.season.league.ruleset


@dataclass(frozen=True)
class NafCoach:
    name: str
    number: int  # NAF number, 0 if he gave none
    race: str


@dataclass(frozen=True)
class NafSide:
    """A ``playerRecord``: one coach's side of a game."""

    name: str
    number: int
    race: str
    team_rating: int  # team value in thousands of gold
    touchdowns: int
    badly_hurt: int  # casualties caused, every kind
    winnings: int | None  # gold pieces; None until the post-game is applied


@dataclass(frozen=True)
class NafGame:
    time_stamp: str
    home: NafSide
    away: NafSide
    gate: int | None


@dataclass(frozen=True)
class NafReport:
    organiser: str
    coaches: tuple[NafCoach, ...]
    games: tuple[NafGame, ...]

    @property
    def without_number(self) -> tuple[str, ...]:
        """The coaches exported with number 0 (no NAF number on their profile)."""
        return tuple(c.name for c in self.coaches if not c.number)


def _played(fixtures: QuerySet[Fixture]) -> list[Fixture]:
    return list(
        fixtures.filter(status=Fixture.Status.PLAYED).select_related(
            "home__coach", "away__coach", "season__league"
        )
    )


def _matches(fixtures: list[Fixture]) -> dict[int, Match]:
    """Each fixture's match with its current report (two queries)."""
    current = Report.objects.filter(is_current=True).only("id", "match_id", "post_game_result")
    matches = (
        Match.objects.filter(fixture_id__in=[f.pk for f in fixtures])
        .only("id", "fixture_id", "kicked_off_at", "match_teams", "pre_game_result")
        .prefetch_related(Prefetch("reports", queryset=current, to_attr="current_reports"))
    )
    return {m.fixture_id: m for m in matches}


def _values_now(team_ids: set[int]) -> dict[int, int]:
    """The team value of each team now (one query; none when no team needs it)."""
    if not team_ids:
        return {}
    rows = with_values(teams_list(Team.objects.filter(pk__in=team_ids)))
    return {row.team.pk: row.value.team_value for row in rows}


def _numbers(fixtures: list[Fixture]) -> dict[int, int]:
    coach_ids = {f.home.coach_id for f in fixtures} | {f.away.coach_id for f in fixtures}
    profiles = CoachProfile.objects.filter(user_id__in=coach_ids, naf_number__isnull=False)
    return {
        user_id: number or 0 for user_id, number in profiles.values_list("user_id", "naf_number")
    }


def _moment(fixture: Fixture, match: Match | None) -> datetime.datetime:
    return (match.kicked_off_at if match else None) or fixture.played_at or fixture.created_at


def _when(fixture: Fixture, match: Match | None) -> str:
    return timezone.localtime(_moment(fixture, match)).strftime(TIME_STAMP)


def _game(fixture: Fixture, match: Match | None, numbers: dict[int, int], values: dict) -> NafGame:
    reports: list[Report] = getattr(match, "current_reports", []) if match else []
    post_game = (reports[0].post_game_result if reports else {}).get("teams") or {}
    summary = (match.pre_game_result.get("summary") or {}) if match else {}

    def side(name: str) -> NafSide:
        team: Team = getattr(fixture, name)
        snapshot = ((match.match_teams or {}).get(name) or {}) if match else {}
        value = tv_at_kick_off(_season_ruleset(fixture), snapshot) if snapshot else None
        winnings = (post_game.get(name) or {}).get("winnings")
        return NafSide(
            name=team.coach.get_username(),
            number=numbers.get(team.coach_id, 0),
            race=naf_race(team, _season_ruleset(fixture)),
            team_rating=(values[team.pk] if value is None else value) // 1000,
            touchdowns=getattr(fixture, f"{name}_touchdowns") or 0,
            badly_hurt=getattr(fixture, f"{name}_casualties") or 0,
            winnings=int(winnings) if isinstance(winnings, int) and winnings >= 0 else None,
        )

    gate = summary.get("total_gate")
    return NafGame(
        time_stamp=_when(fixture, match),
        home=side("home"),
        away=side("away"),
        gate=gate if isinstance(gate, int) and gate >= 0 else None,
    )


def _needs_value_now(fixture: Fixture, match: Match | None) -> set[int]:
    teams = {"home": fixture.home, "away": fixture.away}
    stored: dict[str, Any] = (match.match_teams or {}) if match else {}
    return {
        team.pk
        for name, team in teams.items()
        if not stored.get(name) or tv_at_kick_off(_season_ruleset(fixture), stored[name]) is None
    }


def naf_report(fixtures: QuerySet[Fixture], organiser: str) -> NafReport:
    """The NAF report of ``fixtures`` (a season's, a league's): see the module's text.
    Five queries at most (fixtures, matches, reports, NAF numbers, and the teams whose
    value at kick-off was not stored), however many games."""
    played = _played(fixtures)
    matches = _matches(played)
    needed: set[int] = set()
    for fixture in played:
        needed |= _needs_value_now(fixture, matches.get(fixture.pk))
    values = _values_now(needed)
    numbers = _numbers(played)
    played.sort(key=lambda f: (_moment(f, matches.get(f.pk)), f.pk))  # in the order played
    games = tuple(_game(f, matches.get(f.pk), numbers, values) for f in played)
    coaches: dict[str, NafCoach] = {}
    for game in games:
        for side in (game.home, game.away):
            coaches.setdefault(side.name, NafCoach(side.name, side.number, side.race))
    return NafReport(organiser=organiser, coaches=tuple(coaches.values()), games=games)
