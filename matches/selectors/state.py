"""One typed read of a match per request: ``match_state(match, user)``.

A match page, its live poll and its actions need the same things: the match with its
fixture, both teams, season and league, the league's ruleset, the current report, the
step the match is at, whose decision it waits for, and what the requesting user may
do. ``match_state`` reads them once (the match with its fixture, teams, coaches,
season and league in one query; the current report in a second, only once one was
submitted; the league's commissioners in a third, only for a signed-in user who
coaches neither team) and the pages and views pass the ``MatchState`` on instead of
asking again. The services lock the match row themselves and check the same rules
(``matches.permissions``) on what they locked.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from core.types import Actor
from leagues.models import Fixture, League, Season
from matches.models import Confirmation, Match, Report
from matches.permissions import CORRECT, PLAY, coached_sides
from matches.selectors.reads import MATCH_RELATED, MatchPermissions
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
class MatchState:
    """A match as one request sees it, and what the requesting user may do with it.

    ``step``: the match's status; ``waiting_on``: the sides whose decision the
    pre-game or the post-game waits for (in order, each once); ``coached``: the sides
    the user coaches. ``can_play``: run the match (either coach, a commissioner);
    ``can_report``: tap events and submit the report (in play); ``can_confirm``,
    ``can_dispute``, ``can_send_back``: the submitted report's buttons;
    ``can_correct``: correct the report (a commissioner, once one was submitted)."""

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
    commissioner: bool
    can_play: bool
    can_report: bool
    can_confirm: bool
    can_dispute: bool
    can_send_back: bool
    can_correct: bool
    is_opponent: bool

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


def state_of(match: Match, report: Report | None, user: Actor | None) -> MatchState:
    """The state of a match and its current report as already read."""
    fixture = match.fixture
    signed_in = user is not None and bool(getattr(user, "is_authenticated", False))
    coached = coached_sides(user, match) if signed_in else ()
    commissioner = signed_in and user is not None and user.has_perm(CORRECT, match)
    can_play = signed_in and user is not None and (bool(coached) or user.has_perm(PLAY, match))
    status = match.status
    opponent = bool(coached) and report is not None and user is not None
    opponent = opponent and getattr(user, "pk", None) != report.submitted_by_id  # type: ignore[union-attr]
    confirming = status == Match.Status.CONFIRMING and report is not None
    disputed = report is not None and report.confirmation == Confirmation.DISPUTED
    deadline = report.confirm_deadline if report is not None else None
    past_deadline = deadline is None or timezone.now() >= deadline
    return MatchState(
        match=match,
        fixture=fixture,
        home=fixture.home,
        away=fixture.away,
        season=fixture.season,
        league=fixture.season.league,
        ruleset=engine_ruleset(match),
        report=report,
        step=status,
        waiting_on=_waiting_on(match, report),
        coached=coached,
        commissioner=commissioner,
        can_play=can_play,
        can_report=can_play and status == Match.Status.IN_PLAY,
        can_confirm=confirming and (opponent or (commissioner and (disputed or past_deadline))),
        can_dispute=confirming and opponent and not disputed,
        can_send_back=confirming and commissioner,
        can_correct=commissioner and report is not None and status in WITH_REPORT[1:],
        is_opponent=opponent,
    )


def _waiting_on(match: Match, report: Report | None) -> tuple[str, ...]:
    stored: dict[str, Any] = {}
    if match.status == Match.Status.PRE_GAME:
        stored = match.pre_game_result or {}
    elif match.status == Match.Status.REPORT_SUBMITTED and report is not None:
        stored = report.post_game_result or {}
    return tuple(dict.fromkeys(choice["side"] for choice in stored.get("pending", [])))
