"""A league's house rules: read them as the engine's plain data (``house_rules_of``) and
let the commissioner change them (``set_house_rules``).

The engine decides with them (``rules_engine.house_rules``); this module only reads the
league's row, checks a change against the league's edition and saves it with an audit
row saying what changed from what to what. A match keeps the house rules in force when
its pre-game began (``matches.Match.house_rules``): a change applies from the next match
on, never to a match already under way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from django.conf import settings
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from core import versions
from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import MAX_REDRAFT_BUDGET_CAP, League
from leagues.models_house_rules import HouseRules as HouseRulesRow
from leagues.services._common import require_commissioner
from rules_engine import edition_for, get_ruleset
from rules_engine.draft import draft_rules_for
from rules_engine.edition import RedraftRules
from rules_engine.house_rules import (
    FRESH_BUDGET,
    TREASURY_ONLY,
    HouseRules,
    banned_stars,
    edition_problems,
    fire_floor,
    gold,
    house_rules_problems,
    playoff_prizes,
    prize_table,
)
from rules_engine.ruleset import Ruleset
from rules_engine.wording import say
from teams.audit import log_action

# The choices a commissioner makes, in the order the form and the API show them; the
# re-draft cap is the league's own column (``League.redraft_budget_cap``).
CHOICES: Final = (
    "banned_stars",
    "ban_mega_stars",
    "prize_amounts",
    "non_core_inducements",
    "redraft_formula",
    "redraft_budget_cap",
    "team_value_floor",
    "team_value_ceiling",
    "firing_below_eleven",
    "unplayed_fixtures",
    "deadline_warning_hours",
    "kickoff_reminder_minutes",
)
ROW_FIELDS: Final = tuple(name for name in CHOICES if name != "redraft_budget_cap")
# The largest amount of gold a house rule may name (a prize, a team value limit).
MAX_GOLD: Final = MAX_REDRAFT_BUDGET_CAP
# A PositiveSmallIntegerField's largest value: a warning or reminder at most this far ahead.
MAX_NOTICE: Final = 32767

# A prize by its place, each a whole label a language writes its own way ("1st" is an
# English ordinal: no other language glues a number to a suffix so).
PRIZE_FIELD_LABELS: Final[Mapping[int, Any]] = {
    1: gettext_lazy("1st place prize (gp)"),
    2: gettext_lazy("2nd place prize (gp)"),
    3: gettext_lazy("3rd place prize (gp)"),
    4: gettext_lazy("4th place prize (gp)"),
}
PRIZE_WORDS: Final[Mapping[int, Any]] = {
    1: gettext_lazy("1st %(gold)s gp"),
    2: gettext_lazy("2nd %(gold)s gp"),
    3: gettext_lazy("3rd %(gold)s gp"),
    4: gettext_lazy("4th %(gold)s gp"),
}


def prize_field_label(place: int) -> str:
    """The form's label of the prize for ``place`` ("1st place prize (gp)")."""
    label = PRIZE_FIELD_LABELS.get(place)
    if label is None:
        return _("Prize for place %(place)s (gp)") % {"place": place}
    return str(label)


def prize_in_words(place: int, amount: int) -> str:
    """One prize as the house rules list it ("1st 100,000 gp")."""
    words = PRIZE_WORDS.get(place)
    if words is None:
        return _("Place %(place)s: %(gold)s gp") % {"place": place, "gold": gold(amount)}
    return str(words) % {"gold": gold(amount)}


LABELS: Final[Mapping[str, Any]] = {
    "banned_stars": gettext_lazy("Banned star players"),
    "ban_mega_stars": gettext_lazy("Mega-stars banned"),
    "prize_amounts": gettext_lazy("Play-off prizes"),
    "non_core_inducements": gettext_lazy("Non-core inducements offered"),
    "redraft_formula": gettext_lazy("Re-draft budget"),
    "redraft_budget_cap": gettext_lazy("Re-draft budget cap"),
    "team_value_floor": gettext_lazy("Team value floor"),
    "team_value_ceiling": gettext_lazy("Team value ceiling"),
    "firing_below_eleven": gettext_lazy("Firing below 11 players"),
    "unplayed_fixtures": gettext_lazy("Unplayed fixtures"),
    "deadline_warning_hours": gettext_lazy("Deadline warning (hours)"),
    "kickoff_reminder_minutes": gettext_lazy("Kick-off reminder (minutes)"),
}


