"""Domain errors of the leagues app.

A ``LeagueError`` is a ``rules_engine.errors.RulesError``, so the API answers
400 with its message and a page shows it as a form error. Messages are
sentences for a coach or commissioner: what is wrong and what to do instead.
"""

from __future__ import annotations

from rules_engine.errors import RulesError


class LeagueError(RulesError):
    """A league, season or fixture change the league rules or its state do not allow."""
