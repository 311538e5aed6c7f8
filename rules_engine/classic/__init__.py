"""The classic league rules (LRB era): the pre-match and post-match sequences of the
classic reference sheet, as pure steps over plain data and a ``Dice``.

The classic texts ship no rosters, so the ruleset plays with the Blood Bowl 2020
rosters, star players, skills and inducements (``loaders.classic``); the
sequences take the same ``TeamState``/``MatchReport`` pictures as BB2020's and
return results of the same shape. For a classic team ``TeamState.dedicated_fans``
holds its Fan Factor and ``PlayerState.spp`` its SPP total (never spent).

Public contract: ``pre_game``, ``post_game``, ``STANDINGS``, the rule numbers
(``gate``, ``fame``, ``winnings``, ``fan_factor_change``, ``spiralling_expenses``,
``spp_title``, ``improvement``, ...), ``take_improvement`` and ``take_advancement``
(``take_improvement`` behind BB2020's ``take_advancement`` signature, so the apps
apply a player's development the same way whatever the ruleset).
"""

from typing import Any

from rules_engine.bb2020.advancement import AdvancementOption, AdvancementResult
from rules_engine.bb2020.report import MatchReport
from rules_engine.bb2020.state import PlayerState
from rules_engine.classic.improvement import (
    Improvement,
    ImprovementOption,
    improvement,
    improvement_options,
    take_improvement,
    takeable_skills,
)
from rules_engine.classic.postgame import ClassicTeamPostGame, ImprovementRoll, post_game
from rules_engine.classic.pregame import ClassicPreGameResult, inducement_money, pre_game
from rules_engine.classic.rules import (
    ClassicSppEarned,
    agility_target,
    casualty,
    casualty_report,
    classic_agility,
    fame,
    fan_factor_change,
    fan_factor_dice,
    gate,
    injury,
    kick_off_event,
    spiralling_expenses,
    spp_award,
    spp_title,
    titles_reached,
    total_gate,
    weather,
    winnings,
)
from rules_engine.classic.tables import CHARACTERISTIC_KINDS, load_classic_tables
from rules_engine.dice import Dice
from rules_engine.errors import AdvancementError
from rules_engine.ruleset import Ruleset
from rules_engine.sequence import Choice, recording
from rules_engine.wording import say, say_plural

# League tables rank by the league's own points scheme, as for BB2020: the classic
# sheet sets no points of its own.
STANDINGS: dict[str, object] = {"rank_by": "league_points"}
# The post-match reads BB2020's events report (``bb2020.report.MatchReport``).
REPORT = MatchReport
# No post-game step holds for the coaches: the roster is updated at the sequence's last step
# (6. Update Team Roster), which nothing after it reads.
HIRING_STEP: str | None = None
# The classic sheet has no re-draft: a team plays on from season to season as it
# stands, players, injuries, Fan Factor and treasury (Dugout's reading where the
# text is silent).
BETWEEN_SEASONS = "carry_over"  # rules_engine.editions.CARRY_OVER
IMPROVEMENT = "improvement"


