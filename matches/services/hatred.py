"""The keyword a Hatred gained after a casualty names, read from the report's events.

BB2025 league facts, section 8: "a player who suffers a casualty (other than Badly
Hurt) rolls D6; on 4+ he gains Hatred (one keyword of the player who caused it)" (CZ
``game.action.ts``; one source, UNVERIFIED). The engine rolls for a player whose
report names that keyword (``Bb2025PlayerReport.hatred_keyword``) and only then; the
report is where the apps name it. An edition whose player report has no such field
gets nothing from here: the apps ask the report type, never the edition's name.

Dugout's reading, from what the report holds:

- the player who caused the casualty is the one a ``casualty`` event names with the
  injured player as its victim (the last such event, should there be several);
- the keyword is one of his position's keywords that a Hatred can name: the
  edition's skill list holds a "Hatred (<keyword>)" for it ("Elf", "Troll", "Big
  Guy"; never "Lineman" or "Blitzer", which no Hatred names);
- a causer with several such keywords (a Troll is "Big Guy" and "Troll"): the facts
  say "one keyword" and no source says who picks; Dugout takes the first in the roster
  data's order (a Troll's "Big Guy"), and the player's page shows which;
- no player caused it (the crowd, a failed dodge, a team-mate's fumbled throw: no
  casualty event names the injured player as victim), or the causer's position has
  no such keyword: no keyword, so no Hatred roll. A coach expects Hatred of someone,
  and "the player who caused it" is nobody there.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from matches.models import EventKind
from rules_engine.bb2020.report import PlayerReport
from rules_engine.bb2020.state import TeamState
from rules_engine.ruleset import Ruleset

FIELD = "hatred_keyword"
SKILL = "Hatred ({keyword})"


def takes_keyword(player_type: type[PlayerReport]) -> bool:
    """Whether the edition's player report names a Hatred keyword."""
    return dataclasses.is_dataclass(player_type) and FIELD in {
        f.name for f in dataclasses.fields(player_type)
    }


def keywords_of(ruleset: Ruleset, position_slug: str) -> tuple[str, ...]:
    """The keywords of a position that a Hatred can name, in the data's order (none
    where the edition's positions carry no keywords)."""
    try:
        position = ruleset.position(position_slug)
    except KeyError:
        return ()
    skills = set(ruleset.skills)
    own = getattr(position, "keywords", ()) or ()
    return tuple(k for k in own if SKILL.format(keyword=k) in skills)


def causers(events: Iterable[Mapping[str, Any]]) -> dict[Any, Mapping[str, Any]]:
    """Injured player id -> the casualty event whose victim he was (the last one)."""
    return {e["victim"]: e for e in events if e["kind"] == EventKind.CASUALTY and e["victim"]}


def keyword_for(
    ruleset: Ruleset,
    at_kick_off: Mapping[str, TeamState],
    casualty: Mapping[str, Any] | None,
) -> str | None:
    """The keyword a Hatred names for a casualty caused by ``casualty``'s player (his
    first a Hatred can name); None without a causer or such a keyword."""
    if casualty is None:
        return None
    state = at_kick_off.get(casualty["side"])
    causer = next((p for p in state.players if p.id == casualty["player"]), None) if state else None
    if causer is None:
        return None
    found = keywords_of(ruleset, causer.position_slug)
    return found[0] if found else None


def with_keywords(
    players: dict[str, tuple[PlayerReport, ...]],
    events: Iterable[Mapping[str, Any]],
    ruleset: Ruleset,
    at_kick_off: Mapping[str, TeamState],
) -> dict[str, tuple[PlayerReport, ...]]:
    """The player reports with the Hatred keyword of each casualty an opposing player
    caused, where the report type names it (unchanged otherwise)."""
    if not any(takes_keyword(type(r)) for side in players.values() for r in side):
        return players
    caused = causers(events)
    return {
        side: tuple(
            _with_keyword(r, keyword_for(ruleset, at_kick_off, caused.get(r.player_id)))
            if takes_keyword(type(r))
            else r
            for r in reports
        )
        for side, reports in players.items()
    }


def _with_keyword(report: PlayerReport, keyword: str | None) -> PlayerReport:
    """The player report with its Hatred keyword (a field only some report types have)."""
    changes: dict[str, Any] = {FIELD: keyword}
    return dataclasses.replace(report, **changes)
