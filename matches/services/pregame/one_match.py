"""One open match per team at a time: a team whose other match is in its pre-game or
in play starts no other pre-game and kicks off no other match, so a player hurt or
killed in one match never plays another begun meanwhile; nor while an earlier match's
post-game, which still changes its roster and Treasury, is not finished.

The check runs with both teams' rows locked (``lock_match_teams``, lowest id first, the
lock order of every service, after the match's own row): two matches of one team
started at once meet at that team's row, and the second sees the first begun. The
database cannot hold the rule as a constraint: a match's teams are its fixture's, on
another table than its status.

A match left in pre-game or in play whose fixture can no longer take its report (the
commissioner settled it as a forfeit, or its season has moved past the phase that
plays it) is not in the way: nothing can finish it.
"""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q
from django.utils.translation import gettext as _

from leagues.models import Fixture
from leagues.services._common import RESULT_PHASES
from matches.models import Match, PostGameApplication
from teams.models import Team
from teams.services._common import lock_teams

# The statuses of a match begun and not yet reported.
OPEN_STATUSES = (Match.Status.PRE_GAME, Match.Status.IN_PLAY)
# The statuses of a match reported and its post-game not begun; a match in its
# post-game is in the way too until the post-game's last phase is applied.
REPORTED_STATUSES = (Match.Status.CONFIRMING, Match.Status.REPORT_SUBMITTED)


def lock_match_teams(match: Match) -> dict[int, Team]:
    """Both teams of the (locked) match, locked lowest id first; by id."""
    return lock_teams(match.fixture.home_id, match.fixture.away_id)


def _playable() -> Q:
    """A match whose fixture still takes its report: not settled by a forfeit, and its
    season in the phase that plays its kind of fixture."""
    phase = Q()
    for kind, statuses in RESULT_PHASES.items():
        phase |= Q(fixture__kind=kind, fixture__season__status__in=statuses)
    settled = (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS)
    return phase & ~Q(fixture__status__in=settled)


def other_matches(match: Match) -> list[Match]:
    """The other matches of the match's two teams that are in the way, in one query:
    in their pre-game or in play (and can still be finished), or reported with their
    post-game not finished; earliest begun first."""
    finished = PostGameApplication.objects.filter(
        match=OuterRef("pk"), report__is_current=True, phase=PostGameApplication.Phase.FINAL
    )
    teams = [match.fixture.home_id, match.fixture.away_id]
    return list(
        Match.objects.filter(Q(fixture__home_id__in=teams) | Q(fixture__away_id__in=teams))
        .alias(finished=Exists(finished))
        .filter(
            (Q(status__in=OPEN_STATUSES) & _playable())
            | Q(status__in=REPORTED_STATUSES)
            | Q(status=Match.Status.POST_GAME, finished=False)
        )
        .exclude(pk=match.pk)
        .select_related("fixture__home", "fixture__away")
        .order_by("pre_game_started_at", "pk")
    )


def matches_in_the_way(match: Match, *, kick_off: bool = False) -> list[str]:
    """Why the match may not begin its pre-game (or, ``kick_off``, kick off), for each
    of its teams: another match of the team in pre-game or in play, named; or an
    earlier match whose post-game is not finished (its report not yet confirmed, its
    coaches not yet done with step 4, or the rest not yet applied), which still changes
    the roster and Treasury the pre-game reads (facts section 4: the post-game ends
    with "Prepare for the next fixture"). At kick-off, a match whose pre-game began
    after this one's is not in the way (two pre-games begun before this rule: the
    first kicks off, the second waits for it)."""
    fixture = match.fixture
    names = {fixture.home_id: fixture.home.name, fixture.away_id: fixture.away.name}
    playing, reported = [], []
    for other in other_matches(match):
        teams = [names[t] for t in (other.fixture.home_id, other.fixture.away_id) if t in names]
        if other.status not in OPEN_STATUSES:
            reported += [
                _(
                    "%(team)s must finish the post-game of %(match)s first (both coaches done "
                    "with step 4, hiring and firing)."
                )
                % {"team": team, "match": other.label}
                for team in teams
            ]
            continue
        if kick_off and other.status == Match.Status.PRE_GAME and _began_after(other, match):
            continue
        playing += [_already_playing(team, other, kick_off) for team in teams]
    return playing + reported


def _already_playing(team: str, other: Match, kick_off: bool) -> str:
    values = {"team": team, "match": other.label, "fixture": other.fixture}
    if other.status == Match.Status.PRE_GAME:
        values["where"] = _("in its pre-game")
    else:
        values["where"] = _("in play")
    if kick_off:
        return (
            _(
                "%(team)s is already playing %(match)s (%(fixture)s, %(where)s): a team plays one "
                "match at a time, so finish that match before kicking off this one."
            )
            % values
        )
    return (
        _(
            "%(team)s is already playing %(match)s (%(fixture)s, %(where)s): a team plays one "
            "match at a time, so finish that match before starting the pre-game of this one."
        )
        % values
    )


def _began_after(other: Match, match: Match) -> bool:
    if other.pre_game_started_at is None or match.pre_game_started_at is None:
        return other.pk > match.pk
    return (other.pre_game_started_at, other.pk) > (match.pre_game_started_at, match.pk)
