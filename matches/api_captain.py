"""The API's Team Captain in the pre-game (``matches.services.pregame.captain``; BB2025 facts
section 2, May 2026 erratum): GET /api/v1/matches/{id}/team-captain/ says each side's
captain, or whom its coach may name; POST names a new one ({"side", "player"}), the
same service as the match page's "Name a new Team Captain" form."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from core.filters import id_field
from matches.models import Match
from matches.serializers import SIDE_CHOICES, choice
from matches.services.pregame.captain import CaptainCard, captain_cards
from teams.models import Player


class TeamCaptainInputSerializer(serializers.Serializer):
    side = choice(SIDE_CHOICES, help_text="The side whose Team Captain is named.")
    player = id_field(
        help_text=(
            "The id of the new captain: an active permanent player of that side's team "
            "(no journeyman, no Mercenary Player), not a Big Guy."
        )
    )


class CaptainPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="pk")
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField(source="position_slug")


class CaptainCardSerializer(serializers.Serializer):
    """One side's Team Captain in the pre-game."""

    side = choice(SIDE_CHOICES)
    team = serializers.IntegerField(source="team.pk")
    skill = serializers.CharField(help_text="The skill the captain has while captain.")
    captain = CaptainPlayerSerializer(allow_null=True, help_text="None: the team has none.")
    may_name = serializers.BooleanField(help_text="Whether a new captain may be named now.")
    players = CaptainPlayerSerializer(many=True, help_text="Whom the coach may name.")


class TeamCaptainsSerializer(serializers.Serializer):
    """The sides whose roster names a Team Captain, while the match is in its pre-game
    (empty otherwise)."""

    captains = CaptainCardSerializer(many=True)
    named = CaptainPlayerSerializer(required=False, help_text="The player just named (POST only).")


def captains_data(match: Match, named: Player | None = None) -> dict[str, Any]:
    cards: list[CaptainCard] = captain_cards(match)
    body: dict[str, Any] = {"captains": cards}
    if named is not None:
        body["named"] = named
    return dict(TeamCaptainsSerializer(body).data)
