"""Applying a post-game to the teams, and inverting it for a correction.

Every change is made through the teams app's services where one exists
(``post_to_ledger``, ``record_injury``, ``hire_journeyman_permanently``,
``release_journeymen``, ``temporarily_retire``) or on rows it locks
(``lock_team``/``lock_player``) where none does (SPP earned, Dedicated Fans,
a player's return from MNG, a player who quits, an Improvement roll owed), and
each is kept as an ``AppliedEffect`` row holding what it changed, so
``revert_effects`` can undo exactly that: ledger entries are reversed by a
"correction" entry each.

The outcome of any ruleset is applied by the same code, from what it carries:
its treasury changes (BB2020's winnings and Expensive Mistakes; classic's
winnings, Spiralling Expenses and purchases), the change of
``dedicated_fans`` (a classic team's Fan Factor lives in that column), SPP
(classic's are totals, never spent), injuries, journeymen, and the rolls a
player takes later (classic's Improvement rolls, kept on the player as his
pending advancement). A Blitz Bowl outcome changes none of these: only the
league result and the players' match statistics are written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from config.types import Actor
from matches.errors import MatchError
from matches.models import (
    AppliedEffect,
    EffectKind,
    Match,
    PlayerMatchStats,
    PostGameApplication,
    SppShortfall,
)
from matches.services._common import SIDES, plain, snapshot_states, team_actor, team_of
from matches.services.reports import events_of
from matches.services.skills_gained import apply_gained, revert_gained
from matches.services.validation import player_reports
from rules_engine.bb2020.report import RULESET as REPORT_TABLES
from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.state import TeamState
from rules_engine.injuries import LastingInjuryResult
from rules_engine.tables import load_tables
from teams.models import (
    Advancement,
    InjuryRecord,
    LedgerReason,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
    TreasuryEntry,
)
from teams.services import (
    hire_journeyman_permanently,
    post_to_ledger,
    record_injury,
    release_journeymen,
    temporarily_retire,
)
from teams.services._common import current_value, lock_player, lock_team, roster_of, ruleset_of

LEDGER_REASONS = {
    "winnings": LedgerReason.WINNINGS,
    "expensive_mistake": LedgerReason.EXPENSIVE_MISTAKE,
    "spiralling_expenses": LedgerReason.SPIRALLING_EXPENSES,
    "purchases": LedgerReason.PURCHASES,
}
# Player fields an injury may change, as (field, how a reversal restores it).
COUNTED_FIELDS = ("ma", "st", "ag", "pa", "av", "niggling_injuries")
SET_FIELDS = ("status", "miss_next_game")


@dataclass
class _Gold:
    team_id: int
    amount: int
    reason: str
    note: str
    actor: Actor
    match_id: int
    link: Callable[[TreasuryEntry], None]


@dataclass
class Deferred:
    """What a correction moves in and out of treasuries and SPP, held until every
    re-derived match's effects are written, so a team that spent its winnings since
    never dips below zero half-way: gold coming back is posted before gold taken back,
    and SPP taken back after all SPP given."""

    gold: list[_Gold] = field(default_factory=list)
    spp: dict[int, int] = field(default_factory=dict)  # player id -> SPP taken back


_DEFERRED: ContextVar[Deferred | None] = ContextVar("dugout_deferred_effects", default=None)


@contextmanager
def deferred() -> Iterator[Deferred]:
    """Hold gold and SPP taken back until ``settle_deferred``."""
    held = Deferred()
    token = _DEFERRED.set(held)
    try:
        yield held
    finally:
        _DEFERRED.reset(token)


def _ledger(
    team_id: int,
    amount: int,
    reason: str,
    note: str,
    actor: Actor,
    match_id: int,
    link: Callable[[TreasuryEntry], None],
) -> None:
    held = _DEFERRED.get()
    if held is not None:
        held.gold.append(_Gold(team_id, amount, reason, note, actor, match_id, link))
        return
    link(post_to_ledger(lock_team(team_id), amount, reason, note, actor, match_ref=match_id))


def settle_deferred(held: Deferred, grant_to: PostGameApplication) -> None:
    """Post what a correction held back, credits first. A treasury that would still end
    below zero (the gold was spent since) refuses the whole correction with the reason;
    SPP taken back that the player already spent are kept for now (an ``SPP_GRANT`` on
    ``grant_to``) and listed for the commissioner (``SppShortfall``)."""
    short: list[str] = []
    for gold in sorted(held.gold, key=lambda g: -g.amount):
        team = lock_team(gold.team_id)
        if team.treasury + gold.amount < 0:
            short.append(
                f"{team.name}'s Treasury holds {team.treasury:,} gp and the correction takes "
                f"back {-gold.amount:,} gp ({gold.note}): the gold was spent since. Correct "
                "the treasury (or undo what was bought) first."
            )
            continue
        gold.link(
            post_to_ledger(
                team, gold.amount, gold.reason, gold.note, gold.actor, match_ref=gold.match_id
            )
        )
    if short:
        raise MatchError(short)
    for player_id, amount in sorted(held.spp.items()):
        player, team = lock_player(player_id)
        kept = max(0, amount - (player.spp_earned - player.spp_spent))
        player.spp_earned -= amount - kept
        player.save(update_fields=["spp_earned"])
        if kept:
            AppliedEffect.objects.create(
                application=grant_to,
                kind=EffectKind.SPP_GRANT,
                team=team,
                player=player,
                amount=kept,
            )
            SppShortfall.objects.create(report=grant_to.report, player=player, spp=kept)


class _Recorder:
    """Writes the effects of one side, in the order they were made."""

    def __init__(self, application: PostGameApplication, team: Team) -> None:
        self.application, self.team = application, team

    def __call__(self, kind: str, player: Player | None = None, **values: Any) -> AppliedEffect:
        return AppliedEffect.objects.create(
            application=self.application, kind=kind, team=self.team, player=player, **values
        )


def _fields(player: Player) -> dict[str, Any]:
    return {name: getattr(player, name) for name in (*COUNTED_FIELDS, *SET_FIELDS)}


def _lasting(characteristic: str) -> LastingInjuryResult:
    """The Lasting Injury table's row for ``characteristic`` (its D6 was rolled on the
    pitch): BB2020's, whose events report (``PlayerReport``) BB2020 and classic read."""
    table = load_tables(REPORT_TABLES)["lasting_injury"]
    entry = next(e for e in table.entries if e.effect["characteristic"] == characteristic)
    return LastingInjuryResult(entry, entry.rolls[0])


