"""Records and hall of fame, per league and all-time: the best players' touchdowns,
casualties and SPP in a game, a season and a career, the biggest wins, the longest
unbeaten runs, the champions and the memorial of the dead.

Every figure is computed by the database (ordered aggregates over the applied
matches' ``PlayerMatchStats``, the fixtures' results, one window query for the runs:
``records_sql``); the page takes a fixed number of queries however long the league's
history grows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Exists, F, IntegerField, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Abs, Coalesce
from django.utils.translation import gettext_lazy

from insight.records_sql import UnbeatenRun, unbeaten_runs
from leagues.models import Fixture, League, Season
from matches.models import PlayerMatchStats
from teams.models import InjuryRecord, Player, PlayerStatus

RECORD_LENGTH = 5
# (statistic, what it counts, its column heading) of the player records.
STATS = (
    ("touchdowns", gettext_lazy("Touchdowns"), "TD"),
    ("casualties", gettext_lazy("Casualties caused"), "CAS"),
    ("spp", gettext_lazy("SPP earned"), "SPP"),
)
SCOPES = (("game", "in a game"), ("season", "in a season"), ("career", "in a career"))
# Each board's title, by figure and scope.
TITLES = {
    ("touchdowns", "game"): gettext_lazy("Touchdowns in a game"),
    ("touchdowns", "season"): gettext_lazy("Touchdowns in a season"),
    ("touchdowns", "career"): gettext_lazy("Touchdowns in a career"),
    ("casualties", "game"): gettext_lazy("Casualties caused in a game"),
    ("casualties", "season"): gettext_lazy("Casualties caused in a season"),
    ("casualties", "career"): gettext_lazy("Casualties caused in a career"),
    ("spp", "game"): gettext_lazy("SPP earned in a game"),
    ("spp", "season"): gettext_lazy("SPP earned in a season"),
    ("spp", "career"): gettext_lazy("SPP earned in a career"),
}


@dataclass(frozen=True)
class PlayerRecord:
    """A player's figure in one game, one season or his career (``games`` games)."""

    player_id: int
    player_name: str
    team_id: int
    team_name: str
    value: int
    games: int
    season_id: int | None = None
    season_number: int | None = None
    league_name: str = ""
    match_id: int | None = None


@dataclass(frozen=True)
class RecordBoard:
    stat: str
    scope: str
    title: str
    column: str
    rows: tuple[PlayerRecord, ...]

    @property
    def scope_title(self) -> str:
        """ "In a game", "In a season", "In a career"."""
        return dict(SCOPES)[self.scope].capitalize()


@dataclass(frozen=True)
class WinRecord:
    fixture_id: int
    match_id: int | None
    winner_id: int
    winner_name: str
    loser_id: int
    loser_name: str
    winner_score: int
    loser_score: int
    margin: int
    season_number: int
    league_name: str


@dataclass(frozen=True)
class Champion:
    season_id: int
    season_number: int
    league_id: int
    league_name: str
    team_id: int
    team_name: str
    coach_name: str


@dataclass(frozen=True)
class Fallen:
    """A player who died: where, and what he had done."""

    player_id: int
    name: str
    number: int
    team_id: int
    team_name: str
    match_id: int | None
    games: int
    touchdowns: int
    casualties: int
    spp_earned: int


@dataclass(frozen=True)
class Records:
    league: League | None
    boards: tuple[RecordBoard, ...]
    biggest_wins: tuple[WinRecord, ...]
    unbeaten_runs: tuple[UnbeatenRun, ...]
    champions: tuple[Champion, ...]
    memorial: tuple[Fallen, ...]

    @property
    def by_stat(self) -> tuple[tuple[str, tuple[RecordBoard, ...]], ...]:
        """The boards grouped by figure, as the page shows them: (what it counts, boards)."""
        return tuple(
            (str(label), tuple(b for b in self.boards if b.stat == stat))
            for stat, label, _ in STATS
        )


def records(league: League | None = None, limit: int = RECORD_LENGTH) -> Records:
    """The records of ``league``, or of every league when None."""
    league_id = league.pk if league is not None else None
    boards = tuple(
        RecordBoard(
            stat,
            scope,
            str(TITLES[stat, scope]),
            column,
            player_records(league_id, stat, scope, limit),
        )
        for stat, _label, column in STATS
        for scope, _words in SCOPES
    )
    return Records(
        league=league,
        boards=boards,
        biggest_wins=biggest_wins(league_id, limit),
        unbeaten_runs=tuple(unbeaten_runs(league_id, limit)),
        champions=champions(league_id),
        memorial=memorial(league_id),
    )


def _stats(league_id: int | None) -> Any:
    stats = PlayerMatchStats.objects.all()
    return stats if league_id is None else stats.filter(season__league_id=league_id)


