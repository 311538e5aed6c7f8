"""Kick-off times: the coaches of a fixture agree when they play it.

A coach of either team proposes one or more times (``propose_kickoffs``), each in the
future and before the fixture's deadline; the other team's coach accepts one
(``accept_kickoff``: the fixture's ``kickoff_at``, the other open proposals declined)
or declines it (``decline_kickoff``); the coach who proposed a time may withdraw it
(``withdraw_kickoff``). A commissioner sets the kick-off directly, or clears it
(``set_kickoff``), and sets the league's time zone (``set_time_zone``).

A deadline is a date: it ends at midnight at the end of that day in the league's
time zone (``deadline_end``). Pages take times in the league's time zone
(``from_league_time``), the API as ISO 8601 with an offset; both are stored in UTC.
Every change is an audit row (``teams.audit.log_action``), which bumps the league's
and both teams' versions so cached pages refresh.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from core.types import Actor
from core.validators import known_time_zone
from leagues.errors import LeagueError
from leagues.models import Fixture, KickoffSlot, League
from leagues.services import deadlines
from leagues.services._common import (
    lock_fixture,
    log_fixture_change,
    require_commissioner,
    status_words,
)
from rules_engine.wording import say, say_plural
from teams.audit import log_action

# A fixture takes at most this many proposals at once, and keeps at most this many
# open: enough to offer a week of evenings, few enough to read on a phone.
MAX_OPEN_SLOTS = 10

Slot = KickoffSlot


# One rule for when a deadline passes, shared with the sweep that acts on it.
league_zone = deadlines.league_zone
fixture_deadline = deadlines.deadline_of


def deadline_end(fixture: Fixture, league: League) -> datetime.datetime | None:
    """The moment the fixture's deadline passes: midnight at the end of its day, in
    the league's time zone (None: no deadline)."""
    day = fixture_deadline(fixture)
    return None if day is None else deadlines.deadline_passes_at(day, league_zone(league))


def in_league_time(moment: datetime.datetime, league: League) -> datetime.datetime:
    return moment.astimezone(league_zone(league))


def when(moment: datetime.datetime, league: League) -> str:
    """ "Sat 5 Dec 2026, 19:00 (Europe/Paris)": a time as the league reads it."""
    local = in_league_time(moment, league)
    # Day and month names in the active language (Django's formats), as every page's.
    return f"{date_format(local, 'D j M Y, H:i')} ({league.time_zone})"


def when_stored(moment: datetime.datetime, league: League) -> str:
    """ "2026-12-05 19:00 (Europe/Paris)": a time inside a stored line, written so that
    it reads the same in every language (no day or month names)."""
    local = in_league_time(moment, league)
    return f"{local:%Y-%m-%d %H:%M} ({league.time_zone})"


def from_league_time(local: datetime.datetime, league: League) -> datetime.datetime:
    """A time read on a clock in the league's time zone (a page's datetime-local
    input), as an aware datetime. A time the clocks skip when they go forward is
    refused; one they pass twice when they go back is the first of the two."""
    if local.tzinfo is not None:
        return local
    zone = league_zone(league)
    aware = local.replace(tzinfo=zone, fold=0)
    back = aware.astimezone(datetime.UTC).astimezone(zone)
    if back.replace(tzinfo=None) != local:
        raise LeagueError(
            _(
                "%(time)s on %(date)s does not exist in %(time_zone)s: "
                "the clocks go forward then. Choose another time."
            )
            % {
                "time": f"{local:%H:%M}",
                "date": date_format(local, "j F Y"),
                "time_zone": league.time_zone,
            }
        )
    return aware


def _error(messages: str | list[str], field: str) -> LeagueError:
    """A refusal about one input (a page puts it beside that field)."""
    error = LeagueError(messages)
    error.field = field  # type: ignore[attr-defined]  # read by core.errors.add_errors
    return error


def _league(fixture: Fixture) -> League:
    return fixture.season.league


def _coached_side(actor: Actor, fixture: Fixture) -> int | None:
    """The team of the fixture the actor coaches (the home team for a coach of both)."""
    if actor is None or not actor.is_authenticated:
        return None
    if fixture.home.coach_id == actor.pk:
        return fixture.home_id
    if fixture.away.coach_id == actor.pk:
        return fixture.away_id
    return None


