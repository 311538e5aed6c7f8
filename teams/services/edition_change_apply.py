"""Writing a re-draft into another edition (``teams.services.edition_change`` previews
it): each re-hired player's new position, characteristics, skills and value, the team's
new edition and option, and, once the re-draft is done, what the move did kept on its
``Redraft`` row and in the audit. Under the caller's transaction and locks
(``leagues.services.team_redraft.change_edition``)."""

from __future__ import annotations

from typing import Any

from core.types import Actor
from rules_engine.edition_change import MappedPlayer
from rules_engine.ruleset import Position, Roster, Ruleset
from rules_engine.wording import Wording, as_plain, english, say, say_plural, thousands
from teams.audit import log_action
from teams.models import Advancement, Player, PlayerSkill, Team
from teams.services._common import current_value, ruleset_for_key
from teams.services.edition_change import EditionChangePreview
from teams.services.redraft import RedraftResult
from teams.services.redraft_season import edition_name

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")


def apply_mapping(team: Team, preview: EditionChangePreview, rehire: list[int]) -> None:
    """Write each player's new position, characteristics, skills and value; the
    team's new edition and option."""
    move, mapping = preview.move, preview.mapping
    ruleset = ruleset_for_key(move.to_key)
    roster = ruleset.roster(mapping.roster_slug)
    team.ruleset = move.to_key
    team.special_rule_choice = mapping.special_rule_choice or ""
    fields = ["ruleset", "special_rule_choice", "updated_at"]
    for cut in mapping.staff_cuts:
        # Fans carry over (cut to the new cap, without refund); staff and re-rolls are
        # bought again by the re-draft, within the new caps.
        if cut.field == "dedicated_fans":
            team.dedicated_fans = cut.cap
            fields.append("dedicated_fans")
    team.save(update_fields=fields)
    by_id = {p.pk: p for p in preview.players}
    for pid in rehire:
        player, mapped = by_id[pid], mapping.player(pid)
        assert mapped.position_slug is not None  # checked by the preview
        _move_player(ruleset, roster, player, roster.positions[mapped.position_slug], mapped)
        if mapped.dropped_skills:
            PlayerSkill.objects.filter(player=player, skill__in=mapped.dropped_skills).delete()
        for old, new in mapped.renamed:
            PlayerSkill.objects.filter(player=player, skill=old).update(skill=new)
        _mark_lost_improvements(player, mapped, edition_name(move.to_key))


def _move_player(
    ruleset: Ruleset, roster: Roster, player: Player, position: Position, mapped: MappedPlayer
) -> None:
    """The player's new position, characteristics (the mapping's, else the position's),
    value increases and current value; a roll waiting on him is dropped."""
    player.position_slug = position.slug
    for name in CHARACTERISTICS:
        value = mapped.characteristics.get(name)
        setattr(player, name, value if value is not None else getattr(position, name))
    player.value_increases = mapped.value_increases
    player.pending_advancement = {}
    player.current_value = current_value(ruleset, roster, player)
    player.save(
        update_fields=[
            "position_slug",
            *CHARACTERISTICS,
            "value_increases",
            "pending_advancement",
            "current_value",
        ]
    )


def _mark_lost_improvements(player: Player, mapped: MappedPlayer, to_name: str) -> None:
    """A lost improvement no longer counts against the characteristic's maximum; the
    advancement stays in the history, saying what became of it."""
    for name in mapped.dropped_improvements:
        characteristic = name.lstrip("+").lower()
        row = (
            Advancement.objects.filter(player=player, characteristic=characteristic)
            .order_by("-number")
            .first()
        )
        if row is not None:
            row.characteristic = ""
            lost = say(
                "{result} (lost at the move to {edition})", result=row.result, edition=to_name
            )
            row.result = english(lost)[:100]
            row.result_said = as_plain(lost)
            row.save(update_fields=["characteristic", "result", "result_said"])


def record_edition_change(
    actor: Actor,
    team: Team,
    preview: EditionChangePreview,
    kept: list[int],
    before: dict[str, Any],
    result: RedraftResult,
) -> None:
    """Keep what the move did on the re-draft's row (``Redraft.edition_change``) and in
    the audit: each player's mapping, and the losses confirmed."""
    mapping = preview.mapping
    kept_set = set(kept)
    record_data = {
        "from": preview.move.from_key,
        "to": preview.move.to_key,
        "special_rule_choice": mapping.special_rule_choice,
        "players": [_player_data(p) for p in mapping.players if p.id in kept_set],
        "losses": [loss.as_dict() for loss in preview.losses],
        "over_limit": [
            {
                "position": o.position_slug,
                "maximum": o.maximum,
                "players": list(o.ids),
                "kept": list(o.kept or ()),
            }
            for o in mapping.over_limit
        ],
        "released": [{"player": p.id, "name": p.name} for p in mapping.released],
        "staff_cuts": [cut.as_dict() for cut in mapping.staff_cuts],
    }
    if result.record is not None:
        result.record.edition_change = record_data
        result.record.save(update_fields=["edition_change"])
    log_action(
        actor,
        "team.edition_change",
        _moved_line(team, preview, len(kept), result.team.treasury),
        league=preview.record.league_id,
        team=team,
        redraft=result.record.pk if result.record else None,
        before=before,
        after={"ruleset": team.ruleset, "treasury": result.team.treasury},
        losses=[loss.as_dict() for loss in preview.losses],
        released=[p.id for p in mapping.released],
        staff_cuts=[cut.as_dict() for cut in mapping.staff_cuts],
    )


def _moved_line(team: Team, preview: EditionChangePreview, kept: int, treasury: int) -> Wording:
    """The history's line for a team moved to another edition."""
    released = preview.mapping.released
    values: dict[str, object] = {
        "team": team.name,
        "old": preview.from_name,
        "new": preview.to_name,
        "season": preview.record.to_season_name,
        "mapped": say_plural("{count} player mapped", "{count} players mapped", kept),
        "lost": say_plural("{count} thing lost", "{count} things lost", len(preview.losses)),
        "treasury": thousands(treasury),
    }
    if not released:
        return say(
            "{team} moved from {old} to {new} for {season}: {mapped}, {lost}, "
            "{treasury} gp in the treasury.",
            **values,
        )
    left = say_plural(
        "{count} player over a position's maximum left ({names})",
        "{count} players over a position's maximum left ({names})",
        len(released),
        names=", ".join(str(p) for p in released),
    )
    return say(
        "{team} moved from {old} to {new} for {season}: {mapped}, {lost}, {left}, "
        "{treasury} gp in the treasury.",
        left=left,
        **values,
    )


def _player_data(p: MappedPlayer) -> dict[str, Any]:
    return {
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