# Gold the coaches' hiring step and what follows it move (phase "final" of a post-game
# applied in two phases); any other reason belongs to its results.
FINAL_REASONS = frozenset({"journeyman_hired", "expensive_mistake", "purchases"})


def apply_effects(
    application: PostGameApplication, result: Any, actor: Actor, *, phase: str | None = None
) -> None:
    """Apply both teams' post-game (the teams locked lowest id first): the effects of
    ``phase`` ("results": the steps before the coaches' hiring step; "final": that step
    and after), or all of them (None)."""
    match = application.match
    done = player_reports(events_of(application.report))
    states = snapshot_states(match, "match_teams")
    for team in sorted((match.fixture.home, match.fixture.away), key=lambda t: t.pk):
        lock_team(team)
    for side in SIDES:
        outcome = result.teams[side]
        if phase != "final":
            _apply_results(application, side, outcome, states[side], done[side], actor)
        if phase != "results":
            _apply_final(application, side, outcome, actor)


def _post_gold(record: _Recorder, match: Match, change: Any, actor: Actor) -> None:
    effect = record(EffectKind.LEDGER, amount=change.amount)

    def link(entry: TreasuryEntry) -> None:
        effect.ledger_entry = entry
        effect.save(update_fields=["ledger_entry"])

    reason = LEDGER_REASONS[change.reason]
    note = f"{LedgerReason(reason).label}, {match.label}"
    _ledger(record.team.pk, change.amount, reason, note, actor, match.pk, link)


