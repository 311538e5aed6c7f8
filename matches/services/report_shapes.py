"""What a checked match report gives the league's ruleset and the league: the report
type its post-game reads, built per shape (``REPORT_SHAPES``: BB2020's ``MatchReport``
from touchdowns, the concession and the player events, an edition's report extending it
with its extra fields; Blitz Bowl's ``BlitzBowlReport`` from the points fields), and the
result the league records (``league_result``). Nothing here writes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from matches.models import PLAYER_EVENTS, EventKind, InjuryResult, Match
from matches.services import hatred, report_extras
from matches.services.rulesets import rules_for
from matches.services.snapshots import SIDES, snapshot_states
from rules_engine.bb2020.report import MatchReport, PlayerReport, TeamReport
from rules_engine.blitz_bowl import BlitzBowlReport

# A report's fields for a game scored in points, with the value each takes when not given.
POINTS_FIELDS: dict[str, Any] = {
    "home_challenge_cards": [],
    "away_challenge_cards": [],
    "home_clean_sweeps": 0,
    "away_clean_sweeps": 0,
    "home_bonus_play_points": 0,
    "away_bonus_play_points": 0,
    "sudden_death_winner": "",
    "endgame_reached": False,
}
COUNTED = {
    EventKind.TOUCHDOWN: "touchdowns",
    EventKind.COMPLETION: "completions",
    EventKind.DEFLECTION: "deflections",
    EventKind.INTERCEPTION: "interceptions",
    **{kind: name for name, kind in report_extras.EVENT_FOR_COUNT.items()},
}


def engine_report(
    match: Match, payload: Mapping[str, Any], events: Iterable[Mapping[str, Any]]
) -> Any:
    """The report the match's ruleset's post-game reads, for a checked report."""
    return shape_of(match).build(match, payload, list(events))


def player_reports(
    events: Iterable[Mapping[str, Any]], report_type: type[PlayerReport] | None = None
) -> dict[str, tuple[PlayerReport, ...]]:
    """Per side, what each player did and suffered, from the player events, as the
    league's player report type (``report_type``; without one, BB2020's, counts it
    does not hold left out)."""
    if report_type is None:
        report_type = PlayerReport
        events = [e for e in events if e["kind"] not in report_extras.all_event_kinds()]
    players: dict[str, dict[Any, dict[str, Any]]] = {side: {} for side in SIDES}
    for event in events:
        kind = event["kind"]
        if kind not in PLAYER_EVENTS:
            continue
        row = players[event["side"]].setdefault(event["player"], {})
        if kind in COUNTED or kind == EventKind.CASUALTY:
            name = COUNTED.get(kind) or ("casualties" if event["by_block"] else "other_casualties")
            row[name] = row.get(name, 0) + 1
        elif kind == EventKind.SENT_OFF:
            row["sent_off"] = True
        elif kind == EventKind.INJURY:
            row.update(_suffered(event))
    return {
        side: tuple(
            report_type(player_id=pid, **values) for pid, values in sorted(players[side].items())
        )
        for side in SIDES
    }


def _summary(match: Match) -> dict[str, Any]:
    return match.pre_game_result.get("summary") or {}


def events_report(
    match: Match, payload: Mapping[str, Any], events: list[Mapping[str, Any]]
) -> MatchReport:
    """BB2020's ``MatchReport`` (BB2020, classic), or the edition's report extending it
    (BB2025): touchdowns on the pitch, each side's Fan Factor from the pre-game
    (classic: its gate in thousands), the concession, the player reports and the
    fields the edition's report adds (``report_extras``)."""
    report_type = rules_for(match).report_type
    fan_factor = _summary(match).get("fan_factor") or {}
    players = hatred.with_keywords(
        player_reports(events, report_extras.player_report_type(report_type)),
        events,
        rules_for(match).ruleset,
        snapshot_states(match, "match_teams"),
    )
    extras = report_extras.team_values(report_type, payload)
    team_type = report_extras.team_report_type(report_type)
    conceded_by = payload.get("conceded_by") or ""

    def team_report(side: str) -> TeamReport:
        return team_type(
            **extras[side],
            touchdowns=payload[f"{side}_touchdowns"],
            fan_factor=fan_factor.get(side, 0),
            conceded=conceded_by == side,
            players=players[side],
            set_up_players_when_conceding=(
                payload.get("conceded_at_setup_players") if conceded_by == side else None
            ),
        )

    return report_type(home=team_report("home"), away=team_report("away"))


