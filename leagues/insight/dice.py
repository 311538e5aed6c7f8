"""Dice luck from the recorded dice (``matches.DiceRoll``): per team, per coach, per
league and over the whole site, judged by ``rules_engine.insight``.

Which rolls count: every pre-game roll, and the post-game rolls of current reports
(a correction re-runs a post-game on the same seed; the replaced version's rolls are
history, not new dice). Whose roll it was: the side its purpose names, as the engine
writes it (``rules_engine.insight.SIDE_MARKERS``: "Fair-weather fans (home)", "MVP:
away"); a roll of neither side (the weather, a kick-off event) is the site's but no
team's. The rolls kept on a player's advancements (random skills, characteristic
improvements) are his team's. A coach's rolls are those of the teams he coaches now.

The database counts the match rolls per die and face (``GROUP BY``); only those few
counts, and the advancements' few kept rolls, reach Python, which runs the test.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, When

from leagues.models import League, TeamEntry
from matches.models import DiceRoll, Sequence
from rules_engine.insight import SIDE_MARKERS, Face, LuckSummary, face_of, judge_dice
from teams.models import Advancement, Team

Counts = dict[str, dict[Face, int]]


def counted_rolls() -> QuerySet[DiceRoll]:
    """The rolls the app made and stands by: pre-games, and current reports' post-games."""
    return DiceRoll.objects.filter(Q(sequence=Sequence.PRE_GAME) | Q(report__is_current=True))


def made_for(side: str) -> Q:
    """Rolls whose purpose names ``side``."""
    query = Q()
    for marker in SIDE_MARKERS[side]:
        query |= Q(purpose__contains=marker)
    return query


def rolls_of_team(team: Team | int) -> Q:
    return (made_for("home") & Q(match__fixture__home=team)) | (
        made_for("away") & Q(match__fixture__away=team)
    )


def rolls_of_coach(coach: Any) -> Q:
    return (made_for("home") & Q(match__fixture__home__coach=coach)) | (
        made_for("away") & Q(match__fixture__away__coach=coach)
    )


def _counts(rows: Iterable[Mapping[str, Any]]) -> Counts:
    counts: Counts = defaultdict(lambda: defaultdict(int))
    for row in rows:
        counts[row["die"]][face_of(row["die"], row["result"])] += row["n"]
    return {die: dict(faces) for die, faces in counts.items()}


def _advancement_rows(rolls: Iterable[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The rolls kept on advancements ([{purpose, die, result}] each), as count rows."""
    return [{"die": r["die"], "result": r["result"], "n": 1} for kept in rolls for r in kept]


def _judge(rolls: QuerySet[DiceRoll], advancements: QuerySet[Advancement]) -> LuckSummary:
    rows = list(rolls.values("die", "result").annotate(n=Count("id")).order_by())
    kept = advancements.exclude(rolls=[]).values_list("rolls", flat=True)
    return judge_dice(_counts([*rows, *_advancement_rows(kept)]))


def team_luck(team: Team | int) -> LuckSummary:
    """The team's rolls in its matches and for its players' advancements."""
    advancements = Advancement.objects.filter(player__team=team)
    return _judge(counted_rolls().filter(rolls_of_team(team)), advancements)


def coach_luck(coach: Any) -> LuckSummary:
    advancements = Advancement.objects.filter(player__team__coach=coach)
    return _judge(counted_rolls().filter(rolls_of_coach(coach)), advancements)


def site_fairness() -> LuckSummary:
    """Every roll the app made, whoever it was for: are the app's own dice fair?"""
    return _judge(counted_rolls(), Advancement.objects.all())


@dataclass(frozen=True)
class TeamLuck:
    team_id: int
    team_name: str
    coach_name: str
    luck: LuckSummary


def league_luck(league: League) -> list[TeamLuck]:
    """Each team ever entered in the league, with the luck of its rolls in the
    league's matches and for its players' advancements; the most unusual (lowest
    p-value) first, those too few to judge last."""
    team_of_roll = Case(
        When(made_for("home"), then=F("match__fixture__home_id")),
        When(made_for("away"), then=F("match__fixture__away_id")),
        default=None,
        output_field=IntegerField(),
    )
    rows = (
        counted_rolls()
        .filter(match__fixture__season__league=league)
        .annotate(team=team_of_roll)
        .filter(team__isnull=False)
        .values("team", "die", "result")
        .annotate(n=Count("id"))
        .order_by()
    )
    by_team: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        by_team[row["team"]].append(row)
    entered = TeamEntry.objects.filter(season__league=league).values("team_id")
    kept = Advancement.objects.filter(player__team__in=entered).exclude(rolls=[])
    for team_id, rolls in kept.values_list("player__team_id", "rolls"):
        by_team[team_id].extend(_advancement_rows([rolls]))
    teams = (
        TeamEntry.objects.filter(season__league=league)
        .values("team_id", "team__name", "team__coach__username")
        .order_by("team__name", "team_id")
        .distinct()
    )
    found = [
        TeamLuck(
            team_id=row["team_id"],
            team_name=row["team__name"],
            coach_name=row["team__coach__username"],
            luck=judge_dice(_counts(by_team.get(row["team_id"], []))),
        )
        for row in teams
    ]
    return sorted(found, key=_most_unusual_first)


def _most_unusual_first(row: TeamLuck) -> tuple[bool, float, str]:
    p_value = row.luck.p_value
    return (p_value is None, p_value if p_value is not None else 1.0, row.team_name)
