"""The team draft, facts sheet section 1 (p.28-35).

A new team spends at most its budget (1,000,000 gp) on 11-16 players within
each position's limits, team re-rolls (0-8) at the roster's price, sideline
staff (assistant coaches 0-6, cheerleaders 0-12, an apothecary where the
roster allows one) and Dedicated Fans beyond the first (10,000 gp each, 6 at
most). ``validate_draft`` lists every broken rule as a sentence for the coach;
``draft_cost`` prices a draft as it is being built, valid or not.

Blood Bowl 2025 (bb2025-league-facts.md section 1) changes the numbers: cheerleaders
0-6 (also when hired later), Dedicated Fans raised during the draft only, to 3 at
most, 5,000 each step, and kept between 1 and 7 in league play; at the draft a team
holds no more Insignificant players than players without it. Its Team Captain
(section 2) is checked here too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from rules_engine.errors import DraftError
from rules_engine.ruleset import Position, Roster, Ruleset
from rules_engine.wording import Shown, Wording, say, say_plural, thousands


@dataclass(frozen=True)
class DraftRules:
    """The numbers of a ruleset's team draft."""

    budget: int = 1_000_000
    min_players: int = 11
    max_players: int = 16
    max_rerolls: int = 8
    max_assistant_coaches: int = 6
    max_cheerleaders: int = 12
    max_apothecaries: int = 1
    starting_dedicated_fans: int = 1
    max_dedicated_fans: int = 6
    dedicated_fan_cost: int = 10_000
    # Facts §1: re-rolls bought after the draft cost double; TV counts the roster price.
    reroll_price_factor_after_draft: int = 2
    # BB2025: a roster's "Favoured of ..." choice is made when the team is drafted (it
    # decides the stars and inducements the team may have), not left for later.
    special_rule_choice_at_draft: bool = False
    # BB2025: a roster with this special rule names a Team Captain among the players
    # drafted (never a Big Guy), who has ``captain_skill`` while captain.
    team_captain_rule: str | None = None
    captain_skill: str | None = None
    # BB2025 (facts section 1): at the draft a team may not hold more players with this
    # trait than without it; hiring later is not limited by it.
    draft_limited_trait: str | None = None
    # The most Dedicated Fans a team may reach in league play (None: no cap stated).
    league_max_dedicated_fans: int | None = None
    # BB2025 (facts section 13.8): the League Trophy's re-roll counts toward ``max_rerolls``.
    trophy_reroll_counts_toward_cap: bool = False
    # BB2025 (facts section 8, step 4): firing never leaves the team fewer players
    # eligible for the next game than this (None: no floor).
    fire_floor: int | None = None
    # BB2025 (facts section 8, step 4, and the May 2026 FAQ): the post-game hires before
    # it fires, so a team that has fired may hire again only after its next game.
    hires_before_fires: bool = False

    def names_team_captain(self, roster: Roster) -> bool:
        """Whether the roster's teams name a Team Captain."""
        return self.team_captain_rule is not None and self.team_captain_rule in roster.special_rules

    def reroll_price_after_draft(self, roster: Roster) -> int:
        """What one more team re-roll costs once the team is drafted."""
        return roster.reroll_cost * self.reroll_price_factor_after_draft

    def rerolls_held(self, rerolls: int, league_trophies: int = 0) -> int:
        """The team re-rolls the cap of ``max_rerolls`` counts: the bought ones, plus
        each League Trophy's where the edition counts it (BB2025, facts section 13.8)."""
        return rerolls + (league_trophies if self.trophy_reroll_counts_toward_cap else 0)

    def may_buy_reroll(self, rerolls: int, league_trophies: int = 0) -> bool:
        """Whether a team holding ``rerolls`` (and ``league_trophies``) may buy one more."""
        return self.rerolls_held(rerolls, league_trophies) < self.max_rerolls

    def trophy_rerolls(self, rerolls: int, league_trophies: int) -> int:
        """How many of the League Trophies' free re-rolls the team actually has: a holder
        already at the cap gets none where the trophy counts toward it (section 13.8)."""
        if not self.trophy_reroll_counts_toward_cap:
            return league_trophies
        return max(0, min(league_trophies, self.max_rerolls - rerolls))

    def dedicated_fans_in_league(self, dedicated_fans: int) -> int:
        """Dedicated Fans kept within the league limits (at least the starting 1, at most
        ``league_max_dedicated_fans`` where the edition caps them)."""
        fans = max(dedicated_fans, self.starting_dedicated_fans)
        if self.league_max_dedicated_fans is not None:
            fans = min(fans, self.league_max_dedicated_fans)
        return fans


