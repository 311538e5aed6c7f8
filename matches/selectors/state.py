"""One typed read of a match per request: ``match_state(match, user)``.

A match page, its live poll and its actions need the same things: the match with its
fixture, both teams, season and league, the league's ruleset, the current report, the
step the match is at, whose decision it waits for, and what the requesting user may
do. ``match_state`` reads them once (the match with its fixture, teams, coaches,
season and league in one query; the current report in a second, only once one was
submitted; the league's commissioners in a third, only when a question needs them)
and the pages and views pass the ``MatchState`` on instead of asking again. The services
lock the match row themselves and ask the same questions of what they read after the
lock (``state_of``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django.utils import timezone

from core.types import Actor
from leagues.models import Fixture, League, Season
from matches.models import Confirmation, Match, Report
from matches.permissions import CORRECT, PLAY, coached_sides
from matches.selectors.reads import MATCH_RELATED
from matches.selectors.words import engine_ruleset
from rules_engine import Ruleset
from teams.models import Team

SIDES = ("home", "away")
# A match at these steps has a current report to read.
WITH_REPORT = (
    Match.Status.CONFIRMING,
    Match.Status.REPORT_SUBMITTED,
    Match.Status.POST_GAME,
    Match.Status.CLOSED,
)


@dataclass(frozen=True)
class MatchPermissions:
    """What the user may do with the match, for the buttons a page shows."""

    play: bool
    correct: bool
    sides: tuple[str, ...]


@dataclass(frozen=True)
class MatchState:
    """A match as one request sees it, and what the requesting user may do with it.

    ``step``: the match's status; ``waiting_on``: the sides whose decision the
    pre-game or the post-game waits for (in order, each once); ``coached``: the sides
    the user coaches. What the user may do is worked out when first asked, and only
    as far as needed (a coach's own side needs no look at the league's commissioners):
    ``commissioner`` (he commissions the league, or is a superuser, and so may answer
    for either side), ``can_play`` (run the match: either coach, a commissioner),
    ``can_report`` (tap events and submit the report, in play), ``is_opponent`` (a
    coach of the match who did not submit the report), ``can_confirm``,
    ``can_dispute``, ``can_send_back`` (the submitted report's buttons) and
    ``can_correct`` (correct a confirmed report: a commissioner)."""

    match: Match
    fixture: Fixture
    home: Team
    away: Team
    season: Season
    league: League
    ruleset: Ruleset | None
    report: Report | None
    step: str
    waiting_on: tuple[str, ...]
    coached: tuple[str, ...]
    user: Actor | None

    @cached_property
    def signed_in(self) -> bool:
        return self.user is not None and bool(getattr(self.user, "is_authenticated", False))

    @cached_property
    def commissioner(self) -> bool:
        return self.signed_in and self.user is not None and self.user.has_perm(CORRECT, self.match)

    @cached_property
    def can_play(self) -> bool:
        if not self.signed_in or self.user is None:
            return False
        return bool(self.coached) or self.user.has_perm(PLAY, self.match)

    @property
    def can_report(self) -> bool:
        return self.step == Match.Status.IN_PLAY and self.can_play

    @property
    def is_opponent(self) -> bool:
        report = self.report
        if report is None or not self.coached:
            return False
        return getattr(self.user, "pk", None) != report.submitted_by_id

    @property
    def confirming(self) -> bool:
        return self.step == Match.Status.CONFIRMING and self.report is not None

    @property
    def can_confirm(self) -> bool:
        if not self.confirming or self.report is None:
            return False
        if self.is_opponent:
            return True
        deadline = self.report.confirm_deadline
        past_deadline = deadline is None or timezone.now() >= deadline
        disputed = self.report.confirmation == Confirmation.DISPUTED
        return (disputed or past_deadline) and self.commissioner

    @property
    def can_dispute(self) -> bool:
        report = self.report
        disputed = report is not None and report.confirmation == Confirmation.DISPUTED
        return self.confirming and self.is_opponent and not disputed

    @property
    def can_send_back(self) -> bool:
        return self.confirming and self.commissioner

    @property
    def can_correct(self) -> bool:
        reported = self.report is not None and self.step in WITH_REPORT[1:]
        return reported and self.commissioner

    @property
    def teams(self) -> dict[str, Team]:
        return {"home": self.home, "away": self.away}

    @property
    def team_names(self) -> dict[str, str]:
        return {"home": self.home.name, "away": self.away.name}

    @property
    def perms(self) -> MatchPermissions:
        """The page's buttons: ``play``, ``correct`` (a commissioner) and ``sides``."""
        return MatchPermissions(play=self.can_play, correct=self.commissioner, sides=self.coached)

    def may_answer_for(self, side: str) -> bool:
        """A side's events and decisions are its coach's or a commissioner's."""
        return side in self.coached or self.commissioner

    @property
    def answerable(self) -> tuple[str, ...]:
        """The sides whose events and decisions the user may record."""
        return tuple(side for side in SIDES if self.may_answer_for(side))

    @property
    def your_turn(self) -> tuple[str, ...]:
        """The sides waited on whose decision the user may make."""
        return tuple(side for side in self.waiting_on if self.may_answer_for(side))


def match_state(match: Match | int, user: Actor | None) -> MatchState:
    """The match (an id, or a row read with ``MATCH_RELATED``) as ``user`` sees it.
    Match.DoesNotExist if there is none."""
    if not isinstance(match, Match):
        match = Match.objects.select_related(*MATCH_RELATED).get(pk=match)
    report = None
    if match.status in WITH_REPORT:
        report = (
            Report.objects.filter(match=match, is_current=True)
            .select_related("submitted_by")
            .first()
        )
    return state_of(match, report, user)


def permissions(user: Actor | None, match: Match) -> MatchPermissions:
    """The buttons of a match (read with its fixture, teams and league) for ``user``."""
    return state_of(match, None, user).perms


def state_of(match: Match, report: Report | None, user: Actor | None) -> MatchState:
    """The state of a match and its current report as already read."""
    fixture = match.fixture
    signed_in = user is not None and bool(getattr(user, "is_authenticated", False))
    return MatchState(
        match=match,
        fixture=fixture,
        home=fixture.home,
        away=fixture.away,
        season=fixture.season,
        league=fixture.season.league,
        ruleset=engine_ruleset(match),
        report=report,
        step=match.status,
        waiting_on=_waiting_on(match, report),
        coached=coached_sides(user, match) if signed_in else (),
        user=user,
    )


def _waiting_on(match: Match, report: Report | None) -> tuple[str, ...]:
    stored: dict[str, Any] = {}
    if match.status == Match.Status.PRE_GAME:
        stored = match.pre_game_result or {}
    elif match.status == Match.Status.REPORT_SUBMITTED and report is not None:
        stored = report.post_game_result or {}
    return tuple(dict.fromkeys(choice["side"] for choice in stored.get("pending", [])))
