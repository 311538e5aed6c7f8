"""A commissioner's correction of a submitted report, at any time in an open season.

The corrected report becomes a new version (the old one stays as history). If the
old report's post-game was applied, every effect it had is inverted
(``reversal.revert_effects``: a "correction" ledger entry per reversed entry, SPP,
Dedicated Fans, MNG, injuries, deaths, journeymen) and the post-game is run again
on the same stored seed, on the figures the teams held when it first read them,
moved by what the correction changes: the teams end as they would had the
corrected report been the first.

The teams' story is replayed (``rederivation``): every later post-game of either
team (or of a team one of them played since) is inverted, newest first, before the
old report's, and applied again in order after the corrected one, on the figures the
correction moved (its Expensive Mistakes, its Dedicated Fans roll): a Miss Next Game a
later match served stays served. Purchases made between games stand: the gold is
checked once every change is in (``deferral.settle_deferred``, one ledger row per
team and match whose gold moved), and a treasury that would end below zero refuses
the correction with the reason. SPP a player already spent are
kept for now and listed for the commissioner (``SppShortfall``: grant them, or undo
the player's latest advancements with their value, ``settle_shortfall``).

Still refused: a returning player's number now worn by another, and a classic
Improvement roll made in the match and already taken. Pre-games of later matches
(petty cash, inducements) stand as they were played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from matches.errors import MatchError
from matches.models import (
    AppliedEffect,
    EffectKind,
    Match,
    PostGameApplication,
    Report,
    SppShortfall,
)
from matches.services.access import require_commissioner, require_status, user_of
from matches.services.audit import log_match
from matches.services.corrections.rederivation import (
    active_applications,
    carried_choices,
    carried_input,
    footprint,
    later_matches,
    moved_values,
    reapply,
    replay,
    shift,
    show_moved,
    shown_before,
    team_values,
    unwind,
)
from matches.services.corrections.reversal import revert_effects, revert_problems
from matches.services.locking import lock_match
from matches.services.postgame.deferral import deferred, settle_deferred
from matches.services.postgame.sequence import current_report, run_post_game, settle_status
from matches.services.report.rows import (
    checked_report,
    events_of,
    replace_report,
    replacing_payload,
)
from matches.services.rulesets import rules_for
from matches.services.snapshots import SIDES
from matches.services.validation import normalize_event
from rules_engine.wording import say
from teams.services import undo_advancement
from teams.services._common import lock_player, lock_team


def correct_report(
    actor: Actor,
    match: Match,
    *,
    home_touchdowns: int,
    away_touchdowns: int,
    conceded_by: str | None = "",
    conceded_at_setup_players: int | None = None,
    events: list[dict[str, Any]] | None = None,
    note: str = "",
    **points: Any,
) -> Report:
    """Replace the current report with a corrected one (commissioners only).

    The arguments are a whole report as ``submit_report`` takes it; without
    ``events`` the current report's events are kept; ``points`` are a game scored
    in points' fields (``report_shapes.POINTS_FIELDS``), those not given kept from the
    current report. ``note`` says why. Every
    reason the report or the correction cannot stand comes at once (RulesError)
    and nothing changes.
    """
    note = (note or "").strip()
    with transaction.atomic():
        match = lock_match(match)
        _require_correctable(actor, match, note)
        old = current_report(match)
        payload = replacing_payload(
            old, home_touchdowns, away_touchdowns, conceded_by, conceded_at_setup_players, points
        )
        new_events = [normalize_event(e) for e in events] if events is not None else events_of(old)
        checked_report(match, payload, new_events)
        applications = active_applications(old)
        later = later_matches(match, applications[0].applied_at) if applications else []
        # The later matches are inverted and applied again too (the teams' story).
        unwound = [a for m in later for a in active_applications(current_report(m))]
        problems = [problem for a in [*applications, *unwound] for problem in revert_problems(a)]
        if problems:
            raise MatchError(problems)
        for team_id in sorted(
            {t for m in [match, *later] for t in (m.fixture.home_id, m.fixture.away_id)}
        ):
            lock_team(team_id)
        new = _replace_report(actor, match, old, payload, new_events, note)
        choices = _carried(match, old, new, applications)
        if not applications:
            run_post_game(match, new, choices)
            settle_status(match, new)
        else:
            _reapply(actor, match, old, new, choices, applications, later)
            if not new.post_game_complete:
                settle_status(match, new)
        new.save()
        match.save()
        return new


def _carried(
    match: Match, old: Report, new: Report, applications: list[PostGameApplication]
) -> dict[str, Any]:
    """The coaches' answers the corrected report keeps (``carried_choices``)."""
    final = any(a.phase == PostGameApplication.Phase.FINAL for a in applications)
    choices = carried_choices(match, new, old.post_game_choices, answer_all=final)
    if final and rules_for(match).hiring_step:  # both coaches were done: they stay done
        for side in SIDES:
            choices.setdefault(side, {})
    return choices


