"""The coaches' side of the post-game: their answers to its decisions (BB2020 step 4,
classic's re-roll of the winnings, BB2025's MVP nominees), the commissioner ending
the waiting after the deadline, and closing the match once it is applied."""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core.types import Actor
from matches.errors import MatchError
from matches.models import Match, PostGameApplication, Report
from matches.services.access import (
    answering_side,
    require_commissioner,
    require_play,
    require_status,
)
from matches.services.audit import log_match
from matches.services.locking import (
    AFTER_KICK_OFF,
    KICK_OFF_TEXT,
    REPORT_RESULTS,
    SNAPSHOTS,
    lock_match,
    lock_with_report,
    team_of,
    teams_read,
)
from matches.services.postgame.sequence import (
    ANSWERS,
    ANSWERS_BY_KIND,
    RUN_FIELDS,
    Phase,
    current_report,
    run_post_game,
    settle_status,
)
from matches.services.report.rows import WITH_EVENTS
from matches.services.snapshots import SIDES
from rules_engine.wording import Wording, say
from teams.models import Player

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# BB2025's MVP nominations (step 3), the pending choice and its answer's key.
MVP_NOMINEES = "mvp_nominees"
# BB2025 (facts section 9): the players a conceder's opponent gives its awarded
# touchdowns' SPP to (step 3), the pending choice and its answer's key.
AWARDED_TOUCHDOWNS = "awarded_touchdowns"


class NomineesError(MatchError):
    """MVP nominations the rules refuse: a page shows it beside the nominees' field
    (``core.errors.add_errors`` reads ``field``)."""

    field = MVP_NOMINEES


def _named(ids: Iterable[int]) -> str:
    """The players ``ids`` as a coach reads them ("#3 Grim, #7 Ulf"), read only for a
    refusal's sentence."""
    wanted = list(ids)
    found = {
        pk: f"#{number} {name}"
        for pk, number, name in Player.objects.filter(pk__in=wanted).values_list(
            "pk", "number", "name"
        )
    }
    return ", ".join(found.get(pid, f"player {pid}") for pid in wanted)


def check_nominees(choice: Mapping[str, Any], team: str, nominees: list[int]) -> None:
    """BB2025 step 3 (league facts section 6, "MVP"; section 13.1 with fewer than six
    eligible): the coach nominates exactly the number the pending ``choice`` asks,
    each once, each one of his team's eligible players (who played, not a star
    player, not killed). Refused as a field error on ``mvp_nominees``."""
    options = choice.get("options") or {}
    eligible = list(options.get("players") or ())
    wanted = int(options.get("nominees") or 0)
    problems = []
    twice = sorted({pid for pid in nominees if nominees.count(pid) > 1})
    if twice:
        problems.append(
            _("MVP nominees: %(players)s nominated more than once.") % {"players": _named(twice)}
        )
    strangers = [pid for pid in dict.fromkeys(nominees) if pid not in eligible]
    if strangers:
        problems.append(
            _(
                "MVP nominees: %(players)s may not be nominated by %(team)s: only its players "
                "who played this game, not star players, not killed."
            )
            % {"players": _named(strangers), "team": team}
        )
    if len(nominees) != wanted:
        problems.append(
            ngettext(
                "MVP nominees: nominate exactly %(count)s player of %(team)s (%(given)s given).",
                "MVP nominees: nominate exactly %(count)s players of %(team)s (%(given)s given).",
                wanted,
            )
            % {"count": wanted, "team": team, "given": len(nominees)}
        )
    if problems:
        raise NomineesError(problems)


class AwardedTouchdownsError(MatchError):
    """Players for the awarded touchdowns the rules refuse, shown beside the field."""

    field = AWARDED_TOUCHDOWNS


def check_awarded_touchdowns(choice: Mapping[str, Any], team: str, named: list[int]) -> None:
    """BB2025 conceding (league facts section 9, "Touchdown"): one player per awarded
    touchdown, each one of the team's players who played (not a star player, not
    killed); the same player may be named more than once. Refused as a field error
    on ``awarded_touchdowns``."""
    options = choice.get("options") or {}
    eligible = list(options.get("players") or ())
    wanted = int(options.get("touchdowns") or 0)
    problems = []
    strangers = [pid for pid in dict.fromkeys(named) if pid not in eligible]
    if strangers:
        problems.append(
            _(
                "Awarded touchdowns: %(players)s may not be given one by %(team)s: only its "
                "players who played this game, not star players, not killed."
            )
            % {"players": _named(strangers), "team": team}
        )
    if len(named) != wanted:
        problems.append(
            ngettext(
                "Awarded touchdowns: name one player for the %(count)s awarded touchdown "
                "(%(given)s given).",
                "Awarded touchdowns: name one player for each of the %(count)s awarded "
                "touchdowns (%(given)s given).",
                wanted,
            )
            % {"count": wanted, "given": len(named)}
        )
    if problems:
        raise AwardedTouchdownsError(problems)


