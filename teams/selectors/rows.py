"""The team sheet's player rows as plain values: what the page shows of each player,
read from a ``PlainSheet`` (``plain_player_rows``: the page's) or a
``TeamSheet`` (``player_rows``; the same rows, pinned by tests/teams/test_plain_rows.py),
none querying more, with his pages' addresses built from one ``reverse`` per kind of
link, not one per row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import ngettext

from rules_engine import get_ruleset
from teams.models import Characteristic, InjuryRecord
from teams.selectors.development import can_advance, edition_of, must_advance
from teams.selectors.plain import PlainSheet
from teams.selectors.sheet import (
    TeamSheet,
    injury_marks,
    position_for,
    position_skills,
    roster_for,
)
from teams.services.convert import player_state_from

# A player id no database hands out, reversed once and replaced by each row's id.
_PK = 2_147_483_647


def _url_for(name: str) -> Callable[[int], str]:
    """The address of the player page ``name`` for any player id, reversed once."""
    pattern = reverse(name, args=[_PK])
    return lambda pk: pattern.replace(str(_PK), str(pk))


def _player_links() -> tuple[Callable[[int], str], Callable[[int], str], Callable[[int], str]]:
    """A player's page, his firing and his advancement, for any id: three reverses."""
    return _url_for("player-detail"), _url_for("player-fire"), _url_for("player-advance")


@dataclass(frozen=True)
class SheetRow:
    """One player on the team sheet, as plain values (named as the player's fields)."""

    pk: int
    number: int
    name: str
    position_slug: str
    position_name: str
    ma: int | None
    st: int | None
    ag: int | None
    pa: int | None
    av: int | None
    position_skills: list[str]
    gained_skills: list[str]
    spp: int
    current_value: int
    niggling_injuries: int
    injury_marks: list[str]
    miss_next_game: bool
    temporarily_retired: bool
    journeyman: bool
    can_advance: bool
    # The player's SPP reached what his edition lets him save: he must advance.
    must_advance: bool
    url: str
    fire_url: str
    advance_url: str


def player_rows(sheet: TeamSheet, *, with_advancement: bool) -> list[SheetRow]:
    """The sheet's players as rows; ``with_advancement`` says whether to ask who may
    spend SPP now (only the coach's actions show it)."""
    roster = roster_for(sheet.team)
    detail, fire, advance = _player_links()
    rows = []
    for player in sheet.players:
        position = position_for(roster, player)
        rows.append(
            SheetRow(
                pk=player.pk,
                number=player.number,
                name=player.name,
                position_slug=player.position_slug,
                position_name=position.name if position else player.position_slug,
                ma=player.ma,
                st=player.st,
                ag=player.ag,
                pa=player.pa,
                av=player.av,
                position_skills=position_skills(position),
                gained_skills=[s.skill for s in player.skills.all()],
                spp=player.spp,
                current_value=player.current_value,
                niggling_injuries=player.niggling_injuries,
                injury_marks=injury_marks(player),
                miss_next_game=player.miss_next_game,
                temporarily_retired=player.temporarily_retired,
                journeyman=player.journeyman,
                can_advance=with_advancement and can_advance(player),
                must_advance=with_advancement and must_advance(player),
                url=detail(player.pk),
                fire_url=fire(player.pk),
                advance_url=advance(player.pk),
            )
        )
    return rows


_CHARACTERISTICS = dict(Characteristic.choices)


def plain_injury_marks(player: dict[str, Any], minus: str = "\u2212") -> list[str]:
    """``injury_marks`` of a ``PlainSheet`` player."""
    count = player["niggling_injuries"]
    marks = (
        [ngettext("%(count)s niggling", "%(count)s niggling", count) % {"count": count}]
        if count
        else []
    )
    marks += [
        f"{minus}{_CHARACTERISTICS.get(i['characteristic'], i['characteristic'])}"
        for i in player["injuries"]
        if i["kind"] == InjuryRecord.Kind.LASTING
    ]
    return marks


def plain_player_rows(sheet: PlainSheet, *, with_advancement: bool) -> list[SheetRow]:
    """``player_rows`` of a ``PlainSheet``; ``with_advancement`` needs it read with
    ``development=True`` (the characteristics advancements improved)."""
    team = sheet.team
    ruleset = get_ruleset(team["ruleset"])
    roster = ruleset.roster(team["roster_slug"])
    edition = edition_of(team["ruleset"]) if with_advancement else None
    detail, fire, advance = _player_links()
    rows = []
    for player in sheet.players:
        position, pk = roster.positions.get(player["position_slug"]), player["id"]
        advances = edition is not None and bool(edition.development) and (
            bool(player["pending_advancement"])
            or bool(edition.advancement_options(ruleset, player_state_from(player)))
        )  # fmt: skip
        rows.append(
            SheetRow(
                pk=pk,
                number=player["number"],
                name=player["name"],
                position_slug=player["position_slug"],
                position_name=position.name if position else player["position_slug"],
                ma=player["ma"],
                st=player["st"],
                ag=player["ag"],
                pa=player["pa"],
                av=player["av"],
                position_skills=position_skills(position),
                gained_skills=list(player["skills"]),
                spp=player["spp_earned"] - player["spp_spent"],
                current_value=player["current_value"],
                niggling_injuries=player["niggling_injuries"],
                injury_marks=plain_injury_marks(player),
                miss_next_game=player["miss_next_game"],
                temporarily_retired=player["temporarily_retired"],
                journeyman=player["journeyman"],
                can_advance=advances,
                must_advance=edition is not None
                and edition.must_advance(player_state_from(player)),
                url=detail(pk),
                fire_url=fire(pk),
                advance_url=advance(pk),
            )
        )
    return rows
