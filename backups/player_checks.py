"""A backup's player figures held against what the rules and the backup's own history
allow (``backups.checks`` calls ``player_problems`` before anything is written).

- **Characteristics**: each of MA, ST, AG, PA and AV lies within the limits of the
  team's edition (its league tables' ``characteristic_limits``); an edition that prints
  no limits is held to the widest limits any edition prints. The position must be one
  of the team's roster.
- **SPP**: a player's SPP earned is what the backup records him earning: the SPP of
  his match statistics, the SPP a correction let him keep (``spp_grant`` effects) and
  the MVP of a fixture conceded to his team (``Fixture.concession_award``). A deferred
  post-game or a correction may have taken some back, so he may hold fewer, never
  more. His SPP spent are what his advancements cost, and his count of advancements
  is the number of them the backup holds.

The SPP and advancement checks apply to the players of a team whose whole history is
in the backup: a team imported from a file (a ledger entry of reason ``import``) or
one that played matches of another league (a ledger posting from a match the backup
does not hold) brought figures earned elsewhere, and only its characteristics are
checked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from functools import cache
from typing import Any, TypeGuard

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from backups.values import Problems, is_int
from matches.models import EffectKind
from rules_engine import get_ruleset, list_rulesets
from rules_engine.errors import RulesetDataError
from rules_engine.league_tables import load_league_tables
from rules_engine.ruleset import Ruleset
from teams.models import LedgerReason

CHARACTERISTICS = ("ma", "st", "ag", "pa", "av")
TARGET_NUMBERS = ("ag", "pa", "av")  # held as the target number: AG 3 reads "AG 3+"
SECTION = "players"


@cache
def _edition_limits(ruleset_key: str) -> Mapping[str, tuple[int, int]] | None:
    try:
        return load_league_tables(ruleset_key).characteristic_limits
    except (RulesetDataError, OSError, KeyError):
        return None  # an edition whose data prints no league tables


@cache
def widest_limits() -> dict[str, tuple[int, int]]:
    """The widest limits any registered edition prints, per characteristic."""
    widest: dict[str, tuple[int, int]] = {}
    for key in list_rulesets():
        for name, (low, high) in (_edition_limits(key) or {}).items():
            old = widest.get(name, (low, high))
            widest[name] = (min(old[0], low), max(old[1], high))
    return widest


def characteristic_limits(ruleset_key: str) -> Mapping[str, tuple[int, int]]:
    """The limits of the edition ``ruleset_key`` (the widest for one that prints none)."""
    return _edition_limits(ruleset_key) or widest_limits()


def _whole(value: Any) -> TypeGuard[int]:
    return is_int(value)


def _ruleset(key: Any) -> Ruleset | None:
    if not isinstance(key, str) or key not in list_rulesets():
        return None  # the field checks report an unknown ruleset
    return get_ruleset(key)


def _shown(name: str, value: int) -> str:
    return f"{name.upper()} {value}{'+' if name in TARGET_NUMBERS else ''}"


def who(player: Mapping[str, Any], team: Mapping[str, Any] | None) -> str:
    """ "players row 7 (#3 Griff Oberwald of Backup Reavers)"."""
    values = {
        "section": SECTION,
        "id": repr(player.get("id")),
        "number": player.get("number"),
        "player": player.get("name"),
    }
    if team is None:
        return _("%(section)s row %(id)s (#%(number)s %(player)s)") % values
    values["team"] = team.get("name")
    return _("%(section)s row %(id)s (#%(number)s %(player)s of %(team)s)") % values


def _sums(rows: list[dict[str, Any]], key: str, value: str) -> dict[Any, int]:
    totals: dict[Any, int] = defaultdict(int)
    for row in rows:
        if is_int(row.get(value)):
            totals[row.get(key)] += row[value]
    return totals


def _concession_spp(fixtures: list[dict[str, Any]]) -> dict[Any, int]:
    totals: dict[Any, int] = defaultdict(int)
    for fixture in fixtures:
        award = fixture.get("concession_award")
        mvps = award.get("mvps") if isinstance(award, dict) else None
        for mvp in mvps if isinstance(mvps, list) else []:
            if isinstance(mvp, dict) and is_int(mvp.get("spp")):
                totals[mvp.get("player")] += mvp["spp"]
    return totals


def _teams_with_history_elsewhere(rows: Mapping[str, list[dict[str, Any]]]) -> set[Any]:
    """Teams that brought figures from outside the backup: imported from a file, or
    paid by matches the backup does not hold."""
    matches = {row["id"] for row in rows["matches"]}
    elsewhere = set()
    for entry in rows["ledger"]:
        match_id = entry.get("match_id")
        if entry.get("reason") == LedgerReason.IMPORT or (
            match_id is not None and match_id not in matches
        ):
            elsewhere.add(entry.get("team_id"))
    return elsewhere


def _characteristic_problems(
    player: dict[str, Any], team: dict[str, Any] | None, problems: Problems
) -> None:
    key = team.get("ruleset") if team is not None else None
    ruleset = _ruleset(key)
    limits = characteristic_limits(key) if isinstance(key, str) else widest_limits()
    edition = ruleset.name if ruleset is not None else None
    for name in CHARACTERISTICS:
        value = player.get(name)
        if not _whole(value) or name not in limits:
            continue  # empty (no profile printed), or a type the field checks report
        low, high = limits[name]
        if not low <= value <= high:
            problems.add(
                SECTION,
                f"characteristic {name}",
                (
                    _(
                        "%(player)s: %(value)s is outside what %(edition)s allows (%(low)s to "
                        "%(high)s)"
                    )
                    if edition is not None
                    else _(
                        "%(player)s: %(value)s is outside what any edition allows (%(low)s to "
                        "%(high)s)"
                    )
                )
                % {
                    "player": who(player, team),
                    "value": _shown(name, value),
                    "edition": edition,
                    "low": _shown(name, low),
                    "high": _shown(name, high),
                },
            )
    slug = player.get("position_slug")
    if ruleset is not None and team is not None and isinstance(slug, str):
        roster_slug = team.get("roster_slug")
        roster = ruleset.rosters.get(roster_slug) if isinstance(roster_slug, str) else None
        if roster is not None and slug not in roster.positions:
            problems.add(
                SECTION,
                "position",
                _("%(player)s: %(position)s is not a position of the %(roster)s roster")
                % {"player": who(player, team), "position": repr(slug), "roster": roster.name},
            )


def _spp_problems(
    player: dict[str, Any],
    team: dict[str, Any] | None,
    explained: int,
    costs: int,
    advancements: int,
    problems: Problems,
) -> None:
    earned, spent, count = (player.get(k) for k in ("spp_earned", "spp_spent", "advancements"))
    if _whole(earned) and earned > explained:
        problems.add(
            SECTION,
            "spp earned",
            _(
                "%(player)s: %(earned)s SPP earned, but the backup's match statistics give "
                "him %(explained)s SPP"
            )
            % {"player": who(player, team), "earned": f"{earned:,}", "explained": f"{explained:,}"},
        )
    if _whole(spent) and spent != costs:
        problems.add(
            SECTION,
            "spp spent",
            _("%(player)s: %(spent)s SPP spent, but his advancements cost %(costs)s SPP")
            % {"player": who(player, team), "spent": f"{spent:,}", "costs": f"{costs:,}"},
        )
    if _whole(count) and count != advancements:
        problems.add(
            SECTION,
            "advancements",
            ngettext(
                "%(player)s: %(count)s advancement, but the backup records %(recorded)s",
                "%(player)s: %(count)s advancements, but the backup records %(recorded)s",
                count,
            )
            % {"player": who(player, team), "count": count, "recorded": advancements},
        )


def player_problems(rows: Mapping[str, list[dict[str, Any]]], problems: Problems) -> None:
    """Every player figure of the backup's ``rows`` (by section) the rules or the
    backup's own history cannot account for (see the module docstring)."""
    teams = {team["id"]: team for team in rows["teams"]}
    elsewhere = _teams_with_history_elsewhere(rows)
    spp = _sums(rows["stats"], "player_id", "spp")
    grants = [e for e in rows["effects"] if e.get("kind") == EffectKind.SPP_GRANT]
    for player_id, amount in _sums(grants, "player_id", "amount").items():
        spp[player_id] += amount
    for player_id, amount in _concession_spp(rows["fixtures"]).items():
        spp[player_id] += amount
    costs = _sums(rows["advancements"], "player_id", "spp_cost")
    counts: dict[Any, int] = defaultdict(int)
    for advancement in rows["advancements"]:
        counts[advancement.get("player_id")] += 1
    for player in rows["players"]:
        team = teams.get(player.get("team_id"))
        _characteristic_problems(player, team, problems)
        if team is None or team["id"] in elsewhere:
            continue
        pid = player["id"]
        _spp_problems(player, team, spp[pid], costs[pid], counts[pid], problems)
