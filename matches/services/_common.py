"""What every match service shares: locking, permission, seeds, team snapshots,
the engine's sequence results as stored JSON and the dice they rolled."""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import connection, transaction
from django.db.models import TextField
from django.db.models.functions import Cast

from core.types import Actor
from matches.errors import MatchError
from matches.models import DiceRoll, Match, Report
from matches.selectors.state import state_of
from matches.services.snapshots import SIDES, _default
from rules_engine.sequence import Choice, SequenceResult
from rules_engine.shared import SharedDict, SharedList
from teams.audit import log_action
from teams.models import Team

PLAY = "matches.play_match"
CORRECT = "matches.correct_report"
CHANGE_TEAM = "teams.change_team"
# The coaches are read by id (permissions, confirmation); a coach acting for his team is
# loaded when asked.
MATCH_RELATED = ("fixture__home", "fixture__away", "fixture__season__league")


def new_seed() -> int:
    """A fresh secret seed for one sequence's dice (fits a signed 64-bit column)."""
    return secrets.randbits(63)


def lock_match(
    match: Match | int, *, defer: tuple[str, ...] = (), texts: tuple[str, ...] = ()
) -> Match:
    """The match row locked for the open transaction, with its fixture and teams.
    ``defer``: the match's fields the caller never reads (its JSON snapshots; one read
    after all is loaded then, by a query of its own, as Django's ``defer``); ``texts``:
    snapshots read as their stored text (``as_text``), not decoded."""
    if not connection.in_atomic_block:
        raise transaction.TransactionManagementError("lock_match() must run inside atomic()")
    match_id = match.pk if isinstance(match, Match) else match
    return (
        Match.objects.select_for_update(of=("self",))
        .select_related(*MATCH_RELATED)
        .defer(*defer, *texts)
        .annotate(**as_text(texts))
        .get(pk=match_id)
    )


# What a service reads of a match once it has kicked off: not the pre-game's team
# snapshot and answers (7.8 kB of JSON a 11-player match).
AFTER_KICK_OFF = ("pre_game_teams", "pre_game_choices")
# Every snapshot of a match, for a service that reads none of them.
SNAPSHOTS = (*AFTER_KICK_OFF, "pre_game_result", "match_teams", "report_draft")
# The kick-off snapshot, which the services after kick-off read only as both teams'
# engine states (``snapshots.snapshot_states``, made once per snapshot text): read as
# its text, not decoded then encoded again to find its states.
KICK_OFF_TEXT = ("match_teams",)


def as_text(fields: tuple[str, ...]) -> dict[str, Any]:
    """The annotations that read ``fields`` (JSON snapshots, deferred) as their stored
    text: ``<field>_text`` (``snapshots.snapshot_states`` reads it)."""
    return {f"{name}_text": Cast(name, TextField()) for name in fields}


# And of a report.
REPORT_RESULTS = (
    "home_challenge_cards",
    "away_challenge_cards",
    "team_extras",
    "post_game_choices",
    "post_game_input",
    "post_game_result",
)


def lock_with_report(
    match: Match | int,
    report_id: int | None = None,
    *,
    annotate: Mapping[str, Any] | None = None,
    defer: tuple[str, ...] = (),
    defer_report: tuple[str, ...] = (),
    texts: tuple[str, ...] = (),
) -> tuple[Match, Report | None]:
    """The match row locked (``lock_match``, less ``defer``), then its current report
    (or the report ``report_id`` of it, current or not) read with ``annotate`` (more to
    read of the report in the same query), less ``defer_report``. (match, None) when
    there is no such report; Report.DoesNotExist when ``report_id`` is not the match's.

    Two statements, not one joined SELECT ... FOR UPDATE: a statement that waited for
    the lock reads every row but the match's as they stood before it waited (a
    correction's new report, another worker's application), so the report is read by
    the statement after the lock. ``texts``: as ``lock_match``'s."""
    locked = lock_match(match, defer=defer, texts=texts)
    reports = (
        Report.objects.select_related("submitted_by")
        .defer(*defer_report)
        .annotate(**(annotate or {}))
    )
    if report_id is not None:
        found = reports.filter(pk=report_id).first()
        if found is None or found.match_id != locked.pk:
            raise Report.DoesNotExist("Report matching query does not exist.")
    else:
        found = reports.filter(match_id=locked.pk, is_current=True).first()
    if found is not None:
        found.match = locked
    return locked, found


