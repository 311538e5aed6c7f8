"""The demo league's house rules: mega-stars banned, and a bigger prize for the champion.

Run after the leagues and matches demos (demo/loader.py): the matches already played
keep the edition as written, as a real league's would. A league that has house rules
already is left as it is, so loading twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from leagues.models import League
from leagues.models_house_rules import HouseRules
from leagues.services.house_rules import set_house_rules

LEAGUE_NAME = "Old World Cup"
CHAMPIONS_PRIZE = 150_000


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    league = League.objects.filter(name__iexact=LEAGUE_NAME).first()
    if league is None or HouseRules.objects.filter(league=league).exists():
        return
    set_house_rules(
        users["commissioner"],
        league,
        ban_mega_stars=True,
        prize_amounts={"1": CHAMPIONS_PRIZE},
    )
    log(f"Set {league.name}'s house rules: mega-stars banned, a {CHAMPIONS_PRIZE:,} gp prize")
