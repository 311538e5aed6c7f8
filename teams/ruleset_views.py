"""Public pages to browse a ruleset's team rosters before drafting."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

import rules_engine
from rules_engine.draft import draft_rules_for
from teams.ruleset_api import ruleset_or_404


def ruleset_list(request: HttpRequest) -> HttpResponse:
    rulesets = [rules_engine.get_ruleset(key) for key in rules_engine.list_rulesets()]
    return render(request, "rulesets/ruleset_list.html", {"rulesets": rulesets})


def roster_list(request: HttpRequest, key: str) -> HttpResponse:
    ruleset = ruleset_or_404(key)
    rosters = sorted(ruleset.rosters.values(), key=lambda r: (r.tier, r.name))
    return render(request, "rulesets/roster_list.html", {"ruleset": ruleset, "rosters": rosters})


def roster_detail(request: HttpRequest, key: str, slug: str) -> HttpResponse:
    ruleset = ruleset_or_404(key)
    if slug not in ruleset.rosters:
        raise Http404(f"{ruleset.name} has no roster {slug!r}")
    roster = ruleset.rosters[slug]
    context = {
        "ruleset": ruleset,
        "roster": roster,
        "positions": list(roster.positions.values()),
        "star_players": ruleset.stars_for(roster),
        "inducements": ruleset.inducements_for(roster),
        "max_rerolls": draft_rules_for(ruleset).max_rerolls,
    }
    return render(request, "rulesets/roster_detail.html", context)