def _require_correctable(actor: Actor, match: Match, note: str) -> None:
    require_commissioner(actor, match)
    require_status(
        match,
        Match.Status.REPORT_SUBMITTED,
        Match.Status.POST_GAME,
        Match.Status.CLOSED,
        doing=_("correct the report"),
    )
    if not note:
        raise MatchError(_("Say why the report is corrected; the coaches will read it."))


def _replace_report(
    actor: Actor,
    match: Match,
    old: Report,
    payload: Mapping[str, Any],
    events: list[dict[str, Any]],
    note: str,
) -> Report:
    """The corrected report, current in the old one's place, with its events (logged)."""
    new = replace_report(match, actor, old, payload, events, note)
    home, away = payload["home_touchdowns"], payload["away_touchdowns"]
    log_match(
        actor,
        "match.correct",
        say(
            "report corrected to v{version}, {home}-{away} (was {old_home}-{old_away}): {note}",
            version=new.version,
            home=home,
            away=away,
            old_home=old.home_touchdowns,
            old_away=old.away_touchdowns,
            note=note,
        ),
        match,
        report=new.pk,
        before={"report": old.pk, "score": [old.home_touchdowns, old.away_touchdowns]},
        after={"report": new.pk, "score": [home, away]},
    )
    return new


def _reapply(
    actor: Actor,
    match: Match,
    old: Report,
    new: Report,
    choices: dict[str, Any],
    applications: list[PostGameApplication],
    later: list[Match],
) -> None:
    """Replay the teams' story from the corrected match, in this transaction: the later
    matches' post-games are inverted newest first, the old report's inverted, the
    corrected one's applied, then the later ones applied again in order on the figures
    the correction moved. The teams end as they would had the corrected report been
    the first, with every flag a later match consumed consumed again."""
    final = any(a.phase == PostGameApplication.Phase.FINAL for a in applications)
    # The answers kept under their kind (BB2025's MVP nominees) let the probe run on.
    new.post_game_choices = choices
    new.post_game_input = carried_input(match, new, old.post_game_input, applications)
    new.hiring_deadline = old.hiring_deadline
    teams = (match.fixture.home_id, match.fixture.away_id)
    with deferred() as held:
        unwound = [u for u in (unwind(m, actor) for m in reversed(later)) if u is not None]
        before = footprint(applications)
        values = team_values(teams)
        for application in reversed(applications):
            revert_effects(application, actor)
        was = moved_values(team_values(teams), values)
        values = team_values(teams)
        run_post_game(match, new, choices)
        new.save()
        grant_to = reapply(match, new, final=final)
        deltas: dict[int, list[int]] = {}
        shift(deltas, before, footprint(active_applications(new)))
        # How much more (or less) TV and CTV each team carries from here on.
        carried: dict[int, list[int]] = {}
        if final and new.post_game_complete:
            now = moved_values(values, team_values(teams))
            carried = {pk: [now[pk][0] - was[pk][0], now[pk][1] - was[pk][1]] for pk in now}
            show_moved(
                new, match, shown_before(old), deltas, {k: (v[0], v[1]) for k, v in carried.items()}
            )
            new.save(update_fields=["post_game_result"])
        for match_unwound in reversed(unwound):
            replay(match_unwound, deltas, carried)
        settle_deferred(held, grant_to)


def settle_shortfall(actor: Actor, shortfall: SppShortfall, decision: str) -> SppShortfall:
    """The commissioner's decision on SPP a correction took back from a player who had
    already spent them: ``grant`` (he keeps them) or ``undo`` (his latest advancements
    are undone, each with its value, until what he spent is covered by what he earned;
    the SPP kept for him go)."""
    if decision not in ("grant", "undo"):
        raise MatchError(_("Decide 'grant' or 'undo', not %(answer)r.") % {"answer": decision})
    with transaction.atomic():
        match = lock_match(shortfall.report.match_id)
        require_commissioner(actor, match)
        shortfall = SppShortfall.objects.select_for_update().get(pk=shortfall.pk)
        if shortfall.status != SppShortfall.Status.OPEN:
            raise MatchError(
                _("This was decided already: %(status)s.")
                % {"status": shortfall.get_status_display()}
            )
        if decision == "undo":
            player, _team = lock_player(shortfall.player_id)
            while player.spp_spent > player.spp_earned - shortfall.spp and player.advancements:
                undo_advancement(actor, player)
                player.refresh_from_db()
            player.spp_earned -= shortfall.spp
            player.save(update_fields=["spp_earned"])
            versions.bump(teams=[player.team_id])
            # The SPP kept are gone: a later correction must not take them back again.
            grant = AppliedEffect.objects.filter(
                application__report=shortfall.report,
                kind=EffectKind.SPP_GRANT,
                player_id=shortfall.player_id,
                amount=shortfall.spp,
            ).first()
            if grant is not None:
                grant.delete()
        shortfall.status = (
            SppShortfall.Status.UNDONE if decision == "undo" else SppShortfall.Status.GRANTED
        )
        shortfall.decided_by = user_of(actor)
        shortfall.decided_at = timezone.now()
        shortfall.save(update_fields=["status", "decided_by", "decided_at"])
        return shortfall