def take_advancement(
    ruleset: Ruleset,
    player: PlayerState,
    kind: str,
    dice: Dice,
    *,
    category: str | None = None,
    skill: str | None = None,
    characteristic_choice: str | None = None,
) -> AdvancementResult:
    """The Improvement roll a new title earned (post-match step 4), taken as BB2020's
    ``take_advancement`` takes an advancement: ``kind`` is "improvement"; the 2D6 come
    from ``dice`` (the apps replay the roll the post-match made); the pick is
    ``characteristic_choice`` (one of the roll's options: ma, st, ag, av, new_skill,
    any_skill) and, for a skill, ``skill`` (a skill alone takes "new_skill" where it
    may, else "any_skill"). Without a pick the result is pending with the roll's
    options. SPP are never spent (``spp_cost`` 0); ``category`` is not used.
    """
    del category  # the roll's option decides where a skill may come from
    if kind != IMPROVEMENT:
        raise AdvancementError(
            say(
                "A classic player takes an {improvement}, not {kind}",
                improvement=repr(IMPROVEMENT),
                kind=repr(kind),
            )
        )
    titles = titles_reached(0, player.spp)
    if player.journeyman or player.advancements >= len(titles):
        raise AdvancementError(
            say_plural(
                "{player} has no Improvement roll to take: {spp} SPP make him {title} and he "
                "has taken {count} improvement",
                "{player} has no Improvement roll to take: {spp} SPP make him {title} and he "
                "has taken {count} improvements",
                player.advancements,
                player=player.name,
                spp=player.spp,
                title=spp_title(player.spp),
            )
        )
    title = titles[player.advancements]
    with recording(dice) as rolls:
        rolled = improvement(
            dice.two_d6(say("Improvement ({player}, {title})", player=player.name, title=title))
        )
    allowed = improvement_options(ruleset, player, rolled)
    pick = characteristic_choice
    if pick is None and skill is not None:
        pick = _skill_option(ruleset, allowed, skill)
    details: dict[str, Any] = {"title": title, "improvement": rolled.result}
    if pick is None:
        options = {**rolled.as_dict(), "title": title, "options": [o.as_dict() for o in allowed]}
        prompt = say(
            "{player} is now {title}: rolled {total}; choose an improvement",
            player=player.name,
            title=title,
            total=rolled.total,
        )
        return AdvancementResult(
            player.id,
            kind,
            False,
            player,
            0,
            rolls=tuple(rolls),
            pending=Choice("", IMPROVEMENT, prompt, options),
            **details,
        )
    changed = take_improvement(ruleset, player, rolled, pick, skill)
    value = changed.value_increases - player.value_increases
    if pick in CHARACTERISTIC_KINDS:
        details["characteristic"] = pick
    else:
        details["skill"] = changed.skills[-1]
        taken = ruleset.skills.find(changed.skills[-1])
        details["category"] = taken.category if taken is not None else None
    return AdvancementResult(
        player.id, kind, True, changed, 0, value, rolls=tuple(rolls), **details
    )


def _skill_option(
    ruleset: Ruleset, allowed: tuple[ImprovementOption, ...], skill: str
) -> str | None:
    """The option a skill alone takes: "new_skill" where its category allows it, else
    "any_skill" (the first skill option of the roll); None when the roll has none."""
    kinds = [o.kind for o in allowed if o.kind not in CHARACTERISTIC_KINDS]
    found = ruleset.skills.find(skill)
    fitting = [
        o.kind
        for o in allowed
        if o.kind in kinds and found is not None and found.category in o.categories
    ]
    return next(iter(fitting or kinds), None)


class ImprovementRolls:
    """Classic development (``Edition.development_rules``): a new SPP title earns an
    Improvement roll; SPP are never spent, so nothing is on offer to buy."""

    take_advancement = staticmethod(take_advancement)
    takeable_skills = staticmethod(takeable_skills)

    def advancement_options(
        self, ruleset: Ruleset, player: PlayerState
    ) -> tuple[AdvancementOption, ...]:
        del ruleset, player  # the Improvement roll waits on the player
        return ()

    def player_title(self, player: PlayerState) -> str | None:
        """STAR PLAYER POINTS: the title his SPP reach (SPP are never spent here)."""
        return spp_title(player.spp)

    def must_advance(self, player: PlayerState) -> bool:
        del player
        return False


__all__ = [
    "ImprovementRolls",
    "BETWEEN_SEASONS",
    "HIRING_STEP",
    "IMPROVEMENT",
    "REPORT",
    "STANDINGS",
    "ClassicPreGameResult",
    "ClassicSppEarned",
    "ClassicTeamPostGame",
    "Improvement",
    "ImprovementOption",
    "ImprovementRoll",
    "agility_target",
    "casualty",
    "casualty_report",
    "classic_agility",
    "fame",
    "fan_factor_change",
    "fan_factor_dice",
    "gate",
    "improvement",
    "improvement_options",
    "inducement_money",
    "injury",
    "kick_off_event",
    "load_classic_tables",
    "post_game",
    "pre_game",
    "spiralling_expenses",
    "spp_award",
    "spp_title",
    "take_advancement",
    "take_improvement",
    "titles_reached",
    "total_gate",
    "weather",
    "winnings",
]