# A proposed time's status as a sentence reads it ("is accepted already").
SLOT_STATUS_IN_SENTENCE: dict[str, Any] = {
    Slot.Status.OPEN: pgettext_lazy("kick-off time status in a sentence", "proposed"),
    Slot.Status.ACCEPTED: pgettext_lazy("kick-off time status in a sentence", "accepted"),
    Slot.Status.DECLINED: pgettext_lazy("kick-off time status in a sentence", "declined"),
    Slot.Status.WITHDRAWN: pgettext_lazy("kick-off time status in a sentence", "withdrawn"),
}


def _require_open(fixture: Fixture, *, one: bool = False) -> None:
    """A fixture still to play (a deadline passed refuses every time by itself:
    moved later, it takes times again)."""
    if not fixture.is_open:
        raise LeagueError(
            (
                _(
                    "%(fixture)s is %(status)s: only a fixture still to play can take a "
                    "kick-off time."
                )
                if one
                else _(
                    "%(fixture)s is %(status)s: only a fixture still to play can take kick-off "
                    "times."
                )
            )
            % {"fixture": fixture, "status": status_words(fixture)}
        )
    if Fixture.objects.filter(pk=fixture.pk, match__isnull=False).exists():
        raise LeagueError(
            _("The match %(fixture)s is under way: its kick-off is past agreeing.")
            % {"fixture": fixture}
        )


def _time_problems(
    starts_at: datetime.datetime, fixture: Fixture, now: datetime.datetime
) -> list[str]:
    league = _league(fixture)
    problems = []
    if starts_at <= now:
        problems.append(
            _("%(when)s has passed: choose a time in the future.")
            % {"when": when(starts_at, league)}
        )
    end = deadline_end(fixture, league)
    deadline = fixture_deadline(fixture)
    if end is not None and deadline is not None and starts_at >= end:
        problems.append(
            _(
                "%(when)s is after the deadline (%(deadline)s, until midnight): choose an "
                "earlier time, or ask a commissioner to move the deadline."
            )
            % {"when": when(starts_at, league), "deadline": date_format(deadline, "D j M Y")}
        )
    return problems


def _agreed_problem(fixture: Fixture) -> str | None:
    if fixture.kickoff_at is None:
        return None
    agreed = when(fixture.kickoff_at, _league(fixture))
    return _(
        "The kick-off of %(fixture)s is agreed already: %(agreed)s. Ask a commissioner to "
        "change it."
    ) % {"fixture": fixture, "agreed": agreed}


@transaction.atomic
def propose_kickoffs(
    actor: Actor, fixture: Fixture, starts_at: Sequence[datetime.datetime]
) -> list[KickoffSlot]:
    """A coach of either team proposes kick-off times for the fixture (aware
    datetimes). Each is refused (every reason at once, nothing saved) when it has
    passed, is after the fixture's deadline, is proposed already, or the kick-off is
    agreed already; a time proposed before and declined or withdrawn opens again."""
    fixture, _season = _locked(fixture)
    team_id = _coached_side(actor, fixture)
    if team_id is None:
        raise PermissionDenied(
            _(
                "Only the coaches of %(home)s and %(away)s propose "
                "kick-off times; a commissioner sets one directly."
            )
            % {"home": fixture.home.name, "away": fixture.away.name}
        )
    _require_open(fixture)
    if agreed := _agreed_problem(fixture):
        raise LeagueError(agreed)
    times = list(starts_at)
    if not times:
        raise _error(_("Give at least one kick-off time."), "starts_at")
    if any(t.tzinfo is None for t in times):
        raise _error(_("Give each time with its offset from UTC."), "starts_at")
    times = [t.astimezone(datetime.UTC).replace(second=0, microsecond=0) for t in times]
    league = _league(fixture)
    now = timezone.now()
    problems: list[str] = []
    for t in times:
        problems += _time_problems(t, fixture, now)
    if len(set(times)) < len(times):
        problems.append(_("The same time is given twice: give each time once."))
    existing = {s.starts_at: s for s in fixture.kickoff_slots.select_for_update()}
    open_now = sum(1 for s in existing.values() if s.status == Slot.Status.OPEN)
    for t in sorted(set(times)):
        slot = existing.get(t)
        if slot is not None and slot.status == Slot.Status.OPEN:
            problems.append(_("%(when)s is proposed already.") % {"when": when(t, league)})
    if open_now + len(set(times)) > MAX_OPEN_SLOTS:
        problems.append(
            _(
                "A fixture keeps at most %(max_open_slots)s proposed times at once "
                "(%(open_now)s open now): withdraw some first."
            )
            % {"max_open_slots": MAX_OPEN_SLOTS, "open_now": open_now}
        )
    if problems:
        raise _error(problems, "starts_at")
    slots = []
    for t in sorted(set(times)):
        slot = existing.get(t) or KickoffSlot(fixture=fixture, starts_at=t)
        slot.proposed_by_team_id = team_id
        slot.proposed_by = actor if actor.is_authenticated else None
        slot.status = Slot.Status.OPEN
        slot.answered_at = None
        slot.save()
        slots.append(slot)
    team = fixture.home if team_id == fixture.home_id else fixture.away
    listed = "; ".join(when_stored(s.starts_at, league) for s in slots)
    log_fixture_change(
        actor,
        "fixture.propose_kickoff",
        say_plural(
            "{team} proposed a kick-off time for {fixture}: {times}.",
            "{team} proposed kick-off times for {fixture}: {times}.",
            len(slots),
            team=team.name,
            fixture=str(fixture),
            times=listed,
        ),
        fixture,
        slots=[s.pk for s in slots],
        starts_at=[s.starts_at.isoformat() for s in slots],
        reopened=[s.pk for s in slots if s.pk in {e.pk for e in existing.values()}],
    )
    return slots


