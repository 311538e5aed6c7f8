"""Re-drafting a team into another edition (issue 14, "BB2020 -> BB2025 re-draft").

When the commissioner opens a league's next season under another edition
(``leagues.services.rollover``), each team re-drafts into it: its permanent players
are mapped onto the new edition's roster of its race (``rules_engine.edition_change``:
same position by slug or name, else the coach's choice; skills kept where still legal;
characteristics within the new limits; values recomputed with the new value
increases), then the re-draft runs as usual under the new edition's rules - its budget
from the recorded season, its re-hire fees, staff and re-rolls at its prices, its
recovery rolls (``teams.services.redraft.redraft_team``).

``preview_edition_change`` says, before anything is written, what each player becomes
and everything that cannot carry over (and, where the new roster names a Team Captain,
whom the coach names: ``teams.services.captain``); ``change_edition`` does it in one transaction
once the coach has chosen the positions left open and confirmed the losses. A choice
the rules refuse comes back as field messages (a Django ``ValidationError`` with a
dict: the API's 400 body, the page's form errors) and nothing changes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from config.types import Actor
from leagues.models import Season
from rules_engine.bb2020.state import TeamState
from rules_engine.edition_change import EditionMove, Loss, TeamMapping, edition_move, map_team
from rules_engine.errors import DraftError, RulesError
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import Advancement, Player, PlayerSkill, Team
from teams.services._common import (
    current_value,
    gp,
    lock_team,
    require_active,
    require_change,
    ruleset_for_key,
)
from teams.services.convert import player_state, state_players
from teams.services.draft import PlayerSpecs
from teams.services.redraft import RedraftResult, redraft_team
from teams.services.redraft_plan import RedraftPlan, plan_redraft
from teams.services.redraft_season import SeasonRecord, edition_name, season_to_redraft


@dataclass(frozen=True)
class EditionChangePreview:
    """The re-draft into another edition as chosen so far, nothing written: each
    player's mapping, what cannot carry over (for the players re-hired and the team),
    the re-draft priced in the new edition, and every problem by field."""

    record: SeasonRecord
    move: EditionMove
    mapping: TeamMapping
    plan: RedraftPlan
    players: list[Player]
    losses: list[Loss]
    problems: dict[str, list[str]] = field(default_factory=dict)

    @property
    def from_name(self) -> str:
        return edition_name(self.move.from_key)

    @property
    def to_name(self) -> str:
        return edition_name(self.move.to_key)

    @property
    def all_problems(self) -> list[str]:
        return [m for messages in self.problems.values() for m in messages]


@dataclass(frozen=True)
class EditionChangeResult:
    """What the move did: the mapping, the losses confirmed, and the re-draft."""

    mapping: TeamMapping
    losses: list[Loss]
    redraft: RedraftResult


def edition_change_record(team: Team, from_season: Season | int | None = None) -> SeasonRecord:
    """The season the team re-drafts after into another edition (TeamError if none)."""
    return season_to_redraft(team, from_season, into_another_edition=True)


def has_edition_change(team: Team) -> bool:
    """Whether the team's waiting re-draft is into another edition."""
    try:
        edition_change_record(team)
    except RulesError:
        return False
    return True


def _move_of(team: Team, record: SeasonRecord) -> EditionMove:
    try:
        return edition_move(team.ruleset, record.to_season.ruleset)
    except RulesError as error:
        raise TeamError(error.messages) from None


def _permanent_players(team: Team) -> list[Player]:
    return [p for p in state_players().filter(team=team) if not p.journeyman]


def _int_keys(positions: Mapping[Any, Any] | None) -> dict[Any, Any]:
    # Player ids arrive as JSON object keys (strings) or form values; the mapping
    # reads them as the database's integers.
    out: dict[Any, Any] = {}
    for key, value in (positions or {}).items():
        try:
            out[int(key)] = value
        except (TypeError, ValueError):
            out[key] = value
    return out


def _mapping(
    team: Team,
    move: EditionMove,
    players: list[Player],
    positions: Mapping[Any, Any] | None,
    special_rule_choice: str | None,
) -> TeamMapping:
    state = TeamState(
        id=team.pk,
        name=team.name,
        roster_slug=team.roster_slug,
        players=tuple(player_state(p) for p in players),
        special_rule_choice=team.special_rule_choice or None,
        apothecary=team.apothecary,
    )
    kinds = {p.pk: {s.skill: s.source for s in p.skills.all()} for p in players}
    try:
        return map_team(
            move,
            state,
            positions=_int_keys(positions),
            special_rule_choice=special_rule_choice or None,
            skill_kinds=kinds,
        )
    except RulesError as error:
        raise TeamError(error.messages) from None


