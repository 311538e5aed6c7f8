"""The teams API's one-time choice of a team drafted before the draft asked for it: its
Team League or Favoured of ... (``teams.services.team_league``), as an action
TeamViewSet takes on."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from core.fields import StrictCharField
from core.input import validated
from teams.api_common import responses, sheet_data
from teams.serializers_sheet import TeamSheetSerializer
from teams.services.team_league import choose_special_rule


class SpecialRuleChoiceInputSerializer(serializers.Serializer):
    special_rule_choice = StrictCharField(
        max_length=100,
        help_text='One of the roster\'s options, e.g. "Chaos Clash" or "Favoured of Khorne".',
    )


class TeamLeagueActions(viewsets.GenericViewSet):
    """The choice's action of TeamViewSet (its ``get_object`` checks who may write)."""

    @extend_schema(
        summary="Choose the team's Team League (or Favoured of ...), once",
        description="For a BB2025 team of a roster with two Team Leagues (Chaos Dwarf, "
        "Gnome, Goblin, Halfling, Norse, Ogre, Wood Elf) or a Favoured of ... choice (Chaos "
        "Chosen, Chaos Renegades) drafted without one: it picks exactly one, which decides "
        "the star players and inducements it may buy. It never changes: a team that has "
        "chosen, a roster with nothing to choose, or an option the roster lacks is a 400 "
        "with `fields.special_rule_choice`, and nothing changes.",
        request=SpecialRuleChoiceInputSerializer,
        responses=responses({200: TeamSheetSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="special-rule-choice")
    def special_rule_choice(self, request: Request, pk: str) -> Response:
        team = self.get_object()
        choice = validated(SpecialRuleChoiceInputSerializer, request)["special_rule_choice"]
        choose_special_rule(request.user, team, choice)
        return Response(sheet_data(team.pk, request))