def ruleset_of(league: League) -> Ruleset | None:
    try:
        return get_ruleset(league.ruleset)
    except LookupError:
        return None


def edition_fire_floor(league: League) -> int | None:
    """The firing floor of the league's edition (BB2025: 11), None where it has none."""
    ruleset = ruleset_of(league)
    if ruleset is None:
        return None
    try:
        return draft_rules_for(ruleset).fire_floor
    except LookupError:
        return None


def from_row(row: HouseRulesRow | None, league: League) -> HouseRules:
    """The engine's ``HouseRules`` of a league's row (None: no row, the edition)."""
    cap = league.redraft_budget_cap
    if row is None:
        return HouseRules(redraft_budget_cap=cap)
    # Empty, or the edition's own answer (a row saved under another edition), reads
    # as "as written".
    may_fire = row.firing_below_eleven
    fires_freely = edition_fire_floor(league) is None
    return HouseRules(
        banned_stars=frozenset(row.banned_stars or ()),
        ban_mega_stars=row.ban_mega_stars,
        prize_amounts=prize_table(row.prize_amounts),
        non_core_inducements=row.non_core_inducements,
        redraft_formula=row.redraft_formula,
        redraft_budget_cap=cap,
        team_value_floor=row.team_value_floor,
        team_value_ceiling=row.team_value_ceiling,
        firing_below_eleven=None if may_fire in (None, fires_freely) else may_fire,
        unplayed_fixtures=row.unplayed_fixtures,
        deadline_warning_hours=row.deadline_warning_hours,
        kickoff_reminder_minutes=row.kickoff_reminder_minutes,
    )


def house_rules_of(league: League | int) -> HouseRules:
    """The league's house rules in force now; ``HouseRules()`` (but for the league's
    re-draft cap) where it has none: the edition as written."""
    if isinstance(league, League):
        return from_row(HouseRulesRow.objects.filter(league=league).first(), league)
    # By its key (a pre-game's start): the league and its row in one statement.
    loaded = League.objects.select_related("house_rules").get(pk=league)
    try:
        row: HouseRulesRow | None = loaded.house_rules
    except HouseRulesRow.DoesNotExist:
        row = None
    return from_row(row, loaded)


# --- the commissioner's change --------------------------------------------------------


def _whole(value: Any, name: str, problems: dict[str, list[str]], *, most: int) -> int | None:
    """A whole number of at most ``most``, None for empty; else a problem on ``name``."""
    if value is None or value == "":
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        problems.setdefault(name, []).append(
            _("%(label)s: %(value)s is not a whole number.")
            % {"label": LABELS[name], "value": repr(value)}
        )
        return None
    try:
        number = int(value)
    except ValueError:
        problems.setdefault(name, []).append(
            _("%(label)s: %(value)s is not a whole number.")
            % {"label": LABELS[name], "value": repr(value)}
        )
        return None
    if number < 0:
        problems.setdefault(name, []).append(
            _("%(label)s cannot be negative.") % {"label": LABELS[name]}
        )
    elif number > most:
        problems.setdefault(name, []).append(
            _("%(label)s is at most %(most)s.") % {"label": LABELS[name], "most": f"{most:,}"}
        )
    return number


def _flag(value: Any, name: str, problems: dict[str, list[str]]) -> bool:
    if isinstance(value, bool):
        return value
    problems.setdefault(name, []).append(
        _("%(label)s: choose yes or no.") % {"label": LABELS[name]}
    )
    return False


def _star_keys(
    value: Any, ruleset: Ruleset | None, problems: dict[str, list[str]]
) -> frozenset[str]:
    """Star keys (slugs, or names the ruleset resolves) as the ruleset's slugs."""
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        problems.setdefault("banned_stars", []).append(_("Banned star players are a list of keys."))
        return frozenset()
    keys: set[str] = set()
    for key in value:
        slug = ruleset.star_players.resolve(key) if ruleset is not None else None
        if slug is None:
            problems.setdefault("banned_stars", []).append(
                _("%(edition)s has no star player %(key)s.")
                % {"edition": ruleset.name, "key": repr(key)}
                if ruleset is not None
                else _("The league's edition has no star player %(key)s.") % {"key": repr(key)}
            )
            continue
        keys.add(slug)
    return frozenset(keys)


