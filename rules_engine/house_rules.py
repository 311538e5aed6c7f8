"""A league's house rules: what its commissioner changes of the edition's rules, as plain
data beside the edition (``HouseRules``), and the checks the engine makes with them.

``HouseRules()`` is the edition as written. The apps read a league's choices once
(``leagues.services.house_rules.house_rules_of``), keep the ones a match plays by with
the match (``to_json``/``from_json``), and hand them to the functions here, which decide:

- which star players a team may hire (``star_ban``: by key, or every mega-star where the
  edition's star data marks one ``mega_star``), and the ruleset a pre-game plays under
  (``under_house_rules``: banned stars refused with the reason, and the team lists'
  inducements from other publications offered when the league switches them on);
- the play-off prizes (``playoff_prizes``: the league's amounts or the edition's);
- the re-draft budget (``redraft_budget``: the edition's formula, the Treasury only, or
  a fresh draft budget, under the league's cap);
- the team value a team may enter a season with (``team_value_problem``);
- how low firing may take a team (``fire_floor``).

Nothing here reads a database: the engine stays testable without Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Final

from rules_engine.catalogue import Catalogue, slugify
from rules_engine.edition import RedraftRules
from rules_engine.ruleset import Inducement, Ruleset, SpecialPrice, StarPlayer
from rules_engine.wording import Shown, Wording, say, thousands

# How a league's re-draft budget is worked out (``HouseRules.redraft_formula``).
EDITION_FORMULA: Final = "edition"  # the edition's: base + Treasury + per game, win, draw
TREASURY_ONLY: Final = "treasury_only"  # base + Treasury, no season bonus
FRESH_BUDGET: Final = "fresh_budget"  # the draft budget again; the Treasury is not carried
REDRAFT_FORMULAS: Final = (EDITION_FORMULA, TREASURY_ONLY, FRESH_BUDGET)

# What happens to a fixture left unplayed at its deadline (``HouseRules.unplayed_fixtures``).
APPLY_RULES: Final = "apply"  # settled by the edition's rules
HOLD: Final = "hold"  # held for the commissioner's decision
UNPLAYED_FIXTURE_CHOICES: Final = (APPLY_RULES, HOLD)


@dataclass(frozen=True)
class HouseRules:
    """A league's house rules; each default is the edition as written."""

    # Star players the league bans, by key (slug); ``ban_mega_stars`` bans every star the
    # edition marks as a mega-star (BB2025 facts section 12, "Mega-stars").
    banned_stars: frozenset[str] = frozenset()
    ban_mega_stars: bool = False
    # Gold per final place ((1, 100_000), ...), or None for the edition's prizes.
    prize_amounts: tuple[tuple[int, int], ...] | None = None
    # Offer the team lists' inducements from other publications (facts section 13.14).
    non_core_inducements: bool = False
    # ``REDRAFT_FORMULAS``, and the league's cap on the budget (None: the edition's).
    redraft_formula: str = EDITION_FORMULA
    redraft_budget_cap: int | None = None
    # The lowest and highest team value a team may enter a season with (None: no limit).
    team_value_floor: int | None = None
    team_value_ceiling: int | None = None
    # Whether firing may leave fewer than 11 players eligible: None keeps the edition's
    # rule (BB2025 never below 11, facts section 8 step 4; BB2020 no floor).
    firing_below_eleven: bool | None = None
    # The season's running: what a fixture left unplayed at its deadline becomes, and
    # when the coaches are warned of a deadline and reminded of a kick-off.
    unplayed_fixtures: str = APPLY_RULES
    deadline_warning_hours: int = 48
    kickoff_reminder_minutes: int = 120

    # --- a match's snapshot -------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The house rules as JSON-ready data, as a match keeps them."""
        return {
            "banned_stars": sorted(self.banned_stars),
            "ban_mega_stars": self.ban_mega_stars,
            "prize_amounts": None
            if self.prize_amounts is None
            else {str(place): gold for place, gold in self.prize_amounts},
            "non_core_inducements": self.non_core_inducements,
            "redraft_formula": self.redraft_formula,
            "redraft_budget_cap": self.redraft_budget_cap,
            "team_value_floor": self.team_value_floor,
            "team_value_ceiling": self.team_value_ceiling,
            "firing_below_eleven": self.firing_below_eleven,
            "unplayed_fixtures": self.unplayed_fixtures,
            "deadline_warning_hours": self.deadline_warning_hours,
            "kickoff_reminder_minutes": self.kickoff_reminder_minutes,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> HouseRules:
        """The house rules ``to_json`` kept; None or {} (a match begun before any were
        kept) is the edition as written."""
        if not data:
            return cls()
        known = {name: data[name] for name in cls.__dataclass_fields__ if name in data}
        if "banned_stars" in known:
            known["banned_stars"] = frozenset(known["banned_stars"] or ())
        if "prize_amounts" in known:
            known["prize_amounts"] = prize_table(known["prize_amounts"])
        return cls(**known)

    @property
    def is_edition(self) -> bool:
        """Whether the league plays the edition as written."""
        return self == HouseRules()


def prize_table(
    amounts: Mapping[Any, Any] | Iterable[Any] | None,
) -> tuple[tuple[int, int], ...] | None:
    """``{"1": 100000, ...}`` or ((1, 100000), ...) as ((place, gold), ...) by place."""
    if amounts is None:
        return None
    pairs = amounts.items() if isinstance(amounts, Mapping) else amounts
    return tuple(sorted((int(place), int(gold)) for place, gold in pairs))


def house_rules_problems(rules: HouseRules) -> dict[str, list[Shown]]:
    """What makes the house rules impossible whatever the edition, per house rule: a
    floor above the ceiling, negative amounts, an unknown formula. The edition's own
    limits (its stars, its prize places) are ``edition_problems``."""
    problems: dict[str, list[Shown]] = {}

    def refuse(name: str, message: Shown) -> None:
        problems.setdefault(name, []).append(message)

    floor, ceiling = rules.team_value_floor, rules.team_value_ceiling
    for name, value in (("team_value_floor", floor), ("team_value_ceiling", ceiling)):
        if value is not None and value < 0:
            refuse(name, say("A team value limit cannot be negative."))
    if floor is not None and ceiling is not None and 0 <= ceiling < floor:
        refuse(
            "team_value_floor",
            say(
                "The team value floor ({floor} gp) is above the ceiling ({ceiling} gp).",
                floor=thousands(floor),
                ceiling=thousands(ceiling),
            ),
        )
    for place, amount in rules.prize_amounts or ():
        if amount < 0:
            refuse(
                "prize_amounts",
                say("The prize for place {place} cannot be negative.", place=place),
            )
        if place < 1:
            refuse(
                "prize_amounts", say("{place} is not a place in the final standings.", place=place)
            )
    if rules.redraft_formula not in REDRAFT_FORMULAS:
        refuse(
            "redraft_formula",
            say("{formula} is not a re-draft formula.", formula=repr(rules.redraft_formula)),
        )
    if rules.unplayed_fixtures not in UNPLAYED_FIXTURE_CHOICES:
        refuse(
            "unplayed_fixtures",
            say(
                "{choice} is not a way to settle unplayed fixtures.",
                choice=repr(rules.unplayed_fixtures),
            ),
        )
    if rules.redraft_budget_cap is not None and rules.redraft_budget_cap < 0:
        refuse("redraft_budget_cap", say("The re-draft budget cap cannot be negative."))
    if rules.deadline_warning_hours < 0:
        refuse("deadline_warning_hours", say("A deadline warning cannot come after the deadline."))
    if rules.kickoff_reminder_minutes < 0:
        refuse(
            "kickoff_reminder_minutes", say("A kick-off reminder cannot come after the kick-off.")
        )
    return problems


def edition_problems(
    rules: HouseRules,
    ruleset: Ruleset,
    edition_prizes: tuple[tuple[int, int], ...],
    redraft: RedraftRules | None,
) -> dict[str, list[Shown]]:
    """What the edition cannot play by, per house rule: a star key it has not, a prize
    for a place it pays none for, a re-draft cap below its budget's base."""
    problems: dict[str, list[Shown]] = {}
    unknown = sorted(key for key in rules.banned_stars if key not in ruleset.star_players)
    if unknown:
        problems["banned_stars"] = [
            say("{edition} has no star player {star}.", edition=ruleset.name, star=repr(key))
            for key in unknown
        ]
    paid = {place for place, _ in edition_prizes}
    extra = [place for place, _ in rules.prize_amounts or () if place not in paid]
    if extra:
        # Places by number: a sentence round an ordinal ("1st") reads in no other language.
        places = ", ".join(str(place) for place in sorted(paid))
        problems["prize_amounts"] = [
            say(
                "{edition} pays no prize for place {place} (it pays places {places}).",
                edition=ruleset.name,
                place=place,
                places=places,
            )
            if places
            else say(
                "{edition} pays no prize for place {place} (it pays no place).",
                edition=ruleset.name,
                place=place,
            )
            for place in extra
        ]
    cap = rules.redraft_budget_cap
    if redraft is not None and cap is not None and cap < redraft.base:
        problems["redraft_budget_cap"] = [
            say(
                "A re-draft cap of {cap} gp is below the {base} gp every team re-drafts with.",
                cap=thousands(cap),
                base=thousands(redraft.base),
            )
        ]
    return problems


# --- star players -----------------------------------------------------------------


def star_ban(rules: HouseRules, star: StarPlayer) -> Wording | None:
    """Why the league's house rules ban the star (a sentence naming him and the rule), or
    None where he may be hired."""
    if star.slug in rules.banned_stars:
        return say("{star} is banned by this league's house rules.", star=star.name)
    if rules.ban_mega_stars and star.mega_star:
        return say(
            "{star} is a mega-star, and this league's house rules ban mega-stars.",
            star=star.name,
        )
    return None


def may_hire_star(rules: HouseRules, star: StarPlayer) -> bool:
    """Whether the league's house rules let a team hire the star."""
    return star_ban(rules, star) is None


def banned_stars(rules: HouseRules, ruleset: Ruleset) -> tuple[StarPlayer, ...]:
    """The edition's star players the house rules ban, in the edition's order."""
    return tuple(star for star in ruleset.star_players.values() if star_ban(rules, star))


# --- inducements ------------------------------------------------------------------


def non_core_inducements(ruleset: Ruleset) -> tuple[Inducement, ...]:
    """The team lists' inducements from other publications (facts section 13.14), one
    per name: only the rosters whose list prints it may buy it, each at its list's
    price (the most common price is the row's, the others special prices)."""
    found: dict[str, dict[str, Any]] = {}
    for roster in ruleset.rosters.values():
        for name, price, most in getattr(roster, "non_core_inducements", ()):
            row = found.setdefault(slugify(name), {"name": name, "prices": {}, "max": most})
            row["prices"][roster.slug] = price
            row["max"] = max(row["max"], most)
    made = []
    for slug, row in found.items():
        if slug in ruleset.inducements:
            continue  # printed in the core table too: its core row stands
        prices: dict[str, int] = row["prices"]
        counts: dict[int, int] = {}
        for price in prices.values():
            counts[price] = counts.get(price, 0) + 1
        usual = max(sorted(counts), key=lambda price: counts[price])
        made.append(
            Inducement(
                slug=slug,
                name=row["name"],
                max_count=row["max"],
                price=usual,
                special_prices=tuple(
                    SpecialPrice(price, roster=roster)
                    for roster, price in sorted(prices.items())
                    if price != usual
                ),
                source="non-core",
                rosters=tuple(sorted(prices)),
            )
        )
    return tuple(made)


def inducements_offered(rules: HouseRules, ruleset: Ruleset) -> tuple[Inducement, ...]:
    """Every inducement the league offers: the edition's, and the non-core ones when the
    house rules switch them on (each still only to the rosters that print it)."""
    core = tuple(ruleset.inducements.values())
    return core + non_core_inducements(ruleset) if rules.non_core_inducements else core


def under_house_rules(ruleset: Ruleset, rules: HouseRules) -> Ruleset:
    """The ruleset a league's match plays by: banned stars are refused with the reason
    (``Ruleset.star_bans``, read by the inducement order and offer), and the non-core
    inducements are on the table when switched on. Unchanged (the same object) where
    the house rules change nothing a pre-game reads."""
    return _under(ruleset, _pre_game_part(rules))


def _pre_game_part(rules: HouseRules) -> HouseRules:
    return HouseRules(
        banned_stars=rules.banned_stars,
        ban_mega_stars=rules.ban_mega_stars,
        non_core_inducements=rules.non_core_inducements,
    )


@lru_cache(maxsize=64)
def _under(ruleset: Ruleset, rules: HouseRules) -> Ruleset:
    if rules == HouseRules():
        return ruleset
    bans = {
        star.slug: reason
        for star in banned_stars(rules, ruleset)
        if (reason := star_ban(rules, star))
    }
    inducements: Catalogue[Inducement] = ruleset.inducements
    if rules.non_core_inducements:
        extra = {i.slug: i for i in non_core_inducements(ruleset)}
        aliases = {alias: slug for alias, slug in ruleset.inducements._aliases.items()}
        inducements = Catalogue({**dict(ruleset.inducements.items()), **extra}, aliases)
    return replace(ruleset, star_bans=bans, inducements=inducements)


# --- prizes -----------------------------------------------------------------------


def playoff_prizes(
    rules: HouseRules, edition_prizes: tuple[tuple[int, int], ...]
) -> tuple[tuple[int, int], ...]:
    """(place, gold) paid when the play-offs finish: the league's amounts for the places
    the edition pays (BB2025 facts section 10, Glittering Prizes: 1st 100,000, 2nd
    60,000, 3rd 30,000), the edition's where the league sets none. An edition without
    gold pays nothing whatever the house rules say."""
    if rules.prize_amounts is None or not edition_prizes:
        return edition_prizes
    own = dict(rules.prize_amounts)
    return tuple((place, own.get(place, amount)) for place, amount in edition_prizes)


# --- the re-draft -----------------------------------------------------------------


@dataclass(frozen=True)
class RedraftRates:
    """The re-draft budget's parts under a league's formula (facts section 11, Raise
    Funds): the base, whether the Treasury is carried, and the season bonus per game
    played, league win and league draw."""

    base: int
    keeps_treasury: bool
    per_game_played: int
    per_league_win: int
    per_league_draw: int
    cap: int | None = field(default=None)


def redraft_rates(rules: HouseRules, redraft: RedraftRules) -> RedraftRates:
    """The parts of the budget the league's formula keeps of the edition's."""
    bonus = rules.redraft_formula == EDITION_FORMULA
    return RedraftRates(
        base=redraft.base,
        keeps_treasury=rules.redraft_formula != FRESH_BUDGET,
        per_game_played=redraft.per_game_played if bonus else 0,
        per_league_win=redraft.per_league_win if bonus else 0,
        per_league_draw=redraft.per_league_draw if bonus else 0,
        cap=rules.redraft_budget_cap,
    )


def redraft_budget(
    rules: HouseRules,
    redraft: RedraftRules,
    treasury: int,
    games_played: int,
    league_wins: int,
    league_draws: int,
) -> int:
    """The re-draft budget under the league's formula and cap: the edition's (facts
    section 11: 1,000,000 + Treasury + 20,000 per fixture played, 20,000 per win, 10,000
    per draw, capped), the Treasury only (no season bonus), or a fresh draft budget."""
    rates = redraft_rates(rules, redraft)
    return redraft.budget(
        treasury if rates.keeps_treasury else 0,
        games_played if rates.per_game_played else 0,
        league_wins if rates.per_league_win else 0,
        league_draws if rates.per_league_draw else 0,
        rules.redraft_budget_cap,
    )


# --- entering a season, firing ----------------------------------------------------


def team_value_problem(rules: HouseRules, team_name: str, team_value: int) -> Wording | None:
    """Why a team of this value may not enter a season under the league's floor and
    ceiling, or None."""
    floor, ceiling = rules.team_value_floor, rules.team_value_ceiling
    if floor is not None and team_value < floor:
        return say(
            "{team} has a team value of {value} gp: this league's house rules let a team "
            "enter a season with at least {floor} gp.",
            team=team_name,
            value=thousands(team_value),
            floor=thousands(floor),
        )
    if ceiling is not None and team_value > ceiling:
        return say(
            "{team} has a team value of {value} gp: this league's house rules let a team "
            "enter a season with at most {ceiling} gp.",
            team=team_name,
            value=thousands(team_value),
            ceiling=thousands(ceiling),
        )
    return None


# Firing "never below 11 players eligible for the next game" (BB2025 facts section 8,
# step 4) when a league's house rules forbid it under an edition without that floor.
ELEVEN: Final = 11


def fire_floor(rules: HouseRules, edition_floor: int | None) -> int | None:
    """The fewest players eligible for the next game firing may leave: the edition's
    floor, none where the league allows firing below eleven, eleven where it forbids it."""
    if rules.firing_below_eleven is None:
        return edition_floor
    return None if rules.firing_below_eleven else (edition_floor or ELEVEN)


# --- words ------------------------------------------------------------------------


def gold(amount: int) -> str:
    return f"{amount:,}"