# Rulesets register their draft numbers here as they are added.
DRAFT_RULES: dict[str, DraftRules] = {
    # Facts §1: Chaos Chosen, Chaos Renegades and Norse choose their Favoured of ... /
    # league when created; their stars and inducements depend on it.
    "bb2020": DraftRules(special_rule_choice_at_draft=True),
    # BB2025 facts section 1 (BBBase drafting_a_blood_bowl_team.md "Hiring Sideline
    # Staff", "Dedicated Fans"; skills_and_traits.md "Insignificant") and section 2
    # (the_teams.md "Team Captain", with the May 2026 erratum).
    "bb2025": DraftRules(
        max_cheerleaders=6,
        max_dedicated_fans=3,
        dedicated_fan_cost=5_000,
        league_max_dedicated_fans=7,
        special_rule_choice_at_draft=True,
        team_captain_rule="Team Captain",
        captain_skill="Pro",
        draft_limited_trait="Insignificant",
        trophy_reroll_counts_toward_cap=True,
        fire_floor=11,
        hires_before_fires=True,
    ),
}


def draft_rules_for(ruleset: Ruleset) -> DraftRules:
    try:
        return DRAFT_RULES[ruleset.key]
    except KeyError:
        raise LookupError(f"no draft rules for the {ruleset.name} ruleset") from None


@dataclass(frozen=True)
class DraftProposal:
    """A team as a coach wants to draft it.

    ``players`` maps position slug ("human-blitzer", or just "blitzer") to how
    many. ``budget`` defaults to the ruleset's; a re-draft passes its own.
    ``special_rule_choice`` is the team's "Favoured of ..." where the roster
    offers a choice; it may be left for later.
    """

    roster_slug: str
    players: Mapping[str, int] = field(default_factory=dict)
    rerolls: int = 0
    assistant_coaches: int = 0
    cheerleaders: int = 0
    apothecary: bool | int = False
    dedicated_fans: int = 1
    budget: int | None = None
    special_rule_choice: str | None = None
    # The position (slug or short key) of the Team Captain, where the roster names one.
    captain_position: str | None = None


@dataclass(frozen=True)
class DraftCost:
    """What a draft costs, part by part, and what is left of the budget."""

    players: int
    rerolls: int
    assistant_coaches: int
    cheerleaders: int
    apothecary: int
    dedicated_fans: int
    budget: int

    @property
    def total(self) -> int:
        return (
            self.players
            + self.rerolls
            + self.assistant_coaches
            + self.cheerleaders
            + self.apothecary
            + self.dedicated_fans
        )

    @property
    def remaining(self) -> int:
        """Budget left; negative when the draft is over budget."""
        return self.budget - self.total


def _whole(count: object) -> int | None:
    """``count`` as a count of things, or None if it is not a whole number."""
    if isinstance(count, bool) or not isinstance(count, int):
        return None
    return count


def _counted_positions(roster: Roster, proposal: DraftProposal) -> dict[str, int]:
    """Position slug -> number drafted, for the known positions and sane counts.

    Aliases ("blitzer" and "human-blitzer") add up to one position.
    """
    counts: dict[str, int] = {}
    for key, count in proposal.players.items():
        slug = roster.positions.resolve(key)
        whole = _whole(count)
        if slug is None or whole is None or whole < 0:
            continue
        counts[slug] = counts.get(slug, 0) + whole
    return counts


def _apothecaries(proposal: DraftProposal) -> int | None:
    """How many apothecaries: True/False from a checkbox, or a number."""
    if isinstance(proposal.apothecary, bool):
        return int(proposal.apothecary)
    return _whole(proposal.apothecary)