def _prizes(value: Any, problems: dict[str, list[str]]) -> tuple[tuple[int, int], ...] | None:
    """``{"1": 100000, ...}`` (a place's empty amount left out), None for the edition's."""
    if value is None or value == {}:
        return None
    if not isinstance(value, Mapping):
        problems.setdefault("prize_amounts", []).append(
            _('Play-off prizes are gold per place, e.g. {"1": 100000, "2": 60000}.')
        )
        return None
    pairs: list[tuple[int, int]] = []
    for place, amount in value.items():
        if amount is None or amount == "":
            continue
        try:
            number = int(place)
        except (TypeError, ValueError):
            problems.setdefault("prize_amounts", []).append(
                _("%(place)s is not a place.") % {"place": repr(place)}
            )
            continue
        gold_amount = _whole(amount, "prize_amounts", problems, most=MAX_GOLD)
        if gold_amount is not None:
            pairs.append((number, gold_amount))
    return tuple(sorted(pairs)) or None


def _parse(
    league: League, current: HouseRules, choices: Mapping[str, Any]
) -> tuple[HouseRules, dict[str, list[str]]]:
    """The house rules the commissioner asks for (what he leaves out stays as it is),
    with every problem per choice."""
    problems: dict[str, list[str]] = {}
    unknown = sorted(set(choices) - set(CHOICES))
    if unknown:
        problems["non_field_errors"] = [
            _("%(name)s is not a house rule; the house rules are: %(choices)s.")
            % {"name": repr(name), "choices": ", ".join(CHOICES)}
            for name in unknown
        ]
    ruleset = ruleset_of(league)
    asked = dict(choices)
    values: dict[str, Any] = {}
    if "banned_stars" in asked:
        values["banned_stars"] = _star_keys(asked["banned_stars"], ruleset, problems)
    for name in ("ban_mega_stars", "non_core_inducements"):
        if name in asked:
            values[name] = _flag(asked[name], name, problems)
    if "firing_below_eleven" in asked:
        may = asked["firing_below_eleven"]
        if may is None:
            values["firing_below_eleven"] = None
        else:
            flag = _flag(may, "firing_below_eleven", problems)
            as_written = (edition_fire_floor(league) is None) == flag
            values["firing_below_eleven"] = None if as_written else flag
    if "prize_amounts" in asked:
        values["prize_amounts"] = _prizes(asked["prize_amounts"], problems)
    for name in ("redraft_formula", "unplayed_fixtures"):
        if name in asked:
            values[name] = str(asked[name])
    for name, most in (
        ("redraft_budget_cap", MAX_GOLD),
        ("team_value_floor", MAX_GOLD),
        ("team_value_ceiling", MAX_GOLD),
    ):
        if name in asked:
            values[name] = _whole(asked[name], name, problems, most=most)
    for name in ("deadline_warning_hours", "kickoff_reminder_minutes"):
        if name in asked:
            number = _whole(asked[name], name, problems, most=MAX_NOTICE)
            if number is None and name not in problems:
                problems[name] = [_("%(label)s: give a number.") % {"label": LABELS[name]}]
            values[name] = number if number is not None else getattr(current, name)
    wanted = HouseRules(**{**_fields(current), **values})
    for name, messages in house_rules_problems(wanted).items():
        if name not in problems:
            problems[name] = [str(m) for m in messages]
    try:
        edition = edition_for(league.ruleset)
    except LookupError:
        edition = None
    if ruleset is not None and edition is not None:
        prizes = edition.playoff_prizes if edition.has_gold else ()
        for name, messages in edition_problems(wanted, ruleset, prizes, edition.redraft).items():
            problems.setdefault(name, []).extend(
                str(m) for m in messages if str(m) not in problems[name]
            )
    return wanted, problems


def problems_with(league: League, choices: Mapping[str, Any]) -> dict[str, list[str]]:
    """What the league's edition and the rules refuse in ``choices``, per choice (empty:
    ``set_house_rules`` would take them); for a form or an API input to show by field."""
    return _parse(league, house_rules_of(league), choices)[1]


def _fields(rules: HouseRules) -> dict[str, Any]:
    return {name: getattr(rules, name) for name in HouseRules.__dataclass_fields__}


