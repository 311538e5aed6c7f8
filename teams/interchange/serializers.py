"""The API's shapes of interchange: the ``dugout-team`` file as the export answers it
(documented for the schema; the file is built by ``export.export_team``) and the
import's input."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from rest_framework import serializers

from core.validators import no_control_characters_before_cleaning
from rules_engine import list_rulesets
from teams.interchange.services import SourceFormat
from teams.interchange.shapes import MAX_UPLOAD_BYTES


class ExportTeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    coach = serializers.CharField(help_text="The coach's username, for the reader.")
    ruleset = serializers.CharField()
    roster = serializers.CharField(help_text="The roster's slug in the ruleset.")
    special_rule_choice = serializers.CharField(allow_blank=True)
    rerolls = serializers.IntegerField()
    dedicated_fans = serializers.IntegerField()
    treasury = serializers.IntegerField(help_text="Gold pieces: the ledger's sum.")


class ExportStaffSerializer(serializers.Serializer):
    assistant_coaches = serializers.IntegerField()
    cheerleaders = serializers.IntegerField()
    apothecary = serializers.BooleanField()


class ExportSkillSerializer(serializers.Serializer):
    skill = serializers.CharField()
    # Named as the file names it; shadows Field.source, which DRF does not read here.
    source = serializers.CharField()  # type: ignore[assignment]


class ExportInjurySerializer(serializers.Serializer):
    kind = serializers.CharField()
    characteristic = serializers.CharField(allow_blank=True)
    note = serializers.CharField(allow_blank=True)
    source = serializers.CharField(allow_blank=True)  # type: ignore[assignment]
    match = serializers.IntegerField(allow_null=True)


class ExportPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    name = serializers.CharField()
    position = serializers.CharField(help_text="The position's slug in the roster.")
    characteristic_changes = serializers.DictField(
        child=serializers.IntegerField(),
        help_text='Change from the position\'s profile, e.g. {"ma": 1, "av": -1}; AG and PA '
        "are target numbers (an improvement is -1).",
    )
    skills = ExportSkillSerializer(many=True)
    injuries = ExportInjurySerializer(many=True)
    spp_earned = serializers.IntegerField()
    spp_spent = serializers.IntegerField()
    advancements = serializers.IntegerField()
    value_increases = serializers.IntegerField()
    niggling_injuries = serializers.IntegerField()
    miss_next_game = serializers.BooleanField()
    temporarily_retired = serializers.BooleanField()
    journeyman = serializers.BooleanField()
    status = serializers.CharField()


class ExportLedgerSerializer(serializers.Serializer):
    amount = serializers.IntegerField()
    reason = serializers.CharField()
    note = serializers.CharField()
    balance_after = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True)
    created_at = serializers.CharField()


class DugoutTeamSerializer(serializers.Serializer):
    """A ``dugout-team`` file, version 1 (docs/interchange.md)."""

    format = serializers.CharField(help_text='Always "dugout-team".')
    version = serializers.IntegerField(help_text="1.")
    exported_at = serializers.CharField()
    team = ExportTeamSerializer()
    staff = ExportStaffSerializer()
    players = ExportPlayerSerializer(many=True)
    ledger = ExportLedgerSerializer(many=True)


class ImportInputSerializer(serializers.Serializer):
    """An import: the file's format and its text (JSON body) or the file (multipart)."""

    source_format = serializers.ChoiceField(
        choices=SourceFormat.choices, help_text="What the file is: dugout, fumbbl or naflm."
    )
    ruleset = serializers.ChoiceField(
        choices=list_rulesets(),
        required=False,
        allow_blank=True,
        default="",
        help_text="The ruleset a FUMBBL or NAFLM team plays (a Dugout file names its own).",
    )
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=100,
        validators=[no_control_characters_before_cleaning],
        help_text="A name for the team, if not the file's.",
    )
    content = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=MAX_UPLOAD_BYTES,
        trim_whitespace=False,
        help_text="The file's text (JSON or XML); or upload it as `file` (multipart).",
    )
    file = serializers.FileField(required=False, allow_empty_file=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        upload = attrs.get("file")
        if upload is not None:
            if upload.size > MAX_UPLOAD_BYTES:
                raise serializers.ValidationError(
                    {
                        "file": [
                            _("A team file may be at most %(size)s bytes")
                            % {"size": number_format(MAX_UPLOAD_BYTES, force_grouping=True)}
                        ]
                    }
                )
            attrs["content"] = upload.read()
        elif not attrs.get("content"):
            raise serializers.ValidationError({"content": [_("Send the file's text (or a file).")]})
        return attrs