def player_records(
    league_id: int | None, stat: str, scope: str, limit: int
) -> tuple[PlayerRecord, ...]:
    """The highest ``stat`` of one player in one game, season or career."""
    if stat not in {s[0] for s in STATS} or scope not in dict(SCOPES):
        raise ValueError(f"no {stat!r} record {scope!r}")
    names = {"player_name": F("player__name"), "team_name": F("team__name")}
    season = {"season_number": F("season__number"), "league_name": F("season__league__name")}
    stats = _stats(league_id)
    if scope == "game":
        rows = (
            stats.filter(**{f"{stat}__gt": 0})
            .annotate(value=F(stat), **names, **season)
            .order_by("-value", "match_id", "player_id")
            .values("player_id", "team_id", "value", "match_id", "season_id", *names, *season)
        )
    else:
        # The team a player played for is the team he is on (players never change teams).
        keys = ("player_id", "team_id", "season_id") if scope == "season" else ("player_id",)
        rows = (
            stats.values(*keys)
            .annotate(
                value=Sum(stat),
                games=Count("id"),
                player_name=F("player__name"),
                team_name=F("player__team__name"),
                **(season if scope == "season" else {"team_id": F("player__team_id")}),
            )
            .filter(value__gt=0)
            .order_by("-value", "games", "player_id", *keys[2:])
        )
    return tuple(PlayerRecord(**_record_fields(row)) for row in rows[:limit])


def _record_fields(row: dict[str, Any]) -> dict[str, Any]:
    fields = set(PlayerRecord.__dataclass_fields__)
    return {key: value for key, value in row.items() if key in fields} | {
        "games": row.get("games", 1),
        "league_name": row.get("league_name") or "",
    }


def biggest_wins(league_id: int | None, limit: int) -> tuple[WinRecord, ...]:
    """The widest winning margins of played fixtures (points where the ruleset scores
    games in points, touchdowns otherwise); level margins: the higher-scoring game first."""
    home = Coalesce("home_points", "home_touchdowns", output_field=IntegerField())
    away = Coalesce("away_points", "away_touchdowns", output_field=IntegerField())
    fixtures = Fixture.objects.filter(status=Fixture.Status.PLAYED)
    if league_id is not None:
        fixtures = fixtures.filter(season__league_id=league_id)
    rows = (
        fixtures.annotate(home_score=home, away_score=away)
        .annotate(margin=Abs(F("home_score") - F("away_score")))
        .filter(margin__gt=0)
        .order_by("-margin", "-home_score", "-away_score", "id")
        .values(
            "id",
            "match__id",
            "home_id",
            "home__name",
            "away_id",
            "away__name",
            "home_score",
            "away_score",
            "margin",
            "season__number",
            "season__league__name",
        )[:limit]
    )
    return tuple(_win(row) for row in rows)


def _win(row: Mapping[str, Any]) -> WinRecord:
    home_won = row["home_score"] > row["away_score"]
    winner, loser = ("home", "away") if home_won else ("away", "home")
    return WinRecord(
        fixture_id=row["id"],
        match_id=row["match__id"],
        winner_id=row[f"{winner}_id"],
        winner_name=row[f"{winner}__name"],
        loser_id=row[f"{loser}_id"],
        loser_name=row[f"{loser}__name"],
        winner_score=row[f"{winner}_score"],
        loser_score=row[f"{loser}_score"],
        margin=row["margin"],
        season_number=row["season__number"],
        league_name=row["season__league__name"],
    )


def champions(league_id: int | None) -> tuple[Champion, ...]:
    """The winner of each season's final, newest season first."""
    seasons = Season.objects.filter(champion__isnull=False)
    if league_id is not None:
        seasons = seasons.filter(league_id=league_id)
    rows = seasons.order_by("league__name", "-number").values(
        "id",
        "number",
        "league_id",
        "league__name",
        "champion_id",
        "champion__name",
        "champion__coach__username",
    )
    return tuple(
        Champion(
            season_id=row["id"],
            season_number=row["number"],
            league_id=row["league_id"],
            league_name=row["league__name"],
            team_id=row["champion_id"],
            team_name=row["champion__name"],
            coach_name=row["champion__coach__username"],
        )
        for row in rows
    )


def _sum_of(stat: str) -> Any:
    """A dead player's total ``stat`` over his applied matches (0 for none)."""
    total = (
        PlayerMatchStats.objects.filter(player=OuterRef("pk"))
        .values("player")
        .annotate(total=Sum(stat) if stat != "games" else Count("id"))
        .values("total")
    )
    return Coalesce(Subquery(total, output_field=IntegerField()), 0)


def memorial(league_id: int | None) -> tuple[Fallen, ...]:
    """The players who died (in a match of the league, when one is given), with the
    match that killed them and what they had done; the latest death first."""
    deaths = InjuryRecord.objects.filter(player=OuterRef("pk"), kind=InjuryRecord.Kind.DEAD)
    if league_id is not None:
        deaths = deaths.filter(match__fixture__season__league_id=league_id)
    last_death = deaths.order_by("-created_at", "-id")
    rows = (
        Player.objects.filter(Q(status=PlayerStatus.DEAD), Exists(deaths))
        .annotate(
            match_id=Subquery(last_death.values("match_id")[:1]),
            died_at=Subquery(last_death.values("created_at")[:1]),
            games=_sum_of("games"),
            touchdowns=_sum_of("touchdowns"),
            casualties=_sum_of("casualties"),
        )
        .order_by("-died_at", "-id")
        .values(
            "id",
            "name",
            "number",
            "team_id",
            "team__name",
            "match_id",
            "games",
            "touchdowns",
            "casualties",
            "spp_earned",
        )
    )
    return tuple(
        Fallen(
            player_id=row["id"],
            name=row["name"],
            number=row["number"],
            team_id=row["team_id"],
            team_name=row["team__name"],
            match_id=row["match_id"],
            games=row["games"],
            touchdowns=row["touchdowns"],
            casualties=row["casualties"],
            spp_earned=row["spp_earned"],
        )
        for row in rows
    )