def draft_cost(ruleset: Ruleset, proposal: DraftProposal) -> DraftCost:
    """The price of the draft as it stands, for a live budget display.

    Unknown positions and impossible counts cost nothing here; ``validate_draft``
    reports them. An apothecary costs nothing where the roster may not hire one.
    """
    rules = draft_rules_for(ruleset)
    roster = ruleset.roster(proposal.roster_slug)
    counts = _counted_positions(roster, proposal)

    def cost(count: object, each: int) -> int:
        whole = _whole(count)
        return max(whole, 0) * each if whole is not None else 0

    apothecaries = (_apothecaries(proposal) or 0) if roster.apothecary_allowed else 0
    fans = _whole(proposal.dedicated_fans)
    extra_fans = max((fans or rules.starting_dedicated_fans) - rules.starting_dedicated_fans, 0)
    return DraftCost(
        players=sum(roster.positions[slug].cost * n for slug, n in counts.items()),
        rerolls=cost(proposal.rerolls, roster.reroll_cost),
        assistant_coaches=cost(proposal.assistant_coaches, roster.assistant_coach_cost),
        cheerleaders=cost(proposal.cheerleaders, roster.cheerleader_cost),
        apothecary=cost(apothecaries, roster.apothecary_cost or 0),
        dedicated_fans=extra_fans * rules.dedicated_fan_cost,
        budget=proposal.budget if proposal.budget is not None else rules.budget,
    )


@dataclass(frozen=True)
class _CountSentences:
    """What a coach reads about a count of one kind of thing (team re-rolls, ...)."""

    not_whole: Callable[[object], Wording]
    negative: Callable[[int], Wording]
    too_few: Callable[[int, int], Wording]
    too_many: Callable[[int, int], Wording]


# Whole sentences per kind of thing, so a translation can word each its own way.
_COUNTS: dict[str, _CountSentences] = {
    "rerolls": _CountSentences(
        not_whole=lambda got: say(
            "The number of team re-rolls must be a whole number; got {got}", got=repr(got)
        ),
        negative=lambda got: say(
            "The number of team re-rolls cannot be negative; got {got}", got=got
        ),
        too_few=lambda low, got: say_plural(
            "A new team must have at least {count} team re-roll; this draft has {got}",
            "A new team must have at least {count} team re-rolls; this draft has {got}",
            low,
            got=got,
        ),
        too_many=lambda high, got: say_plural(
            "A new team may have at most {count} team re-roll; this draft has {got}",
            "A new team may have at most {count} team re-rolls; this draft has {got}",
            high,
            got=got,
        ),
    ),
    "assistant_coaches": _CountSentences(
        not_whole=lambda got: say(
            "The number of assistant coaches must be a whole number; got {got}", got=repr(got)
        ),
        negative=lambda got: say(
            "The number of assistant coaches cannot be negative; got {got}", got=got
        ),
        too_few=lambda low, got: say_plural(
            "A new team must have at least {count} assistant coach; this draft has {got}",
            "A new team must have at least {count} assistant coaches; this draft has {got}",
            low,
            got=got,
        ),
        too_many=lambda high, got: say_plural(
            "A new team may have at most {count} assistant coach; this draft has {got}",
            "A new team may have at most {count} assistant coaches; this draft has {got}",
            high,
            got=got,
        ),
    ),
    "cheerleaders": _CountSentences(
        not_whole=lambda got: say(
            "The number of cheerleaders must be a whole number; got {got}", got=repr(got)
        ),
        negative=lambda got: say(
            "The number of cheerleaders cannot be negative; got {got}", got=got
        ),
        too_few=lambda low, got: say_plural(
            "A new team must have at least {count} cheerleader; this draft has {got}",
            "A new team must have at least {count} cheerleaders; this draft has {got}",
            low,
            got=got,
        ),
        too_many=lambda high, got: say_plural(
            "A new team may have at most {count} cheerleader; this draft has {got}",
            "A new team may have at most {count} cheerleaders; this draft has {got}",
            high,
            got=got,
        ),
    ),
    "apothecaries": _CountSentences(
        not_whole=lambda got: say(
            "The number of apothecaries must be a whole number; got {got}", got=repr(got)
        ),
        negative=lambda got: say(
            "The number of apothecaries cannot be negative; got {got}", got=got
        ),
        too_few=lambda low, got: say_plural(
            "A new team must have at least {count} apothecary; this draft has {got}",
            "A new team must have at least {count} apothecaries; this draft has {got}",
            low,
            got=got,
        ),
        too_many=lambda high, got: say_plural(
            "A new team may have at most {count} apothecary; this draft has {got}",
            "A new team may have at most {count} apothecaries; this draft has {got}",
            high,
            got=got,
        ),
    ),
    "dedicated_fans": _CountSentences(
        not_whole=lambda got: say(
            "The number of Dedicated Fans must be a whole number; got {got}", got=repr(got)
        ),
        negative=lambda got: say(
            "The number of Dedicated Fans cannot be negative; got {got}", got=got
        ),
        too_few=lambda low, got: say_plural(
            "A new team must have at least {count} Dedicated Fan; this draft has {got}",
            "A new team must have at least {count} Dedicated Fans; this draft has {got}",
            low,
            got=got,
        ),
        too_many=lambda high, got: say_plural(
            "A new team may have at most {count} Dedicated Fan; this draft has {got}",
            "A new team may have at most {count} Dedicated Fans; this draft has {got}",
            high,
            got=got,
        ),
    ),
}


