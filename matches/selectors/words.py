"""The words the match pages print: teams and players by name, dice results, an
event's line, a ruleset's names for positions and inducements. Pure functions over
what the match services store; no queries."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from matches.models import EventKind, Match
from rules_engine import get_ruleset
from rules_engine.ruleset import Ruleset
from teams.templatetags.dugout import gp

SIDES = ("home", "away")
CHARACTERISTICS = {"ma": "MA", "st": "ST", "ag": "AG", "pa": "PA", "av": "AV"}
GOLD_WORDS = ("treasury", "value", "cash", "gold", "money", "cost", "winnings", "price")


def engine_ruleset(match: Match) -> Ruleset | None:
    """The rules engine's ruleset of the match's league (None for an unknown key)."""
    try:
        return get_ruleset(match.fixture.season.ruleset)
    except (KeyError, LookupError):
        return None


def team_names(match: Match) -> dict[str, str]:
    return {"home": match.fixture.home.name, "away": match.fixture.away.name}


def player_names(match: Match) -> dict[int, str]:
    """ "#3 Name" for every player in the match's team snapshots (journeymen included)."""
    names: dict[int, str] = {}
    for field in ("pre_game_teams", "match_teams"):
        for team in (getattr(match, field) or {}).values():
            for player in team.get("players", ()):
                names[player["id"]] = f"#{player.get('number', '?')} {player.get('name', '')}"
    return names


def position_name(ruleset: Ruleset | None, slug: str) -> str:
    if ruleset is not None:
        try:
            return ruleset.position(slug).name
        except (KeyError, LookupError, ValueError):
            pass
    return slug.replace("-", " ")


def roll_text(result: Any) -> str:
    """A stored die result: 4, [2, 6] -> "2 + 6 = 8", a block die face as named."""
    if isinstance(result, list):
        if result and all(isinstance(r, int) for r in result):
            return " + ".join(map(str, result)) + f" = {sum(result)}"
        return ", ".join(map(str, result))
    return str(result)


def humanize(key: str) -> str:
    return key.replace("_", " ").capitalize()


def short_value(value: Any, names: Mapping[str, str], key: str = "") -> str:
    """An outcome's value in a few words: gold as gold ("130k"), sides by team name."""
    if isinstance(value, Mapping):
        return "; ".join(
            f"{names.get(k, humanize(str(k)))} {short_value(v, names, str(k))}"
            for k, v in value.items()
        )
    if isinstance(value, list):
        return ", ".join(short_value(v, names) for v in value) or "none"
    if value is None or value == "":
        return "—"
    if isinstance(value, int) and not isinstance(value, bool):
        return gp(value) if any(word in key for word in GOLD_WORDS) else str(value)
    if isinstance(value, str) and value not in names and "_" in value and " " not in value:
        return humanize(value).lower()  # a key ("one_trapdoor"), as words
    return str(names.get(value, value)) if isinstance(value, str) else str(value)


def star_name(ruleset: Ruleset | None, slug: str) -> str:
    """A star player by his name ("Griff Oberwald"), never his slug."""
    star = ruleset.star_players.get(slug) if ruleset is not None else None
    return star.name if star else slug.replace("-", " ").title()


def bought_text(bought: Mapping[str, Any] | None, ruleset: Ruleset | None) -> str:
    """ "1 × Bribes, Griff Oberwald, mercenary Blitzer" for an inducement purchase."""
    if not bought:
        return _("nothing")
    parts = []
    for slug, count in (bought.get("items") or {}).items():
        name = slug
        if ruleset is not None and slug in ruleset.inducements:
            name = ruleset.inducements[slug].name
        parts.append(f"{count} × {name}")
    for slug in bought.get("star_players") or []:
        star = ruleset.star_players.get(slug) if ruleset is not None else None
        parts.append(star.name if star else slug)
    for merc in bought.get("mercenaries") or []:
        parts.append(
            _("mercenary %(position)s")
            % {"position": position_name(ruleset, merc.get("position", ""))}
        )
    return ", ".join(parts) or _("nothing")


# An event's line by what happened, a whole sentence per kind ("%(player)s": "#3 Griff").
PLAYER_LINES = {
    EventKind.TOUCHDOWN: gettext_lazy("Touchdown: %(player)s"),
    EventKind.COMPLETION: gettext_lazy("Completion: %(player)s"),
    EventKind.DEFLECTION: gettext_lazy("Deflection: %(player)s"),
    EventKind.INTERCEPTION: gettext_lazy("Interception: %(player)s"),
    EventKind.CASUALTY: gettext_lazy("Casualty caused: %(player)s"),
    EventKind.INJURY: gettext_lazy("Injury suffered: %(player)s"),
    EventKind.SENT_OFF: gettext_lazy("Sent off: %(player)s"),
    EventKind.BRIBE: gettext_lazy("Bribe used: %(player)s"),
    EventKind.LANDING: gettext_lazy("Thrown team-mate landed safely: %(player)s"),
    EventKind.SUPERB_THROW: gettext_lazy("Superb Throw, team-mate landed safely: %(player)s"),
}


def _head(event: Any) -> str:
    """What happened and to whom: "Touchdown: #3 Griff", "Casualty caused: #5 X on #2 Y"."""
    known = event.kind in EventKind.values
    label = str(EventKind(event.kind).label) if known else event.kind
    if not event.player_id:
        return label
    who = f"#{event.player.number} {event.player.name}"
    if event.victim_id:
        victim = f"#{event.victim.number} {event.victim.name}"
        values = {"player": who, "victim": victim}
        if event.kind == EventKind.CASUALTY:
            if event.by_block:
                return _("Casualty caused: %(player)s on %(victim)s") % values
            return _("Casualty caused: %(player)s on %(victim)s (foul or other, no SPP)") % values
        return _("%(event)s: %(player)s on %(victim)s") % {**values, "event": label}
    line = PLAYER_LINES.get(EventKind(event.kind)) if known else None
    if line is not None:
        return str(line) % {"player": who}
    return _("%(event)s: %(player)s") % {"event": label, "player": who}


def event_text(event: Any, teams: Mapping[str, str]) -> str:
    """One line of the report: "Touchdown: #3 Griff" or "Casualty caused: #5 X on #2 Y"."""
    text = _head(event)
    if event.injury:
        # The Casualty table's result is a game term, as the rules name it.
        values = {"event": text, "result": event.get_injury_display()}
        if event.characteristic:
            values["characteristic"] = CHARACTERISTICS.get(
                event.characteristic, event.characteristic
            )
            text = _("%(event)s — %(result)s (−%(characteristic)s)") % values
        else:
            text = _("%(event)s — %(result)s") % values
        if event.apothecary_used:
            text = _("%(event)s, after the apothecary") % {"event": text}
    if event.detail:
        # The coach's own words (the new weather, the kick-off result).
        text = _("%(event)s — %(detail)s") % {"event": text, "detail": event.detail}
    if event.side and not event.player_id:
        team = teams.get(event.side, event.side)
        text = _("%(event)s (%(team)s)") % {"event": text, "team": team}
    return text


def running_score(events: Iterable[Any]) -> dict[str, int]:
    score = {"home": 0, "away": 0}
    for event in events:
        if event.kind == EventKind.TOUCHDOWN and event.side in score:
            score[event.side] += 1
    return score