@transaction.atomic
def accept_kickoff(actor: Actor, slot: KickoffSlot | int) -> KickoffSlot:
    """The other team's coach accepts a proposed time: it is the fixture's kick-off,
    and the other times still proposed are declined."""
    slot, fixture = _locked_slot(slot)
    _require_answerer(actor, slot, fixture, decline=False)
    _require_open(fixture)
    _require_slot_open(slot, fixture)
    if agreed := _agreed_problem(fixture):
        raise LeagueError(agreed)
    if problems := _time_problems(slot.starts_at, fixture, timezone.now()):
        raise LeagueError(problems)
    now = timezone.now()
    others = fixture.kickoff_slots.filter(status=Slot.Status.OPEN).exclude(pk=slot.pk)
    declined = list(others.values_list("pk", flat=True))
    others.update(status=Slot.Status.DECLINED, answered_at=now)
    slot.status, slot.answered_at = Slot.Status.ACCEPTED, now
    slot.save(update_fields=["status", "answered_at"])
    fixture.kickoff_at = slot.starts_at
    fixture.save(update_fields=["kickoff_at", "updated_at"])
    league = _league(fixture)
    log_fixture_change(
        actor,
        "fixture.accept_kickoff",
        say(
            "Kick-off of {fixture} agreed: {time}.",
            fixture=str(fixture),
            time=when_stored(slot.starts_at, league),
        ),
        fixture,
        slot=slot.pk,
        kickoff_at=slot.starts_at.isoformat(),
        declined=declined,
    )
    return slot


@transaction.atomic
def decline_kickoff(actor: Actor, slot: KickoffSlot | int) -> KickoffSlot:
    """The other team's coach declines a proposed time."""
    slot, fixture = _locked_slot(slot)
    _require_answerer(actor, slot, fixture, decline=True)
    _require_slot_open(slot, fixture)
    return _close(actor, slot, fixture, Slot.Status.DECLINED)


@transaction.atomic
def withdraw_kickoff(actor: Actor, slot: KickoffSlot | int) -> KickoffSlot:
    """The coach of the team that proposed a time withdraws it."""
    slot, fixture = _locked_slot(slot)
    proposer = fixture.home if slot.proposed_by_team_id == fixture.home_id else fixture.away
    if actor is None or not actor.is_authenticated or proposer.coach_id != actor.pk:
        raise PermissionDenied(
            _("Only the coach of %(proposer)s, who proposed it, may withdraw it.")
            % {"proposer": proposer.name}
        )
    _require_slot_open(slot, fixture)
    return _close(actor, slot, fixture, Slot.Status.WITHDRAWN)


