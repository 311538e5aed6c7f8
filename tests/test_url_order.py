"""Every named address of the site resolves to its own route: no pattern is shadowed
by one listed before it. ``config/urls.py`` lists the busiest prefixes first (Django
tries the patterns in order); this test is what makes that order safe to change."""

from __future__ import annotations

import re
from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import NoReverseMatch

# Values tried for a route's arguments, in order, until the route reverses.
SAMPLES = ("7", "json", "x7", "7/x7", "2026-03-02")


def _named(resolver: URLResolver, namespace: str = "") -> Iterator[tuple[str, URLPattern]]:
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _named(entry, inner)
        elif entry.name:
            yield f"{namespace}{entry.name}", entry


def _arguments(pattern: URLPattern) -> list[str]:
    route = str(pattern.pattern)
    names = re.findall(r"\(\?P<(\w+)>", route) + re.findall(r"<(?:\w+:)?(\w+)>", route)
    return list(dict.fromkeys(names))


def _address(name: str, pattern: URLPattern) -> str | None:
    arguments = _arguments(pattern)
    for sample in SAMPLES:
        try:
            return reverse(name, kwargs=dict.fromkeys(arguments, sample))
        except NoReverseMatch:
            continue
    return None


def test_every_named_route_resolves_to_itself():
    checked, shadowed = 0, []
    seen: set[str] = set()
    for name, pattern in _named(get_resolver()):
        if name in seen or name.startswith("admin:"):
            continue  # a name listed twice reverses to its last entry; the admin is Django's
        seen.add(name)
        address = _address(name, pattern)
        if address is None:
            continue  # arguments no sample fits (a regex of its own): nothing to check
        checked += 1
        found = resolve(address.split("?")[0])
        if found.view_name != name and found.func is not pattern.callback:
            shadowed.append(f"{address}: {name} is answered by {found.view_name}")
    assert not shadowed, "\n".join(shadowed)
    assert checked > 150, f"only {checked} routes could be checked"
