"""How a player develops, for his pages: the player with his history, the title his
career has earned, and the advancements his SPP pay for or the roll waiting on him.

How a ruleset's players develop is its edition's ``development`` (rules_engine.edition):
``SPEND_SPP`` (BB2020: SPP spent on advancements the coach chooses), ``IMPROVEMENT_ROLL``
(classic: the roll a new SPP title earns, waiting on the player) or ``NO_DEVELOPMENT``
(Blitz Bowl); the first two are re-exported here for the views.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch

from rules_engine import Edition, edition_for, get_ruleset
from rules_engine.bb2020.advancement import AdvancementOption
from rules_engine.classic import IMPROVEMENT
from rules_engine.edition import IMPROVEMENT_ROLL as IMPROVEMENT_ROLL
from rules_engine.edition import NO_DEVELOPMENT
from rules_engine.edition import SPEND_SPP as SPEND_SPP
from rules_engine.errors import DiceScriptError, RulesError
from teams.models import Advancement, InjuryRecord, Player, PlayerSkill
from teams.services.advancement import AdvancementChoice, replayed
from teams.services.convert import player_state


def edition_of(ruleset_key: str) -> Edition | None:
    """The ruleset's edition, or None for a key the engine does not know."""
    try:
        return edition_for(ruleset_key)
    except LookupError:
        return None


def player_with_history(player_id: int) -> Player:
    """A player (any status) with his team, skills and the advancement each came
    from, advancements and injuries. Raises ``Player.DoesNotExist``."""
    return (
        Player.objects.select_related("team", "team__coach")
        .prefetch_related(
            Prefetch(
                "skills",
                queryset=PlayerSkill.objects.select_related("advancement").order_by("id"),
            ),
            Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
            Prefetch("injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")),
        )
        .get(pk=player_id)
    )


def player_title(player: Player) -> str | None:
    """The title the player's career has earned him, as his edition gives it
    ("Veteran"; None before the first, or where the edition has none). Reads the
    skills and advancements ``player_with_history`` prefetched."""
    edition = edition_of(player.team.ruleset)
    return edition.player_title(player_state(player)) if edition is not None else None


def development(ruleset_key: str) -> str:
    """How players of the ruleset develop: ``SPEND_SPP``, ``IMPROVEMENT_ROLL`` or
    ``NO_DEVELOPMENT`` ("")."""
    edition = edition_of(ruleset_key)
    return edition.development if edition is not None else NO_DEVELOPMENT


def advancement_options(player: Player) -> tuple[AdvancementOption, ...]:
    """The advancements the player's unspent SPP pay for now (none for a player
    who left, or whose ruleset does not spend SPP on advancements: a classic player
    takes the Improvement roll waiting on him, ``pending_choice``)."""
    edition = edition_of(player.team.ruleset)
    if not player.is_active or edition is None:
        return ()
    return edition.advancement_options(get_ruleset(player.team.ruleset), player_state(player))


def can_advance(player: Player) -> bool:
    """Whether the player may spend SPP now, or has a roll waiting for a choice."""
    if not player.is_active or not development(player.team.ruleset):
        return False
    return bool(player.pending_advancement) or bool(advancement_options(player))


def must_advance(player: Player) -> bool:
    """Whether the player may no longer save his SPP (BB2025: they reached the cost of a
    characteristic improvement as his next advancement)."""
    edition = edition_of(player.team.ruleset)
    if not player.is_active or edition is None:
        return False
    return edition.must_advance(player_state(player))


def pending_choice(player: Player) -> AdvancementChoice | None:
    """The question a roll already made asks the coach - BB2020's characteristic D16,
    classic's Improvement roll, BB2025's two random skills (on the category they were
    rolled on) - asked again by the ruleset's ``take_advancement`` over
    the stored dice, changing nothing; None without such a roll (or if the player has
    changed so that the engine no longer asks: ``spend_spp`` then says why)."""
    pending = player.pending_advancement or {}
    edition = edition_of(player.team.ruleset)
    if not pending or not player.is_active or edition is None or not edition.development:
        return None
    ruleset = get_ruleset(player.team.ruleset)
    try:
        result = edition.take_advancement(
            ruleset,
            player_state(player),
            str(pending.get("kind")),
            replayed(pending["rolls"]),
            category=pending.get("category"),
        )
    except (RulesError, DiceScriptError, LookupError, KeyError, TypeError, ValueError):
        return None
    if result.applied or result.pending is None:
        return None
    return AdvancementChoice(
        player=player,
        kind=str(pending["kind"]),
        choice=result.pending.kind,
        prompt=str(result.pending.prompt),  # in the reader's language
        options=dict(result.pending.options),
        rolls=[roll.as_dict() for roll in result.rolls],
    )


def choice_options(player: Player, choice: AdvancementChoice) -> dict[str, Any]:
    """The engine's options of ``choice`` plus, where the coach may pick a skill, the
    skills he may take, by category: ``skills`` for BB2020's characteristic improvement
    (a skill instead), and each classic Improvement option's ``skills``."""
    ruleset = get_ruleset(player.team.ruleset)
    takeable = edition_for(ruleset.key).takeable_skills
    state = player_state(player)
    options = dict(choice.options)
    if choice.choice == "characteristic_improvement":
        categories = [*options.get("primary", []), *options.get("secondary", [])]
        options["skills"] = {c: list(takeable(ruleset, state, c)) for c in categories}
    elif choice.choice == IMPROVEMENT:
        options["options"] = [
            {
                **option,
                "skills": {c: list(takeable(ruleset, state, c)) for c in option["categories"]},
            }
            for option in options.get("options", [])
        ]
    return options