def _count_problems(kind: str, count: object, low: int, high: int) -> list[Shown]:
    """Problems with a count of one ``kind`` of thing (a key of ``_COUNTS``)."""
    sentences = _COUNTS[kind]
    whole = _whole(count)
    if whole is None:
        return [sentences.not_whole(count)]
    if whole < 0:
        return [sentences.negative(whole)]
    if whole < low:
        return [sentences.too_few(low, whole)]
    if whole > high:
        return [sentences.too_many(high, whole)]
    return []


def _position_problems(roster: Roster, proposal: DraftProposal) -> list[Shown]:
    problems: list[Shown] = []
    for key, count in proposal.players.items():
        position = roster.positions.get(key)
        if position is None:
            problems.append(
                say(
                    "{roster} teams have no position {position}",
                    roster=roster.name,
                    position=repr(key),
                )
            )
            continue
        whole = _whole(count)
        if whole is None:
            problems.append(
                say(
                    "The number of {positions} must be a whole number; got {got}",
                    positions=position.plural_name(),
                    got=repr(count),
                )
            )
        elif whole < 0:
            problems.append(
                say(
                    "The number of {positions} cannot be negative; got {got}",
                    positions=position.plural_name(),
                    got=whole,
                )
            )
    counts = _counted_positions(roster, proposal)
    for position in roster.positions.values():
        problems += _limit_problems(roster, position, counts.get(position.slug, 0))
    big_guys = sum(n for slug, n in counts.items() if roster.positions[slug].big_guy)
    if roster.max_big_guys is not None and big_guys > roster.max_big_guys:
        problems.append(
            say_plural(
                "{roster} teams may have at most {count} Big Guy; this draft has {got}",
                "{roster} teams may have at most {count} Big Guys; this draft has {got}",
                roster.max_big_guys,
                roster=roster.name,
                got=big_guys,
            )
        )
    return problems


def _limit_problems(roster: Roster, position: Position, count: int) -> list[Shown]:
    # The position's name (a game term) agrees with the number in English already; the
    # plural form lets a translation agree the rest of the sentence.
    if count > position.max_count:
        return [
            say_plural(
                "{roster} teams may have at most {count} {position}; this draft has {got}",
                "{roster} teams may have at most {count} {position}; this draft has {got}",
                position.max_count,
                roster=roster.name,
                position=position.plural_name(position.max_count),
                got=count,
            )
        ]
    if count < position.min_count:
        return [
            say_plural(
                "{roster} teams must have at least {count} {position}; this draft has {got}",
                "{roster} teams must have at least {count} {position}; this draft has {got}",
                position.min_count,
                roster=roster.name,
                position=position.plural_name(position.min_count),
                got=count,
            )
        ]
    return []


