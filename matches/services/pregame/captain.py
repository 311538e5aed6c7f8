"""A new Team Captain in the pre-game (BB2025 facts section 2, "Team Captain", May 2026
erratum): once a team's captain has left the roster for any reason, its coach names a
new one in the Pre-game Sequence of the team's next league fixture: any active permanent
player who is not a Big Guy, who gains Pro with no value increase.

The match only says when and who may: the pre-game of a league or play-off fixture
(league play; a friendly is not one), the side's coach or a commissioner. The naming
itself is the team's (``teams.services.captain.name_new_captain``). Decision: the
team may name him in any such pre-game while it has none (the engine's
``may_name_new_captain``), not only in the first one after he left.

The match's kick-off snapshot reads the players then, so the new captain plays the
match with his Pro."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.types import Actor
from leagues.models import Fixture
from matches.errors import MatchError
from matches.models import Match
from matches.selectors.state import state_of
from matches.services.access import require_play, require_status, team_actor
from matches.services.locking import lock_match, team_of
from matches.services.snapshots import SIDES
from rules_engine.draft import draft_rules_for, may_name_new_captain
from teams.models import Player, PlayerStatus, Team
from teams.selectors.captain import team_captain_id
from teams.services._common import roster_of, ruleset_of
from teams.services.captain import name_new_captain

# The fixtures played in league play (facts section 2 says "league fixture").
LEAGUE_PLAY = (Fixture.Kind.LEAGUE, Fixture.Kind.PLAYOFF)
DOING = gettext_lazy("name a new Team Captain")


class CaptainMatchError(MatchError):
    """A new captain refused by the match, with the input the reasons are about."""

    def __init__(self, messages: str | list[str], field: str | None = None) -> None:
        super().__init__(messages)
        self.field = field


@dataclass(frozen=True)
class CaptainCard:
    """One side's Team Captain in the pre-game: who he is, or whom its coach may name."""

    side: str
    team: Team
    skill: str
    captain: Player | None = None
    may_name: bool = False
    players: list[Player] = field(default_factory=list)


def eligible_players(team: Team) -> list[Player]:
    """The players who may be named: active, permanent (no journeyman, no Mercenary
    Player), not a Big Guy; by shirt number."""
    roster = roster_of(team)
    ordinary = {slug for slug, p in roster.positions.items() if not p.big_guy}
    return list(
        Player.objects.filter(
            team=team,
            status=PlayerStatus.ACTIVE,
            journeyman=False,
            mercenary=False,
            position_slug__in=ordinary,
        ).order_by("number", "pk")
    )


def captain_card(match: Match, side: str) -> CaptainCard | None:
    """The side's card while the match is in its pre-game (None where its roster names
    no captain, or the match is not a league one in its pre-game)."""
    if match.status != Match.Status.PRE_GAME or match.fixture.kind not in LEAGUE_PLAY:
        return None
    team = team_of(match, side)
    ruleset = ruleset_of(team)
    rules = draft_rules_for(ruleset)
    roster = roster_of(team, ruleset)
    if rules.captain_skill is None or not rules.names_team_captain(roster):
        return None
    captain_id = team_captain_id(team.pk, team.ruleset, team.roster_slug)
    if captain_id is not None:
        captain = Player.objects.get(pk=captain_id)
        return CaptainCard(side, team, rules.captain_skill, captain=captain)
    may_name = may_name_new_captain(rules, roster, has_captain=False)
    players = eligible_players(team) if may_name else []
    return CaptainCard(side, team, rules.captain_skill, may_name=may_name, players=players)


def captain_cards(match: Match) -> list[CaptainCard]:
    """Both sides' cards, home first, where there is one."""
    return [card for side in SIDES if (card := captain_card(match, side)) is not None]


def name_team_captain(actor: Actor, match: Match | int, side: Any, player: Any) -> Player:
    """Name ``side``'s new Team Captain (``player``: a player's id) in the match's
    pre-game. Only that side's coach or a commissioner; refusals name their input
    ("side", "player") and change nothing."""
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        if side not in SIDES:
            raise CaptainMatchError(
                _("A side is 'home' or 'away', not %(side)r.") % {"side": side}, field="side"
            )
        if not state_of(match, None, actor).may_answer_for(side):
            team = team_of(match, side)
            raise PermissionDenied(
                _("Only the coach of %(team)s names its Team Captain.") % {"team": team.name}
            )
        require_status(match, Match.Status.PRE_GAME, doing=DOING)
        if match.fixture.kind not in LEAGUE_PLAY:
            raise CaptainMatchError(
                _(
                    "%(match)s is a friendly: a new Team Captain is named in the pre-game of "
                    "a league fixture"
                )
                % {"match": match.label}
            )
        team = team_of(match, side)
        return name_new_captain(team_actor(actor, team), team, player)
