"""The one bridge from a service's refusal to what the user sees.

Every service refuses with a ``rules_engine.errors.RulesError`` (the apps' own
``LeagueError``, ``TeamError`` and ``MatchError`` are kinds of it) whose
``messages`` are sentences fit to show a coach. They reach the user in one of
three ways, each written once:

- **a page with a form**: :func:`attempt` runs the service and, on a refusal, puts
  every reason on the form (beside the field the error names in its ``field``
  attribute, else above the form);
- **a page with a button and no form**: :func:`attempt_or_message` shows every
  reason as an error message on the next page;
- **the API**: ``core.api.exception_handler`` answers 400 with
  ``{"detail": ..., "errors": [...]}``.

Views never write ``try: ... except RulesError`` themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from rules_engine.errors import RulesError


def add_errors(form: forms.BaseForm, error: RulesError) -> None:
    """Every reason of ``error`` on ``form``: on the field the error names (a
    ``field`` attribute naming one of the form's fields), else on the whole form."""
    field = getattr(error, "field", None)
    target = field if isinstance(field, str) and field in form.fields else None
    for message in error.messages:
        form.add_error(target, message)


def attempt[T](form: forms.BaseForm, action: Callable[[], T]) -> T | None:
    """Run ``action`` (a service call); on a refusal put its reasons on ``form`` and
    return None, so the view re-renders the form with them."""
    try:
        return action()
    except RulesError as error:
        add_errors(form, error)
    return None


def attempt_or_message[T](request: HttpRequest, action: Callable[[], T]) -> T | None:
    """Run ``action``; on a refusal show each reason as an error message (the view
    then redirects back) and return None."""
    try:
        return action()
    except RulesError as error:
        for message in error.messages:
            messages.error(request, message)
    return None


def refusal_messages(action: Callable[[], Any]) -> list[str]:
    """Run ``action``; the reasons it was refused ([] when it went through). For a
    view that shows the reasons in its own place on the page (a fragment)."""
    try:
        action()
    except RulesError as error:
        return list(error.messages)
    return []