def set_house_rules(actor: Actor, league: League | int, **choices: Any) -> HouseRules:
    """The commissioner changes the league's house rules (what he leaves out stays as it
    is) and the re-draft cap. Refused with every reason, per choice, changing nothing:
    a star the edition has not, a floor above the ceiling, a negative or unknown prize,
    a prize for a place the edition pays none for, a cap below the re-draft budget.
    Logged in the league's audit trail with each change from -> to. Applies from the
    next match on: a match already in its pre-game keeps the rules it began with."""
    given = league if isinstance(league, League) else None
    league_id = league.pk if isinstance(league, League) else league
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league_id)
        require_commissioner(
            actor, league, _("Only a commissioner of %(league)s may change the house rules.")
        )
        row = HouseRulesRow.objects.select_for_update().filter(league=league).first()
        before = from_row(row, league)
        after, problems = _parse(league, before, choices)
        if problems:
            error = LeagueError([m for messages in problems.values() for m in messages])
            error.fields = problems  # type: ignore[attr-defined]  # the API's field messages
            named = [name for name in problems if name != "non_field_errors"]
            if len(named) == 1 and len(problems) == 1:
                error.field = named[0]  # type: ignore[attr-defined]
            raise error
        changes = describe_changes(before, after, league)
        if not changes:
            return before
        if row is None:
            row = HouseRulesRow(league=league)
        row.banned_stars = sorted(after.banned_stars)
        row.ban_mega_stars = after.ban_mega_stars
        row.prize_amounts = (
            None
            if after.prize_amounts is None
            else {str(place): amount for place, amount in after.prize_amounts}
        )
        row.non_core_inducements = after.non_core_inducements
        row.redraft_formula = after.redraft_formula
        row.team_value_floor = after.team_value_floor
        row.team_value_ceiling = after.team_value_ceiling
        row.firing_below_eleven = after.firing_below_eleven
        row.unplayed_fixtures = after.unplayed_fixtures
        row.deadline_warning_hours = after.deadline_warning_hours
        row.kickoff_reminder_minutes = after.kickoff_reminder_minutes
        row.full_clean(exclude=["league"])
        row.save()
        if after.redraft_budget_cap != league.redraft_budget_cap:
            league.redraft_budget_cap = after.redraft_budget_cap
            league.save(update_fields=["redraft_budget_cap"])
            if given is not None:  # the caller's copy reads the new cap too
                given.redraft_budget_cap = after.redraft_budget_cap
        log_action(
            actor,
            "league.house_rules",
            say(
                "{league}: house rules changed, from the next match on: {changes}.",
                league=league.name,
                changes="; ".join(change["text"] for change in changes),
            ),
            league=league,
            changes=[{k: v for k, v in change.items() if k != "text"} for change in changes],
        )
        versions.bump(leagues=[league.pk])
        return after


def may_fire_below_eleven(rules: HouseRules, league: League) -> bool:
    """Yes or no: the house rule, or the edition's own answer where it stands."""
    if rules.firing_below_eleven is not None:
        return rules.firing_below_eleven
    return edition_fire_floor(league) is None


# --- words a coach reads --------------------------------------------------------------


