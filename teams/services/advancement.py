"""Spending Star Player Points (facts §4 step 3): the engine's
``take_advancement`` of the team's ruleset decides (``_common.take_advancement_of``:
BB2020's advancements, classic's Improvement rolls, none in Blitz Bowl), this
service records the result and its dice."""

from __future__ import annotations

import functools
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.types import Actor
from rules_engine.bb2020.advancement import IMPROVEMENT_STEP
from rules_engine.dice import Dice, Roll, ScriptedDice, SeededDice
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset
from rules_engine.wording import Wording, say
from teams.audit import log_action
from teams.models import Advancement, Player, PlayerSkill, Team
from teams.services._common import (
    current_value,
    lock_player,
    require_active,
    require_active_player,
    require_change,
    roster_of,
    ruleset_of,
    take_advancement_of,
)
from teams.services.convert import player_state

if TYPE_CHECKING:
    from rules_engine.bb2020.advancement import AdvancementResult

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
# The engine's choice of a random skill rolled two at a time (BB2025): the coach keeps one.
RANDOM_SKILL = "random_skill"
# Characteristics the roster prints as a target number ("AG 3+").
TARGET_NUMBERS = ("ag", "pa", "av")


@dataclass(frozen=True)
class AdvancementChoice:
    """The engine needs the coach's decision before the advancement is taken.

    ``prompt`` and ``options`` are the engine's ``Choice`` (categories, skills,
    or the characteristics a D16 allows); ``prompt`` in the language active when
    the choice was read (the engine's sentence rendered then: never stored).
    ``rolls`` holds a roll already made: it stands, and the next ``spend_spp`` for
    this player replays it.
    """

    player: Player
    kind: str
    choice: str
    prompt: str
    options: Mapping[str, Any]
    rolls: list[dict[str, Any]] = field(default_factory=list)


def _new_dice() -> Dice:
    return SeededDice(secrets.randbits(64))


def _skill_source(kind: str) -> PlayerSkill.Source:
    if kind == Advancement.Kind.RANDOM_CHARACTERISTIC:
        return PlayerSkill.Source.CHARACTERISTIC_SWAP
    return PlayerSkill.Source(kind)


def _described(name: str, before: int | None, after: int | None) -> str:
    """ "+1 MA" for a characteristic that rises, "AG 2+" for a target number."""
    label = name.upper()
    if name in TARGET_NUMBERS:
        return f"{label} {after}+"
    return f"{after - before:+d} {label}" if before is not None and after is not None else label


def _record(ruleset: Ruleset, player: Player, result: AdvancementResult) -> Advancement:
    changed = result.player
    characteristic = result.characteristic or ""
    if characteristic:
        text = _described(
            characteristic,
            getattr(player, characteristic),
            changed.characteristic(ruleset, characteristic),
        )
    else:
        text = result.skill or ""
    advancement = Advancement.objects.create(
        player=player,
        number=changed.advancements,
        kind=result.kind,
        result=text,
        characteristic=characteristic,
        spp_cost=result.spp_cost,
        value_increase=result.value_increase,
        rolls=[roll.as_dict() for roll in result.rolls],
    )
    if result.skill and not characteristic:
        PlayerSkill.objects.create(
            player=player,
            skill=result.skill,
            source=_skill_source(result.kind),
            advancement=advancement,
        )
    for name in CHARACTERISTICS:
        setattr(player, name, changed.characteristic(ruleset, name))
    player.spp_spent += result.spp_cost
    player.advancements = changed.advancements
    player.value_increases = changed.value_increases
    player.current_value = current_value(ruleset, roster_of(player.team, ruleset), player)
    player.pending_advancement = next_pending(player.pending_advancement)
    player.save()
    return advancement


def next_pending(pending: Mapping[str, Any] | None) -> dict[str, Any]:
    """What stays pending once the pending roll is taken: the next roll queued (a classic
    player reaching two titles in one match owes two Improvement rolls), else nothing."""
    queued = list((pending or {}).get("queued") or [])
    if not pending or not queued:
        return {}
    return {"kind": pending["kind"], "rolls": queued[0], "queued": queued[1:]}


def replayed(rolls: list[dict[str, Any]]) -> Dice:
    """Dice giving back the results of rolls already made, in order. Results only: a roll
    made in a match keeps the purpose it had then (the player's name may change since)."""
    return ScriptedDice(Roll.from_dict(roll).result for roll in rolls)