def points_report(
    match: Match, payload: Mapping[str, Any], events: list[Mapping[str, Any]]
) -> BlitzBowlReport:
    """Blitz Bowl's report: per side the touchdowns, Challenge cards, Clean Sweeps and
    Bonus Play points; the regional rule the pre-game rolled; a Sudden Death winner."""
    field_of = {**POINTS_FIELDS, **payload}
    # BlitzBowlReport takes each side as a mapping and names the side in its problems.
    return BlitzBowlReport(
        home=_points_side(field_of, "home"),  # type: ignore[arg-type]
        away=_points_side(field_of, "away"),  # type: ignore[arg-type]
        regional_rule=_summary(match).get("regional_rule"),
        sudden_death_winner=field_of["sudden_death_winner"] or None,
        endgame_reached=bool(field_of["endgame_reached"]),
    )


def _points_side(payload: Mapping[str, Any], side: str) -> dict[str, Any]:
    return {
        "touchdowns": payload[f"{side}_touchdowns"],
        "challenge_cards": payload[f"{side}_challenge_cards"],
        "clean_sweeps": payload[f"{side}_clean_sweeps"],
        "bonus_play_points": payload[f"{side}_bonus_play_points"],
    }


def _events_result(report: MatchReport, events: list[Mapping[str, Any]]) -> dict[str, Any]:
    final = report.final_score
    caused = casualties_caused(events)
    return {
        "home_touchdowns": final[0],
        "away_touchdowns": final[1],
        "home_casualties": caused["home"],
        "away_casualties": caused["away"],
        "conceded_by": report.conceded_by,
    }


def _points_result(report: BlitzBowlReport, events: list[Mapping[str, Any]]) -> dict[str, Any]:
    caused = casualties_caused(events)
    return {
        "home_touchdowns": report.home.touchdowns,
        "away_touchdowns": report.away.touchdowns,
        "home_casualties": caused["home"],
        "away_casualties": caused["away"],
        "conceded_by": None,
        "home_points": report.points("home"),
        "away_points": report.points("away"),
    }


def _events_problems(payload: Mapping[str, Any]) -> list[str]:
    given = [
        name for name, default in POINTS_FIELDS.items() if payload.get(name, default) != default
    ]
    if not given:
        return []
    return [
        _(
            "%(fields)s: only a game scored in points (Blitz Bowl) has them; this league's "
            "games are scored in touchdowns"
        )
        % {"fields": ", ".join(given)}
    ]


def _points_problems(payload: Mapping[str, Any]) -> list[str]:
    if payload.get("conceded_by") or payload.get("conceded_at_setup_players") is not None:
        return ["A game scored in points (Blitz Bowl) has no concession; leave conceded_by blank"]
    return []


@dataclass(frozen=True)
class ReportShape:
    """How one report type is built from a submitted report, what it tells the league
    (``record_result``'s keywords) and what a submission must not carry for it."""

    build: Callable[[Match, Mapping[str, Any], list[Mapping[str, Any]]], Any]
    league_result: Callable[[Any, list[Mapping[str, Any]]], dict[str, Any]]
    problems: Callable[[Mapping[str, Any]], list[str]]


REPORT_SHAPES: dict[type, ReportShape] = {
    MatchReport: ReportShape(events_report, _events_result, _events_problems),
    BlitzBowlReport: ReportShape(points_report, _points_result, _points_problems),
}


def shape_of(match: Match) -> ReportShape:
    """The shape of the match's report type, or of the nearest type it extends (an
    edition's report that adds fields to BB2020's is built as BB2020's, with them)."""
    report_type = rules_for(match).report_type
    for kind in report_type.__mro__:
        if kind in REPORT_SHAPES:
            return REPORT_SHAPES[kind]
    raise LookupError(f"no report shape for {report_type.__name__}")


def league_result(
    match: Match, payload: Mapping[str, Any], events: Iterable[Mapping[str, Any]]
) -> dict[str, Any]:
    """What the league records for the report: touchdowns (after a concession's award),
    casualties caused, the conceding side, and points where the game is scored in them."""
    shape = shape_of(match)
    rows = list(events)
    return shape.league_result(shape.build(match, payload, rows), rows)


def _suffered(event: Mapping[str, Any]) -> dict[str, Any]:
    injury = event["injury"]
    if injury == InjuryResult.SERIOUSLY_HURT:
        return {"miss_next_game": True}
    if injury == InjuryResult.SERIOUS_INJURY:
        return {"niggling_injuries": 1}
    if injury == InjuryResult.LASTING_INJURY:
        return {"lasting_injury": event["characteristic"]}
    if injury == InjuryResult.DEAD:
        return {"killed": True}
    return {}


def casualties_caused(events: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Casualties each side caused, any way (the standings' casualties)."""
    counts = Counter(e["side"] for e in events if e["kind"] == EventKind.CASUALTY)
    return {side: counts[side] for side in SIDES}
