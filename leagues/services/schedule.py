"""Putting fixtures on the calendar: the season's rounds, friendlies, rescheduling."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core import versions
from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, Round, Season, SeasonFormat
from leagues.scheduling import round_deadlines, round_robin
from leagues.services._common import (
    entry_of,
    lock_fixture,
    lock_season,
    require_commissioner,
    require_status,
    status_words,
)
from rules_engine.wording import say
from teams.audit import log_action
from teams.models import Team

MIN_TEAMS_PER_DIVISION = 4  # facts §5 (p.98): at least 4 teams, divisions of at least 4
PLAYING = (Season.Status.REGULAR_SEASON, Season.Status.PLAYOFFS)


def generate_schedule(
    actor: Actor, season: Season, *, start_date: date, days_per_round: int = 7
) -> list[Fixture]:
    """Draw up the regular season and close sign-up.

    Each division plays a double round robin (a single one if the season says
    so) by the circle method; round k of every division shares one deadline,
    ``start_date + k * days_per_round`` days. Teams are taken in the order
    they were admitted. The season moves to its regular season.
    """
    require_commissioner(
        actor, season, _("Only a commissioner of %(league)s may draw up the schedule.")
    )
    if not isinstance(days_per_round, int) or days_per_round < 1:
        raise LeagueError(_("A round lasts at least one day."))
    with transaction.atomic():
        season = lock_season(season)
        require_status(
            season,
            Season.Status.SIGN_UP,
            doing=_("You can draw up the schedule only during %(allowed)s."),
        )
        by_division = _teams_by_division(season)
        double = season.format == SeasonFormat.DOUBLE_ROUND_ROBIN
        schedules = {d: round_robin(teams, double=double) for d, teams in by_division.items()}
        count = max(len(rounds) for rounds in schedules.values())
        deadlines = round_deadlines(start_date, count, days_per_round)
        rounds = Round.objects.bulk_create(
            Round(season=season, number=n, deadline=deadlines[n - 1]) for n in range(1, count + 1)
        )
        fixtures = [
            Fixture(
                season=season,
                division_id=division_id,
                round=rounds[n],
                kind=Fixture.Kind.LEAGUE,
                home=pairing.home,
                away=pairing.away,
                deadline=rounds[n].deadline,
            )
            for division_id, schedule in schedules.items()
            for n, pairings in enumerate(schedule)
            for pairing in pairings
        ]
        Fixture.objects.bulk_create(fixtures)
        season.status = Season.Status.REGULAR_SEASON
        season.save(update_fields=["status"])
        teams = season.entries.values_list("team_id", flat=True)
        versions.bump(leagues=[season.league_id], teams=teams)
    return fixtures


def _teams_by_division(season: Season) -> dict[int, list[Team]]:
    """Each division's teams in the order they were admitted; LeagueError (every
    reason) while a team waits for a division or a division is too small to play."""
    entries = list(season.entries.select_related("team", "division").order_by("created_at", "id"))
    problems: list[str] = []
    waiting = [e.team.name for e in entries if e.division_id is None]
    if waiting:
        problems.append(
            _("Admit or withdraw the teams still waiting for a division: %(teams)s.")
            % {"teams": ", ".join(waiting)}
        )
    divisions = list(season.divisions.all())
    by_division: dict[int, list[Team]] = {d.pk: [] for d in divisions}
    names = {d.pk: d.name for d in divisions}
    for entry in entries:
        if entry.division_id is not None:
            by_division[entry.division_id].append(entry.team)
    for division_id, teams in by_division.items():
        if len(teams) < MIN_TEAMS_PER_DIVISION:
            problems.append(
                ngettext(
                    "%(division)s has %(count)d team; a division needs at least %(least)s.",
                    "%(division)s has %(count)d teams; a division needs at least %(least)s.",
                    len(teams),
                )
                % {
                    "division": names[division_id],
                    "count": len(teams),
                    "least": MIN_TEAMS_PER_DIVISION,
                }
            )
    if problems:
        raise LeagueError(problems)
    return by_division


def schedule_friendly(
    actor: Actor, season: Season, *, home: Team, away: Team, deadline: date | None = None
) -> Fixture:
    """A friendly between two teams of the season, across divisions or not.

    Friendlies earn no league points (facts §5). A commissioner or the coach
    of either team may arrange one.
    """
    allowed = actor is not None and (
        actor.has_perm("leagues.manage_league", season)
        or actor.has_perm("leagues.enter_team", home)
        or actor.has_perm("leagues.enter_team", away)
    )
    if not allowed:
        raise PermissionDenied(_("Only a commissioner or one of the two coaches may arrange it."))
    if home.pk == away.pk:
        raise LeagueError(_("A team cannot play a friendly against itself."))
    with transaction.atomic():
        season = lock_season(season)
        require_status(
            season, *PLAYING, doing=_("You can arrange a friendly only during %(allowed)s.")
        )
        entry_of(season, home)
        entry_of(season, away)
        versions.bump(leagues=[season.league_id], teams=[home, away])
        return Fixture.objects.create(
            season=season, kind=Fixture.Kind.FRIENDLY, home=home, away=away, deadline=deadline
        )


def reschedule_fixture(
    actor: Actor,
    fixture: Fixture,
    *,
    deadline: date | None = None,
    round_number: int | None = None,
) -> Fixture:
    """Move a fixture not yet played to another round and/or deadline; it is postponed.

    Moving it to a round without a deadline given takes that round's deadline.
    """
    require_commissioner(
        actor, fixture, _("Only a commissioner of %(league)s may reschedule fixtures.")
    )
    if deadline is None and round_number is None:
        raise LeagueError(_("Give the fixture a new deadline or a new round."))
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        require_status(
            season, *PLAYING, doing=_("You can reschedule a fixture only during %(allowed)s.")
        )
        if not fixture.is_open:
            raise LeagueError(
                _(
                    "%(fixture)s is already settled (%(status)s); "
                    "only a fixture still to play can be rescheduled."
                )
                % {"fixture": fixture, "status": status_words(fixture)}
            )
        before: dict[str, Any] = {"round": fixture.round.number if fixture.round else None}
        before.update(deadline=fixture.deadline, status=fixture.status)
        if round_number is not None:
            try:
                fixture.round = season.rounds.get(number=round_number)
            except Round.DoesNotExist:
                raise LeagueError(
                    _("%(season)s has no round %(round_number)s.")
                    % {"season": season, "round_number": round_number}
                ) from None
            if deadline is None:
                deadline = fixture.round.deadline
        fixture.deadline = deadline
        fixture.status = Fixture.Status.POSTPONED
        fixture.save(update_fields=["round", "deadline", "status", "updated_at"])
        after: dict[str, Any] = {"round": fixture.round.number if fixture.round else None}
        after.update(deadline=fixture.deadline, status=fixture.status)
        log_action(
            actor,
            "fixture.reschedule",
            say(
                "Rescheduled {fixture}: round {round}, deadline {deadline} (was round "
                "{was_round}, deadline {was_deadline}).",
                fixture=str(fixture),
                round=after["round"] or "-",
                deadline=str(after["deadline"]) if after["deadline"] else say("none"),
                was_round=before["round"] or "-",
                was_deadline=str(before["deadline"]) if before["deadline"] else say("none"),
            ),
            league=season.league_id,
            team=fixture.home_id,
            other_team=fixture.away_id,
            fixture=fixture.pk,
            before=before,
            after=after,
        )
        return fixture
