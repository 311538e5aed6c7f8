"""Checking a match report: every reason one event, or the whole report, cannot stand.

Events are plain dicts (``normalize_event``): kind, side, player, victim (ids),
by_block, injury, characteristic, apothecary_used, detail. Every check lists
all its reasons; nothing here writes. What a checked report gives the ruleset's
post-game and the league is ``report_shapes``'.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from matches.errors import ReportError
from matches.models import PLAYER_EVENTS, EventKind, InjuryResult, Match
from matches.services import report_extras
from matches.services.locking import team_of
from matches.services.report_shapes import shape_of
from matches.services.rulesets import rules_for
from matches.services.snapshots import SIDES, snapshot_states
from rules_engine import edition_for
from rules_engine.bb2020.report import CHARACTERISTICS
from rules_engine.bb2020.state import PlayerState
from rules_engine.editions import edition_keys
from rules_engine.ruleset import STANDARD_GAME
from teams.models import Player, PlayerStatus

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

EVENT_FIELDS = (
    "kind",
    "side",
    "player",
    "victim",
    "by_block",
    "injury",
    "characteristic",
    "apothecary_used",
    "detail",
)
# The form's bound; a report is checked against its league's ruleset's.
MAX_SET_UP_PLAYERS = STANDARD_GAME.players_on_pitch

# --- how many events one game can hold -------------------------------------------------
# A report is checked, stored and read back whole, so its size is bounded by what a
# game can hold, generously (a real report has a few dozen events):
# - a game is 2 halves of 8 turns per team, and a drawn play-off may add Extra Time
#   (8 more each): at most 24 turns per team, 48 in the game;
# - a team has at most 16 players for a game (its own, journeymen, star players and
#   mercenaries);
# - every drive starts with a kick-off: one per half and Extra Time, one after each
#   touchdown.
# The numbers are the engine's (``rules_engine.ruleset.GameLimits``).
TEAM_TURNS = STANDARD_GAME.team_turns
GAME_TURNS = 2 * TEAM_TURNS
PLAYERS_PER_TEAM = STANDARD_GAME.most_players
MAX_BRIBES_PER_TEAM = STANDARD_GAME.bribes_per_team
_TWO_A_TURN = format_lazy(gettext_lazy("two in each of the game's {turns} turns"), turns=GAME_TURNS)
_ONE_A_PLAYER = format_lazy(
    gettext_lazy("one per player, {players} a team"), players=PLAYERS_PER_TEAM
)
_ONE_A_KICK_OFF = gettext_lazy("one per kick-off")
EVENT_LIMITS: dict[str, tuple[int, StrOrPromise]] = {
    # kind: (most in one report, why) - both teams together
    EventKind.TOUCHDOWN: (2 * GAME_TURNS, _TWO_A_TURN),
    EventKind.COMPLETION: (
        2 * GAME_TURNS,
        format_lazy(
            gettext_lazy("a pass and a dump-off in each of {turns} turns"), turns=GAME_TURNS
        ),
    ),
    EventKind.DEFLECTION: (2 * GAME_TURNS, _TWO_A_TURN),
    EventKind.INTERCEPTION: (2 * GAME_TURNS, _TWO_A_TURN),
    EventKind.CASUALTY: (
        2 * 4 * PLAYERS_PER_TEAM,
        format_lazy(
            gettext_lazy("four for each of the {players} players a team may field"),
            players=PLAYERS_PER_TEAM,
        ),
    ),
    EventKind.INJURY: (2 * 2 * PLAYERS_PER_TEAM, _ONE_A_PLAYER),
    EventKind.SENT_OFF: (2 * 2 * PLAYERS_PER_TEAM, _ONE_A_PLAYER),
    EventKind.WEATHER_CHANGE: (3 + 2 * GAME_TURNS, _ONE_A_KICK_OFF),
    EventKind.KICK_OFF: (3 + 2 * GAME_TURNS, _ONE_A_KICK_OFF),
    EventKind.BRIBE: (
        2 * MAX_BRIBES_PER_TEAM,
        format_lazy(gettext_lazy("{bribes} for each team"), bribes=MAX_BRIBES_PER_TEAM),
    ),
    EventKind.LANDING: (2 * GAME_TURNS, _TWO_A_TURN),
    # One Throw Team-mate action a team turn, so one Superb Throw at most.
    EventKind.SUPERB_THROW: (
        GAME_TURNS,
        format_lazy(gettext_lazy("one in each of the game's {turns} turns"), turns=GAME_TURNS),
    ),
}
# An event's kind inside a sentence ("Event 3 (touchdown)", "at most 96 touchdown
# events"): its own msgid, so a language that writes it with a capital may.
KIND_IN_A_SENTENCE: dict[str, StrOrPromise] = {
    EventKind.TOUCHDOWN: pgettext_lazy("event kind in a sentence", "touchdown"),
    EventKind.COMPLETION: pgettext_lazy("event kind in a sentence", "completion"),
    EventKind.DEFLECTION: pgettext_lazy("event kind in a sentence", "deflection"),
    EventKind.INTERCEPTION: pgettext_lazy("event kind in a sentence", "interception"),
    EventKind.CASUALTY: pgettext_lazy("event kind in a sentence", "casualty caused"),
    EventKind.INJURY: pgettext_lazy("event kind in a sentence", "injury suffered"),
    EventKind.SENT_OFF: pgettext_lazy("event kind in a sentence", "sent off"),
    EventKind.WEATHER_CHANGE: pgettext_lazy("event kind in a sentence", "weather change"),
    EventKind.BRIBE: pgettext_lazy("event kind in a sentence", "bribe used"),
    EventKind.KICK_OFF: pgettext_lazy("event kind in a sentence", "kick-off event"),
    EventKind.LANDING: pgettext_lazy("event kind in a sentence", "thrown team-mate landed safely"),
    EventKind.SUPERB_THROW: pgettext_lazy(
        "event kind in a sentence", "superb throw, team-mate landed safely"
    ),
}
# Why a player an event names (the player who did it, or the casualty's victim) cannot
# be in it: a whole sentence per role, so a language may word each its own way.
PLAYER_PROBLEMS: dict[str, dict[str, StrOrPromise]] = {
    "player": {
        "missing": gettext_lazy("%(name)s (player) was missing this game (miss next game)"),
        "retired": gettext_lazy("%(name)s (player) is temporarily retired and did not play"),
        "unknown": gettext_lazy("there is no player %(id)r (player)"),
        "neither": gettext_lazy("%(name)s (player) plays for neither %(home)s nor %(away)s"),
        "dead": gettext_lazy("%(name)s (player) is dead before this match and did not play"),
        "fired": gettext_lazy("%(name)s (player) was fired before this match and did not play"),
        "left": gettext_lazy("%(name)s (player) left the team before this match and did not play"),
        "joined": gettext_lazy("%(name)s (player) joined %(team)s after kick-off"),
    },
    "victim": {
        "missing": gettext_lazy("%(name)s (victim) was missing this game (miss next game)"),
        "retired": gettext_lazy("%(name)s (victim) is temporarily retired and did not play"),
        "unknown": gettext_lazy("there is no player %(id)r (victim)"),
        "neither": gettext_lazy("%(name)s (victim) plays for neither %(home)s nor %(away)s"),
        "dead": gettext_lazy("%(name)s (victim) is dead before this match and did not play"),
        "fired": gettext_lazy("%(name)s (victim) was fired before this match and did not play"),
        "left": gettext_lazy("%(name)s (victim) left the team before this match and did not play"),
        "joined": gettext_lazy("%(name)s (victim) joined %(team)s after kick-off"),
    },
}
# The characteristics a Lasting Injury may reduce, as the game names them.
CHARACTERISTIC_NAMES = ", ".join(c.upper() for c in CHARACTERISTICS)
# The most events a report may list (the API refuses a longer list before reading it).
MAX_REPORT_EVENTS = sum(limit for limit, _why in EVENT_LIMITS.values())


def extra_report_keys() -> tuple[str, ...]:
    """Every report field an edition's report adds per side (``home_stalled``, ...),
    which ``report_payload`` takes beside the points fields."""
    return tuple(
        dict.fromkeys(
            key
            for edition in edition_keys()
            for f in report_extras.team_fields(edition_for(edition).report_type)
            for key in f.report_keys()
        )
    )


def _pk(value: Any) -> Any:
    return value.pk if isinstance(value, Player) else value


def normalize_event(raw: Mapping[str, Any]) -> dict[str, Any]:
    """One event as the plain dict the services store and hash."""
    return {
        "kind": str(raw.get("kind") or ""),
        "side": str(raw.get("side") or ""),
        "player": _pk(raw.get("player")),
        "victim": _pk(raw.get("victim")),
        "by_block": bool(raw.get("by_block", True)),
        "injury": str(raw.get("injury") or ""),
        "characteristic": str(raw.get("characteristic") or "").lower(),
        "apothecary_used": bool(raw.get("apothecary_used", False)),
        "detail": str(raw.get("detail") or "").strip(),
    }


# An event row's column for each of its fields: the players by id, never loaded.
ROW_COLUMNS = {
    name: {"player": "player_id", "victim": "victim_id"}.get(name, name) for name in EVENT_FIELDS
}


def event_from_row(event: Any) -> dict[str, Any]:
    return normalize_event({name: getattr(event, column) for name, column in ROW_COLUMNS.items()})


@dataclass
class ReportContext:
    """Both teams as they stood at kick-off, and the player rows an event names."""

    match: Match
    at_kick_off: dict[str, dict[Any, PlayerState]] = field(default_factory=dict)
    rows: dict[Any, Player] = field(default_factory=dict)

    @classmethod
    def build(cls, match: Match, events: Iterable[Mapping[str, Any]]) -> ReportContext:
        states = snapshot_states(match, "match_teams")
        at_kick_off = {side: {p.id: p for p in states[side].players} for side in states}
        events = list(events)
        if len(events) > MAX_REPORT_EVENTS:
            events = []  # refused by report_problems; no query with thousands of ids
        ids = {e.get(k) for e in events for k in ("player", "victim")} - {None}
        played = {pid for players in at_kick_off.values() for pid in players}
        # Only a player who did not play needs his row read (why he did not).
        wanted = [
            i for i in ids if isinstance(i, int) and not isinstance(i, bool) and i not in played
        ]
        rows = {p.pk: p for p in Player.objects.filter(pk__in=wanted)} if wanted else {}
        return cls(match, at_kick_off, rows)

    def _played(self, player_id: Any) -> tuple[str, PlayerState] | None:
        """(side, state) of a player who was on a team at kick-off."""
        for side, players in self.at_kick_off.items():
            state = players.get(player_id)
            if state is not None:
                return side, state
        return None

    def team_name(self, side: str) -> str:
        return team_of(self.match, side).name

    def side_of(self, player: Player) -> str | None:
        fixture = self.match.fixture
        return {fixture.home_id: "home", fixture.away_id: "away"}.get(player.team_id)

    def player_problem(self, player_id: Any, role: str) -> tuple[str | None, str | None]:
        """(side, None) for a player who played; (side or None, reason) otherwise.
        ``role``: "player" (who did it) or "victim" (a casualty's)."""
        sentences = PLAYER_PROBLEMS[role]
        played = self._played(player_id)
        if played is not None:
            at, state = played
            if state.miss_next_game:
                return at, str(sentences["missing"]) % {"name": state.name}
            if state.temporarily_retired:
                return at, str(sentences["retired"]) % {"name": state.name}
            return at, None
        row = self.rows.get(player_id)
        if row is None:
            return None, str(sentences["unknown"]) % {"id": player_id}
        side = self.side_of(row)
        values = {"name": row.name}
        if side is None:
            values.update(home=self.team_name("home"), away=self.team_name("away"))
            return None, str(sentences["neither"]) % values
        if row.status == PlayerStatus.DEAD:
            return side, str(sentences["dead"]) % values
        if row.status == PlayerStatus.FIRED:
            return side, str(sentences["fired"]) % values
        if row.status != PlayerStatus.ACTIVE:
            return side, str(sentences["left"]) % values
        values["team"] = row.team.name
        return side, str(sentences["joined"]) % values

    def name(self, player_id: Any) -> str:
        row = self.rows.get(player_id)
        if row is not None:
            return row.name
        played = self._played(player_id)
        return played[1].name if played is not None else str(player_id)

    def shirt(self, player_id: Any) -> str:
        """ "#7 Grim", as the match page names a player (his name alone if unknown)."""
        row = self.rows.get(player_id)
        played = self._played(player_id)
        number = row.number if row is not None else played[1].number if played else 0
        name = self.name(player_id)
        return f"#{number} {name}" if number else name


def _label(index: int | None, event: Mapping[str, Any]) -> str:
    kind = _kind_label(event.get("kind") or "") or _("event")
    if index is not None:
        return _("Event %(number)s (%(kind)s)") % {"number": index, "kind": kind}
    return _("The %(kind)s event") % {"kind": kind}


def event_problems(
    ctx: ReportContext, event: dict[str, Any], index: int | None = None
) -> list[str]:
    """Every reason one event cannot stand. Fills in ``side`` from the player."""
    label = _label(index, event)
    kind = event["kind"]
    if kind not in EventKind.values:
        return [
            _("%(label)s: not a kind of event; use one of %(kinds)s")
            % {"label": label, "kinds": ", ".join(EventKind.values)}
        ]
    problems: list[str] = []
    added = report_extras.event_kinds(rules_for(ctx.match).report_type)
    if kind in report_extras.all_event_kinds() and kind not in added:
        return [
            _("%(label)s: this league's report has no %(kind)s events")
            % {"label": label, "kind": _kind_label(kind)}
        ]
    if kind in PLAYER_EVENTS:
        if event["player"] is None:
            return [_("%(label)s: say which player") % {"label": label}]
        side, problem = ctx.player_problem(event["player"], "player")
        if problem:
            problems.append(_("%(label)s: %(problem)s") % {"label": label, "problem": problem})
        if side is not None:
            if event["side"] and event["side"] != side:
                values = {"label": label, "player": ctx.name(event["player"])}
                problems.append(
                    _("%(label)s: %(player)s plays for the home team, not the away team") % values
                    if side == "home"
                    else _("%(label)s: %(player)s plays for the away team, not the home team")
                    % values
                )
            event["side"] = side
    else:
        if event["player"] is not None:
            problems.append(_("%(label)s: a kick-off event names no player") % {"label": label})
        if kind == EventKind.WEATHER_CHANGE:
            event["side"] = ""
        elif event["side"] not in SIDES:
            problems.append(_("%(label)s: say which team ('home' or 'away')") % {"label": label})
        if kind in (EventKind.WEATHER_CHANGE, EventKind.KICK_OFF) and not event["detail"]:
            problems.append(
                _("%(label)s: say what happened (the new weather or kick-off result)")
                % {"label": label}
            )
    problems += _casualty_problems(ctx, event, label)
    problems += _injury_problems(event, label)
    return problems


def _casualty_problems(ctx: ReportContext, event: dict[str, Any], label: str) -> list[str]:
    if event["kind"] != EventKind.CASUALTY:
        if event["victim"] is None:
            return []
        return [_("%(label)s: only a casualty names a victim") % {"label": label}]
    if event["victim"] is None:
        return [_("%(label)s: say who the victim was") % {"label": label}]
    victim_side, problem = ctx.player_problem(event["victim"], "victim")
    if problem:
        return [_("%(label)s: %(problem)s") % {"label": label, "problem": problem}]
    if victim_side == event["side"]:
        values = {"label": label, "player": ctx.name(event["victim"])}
        return [
            _("%(label)s: the victim %(player)s must play for the home team") % values
            if event["side"] == "away"
            else _("%(label)s: the victim %(player)s must play for the away team") % values
        ]
    return []


def _injury_problems(event: dict[str, Any], label: str) -> list[str]:
    problems = []
    injury, characteristic = event["injury"], event["characteristic"]
    if event["kind"] != EventKind.INJURY:
        if injury or characteristic or event["apothecary_used"]:
            problems.append(
                _("%(label)s: only an injury event has a casualty result or apothecary")
                % {"label": label}
            )
        return problems
    if injury not in InjuryResult.values:
        problems.append(
            _("%(label)s: the casualty result is one of %(results)s")
            % {"label": label, "results": ", ".join(InjuryResult.values)}
        )
    elif injury == InjuryResult.LASTING_INJURY and characteristic not in CHARACTERISTICS:
        problems.append(
            _("%(label)s: a Lasting Injury reduces one of %(characteristics)s; say which")
            % {"label": label, "characteristics": CHARACTERISTIC_NAMES}
        )
    elif injury != InjuryResult.LASTING_INJURY and characteristic:
        problems.append(
            _("%(label)s: only a Lasting Injury names a characteristic") % {"label": label}
        )
    return problems


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _kind_label(kind: str) -> str:
    """An event's kind inside a sentence; a kind the site does not know as given."""
    return str(KIND_IN_A_SENTENCE.get(kind, kind))


def event_count_problems(events: Iterable[Mapping[str, Any]]) -> list[str]:
    """Why a report lists more events than a game can hold (``EVENT_LIMITS``)."""
    events = list(events)
    if len(events) > MAX_REPORT_EVENTS:
        return [
            _(
                "A report lists at most %(most)s events (what a game can hold); this one lists "
                "%(count)s"
            )
            % {"most": MAX_REPORT_EVENTS, "count": len(events)}
        ]
    counts = Counter(e.get("kind") for e in events)
    return [
        _("A report lists at most %(most)s %(kind)s events (%(why)s); this one lists %(count)s")
        % {"most": limit, "kind": _kind_label(kind), "why": why, "count": counts[kind]}
        for kind, (limit, why) in EVENT_LIMITS.items()
        if counts[kind] > limit
    ]


def event_room_problems(recorded: Mapping[str, int], kind: str) -> list[str]:
    """Why one more ``kind`` event does not fit beside the ``recorded`` ones (count
    per kind of a match's draft report)."""
    limit, why = EVENT_LIMITS.get(kind, (MAX_REPORT_EVENTS, ""))
    if recorded.get(kind, 0) >= limit:
        return [
            _(
                "The report already has %(count)s %(kind)s events, the most a game can hold "
                "(%(why)s): remove one before adding another"
            )
            % {"count": recorded.get(kind, 0), "kind": _kind_label(kind), "why": why}
        ]
    if sum(recorded.values()) >= MAX_REPORT_EVENTS:
        return [
            _("The report already has %(count)s events, the most a game can hold")
            % {"count": MAX_REPORT_EVENTS}
        ]
    return []


def report_problems(
    ctx: ReportContext, payload: Mapping[str, Any], events: list[dict[str, Any]]
) -> list[str]:
    """Every reason the whole report does not add up (events checked one by one too)."""
    problems = event_count_problems(events)
    if len(events) > MAX_REPORT_EVENTS:
        return problems  # not worth reading one by one
    score = {side: payload.get(f"{side}_touchdowns") for side in SIDES}
    for side, value in score.items():
        if not _count(value):
            problems.append(
                _("The home touchdowns must be a whole number, 0 or more")
                if side == "home"
                else _("The away touchdowns must be a whole number, 0 or more")
            )
    problems += shape_of(ctx.match).problems(payload)
    problems += _extras_problems(ctx.match, payload)
    conceded_by = payload.get("conceded_by") or ""
    set_up = payload.get("conceded_at_setup_players")
    if conceded_by not in ("", *SIDES):
        problems.append(
            _("The conceding team is 'home' or 'away', not %(answer)r") % {"answer": conceded_by}
        )
    if set_up is not None:
        most = rules_for(ctx.match).ruleset.limits.players_on_pitch
        if not conceded_by:
            problems.append(_("Players at set-up are given only for a team that conceded"))
        elif not _count(set_up) or set_up > most:
            problems.append(_("Players at set-up run from 0 to %(most)s") % {"most": most})
    for index, event in enumerate(events, start=1):
        problems += event_problems(ctx, event, index)
    touchdowns = Counter(e["side"] for e in events if e["kind"] == EventKind.TOUCHDOWN)
    for side in SIDES:
        if _count(score[side]) and touchdowns[side] != score[side]:
            problems.append(
                ngettext(
                    "The score gives %(team)s %(score)s, but %(events)s touchdown event "
                    "names a scorer",
                    "The score gives %(team)s %(score)s, but %(events)s touchdown events "
                    "name scorers",
                    touchdowns[side],
                )
                % {"team": ctx.team_name(side), "score": score[side], "events": touchdowns[side]}
            )
    injured = Counter(e["player"] for e in events if e["kind"] == EventKind.INJURY)
    problems += [
        _("%(player)s suffers %(count)s injuries; a player leaves the pitch at his first casualty")
        % {"player": ctx.name(pid), "count": n}
        for pid, n in injured.items()
        if n > 1
    ]
    return problems


# --- a casualty's result -----------------------------------------------------------------
# A casualty caused (``casualty``: who caused it, on whom) does nothing to the victim by
# itself: his Casualty table result is an ``injury`` event of his own, which his coach
# records. Where the league's ruleset has a Casualty table, a report is refused while a
# casualty's victim has no result (``casualty_result_problems``); the match page and the
# API ask the victim's coach for it meanwhile (``casualties_without_result``).
CASUALTY_TABLE = "casualty"


class CasualtyResultMissing(ReportError):
    """A report whose only problem is a casualty's missing result: the ``events``
    field's error (the API's ``fields``)."""

    field = "events"


def casualty_results_owed(match: Match) -> bool:
    """Whether a casualty's victim must have his result in the report: the league's
    ruleset has a Casualty table to roll it on (Blitz Bowl has none, and its report
    reads no injury)."""
    return CASUALTY_TABLE in rules_for(match).ruleset.table_names()


def casualties_without_result(events: Iterable[Mapping[str, Any]]) -> list[int]:
    """The positions (0 first) of the casualty events whose victim has no ``injury``
    event among ``events`` (one injury is his result, whichever casualty caused it)."""
    events = list(events)
    injured = {e.get("player") for e in events if e.get("kind") == EventKind.INJURY}
    return [
        index
        for index, e in enumerate(events)
        if e.get("kind") == EventKind.CASUALTY
        and e.get("victim") is not None
        and e.get("victim") not in injured
    ]


def casualty_result_problems(ctx: ReportContext, events: list[dict[str, Any]]) -> list[str]:
    """One sentence per casualty whose victim has no result yet, naming the event (its
    number in the report, who caused it), the victim and who records it."""
    if not casualty_results_owed(ctx.match):
        return []
    problems = []
    for index in casualties_without_result(events):
        event = events[index]
        causer, victim = ctx.shirt(event["player"]), ctx.shirt(event["victim"])
        victim_side = {"home": "away", "away": "home"}.get(event["side"])
        values = {"number": index + 1, "causer": causer, "victim": victim}
        if victim_side:
            values["team"] = ctx.team_name(victim_side)
            line = _(
                "Event %(number)s (casualty by %(causer)s on %(victim)s): %(victim)s of "
                "%(team)s has no casualty result yet; %(team)s's coach records it (Injury, "
                "then %(victim)s, then the result) before the report is submitted"
            )
        else:
            line = _(
                "Event %(number)s (casualty by %(causer)s on %(victim)s): %(victim)s has no "
                "casualty result yet; his coach records it (Injury, then %(victim)s, then the "
                "result) before the report is submitted"
            )
        problems.append(line % values)
    return problems


def _extras_problems(match: Match, payload: Mapping[str, Any]) -> list[str]:
    """Report fields another edition's report adds, given for this league, and extra
    fields of the wrong type."""
    report_type = rules_for(match).report_type
    own = {key for f in report_extras.team_fields(report_type) for key in f.report_keys()}
    foreign = [k for k in extra_report_keys() if k not in own and payload.get(k) is not None]
    problems = [
        _("%(field)s: this league's report has no such field") % {"field": k} for k in foreign
    ]
    return problems + report_extras.payload_problems(report_type, payload)
