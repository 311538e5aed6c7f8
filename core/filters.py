"""Query parameters the database can always take.

django-filter's ``NumberFilter`` accepts any decimal (``?team=1e30``), which a
lookup on an integer column turns into a number SQLite cannot bind (a 500). The
API's integer filters and query parameters are bounded instead: a value out of
range, or not a whole number, is a 400 with the filter's message, and the schema
documents the bounds.
"""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from drf_spectacular.drainage import set_override
from rest_framework import serializers

# The largest id a BigAutoField (SQLite INTEGER, PostgreSQL bigint) holds.
MAX_ID = 2**63 - 1
# PositiveSmallIntegerField's range on every backend Django supports.
MAX_SMALL = 32767


class BoundedNumberFilter(django_filters.NumberFilter):
    """A whole number between ``min_value`` and ``max_value`` (an id by default)."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, min_value: int = 1, max_value: int = MAX_ID, **kwargs: Any):
        super().__init__(*args, min_value=min_value, max_value=max_value, **kwargs)
        # Documented per filter (the bounds, and its help text or label, which
        # drf-spectacular drops when a filter carries its own schema).
        schema: dict[str, Any] = {"type": "integer", "minimum": min_value, "maximum": max_value}
        description = kwargs.get("help_text") or kwargs.get("label")
        if description:
            schema["description"] = str(description)
        set_override(self, "field", schema)

    def get_max_validator(self) -> None:
        return None  # the form field's own max_value already bounds it


class IdFilter(BoundedNumberFilter):
    """A row's id, 0 to MAX_ID: an id no row has (0 included) filters to an empty
    list, as before; only a number the database cannot take is refused."""

    def __init__(self, *args: Any, **kwargs: Any):
        kwargs.setdefault("min_value", 0)
        super().__init__(*args, **kwargs)


def id_field(**kwargs: Any) -> serializers.IntegerField:
    """An id in a serializer (a query or a body): 1 to MAX_ID."""
    return serializers.IntegerField(min_value=1, max_value=MAX_ID, **kwargs)