# Each step-3 answer given by kind: its check, and the refusal of one not asked for.
_BY_KIND_CHECKS = {MVP_NOMINEES: check_nominees, AWARDED_TOUCHDOWNS: check_awarded_touchdowns}
_NOT_WAITING = {
    MVP_NOMINEES: (
        NomineesError,
        gettext_lazy("%(team)s has no MVP nomination waiting; send none."),
    ),
    AWARDED_TOUCHDOWNS: (
        AwardedTouchdownsError,
        gettext_lazy("%(team)s has no awarded touchdown to give; send none."),
    ),
}


def _ids(values: Iterable[Any], what: StrOrPromise) -> list[int]:
    ids = list(values or ())
    bad = [v for v in ids if isinstance(v, bool) or not isinstance(v, int)]
    if bad:
        raise MatchError(
            _("%(what)s are given by player id; %(bad)r are not ids") % {"what": what, "bad": bad}
        )
    return ids


def submit_post_game_choices(
    actor: Actor,
    match: Match,
    *,
    side: str | None = None,
    hire_journeymen: Iterable[int] = (),
    retire: Iterable[int] = (),
    reroll_winnings: bool | None = None,
    mvp_nominees: Iterable[int] = (),
    keep_raised: str | bool | None = None,
    awarded_touchdowns: Iterable[int] = (),
) -> Report:
    """One side's post-game decisions: BB2020 step 4, the journeymen who played to hire
    for good (they lose Loner, cost their current value) and the players who suffered
    a Lasting Injury to retire temporarily; classic, whether the winner re-rolls the
    winnings D6. The answer is the side's whole answer: a decision waiting and not
    given is answered "none" (no hire, no retirement, no re-roll). Only that side's
    coach (or a commissioner) answers; when no decision is left the post-game
    completes and is queued for applying. ``awarded_touchdowns`` (BB2025, league facts
    section 9): the conceder's opponent names one of his players who played for each
    touchdown the concession awarded (the same one more than once if he likes); each
    gets its SPP. ``keep_raised`` (BB2025 Masters of Undeath,
    league facts section 2): the Lineman position the raised player is kept as, for
    free (``True`` where the roster has one), None or False to let him go."""
    if keep_raised is not None and not isinstance(keep_raised, (str, bool)):
        raise MatchError(
            _("The raised Lineman is kept as a position, not %(answer)r") % {"answer": keep_raised}
        )
    if reroll_winnings is not None and not isinstance(reroll_winnings, bool):
        raise MatchError(
            _("Re-rolling the winnings is yes or no, not %(answer)r") % {"answer": reroll_winnings}
        )
    with transaction.atomic():
        match, read = lock_with_report(
            match, annotate=WITH_EVENTS, defer=AFTER_KICK_OFF, texts=KICK_OFF_TEXT
        )
        require_play(actor, match)
        require_status(match, Match.Status.REPORT_SUBMITTED, doing=_("make post-game choices"))
        report = current_report(match, read)
        pending = report.post_game_result.get("pending", [])
        side = answering_side(actor, match, {c["side"] for c in pending}, side)
        given = {
            "hire_journeymen": _ids(hire_journeymen, _("Journeymen to hire")),
            "retire": _ids(retire, _("Players to retire")),
            "reroll_winnings": reroll_winnings,
            "keep_raised": keep_raised or None,
        }
        by_kind = {
            MVP_NOMINEES: _ids(mvp_nominees, _("MVP nominees")),
            AWARDED_TOUCHDOWNS: _ids(awarded_touchdowns, _("Players for the awarded touchdowns")),
        }
        answer = {
            ANSWERS[c["kind"]][0]: copy.copy(ANSWERS[c["kind"]][1])
            for c in pending
            if c["side"] == side and c["kind"] in ANSWERS
        }
        answer.update({key: value for key, value in given.items() if value not in (None, [])})
        choices = copy.deepcopy(report.post_game_choices)
        team = team_of(match, side).name
        for c in pending:
            if c["side"] == side and c["kind"] in _BY_KIND_CHECKS:
                _BY_KIND_CHECKS[c["kind"]](c, team, by_kind[c["kind"]])
        asked = {c["kind"] for c in pending if c["side"] == side}
        for kind, ids in by_kind.items():
            if ids and kind not in asked:  # an answer sent to a side not asked for it
                error, what = _NOT_WAITING[kind]
                raise error(str(what) % {"team": team})
        for kind, ids in by_kind.items():
            if ids:
                choices.setdefault(kind, {})[side] = ids
        if any(c["side"] == side and c["kind"] not in ANSWERS_BY_KIND for c in pending):
            choices[side] = answer  # the side's step-4 answer (not only its nominees)
        run_post_game(match, report, choices, teams=teams_read(match))
        settle_status(match, report)
        report.save(update_fields=RUN_FIELDS)
        match.save(update_fields=["status", "updated_at"])
        return report