def _as_new(team: Team, move: EditionMove, mapping: TeamMapping) -> Team:
    """An unsaved copy of the team as the new edition's (for pricing only)."""
    moved = copy.copy(team)
    moved.ruleset = move.to_key
    moved.special_rule_choice = mapping.special_rule_choice or ""
    return moved


def _mapped_players(moved: Team, mapping: TeamMapping, players: list[Player]) -> list[Player]:
    """Unsaved copies of the players the mapping placed, with their new position and
    value (for pricing the re-hire fees)."""
    ruleset = ruleset_for_key(moved.ruleset)
    roster = ruleset.roster(mapping.roster_slug)
    out = []
    for player in players:
        mapped = mapping.player(player.pk)
        if mapped.position_slug is None:
            continue
        copied = copy.copy(player)
        copied.position_slug = mapped.position_slug
        copied.value_increases = mapped.value_increases
        copied.current_value = current_value(ruleset, roster, copied)
        out.append(copied)
    return out


def preview_edition_change(
    team: Team,
    *,
    from_season: Season | int | None = None,
    positions: Mapping[Any, Any] | None = None,
    special_rule_choice: str | None = None,
    confirm_losses: bool = False,
    rehire: Iterable[Any] | None = None,
    hire: PlayerSpecs = (),
    rerolls: Any = 0,
    assistant_coaches: Any = 0,
    cheerleaders: Any = 0,
    apothecary: bool = False,
    team_captain: Any = None,
    team_captain_player: Any = None,
    record: SeasonRecord | None = None,
) -> EditionChangePreview:
    """The move as chosen, priced and checked; nothing written. ``rehire`` None keeps
    every permanent player whose position is settled (the page's first view)."""
    record = record or edition_change_record(team, from_season)
    move = _move_of(team, record)
    players = _permanent_players(team)
    mapping = _mapping(team, move, players, positions, special_rule_choice)
    moved = _as_new(team, move, mapping)
    mapped_players = _mapped_players(moved, mapping, players)
    if rehire is None:
        rehire = [p.pk for p in mapped_players]
    rehire = list(rehire)
    problems: dict[str, list[str]] = {k: list(v) for k, v in mapping.problems.items()}
    names = {p.pk: p.name for p in players}
    for pid in rehire:
        try:
            player = mapping.player(pid)
        except KeyError:
            continue  # plan_redraft says it is no permanent player of the team
        if player.position_slug is None:
            choice = next(c for c in mapping.choices if c.player_id == pid)
            problems.setdefault("positions", []).append(
                f"Choose the {edition_name(move.to_key)} position of #{player.number} "
                f"{names[pid]} ({choice.reason.split(':')[0]})"
            )
    if mapping.special_rule_choice_needed:
        problems.setdefault("special_rule_choice", []).append(
            f"Choose the team's option: {', '.join(mapping.special_rule_options)}"
        )
    kept = set(rehire)
    losses = [loss for loss in mapping.losses if loss.player_id is None or loss.player_id in kept]
    plan = plan_redraft(
        moved,
        record,
        rehire=[pid for pid in rehire if pid not in names or mapping.player(pid).mapped],
        hire=hire,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        players=mapped_players,
        team_captain=team_captain,
        team_captain_player=team_captain_player,
    )
    for name, messages in plan.captain.problems.items():
        problems.setdefault(name, []).extend(messages)
    if losses and not confirm_losses:
        problems.setdefault("confirm_losses", []).append(
            f"{len(losses)} thing(s) cannot carry over into {edition_name(move.to_key)}: "
            "confirm that they are lost (" + "; ".join(str(loss) for loss in losses) + ")"
        )
    return EditionChangePreview(
        record=record,
        move=move,
        mapping=mapping,
        plan=plan,
        players=players,
        losses=losses,
        problems=problems,
    )


