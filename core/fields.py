"""Serializer fields shared by the apps' APIs."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class StrictCharField(serializers.CharField):
    """A CharField that takes only strings.

    DRF's CharField turns numbers into text ({"name": 365} becomes "365"), which the
    schema, saying "string", does not allow: a client sending the wrong type should
    hear so instead of having it guessed.
    """

    default_error_messages = {"not_a_string": "Must be a string."}

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return super().to_internal_value(data)
