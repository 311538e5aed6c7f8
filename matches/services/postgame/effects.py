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

from core.types import Actor
from matches.models import AppliedEffect, EffectKind, Match, PlayerMatchStats, PostGameApplication
from matches.services.access import team_actor
from matches.services.postgame.deferral import gold_note, held_back, post_gold
from matches.services.postgame.skills_gained import apply_gained
from matches.services.postgame.writes import EffectsBatch, TeamWrites, add_spp, stats_rows
from matches.services.report.rows import events_of
from matches.services.report_shapes import player_reports
from matches.services.sequence_json import plain
from matches.services.snapshots import SIDES, snapshot_states
from matches.totals import refresh_stats_totals
from rules_engine.bb2020.report import RULESET as REPORT_TABLES
from rules_engine.injuries import LastingInjuryResult
from rules_engine.tables import load_tables
from rules_engine.wording import Shown
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
from teams.services._common import is_locked, lock_team
from teams.services.raised_lineman import keep_raised_lineman

LEDGER_REASONS = {
    "winnings": LedgerReason.WINNINGS,
    "expensive_mistake": LedgerReason.EXPENSIVE_MISTAKE,
    "spiralling_expenses": LedgerReason.SPIRALLING_EXPENSES,
    "purchases": LedgerReason.PURCHASES,
}
# Player fields an injury may change, as (field, how a reversal restores it).
COUNTED_FIELDS = ("ma", "st", "ag", "pa", "av", "niggling_injuries")
SET_FIELDS = ("status", "miss_next_game")


class _Side:
    """One side's team as its effects are applied: its row locked once for the
    transaction (locked again only after a teams service changed it through a lock
    of its own), who the teams services act as (asked only when one is called),
    and the effects it made, in order, for one insert at the end."""

    def __init__(
        self,
        application: PostGameApplication,
        team: Team,
        actor: Actor,
        made: list[AppliedEffect],
        writes: TeamWrites,
    ) -> None:
        self.application, self.team, self.actor, self.made = application, team, actor, made
        self.writes = writes
        self._locked: Team | None = team if is_locked(team) else None
        self._who: Actor | None = None

    def locked(self) -> Team:
        if self._locked is None:
            self._locked = lock_team(self.team.pk)
        return self._locked

    def who(self) -> Actor:
        """Who a teams service acts as; it reads and may change the team row: what is
        pending is written first, and the row locked anew after."""
        self.writes.flush()
        self._locked = None
        if self._who is None:
            self._who = team_actor(self.actor, self.team)
        return self._who

    def post(self, amount: int, reason: str, note: Shown, match_id: int, link: Any) -> None:
        """Gold in or out of the locked row's Treasury, written with the rest."""
        self.writes.post(self.locked(), amount, reason, note, self.actor, match_id, link)

    def __call__(self, kind: str, player: Player | None = None, **values: Any) -> AppliedEffect:
        if player is not None:
            values["player"] = player
        effect = AppliedEffect(application=self.application, kind=kind, team=self.team, **values)
        self.made.append(effect)
        return effect


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
    application: PostGameApplication,
    result: Any,
    actor: Actor,
    *,
    phase: str | None = None,
    teams: dict[str, Team] | None = None,
    events: list[dict[str, Any]] | None = None,
    batch: EffectsBatch | None = None,
    journeymen: list[Any] | None = None,
) -> None:
    """Apply both teams' post-game (the teams locked lowest id first, or ``teams`` as
    the caller locked them): the effects of ``phase`` ("results": the steps before the
    coaches' hiring step; "final": that step and after), or all of them (None).
    ``events``: the report's, when the caller has read them. ``teams`` ends holding
    each team's row as it stands after the effects. ``batch``: the caller's, which it
    finishes (writes) once its last phase is applied; without one, all is written here.
    ``journeymen``: the teams' active journeymen ({"id", "team"}) as the transaction
    read them before any effect (phase "final" reads them otherwise)."""
    match = application.match
    if teams is None:
        by_pk = {t.pk: lock_team(t) for t in sorted(_teams(match), key=lambda t: t.pk)}
        teams = {"home": by_pk[match.fixture.home_id], "away": by_pk[match.fixture.away_id]}
    done = player_reports(events if events is not None else events_of(application.report))
    states = snapshot_states(match, "match_teams")
    own = batch is None
    batch = batch if batch is not None else EffectsBatch()
    stats: list[PlayerMatchStats] = []
    earning: dict[Any, int] = {}
    records = {
        side: _Side(application, teams[side], actor, batch.made, batch.writes) for side in SIDES
    }
    final = _FinalReads(result, teams, journeymen) if phase == "final" else None
    for side in SIDES:
        outcome = result.teams[side]
        record = records[side]
        if phase != "final":
            _apply_results(record, outcome, earning)
            stats += stats_rows(application, record.team, outcome, states[side], done[side])
        if phase != "results":
            _apply_final(record, outcome, final)
    if own:
        batch.finish()
    for side in SIDES:
        teams[side] = records[side].locked()  # as it stands now, for what the caller does next
    add_spp(earning)
    PlayerMatchStats.objects.bulk_create(stats)
    refresh_stats_totals(stats)  # the leaderboards' totals


