"""Reading a league's ratings: the tables of teams and coaches, the current ratings
the play-off odds start from, and the pre-match estimate of a fixture.

The estimate (``rules_engine.insight.glicko.match_odds``) splits Glicko's expected
score into win, draw and loss with the league's own draw rate shrunk towards one draw
in five (``draw_rate``): a new league starts from that prior, a league that has
played moves towards its own. An open fixture is estimated from the two teams'
current ratings; a fixture with a result from their ratings before it (what the
estimate was when it kicked off).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model

from leagues.insight.ratings import after_of, before_of
from leagues.models import Fixture, League, RatingChange, RatingSubject
from rules_engine.insight.glicko import NEW_PLAYER, MatchOdds, Rating, draw_rate, match_odds

TEAM, COACH = RatingSubject.TEAM.value, RatingSubject.COACH.value


@dataclass(frozen=True)
class RatedSubject:
    """A team's or a coach's current rating in a league, and its record there."""

    subject: str
    subject_id: int
    name: str
    rating: float
    deviation: float
    volatility: float
    games: int
    won: int
    drawn: int
    lost: int
    change: float  # what its last match did to the rating

    @property
    def low(self) -> float:
        """The rating less two deviations: what it is at least, 95% sure."""
        return self.rating - 2 * self.deviation


@dataclass(frozen=True)
class LeagueRatings:
    teams: list[RatedSubject]
    coaches: list[RatedSubject]
    draw_rate: float
    games: int


@dataclass(frozen=True)
class Estimate:
    """A fixture's pre-match estimate, from the home team's side."""

    home: Rating
    away: Rating
    odds: MatchOdds
    draw_rate: float
    before_the_match: bool  # from the ratings before a result (else current ones)

    @property
    def home_win(self) -> float:
        return self.odds.win

    @property
    def draw(self) -> float:
        return self.odds.draw

    @property
    def away_win(self) -> float:
        return self.odds.loss


def _summaries(rows: Iterable[dict], names: dict[tuple[str, int], str]) -> list[RatedSubject]:
    """One ``RatedSubject`` per subject from its rows in match order (latest last)."""
    latest: dict[tuple[str, int], dict] = {}
    counts: dict[tuple[str, int], list[int]] = {}
    for row in rows:
        key = (row["subject"], row["team_id"] if row["subject"] == TEAM else row["coach_id"])
        latest[key] = row
        tally = counts.setdefault(key, [0, 0, 0])
        tally[{1.0: 0, 0.5: 1, 0.0: 2}[row["score"]]] += 1
    out = [
        RatedSubject(
            key[0],
            key[1],
            names.get(key, "?"),
            row["rating_after"],
            row["deviation_after"],
            row["volatility_after"],
            sum(counts[key]),
            counts[key][0],
            counts[key][1],
            counts[key][2],
            row["rating_after"] - row["rating_before"],
        )
        for key, row in latest.items()
    ]
    return sorted(out, key=lambda r: (-r.rating, r.name.casefold(), r.subject_id))


def league_ratings(league: League) -> LeagueRatings:
    """The league's teams and coaches by rating, best first. Two queries."""
    username = get_user_model().USERNAME_FIELD
    rows = list(
        RatingChange.objects.filter(league=league)
        .order_by("played_at", "fixture_id")
        .values(
            "subject",
            "team_id",
            "coach_id",
            "score",
            "rating_before",
            "rating_after",
            "deviation_after",
            "volatility_after",
            "team__name",
            f"coach__{username}",
        )
    )
    names: dict[tuple[str, int], str] = {}
    for row in rows:
        names[TEAM, row["team_id"]] = row["team__name"]
        names[COACH, row["coach_id"]] = row[f"coach__{username}"]
    teams = _summaries((r for r in rows if r["subject"] == TEAM), names)
    coaches = _summaries((r for r in rows if r["subject"] == COACH), names)
    games = sum(t.games for t in teams) // 2
    draws = sum(t.drawn for t in teams) // 2
    return LeagueRatings(teams, coaches, draw_rate(draws, games), games)


