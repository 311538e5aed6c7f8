"""Finding an import file's names in a ruleset: its roster (race), each player's
position and each skill gained. Every name the ruleset does not know comes back at
once, in one error that lists them all, so a coach fixes his file in one go."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules_engine.catalogue import position_slug
from rules_engine.errors import RulesError
from rules_engine.league_tables import spp_award, value_increase
from rules_engine.ruleset import Position, Roster, Ruleset
from teams.interchange.shapes import InterchangeError, PlayerIn, TeamIn
from teams.services._common import league_tables_key

# Races other league managers name differently from the rule books' rosters.
ROSTER_ALIASES = {
    "chaos": "chaos-chosen",
    "elf": "elven-union",
    "pro elf": "elven-union",
    "khemri": "tomb-kings",
    "lizardman": "lizardmen",
    "necromantic": "necromantic-horror",
    "undead": "shambling-undead",
    "chaos pact": "chaos-renegades",
    "underworld": "underworld-denizens",
    "old world": "old-world-alliance",
    "imperial": "imperial-nobility",
}


@dataclass(frozen=True)
class Mapped:
    """The team's roster, and each player's position (in the file's order)."""

    roster: Roster
    positions: tuple[Position, ...]


def find_roster(ruleset: Ruleset, name: str) -> Roster | None:
    slug = ruleset.rosters.resolve(name) or ROSTER_ALIASES.get(name.strip().casefold(), "")
    return ruleset.rosters.get(slug) if slug else None


def find_position(roster: Roster, name: str) -> Position | None:
    slug = roster.positions.resolve(name) or roster.positions.resolve(
        position_slug(roster.slug, name)
    )
    return roster.positions.get(slug) if slug else None


def _spp(ruleset: Ruleset, achievement: str) -> int:
    try:
        return spp_award(achievement, ruleset_key=league_tables_key(ruleset.key))
    except RulesError:
        return 0


def _value(ruleset: Ruleset, kind: str, characteristic: str | None = None) -> int:
    try:
        return value_increase(kind, characteristic, ruleset_key=league_tables_key(ruleset.key))
    except (RulesError, LookupError):
        return 0


def advancement_value(ruleset: Ruleset, position: Position, player: PlayerIn) -> int:
    """What a player's gained skills and improvements add to his value, each skill
    counted as chosen (primary where the position has its category, else secondary):
    FUMBBL and NAFLM do not say whether a skill was rolled, and chosen is the reading
    that does not under-value the team."""
    total = sum(_value(ruleset, "random_characteristic", name) for name in player.improvements)
    for skill, _source in player.skills:
        found = ruleset.skills.find(skill)
        primary = found is not None and found.category in position.primary
        total += _value(ruleset, "chosen_primary" if primary else "chosen_secondary")
    return total


def map_team(team: TeamIn, ruleset: Ruleset) -> Mapped:
    """Find every name of ``team`` in ``ruleset``; positions and skills are rewritten as
    the ruleset spells them and achievements turned into SPP. An InterchangeError
    lists every name not found."""
    roster = find_roster(ruleset, team.roster)
    if roster is None:
        raise InterchangeError(
            _("%(ruleset)s has no roster %(roster)s; its rosters are %(rosters)s")
            % {
                "ruleset": ruleset.name,
                "roster": repr(team.roster),
                "rosters": ", ".join(r.name for r in ruleset.rosters.values()),
            }
        )
    unknown: list[str] = []
    positions = []
    for player in team.players:
        position = find_position(roster, player.position)
        if position is None:
            unknown.append(
                _("no position %(position)s (#%(number)s %(name)s)")
                % {"position": repr(player.position), "number": player.number, "name": player.name}
            )
        else:
            positions.append(position)
            player.position = position.slug
        skills = []
        for skill, source in player.skills:
            found = ruleset.skills.find(skill)
            if found is None:
                unknown.append(
                    _("no skill %(skill)s (#%(number)s %(name)s)")
                    % {"skill": repr(skill), "number": player.number, "name": player.name}
                )
            else:
                skills.append((ruleset.skills.canonical(skill), source))
        player.skills = skills
        if team.price_advancements and position is not None:
            player.value_increases = advancement_value(ruleset, position, player)
        player.spp_earned += sum(n * _spp(ruleset, a) for a, n in player.achievements.items())
        player.achievements = {}
    if unknown:
        raise InterchangeError(
            _(
                "%(roster)s (%(ruleset)s) has %(missing)s. Correct these names in the file "
                "(or choose the ruleset the team plays)."
            )
            % {"roster": roster.name, "ruleset": ruleset.name, "missing": "; ".join(unknown)}
        )
    team.roster = roster.slug
    return Mapped(roster=roster, positions=tuple(positions))
