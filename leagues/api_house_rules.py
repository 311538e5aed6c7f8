"""A league's house rules through the API (the rules are ``rules_engine.house_rules``,
the writes ``leagues.services.house_rules``; the page ``leagues/views_house_rules.py``):

- ``GET /api/v1/leagues/{id}/house-rules/``: the house rules in force (anyone who may
  read the league), each also in words a coach reads (``in_words``: stars by name);
- ``PUT /api/v1/leagues/{id}/house-rules/``: a commissioner changes them; a choice left
  out stays as it is. Bad input answers 400 with the messages by field and changes
  nothing. A change applies from the next match on: a match whose pre-game has begun
  keeps the house rules it began with.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.fields import StrictCharField
from core.input import InvalidInput
from leagues.models import League
from leagues.models_house_rules import RedraftFormula, UnplayedFixtures
from leagues.serializers import ErrorSerializer
from leagues.services import house_rules
from leagues.services._common import require_commissioner
from rules_engine.house_rules import HouseRules

GOLD_HELP = "Gold pieces, a whole number."


class HouseRulesSerializer(serializers.Serializer):
    """The house rules: what a commissioner sends (any of them), and what is answered."""

    banned_stars = serializers.ListField(
        child=StrictCharField(max_length=100),
        max_length=200,
        required=False,
        help_text="Keys of the star players the league bans (e.g. griff-oberwald).",
    )
    ban_mega_stars = serializers.BooleanField(
        required=False, help_text="Ban every mega-star the edition marks as one."
    )
    prize_amounts = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=house_rules.MAX_GOLD),
        allow_null=True,
        required=False,
        help_text='Gold per final place, e.g. {"1": 150000, "2": 80000}; null for the '
        "edition's prizes. A place left out keeps the edition's amount.",
    )
    non_core_inducements = serializers.BooleanField(
        required=False,
        help_text="Offer the team lists' inducements from other publications.",
    )
    redraft_formula = serializers.ChoiceField(
        RedraftFormula.choices, required=False, help_text="How the re-draft budget is worked out."
    )
    redraft_budget_cap = serializers.IntegerField(
        min_value=0,
        max_value=house_rules.MAX_GOLD,
        allow_null=True,
        required=False,
        help_text="The most a team may re-draft with; null for the edition's. " + GOLD_HELP,
    )
    team_value_floor = serializers.IntegerField(
        min_value=0,
        max_value=house_rules.MAX_GOLD,
        allow_null=True,
        required=False,
        help_text="The lowest team value a team may enter a season with; null for none.",
    )
    team_value_ceiling = serializers.IntegerField(
        min_value=0,
        max_value=house_rules.MAX_GOLD,
        allow_null=True,
        required=False,
        help_text="The highest team value a team may enter a season with; null for none.",
    )
    firing_below_eleven = serializers.BooleanField(
        required=False,
        help_text="Whether firing may leave fewer than 11 players eligible for the next game.",
    )
    unplayed_fixtures = serializers.ChoiceField(
        UnplayedFixtures.choices,
        required=False,
        help_text="What a fixture left unplayed at its deadline becomes.",
    )
    deadline_warning_hours = serializers.IntegerField(
        min_value=0, max_value=house_rules.MAX_NOTICE, required=False
    )
    kickoff_reminder_minutes = serializers.IntegerField(
        min_value=0, max_value=house_rules.MAX_NOTICE, required=False
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        problems = house_rules.problems_with(self.context["league"], attrs)
        if problems:
            raise serializers.ValidationError(problems)
        return attrs


class HouseRulesOutSerializer(HouseRulesSerializer):
    """The house rules in force, with each in words (``in_words``) and the edition."""

    league = serializers.IntegerField(help_text="The league's id.")
    ruleset = StrictCharField(help_text="The league's edition, whose rules stand elsewhere.")
    in_words = serializers.DictField(
        child=StrictCharField(), help_text="Each house rule as a coach reads it, by name."
    )


def house_rules_body(league: League, rules: HouseRules) -> dict[str, Any]:
    body = rules.to_json()
    body["firing_below_eleven"] = house_rules.may_fire_below_eleven(rules, league)
    body["league"] = league.pk
    body["ruleset"] = league.ruleset
    body["in_words"] = house_rules.describe(rules, league)
    return {name: body[name] for name in (*house_rules.CHOICES, "league", "ruleset", "in_words")}


ERRORS = {
    404: OpenApiResponse(ErrorSerializer, description="No such league."),
}


class LeagueHouseRulesView(APIView):
    """A league's house rules: read by anyone, changed by its commissioners."""

    @extend_schema(
        operation_id="leagues_house_rules_retrieve",
        responses={200: HouseRulesOutSerializer, **ERRORS},
        summary="A league's house rules",
        description="The house rules in force: each choice, and each in words a coach "
        "reads. A league without house rules plays its edition as written.",
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(house_rules_body(league, house_rules.house_rules_of(league)))

    @extend_schema(
        operation_id="leagues_house_rules_update",
        request=HouseRulesSerializer,
        responses={
            200: HouseRulesOutSerializer,
            400: OpenApiResponse(
                ErrorSerializer,
                description="A choice the edition or the rules refuse (a star it has not, a "
                "floor above the ceiling, a negative prize, a prize for a place it pays "
                "none for), with the messages by field; nothing is changed.",
            ),
            401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
            403: OpenApiResponse(ErrorSerializer, description="Not a commissioner of it."),
            **ERRORS,
        },
        summary="Change a league's house rules (commissioners)",
        description="Any of the choices; one left out stays as it is. Applies from the "
        "next match on: a match whose pre-game has begun keeps the house rules it began "
        "with. Logged in the league's audit trail with each change from and to.",
    )
    def put(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        # The service refuses too; asked first, a stranger learns nothing of the input.
        require_commissioner(
            request.user, league, _("Only a commissioner of %(league)s may change the house rules.")
        )
        serializer = HouseRulesSerializer(data=request.data, context={"league": league})
        if not serializer.is_valid():
            raise InvalidInput(serializer.errors)
        rules = house_rules.set_house_rules(request.user, league, **serializer.validated_data)
        league.refresh_from_db()
        return Response(house_rules_body(league, rules))