def league_draw_rate(league_id: int) -> float:
    """The league's even-match draw rate (see ``draw_rate``). One query."""
    scores = RatingChange.objects.filter(league_id=league_id, subject=TEAM, side="home")
    values = list(scores.values_list("score", flat=True))
    return draw_rate(values.count(0.5), len(values))


def current_team_ratings(league_id: int, team_ids: Iterable[int]) -> dict[int, Rating]:
    """Each team's latest rating in the league (a new team's where it has none)."""
    ids = list(team_ids)
    rows = (
        RatingChange.objects.filter(league_id=league_id, subject=TEAM, team_id__in=ids)
        .order_by("played_at", "fixture_id")
        .only("team_id", "rating_after", "deviation_after", "volatility_after")
    )
    found = {row.team_id: after_of(row) for row in rows}
    return {team_id: found.get(team_id, NEW_PLAYER) for team_id in ids}


def fixture_estimate(fixture: Fixture) -> Estimate:
    """The fixture's win/draw/loss estimate (see the module's text). Two or three
    queries."""
    league_id = fixture.season.league_id
    rows = {
        r.side: before_of(r)
        for r in RatingChange.objects.filter(fixture_id=fixture.pk, subject=TEAM)
    }
    before = len(rows) == 2
    if not before:
        current = current_team_ratings(league_id, [fixture.home_id, fixture.away_id])
        rows = {"home": current[fixture.home_id], "away": current[fixture.away_id]}
    rate = league_draw_rate(league_id)
    odds = match_odds(rows["home"], rows["away"], rate)
    return Estimate(rows["home"], rows["away"], odds, rate, before)


@dataclass(frozen=True)
class LeagueRating:
    """A team's or a coach's rating in one league: where it stands, its record there,
    and the rating after each of its matches (oldest first), for a chart."""

    league_id: int
    league_name: str
    rating: float
    deviation: float
    games: int
    won: int
    drawn: int
    lost: int
    change: float  # what its last match did to the rating
    history: tuple[float, ...]

    @property
    def low(self) -> float:
        """The rating less two deviations: what it is at least, 95% sure."""
        return self.rating - 2 * self.deviation


def _per_league(rows: Iterable[dict]) -> list[LeagueRating]:
    """One ``LeagueRating`` per league from one subject's rows in match order."""
    by_league: dict[int, list[dict]] = {}
    for row in rows:
        by_league.setdefault(row["league_id"], []).append(row)
    out = []
    for league_id, matches in by_league.items():
        last = matches[-1]
        scores = [m["score"] for m in matches]
        out.append(
            LeagueRating(
                league_id=league_id,
                league_name=last["league__name"],
                rating=last["rating_after"],
                deviation=last["deviation_after"],
                games=len(matches),
                won=scores.count(1.0),
                drawn=scores.count(0.5),
                lost=scores.count(0.0),
                change=last["rating_after"] - last["rating_before"],
                history=tuple(m["rating_after"] for m in matches),
            )
        )
    return sorted(out, key=lambda r: (r.league_name.casefold(), r.league_id))


def _subject_rows(subject: str, **match: int) -> list[dict[str, Any]]:
    rows = (
        RatingChange.objects.filter(subject=subject, **match)
        .order_by("played_at", "fixture_id")
        .values(
            "league_id",
            "league__name",
            "score",
            "rating_before",
            "rating_after",
            "deviation_after",
        )
    )
    return [dict(row) for row in rows]


def team_ratings(team_id: int) -> list[LeagueRating]:
    """The team's rating in each league it has played in, by league name. One query,
    however many matches (the team sheet's rating line and chart)."""
    return _per_league(_subject_rows(TEAM, team_id=team_id))


def coach_ratings(coach_id: int) -> list[LeagueRating]:
    """The coach's rating in each league he has coached a rated match in, by league
    name. One query, however many leagues and matches (his profile page)."""
    return _per_league(_subject_rows(COACH, coach_id=coach_id))
