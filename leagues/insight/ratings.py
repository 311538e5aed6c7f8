"""Keeping a league's Glicko-2 ratings (``RatingChange`` rows) exact, per match.

What is rated: every fixture of the league with a result (``Fixture.RESULT_STATUSES``:
played, or conceded 1-0 for real-life reasons), league, play-off and friendly alike,
as the recorded result says: a win 1, a draw 0.5, a loss 0, read from the points where
the ruleset scores games in points, else the touchdowns. A forfeit or a concession is
the 1-0 it is recorded as; an "unplayed" double loss says nothing of who is stronger
and is not rated; a play-off level after extra time is the draw its score was (the
sudden-death roll-off that sends one team through is dice, not strength). Teams and
coaches are rated alike, each match a rating period of its own for its two teams and
its two coaches (a coach on both sides is not rated for that match).

Match order is when the result was recorded (``Fixture.played_at``; a fixture without
it, only ever made by tests' factories, by its last change), then the fixture's id. A
correction keeps its place (``record_result`` keeps ``played_at``); a corrected forfeit
is awarded anew (now, so last); an undone forfeit leaves the order.

Whoever writes a fixture's result calls ``rerate_fixture`` in the same transaction,
after saving it (the leagues services do, beside ``refresh_fixture_teams``). It
re-rates only what follows: from the earlier of the fixture's old and new place, the
matches of a team or coach whose rating changed, and then of their opponents in turn;
every other row stands. ``rebuild_league_ratings`` rates a league from scratch (a
backup's import, ``manage.py rebuild_ratings``); the tests hold the two equal.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q, Subquery
from django.utils import timezone

from leagues.models import Fixture, League, RatingChange, RatingSubject
from rules_engine.insight.glicko import NEW_PLAYER, Rating, rate_match

Key = tuple[str, int]  # (subject, team or coach id)
Position = tuple[datetime.datetime, int]
TEAM, COACH = RatingSubject.TEAM.value, RatingSubject.COACH.value
RATED_STATUSES = [s.value for s in Fixture.RESULT_STATUSES]
RATING_FIELDS = [
    f"{name}_{when}"
    for name in ("rating", "deviation", "volatility")
    for when in ("before", "after")
]


@dataclass
class Slot:
    """One side of one rated match, for one subject (its ``RatingChange`` row)."""

    subject: str
    side: str
    team_id: int
    coach_id: int
    row: RatingChange | None = None

    @property
    def key(self) -> Key:
        return (self.subject, self.team_id if self.subject == TEAM else self.coach_id)


@dataclass
class Match:
    """A rated match in order: its fixture, the home score and its slots."""

    fixture_id: int
    played_at: datetime.datetime
    score: float
    slots: list[Slot]

    @property
    def position(self) -> Position:
        return (self.played_at, self.fixture_id)


def home_score(fixture: Fixture) -> float | None:
    """1, 0.5 or 0 for the home team; None for a fixture not rated."""
    if fixture.status not in RATED_STATUSES:
        return None
    home, away = fixture.home_points, fixture.away_points
    if home is None or away is None:
        home, away = fixture.home_touchdowns, fixture.away_touchdowns
    assert home is not None and away is not None
    return 1.0 if home > away else 0.5 if home == away else 0.0


def _when(fixture: Fixture) -> datetime.datetime:
    return fixture.played_at or fixture.updated_at or timezone.now()


def _slots(home: tuple[int, int], away: tuple[int, int]) -> list[Slot]:
    """(team id, coach id) of each side: both teams, and both coaches unless one
    coached both sides."""
    slots = [Slot(TEAM, "home", *home), Slot(TEAM, "away", *away)]
    if home[1] != away[1]:
        slots += [Slot(COACH, "home", *home), Slot(COACH, "away", *away)]
    return slots


def _match_of(fixture: Fixture) -> Match | None:
    score = home_score(fixture)
    if score is None:
        return None
    home = (fixture.home_id, fixture.home.coach_id)
    away = (fixture.away_id, fixture.away.coach_id)
    return Match(fixture.pk, _when(fixture), score, _slots(home, away))


def _rate(match: Match, before: dict[Key, Rating]) -> dict[Key, Rating]:
    """The match's subjects after it: each team against the other, each coach too."""
    after: dict[Key, Rating] = {}
    by_side = {(s.subject, s.side): s.key for s in match.slots}
    for subject in (TEAM, COACH):
        if (subject, "home") not in by_side:
            continue
        home, away = by_side[subject, "home"], by_side[subject, "away"]
        after[home], after[away] = rate_match(before[home], before[away], match.score)
    return after


