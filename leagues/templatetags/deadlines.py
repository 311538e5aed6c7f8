"""What the fixture pages and the season's manage page say of passed deadlines
(``leagues.services.deadlines``)."""

from __future__ import annotations

from django import template

from leagues.models import Fixture, Season
from leagues.services import deadlines

register = template.Library()


@register.filter
def deadline_note(fixture: Fixture) -> str:
    """ "Deadline passed: settled as a loss for both." or "Deadline passed: waiting for the
    commissioner's decision." where the fixture's deadline acted on it, else ""."""
    return deadlines.deadline_note(fixture) or ""


@register.simple_tag
def held_fixtures(season: Season) -> list[Fixture]:
    """The season's fixtures waiting for the commissioner since their deadline passed."""
    return deadlines.held_fixtures(season)
