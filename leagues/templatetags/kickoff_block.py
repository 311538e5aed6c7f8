"""``{% kickoff_block fixture %}``: the kick-off block of a fixture's page, as the
signed-in user may act on it (leagues/views_kickoff.py)."""

from __future__ import annotations

from typing import Any

from django import template
from django.contrib.auth.models import AnonymousUser

from leagues.models import Fixture
from leagues.views_kickoff import kickoff_context

register = template.Library()


@register.inclusion_tag("leagues/_kickoff.html", takes_context=True)
def kickoff_block(context: template.Context, fixture: Fixture) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None) or AnonymousUser()
    body = kickoff_context(fixture, user)
    body["csrf_token"] = context.get("csrf_token")
    return body