def _apply_final(application: PostGameApplication, side: str, outcome: Any, actor: Actor) -> None:
    """The coaches' hiring step and after: journeymen hired for good (the others
    leave), temporary retirements, Expensive Mistakes, players back from MNG."""
    match = application.match
    team = team_of(match, side)
    who = team_actor(actor, team)
    record = _Recorder(application, team)
    hired = iter(outcome.hired_journeymen)
    for change in outcome.treasury_changes:
        if change.reason == "journeyman_hired":
            _hire_journeyman(record, who, Player.objects.get(pk=next(hired)))
        elif change.reason in FINAL_REASONS:
            _post_gold(record, match, change, actor)
    for pid in outcome.recovered:
        if Player.objects.filter(pk=pid, status=PlayerStatus.ACTIVE, miss_next_game=True).exists():
            _set(record, pid, EffectKind.MISS_NEXT_GAME, miss_next_game=False)
    released = list(Player.objects.filter(team=team, status=PlayerStatus.ACTIVE, journeyman=True))
    if released:
        release_journeymen(who, team)
        for player in released:
            status = {"before": {"status": player.status}, "after": {"status": "retired"}}
            record(EffectKind.STATUS, player, **status)
    for pid in outcome.retired:
        temporarily_retire(who, Player.objects.get(pk=pid))
        record(EffectKind.TEMPORARILY_RETIRED, Player.objects.get(pk=pid))


def _apply_results(
    application: PostGameApplication,
    side: str,
    outcome: Any,
    before: TeamState,
    done: tuple[PlayerReport, ...],
    actor: Actor,
) -> None:
    """The steps before the coaches' hiring step: winnings (and a classic team's other
    gold), Dedicated Fans, SPP, Improvement rolls owed, injuries, deaths, quitters and
    the players' match statistics."""
    match = application.match
    team = team_of(match, side)
    who = team_actor(actor, team)
    record = _Recorder(application, team)
    for change in outcome.treasury_changes:
        if change.reason not in FINAL_REASONS:
            _post_gold(record, match, change, actor)
    fans = outcome.dedicated_fans_change
    if fans:
        locked = lock_team(team)
        locked.dedicated_fans += fans
        locked.save(update_fields=["dedicated_fans", "updated_at"])
        record(EffectKind.DEDICATED_FANS, amount=fans)
    for earned in outcome.spp:
        if earned.total:
            player, _ = lock_player(earned.player_id)
            player.spp_earned += earned.total
            player.save(update_fields=["spp_earned"])
            record(EffectKind.SPP, player, amount=earned.total)
    for owed in getattr(outcome, "improvements", ()):
        _owe_roll(record, owed.player_id, [roll.as_dict() for roll in owed.rolls])
    _apply_injuries(record, who, match, outcome, team)
    apply_gained(record, outcome)
    for pid in outcome.quit:
        _set(record, pid, EffectKind.STATUS, status=PlayerStatus.RETIRED, left_at=timezone.now())
    _write_stats(application, team, outcome, before, done)


def _owe_roll(record: _Recorder, player_id: Any, rolls: list[dict[str, Any]]) -> None:
    """An Improvement roll the player takes later (``teams.services.spend_spp`` replays
    it): the first one owed is his pending advancement, any more wait in its queue."""
    player, _ = lock_player(player_id)
    pending = dict(player.pending_advancement or {})
    if pending.get("kind") == Advancement.Kind.IMPROVEMENT:
        after = {**pending, "queued": [*pending.get("queued", []), plain(rolls)]}
    else:
        after = {"kind": Advancement.Kind.IMPROVEMENT.value, "rolls": plain(rolls), "queued": []}
    player.pending_advancement = after
    player.save(update_fields=["pending_advancement"])
    record(
        EffectKind.IMPROVEMENT_ROLL,
        player,
        before={"pending_advancement": pending},
        after={"pending_advancement": after},
    )


