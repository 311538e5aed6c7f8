"""What a league event says: read from the rows once they are committed.

Each builder takes a primary key (a receiver hands it over on commit) and returns an
``Event`` (or None when the row is gone, or belongs to no league): its kind, a key
naming it once and for all (a delivery and an e-mail are made once per key, however
often the row is saved or re-derived), the league it belongs to, one line of text
and the data a generic receiver reads. Nothing here is taken from a request.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.urls import reverse

from leagues.models import League, TeamEntry
from matches.models import Report
from matches.models_postgame import PostGameApplication
from notifications.models import EventKind
from teams.models import Advancement, InjuryRecord, Team


@dataclass(frozen=True)
class Event:
    kind: str
    key: str
    league_id: int
    league_name: str
    text: str
    url: str
    data: dict[str, Any] = field(default_factory=dict)


def site_url(path: str) -> str:
    """An absolute link where the site's address is known (``DUGOUT_SITE_URL``)."""
    base = str(getattr(settings, "DUGOUT_SITE_URL", "") or "").rstrip("/")
    return f"{base}{path}"


def _league_of_team(team: Team) -> League | None:
    """The league the team last entered a season of: where its news belongs."""
    entry = (
        TeamEntry.objects.filter(team=team)
        .select_related("season__league")
        .order_by("-season__created_at", "-id")
        .first()
    )
    return entry.season.league if entry is not None else None


def result_event(application_id: int) -> Event | None:
    """A result applied: "Reavers 2–1 Orcs" (the report's score, as confirmed)."""
    application = (
        PostGameApplication.objects.filter(pk=application_id)
        .select_related(
            "report",
            "match__fixture__season__league",
            "match__fixture__home",
            "match__fixture__away",
        )
        .first()
    )
    if application is None:
        return None
    report: Report = application.report
    fixture = application.match.fixture
    league = fixture.season.league
    home, away = fixture.home, fixture.away
    text = (
        f"{home.name} {report.home_touchdowns}–{report.away_touchdowns} {away.name}"
        f" ({league.name}, season {fixture.season.number}, {fixture.get_kind_display().lower()})"
    )
    if report.version > 1:
        text += "; corrected"
    if report.conceded_by:
        conceding = home if report.conceded_by == "home" else away
        text += f"; {conceding.name} conceded"
    data = {
        "match": application.match_id,
        "fixture": fixture.pk,
        "report": report.pk,
        "home": {"team": home.pk, "name": home.name, "touchdowns": report.home_touchdowns},
        "away": {"team": away.pk, "name": away.name, "touchdowns": report.away_touchdowns},
        "conceded_by": report.conceded_by or None,
    }
    url = site_url(reverse("match-detail", args=[application.match_id]))
    key = f"result:report:{report.pk}"
    return Event(EventKind.RESULT, key, league.pk, league.name, text, url, data)


def level_up_event(advancement_id: int) -> Event | None:
    """A player's advancement taken: "Karl (Reavers) took Block, advancement 2"."""
    advancement = (
        Advancement.objects.filter(pk=advancement_id).select_related("player__team").first()
    )
    if advancement is None:
        return None
    player, team = advancement.player, advancement.player.team
    league = _league_of_team(team)
    if league is None:
        return None
    text = (
        f"{player.name} ({team.name}) took {advancement.result}: "
        f"advancement {advancement.number}, {advancement.get_kind_display().lower()}"
    )
    data = {
        "player": player.pk,
        "player_name": player.name,
        "team": team.pk,
        "team_name": team.name,
        "number": advancement.number,
        "kind": advancement.kind,
        "result": advancement.result,
    }
    url = site_url(reverse("player-detail", args=[player.pk]))
    key = f"level_up:advancement:{advancement.pk}"
    return Event(EventKind.LEVEL_UP, key, league.pk, league.name, text, url, data)


def death_event(injury_id: int) -> Event | None:
    """A player dead: one event per player, however often a correction re-derives it."""
    injury = (
        InjuryRecord.objects.filter(pk=injury_id, kind=InjuryRecord.Kind.DEAD)
        .select_related("player__team", "match__fixture__season__league")
        .first()
    )
    if injury is None:
        return None
    player, team = injury.player, injury.player.team
    league = injury.match.fixture.season.league if injury.match else _league_of_team(team)
    if league is None:
        return None
    how = f" ({injury.source})" if injury.source else ""
    text = f"{player.name} of {team.name} is dead{how}. Rest in peace."
    data = {
        "player": player.pk,
        "player_name": player.name,
        "team": team.pk,
        "team_name": team.name,
        "match": injury.match_id,
        "source": injury.source,
    }
    url = site_url(reverse("player-detail", args=[player.pk]))
    key = f"death:player:{player.pk}"
    return Event(EventKind.DEATH, key, league.pk, league.name, text, url, data)


def check_event(league: League, nonce: str) -> Event:
    """The message a commissioner sends to check an address."""
    text = f"Dugout test message for {league.name}: this webhook works."
    url = site_url(reverse("league-home", args=[league.pk]))
    return Event(EventKind.TEST, f"test:{nonce}", league.pk, league.name, text, url, {})


BUILDERS = {
    EventKind.RESULT: result_event,
    EventKind.LEVEL_UP: level_up_event,
    EventKind.DEATH: death_event,
}