def _pending_category(player: Player, pending: Mapping[str, Any], category: str | None) -> Any:
    """The category the pending roll was made on (a BB2025 random skill: the two skills
    rolled on its table), whatever category is asked now; another one is refused."""
    rolled_on = pending.get("category")
    if not rolled_on:
        return category
    if category and str(category).casefold() != str(rolled_on).casefold():
        raise ValidationError(
            {
                "category": [
                    _(
                        "%(name)s rolled on the %(category)s table: keep one of the skills "
                        "rolled there (the roll stands)"
                    )
                    % {"name": player.name, "category": rolled_on}
                ]
            }
        )
    return rolled_on


def _applied(
    actor: Actor, team: Any, ruleset: Ruleset, player: Player, result: AdvancementResult
) -> Advancement:
    advancement = _record(ruleset, player, result)
    log_action(
        actor,
        "advancement.spend",
        say(
            "{team}: #{number} {player} took advancement {advancement}, {result} ({spp} SPP).",
            team=team.name,
            number=player.number,
            player=player.name,
            advancement=advancement.number,
            result=advancement.result,
            spp=advancement.spp_cost,
        ),
        team=team,
        player=player.pk,
        advancement=advancement.pk,
        kind=advancement.kind,
        result=advancement.result,
        spp_cost=advancement.spp_cost,
        value_increase=advancement.value_increase,
    )
    return advancement


def _asked(player: Player, kind: str, result: AdvancementResult) -> AdvancementChoice:
    choice = result.pending
    return AdvancementChoice(
        player=player,
        kind=kind,
        choice=choice.kind if choice else "",
        prompt=str(choice.prompt) if choice else "",
        options=dict(choice.options) if choice else {},
        rolls=[roll.as_dict() for roll in result.rolls],
    )


def _keep_rolls(
    player: Player, kind: str, category: str | None, result: AdvancementResult
) -> dict[str, Any]:
    """Keep the dice a question was asked after (a D16, two random skills) on the player:
    they stand, replayed until he answers. Nothing without dice."""
    if not result.rolls:
        return {}
    pending: dict[str, Any] = {"kind": kind, "rolls": [r.as_dict() for r in result.rolls]}
    if result.pending is not None:
        pending["choice"] = result.pending.kind
    if category:
        # The table the dice were rolled on: the roll stands on it alone.
        pending["category"] = category
    player.pending_advancement = pending
    player.save(update_fields=["pending_advancement"])
    return pending


def _refusal(error: AdvancementError, pending: Mapping[str, Any], skill: Any) -> Exception:
    if pending.get("choice") == RANDOM_SKILL and skill is not None:
        # "rolled Block and Dauntless; 'Dodge' is not one of them": the skill field's.
        return ValidationError({"skill": error.messages})
    return error


def _kind_label(kind: object) -> str:
    """An advancement's kind as the pages name it ("Random primary skill"), never its key."""
    try:
        return str(Advancement.Kind(str(kind)).label)
    except ValueError:
        return _("another kind")


def _locked_to_advance(actor: Actor, player: Player) -> tuple[Player, Team]:
    """The player and his team, locked, once the actor may change them and both are active."""
    player, team = lock_player(player)
    require_change(actor, team)
    require_active(team)
    require_active_player(player)
    return player, team


def _same_kind(player: Player, pending: dict[str, Any], kind: str) -> dict[str, Any]:
    """The roll waiting on the player, if ``kind`` is what it was rolled for (a roll is
    answered before anything else is asked)."""
    if kind != pending.get("kind"):
        raise AdvancementError(
            _(
                "%(name)s has rolled for an advancement (%(kind)s): choose what he takes "
                "before anything else"
            )
            % {"name": player.name, "kind": _kind_label(pending.get("kind"))}
        )
    return pending


