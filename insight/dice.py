"""Dice luck from the recorded dice (``matches.DiceRoll``): per team, per coach, per
league and over the whole site, judged by ``rules_engine.insight``.

Which rolls count: every pre-game roll, and the post-game rolls of current reports
(a correction re-runs a post-game on the same seed; the replaced version's rolls are
history, not new dice). Whose roll it was: the side its purpose names, as the engine
writes it (``rules_engine.insight.SIDE_MARKERS``: "Fair-weather fans (home)", "MVP:
away"); a roll of neither side (the weather, a kick-off event) is the site's but no
team's. The rolls kept on a player's advancements (random skills, characteristic
improvements) are his team's. A coach's rolls are those of the teams he coaches now.

Rolls kept outside a match count too (``kept_rolls``), each with the team it was for:
a play-off's sudden death roll-offs (``Fixture.sudden_death_rolls``, each side's by its
purpose, "Sudden death roll-off 1: home"), a real-life concession's award
(``Fixture.concession_rolls``: the gold and the MVP picks, the awarded team's, i.e. the
team that did not concede) and a re-draft's rolls (``Redraft.rolls``: the re-drafted
team's niggling-injury rolls).

The database counts the match rolls per die and face (``GROUP BY``); only those few
counts, and the advancements' few kept rolls, reach Python, which runs the test.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, When

from leagues.models import Fixture, League, TeamEntry
from matches.models import DiceRoll, Sequence
from rules_engine.insight import SIDE_MARKERS, Face, LuckSummary, face_of, judge_dice
from teams.models import Advancement, Redraft, Team

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


@dataclass(frozen=True)
class KeptRoll:
    """A roll kept outside a match's rolls, and the team (and its coach now) it was
    for; None for a roll of neither side."""

    team_id: int | None
    coach_id: int | None
    row: dict[str, Any]


def _side_of(purpose: str) -> str | None:
    for side, marks in SIDE_MARKERS.items():
        if any(mark in purpose for mark in marks):
            return side
    return None


def kept_rolls(fixtures: QuerySet[Fixture], redrafts: QuerySet[Redraft]) -> list[KeptRoll]:
    """The rolls ``fixtures`` and ``redrafts`` kept (see the module's text): two queries."""
    out: list[KeptRoll] = []
    with_rolls = fixtures.filter(~Q(sudden_death_rolls=[]) | ~Q(concession_rolls=[])).values_list(
        "home_id", "home__coach_id", "away_id", "away__coach_id", "conceded_by_id",
        "sudden_death_rolls", "concession_rolls",
    )  # fmt: skip
    for home, home_coach, away, away_coach, conceded, sudden_death, concession in with_rolls:
        sides = {"home": (home, home_coach), "away": (away, away_coach)}
        for roll in sudden_death or []:
            team, coach = sides.get(_side_of(str(roll.get("purpose", ""))) or "", (None, None))
            out.append(KeptRoll(team, coach, {**roll, "n": 1}))
        awarded = sides["away"] if conceded == home else sides["home"]
        for roll in concession or []:
            # A forfeit's Dedicated Fans rolls name their side (BB2025); the rest are the
            # awarded team's (the gold and the MVP picks).
            side = _side_of(str(roll.get("purpose", "")))
            out.append(KeptRoll(*(sides[side] if side else awarded), {**roll, "n": 1}))
    for team, coach, rolls in redrafts.exclude(rolls=[]).values_list(
        "team_id", "team__coach_id", "rolls"
    ):
        out += [KeptRoll(team, coach, {**roll, "n": 1}) for roll in rolls]
    return out


def _judge(
    rolls: QuerySet[DiceRoll], advancements: QuerySet[Advancement], kept: Iterable[KeptRoll] = ()
) -> LuckSummary:
    rows = list(rolls.values("die", "result").annotate(n=Count("id")).order_by())
    advanced = advancements.exclude(rolls=[]).values_list("rolls", flat=True)
    return judge_dice(_counts([*rows, *_advancement_rows(advanced), *(k.row for k in kept)]))


def team_luck(team: Team | int) -> LuckSummary:
    """The team's rolls in its matches, for its players' advancements, and those kept
    on its fixtures and re-drafts."""
    team_id = team.pk if isinstance(team, Team) else team
    advancements = Advancement.objects.filter(player__team=team)
    fixtures = Fixture.objects.filter(Q(home_id=team_id) | Q(away_id=team_id))
    kept = kept_rolls(fixtures, Redraft.objects.filter(team_id=team_id))
    mine = [k for k in kept if k.team_id == team_id]
    return _judge(counted_rolls().filter(rolls_of_team(team)), advancements, mine)


def coach_luck(coach: Any) -> LuckSummary:
    advancements = Advancement.objects.filter(player__team__coach=coach)
    fixtures = Fixture.objects.filter(Q(home__coach=coach) | Q(away__coach=coach))
    kept = kept_rolls(fixtures, Redraft.objects.filter(team__coach=coach))
    his = [k for k in kept if k.coach_id == coach.pk]
    return _judge(counted_rolls().filter(rolls_of_coach(coach)), advancements, his)


def site_fairness() -> LuckSummary:
    """Every roll the app made, whoever it was for: are the app's own dice fair?"""
    kept = kept_rolls(Fixture.objects.all(), Redraft.objects.all())
    return _judge(counted_rolls(), Advancement.objects.all(), kept)


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
    fixtures = Fixture.objects.filter(season__league=league)
    for roll in kept_rolls(fixtures, Redraft.objects.filter(to_season__league=league)):
        if roll.team_id is not None:
            by_team[roll.team_id].append(roll.row)
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
