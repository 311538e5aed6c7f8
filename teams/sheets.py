"""Reads the teams pages, API and PDF share, on top of ``teams.selectors``.

The selectors give the team sheet in three queries; the sheet here adds each
player's injuries and advancements (two more, whatever the team's size) so the
page, the API and the PDF can show them and which players may spend SPP.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

from rules_engine import Edition, edition_for, get_ruleset
from rules_engine.bb2020.advancement import AdvancementOption
from rules_engine.classic import IMPROVEMENT
from rules_engine.draft import draft_rules_for
from rules_engine.edition import IMPROVEMENT_ROLL as IMPROVEMENT_ROLL
from rules_engine.edition import NO_DEVELOPMENT
from rules_engine.edition import SPEND_SPP as SPEND_SPP
from rules_engine.errors import DiceScriptError, RulesError
from rules_engine.ruleset import Position, Roster
from teams import selectors
from teams.models import Advancement, InjuryRecord, Player, PlayerSkill, Team, TreasuryEntry
from teams.services.advancement import AdvancementChoice, replayed
from teams.services.convert import player_state
from teams.templatetags.dugout import gp

LATEST_LEDGER_ENTRIES = 5
# How a ruleset's players develop is its edition's ``development`` (rules_engine.edition):
# ``SPEND_SPP`` (BB2020: SPP spent on advancements the coach chooses),
# ``IMPROVEMENT_ROLL`` (classic: the roll a new SPP title earns, waiting on the player)
# or ``NO_DEVELOPMENT`` (Blitz Bowl); the first two are re-exported here for the views.


def roster_for(team: Team) -> Roster:
    """The engine's roster of the team (rulesets are cached by the engine)."""
    return get_ruleset(team.ruleset).roster(team.roster_slug)


def position_for(roster: Roster, player: Player) -> Position | None:
    return roster.positions.get(player.position_slug)


def position_skills(position: Position | None) -> list[str]:
    return list(position.skills) if position else []


def team_sheet(team_id: int) -> selectors.TeamSheet:
    """``selectors.team_sheet`` plus each player's injuries and advancements, in
    five queries whatever the team's size. Raises ``Team.DoesNotExist``."""
    sheet = selectors.team_sheet(team_id)
    prefetch_related_objects(
        sheet.players,
        Prefetch("injuries", queryset=InjuryRecord.objects.order_by("created_at", "id")),
        Prefetch("advancement_history", queryset=Advancement.objects.order_by("number")),
    )
    return sheet


def latest_ledger(team: Team, count: int = LATEST_LEDGER_ENTRIES) -> list[TreasuryEntry]:
    """The team's most recent ledger entries, newest first."""
    return list(selectors.ledger(team).order_by("-created_at", "-id")[:count])


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


def edition_of(ruleset_key: str) -> Edition | None:
    """The ruleset's edition, or None for a key the engine does not know."""
    try:
        return edition_for(ruleset_key)
    except LookupError:
        return None


def injury_marks(player: Player, minus: str = "\u2212") -> list[str]:
    """How a sheet marks the player's injuries, the page and the PDF alike: his
    Niggling Injuries ("1 niggling") and each Lasting Injury's characteristic lost
    ("−MA"; the PDF's standard fonts spell the minus "-"). Reads the prefetched injuries."""
    marks = [f"{player.niggling_injuries} niggling"] if player.niggling_injuries else []
    marks += [
        f"{minus}{injury.get_characteristic_display()}"
        for injury in player.injuries.all()
        if injury.kind == InjuryRecord.Kind.LASTING
    ]
    return marks


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
        prompt=result.pending.prompt,
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


@dataclass(frozen=True)
class StaffOffer:
    """One kind of sideline staff on the team sheet: how many the team has, the most the
    ruleset's draft rules allow, the price, and whether one more may be hired now
    (``hire_refusal`` says why not: at the most allowed, or short of gold)."""

    kind: str
    label: str
    count: int
    most: int
    price: int
    hire_refusal: str = ""

    @property
    def may_hire(self) -> bool:
        return not self.hire_refusal