def _staff_problems(rules: DraftRules, roster: Roster, proposal: DraftProposal) -> list[Shown]:
    """Re-rolls, assistant coaches, cheerleaders, apothecary and Dedicated Fans within
    the draft rules' limits (an apothecary only where the roster may hire one)."""
    problems = _count_problems("rerolls", proposal.rerolls, 0, rules.max_rerolls)
    problems += _count_problems(
        "assistant_coaches", proposal.assistant_coaches, 0, rules.max_assistant_coaches
    )
    problems += _count_problems("cheerleaders", proposal.cheerleaders, 0, rules.max_cheerleaders)
    apothecaries = _apothecaries(proposal)
    if apothecaries and not roster.apothecary_allowed:
        problems.append(say("{roster} teams may not hire an apothecary", roster=roster.name))
    else:
        problems += _count_problems(
            "apothecaries",
            proposal.apothecary if apothecaries is None else apothecaries,
            0,
            rules.max_apothecaries,
        )
    problems += _count_problems(
        "dedicated_fans",
        proposal.dedicated_fans,
        rules.starting_dedicated_fans,
        rules.max_dedicated_fans,
    )
    return problems


def validate_draft(ruleset: Ruleset, proposal: DraftProposal) -> list[Shown]:
    """Every way the draft breaks the draft rules, as sentences for the coach.

    An empty list means the team may be created as proposed.
    """
    rules = draft_rules_for(ruleset)
    if proposal.roster_slug not in ruleset.rosters:
        return [
            say(
                "There is no {roster} roster in {ruleset}",
                roster=repr(proposal.roster_slug),
                ruleset=ruleset.name,
            )
        ]
    roster = ruleset.roster(proposal.roster_slug)
    problems = _position_problems(roster, proposal)

    players = sum(_counted_positions(roster, proposal).values())
    if players < rules.min_players:
        problems.append(
            say_plural(
                "A new team needs at least {count} player; this draft has {got}",
                "A new team needs at least {count} players; this draft has {got}",
                rules.min_players,
                got=players,
            )
        )
    elif players > rules.max_players:
        problems.append(
            say_plural(
                "A team may have at most {count} player; this draft has {got}",
                "A team may have at most {count} players; this draft has {got}",
                rules.max_players,
                got=players,
            )
        )

    problems += _staff_problems(rules, roster, proposal)

    if proposal.special_rule_choice is not None:
        if not roster.special_rule_choices:
            problems.append(
                say("{roster} teams have no special rule to choose", roster=roster.name)
            )
        elif proposal.special_rule_choice not in roster.special_rule_choices:
            problems.append(
                say(
                    "{roster} teams choose one of {choices}; {choice} is not one of them",
                    roster=roster.name,
                    choices=", ".join(roster.special_rule_choices),
                    choice=repr(proposal.special_rule_choice),
                )
            )

    problems += special_rule_choice_problems(rules, roster, proposal.special_rule_choice)
    problems += team_captain_problems(rules, roster, proposal)
    problems += limited_trait_problems(rules, roster, proposal)

    cost = draft_cost(ruleset, proposal)
    if cost.remaining < 0:
        problems.append(
            say(
                "This draft costs {total} gp, {over} gp over the {budget} gp budget",
                total=thousands(cost.total),
                over=thousands(-cost.remaining),
                budget=thousands(cost.budget),
            )
        )
    return problems


def special_rule_choice_problems(
    rules: DraftRules, roster: Roster, choice: str | None
) -> list[Shown]:
    """A roster that chooses its "Favoured of ..." at the draft must choose it then."""
    if rules.special_rule_choice_at_draft and roster.special_rule_choices and choice is None:
        options = ", ".join(roster.special_rule_choices)
        return [
            say(
                "{roster} teams choose one of {choices} when drafted",
                roster=roster.name,
                choices=options,
            )
        ]
    return []