@transaction.atomic
def set_kickoff(actor: Actor, fixture: Fixture, starts_at: datetime.datetime | None) -> Fixture:
    """A commissioner sets the fixture's kick-off (an aware datetime, in the future
    and before its deadline), or clears it (None). The times still proposed are
    declined; a proposal of the same time is the accepted one."""
    require_commissioner(
        actor, fixture, _("Only a commissioner of %(league)s may set kick-off times.")
    )
    fixture, _season = _locked(fixture)
    _require_open(fixture, one=True)
    if starts_at is not None:
        if starts_at.tzinfo is None:
            raise _error(_("Give the time with its offset from UTC."), "kickoff_at")
        starts_at = starts_at.astimezone(datetime.UTC).replace(second=0, microsecond=0)
        if problems := _time_problems(starts_at, fixture, timezone.now()):
            raise _error(problems, "kickoff_at")
    before = fixture.kickoff_at
    if before == starts_at:
        return fixture
    now = timezone.now()
    slots = fixture.kickoff_slots.select_for_update()
    slots.filter(status=Slot.Status.ACCEPTED).update(status=Slot.Status.DECLINED, answered_at=now)
    if starts_at is not None:
        slots.filter(status=Slot.Status.OPEN).exclude(starts_at=starts_at).update(
            status=Slot.Status.DECLINED, answered_at=now
        )
        slots.filter(starts_at=starts_at).update(status=Slot.Status.ACCEPTED, answered_at=now)
    fixture.kickoff_at = starts_at
    fixture.save(update_fields=["kickoff_at", "updated_at"])
    league = _league(fixture)
    after_text = when_stored(starts_at, league) if starts_at else say("none")
    before_text = when_stored(before, league) if before else say("none")
    log_fixture_change(
        actor,
        "fixture.set_kickoff",
        say(
            "Kick-off of {fixture} set by a commissioner: {after} (was {before}).",
            fixture=str(fixture),
            after=after_text,
            before=before_text,
        ),
        fixture,
        before=before.isoformat() if before else None,
        after=starts_at.isoformat() if starts_at else None,
    )
    return fixture


def set_time_zone(actor: Actor, league: League, time_zone: str) -> League:
    """A commissioner sets the league's time zone (an IANA name such as
    Europe/Paris): deadlines end at its midnight, times show on its clocks."""
    require_commissioner(
        actor, league, _("Only a commissioner of %(league)s may change the league's time zone.")
    )
    time_zone = (time_zone or "").strip()
    try:
        known_time_zone(time_zone)
    except ValidationError as error:
        raise _error(list(error.messages), "time_zone") from None
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        before = league.time_zone
        if before == time_zone:
            return league
        league.time_zone = time_zone
        league.save(update_fields=["time_zone"])
        log_action(
            actor,
            "league.time_zone",
            say(
                "{league}'s time zone is now {time_zone} (was {before}).",
                league=league.name,
                time_zone=time_zone,
                before=before,
            ),
            league=league,
            before=before,
            after=time_zone,
        )
    return league


# --- locking -------------------------------------------------------------------------


def _locked(fixture: Fixture | int) -> tuple[Fixture, Any]:
    return lock_fixture(fixture)


def _locked_slot(slot: KickoffSlot | int) -> tuple[KickoffSlot, Fixture]:
    """The slot's fixture (its season first), then the slot, locked."""
    slot_id = slot.pk if isinstance(slot, KickoffSlot) else slot
    fixture_id = KickoffSlot.objects.values_list("fixture_id", flat=True).get(pk=slot_id)
    fixture, _season = _locked(fixture_id)
    locked = KickoffSlot.objects.select_for_update().get(pk=slot_id)
    return locked, fixture


def _require_answerer(actor: Actor, slot: KickoffSlot, fixture: Fixture, *, decline: bool) -> None:
    other = fixture.away if slot.proposed_by_team_id == fixture.home_id else fixture.home
    if actor is None or not actor.is_authenticated or other.coach_id != actor.pk:
        raise PermissionDenied(
            (
                _("Only the coach of %(other)s, the other team, may decline this time.")
                if decline
                else _("Only the coach of %(other)s, the other team, may accept this time.")
            )
            % {"other": other.name}
        )


def _require_slot_open(slot: KickoffSlot, fixture: Fixture) -> None:
    if slot.status != Slot.Status.OPEN:
        raise LeagueError(
            _("%(when)s is %(status)s already: there is nothing to answer.")
            % {
                "when": when(slot.starts_at, _league(fixture)),
                "status": SLOT_STATUS_IN_SENTENCE.get(slot.status, slot.get_status_display()),
            }
        )


def _close(actor: Actor, slot: KickoffSlot, fixture: Fixture, status: str) -> KickoffSlot:
    slot.status, slot.answered_at = status, timezone.now()
    slot.save(update_fields=["status", "answered_at"])
    declined = status == Slot.Status.DECLINED
    values = {"fixture": str(fixture), "time": when_stored(slot.starts_at, _league(fixture))}
    log_fixture_change(
        actor,
        f"fixture.{'decline' if declined else 'withdraw'}_kickoff",
        say("Kick-off time declined for {fixture}: {time}.", **values)
        if declined
        else say("Kick-off time withdrawn for {fixture}: {time}.", **values),
        fixture,
        slot=slot.pk,
        starts_at=slot.starts_at.isoformat(),
    )
    return slot