def spend_spp(
    actor: Actor,
    player: Player,
    kind: Advancement.Kind | str,
    *,
    category: str | None = None,
    skill: str | None = None,
    characteristic_choice: str | None = None,
    dice: Dice | None = None,
) -> Advancement | AdvancementChoice:
    """Spend the player's SPP on one advancement of ``kind`` (random_primary,
    chosen_primary, random_secondary, chosen_secondary, random_characteristic), or,
    for a classic player, take the Improvement roll a new title earned (``kind``
    "improvement"; ``characteristic_choice`` one of the roll's options - ma, st, ag,
    av, new_skill, any_skill - and ``skill`` for a skill; the roll the post-match
    made waits on the player and is replayed; no SPP are spent).

    Returns the stored ``Advancement`` (its rolls kept), with the player's
    characteristics, skills, SPP spent, advancements, value increases and
    current value updated; or an ``AdvancementChoice`` when the coach must
    still decide (the category of a random skill, the skill - BB2025 rolls two and
    the coach keeps one - or what to take after the characteristic roll). Dice rolled
    before a question are kept on the player (with the category they were rolled on)
    and replayed when he calls again, whatever ``dice`` says, even when his answer is
    refused: a roll is made once. Dice default to fresh ``SeededDice``; tests pass
    ``ScriptedDice``. The engine's AdvancementError says what is wrong with a request;
    a skill that is not one of the two rolled is a ValidationError on ``skill``.
    """
    kind = str(kind)
    with transaction.atomic():
        player, team = _locked_to_advance(actor, player)
        ruleset = ruleset_of(team)
        take = functools.partial(take_advancement_of(ruleset), ruleset, player_state(player), kind)
        pending = player.pending_advancement or {}
        if pending:
            category = _pending_category(player, _same_kind(player, pending, kind), category)
        else:
            # First the dice alone: what they give stands before any answer is read.
            dice = dice or _new_dice()
            probe = take(dice, category=category)
            if probe.applied:
                return _applied(actor, team, ruleset, player, probe)
            pending = _keep_rolls(player, kind, category, probe)
            if skill is None and characteristic_choice is None:
                return _asked(player, kind, probe)
        try:
            result = take(
                replayed(pending["rolls"]) if pending else dice,
                category=category,
                skill=skill,
                characteristic_choice=characteristic_choice,
            )
        except AdvancementError as error:
            refused = _refusal(error, pending, skill)
        else:
            if result.applied:
                return _applied(actor, team, ruleset, player, result)
            return _asked(player, kind, result)
    raise refused  # every other way out returned


def undo_advancement(actor: Actor, player: Player, *, note: str = "") -> Advancement:
    """A commissioner takes back the player's latest advancement, as if it had never been
    taken: its skill or characteristic improvement goes, the SPP it cost are no longer spent,
    and his value drops by its value increase. Only the latest one can go (each
    advancement's SPP cost and number follow the ones before it). Used after a
    correction took back SPP he had already spent (``matches`` SppShortfall)."""
    with transaction.atomic():
        player, team = lock_player(player)
        if actor is None or not actor.has_perm("teams.correct_treasury", team):
            raise PermissionDenied(_("Only a league commissioner may undo an advancement."))
        latest = player.advancement_history.order_by("-number").first()
        if latest is None:
            raise AdvancementError(_("%(name)s has no advancement to undo") % {"name": player.name})
        ruleset = ruleset_of(team)
        if latest.characteristic:
            name = latest.characteristic
            setattr(player, name, getattr(player, name) - IMPROVEMENT_STEP[name])
        latest.skills.all().delete()
        spent_before = player.spp_spent
        player.spp_spent = max(0, player.spp_spent - latest.spp_cost)
        player.advancements = max(0, player.advancements - 1)
        player.value_increases = max(0, player.value_increases - latest.value_increase)
        latest.delete()
        player.current_value = current_value(ruleset, roster_of(team, ruleset), player)
        player.save()
        log_action(
            actor,
            "advancement.undo",
            _undone(team, player, latest, spent_before - player.spp_spent, note),
            team=team,
            player=player.pk,
            result=latest.result,
            spp_cost=latest.spp_cost,
            value_increase=latest.value_increase,
        )
        return latest


def _undone(team: Any, player: Player, latest: Advancement, spp: int, note: str) -> Wording:
    """The audit line of an advancement undone (``note``: the commissioner's own words)."""
    values = {
        "team": team.name,
        "number": player.number,
        "player": player.name,
        "advancement": latest.number,
        "result": latest.result,
        "spp": spp,
    }
    if note:
        return say(
            "{team}: #{number} {player}'s advancement {advancement} ({result}) undone: "
            "the {spp} SPP it cost are no longer spent ({note}).",
            note=note,
            **values,
        )
    return say(
        "{team}: #{number} {player}'s advancement {advancement} ({result}) undone: "
        "the {spp} SPP it cost are no longer spent.",
        **values,
    )