def fetch_match(match: Match | int) -> Match:
    match_id = match.pk if isinstance(match, Match) else match
    return Match.objects.select_related(*MATCH_RELATED).get(pk=match_id)


def require_play(actor: Actor | None, match: Match) -> None:
    if actor is None or not actor.has_perm(PLAY, match):
        raise PermissionDenied(
            f"Only the coaches of {match.fixture.home.name} and {match.fixture.away.name} "
            "or a commissioner of the league may do that."
        )


def require_commissioner(actor: Actor | None, match: Match) -> None:
    if actor is None or not actor.has_perm(CORRECT, match):
        raise PermissionDenied(
            f"Only a commissioner of {match.fixture.season.league.name} may correct a report."
        )


def require_status(match: Match, *statuses: str, doing: str) -> None:
    if match.status not in statuses:
        allowed = " or ".join(Match.Status(s).label.lower() for s in statuses)
        raise MatchError(
            f"{match.label} is {match.get_status_display().lower()}: you can {doing} "
            f"only when it is {allowed}."
        )


def answering_side(actor: Actor, match: Match, wanted: Iterable[str], side: str | None) -> str:
    """The side whose decision ``actor`` makes: ``side`` if given, else the one
    waiting side he may answer for. PermissionDenied if he may answer for none."""
    waiting = [s for s in SIDES if s in set(wanted)]
    state = state_of(match, None, actor)
    if side is not None:
        if side not in SIDES:
            raise MatchError(f"A side is 'home' or 'away', not {side!r}.")
        if side not in waiting:
            raise MatchError(f"No decision of the {side} team is waiting.")
        candidates = [side]
    else:
        mine = [s for s in waiting if s in state.coached]
        candidates = mine or [s for s in waiting if state.may_answer_for(s)]
    allowed = [s for s in candidates if state.may_answer_for(s)]
    if not allowed:
        raise PermissionDenied("That decision belongs to the other coach.")
    if len(allowed) > 1:
        raise MatchError("Both teams have this decision waiting: say which side you answer for.")
    return allowed[0]


def user_of(actor: Actor | None) -> User | None:
    """The signed-in user ``actor`` is, for a row's "by" column (None: nobody signed in)."""
    return actor if isinstance(actor, User) else None


def team_of(match: Match, side: str) -> Team:
    return match.fixture.home if side == "home" else match.fixture.away


def teams_read(match: Match) -> dict[str, Team]:
    """Both teams' rows by side as read with the match (``lock_match``, ``fetch_match``):
    fresh for the post-game's Treasury and Dedicated Fans while nothing in the
    transaction has changed them since."""
    return {side: team_of(match, side) for side in SIDES}


def team_actor(actor: Actor | None, team: Team) -> Actor:
    """Who the teams services act as for a change the match makes to ``team``: the
    acting user when he may change the team, else the team's own coach (a coach
    submitting the report changes the other team through its coach's rights)."""
    if actor is not None and actor.has_perm(CHANGE_TEAM, team):
        return actor
    return team.coach


def log_match(actor: Actor, action: str, message: str, match: Match, **data: Any) -> None:
    """The audit row (teams/audit.py) of a change to ``match``, filed under its league and
    both teams; call it in the service's transaction."""
    fixture = match.fixture
    log_action(
        actor,
        action,
        f"{match.label} ({fixture}): {message}",
        league=fixture.season.league_id,
        team=fixture.home_id,
        other_team=fixture.away_id,
        match=match.pk,
        fixture=fixture.pk,
        **data,
    )


def is_league_game(match: Match) -> bool:
    """Friendlies give no MVP (facts §5); league and play-off games are league play."""
    return match.fixture.kind != match.fixture.Kind.FRIENDLY


# --- sequence results as stored JSON ----------------------------------------------------


def plain(value: Any) -> Any:
    """Engine output as JSON (tuples to lists, dict keys to strings): what
    ``json.loads(json.dumps(value, default=...))`` gives. Strings, numbers, booleans,
    None, lists, tuples and dicts keyed by strings (their exact types, and the engine's
    shared rows, ``rules_engine.shared``) are copied as they are (half the cost
    of writing and reading them), a string's subclass as its text; anything else (an
    engine object, a dict with other keys, another subclass) goes through JSON, which
    gives the same for any part as for the whole."""
    kind = type(value)
    if kind is str or kind is int or kind is float or kind is bool or value is None:
        return value
    if kind is dict or kind is SharedDict:
        copied = {}
        for key, item in value.items():
            if type(key) is not str:
                return _through_json(value)
            copied[key] = plain(item)
        return copied
    if kind is list or kind is tuple or kind is SharedList:
        return [plain(item) for item in value]
    if isinstance(value, str):  # a rule's name (RuleName): JSON writes its text
        return str.__str__(value)
    return _through_json(value)