def _row(league_id: int, match: Match, slot: Slot, before: Rating, after: Rating) -> RatingChange:
    row = slot.row or RatingChange(
        league_id=league_id,
        fixture_id=match.fixture_id,
        subject=slot.subject,
        side=slot.side,
        team_id=slot.team_id,
        coach_id=slot.coach_id,
    )
    row.played_at = match.played_at
    row.updated_at = timezone.now()
    row.score = match.score if slot.side == "home" else 1 - match.score
    row.rating_before, row.deviation_before, row.volatility_before = _triple(before)
    row.rating_after, row.deviation_after, row.volatility_after = _triple(after)
    return row


def _triple(rating: Rating) -> tuple[float, float, float]:
    return rating.rating, rating.deviation, rating.volatility


def before_of(row: RatingChange) -> Rating:
    return Rating(row.rating_before, row.deviation_before, row.volatility_before)


def after_of(row: RatingChange) -> Rating:
    return Rating(row.rating_after, row.deviation_after, row.volatility_after)


def _latest_befores(league_id: int, match: Match, keys: list[Key]) -> dict[Key, Rating]:
    """The subjects' ratings just before ``match`` (each one's latest row before it),
    a new player's for one without any. One query."""
    when, fixture_id = match.position
    wanted = Q(pk__in=[])
    for subject, subject_id in keys:
        column = "team_id" if subject == TEAM else "coach_id"
        wanted |= Q(subject=subject, **{column: subject_id})
    rows = (
        RatingChange.objects.filter(league_id=league_id)
        .filter(wanted)
        .filter(Q(played_at__lt=when) | Q(played_at=when, fixture_id__lt=fixture_id))
        .exclude(fixture_id=fixture_id)
        .order_by("played_at", "fixture_id")
    )
    found = {Slot(r.subject, r.side, r.team_id, r.coach_id).key: after_of(r) for r in rows}
    return {key: found.get(key, NEW_PLAYER) for key in keys}


def _stored_matches(league_id: int, since: Position, skip: int) -> list[Match]:
    """The league's rated matches from ``since`` on, with their rows, in order."""
    when, fixture_id = since
    rows = (
        RatingChange.objects.filter(league_id=league_id)
        .filter(Q(played_at__gt=when) | Q(played_at=when, fixture_id__gte=fixture_id))
        .exclude(fixture_id=skip)
        .order_by("played_at", "fixture_id", "subject", "side")
    )
    return _as_matches(rows)


def _as_matches(rows: Iterable[RatingChange]) -> list[Match]:
    """Rating rows in order, grouped by their match."""
    matches: dict[int, Match] = {}
    for row in rows:
        match = matches.get(row.fixture_id)
        if match is None:
            match = matches[row.fixture_id] = Match(row.fixture_id, row.played_at, -1.0, [])
        if row.subject == TEAM and row.side == "home":
            match.score = row.score
        match.slots.append(Slot(row.subject, row.side, row.team_id, row.coach_id, row))
    return list(matches.values())


def rerate_fixture(fixture: Fixture) -> None:
    """After a change to ``fixture``'s result or status, in the same transaction:
    its rows, and those of what follows that the change moved. ``fixture`` is the
    saved one, with its home and away teams and its season.

    A rated result is read in one query (``_read_around``): the fixture's old rows,
    the league's rows from its place on, and its subjects' rows before it."""
    league_id = fixture.season.league_id
    _lock_league(league_id)
    new = _match_of(fixture)
    befores: dict[Key, Rating] | None = None
    if new is not None:
        old_rows, sequence, befores = _read_around(league_id, new)
    else:
        old_rows = list(RatingChange.objects.filter(fixture_id=fixture.pk))
    old_position = (old_rows[0].played_at, fixture.pk) if old_rows else None
    if new is None and old_position is None:
        return
    new_position = new.position if new is not None else None
    starts = [p for p in (old_position, new_position) if p is not None]
    start = min(starts)
    # At the old place, the old rows' subjects stand as they did before the match.
    reset = {Slot(r.subject, r.side, r.team_id, r.coach_id).key: before_of(r) for r in old_rows}
    if old_rows:
        RatingChange.objects.filter(fixture_id=fixture.pk).delete()
    if new is None or start != new_position:  # rows from an earlier place are wanted
        sequence = _stored_matches(league_id, start, fixture.pk)
        befores = None
    if new is not None:
        sequence.append(new)
        sequence.sort(key=lambda m: m.position)
    _replay(league_id, sequence, new, old_position, reset, befores)


def _lock_league(league_id: int) -> None:
    """The league's row locked: the league's ratings change one at a time."""
    League.objects.select_for_update().filter(pk=league_id).values_list("pk").first()