def staff_offers(team: Team, roster: Roster | None = None) -> list[StaffOffer]:
    """The sideline staff the team may keep, as ``teams.services.hire_staff`` allows them:
    the draft rules' maxima (``draft_rules_for``), an apothecary only where the roster
    allows one, and none at all where the ruleset has none (Blitz Bowl); a kind the team
    may not hire but still has is listed, so it can be let go."""
    roster = roster or roster_for(team)
    rules = draft_rules_for(get_ruleset(team.ruleset))
    kinds = [
        ("assistant_coach", "Assistant coach", team.assistant_coaches,
         rules.max_assistant_coaches, roster.assistant_coach_cost),
        ("cheerleader", "Cheerleader", team.cheerleaders,
         rules.max_cheerleaders, roster.cheerleader_cost),
    ]  # fmt: skip
    if roster.apothecary_allowed and roster.apothecary_cost is not None:
        kinds.append(
            ("apothecary", "Apothecary", int(team.apothecary), rules.max_apothecaries,
             roster.apothecary_cost)
        )  # fmt: skip
    elif team.apothecary:
        kinds.append(("apothecary", "Apothecary", 1, 0, 0))
    offers = []
    for kind, label, count, most, price in kinds:
        if not most and not count:
            continue
        refusal = ""
        if not most:
            refusal = f"{roster.name} teams may not hire one"
        elif count >= most:
            refusal = f"{most} is the most allowed" if most > 1 else "A team may have only one"
        elif price > team.treasury:
            refusal = f"Costs {gp(price)}; the treasury holds {gp(team.treasury)}"
        offers.append(StaffOffer(kind, label, count, most, price, refusal))
    return offers


def sheet_rows(team: Team, roster: Roster | None = None) -> dict[str, bool]:
    """Which rows of the sheet's value and sideline tables the team's ruleset has: gold
    (team value, Treasury, ledger; none in Blitz Bowl), team re-rolls, each kind of
    sideline staff and fans; a row the team still holds is shown whatever the rules."""
    edition = edition_of(team.ruleset)
    rules = draft_rules_for(get_ruleset(team.ruleset))
    has_gold = edition.has_gold if edition is not None else True
    return {
        "has_gold": has_gold,
        "shows_rerolls": bool(rules.max_rerolls or team.rerolls),
        "shows_assistant_coaches": bool(rules.max_assistant_coaches or team.assistant_coaches),
        "shows_cheerleaders": bool(rules.max_cheerleaders or team.cheerleaders),
        "shows_apothecary": bool(rules.max_apothecaries or team.apothecary),
        # Fans go with gold: a ruleset without gold has no post-game that reads them.
        "shows_fans": has_gold,
    }


def reroll_refusal(team: Team, roster: Roster | None = None) -> str | None:
    """Why the team may not buy a team re-roll now ("" if it may), or None where its
    ruleset has no team re-rolls to buy (Blitz Bowl)."""
    rules = draft_rules_for(get_ruleset(team.ruleset))
    if not rules.max_rerolls:
        return None
    if team.rerolls >= rules.max_rerolls:
        return f"{team.name} has {rules.max_rerolls} team re-rolls, the most allowed."
    price = rules.reroll_price_after_draft(roster or roster_for(team))
    if price > team.treasury:
        return f"A team re-roll costs {gp(price)}; the treasury holds {gp(team.treasury)}."
    return ""


def teams_list(queryset: QuerySet[Team] | None = None) -> QuerySet[Team]:
    """Teams with their coach and the player parts of team value, by name."""
    queryset = queryset if queryset is not None else Team.objects.all()
    return selectors.with_team_value(queryset.select_related("coach")).order_by("name")


def with_values(teams: Iterable[Team]) -> list[selectors.TeamRow]:
    """Annotated teams (``teams_list``, ``teams_for_coach``) as rows with each one's
    TV/CTV breakdown and roster name (no queries)."""
    return [
        selectors.TeamRow(
            team=team, value=selectors.value_breakdown(team), roster_name=roster_for(team).name
        )
        for team in teams
    ]
