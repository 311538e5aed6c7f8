"""What a player may take, as ``AdvancementRules`` lists it (post-game step 3): the
advancements his unspent SPP pay for now, worked out once for players alike.

A player's options depend on his position, the skills he gained, the advancements he
took and his SPP: all but the SPP make the memo's key, which holds the options of each
band of SPP between the costs (a player with 7 SPP and one with 11 can afford the same
when the costs are 6 and 12), found by bisecting. The options are frozen, so players
alike share them, and so are the rows a choice lists them by (``rules_engine.shared``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.bb2020.advancement_types import (
    MAXIMUM_ADVANCEMENTS,
    AdvancementOption,
    held_skills,
    keyed_category_skills,
    skill_categories,
)
from rules_engine.bb2020.state import PlayerState
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice
from rules_engine.shared import SharedDict, SharedList
from rules_engine.wording import say

OptionsKey = tuple[str, tuple[str, ...], int]
Affordable = tuple[tuple[int, AdvancementOption], ...]
Offer = tuple[AdvancementOption, ...]
# The options, and their rows as a choice lists them (their ``as_dict()``), shared.
Offered = tuple[Offer, SharedList]
# The distinct costs of a player's options, lowest first, and what each band of SPP
# affords: band ``bisect_right(costs, spp)`` (none below the lowest cost).
Bands = tuple[tuple[int, ...], tuple[Offered, ...]]
# A player's options and choice, with the picture of him they were read of.
PlayerOffer = tuple[PlayerState, Offer, Choice | None]
_OPTIONS_MEMO_SIZE = 20_000  # players alike remembered per ruleset, then started over


class AdvancementOptions(ABC):
    """The options half of ``AdvancementRules``: its edition's ``key``, kinds and costs."""

    key: str
    skill_kinds: Mapping[str, tuple[str, bool]]
    characteristic_kind: str
    kinds: tuple[str, ...]

    @abstractmethod
    def advancement_cost(self, kind: str, taken: int) -> int:
        """SPP an advancement of ``kind`` costs after ``taken`` earlier ones."""

    @abstractmethod
    def value_increase(self, kind: str, characteristic: str | None = None) -> int:
        """Gold an advancement of ``kind`` (or a characteristic) adds to current value."""

    def start_options_memo(self) -> None:
        """Worked out once from the edition's tables (which never change once loaded),
        and per ruleset (by identity, kept alive here) the options of players alike."""
        self._category_memo: dict[str, frozenset[str]] = {}
        self._bands_memo: dict[int, tuple[Ruleset | None, dict[OptionsKey, Bands]]] = {}
        self._last_bands: tuple[Ruleset | None, dict[OptionsKey, Bands]] = (None, {})
        # Each option set once with its rows (players of other positions often share one).
        self._option_sets: dict[Offer, Offered] = {}

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        """Post-game step 3: the advancements the player's unspent SPP pay for now.

        Journeymen advance only once hired permanently (post-game step 4), and six
        advancements is the most a player has. A skill's value is shown as the kind's
        (no surcharge that depends on the skill taken). Worked out once per position,
        skills, advancements and SPP (the options are frozen: players alike share them).
        """
        bands = self._bands_for(ruleset, player)
        if bands is None:
            return ()
        return bands[1][bisect_right(bands[0], player.spp)][0]

    def advancement_offer(
        self, ruleset: Ruleset, player: PlayerState, side: str
    ) -> tuple[Offer, Choice | None]:
        """``advancement_options`` and ``AdvancementRules.advancement_choice`` of the player
        in one (what post-game step 3 lists for every player): the options, and the
        coach's choice among them (None when there is none). Its option rows are made
        once per option set and shared by every choice offering them, so they refuse
        any change (``rules_engine.shared``): a reader that wants to change one copies it."""
        bands = self._bands_for(ruleset, player)
        if bands is None:
            return (), None
        options, rows = bands[1][bisect_right(bands[0], player.spp)]
        if not options:
            return options, None
        return options, advancement_choice_of(player, side, rows)

    def advancement_offers(
        self,
        ruleset: Ruleset,
        players: Iterable[PlayerState],
        side: str,
        seen: dict[Any, PlayerOffer],
    ) -> list[PlayerOffer]:
        """Each player's ``advancement_offer``, with the picture of him it was read of, in
        one pass (post-game step 3 lists every player): ``seen`` holds those made
        before, by player id, and is given those made now; a player whose picture reads
        alike to his advancements (``reads_alike``) keeps his, the same ``Choice``."""
        # An edition's own ``advancement_offer`` is asked for each player; the plain one
        # is written out in the loop (``_bands_for`` and ``advancement_offer``).
        own = type(self).advancement_offer is not AdvancementOptions.advancement_offer
        last = self._last_bands
        memo = last[1] if last[0] is ruleset else self._bands_of(ruleset)
        made = []
        for player in players:
            try:
                found = seen.get(player.id)
            except TypeError:  # an id that cannot be a key: worked out every time
                made.append((player, *self.advancement_offer(ruleset, player, side)))
                continue
            if found is not None and (found[0] is player or reads_alike(found[0], player)):
                made.append(found)
                continue
            advancements = player.advancements
            if own:
                found = (player, *self.advancement_offer(ruleset, player, side))
            elif player.journeyman or advancements >= MAXIMUM_ADVANCEMENTS:
                found = (player, (), None)
            else:
                bands = memo.get((player.position_slug, player.skills, advancements))
                if bands is None:
                    bands = self._bands(memo, ruleset, player)
                options, rows = bands[1][bisect_right(bands[0], player.spp)]
                choice = advancement_choice_of(player, side, rows) if options else None
                found = (player, options, choice)
            seen[player.id] = found
            made.append(found)
        return made

    def _bands_for(self, ruleset: Ruleset, player: PlayerState) -> Bands | None:
        """What each band of SPP affords the player (None: he takes no advancement now)."""
        advancements = player.advancements
        if player.journeyman or advancements >= MAXIMUM_ADVANCEMENTS:
            return None
        last = self._last_bands  # the memo of the ruleset asked about last
        memo = last[1] if last[0] is ruleset else self._bands_of(ruleset)
        bands = memo.get((player.position_slug, player.skills, advancements))
        return bands if bands is not None else self._bands(memo, ruleset, player)

    def _bands(self, memo: dict[OptionsKey, Bands], ruleset: Ruleset, player: PlayerState) -> Bands:
        """What each band of SPP affords the player (not yet in ``memo``), remembered:
        every advancement he could take with SPP enough, each with its cost, worked out
        once per position, skills and advancements taken."""
        if len(memo) >= _OPTIONS_MEMO_SIZE:
            memo.clear()
        affordable = self._work_out_affordable(ruleset, player)
        costs = tuple(sorted({cost for cost, _ in affordable}))
        # Band 0 affords nothing; band b those costing at most the b-th lowest cost.
        offered = [self._option_set(())]
        for highest in costs:
            offered.append(self._option_set(tuple(o for cost, o in affordable if cost <= highest)))
        bands = memo[(player.position_slug, player.skills, player.advancements)] = (
            costs,
            tuple(offered),
        )
        return bands

    def _option_set(self, options: Offer) -> Offered:
        """The options with the rows a choice lists them by, made once per option set."""
        found = self._option_sets.get(options)
        if found is None:
            if len(self._option_sets) >= _OPTIONS_MEMO_SIZE:
                self._option_sets.clear()
            rows = SharedList(
                SharedDict({**option.as_dict(), "categories": SharedList(option.categories)})
                for option in options
            )
            found = self._option_sets[options] = (options, rows)
        return found

    def _bands_of(self, ruleset: Ruleset) -> dict[OptionsKey, Bands]:
        memo = self._bands_memo.get(id(ruleset))
        if memo is None or memo[0] is not ruleset:
            memo = self._bands_memo[id(ruleset)] = (ruleset, {})
        self._last_bands = memo
        return memo[1]

    def _work_out_affordable(self, ruleset: Ruleset, player: PlayerState) -> Affordable:
        costs = self._costs_after(player.advancements)
        held = held_skills(ruleset, player)
        options = []
        for kind, cost in costs:
            if kind == self.characteristic_kind:
                options.append((cost, AdvancementOption(kind, cost, None)))
                continue
            access = self.skill_kinds[kind][0]
            categories = tuple(
                c
                for c in skill_categories(ruleset, player, access)
                if not self._category_keys(c) <= held
            )
            if categories:
                option = AdvancementOption(kind, cost, self.value_increase(kind), categories)
                options.append((cost, option))
        return tuple(options)

    def _costs_after(self, taken: int) -> tuple[tuple[str, int], ...]:
        """Each kind's cost after ``taken`` advancements, in ``kinds`` order."""
        return tuple((kind, self.advancement_cost(kind, taken)) for kind in self.kinds)

    def _category_keys(self, category: str) -> frozenset[str]:
        """The keys of a category's skills: a player holding them all can take none."""
        memo = self._category_memo
        found = memo.get(category)
        if found is None:
            keys = keyed_category_skills(self.key, category)
            found = memo[category] = frozenset(key for _, key in keys)
        return found


def advancement_choice_of(player: PlayerState, side: str, rows: list[dict[str, Any]]) -> Choice:
    """The coach's decision after post-game step 3 for the player, offering ``rows`` (the
    options as their ``as_dict()``): which advancement, or save the SPP."""
    spp = player.spp
    kept = {"player_id": player.id, "spp": spp, "advancements": player.advancements}
    kept["options"] = rows
    prompt = say(
        "{player} has {spp} SPP: choose an advancement, or save the SPP",
        player=player.name,
        spp=spp,
    )
    return Choice(side=side, kind="advancement", prompt=prompt, options=kept)


def reads_alike(seen: PlayerState, player: PlayerState) -> bool:
    """Whether the two pictures of a player read alike to his advancement options and
    choice: all they read of him is the same (a recovered MNG changes neither)."""
    return (
        seen.spp == player.spp
        and seen.advancements == player.advancements
        and seen.skills == player.skills
        and seen.position_slug == player.position_slug
        and seen.journeyman == player.journeyman
        and seen.name == player.name
    )
