"""core.errors: a service's refusal becomes form errors or messages, once."""

from __future__ import annotations

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory

from core.errors import attempt, attempt_or_message, refusal_messages
from rules_engine.errors import RulesError


class NameForm(forms.Form):
    name = forms.CharField()


def refuse(*reasons: str, field: str | None = None):
    def action():
        error = RulesError(list(reasons))
        if field is not None:
            error.field = field  # type: ignore[attr-defined]
        raise error

    return action


def test_a_refusal_puts_every_reason_above_the_form_and_returns_none():
    form = NameForm({"name": "Reavers"})
    assert form.is_valid()
    assert attempt(form, refuse("Not enough gold.", "Too many players.")) is None
    assert form.non_field_errors() == ["Not enough gold.", "Too many players."]


def test_a_refusal_naming_a_field_sits_beside_it():
    form = NameForm({"name": "Reavers"})
    form.is_valid()
    attempt(form, refuse("A team with this name already exists.", field="name"))
    assert form.errors["name"] == ["A team with this name already exists."]
    assert form.non_field_errors() == []


def test_a_field_the_form_lacks_falls_back_to_the_whole_form():
    form = NameForm({"name": "Reavers"})
    form.is_valid()
    attempt(form, refuse("No such thing.", field="treasury"))
    assert form.non_field_errors() == ["No such thing."]


def test_a_service_that_goes_through_returns_its_result():
    form = NameForm({"name": "Reavers"})
    form.is_valid()
    assert attempt(form, lambda: 42) == 42
    assert form.errors == {}


@pytest.mark.django_db
def test_a_button_without_a_form_shows_the_reasons_as_messages():
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    assert attempt_or_message(request, refuse("The match is closed.")) is None
    assert [str(m) for m in get_messages(request)] == ["The match is closed."]


def test_other_errors_are_not_swallowed():
    form = NameForm({"name": "x"})
    form.is_valid()
    with pytest.raises(ZeroDivisionError):
        attempt(form, lambda: 1 / 0)
    assert refusal_messages(lambda: None) == []
    assert refusal_messages(refuse("No.")) == ["No."]