def _through_json(value: Any) -> Any:
    return json.loads(json.dumps(value, default=_default))


def choice_json(choice: Choice) -> dict[str, Any]:
    return {
        "side": choice.side,
        "kind": choice.kind,
        "prompt": choice.prompt,
        "options": plain(dict(choice.options)),
    }


def steps_json(result: SequenceResult) -> list[dict[str, Any]]:
    return [
        {
            "step": step.step,
            "title": step.title,
            "rule": step.rule,
            "complete": step.complete,
            "outcome": plain(dict(step.outcome)),
            "pending": [choice_json(c) for c in step.pending],
            "rolls": len(step.rolls),
            "dice": dice_digest(step.rolls),
        }
        for step in result.steps
    ]


def dice_digest(rolls: Iterable[Any]) -> str:
    """A short fingerprint of a step's rolls (purpose, die and result of each, in
    order): kept with the step so a re-run can be checked against the rolls stored
    without reading them back. (A roll's result as it is: JSON writes a pair of dice,
    a tuple, as the list ``as_dict`` gives.)"""
    text = json.dumps([[r.purpose, r.die, r.result] for r in rolls])
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def check_replay(
    match: Match,
    sequence: str,
    stored: dict[str, Any] | None,
    result: SequenceResult,
    before: str | None = None,
) -> None:
    """Refuse a re-run whose steps already stored (those before ``before``) rolled
    otherwise than they did: the seed is the same, so only a change of the rules'
    code between the two runs can do it, and the stored rolls would then no longer
    be the ones the result was made from (every roll is kept to audit and replay a
    match). A step's stored rolls are checked against the first ones it makes now
    (one that waited for an answer may roll more once answered). Steps stored before
    fingerprints were kept are not checked."""
    made = {step.step: step.rolls for step in result.steps}
    for step in (stored or {}).get("steps", []):
        if before is not None and step.get("step") == before:
            break
        digest = step.get("dice")
        if digest is None or step.get("step") not in made:
            continue
        # A step stored waiting for an answer may roll more once answered: its
        # stored rolls are the first ones it makes.
        if dice_digest(made[step["step"]][: step.get("rolls", 0)]) != digest:
            raise RuntimeError(f"{match.label}: the {sequence} dice did not replay the same")


def store_rolls(
    match: Match,
    sequence: str,
    result: SequenceResult,
    report: Report | None = None,
    *,
    replaced: bool = False,
    stored: int | None = None,
) -> None:
    """Store every roll of ``result`` not stored yet, numbered in order.

    A sequence re-run on the same seed with more answers makes the same rolls up to
    where it stopped, so only the new ones are added: one insert that skips the
    indexes already stored (the unique (match or report, index) constraints of
    ``DiceRoll``), none when ``stored`` (how many the caller knows are stored, from
    the result it stored last) says there is nothing new. ``replaced``: the caller
    deleted the sequence's rolls, so none is stored yet. A re-run with fewer rolls
    than were stored would be a bug and is refused.
    """
    rows = [(step.step, roll) for step in result.steps for roll in step.rolls]  # engine order
    if replaced:
        stored = 0
    if stored is not None and len(rows) < stored:
        raise RuntimeError(f"{match.label}: the {sequence} dice did not replay the same")
    if stored is not None and len(rows) == stored:
        return
    DiceRoll.objects.bulk_create(
        [
            DiceRoll(
                match_id=match.pk,
                report=report,
                sequence=sequence,
                index=index,
                step=step,
                purpose=roll.purpose,
                die=roll.die,
                result=roll.as_dict()["result"],  # an int, a string or a list of two ints
            )
            for index, (step, roll) in enumerate(rows)
            if stored is None or index >= stored
        ],
        ignore_conflicts=not replaced,
    )


def stored_rolls(result_json: dict[str, Any] | None, before: str | None = None) -> int:
    """How many rolls a sequence result stored as JSON (``steps_json``) counts, in its
    steps before ``before`` (all of them without it)."""
    count = 0
    for step in (result_json or {}).get("steps", []):
        if before is not None and step.get("step") == before:
            break
        count += step.get("rolls", 0)
    return count
