"""Shared by the interchange tests: the hand-written files and a developed team."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from teams.models import InjuryRecord, Player, PlayerSkill, PlayerStatus, Team
from teams.services import buy_reroll, hire_staff
from tests.factories import drafted_team

FILES = Path(__file__).parent / "files"


def file_text(name: str) -> str:
    return (FILES / name).read_text()


def developed_team(coach: Any = None) -> Team:
    """A drafted Human team that has lived a little: staff and a re-roll bought, a
    player with a skill, SPP and an AV injury, one who misses the next game, one dead."""
    team = drafted_team(coach, name="Reikland Reavers")
    buy_reroll(team.coach, team)
    hire_staff(team.coach, team, "apothecary")
    players = list(team.players.order_by("number"))
    star, hurt, dead = players[0], players[1], players[2]
    Player.objects.filter(pk=star.pk).update(
        spp_earned=17, spp_spent=6, advancements=1, value_increases=20_000, ma=star.ma + 1
    )
    PlayerSkill.objects.create(player=star, skill="Block", source=PlayerSkill.Source.CHOSEN_PRIMARY)
    InjuryRecord.objects.create(
        player=star, kind=InjuryRecord.Kind.LASTING, characteristic="av", source="Match #3"
    )
    Player.objects.filter(pk=star.pk).update(av=star.av - 1, niggling_injuries=1)
    Player.objects.filter(pk=hurt.pk).update(miss_next_game=True)
    InjuryRecord.objects.create(player=hurt, kind=InjuryRecord.Kind.MISS_NEXT_GAME)
    Player.objects.filter(pk=dead.pk).update(status=PlayerStatus.DEAD)
    return Team.objects.get(pk=team.pk)


IGNORED = {"id", "coach", "exported_at", "created_at", "match"}


def comparable(export: dict[str, Any]) -> dict[str, Any]:
    """An export without its ids, owner and timestamps (and without the ledger, which an
    import replaces with its one "Imported from" entry: compared on its own)."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in IGNORED}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip({k: v for k, v in export.items() if k != "ledger"})
