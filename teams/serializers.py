"""Serializers of the teams API: the errors it documents and explicit input
serializers, one per action, that only check shapes (the services and the engine
judge the rules). The sheet's reads are in ``serializers_sheet``, the re-draft's in
``serializers_redraft``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.fields import StrictCharField
from teams.models import (
    Advancement,
)
from teams.names import NameSerializerField
from teams.services import StaffKind


def choice_field(choices: Any, **kwargs: Any) -> serializers.ChoiceField:
    """A choice field whose enum stays inline in the schema (wrapped in ``allOf``, which
    drf-spectacular's enum extraction leaves alone): the apps reuse names like ``kind``
    and ``status`` for different choices, which would clash as shared components."""
    enum = {"type": "string", "enum": [str(v) for v, _ in choices]}
    annotated = extend_schema_field({"allOf": [enum]})
    field_class = annotated(type("InlineChoiceField", (serializers.ChoiceField,), {}))
    return field_class(choices=choices, **kwargs)


# --- errors (documented in the schema) -------------------------------------------


class TeamsErrorSerializer(serializers.Serializer):
    """A 400: ``detail`` sums up, ``errors`` lists every reason as a sentence."""

    detail = StrictCharField()
    # The API's field names shadow Serializer attributes (DRF serializes the declared
    # fields, so the stubs' types of .errors/.fields do not apply): narrow ignores.
    errors = serializers.ListField(child=StrictCharField())  # type: ignore[assignment]
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.ListField(child=StrictCharField()),
        required=False,
        help_text="Input that did not have the right shape, by field.",
    )


class TeamsMessageSerializer(serializers.Serializer):
    """A 401, 403 or 404: one sentence."""

    detail = StrictCharField()


# --- input ------------------------------------------------------------------------


class DraftInputSerializer(serializers.Serializer):
    name = NameSerializerField(allow_blank=True, help_text="The team's name, unique.")
    ruleset = StrictCharField(default="bb2020")
    roster = StrictCharField(help_text='Roster slug, e.g. "human".')
    players = serializers.DictField(
        child=serializers.IntegerField(),
        help_text='Position slug -> how many, e.g. {"human-blitzer": 4, "human-lineman": 7}.',
    )
    rerolls = serializers.IntegerField(default=0)
    assistant_coaches = serializers.IntegerField(default=0)
    cheerleaders = serializers.IntegerField(default=0)
    apothecary = serializers.BooleanField(default=False)
    dedicated_fans = serializers.IntegerField(default=1)
    special_rule_choice = StrictCharField(
        required=False, allow_blank=True, allow_null=True, default=None
    )
    team_captain = StrictCharField(
        required=False,
        allow_blank=True,
        allow_null=True,
        default=None,
        help_text="The Team Captain's position where the roster names one (BB2025 Human, Orc).",
    )


class HirePlayerInputSerializer(serializers.Serializer):
    position = StrictCharField(help_text='Position slug, e.g. "human-blitzer".')
    name = NameSerializerField(required=False, allow_blank=True, default="")
    number = serializers.IntegerField(required=False, allow_null=True, default=None)


class RenamePlayerInputSerializer(serializers.Serializer):
    name = NameSerializerField(required=False, allow_null=True, default=None)
    number = serializers.IntegerField(required=False, allow_null=True, default=None)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("name") is None and attrs.get("number") is None:
            raise serializers.ValidationError(_("Give a new name, a new number, or both."))
        return attrs


class StaffInputSerializer(serializers.Serializer):
    kind = choice_field(StaffKind.choices)


class UndoPurchaseInputSerializer(serializers.Serializer):
    """Which purchase a commissioner takes back: its audit entry (``/teams/<id>/audit/``)."""

    purchase = serializers.IntegerField(
        min_value=1, max_value=2**53, help_text="The id of the purchase's audit entry."
    )
    note = StrictCharField(max_length=150, required=False, default="", allow_blank=True)


class TransferInputSerializer(serializers.Serializer):
    """Who takes the team over: a coach named by his username."""

    coach = StrictCharField(max_length=150, help_text="The new coach's username.")

    def validate_coach(self, value: str) -> Any:
        from django.contrib.auth import get_user_model

        users = get_user_model().objects.filter(is_active=True)
        user = users.filter(username=value).first()
        if user is None:
            # "Lothar" for "lothar", when only one account could be meant.
            matches = list(users.filter(username__iexact=value)[:2])
            user = matches[0] if len(matches) == 1 else None
        if user is None:
            raise serializers.ValidationError(
                _("No coach has the username %(username)s: check its spelling.")
                % {"username": repr(value)}
            )
        return user


class SpendSppInputSerializer(serializers.Serializer):
    kind = choice_field(Advancement.Kind.choices)
    category = StrictCharField(required=False, allow_null=True, default=None)
    skill = StrictCharField(required=False, allow_null=True, default=None)
    characteristic_choice = StrictCharField(required=False, allow_null=True, default=None)


# --- output -----------------------------------------------------------------------


class DraftPreviewSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    rerolls = serializers.IntegerField()
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.IntegerField()
    dedicated_fans = serializers.IntegerField()
    total = serializers.IntegerField()
    budget = serializers.IntegerField()
    remaining = serializers.IntegerField(help_text="Negative when over budget.")
    errors = serializers.ListField(  # type: ignore[assignment]  # the API's field name
        child=StrictCharField(), help_text="Every rule the draft breaks; empty when legal."
    )