def team_captain_problems(
    rules: DraftRules, roster: Roster, proposal: DraftProposal
) -> list[Shown]:
    """The Team Captain: named where the roster has the rule (one of the positions
    drafted, not a Big Guy), refused where it has not."""
    wanted = proposal.captain_position
    if not rules.names_team_captain(roster):
        return [_no_captain(roster)] if wanted is not None else []
    if wanted is None:
        return [say("{roster} teams name a Team Captain", roster=roster.name)]
    position = roster.positions.get(wanted)
    if position is None:
        return [
            say(
                "{roster} teams have no position {position}",
                roster=roster.name,
                position=repr(wanted),
            )
        ]
    if position.big_guy:
        return [_big_guy_captain(roster)]
    if not _counted_positions(roster, proposal).get(position.slug):
        return [say("The Team Captain must be one of the players drafted")]
    return []


def _no_captain(roster: Roster) -> Wording:
    return say("{roster} teams have no Team Captain", roster=roster.name)


def _big_guy_captain(roster: Roster) -> Wording:
    return say("A Big Guy cannot be {roster} Team Captain", roster=roster.name)


def has_trait(position: Position, trait: str) -> bool:
    """Whether the position's profile carries ``trait`` (any spelling of its name)."""
    wanted = trait.casefold()
    return any(skill.casefold().split(" (")[0] == wanted for skill in position.skills)


def limited_trait_problems(
    rules: DraftRules, roster: Roster, proposal: DraftProposal
) -> list[Shown]:
    """BB2025, Insignificant: "at draft a team may not hold more players with this trait
    than without it" (facts section 1); later hiring is not limited by it."""
    trait = rules.draft_limited_trait
    if trait is None:
        return []
    counts = _counted_positions(roster, proposal)
    marked = sum(n for slug, n in counts.items() if has_trait(roster.positions[slug], trait))
    others = sum(counts.values()) - marked
    if marked > others:
        return [
            say(
                "A new {roster} team may not have more {trait} players than players "
                "without it; this draft has {marked} and {others}",
                roster=roster.name,
                trait=trait,
                marked=marked,
                others=others,
            )
        ]
    return []


@dataclass(frozen=True)
class CaptainState:
    """What the Team Captain rules read of one player (facts section 2)."""

    is_captain: bool = False
    big_guy: bool = False
    # Any characteristic reduction from a Lasting Injury on his profile.
    characteristic_reductions: int = 0


def captain_fire_problems(rules: DraftRules, roster: Roster, player: CaptainState) -> list[Shown]:
    """Team Captain (facts section 2): "he may be fired only if he has a characteristic
    reduction from injury". Other players (and rosters without a captain) are not
    limited by it."""
    if not (player.is_captain and rules.names_team_captain(roster)):
        return []
    if player.characteristic_reductions > 0:
        return []
    return [
        say(
            "The {roster} Team Captain may be fired only once an injury has reduced "
            "one of his characteristics",
            roster=roster.name,
        )
    ]


def may_name_new_captain(rules: DraftRules, roster: Roster, has_captain: bool) -> bool:
    """Team Captain, May 2026 erratum (facts section 2): once the captain has left the
    roster for any reason, a new one may be named in the Pre-game Sequence of the
    team's next league fixture."""
    return rules.names_team_captain(roster) and not has_captain


def new_captain_problems(rules: DraftRules, roster: Roster, position_slug: str) -> list[Shown]:
    """The player named captain in a pre-game: a roster with the rule, not a Big Guy."""
    if not rules.names_team_captain(roster):
        return [_no_captain(roster)]
    position = roster.positions.get(position_slug)
    if position is None:
        return [
            say(
                "{roster} teams have no position {position}",
                roster=roster.name,
                position=repr(position_slug),
            )
        ]
    if position.big_guy:
        return [_big_guy_captain(roster)]
    return []


def captain_skills(ruleset: Ruleset, roster: Roster, is_captain: bool) -> tuple[str, ...]:
    """The skills a Team Captain has while captain (none where the roster names none)."""
    rules = DRAFT_RULES.get(ruleset.key)
    if is_captain and rules is not None and rules.names_team_captain(roster):
        return (rules.captain_skill,) if rules.captain_skill else ()
    return ()


def check_draft(ruleset: Ruleset, proposal: DraftProposal) -> DraftCost:
    """The draft's cost if it is legal; otherwise DraftError listing every problem."""
    problems = validate_draft(ruleset, proposal)
    if problems:
        raise DraftError(problems)
    return draft_cost(ruleset, proposal)
