"""Dice luck from the recorded dice (``matches.DiceRoll``): per team, per coach, per
league and over the whole site, judged by ``rules_engine.insight``.

Which rolls count: every pre-game roll, and the post-game rolls of current reports
(a correction re-runs a post-game on the same seed; the replaced version's rolls are
history, not new dice). Whose roll it was: the side its purpose names, as the engine
writes it (``rules_engine.insight.SIDE_MARKERS``: "Fair-weather fans (home)", "MVP:
away"); a roll of neither side (the weather, a kick-off event) is the site's but no
team's. A coach's rolls are those of the teams he coaches now.

The database counts the rolls per die and face (``GROUP BY``); only those few counts
reach Python, which runs the test.
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
from teams.models import Team

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


def _judge(rolls: QuerySet[DiceRoll]) -> LuckSummary:
    return judge_dice(_counts(rolls.values("die", "result").annotate(n=Count("id")).order_by()))


def team_luck(team: Team | int) -> LuckSummary:
    return _judge(counted_rolls().filter(rolls_of_team(team)))


def coach_luck(coach: Any) -> LuckSummary:
    return _judge(counted_rolls().filter(rolls_of_coach(coach)))


def site_fairness() -> LuckSummary:
    """Every roll the app made, whoever it was for: are the app's own dice fair?"""
    return _judge(counted_rolls())


@dataclass(frozen=True)
class TeamLuck:
    team_id: int
    team_name: str
    coach_name: str
    luck: LuckSummary


def league_luck(league: League) -> list[TeamLuck]:
    """Each team ever entered in the league, with the luck of its rolls in the
    league's matches; the most unusual (lowest p-value) first, those too few to judge last."""
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
