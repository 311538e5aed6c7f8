"""The demo league behind `manage.py load_demo`.

Each step is idempotent (looked up by natural keys before anything is
created), so running the command twice changes nothing. Each app keeps its part
in a ``demo`` module exposing ``load(users, log)``; they run in the order of
``DEMO_STEPS`` (teams before leagues before matches).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from leagues import demo as leagues_demo
from leagues import demo_house_rules, demo_kickoff
from matches import demo as matches_demo
from matches import demo_rulesets
from news import demo as news_demo
from teams import demo as teams_demo

DEMO_PASSWORD = "bloodbowl-demo"
DEMO_COMMISSIONER = "commissioner"
DEMO_COACHES = ("grimnir", "lothar", "skrit", "gorbag", "ariel", "morg")
DEMO_STEPS: tuple[Callable[[Any, Callable[[str], None]], object], ...] = (
    teams_demo.load,
    leagues_demo.load,
    matches_demo.load,
    demo_house_rules.load,
    demo_kickoff.load,
    demo_rulesets.load,
    news_demo.load,  # after the matches: a report needs a finished one
)


def ensure_users() -> dict[str, object]:
    User = get_user_model()
    users: dict[str, object] = {}
    for username in (DEMO_COMMISSIONER, *DEMO_COACHES):
        user, created = User.objects.get_or_create(
            username=username, defaults={"email": f"{username}@dugout.invalid"}
        )
        if created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        users[username] = user
    return users


@transaction.atomic
def load_demo(log: Callable[[str], None]) -> None:
    users = ensure_users()
    for step in DEMO_STEPS:
        step(users, log)
    log(f"Demo logins (password for each: {DEMO_PASSWORD}):")
    log(f"  commissioner: {DEMO_COMMISSIONER}")
    for coach in DEMO_COACHES:
        log(f"  coach:        {coach}")