def _apply_injuries(record: _Recorder, who: Any, match: Match, outcome: Any, team: Team) -> None:
    lasting = dict(outcome.characteristic_losses)
    niggling = set(outcome.niggling_injuries)
    planned: list[tuple[Any, str, str]] = [(p, InjuryRecord.Kind.DEAD, "") for p in outcome.dead]
    planned += [(pid, InjuryRecord.Kind.LASTING, c) for pid, c in lasting.items()]
    planned += [(pid, InjuryRecord.Kind.NIGGLING, "") for pid in outcome.niggling_injuries]
    planned += [
        (pid, InjuryRecord.Kind.MISS_NEXT_GAME, "")
        for pid in outcome.miss_next_game
        if pid not in niggling and pid not in lasting
    ]
    for pid, kind, characteristic in planned:
        player = Player.objects.get(pk=pid)
        before = _fields(player)
        injury = record_injury(
            who,
            player,
            kind,
            lasting_injury=_lasting(characteristic) if characteristic else None,
            source=match.label,
        )
        player.refresh_from_db()
        if kind in (InjuryRecord.Kind.LASTING, InjuryRecord.Kind.NIGGLING):
            player.miss_next_game = True  # Serious and Lasting Injuries carry MNG
            player.save(update_fields=["miss_next_game"])
        record(
            EffectKind.INJURY,
            player,
            before=before,
            after=_fields(player),
            injury_record_id=injury.pk,
        )


def _set(record: _Recorder, player_id: Any, kind: str, **changes: Any) -> None:
    player, _ = lock_player(player_id)
    before = {name: getattr(player, name) for name in changes if name != "left_at"}
    for name, value in changes.items():
        setattr(player, name, value)
    player.save(update_fields=list(changes))
    record(kind, player, before=before, after={k: v for k, v in changes.items() if k in before})


def _hire_journeyman(record: _Recorder, who: Any, player: Player) -> None:
    skills_before = set(player.skills.values_list("skill", flat=True))
    hire_journeyman_permanently(who, player, by_post_game=True)
    entry = record.team.ledger_entries.filter(reason=LedgerReason.JOURNEYMAN_HIRE).latest("id")
    record(EffectKind.LEDGER, amount=entry.amount, ledger_entry=entry)
    removed = sorted(skills_before - set(player.skills.values_list("skill", flat=True)))
    record(EffectKind.JOURNEYMAN_HIRED, player, before={"journeyman": True, "skills": removed})


def _write_stats(
    application: PostGameApplication,
    team: Team,
    outcome: Any,
    before: TeamState,
    reports: tuple[PlayerReport, ...],
) -> None:
    by_player = {r.player_id: r for r in reports}
    mvp = outcome.mvp.player_id if outcome.mvp else None
    rows = []
    for player in before.players:
        if not player.available:
            continue
        done = by_player.get(player.id)
        rows.append(
            PlayerMatchStats(
                player_id=player.id,
                match=application.match,
                application=application,
                team=team,
                season_id=application.match.fixture.season_id,
                touchdowns=done.touchdowns if done else 0,
                completions=done.completions if done else 0,
                casualties=(done.casualties + done.other_casualties) if done else 0,
                interceptions=done.interceptions if done else 0,
                deflections=done.deflections if done else 0,
                spp=outcome.spp_of(player.id),
                mvp=mvp is not None and mvp == player.id,
            )
        )
    PlayerMatchStats.objects.bulk_create(rows)


# --- corrections ------------------------------------------------------------------------