def describe(rules: HouseRules, league: League) -> dict[str, str]:
    """Each house rule in words a coach reads (stars by name, gold in gp), by choice."""
    ruleset = ruleset_of(league)
    names = _star_names(rules.banned_stars, ruleset)
    try:
        edition = edition_for(league.ruleset)
        edition_prizes = edition.playoff_prizes if edition.has_gold else ()
        redraft = edition.redraft
    except LookupError:
        edition_prizes, redraft = (), None
    prizes = playoff_prizes(rules, edition_prizes)
    mega_stars = (
        banned_stars(HouseRules(ban_mega_stars=True), ruleset) if ruleset is not None else ()
    )
    star_names = ", ".join(star.name for star in mega_stars)
    prize_list = ", ".join(prize_in_words(place, amount) for place, amount in prizes)
    if not prizes:
        prize_words = (
            _("None (the edition pays no prizes)")
            if rules.prize_amounts
            else _("None (the edition pays no prizes) (the edition's)")
        )
    else:
        prize_words = (
            prize_list
            if rules.prize_amounts
            else _("%(prizes)s (the edition's)") % {"prizes": prize_list}
        )
    words = {
        "banned_stars": ", ".join(names) if names else _("None"),
        "ban_mega_stars": (
            _("Banned: %(stars)s") % {"stars": star_names}
            if rules.ban_mega_stars and ruleset is not None
            else _("Allowed")
        ),
        "prize_amounts": prize_words,
        "non_core_inducements": (
            _("Offered: each team may buy those its team list prints")
            if rules.non_core_inducements
            else _("Not offered (the edition's core inducements only)")
        ),
        "redraft_formula": str(
            {
                TREASURY_ONLY: gettext_lazy(
                    "The draft budget and the Treasury, without the season's bonus"
                ),
                FRESH_BUDGET: gettext_lazy(
                    "A fresh draft budget; the Treasury is not carried over"
                ),
            }.get(rules.redraft_formula, gettext_lazy("The edition's formula"))
        ),
        "redraft_budget_cap": _cap_words(rules.redraft_budget_cap, redraft),
        "team_value_floor": _gold_or_none(rules.team_value_floor),
        "team_value_ceiling": _gold_or_none(rules.team_value_ceiling),
        "firing_below_eleven": _firing_words(rules, league),
        "unplayed_fixtures": (
            _("Held for the commissioner's decision")
            if rules.unplayed_fixtures == "hold"
            else _("Settled by the rules when the deadline passes")
        ),
        "deadline_warning_hours": ngettext(
            "%(count)d hour before a deadline",
            "%(count)d hours before a deadline",
            rules.deadline_warning_hours,
        )
        % {"count": rules.deadline_warning_hours},
        "kickoff_reminder_minutes": ngettext(
            "%(count)d minute before a kick-off",
            "%(count)d minutes before a kick-off",
            rules.kickoff_reminder_minutes,
        )
        % {"count": rules.kickoff_reminder_minutes},
    }
    return words


def _firing_words(rules: HouseRules, league: League) -> str:
    floor = fire_floor(rules, edition_fire_floor(league))
    if floor is None:
        if rules.firing_below_eleven:
            return _("Allowed: a coach may fire players however few remain")
        return _("Allowed: a coach may fire players however few remain (as the edition says)")
    values = {"floor": floor}
    if rules.firing_below_eleven is None:
        return (
            _(
                "Not allowed: firing never leaves fewer than %(floor)s players eligible "
                "(as the edition says)"
            )
            % values
        )
    return _("Not allowed: firing never leaves fewer than %(floor)s players eligible") % values


def _cap_words(cap: int | None, redraft: RedraftRules | None) -> str:
    if cap is not None:
        return _("%(gold)s gp") % {"gold": gold(cap)}
    edition_cap = getattr(redraft, "default_cap", None)  # BB2025's book cap, 1,300,000
    if edition_cap:
        return _("The edition's (%(gold)s gp)") % {"gold": gold(edition_cap)}
    return _("None")


def _gold_or_none(amount: int | None) -> str:
    return _("None") if amount is None else _("%(gold)s gp") % {"gold": gold(amount)}


def _star_names(keys: frozenset[str], ruleset: Ruleset | None) -> list[str]:
    if ruleset is None:
        return sorted(keys)
    return sorted(
        ruleset.star_players[key].name if key in ruleset.star_players else key for key in keys
    )


def describe_changes(before: HouseRules, after: HouseRules, league: League) -> list[dict[str, Any]]:
    """What changed, one entry per choice: its name, the stored values from and to, and
    a sentence in words ("Banned star players: None -> Griff Oberwald")."""
    # The audit row's text is English, as every log line.
    with translation.override(settings.LANGUAGE_CODE):
        old, new = describe(before, league), describe(after, league)
        labels = {name: str(LABELS[name]) for name in CHOICES}
    before_json, after_json = before.to_json(), after.to_json()
    return [
        {
            "field": name,
            "from": before_json[name],
            "to": after_json[name],
            "text": f"{labels[name]}: {old[name]} -> {new[name]}",
        }
        for name in CHOICES
        if before_json[name] != after_json[name]
    ]


def in_force(league: League) -> list[tuple[str, str]]:
    """(label, words) of every house rule in force, for the league's rules page."""
    words = describe(house_rules_of(league), league)
    return [(str(LABELS[name]), words[name]) for name in CHOICES]