class _FinalReads:
    """What the final phase reads of both teams' players, in one query each: the
    journeymen still on the teams, and the players back from a Miss Next Game (locked)."""

    def __init__(self, result: Any, teams: dict[str, Team], read: list[Any] | None) -> None:
        if read is None:
            journeymen = list(
                Player.objects.filter(
                    team__in=[t.pk for t in teams.values()],
                    status=PlayerStatus.ACTIVE,
                    journeyman=True,
                ).order_by("id")
            )
        else:  # read with the report when the transaction began: less who died or quit since
            gone = {
                pid
                for side in SIDES
                for pid in (*result.teams[side].dead, *result.teams[side].quit)
            }
            journeymen = [
                Player(pk=row["id"], team_id=row["team"], status=PlayerStatus.ACTIVE)
                for row in sorted(read, key=lambda row: row["id"])
                if row["id"] not in gone
            ]
        self.journeymen: dict[Any, list[Player]] = {}
        for player in journeymen:
            self.journeymen.setdefault(player.team_id, []).append(player)
        back = [pid for side in SIDES for pid in result.teams[side].recovered]
        self.recovered = (
            _locked_players(back, status=PlayerStatus.ACTIVE, miss_next_game=True) if back else {}
        )


def _teams(match: Match) -> tuple[Team, Team]:
    return (match.fixture.home, match.fixture.away)


def _post_gold(record: _Side, change: Any) -> None:
    # The reason kept on the effect: a correction's net row may come to hold the gold.
    effect = record(
        EffectKind.LEDGER, amount=change.amount, before={"reason": LEDGER_REASONS[change.reason]}
    )

    def link(entry: TreasuryEntry) -> None:
        effect.ledger_entry = entry
        if effect.pk is not None:  # held back by a correction: posted once it is written
            effect.save(update_fields=["ledger_entry"])

    match = record.application.match
    reason = LEDGER_REASONS[change.reason]
    note = gold_note(reason, match.title)
    if held_back() is None:
        record.post(change.amount, reason, note, match.pk, link)
    else:  # a correction under way holds the gold back
        post_gold(
            record.team.pk,
            change.amount,
            reason,
            note,
            record.actor,
            match.pk,
            link,
            record,
            label=match.title,
        )


def _apply_final(record: _Side, outcome: Any, reads: _FinalReads | None = None) -> None:
    """The coaches' hiring step and after: journeymen hired for good (the others
    leave), temporary retirements, Expensive Mistakes, players back from MNG.
    ``reads``: both teams' players as the phase read them at its start."""
    team = record.team
    hired = iter(outcome.hired_journeymen)
    for change in outcome.treasury_changes:
        if change.reason == "journeyman_hired":
            _hire_journeyman(record, Player.objects.get(pk=next(hired)))
        elif change.reason in FINAL_REASONS:
            _post_gold(record, change)
    if outcome.recovered:
        back = (
            reads.recovered
            if reads is not None
            else _locked_players(outcome.recovered, status=PlayerStatus.ACTIVE, miss_next_game=True)
        )
        for pid in outcome.recovered:
            if pid in back:
                _set(record, back[pid], EffectKind.MISS_NEXT_GAME, miss_next_game=False)
    if reads is not None:  # those hired for good just now are journeymen no more
        kept = set(outcome.hired_journeymen)
        released = [p for p in reads.journeymen.get(team.pk, []) if p.pk not in kept]
    else:
        released = list(
            Player.objects.filter(team=team, status=PlayerStatus.ACTIVE, journeyman=True)
        )
    if released:
        release_journeymen(record.who(), team)
        for player in released:
            status = {"before": {"status": player.status}, "after": {"status": "retired"}}
            record(EffectKind.STATUS, player, **status)
    raised = getattr(outcome, "kept_raised", None)
    if raised:  # Masters of Undeath: the raised Lineman kept, free; a correction retires him
        player = keep_raised_lineman(record.who(), team, raised)
        status = {"before": {"status": PlayerStatus.RETIRED}, "after": {"status": player.status}}
        record(EffectKind.STATUS, player, **status)
    for pid in outcome.retired:
        temporarily_retire(record.who(), Player.objects.get(pk=pid))
        record(EffectKind.TEMPORARILY_RETIRED, Player.objects.get(pk=pid))