def revert_problems(application: PostGameApplication) -> list[str]:
    """Why the application cannot be inverted as things stand (empty: it can). SPP spent
    since and gold spent since are no reason: the correction keeps the SPP for the
    commissioner to decide (``SppShortfall``) and checks the treasuries at the end
    (``settle_deferred``)."""
    problems = []
    effects = application.effects.select_related("player", "team")
    for effect in effects:
        player = effect.player
        returning = effect.before.get("status") == PlayerStatus.ACTIVE
        if player and returning and effect.after.get("status") != PlayerStatus.ACTIVE:
            holder = (
                Player.objects.filter(
                    team=effect.team, status=PlayerStatus.ACTIVE, number=player.number
                )
                .exclude(pk=player.pk)
                .first()
            )
            if holder is not None:
                problems.append(
                    f"{player.name} would come back, but #{player.number} "
                    f"is now worn by {holder.name}"
                )
    for effect in effects.filter(kind=EffectKind.IMPROVEMENT_ROLL):
        player = effect.player
        if player is None:
            continue
        player.refresh_from_db(fields=["pending_advancement"])
        if player.pending_advancement != effect.after.get("pending_advancement"):
            problems.append(
                f"{player.name} has already taken an Improvement roll made in "
                f"{application.match.label}"
            )
    return problems


def revert_effects(application: PostGameApplication, actor: Actor) -> None:
    """Undo every effect of the application, newest first (teams already locked)."""
    label = application.match.label
    for effect in application.effects.select_related("ledger_entry").order_by("-id"):
        if effect.kind == EffectKind.LEDGER:
            entry = effect.ledger_entry

            def link(reversal: TreasuryEntry, effect: AppliedEffect = effect) -> None:
                effect.reversal_entry = reversal
                effect.save(update_fields=["reversal_entry"])

            what = LedgerReason(entry.reason).label.lower() if entry else "gold"
            _ledger(
                effect.team_id,
                -effect.amount,
                LedgerReason.CORRECTION,
                f"Correction of {label}: reverses {what}",
                actor,
                application.match_id,
                link,
            )
        elif effect.kind == EffectKind.DEDICATED_FANS:
            team = lock_team(effect.team_id)
            team.dedicated_fans = max(1, team.dedicated_fans - effect.amount)
            team.save(update_fields=["dedicated_fans", "updated_at"])
        else:
            _revert_player(effect)
    application.player_stats.all().delete()
    application.reverted_at = timezone.now()
    application.save(update_fields=["reverted_at"])


def _revert_player(effect: AppliedEffect) -> None:
    assert effect.player_id is not None, "a player effect names its player"
    player, team = lock_player(effect.player_id)
    if effect.kind in (EffectKind.SPP, EffectKind.SPP_GRANT):
        held = _DEFERRED.get()
        if held is not None:  # taken back once everything given is in
            held.spp[player.pk] = held.spp.get(player.pk, 0) + effect.amount
            return
        player.spp_earned -= effect.amount
    elif effect.kind == EffectKind.IMPROVEMENT_ROLL:
        player.pending_advancement = effect.before.get("pending_advancement") or {}
    elif effect.kind == EffectKind.TEMPORARILY_RETIRED:
        player.temporarily_retired = False
    elif effect.kind == EffectKind.SKILL_GAINED:
        revert_gained(effect)
    elif effect.kind == EffectKind.JOURNEYMAN_HIRED:
        player.journeyman = True
        for skill in effect.before.get("skills", []):
            PlayerSkill.objects.get_or_create(
                player=player, skill=skill, defaults={"source": PlayerSkill.Source.OTHER}
            )
        ruleset = ruleset_of(team)
        player.current_value = current_value(ruleset, roster_of(team, ruleset), player)
    else:
        if effect.kind == EffectKind.INJURY and effect.injury_record_id:
            InjuryRecord.objects.filter(pk=effect.injury_record_id).delete()
        for name, value in effect.before.items():
            if name in COUNTED_FIELDS and value is not None:
                setattr(player, name, getattr(player, name) + value - effect.after[name])
            elif name in SET_FIELDS and value != effect.after.get(name):
                setattr(player, name, value)
        if player.status == PlayerStatus.ACTIVE:
            player.left_at = None
    player.save()