def _apply_mapping(team: Team, preview: EditionChangePreview, rehire: list[int]) -> None:
    """Write each player's new position, characteristics, skills and value; the
    team's new edition and option. Under the caller's transaction and locks."""
    move, mapping = preview.move, preview.mapping
    ruleset = ruleset_for_key(move.to_key)
    roster = ruleset.roster(mapping.roster_slug)
    team.ruleset = move.to_key
    team.special_rule_choice = mapping.special_rule_choice or ""
    team.save(update_fields=["ruleset", "special_rule_choice", "updated_at"])
    by_id = {p.pk: p for p in preview.players}
    for pid in rehire:
        player, mapped = by_id[pid], mapping.player(pid)
        assert mapped.position_slug is not None  # checked by the preview
        position = roster.positions[mapped.position_slug]
        player.position_slug = position.slug
        for name in ("ma", "st", "ag", "pa", "av"):
            value = mapped.characteristics.get(name)
            setattr(player, name, value if value is not None else getattr(position, name))
        player.value_increases = mapped.value_increases
        player.pending_advancement = {}
        player.current_value = current_value(ruleset, roster, player)
        player.save(
            update_fields=[
                "position_slug",
                "ma",
                "st",
                "ag",
                "pa",
                "av",
                "value_increases",
                "pending_advancement",
                "current_value",
            ]
        )
        if mapped.dropped_skills:
            PlayerSkill.objects.filter(player=player, skill__in=mapped.dropped_skills).delete()
        for old, new in mapped.renamed:
            PlayerSkill.objects.filter(player=player, skill=old).update(skill=new)
        # A lost improvement no longer counts against the characteristic's maximum;
        # the advancement stays in the history, saying what became of it.
        for name in mapped.dropped_improvements:
            characteristic = name.lstrip("+").lower()
            row = (
                Advancement.objects.filter(player=player, characteristic=characteristic)
                .order_by("-number")
                .first()
            )
            if row is not None:
                row.characteristic = ""
                row.result = f"{row.result} (lost at the move to {edition_name(move.to_key)})"[:100]
                row.save(update_fields=["characteristic", "result"])


def change_edition(
    actor: Actor,
    team: Team,
    *,
    from_season: Season | int | None = None,
    positions: Mapping[Any, Any] | None = None,
    special_rule_choice: str | None = None,
    confirm_losses: bool = False,
    rehire: Iterable[Any] = (),
    hire: PlayerSpecs = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    team_captain: Any = None,
    team_captain_player: Any = None,
    dice: Any = None,
) -> EditionChangeResult:
    """Re-draft the team into the edition its next season is played under (see the
    module), in one transaction: players mapped, losses applied, the re-draft with its
    ledger rows and rolls, the team entered into the new season. A bad choice raises
    ``ValidationError`` (by field) or ``DraftError`` and nothing changes."""
    require_change(actor, team)
    rehire = list(rehire)
    with transaction.atomic():
        record = edition_change_record(team, from_season)
        # Season before team: the league services' lock order (as redraft_team).
        Season.objects.select_for_update(of=("self",)).get(pk=record.to_season.pk)
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        record = edition_change_record(team, record.from_season)
        preview = preview_edition_change(
            team,
            positions=positions,
            special_rule_choice=special_rule_choice,
            confirm_losses=confirm_losses,
            rehire=rehire,
            hire=hire,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            team_captain=team_captain,
            team_captain_player=team_captain_player,
            record=record,
        )
        if preview.problems:
            raise ValidationError(preview.problems)
        if preview.plan.problems:
            raise DraftError(preview.plan.problems)
        kept = [pid for pid in dict.fromkeys(rehire) if isinstance(pid, int)]
        before = {"ruleset": team.ruleset, "treasury": team.treasury}
        _apply_mapping(team, preview, kept)
        result = redraft_team(
            actor,
            team,
            from_season=record.from_season,
            rehire=kept,
            hire=hire,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            team_captain=team_captain,
            team_captain_player=team_captain_player,
            dice=dice,
        )
        mapping = preview.mapping
        kept_set = set(kept)
        record_data = {
            "from": preview.move.from_key,
            "to": preview.move.to_key,
            "special_rule_choice": mapping.special_rule_choice,
            "players": [
                {
                    "player": p.id,
                    "name": p.name,
                    "from_position": p.from_position,
                    "position": p.position_slug,
                    "how": p.position_source,
                    "skills": list(p.skills),
                    "renamed": [list(pair) for pair in p.renamed],
                    "dropped_skills": list(p.dropped_skills),
                    "dropped_improvements": list(p.dropped_improvements),
                    "value_increases_before": p.value_increases_before,
                    "value_increases": p.value_increases,
                }
                for p in mapping.players
                if p.id in kept_set
            ],
            "losses": [loss.as_dict() for loss in preview.losses],
        }
        if result.record is not None:
            result.record.edition_change = record_data
            result.record.save(update_fields=["edition_change"])
        log_action(
            actor,
            "team.edition_change",
            f"{team.name} moved from {preview.from_name} to {preview.to_name} for "
            f"{record.to_season}: {len(kept)} players mapped, {len(preview.losses)} thing(s) "
            f"lost, {gp(result.team.treasury)} in the treasury.",
            league=record.to_season.league_id,
            team=team,
            redraft=result.record.pk if result.record else None,
            before=before,
            after={"ruleset": team.ruleset, "treasury": result.team.treasury},
            losses=[loss.as_dict() for loss in preview.losses],
        )
        return EditionChangeResult(mapping=mapping, losses=preview.losses, redraft=result)
