"""Deadlines that act: a league fixture left unplayed when its deadline passes is
settled by the rules, or held for the commissioner.

A fixture's deadline is its own (``Fixture.deadline``), else its round's; it passes at
midnight at the end of that day in the league's time zone (``League.time_zone``).
Celery beat runs ``act_on_deadlines`` every five minutes (task
``leagues.act_on_deadlines``; cron users run the ``act_on_deadlines`` command). It
finds the open (scheduled or postponed) league fixtures of a season in its regular
season whose deadline has passed, and acts on each in a transaction of its own, with
the season and the fixture locked and every condition read again under the lock:

- **Settled by the rules** where the league applies them (its house rules'
  ``unplayed_fixtures`` is "apply", as for a league without house rules) and its
  edition says what an unplayed fixture becomes (``Edition.unplayed_fixture``):
  BB2020 and BB2025 a loss for both (BB2025 facts section 9, decision 13.4: no MVP,
  no winnings, Dedicated Fans rolled as for a loss, a missed game served). It is
  settled exactly as the commissioner's "unplayed" forfeit settles it
  (``forfeits.settle_unplayed_at_deadline``), so ``correct_forfeit`` and
  ``undo_forfeit`` take it back the same way.
- **Held for the commissioner** where the league holds unplayed fixtures, where the
  edition's rules say nothing of them (the classic sheet, Blitz Bowl), or where a match
  has begun for the fixture and is not closed (pre-game, in play, or reported and not
  through its post-game). A begun match is the coaches playing the fixture: a loss for
  both would throw their game away, and leave its match unable to finish (a settled
  fixture takes no report), while the dice it rolled and the inducements it paid
  stay. So the fixture stays open (the match may still close it) and the commissioner
  decides: let it finish, award a forfeit, or move the deadline.

Either way the fixture's ``deadline_passed_at`` is set and one audit row
("fixture.deadline_passed", its message beginning "Deadline passed") is written with
no user as its actor: the system, which the history shows as "Dugout" and the API as
a null actor; its data says ``"by": "deadline"``.

**Once per deadline.** The sweep acts on a fixture not acted on since its current
deadline passed (``deadline_passed_at`` empty, or earlier than the moment that
deadline passed). A second run, or a second sweep at the same time (it gets the locks
after the first has marked the row), finds nothing to do. After ``undo_forfeit`` the
fixture is open again but keeps ``deadline_passed_at``: the sweep leaves it alone and
the pages show it waiting for the commissioner, who awards another forfeit, lets the
coaches play it, or moves its deadline later (``reschedule_fixture``, or the round's
deadline): that re-arms it, and the new deadline acts when it passes.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.db import transaction
from django.db.models import QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_lazy

from leagues.models import Fixture, HouseRules, League, Season
from leagues.services._common import RESULT_PHASES, lock_fixture
from leagues.services.forfeits import settle_unplayed_at_deadline
from rules_engine.dice import Dice
from rules_engine.edition import LOSS_FOR_BOTH
from rules_engine.editions import edition_for
from rules_engine.wording import Wording, say
from teams.audit import log_action

logger = logging.getLogger(__name__)

# The audit action of a deadline acting on a fixture.
DEADLINE_ACTION = "fixture.deadline_passed"
# What settles, and what a page says of a fixture settled, by ``Edition.unplayed_fixture``.
# OUTCOME_TEXT is the audit line's (a sentence, read in its reader's language); the notes
# are the pages'.
OUTCOME_TEXT = {LOSS_FOR_BOTH: say("a loss for both")}
SETTLED_NOTES = {LOSS_FOR_BOTH: gettext_lazy("Deadline passed: settled as a loss for both.")}
HELD_NOTE = gettext_lazy("Deadline passed: waiting for the commissioner's decision.")
# Why a fixture is held (the audit row's ``reason`` and the end of its message).
HELD_BY_HOUSE_RULES = "house_rules"
HELD_BY_SILENT_RULES = "rules_silent"
HELD_BY_MATCH = "match_begun"
HELD_AT_START = "held_at_start"
# The stored value of the matches app's status of a match opened and not begun (the
# matches app sits above this one: read through the fixture's reverse relation).
MATCH_NOT_BEGUN = "scheduled"
# No time zone is further ahead of UTC (Pacific/Kiritimati): a deadline day on or after
# UTC's date this far ahead has not ended anywhere.
LATEST_OFFSET = timedelta(hours=14)


@dataclass
class DeadlineSweep:
    """What one run did: the ids of the fixtures settled by the rules and held for the
    commissioner, and of those it could not act on (logged; the next run tries again)."""

    settled: list[int] = field(default_factory=list)
    held: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return (
            f"{len(self.settled)} fixture(s) settled by the rules, {len(self.held)} held "
            f"for the commissioner, {len(self.failed)} failed."
        )


# --- when a deadline passes ---------------------------------------------------------------


def league_zone(league: League) -> ZoneInfo:
    """The league's time zone (UTC for a name the system does not know)."""
    try:
        return ZoneInfo(league.time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def deadline_of(fixture: Fixture) -> date | None:
    """The fixture's deadline: its own, else its round's, else none."""
    if fixture.deadline is not None:
        return fixture.deadline
    fixture_round = fixture.round if fixture.round_id is not None else None
    return fixture_round.deadline if fixture_round is not None else None


def deadline_passes_at(day: date, zone: ZoneInfo) -> datetime:
    """The moment a deadline on ``day`` passes: midnight at the end of it, in ``zone``."""
    return datetime.combine(day + timedelta(days=1), time.min, tzinfo=zone)


def _passes_at(fixture: Fixture) -> datetime | None:
    day = deadline_of(fixture)
    return None if day is None else deadline_passes_at(day, league_zone(fixture.season.league))


def _acted_on(fixture: Fixture, passes_at: datetime) -> bool:
    """Whether the sweep has acted on the fixture since its current deadline passed."""
    return fixture.deadline_passed_at is not None and fixture.deadline_passed_at >= passes_at


def is_held(fixture: Fixture) -> bool:
    """An open fixture its current deadline acted on: waiting for the commissioner."""
    if not fixture.is_open or fixture.deadline_passed_at is None:
        return False
    passes_at = _passes_at(fixture)
    return passes_at is not None and _acted_on(fixture, passes_at)


def deadline_note(fixture: Fixture) -> str | None:
    """What the pages say of a fixture its deadline acted on, or None."""
    if fixture.deadline_passed_at is None:
        return None
    if fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        return str(SETTLED_NOTES[LOSS_FOR_BOTH])
    return str(HELD_NOTE) if is_held(fixture) else None


def held_fixtures(season: Season) -> list[Fixture]:
    """The season's league fixtures waiting for the commissioner since their deadline
    passed, in round order."""
    candidates = (
        season.fixtures.filter(
            kind=Fixture.Kind.LEAGUE,
            status__in=Fixture.OPEN_STATUSES,
            deadline_passed_at__isnull=False,
        )
        .select_related("home", "away", "round", "season__league")
        .order_by("round__number", "id")
    )
    return [fixture for fixture in candidates if is_held(fixture)]


# --- the sweep ------------------------------------------------------------------------------


def _due_fixtures(now: datetime) -> QuerySet[Fixture]:
    """Open league fixtures of a regular season whose deadline day has ended somewhere:
    those the sweep reads the league's time zone for."""
    return (
        Fixture.objects.filter(
            kind=Fixture.Kind.LEAGUE,
            status__in=Fixture.OPEN_STATUSES,
            season__status__in=RESULT_PHASES[Fixture.Kind.LEAGUE],
        )
        .alias(due=Coalesce("deadline", "round__deadline"))
        .filter(due__lt=(now + LATEST_OFFSET).date())
        .select_related("round", "season__league")
        .order_by("id")
    )


def act_on_deadlines(
    now: datetime | None = None, *, dice: Dice | None = None, hold_all: bool = False
) -> DeadlineSweep:
    """Act on every open league fixture whose deadline has passed and which has not been
    acted on since: settle it by the rules or hold it for the commissioner (module
    docstring). ``now``: the moment to judge by (tests); ``dice``: the dice of the
    Dedicated Fans rolls an edition's unplayed fixture makes (tests; else secret);
    ``hold_all``: hold every one for its commissioner, settling none (the command's
    ``--hold-all``, run once when deadlines begin to act on a site whose leagues have
    fixtures long past their deadline that their commissioners left open)."""
    now = now or timezone.now()
    sweep = DeadlineSweep()
    for fixture in _due_fixtures(now):
        passes_at = _passes_at(fixture)
        if passes_at is None or now < passes_at or _acted_on(fixture, passes_at):
            continue
        try:
            outcome = _act_on(fixture.pk, now, dice, hold_all=hold_all)
        except Exception:  # one fixture's failure must not stop the others' deadlines
            logger.exception("The deadline of fixture %s could not act.", fixture.pk)
            sweep.failed.append(fixture.pk)
            continue
        if outcome == "settled":
            sweep.settled.append(fixture.pk)
        elif outcome == "held":
            sweep.held.append(fixture.pk)
    if sweep.settled or sweep.held or sweep.failed:
        logger.info("Deadlines: %s", sweep)
    return sweep


def _act_on(
    fixture_id: int, now: datetime, dice: Dice | None, *, hold_all: bool = False
) -> str | None:
    """Settle or hold one fixture, everything read again under its locks; "settled",
    "held", or None where it no longer needs it (played, acted on, deadline moved)."""
    with transaction.atomic():
        fixture, season = lock_fixture(fixture_id)
        passes_at = _passes_at(fixture)
        if (
            not fixture.is_open
            or fixture.kind != Fixture.Kind.LEAGUE
            or season.status not in RESULT_PHASES[fixture.kind]
            or passes_at is None
            or now < passes_at
            or _acted_on(fixture, passes_at)
        ):
            return None
        edition = edition_for(season.ruleset or season.league.ruleset)
        outcome = edition.unplayed_fixture
        held_by = HELD_AT_START if hold_all else _held_by(fixture, outcome)
        day = deadline_of(fixture)
        when = day_said(day) if day else ""
        fixture.deadline_passed_at = now
        if held_by is None and outcome is not None:
            settle_unplayed_at_deadline(fixture, season, dice)  # saves the fixture
            message = say(
                "Deadline passed ({day}) with {fixture} unplayed: settled as {outcome}, as "
                "the rules of {edition} say.",
                day=when,
                fixture=str(fixture),
                outcome=OUTCOME_TEXT[outcome],
                edition=edition.name,
            )
        else:
            fixture.save(update_fields=["deadline_passed_at", "updated_at"])
            reasons = {
                HELD_BY_HOUSE_RULES: say("the league's house rules hold unplayed fixtures for him"),
                HELD_BY_SILENT_RULES: say(
                    "the rules of {edition} say nothing of it", edition=edition.name
                ),
                HELD_BY_MATCH: say("its match has begun and is not finished"),
                HELD_AT_START: say("it was past its deadline when deadlines began to act"),
            }
            message = say(
                "Deadline passed ({day}) with {fixture} unplayed: waiting for the "
                "commissioner's decision ({reason}).",
                day=when,
                fixture=str(fixture),
                reason=reasons[held_by or HELD_BY_SILENT_RULES],
            )
        log_action(
            None,  # the system: no user acted
            DEADLINE_ACTION,
            message,
            league=season.league_id,
            team=fixture.home_id,
            other_team=fixture.away_id,
            fixture=fixture.pk,
            by="deadline",
            deadline=day,
            outcome="held" if held_by else outcome,
            reason=held_by or "",
            status=fixture.status,
        )
    return "held" if held_by else "settled"


def day_said(day: date) -> Wording:
    """A day inside a stored line ("8 March 2026"), its month named in the reader's
    language: one whole template per month."""
    values = {"day": day.day, "year": day.year}
    return (
        say("{day} January {year}", **values),
        say("{day} February {year}", **values),
        say("{day} March {year}", **values),
        say("{day} April {year}", **values),
        say("{day} May {year}", **values),
        say("{day} June {year}", **values),
        say("{day} July {year}", **values),
        say("{day} August {year}", **values),
        say("{day} September {year}", **values),
        say("{day} October {year}", **values),
        say("{day} November {year}", **values),
        say("{day} December {year}", **values),
    )[day.month - 1]


def _held_by(fixture: Fixture, outcome: str | None) -> str | None:
    """Why the fixture waits for the commissioner rather than being settled, or None."""
    if _match_begun(fixture):
        return HELD_BY_MATCH
    if outcome not in OUTCOME_TEXT:
        return HELD_BY_SILENT_RULES
    rule = (
        HouseRules.objects.filter(league=fixture.season.league_id)
        .values_list("unplayed_fixtures", flat=True)
        .first()
    )
    if rule == HouseRules.UnplayedFixtures.HOLD:
        return HELD_BY_HOUSE_RULES
    return None


def _match_begun(fixture: Fixture) -> bool:
    """Whether a match has begun for the fixture (past its opening) and is not closed
    into its result: the fixture is still open, so it is not."""
    return (
        Fixture.objects.filter(pk=fixture.pk, match__isnull=False)
        .exclude(match__status=MATCH_NOT_BEGUN)
        .exists()
    )
