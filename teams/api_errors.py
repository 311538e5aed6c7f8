"""A service's ``ValidationError`` by field as the API's documented 400
(``{"detail", "errors", "fields"}``, as ``core.input.InvalidInput`` answers input of
the wrong shape)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError

from core.input import InvalidInput


def field_errors[**P, R](service: Callable[P, R]) -> Callable[P, R]:
    """The service, its ``ValidationError`` by field answered as InvalidInput (a 400 with
    ``fields``; the messages for no field under ``non_field_errors``)."""

    @functools.wraps(service)
    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return service(*args, **kwargs)
        except ValidationError as error:
            if not hasattr(error, "error_dict"):
                raise
            fields = dict(error.message_dict)
            general = fields.pop(NON_FIELD_ERRORS, [])
            if general:
                fields["non_field_errors"] = general
            raise InvalidInput(fields) from None

    return call
