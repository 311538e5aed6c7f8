"""Reading API input: a request of the wrong shape answers 400 in the same body as a
rules error (``{"detail", "errors", "fields"}``), for every app's API."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions, serializers, status
from rest_framework.request import Request


def _messages(errors: Any, field: str = "") -> list[str]:
    """DRF's nested field errors as flat sentences ("players: ...")."""
    if isinstance(errors, dict):
        out: list[str] = []
        for key, value in errors.items():
            name = "" if key == "non_field_errors" else f"{field}.{key}" if field else str(key)
            out += _messages(value, name)
        return out
    if isinstance(errors, list):
        return [m for item in errors for m in _messages(item, field)]
    return [f"{field}: {errors}" if field else str(errors)]


class InvalidInput(exceptions.APIException):
    """400 for a request of the wrong shape, in the same body as a rules error."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "invalid"

    def __init__(self, fields: Any) -> None:
        super().__init__()
        messages = _messages(fields)
        body: Any = {"detail": "; ".join(messages), "errors": messages, "fields": fields}
        self.detail = body


def validated(
    serializer_class: type[serializers.Serializer], data: Request | Any
) -> dict[str, Any]:
    """The serializer's validated data for a request (or its data), or InvalidInput."""
    serializer = serializer_class(data=data.data if isinstance(data, Request) else data)
    if not serializer.is_valid():
        raise InvalidInput(serializer.errors)
    return dict(serializer.validated_data)
