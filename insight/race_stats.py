"""Per-race figures of a league, or of every league on the site: how many teams of
each race played, their games, wins, draws and losses, their win rate, and their
touchdowns and casualties for and against per game.

Read from the standings' maintained rows (``leagues.models_standings.StandingTotals``,
one per season and team, kept by the result services): the database sums them per
(edition, roster) in one grouped query, so the page costs the same however many games
were played. As the standings do, they count league games (a game left unplayed is a
loss for both); play-offs and friendlies aside. The same race in two editions (a
BB2020 and a BB2025 Human team) is one race: its rows are added together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Sum

from leagues.models import League
from leagues.models_standings import StandingTotals
from rules_engine import get_ruleset, list_rulesets

SUMS = (
    "games",
    "won",
    "drawn",
    "lost",
    "touchdowns_for",
    "touchdowns_against",
    "casualties_for",
    "casualties_against",
)


@dataclass(frozen=True)
class RaceFigures:
    """One race's figures; ``teams``: its teams with a row in a standings table (a
    result or a points adjustment). The rates are None while it has no game."""

    race: str
    teams: int
    games: int
    won: int
    drawn: int
    lost: int
    touchdowns_for: int
    touchdowns_against: int
    casualties_for: int
    casualties_against: int

    def _per_game(self, total: int) -> float | None:
        return round(total / self.games, 2) if self.games else None

    @property
    def win_rate(self) -> float | None:
        """Wins per game, as a percentage (a draw is not a win)."""
        return round(100 * self.won / self.games, 1) if self.games else None

    @property
    def touchdowns_for_per_game(self) -> float | None:
        return self._per_game(self.touchdowns_for)

    @property
    def touchdowns_against_per_game(self) -> float | None:
        return self._per_game(self.touchdowns_against)

    @property
    def casualties_caused_per_game(self) -> float | None:
        return self._per_game(self.casualties_for)

    @property
    def casualties_suffered_per_game(self) -> float | None:
        return self._per_game(self.casualties_against)


def race_name(ruleset_key: str, roster_slug: str) -> str:
    """The roster's name in its edition ("Human"), its slug where it has none."""
    if ruleset_key in list_rulesets():
        roster = get_ruleset(ruleset_key).rosters.get(roster_slug)
        if roster is not None:
            return str(roster.name)
    return roster_slug.replace("-", " ").capitalize()


def race_statistics(league: League | None = None) -> list[RaceFigures]:
    """Each race's figures in ``league`` (every league when None): the most games
    first, then by name. One query."""
    rows = StandingTotals.objects.all()
    if league is not None:
        rows = rows.filter(season__league=league)
    grouped = (
        rows.values("team__ruleset", "team__roster_slug")
        .annotate(
            teams=Count("team", distinct=True),
            games=Sum("played"),
            won=Sum("won"),
            drawn=Sum("drawn"),
            lost=Sum("lost"),
            touchdowns_for=Sum("touchdowns_for"),
            touchdowns_against=Sum("touchdowns_against"),
            casualties_for=Sum("casualties_for"),
            casualties_against=Sum("casualties_against"),
        )
        .order_by("team__ruleset", "team__roster_slug")
    )
    races: dict[str, dict[str, Any]] = {}
    for found in grouped:
        row: dict[str, Any] = dict(found)
        name = race_name(row["team__ruleset"], row["team__roster_slug"])
        race = races.setdefault(name, dict.fromkeys(("teams", *SUMS), 0))
        for key in ("teams", *SUMS):
            race[key] += row[key] or 0
    figures = [RaceFigures(race=name, **values) for name, values in races.items()]
    return sorted(figures, key=lambda f: (-f.games, f.race))
