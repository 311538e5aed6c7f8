"""Read-only API over the rules engine's rulesets: rosters, star players, skills,
inducements and tables, so a coach (or a client) can browse before drafting."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import rules_engine
from rules_engine import UnknownRulesetError


def ruleset_or_404(key: str) -> Any:
    try:
        return rules_engine.get_ruleset(key)
    except UnknownRulesetError as exc:
        raise Http404(
            _("There is no ruleset %(key)s; choose one of %(keys)s")
            % {"key": repr(key), "keys": ", ".join(exc.available)}
        ) from None


class RulesetSerializer(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(default="")
    roster_count = serializers.IntegerField()


class PositionSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_count = serializers.IntegerField()
    max_count = serializers.IntegerField()
    cost = serializers.IntegerField()
    # Blitz Bowl's players have no characteristics (its rosters list none): null.
    ma = serializers.IntegerField(allow_null=True)
    st = serializers.IntegerField(allow_null=True)
    ag = serializers.IntegerField(allow_null=True, help_text="Target number: 3 means 3+")
    pa = serializers.IntegerField(allow_null=True, help_text="Target number; null is '-'")
    av = serializers.IntegerField(allow_null=True, help_text="Target number: 9 means 9+")
    skills = serializers.ListField(child=serializers.CharField())
    primary = serializers.ListField(child=serializers.CharField())
    secondary = serializers.ListField(child=serializers.CharField())
    big_guy = serializers.BooleanField()


class RosterSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    tier = serializers.IntegerField()
    reroll_cost = serializers.IntegerField()
    apothecary_allowed = serializers.BooleanField()
    special_rules = serializers.ListField(child=serializers.CharField())
    special_rule_choices = serializers.ListField(child=serializers.CharField())
    positions = serializers.SerializerMethodField()

    @extend_schema_field(PositionSerializer(many=True))
    def get_positions(self, roster: Any) -> Any:
        return PositionSerializer(list(roster.positions.values()), many=True).data


class StarProfileSerializer(serializers.Serializer):
    name = serializers.CharField()
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    pa = serializers.IntegerField(allow_null=True)
    av = serializers.IntegerField()
    skills = serializers.ListField(child=serializers.CharField())


class StarPlayerSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    cost = serializers.IntegerField()
    ma = serializers.IntegerField()
    st = serializers.IntegerField()
    ag = serializers.IntegerField()
    pa = serializers.IntegerField(allow_null=True)
    av = serializers.IntegerField()
    skills = serializers.ListField(child=serializers.CharField())
    special_rule = serializers.CharField()
    plays_for = serializers.ListField(child=serializers.CharField())
    mega_star = serializers.BooleanField()
    profiles = StarProfileSerializer(many=True)


class SkillSerializer(serializers.Serializer):
    name = serializers.CharField()
    category = serializers.CharField()
    compulsory = serializers.BooleanField()
    trait = serializers.BooleanField()
    extraordinary = serializers.BooleanField()


class SpecialPriceSerializer(serializers.Serializer):
    price = serializers.IntegerField()
    special_rule = serializers.CharField(allow_null=True)
    roster = serializers.CharField(allow_null=True)


class InducementSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    max_count = serializers.IntegerField(allow_null=True)
    price = serializers.IntegerField(allow_null=True)
    who = serializers.CharField()
    who_special_rule = serializers.CharField(allow_null=True)
    special_prices = SpecialPriceSerializer(many=True)
    price_note = serializers.CharField()


class RulesetMessageSerializer(serializers.Serializer):
    detail = serializers.CharField()


UNKNOWN = OpenApiResponse(RulesetMessageSerializer, description="No such ruleset (or roster).")


class RulesetView(APIView):
    """Base for the read-only ruleset endpoints: public, unpaginated. Clients are
    authenticated as everywhere else, so a signed-in client counts against its own
    rate limit, not its address's anonymous one."""

    permission_classes = [AllowAny]


class RulesetListView(RulesetView):
    @extend_schema(responses=RulesetSerializer(many=True), summary="List the rulesets")
    def get(self, request: Request) -> Response:
        return Response(
            RulesetSerializer(
                [ruleset_summary(k) for k in rules_engine.list_rulesets()], many=True
            ).data
        )


class RulesetDetailView(RulesetView):
    @extend_schema(responses={200: RulesetSerializer, 404: UNKNOWN}, summary="One ruleset")
    def get(self, request: Request, key: str) -> Response:
        ruleset_or_404(key)
        return Response(RulesetSerializer(ruleset_summary(key)).data)


def ruleset_summary(key: str) -> dict[str, Any]:
    ruleset = rules_engine.get_ruleset(key)
    return {
        "key": ruleset.key,
        "name": ruleset.name,
        "description": getattr(ruleset, "description", ""),
        "roster_count": len(ruleset.rosters),
    }


def catalogue_view(
    attribute: str, serializer: type[serializers.Serializer], summary: str
) -> type[RulesetView]:
    """A read-only list of one of a ruleset's catalogues (``ruleset.<attribute>``)."""

    class CatalogueView(RulesetView):
        @extend_schema(responses={200: serializer(many=True), 404: UNKNOWN}, summary=summary)
        def get(self, request: Request, key: str) -> Response:
            items = list(getattr(ruleset_or_404(key), attribute).values())
            return Response(serializer(items, many=True).data)

    CatalogueView.__name__ = CatalogueView.__qualname__ = f"{attribute.title()}ListView"
    return CatalogueView


RosterListView = catalogue_view("rosters", RosterSerializer, "A ruleset's team rosters")
StarPlayerListView = catalogue_view(
    "star_players", StarPlayerSerializer, "A ruleset's star players"
)
SkillListView = catalogue_view("skills", SkillSerializer, "A ruleset's skills and traits")
InducementListView = catalogue_view("inducements", InducementSerializer, "A ruleset's inducements")


class RosterDetailView(RulesetView):
    @extend_schema(
        responses={200: RosterSerializer, 404: UNKNOWN},
        summary="One team roster with its positions",
    )
    def get(self, request: Request, key: str, slug: str) -> Response:
        ruleset = ruleset_or_404(key)
        if slug not in ruleset.rosters:
            raise Http404(
                _("%(ruleset)s has no roster %(slug)s")
                % {"ruleset": ruleset.name, "slug": repr(slug)}
            )
        return Response(RosterSerializer(ruleset.rosters[slug]).data)
