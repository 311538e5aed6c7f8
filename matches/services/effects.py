"""Applying a post-game to the teams (``reversal`` inverts it for a correction).

Every change is made through the teams app's services where one exists
(``post_to_ledger``, ``record_injury``, ``hire_journeyman_permanently``,
``release_journeymen``, ``temporarily_retire``) or on rows it locks
(``lock_team``/``lock_player``) where none does (SPP earned, Dedicated Fans,
a player's return from MNG, a player who quits, an Improvement roll owed), and
each is kept as an ``AppliedEffect`` row holding what it changed, so
``reversal.revert_effects`` can undo exactly that: ledger entries are reversed by a
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

from typing import Any

from django.utils import timezone

from config.types import Actor
from matches.models import AppliedEffect, EffectKind, Match, PlayerMatchStats, PostGameApplication
from matches.services._common import SIDES, plain, snapshot_states, team_actor, team_of
from matches.services.deferral import post_gold
from matches.services.report_shapes import player_reports
from matches.services.reports import events_of
from matches.services.skills_gained import apply_gained
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
    PlayerStatus,
    Team,
    TreasuryEntry,
)
from teams.services import (
    hire_journeyman_permanently,
    record_injury,
    release_journeymen,
    temporarily_retire,
)
from teams.services._common import lock_player, lock_team

LEDGER_REASONS = {
    "winnings": LedgerReason.WINNINGS,
    "expensive_mistake": LedgerReason.EXPENSIVE_MISTAKE,
    "spiralling_expenses": LedgerReason.SPIRALLING_EXPENSES,
    "purchases": LedgerReason.PURCHASES,
}
# Player fields an injury may change, as (field, how a reversal restores it).
COUNTED_FIELDS = ("ma", "st", "ag", "pa", "av", "niggling_injuries")
SET_FIELDS = ("status", "miss_next_game")


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
    post_gold(record.team.pk, change.amount, reason, note, actor, match.pk, link)


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