def _read_around(
    league_id: int, new: Match
) -> tuple[list[RatingChange], list[Match], dict[Key, Rating]]:
    """In one query: the fixture's stored rows, the league's rated matches from the new
    match's place on (as ``_stored_matches``) and its subjects' ratings just before it
    (as ``_latest_befores``: each subject's latest row before it, read alone by a
    subquery, so the query reads a few rows however long the league has played)."""
    when, fixture_id = new.position
    keys = [slot.key for slot in new.slots]
    earlier = Q(played_at__lt=when) | Q(played_at=when, fixture_id__lt=fixture_id)
    wanted = (
        Q(fixture_id=fixture_id)
        | Q(played_at__gt=when)
        | Q(played_at=when, fixture_id__gt=fixture_id)
    )
    for subject, subject_id in keys:
        column = "team_id" if subject == TEAM else "coach_id"
        latest = (
            RatingChange.objects.filter(earlier, league_id=league_id, subject=subject)
            .filter(**{column: subject_id})
            .exclude(fixture_id=fixture_id)
            .order_by("-played_at", "-fixture_id")
            .values("pk")[:1]
        )
        wanted |= Q(pk=Subquery(latest))
    rows = RatingChange.objects.filter(wanted, league_id=league_id).order_by(
        "played_at", "fixture_id", "subject", "side"
    )
    old_rows: list[RatingChange] = []
    later: list[RatingChange] = []
    found: dict[Key, Rating] = {}
    for row in rows:
        if row.fixture_id == fixture_id:
            old_rows.append(row)
        elif (row.played_at, row.fixture_id) > (when, fixture_id):
            later.append(row)
        else:  # one row per subject: its latest before the match
            found[Slot(row.subject, row.side, row.team_id, row.coach_id).key] = after_of(row)
    return old_rows, _as_matches(later), {key: found.get(key, NEW_PLAYER) for key in keys}


def _replay(
    league_id: int,
    sequence: list[Match],
    new: Match | None,
    old_position: Position | None,
    reset: dict[Key, Rating],
    befores: dict[Key, Rating] | None = None,
) -> None:
    """Re-rate, in order, the new match and every match of a subject whose rating the
    change moved (``state`` holds those); write what changed. ``befores``: the new
    match's subjects' ratings just before it, when read already."""
    state: dict[Key, Rating] = {}
    changed: list[RatingChange] = []
    created: list[RatingChange] = []
    reset_done = old_position is None
    for match in sequence:
        if not reset_done and old_position is not None and match.position > old_position:
            state = {**reset, **state}
            reset_done = True
        if match is not new and not any(s.key in state for s in match.slots):
            continue
        before = {s.key: before_of(s.row) for s in match.slots if s.row is not None}
        unknown = [s.key for s in match.slots if s.row is None and s.key not in state]
        if unknown and befores is not None:  # the new match, its subjects read with it
            before.update({key: befores[key] for key in unknown})
        elif unknown:  # the new match: its subjects' latest ratings before it
            before.update(_latest_befores(league_id, match, unknown))
        before.update({s.key: state[s.key] for s in match.slots if s.key in state})
        after = _rate(match, before)
        for slot in match.slots:
            if slot.row is not None and after_of(slot.row) == after[slot.key]:
                state.pop(slot.key, None)  # moved no further: what follows stands
            else:
                state[slot.key] = after[slot.key]
            row = _row(league_id, match, slot, before[slot.key], after[slot.key])
            (changed if slot.row is not None else created).append(row)
    RatingChange.objects.bulk_update(changed, [*RATING_FIELDS, "updated_at"])
    RatingChange.objects.bulk_create(created)


def rated_fixtures(league: League | int) -> Iterable[Fixture]:
    league_id = league.pk if isinstance(league, League) else league
    return (
        Fixture.objects.filter(season__league_id=league_id, status__in=RATED_STATUSES)
        .select_related("home", "away")
        .order_by("played_at", "id")
    )


def rebuild_league_ratings(league: League | int) -> int:
    """Rate the league from scratch from its fixtures; the number of rated matches."""
    league_id = league.pk if isinstance(league, League) else league
    with transaction.atomic():
        _lock_league(league_id)
        RatingChange.objects.filter(league_id=league_id).delete()
        matches = [m for m in map(_match_of, rated_fixtures(league_id)) if m is not None]
        matches.sort(key=lambda m: m.position)
        state: dict[Key, Rating] = {}
        rows = []
        for match in matches:
            before = {s.key: state.get(s.key, NEW_PLAYER) for s in match.slots}
            after = _rate(match, before)
            state.update(after)
            rows += [_row(league_id, match, s, before[s.key], after[s.key]) for s in match.slots]
        RatingChange.objects.bulk_create(rows, batch_size=500)
    return len(matches)
