"""The team sheet's player rows as plain values: what the page shows of each player,
read from a ``TeamSheet`` (its five queries; none more, whatever the team's size), with
his pages' addresses built from one ``reverse`` per kind of link, not one per row."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.urls import reverse

from teams.selectors.development import can_advance
from teams.selectors.sheet import (
    TeamSheet,
    injury_marks,
    position_for,
    position_skills,
    roster_for,
)

# A player id no database hands out, reversed once and replaced by each row's id.
_PK = 2_147_483_647


def _url_for(name: str) -> Callable[[int], str]:
    """The address of the player page ``name`` for any player id, reversed once."""
    pattern = reverse(name, args=[_PK])
    return lambda pk: pattern.replace(str(_PK), str(pk))


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
    url: str
    fire_url: str
    advance_url: str


def player_rows(sheet: TeamSheet, *, with_advancement: bool) -> list[SheetRow]:
    """The sheet's players as rows; ``with_advancement`` says whether to ask who may
    spend SPP now (only the coach's actions show it)."""
    roster = roster_for(sheet.team)
    detail, fire, advance = (
        _url_for("player-detail"),
        _url_for("player-fire"),
        _url_for("player-advance"),
    )
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
                url=detail(player.pk),
                fire_url=fire(player.pk),
                advance_url=advance(player.pk),
            )
        )
    return rows