def _locked_players(ids: Any, **match: Any) -> dict[Any, Player]:
    """The players of ``ids`` (those matching ``match``), locked; their teams are."""
    return {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=list(ids), **match)}


def _apply_results(record: _Side, outcome: Any, earning: dict[Any, int]) -> None:
    """The steps before the coaches' hiring step: winnings (and a classic team's other
    gold), Dedicated Fans, SPP, Improvement rolls owed, injuries, deaths and quitters."""
    for change in outcome.treasury_changes:
        if change.reason not in FINAL_REASONS:
            _post_gold(record, change)
    fans = outcome.dedicated_fans_change
    if fans:
        locked = record.locked()
        locked.dedicated_fans += fans
        record.writes.changed(locked)
        record(EffectKind.DEDICATED_FANS, amount=fans)
    for earned in outcome.spp:
        if earned.total:  # written for both sides at once (``apply_effects``)
            earning[earned.player_id] = earning.get(earned.player_id, 0) + earned.total
            record(EffectKind.SPP, player_id=earned.player_id, amount=earned.total)
    for owed in getattr(outcome, "improvements", ()):
        _owe_roll(record, owed.player_id, [roll.as_dict() for roll in owed.rolls])
    _apply_injuries(record, outcome)
    apply_gained(record, outcome)
    if outcome.quit:
        players = _locked_players(outcome.quit)
        for pid in outcome.quit:
            _set(
                record,
                players[pid],
                EffectKind.STATUS,
                status=PlayerStatus.RETIRED,
                left_at=timezone.now(),
            )


def _owe_roll(record: _Side, player_id: Any, rolls: list[dict[str, Any]]) -> None:
    """An Improvement roll the player takes later (``teams.services.spend_spp`` replays
    it): the first one owed is his pending advancement, any more wait in its queue."""
    player = _locked_players([player_id])[player_id]
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


def _apply_injuries(record: _Side, outcome: Any) -> None:
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
        if player.journeyman and player.status != PlayerStatus.ACTIVE:
            continue  # let go after this match before, and kept as it left him (a correction)
        before = _fields(player)
        injury = record_injury(
            record.who(),
            player,
            kind,
            lasting_injury=_lasting(characteristic) if characteristic else None,
            source=record.application.match.label,
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


def _set(record: _Side, player: Player, kind: str, **changes: Any) -> None:
    """Change a locked player's ``changes`` and record what they were."""
    before = {name: getattr(player, name) for name in changes if name != "left_at"}
    for name, value in changes.items():
        setattr(player, name, value)
    player.save(update_fields=list(changes))
    record(kind, player, before=before, after={k: v for k, v in changes.items() if k in before})


def _hire_journeyman(record: _Side, player: Player) -> None:
    skills_before = set(player.skills.values_list("skill", flat=True))
    reason = {"reason": LedgerReason.JOURNEYMAN_HIRE.value}
    if held_back() is None:
        hire_journeyman_permanently(record.who(), player, by_post_game=True)
        entry = record.team.ledger_entries.filter(reason=LedgerReason.JOURNEYMAN_HIRE).latest("id")
        record(EffectKind.LEDGER, amount=entry.amount, ledger_entry=entry, before=reason)
    else:  # a correction under way: the fee joins the match's one correction row

        def pay(amount: int, note: str) -> None:
            effect = record(EffectKind.LEDGER, amount=amount, before=reason)

            def link(entry: TreasuryEntry) -> None:
                effect.ledger_entry = entry
                if effect.pk is not None:
                    effect.save(update_fields=["ledger_entry"])

            match = record.application.match
            post_gold(
                record.team.pk,
                amount,
                LedgerReason.JOURNEYMAN_HIRE,
                note,
                record.actor,
                match.pk,
                link,
                label=match.title,
            )

        hire_journeyman_permanently(record.who(), player, by_post_game=True, pay=pay)
    removed = sorted(skills_before - set(player.skills.values_list("skill", flat=True)))
    record(EffectKind.JOURNEYMAN_HIRED, player, before={"journeyman": True, "skills": removed})
