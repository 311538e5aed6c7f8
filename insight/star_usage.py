"""Star players hired in a league (or on the whole site): how often each star was
hired as an inducement, by which races, and how the teams that hired him fared.

A hire is read where the pre-game stores it: the match's ``pre_game_result`` summary,
``inducements`` per side (``star_players``, the slugs bought), for the matches that
kicked off; a star both teams bought and neither fielded
(``star_players_not_fielded``) is no hire. The database hands over those two keys of
each match with the fixture's result in one query (the JSON keys are extracted by the
database, not the whole pre-game); the counting is done here, as the purchases are a
list inside each row. A star is no player of the team that hires him: the report
records no touchdown, casualty or SPP for him, so his own figures are None.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from django.db.models.fields.json import KeyTransform

from leagues.models import Fixture, League
from matches.models import Match
from rules_engine import get_ruleset, list_rulesets

SIDES = ("home", "away")
PLAYED = Fixture.Status.PLAYED
UNPLAYED = Fixture.Status.UNPLAYED_DOUBLE_LOSS


@dataclass(frozen=True)
class RaceHires:
    race: str
    hires: int


@dataclass(frozen=True)
class StarUsage:
    """One star's hires and the results of the teams that hired him. ``games`` counts
    the hires whose game has a result; the win rate is over those."""

    slug: str
    name: str
    hires: int
    games: int
    won: int
    drawn: int
    lost: int
    races: tuple[RaceHires, ...]
    # Dugout records no figures for a star (he is on no roster): None, not 0.
    spp: int | None = None
    touchdowns: int | None = None
    casualties: int | None = None

    @property
    def win_rate(self) -> float | None:
        return round(100 * self.won / self.games, 1) if self.games else None


@dataclass
class _Tally:
    hires: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    races: Counter[str] = field(default_factory=Counter)


def _names(ruleset_key: Any) -> tuple[dict[str, str], dict[str, str]]:
    """(star slug -> name, roster slug -> name) of an edition; empty for an unknown one."""
    if ruleset_key not in list_rulesets():
        return {}, {}
    ruleset = get_ruleset(ruleset_key)
    stars = {slug: star.name for slug, star in ruleset.star_players.items()}
    rosters = {slug: roster.name for slug, roster in ruleset.rosters.items()}
    return stars, rosters


def outcome(row: dict[str, Any], side: str) -> str | None:
    """ "won", "drawn", "lost" for ``side`` of a fixture row, None without a result."""
    status = row["fixture__status"]
    if status == UNPLAYED:
        return "lost"
    if status not in Fixture.RESULT_STATUSES:
        return None
    other = "away" if side == "home" else "home"
    winner = row["fixture__winner_id"]
    if winner is not None:
        return "won" if winner == row[f"fixture__{side}_id"] else "lost"
    mine = row[f"fixture__{side}_points"]
    theirs = row[f"fixture__{other}_points"]
    if mine is None or theirs is None:
        mine, theirs = row[f"fixture__{side}_touchdowns"], row[f"fixture__{other}_touchdowns"]
    if mine is None or theirs is None:
        return None
    return "won" if mine > theirs else "lost" if mine < theirs else "drawn"


def _summary(key: str) -> KeyTransform:
    """One key of the pre-game's stored summary, extracted by the database."""
    return KeyTransform(key, KeyTransform("summary", "pre_game_result"))


def _rows(league: League | None) -> Any:
    matches = Match.objects.filter(kicked_off_at__isnull=False)
    if league is not None:
        matches = matches.filter(fixture__season__league=league)
    columns = [
        f"fixture__{side}_{what}" for side in SIDES for what in ("id", "touchdowns", "points")
    ]
    return matches.values(
        *columns,
        "fixture__status",
        "fixture__winner_id",
        "fixture__home__ruleset",
        "fixture__home__roster_slug",
        "fixture__away__ruleset",
        "fixture__away__roster_slug",
        bought=_summary("inducements"),
        not_fielded=_summary("star_players_not_fielded"),
    ).order_by("id")


def star_usage(league: League | None = None) -> list[StarUsage]:
    """Every star hired in ``league`` (every league when None), the most hired first."""
    tallies: dict[str, _Tally] = {}
    star_names: dict[str, str] = {}
    for row in _rows(league):
        bought = row["bought"] if isinstance(row["bought"], dict) else {}
        not_fielded = set(row["not_fielded"] or [])
        for side in SIDES:
            stars = (bought.get(side) or {}).get("star_players") or []
            if not stars:
                continue
            names, rosters = _names(row[f"fixture__{side}__ruleset"])
            roster = row[f"fixture__{side}__roster_slug"]
            result = outcome(row, side)
            for slug in stars:
                if slug in not_fielded:
                    continue
                star_names.setdefault(slug, names.get(slug, slug))
                tally = tallies.setdefault(slug, _Tally())
                tally.hires += 1
                tally.races[rosters.get(roster, roster)] += 1
                if result is not None:
                    setattr(tally, result, getattr(tally, result) + 1)
    usage = [
        StarUsage(
            slug=slug,
            name=star_names[slug],
            hires=t.hires,
            games=t.won + t.drawn + t.lost,
            won=t.won,
            drawn=t.drawn,
            lost=t.lost,
            races=tuple(
                RaceHires(race, n)
                for race, n in sorted(t.races.items(), key=lambda i: (-i[1], i[0]))
            ),
        )
        for slug, t in tallies.items()
    ]
    return sorted(usage, key=lambda s: (-s.hires, s.name))