def end_hiring_step(actor: Actor, match: Match) -> Report:
    """The commissioner ends the post-game's waiting for coaches who have not answered
    by the deadline (``Report.hiring_deadline``): each such side is answered "none"
    (no hire, no retirement, no re-roll) and the post-game completes. Refused before
    the deadline, so a coach always has the time the league gives."""
    with transaction.atomic():
        match = lock_match(match)
        require_commissioner(actor, match)
        require_status(match, Match.Status.REPORT_SUBMITTED, doing=_("end the post-game's waiting"))
        report = current_report(match)
        deadline = report.hiring_deadline
        if deadline is not None and timezone.now() < deadline:
            raise MatchError(
                _(
                    "The coaches have until %(deadline)s to finish the post-game; it can be "
                    "ended for them after that."
                )
                % {"deadline": f"{timezone.localtime(deadline):%d %b %Y %H:%M}"}
            )
        waiting = {c["side"] for c in report.post_game_result.get("pending", [])}
        choices = copy.deepcopy(report.post_game_choices)
        for c in report.post_game_result.get("pending", []):
            if c["kind"] == AWARDED_TOUCHDOWNS:
                # Not given in time: one each to his first players who played, in
                # team-sheet order, as the MVP nominations below.
                players, count = c["options"]["players"], c["options"]["touchdowns"]
                given = [players[n % len(players)] for n in range(count)]
                choices.setdefault(c["kind"], {})[c["side"]] = given
            elif c["kind"] in ANSWERS_BY_KIND:
                wanted = c["options"].get("nominees", 0)
                choices.setdefault(c["kind"], {})[c["side"]] = c["options"]["players"][:wanted]
        for side in SIDES:
            # A side asked nothing before step 4 (a conceder gives no MVP) has not
            # reached it yet: it is answered "none" too, so the post-game completes.
            if side not in choices:
                choices[side] = {
                    ANSWERS[c["kind"]][0]: copy.copy(ANSWERS[c["kind"]][1])
                    for c in report.post_game_result.get("pending", [])
                    if c["side"] == side and c["kind"] in ANSWERS
                }
        run_post_game(match, report, choices)
        settle_status(match, report)
        report.save(update_fields=RUN_FIELDS)
        match.save(update_fields=["status", "updated_at"])
        log_match(
            actor,
            "match.end_hiring_step",
            _ended_for(sorted(waiting)),
            match,
            report=report.pk,
            sides=sorted(waiting),
        )
        return report


def _ended_for(sides: list[str]) -> Wording:
    """The audit line of a hiring step the commissioner ended, naming the sides it
    waited for ("home", "away")."""
    if len(sides) >= 2:
        return say(
            "the commissioner ended the post-game's hiring step for {side} and {other}",
            side=sides[0],
            other=sides[1],
        )
    if sides:
        return say("the commissioner ended the post-game's hiring step for {side}", side=sides[0])
    return say("the commissioner ended the post-game's hiring step for no one")


# Whether the report's final application is made, read with the report.
_FINAL_APPLIED = {
    "final_applied": Exists(
        PostGameApplication.objects.filter(report=OuterRef("pk"), phase=Phase.FINAL)
    )
}


def close_match(actor: Actor, match: Match) -> Match:
    """The coaches are done with the post-game (its effects are applied): close it."""
    with transaction.atomic():
        # Nothing of the match's snapshots nor of the report's results is read.
        match, read = lock_with_report(
            match, annotate=_FINAL_APPLIED, defer=SNAPSHOTS, defer_report=REPORT_RESULTS
        )
        require_play(actor, match)
        require_status(match, Match.Status.POST_GAME, doing=_("close the match"))
        report = current_report(match, read)
        if not getattr(report, "final_applied", False):
            raise MatchError(
                _("The post-game of %(match)s is still being applied; try again shortly.")
                % {"match": match.label}
            )
        match.status = Match.Status.CLOSED
        match.closed_at = timezone.now()
        match.save(update_fields=["status", "closed_at", "updated_at"])
        log_match(actor, "match.close", say("closed."), match, report=report.pk)
        return match
