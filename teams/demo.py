"""Demo teams for `manage.py load_demo`: one drafted team per demo coach.

Each team is looked up by name first, so loading twice changes nothing. The
drafts are the coach's core players; ``near_budget`` then spends what is left
of the draft budget on re-rolls, fans and sideline staff as the engine prices
them, and the draft service checks the result like any coach's draft.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import rules_engine
from rules_engine import DraftProposal
from rules_engine.draft import draft_rules_for
from teams.models import Team
from teams.services import draft_team
from teams.templatetags.dugout import gp

RULESET = "bb2020"


@dataclass(frozen=True)
class DemoTeam:
    coach: str
    name: str
    roster_slug: str
    players: Mapping[str, int]
    rerolls: int
    apothecary: bool = True
    special_rule_choice: str | None = None


DEMO_TEAMS: tuple[DemoTeam, ...] = (
    DemoTeam(
        "grimnir",
        "Karak Ungor Hammers",
        "dwarf",
        {"dwarf-blocker-lineman": 7, "dwarf-blitzer": 2, "dwarf-troll-slayer": 2},
        rerolls=2,
    ),
    DemoTeam(
        "lothar",
        "Altdorf Griffons",
        "human",
        {"human-lineman": 4, "human-blitzer": 4, "human-catcher": 2, "human-thrower": 1},
        rerolls=3,
    ),
    DemoTeam(
        "skrit",
        "Skavenblight Scramblers",
        "skaven",
        {
            "skaven-clanrat-lineman": 5,
            "skaven-gutter-runner": 4,
            "skaven-blitzer": 1,
            "skaven-thrower": 1,
        },
        rerolls=3,
    ),
    DemoTeam(
        "gorbag",
        "Gorbag's Gouger Ladz",
        "orc",
        {"orc-lineman": 4, "orc-big-un": 4, "orc-blitzer": 2, "orc-thrower": 1},
        rerolls=2,
    ),
    DemoTeam(
        "ariel",
        "Athel Loren Avengers",
        "wood-elf",
        {"wood-elf-lineman": 8, "wood-elf-wardancer": 2, "wood-elf-catcher": 1},
        rerolls=2,
        apothecary=False,
    ),
    DemoTeam(
        "morg",
        "Morg's Doomlords",
        "chaos-chosen",
        {"chaos-chosen-beastman-runner-lineman": 7, "chaos-chosen-chosen-blocker": 4},
        rerolls=2,
        special_rule_choice="Favoured of Khorne",
    ),
)


def near_budget(demo: DemoTeam) -> DraftProposal:
    """The demo draft with what is left of the budget spent, 10,000 gp at a time
    (Dedicated Fans, then cheerleaders, then assistant coaches), within the
    draft's limits; the engine prices every step."""
    ruleset = rules_engine.get_ruleset(RULESET)
    rules = draft_rules_for(ruleset)
    proposal = DraftProposal(
        roster_slug=demo.roster_slug,
        players=dict(demo.players),
        rerolls=demo.rerolls,
        apothecary=demo.apothecary,
        special_rule_choice=demo.special_rule_choice,
    )
    limits = (
        ("dedicated_fans", rules.max_dedicated_fans),
        ("cheerleaders", rules.max_cheerleaders // 4),
        ("assistant_coaches", rules.max_assistant_coaches // 2),
    )
    for name, most in limits:
        while getattr(proposal, name) < most:
            more = _with(proposal, name, getattr(proposal, name) + 1)
            if rules_engine.draft_cost(ruleset, more).remaining < 0:
                break
            proposal = more
    return proposal


def _with(proposal: DraftProposal, name: str, value: int) -> DraftProposal:
    changes: dict[str, Any] = {name: value}
    return replace(proposal, **changes)


def load(users: Mapping[str, Any], log: Callable[[str], None]) -> list[Team]:
    """Draft the demo teams that are not there yet; one line per team."""
    teams = []
    for demo in DEMO_TEAMS:
        team = Team.objects.filter(name__iexact=demo.name).first()
        if team is None:
            proposal = near_budget(demo)
            team = draft_team(
                users[demo.coach],
                name=demo.name,
                ruleset_key=RULESET,
                roster_slug=demo.roster_slug,
                players=proposal.players,
                rerolls=proposal.rerolls,
                assistant_coaches=proposal.assistant_coaches,
                cheerleaders=proposal.cheerleaders,
                apothecary=bool(proposal.apothecary),
                dedicated_fans=proposal.dedicated_fans,
                special_rule_choice=proposal.special_rule_choice,
            )
            state = "drafted"
        else:
            state = "already there"
        players = team.players.filter(status="active").count()
        log(
            f"Team {team.name} ({team.roster_slug}, coach {team.coach.get_username()}): "
            f"{state}, {players} players, treasury {gp(team.treasury)}"
        )
        teams.append(team)
    return teams
