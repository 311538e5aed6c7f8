"""Who may call every write of the API: one row per write operation of the
generated OpenAPI schema (a write without a row fails ``test_every_write_has_a_row``),
five callers per row.

Callers, relative to the row's object (tests/league_world.py):

- ``anonymous``: no credentials;
- ``other coach``: a coach with a team in no league (``outsider``);
- ``team coach``: the coach of the team (player, match side) the row acts on;
- ``other commissioner``: the commissioner of another league;
- ``commissioner``: a commissioner of the object's league.

Each cell is what the caller gets: ``OK`` (any 2xx), ``DENIED`` (401 or 403), or
an exact 4xx domain answer when the caller may act but the league's state says
no (e.g. 400 "still to be played", 409 "already reported"). Each cell runs in its
own savepoint over one module-wide world, so a cell never sees another's writes.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.db import transaction
from django.db.models import Q
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from backups.export import export_league
from leagues import services as league_services
from leagues.invites import create_invite, set_open_signup
from leagues.models import Fixture, League
from leagues.services import kickoff
from matches import services as match_services
from matches.models import Match, MatchEvent
from news.models import LeagueNews, MatchReport
from teams.models import Player
from tests.factories import drafted_team
from tests.league_world import World, build_world
from tests.leagues.level_playoff import level_semi_final

ANONYMOUS = "anonymous"
OTHER_COACH = "other coach"
TEAM_COACH = "team coach"
OTHER_COMMISSIONER = "other commissioner"
COMMISSIONER = "commissioner"
CALLERS = (ANONYMOUS, OTHER_COACH, TEAM_COACH, OTHER_COMMISSIONER, COMMISSIONER)
WRITE_METHODS = {"post", "put", "patch", "delete"}

OK = "2xx"
DENIED = "401/403"


@dataclass
class Row:
    """One write: how to aim it at the world, and what each caller gets."""

    path: Callable[[dict[str, Any]], dict[str, Any]]
    body: Callable[[dict[str, Any]], Any] | None
    expect: dict[str, Any]
    team_coach: str = "home_coach"
    headers: dict[str, str] = field(default_factory=dict)


def only_commissioner(domain: Any = OK) -> dict[str, Any]:
    return {
        ANONYMOUS: DENIED,
        OTHER_COACH: DENIED,
        TEAM_COACH: DENIED,
        OTHER_COMMISSIONER: DENIED,
        COMMISSIONER: domain,
    }


def coach_or_commissioner(domain: Any = OK, coach: Any = None) -> dict[str, Any]:
    return {
        ANONYMOUS: DENIED,
        OTHER_COACH: DENIED,
        TEAM_COACH: domain if coach is None else coach,
        OTHER_COMMISSIONER: DENIED,
        COMMISSIONER: domain,
    }


def signed_in(domain: Any = OK) -> dict[str, Any]:
    return {caller: (DENIED if caller == ANONYMOUS else domain) for caller in CALLERS}


def anyone(domain: Any = OK) -> dict[str, Any]:
    return dict.fromkeys(CALLERS, domain)


DRAFT = {
    "name": "Matrix Draft",
    "roster": "human",
    "players": {"human-lineman": 11},
}

# A FUMBBL team as its API publishes it, cut to what an import reads.
FUMBBL_TEAM = json.dumps(
    {
        "id": 1,
        "name": "Matrix Import",
        "roster": {"name": "Human"},
        "treasury": 10_000,
        "players": [
            {"number": n, "name": f"Matrix {n}", "position": "Lineman"} for n in range(1, 12)
        ],
    }
)


def a_news_post(w: dict[str, Any]) -> int:
    """A news post of the world's league (made in the cell's savepoint)."""
    league = Match.objects.get(pk=w["played"]).fixture.season.league
    author = league.commissioners.get()
    return LeagueNews.objects.create(league=league, author=author, title="M", body="M").pk


def a_match_report(w: dict[str, Any]) -> dict[str, Any]:
    """The home side's report of the played match (made in the cell's savepoint)."""
    match = Match.objects.select_related("fixture__home").get(pk=w["played"])
    home = match.fixture.home
    MatchReport.objects.create(match=match, team=home, author=home.coach, body="M")
    return {"id": match.pk, "team_id": home.pk}


ROWS: dict[str, Row] = {
    # --- leagues -------------------------------------------------------------------
    "POST /api/v1/leagues/": Row(
        path=lambda w: {}, body=lambda w: {"name": "Matrix Another League"}, expect=signed_in()
    ),
    "POST /api/v1/leagues/{id}/open-season/": Row(
        path=lambda w: {"id": w["new_league"]}, body=lambda w: {}, expect=only_commissioner()
    ),
    "POST /api/v1/leagues/seasons/{id}/add-division/": Row(
        path=lambda w: {"id": w["sign_up_season"]},
        body=lambda w: {"name": "Matrix South"},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/seasons/{id}/enter/": Row(
        path=lambda w: {"id": w["sign_up_season"]},
        body=lambda w: {"team": w["rookies"]},
        # The coach signs his own team up; a commissioner admits it instead.
        expect={
            ANONYMOUS: DENIED,
            OTHER_COACH: DENIED,
            TEAM_COACH: OK,
            OTHER_COMMISSIONER: DENIED,
            COMMISSIONER: DENIED,
        },
    ),
    "POST /api/v1/leagues/seasons/{id}/admit/": Row(
        path=lambda w: {"id": w["sign_up_season"]},
        body=lambda w: {"team": w["rookies"]},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/seasons/{id}/generate-schedule/": Row(
        path=lambda w: {"id": w["sign_up_season"]},
        body=lambda w: {"start_date": "2026-09-07"},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/seasons/{id}/dock-points/": Row(
        path=lambda w: {"id": w["season"]},
        body=lambda w: {"team": w["team"], "reason": "Matrix: late report", "points": 1},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/seasons/{id}/friendly/": Row(
        path=lambda w: {"id": w["season"]},
        body=lambda w: {"home": w["team"], "away": w["third_team"]},
        # Either coach of the two teams may arrange a friendly.
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/leagues/seasons/{id}/start-playoffs/": Row(
        path=lambda w: {"id": w["season"]},
        body=None,
        expect=only_commissioner(400),  # fixtures are still to be played
    ),
    "POST /api/v1/leagues/seasons/{id}/roll-over/": Row(
        path=lambda w: {"id": w["season"]},
        body=lambda w: {"without_playoffs": True},
        expect=only_commissioner(400),  # fixtures are still to be played
    ),
    "POST /api/v1/leagues/fixtures/{id}/reschedule/": Row(
        path=lambda w: {"id": w["open_fixture"]},
        body=lambda w: {"deadline": "2026-12-01"},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/fixtures/{id}/forfeit/": Row(
        path=lambda w: {"id": w["open_fixture"]},
        body=lambda w: {"kind": "unplayed"},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/fixtures/{id}/correct-forfeit/": Row(
        path=lambda w: {"id": w["open_fixture"]},
        body=lambda w: {"kind": "unplayed"},
        expect=only_commissioner(400),  # the fixture was not settled as a forfeit
    ),
    "POST /api/v1/leagues/fixtures/{id}/sudden-death/": Row(
        path=lambda w: {"id": w["level_semi"]},
        body=None,
        # Either coach of the two teams or a commissioner: the server rolls it.
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/leagues/fixtures/{id}/playoff-winner/": Row(
        path=lambda w: {"id": w["level_semi"]},
        body=lambda w: {"winner": w["level_semi_home"]},
        # Level in touchdowns: a sudden death rolled at the table, recorded by either.
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/leagues/{id}/invites/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"max_uses": 2, "days": 3},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/{id}/open-signup/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"allow_signup": True},
        expect=only_commissioner(),
    ),
    "PUT /api/v1/leagues/{id}/house-rules/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"banned_stars": ["griff-oberwald"], "ban_mega_stars": True},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/{id}/join/": Row(
        path=lambda w: {"id": w["open_league"]}, body=None, expect=signed_in()
    ),
    # Starting the play-off odds queues a task (eager here): any signed-in user.
    "POST /api/v1/leagues/{id}/odds/": Row(
        path=lambda w: {"id": w["league"]}, body=None, expect=signed_in()
    ),
    "POST /api/v1/leagues/invites/{id}/revoke/": Row(
        path=lambda w: {"id": w["invite"]}, body=None, expect=only_commissioner()
    ),
    "POST /api/v1/leagues/invites/redeem/": Row(
        path=lambda w: {},
        body=lambda w: {"token": w["invite_token"]},
        expect=signed_in(),
    ),
    # Kick-off times: the coaches of the two teams agree; a commissioner sets one.
    "POST /api/v1/leagues/fixtures/{id}/kickoff-slots/": Row(
        path=lambda w: {"id": w["kickoff_fixture"]},
        body=lambda w: {"starts_at": [w["kickoff_times"][3]]},
        expect=coach_or_commissioner() | {COMMISSIONER: DENIED},
    ),
    "POST /api/v1/leagues/kickoff-slots/{id}/accept/": Row(
        path=lambda w: {"id": w["kickoff_slot_to_answer"]},
        body=None,
        # The other team's coach answers; a commissioner sets the time instead.
        expect=coach_or_commissioner() | {COMMISSIONER: DENIED},
    ),
    "POST /api/v1/leagues/kickoff-slots/{id}/decline/": Row(
        path=lambda w: {"id": w["kickoff_slot_to_answer"]},
        body=None,
        expect=coach_or_commissioner() | {COMMISSIONER: DENIED},
    ),
    "POST /api/v1/leagues/kickoff-slots/{id}/withdraw/": Row(
        path=lambda w: {"id": w["kickoff_slot_to_withdraw"]},
        body=None,
        expect=coach_or_commissioner() | {COMMISSIONER: DENIED},
    ),
    "PUT /api/v1/leagues/fixtures/{id}/kickoff/": Row(
        path=lambda w: {"id": w["kickoff_fixture"]},
        body=lambda w: {"kickoff_at": w["kickoff_times"][2]},
        expect=only_commissioner(),
    ),
    "PUT /api/v1/leagues/{id}/time-zone/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"time_zone": "Europe/Paris"},
        expect=only_commissioner(),
    ),
    "PUT /api/v1/leagues/{id}/language/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"language": "fr"},
        expect=only_commissioner(),
    ),
    "POST /api/v1/leagues/fixtures/{id}/undo-forfeit/": Row(
        path=lambda w: {"id": w["open_fixture"]},
        body=None,
        expect=only_commissioner(400),  # the fixture was not settled as a forfeit
    ),
    # --- notifications (notifications) ------------------------------------
    "POST /api/v1/leagues/{id}/webhooks/": Row(
        path=lambda w: {"id": w["new_league"]},
        body=lambda w: {"url": "https://chat.example/hook", "payload_format": "discord"},
        expect=only_commissioner(),
    ),
    "DELETE /api/v1/leagues/{id}/webhooks/{webhook_id}/": Row(
        path=lambda w: {"id": w["new_league"], "webhook_id": 2**40},
        body=None,
        expect=only_commissioner(404),  # the league has no such webhook
    ),
    "POST /api/v1/leagues/{id}/webhooks/{webhook_id}/test/": Row(
        path=lambda w: {"id": w["new_league"], "webhook_id": 2**40},
        body=None,
        expect=only_commissioner(404),  # the league has no such webhook
    ),
    "POST /api/v1/notifications/preferences/": Row(
        path=lambda w: {},
        body=lambda w: {"next_match": False, "decisions": True},
        expect=signed_in(),
    ),
    "POST /api/v1/account/naf-number/": Row(
        path=lambda w: {}, body=lambda w: {"naf_number": None}, expect=signed_in()
    ),
    "POST /api/v1/account/language/": Row(
        path=lambda w: {}, body=lambda w: {"language": None}, expect=signed_in()
    ),
    # --- news (news) ----------------------------------------------------------------
    "POST /api/v1/leagues/{id}/news/": Row(
        path=lambda w: {"id": w["league"]},
        body=lambda w: {"title": "Matrix news", "body": "Round 2 is on."},
        expect=only_commissioner(),
    ),
    "PUT /api/v1/news/{id}/": Row(
        path=lambda w: {"id": a_news_post(w)},
        body=lambda w: {"title": "Matrix news", "body": "Round 2 is on."},
        expect=only_commissioner(),
    ),
    "DELETE /api/v1/news/{id}/": Row(
        path=lambda w: {"id": a_news_post(w)}, body=None, expect=only_commissioner()
    ),
    "PUT /api/v1/matches/{id}/match-reports/{team_id}/": Row(
        path=lambda w: {"id": w["played"], "team_id": w["team"]},
        body=lambda w: {"body": "Matrix: a hard game."},
        # A coach's own words: only his side's coach writes it, not the commissioner.
        expect={
            ANONYMOUS: DENIED,
            OTHER_COACH: DENIED,
            TEAM_COACH: OK,
            OTHER_COMMISSIONER: DENIED,
            COMMISSIONER: DENIED,
        },
    ),
    # Taken down by its coach, or by the league's commissioner moderating it.
    "DELETE /api/v1/matches/{id}/match-reports/{team_id}/": Row(
        path=a_match_report, body=None, expect=coach_or_commissioner()
    ),
    "POST /api/v1/leagues/restore/": Row(
        path=lambda w: {},
        body=lambda w: {
            "backup": export_league(League.objects.get(pk=w["new_league"])),
            "name": "Matrix Restored League",
        },
        expect=signed_in(),  # anyone signed in restores a league of his own
    ),
    # --- teams and players -------------------------------------------------------
    "POST /api/v1/teams/": Row(path=lambda w: {}, body=lambda w: DRAFT, expect=signed_in()),
    "POST /api/v1/teams/draft-preview/": Row(
        path=lambda w: {}, body=lambda w: DRAFT, expect=anyone()
    ),
    "POST /api/v1/teams/import/": Row(
        path=lambda w: {},
        body=lambda w: {"source_format": "fumbbl", "ruleset": "bb2020", "content": FUMBBL_TEAM},
        expect=signed_in(),  # any coach imports a team of his own
    ),
    "POST /api/v1/teams/{id}/players/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"position": "human-blitzer", "name": "Matrix Blitzer"},
        expect=coach_or_commissioner(400),  # the team is playing: purchases wait for its post-game
    ),
    "POST /api/v1/teams/{id}/rerolls/": Row(
        path=lambda w: {"id": w["team"]}, body=None, expect=coach_or_commissioner(400)
    ),
    "POST /api/v1/teams/{id}/staff/hire/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"kind": "cheerleader"},
        expect=coach_or_commissioner(400),  # the team is playing: purchases wait for its post-game
    ),
    "POST /api/v1/teams/{id}/staff/fire/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"kind": "cheerleader"},
        expect=coach_or_commissioner(400),  # the team has no cheerleader
    ),
    "POST /api/v1/teams/{id}/special-rule-choice/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"special_rule_choice": "Chaos Clash"},
        expect=coach_or_commissioner(400),  # its roster has no Team League to choose
    ),
    "POST /api/v1/teams/{id}/redraft/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"rehire": []},
        expect=coach_or_commissioner(400),  # its season is still under way
    ),
    "POST /api/v1/teams/{id}/edition-change/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"rehire": []},
        expect=coach_or_commissioner(400),  # no season under another edition to re-draft into
    ),
    "POST /api/v1/teams/{id}/undo-purchase/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"purchase": 2**40},
        expect=only_commissioner(404),  # no such purchase of the team
    ),
    "POST /api/v1/teams/{id}/transfer/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"coach": "matrix-third"},
        # The league's commissioner hands a team over; its own coach may not give it away.
        expect=only_commissioner(),
    ),
    "PUT /api/v1/teams/{id}/description/": Row(
        path=lambda w: {"id": w["team"]},
        body=lambda w: {"description": "Matrix: the pride of Altdorf."},
        expect=coach_or_commissioner(),
    ),
    "PUT /api/v1/teams/{id}/logo/": Row(
        path=lambda w: {"id": w["team"]},
        body=None,
        expect=coach_or_commissioner(400),  # no image sent (tests/teams/test_team_logo.py)
    ),
    "DELETE /api/v1/teams/{id}/logo/": Row(
        path=lambda w: {"id": w["team"]}, body=None, expect=coach_or_commissioner()
    ),
    "POST /api/v1/players/{id}/rename/": Row(
        path=lambda w: {"id": w["player"]},
        body=lambda w: {"name": "Matrix Renamed"},
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/players/{id}/fire/": Row(
        path=lambda w: {"id": w["player"]},
        body=None,
        expect=coach_or_commissioner(400),  # the team is playing a match
    ),
    "POST /api/v1/players/{id}/advancements/": Row(
        path=lambda w: {"id": w["mvp"]},
        body=lambda w: {"kind": "random_primary"},
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/players/{id}/hire-permanently/": Row(
        path=lambda w: {"id": w["player"]},
        body=None,
        expect=coach_or_commissioner(400),  # not a journeyman
    ),
    "POST /api/v1/players/{id}/retire-temporarily/": Row(
        path=lambda w: {"id": w["player"]},
        body=None,
        expect=coach_or_commissioner(400),  # no Lasting Injury
    ),
    # --- matches -----------------------------------------------------------------
    "POST /api/v1/matches/": Row(
        path=lambda w: {},
        body=lambda w: {"fixture": w["home_fixture"]},
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/matches/{id}/start-pre-game/": Row(
        path=lambda w: {"id": w["scheduled_match"]},
        body=None,
        # The home team is playing another match: one match at a time.
        expect=coach_or_commissioner(400),
    ),
    "POST /api/v1/matches/{id}/pre-game-choices/": Row(
        path=lambda w: {"id": w["pre_game"]},
        body=lambda w: w["pre_game_choice"],
        expect=coach_or_commissioner(),
        team_coach="pre_game_chooser",
    ),
    "POST /api/v1/matches/{id}/team-captain/": Row(
        path=lambda w: {"id": w["pre_game"]},
        body=lambda w: w["team_captain"],
        expect=coach_or_commissioner(400),  # BB2020 teams have no Team Captain
    ),
    "POST /api/v1/matches/{id}/start/": Row(
        path=lambda w: {"id": w["pre_game"]},
        body=None,
        expect=coach_or_commissioner(400),  # the pre-game waits for a decision
    ),
    "POST /api/v1/matches/{id}/events/": Row(
        path=lambda w: {"id": w["in_play"]},
        body=lambda w: {"kind": "completion", "player": w["in_play_player"]},
        expect=coach_or_commissioner(),
    ),
    "DELETE /api/v1/matches/{id}/events/{event_id}/": Row(
        path=lambda w: {"id": w["in_play"], "event_id": w["draft_event"]},
        body=None,
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/matches/{id}/report/": Row(
        path=lambda w: {"id": w["in_play"]},
        body=lambda w: {"home_touchdowns": 1, "away_touchdowns": 0},
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/matches/{id}/post-game-choices/": Row(
        path=lambda w: {"id": w["played"]},
        body=lambda w: {},
        expect=coach_or_commissioner(400),  # the match is closed
    ),
    "POST /api/v1/matches/{id}/shortfalls/{shortfall_id}/settle/": Row(
        path=lambda w: {"id": w["played"], "shortfall_id": 999999},
        body=lambda w: {"decision": "grant"},
        expect=only_commissioner(404),  # the match has no such shortfall
    ),
    "POST /api/v1/matches/{id}/end-post-game/": Row(
        path=lambda w: {"id": w["played"]},
        body=None,
        expect=only_commissioner(400),  # the match is closed
    ),
    "POST /api/v1/matches/{id}/close/": Row(
        path=lambda w: {"id": w["played"]},
        body=None,
        expect=coach_or_commissioner(400),  # closed already
    ),
    "POST /api/v1/matches/{id}/report-draft/": Row(
        path=lambda w: {"id": w["in_play"]},
        body=lambda w: {"home_touchdowns": 1},
        expect=coach_or_commissioner(),
    ),
    "POST /api/v1/matches/{id}/confirm/": Row(
        path=lambda w: {"id": w["played"]},
        body=None,
        expect=coach_or_commissioner(400),  # confirmed and closed already
    ),
    "POST /api/v1/matches/{id}/dispute/": Row(
        path=lambda w: {"id": w["played"]},
        body=lambda w: {"note": "Matrix: the score is wrong"},
        expect=coach_or_commissioner(400),  # confirmed and closed already
    ),
    "POST /api/v1/matches/{id}/send-back/": Row(
        path=lambda w: {"id": w["played"]},
        body=lambda w: {"note": "Matrix"},
        expect=only_commissioner(400),  # confirmed and closed already
    ),
    "POST /api/v1/matches/{id}/settle/": Row(
        path=lambda w: {"id": w["played"]},
        body=lambda w: {"home_touchdowns": 2, "away_touchdowns": 1, "note": "Matrix"},
        expect=only_commissioner(400),  # confirmed and closed already: nothing to settle
    ),
    "POST /api/v1/matches/{id}/correct/": Row(
        path=lambda w: {"id": w["played"]},
        body=lambda w: {"home_touchdowns": 2, "away_touchdowns": 1, "note": "Matrix check"},
        # Corrected whatever the teams did since (later post-games are worked out again).
        expect=only_commissioner(),
    ),
}


def schema_writes() -> set[str]:
    response = Client().get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return {
        f"{method.upper()} {path}"
        for path, item in response.json()["paths"].items()
        for method in item
        if method in WRITE_METHODS
    }


def test_every_write_has_a_row():
    """The matrix covers exactly the schema's writes: a new endpoint needs a row."""
    writes = schema_writes()
    assert sorted(writes - set(ROWS)) == [], "writes without a row in ROWS"
    assert sorted(set(ROWS) - writes) == [], "rows for writes the schema no longer has"


def _world_ids(world: World) -> dict[str, Any]:
    """The world plus what only this matrix needs, as ids: a league in sign-up,
    a team in no season, a match not yet started."""
    commissioner = world.commissioner
    sign_up_league = league_services.create_league(
        commissioner, name="Matrix Sign-up League", ruleset="bb2020"
    )
    sign_up_season = league_services.open_season(commissioner, sign_up_league)
    for n in (1, 2, 3, 4):
        team = drafted_team(world.third_coach, name=f"Matrix Entrants {n}")
        league_services.admit_team(commissioner, sign_up_season, team)
    rookies = drafted_team(world.home_coach, name="Matrix Rookies")
    new_league = league_services.create_league(
        commissioner, name="Matrix New League", ruleset="bb2020"
    )

    home = world.teams["home"]
    unplayed = (
        Fixture.objects.filter(season=world.season, match__isnull=True)
        .filter(Q(home=home) | Q(away=home))
        .exclude(pk=world.open_fixture.pk)
        .order_by("id")
    )
    scheduled_match = match_services.open_match(commissioner, unplayed[0])
    pending = world.pre_game.pre_game_result["pending"][0]
    chooser = {"home": world.pre_game.fixture.home, "away": world.pre_game.fixture.away}
    in_play_player = (
        Player.objects.filter(team=home, status="active", journeyman=False)
        .order_by("number")
        .first()
    )
    mvp = max(Player.objects.filter(team=home), key=lambda p: (p.spp, -p.pk))
    level_semi = level_semi_final(commissioner, world.home_coach, "Matrix")
    open_league = league_services.create_league(
        commissioner, name="Matrix Open League", ruleset="bb2020"
    )
    set_open_signup(commissioner, open_league, True)
    invite = create_invite(commissioner, new_league, max_uses=50)
    # The first of the home team's fixtures still without a match (home_fixture is the next).
    kickoff_world = _kickoff_world(commissioner, home, unplayed.first())
    kickoff_fixture, kickoff_slots, kickoff_times = kickoff_world
    return {
        "kickoff_fixture": kickoff_fixture,
        "kickoff_slot_to_answer": kickoff_slots[0],
        "kickoff_slot_to_withdraw": kickoff_slots[1],
        "kickoff_times": kickoff_times,
        "level_semi": level_semi.pk,
        "level_semi_home": level_semi.home_id,
        "open_league": open_league.pk,
        "invite": invite.pk,
        "invite_token": invite.token,
        "new_league": new_league.pk,
        "sign_up_season": sign_up_season.pk,
        "rookies": rookies.pk,
        "season": world.season.pk,
        "league": world.season.league_id,
        "team": home.pk,
        "third_team": world.teams["third"].pk,
        "open_fixture": world.open_fixture.pk,
        "home_fixture": unplayed[1].pk,
        "player": in_play_player.pk,
        "mvp": mvp.pk,
        "scheduled_match": scheduled_match.pk,
        "pre_game": world.pre_game.pk,
        "pre_game_choice": {
            "kind": pending["kind"],
            "side": pending["side"],
            "answer": {"kick_or_receive": "receive", "inducements": {}}.get(
                pending["kind"], (pending["options"].get("positions") or [None])[0]
            ),
        },
        "pre_game_chooser": chooser[pending["side"]].coach,
        "team_captain": {
            "side": next(side for side, team in chooser.items() if team == home),
            "player": in_play_player.pk,
        },
        "in_play": world.in_play.pk,
        "in_play_player": in_play_player.pk,
        "draft_event": MatchEvent.objects.filter(match=world.in_play, report=None).first().pk,
        "played": world.played.pk,
    }


def _kickoff_world(
    commissioner: Any, home: Any, fixture: Fixture
) -> tuple[int, list[int], list[str]]:
    """A fixture of the home team with a deadline a month away, a time its opponent
    proposed (for the home coach to answer) and one the home coach proposed."""
    league_services.reschedule_fixture(
        commissioner, fixture, deadline=timezone.localdate() + datetime.timedelta(days=30)
    )
    fixture = Fixture.objects.select_related("home", "away", "season__league").get(pk=fixture.pk)
    opponent = fixture.away if fixture.home_id == home.pk else fixture.home
    start = timezone.now().replace(second=0, microsecond=0) + datetime.timedelta(days=2)
    times = [start + datetime.timedelta(hours=h) for h in range(4)]
    answer = kickoff.propose_kickoffs(opponent.coach, fixture, [times[0]])
    withdraw = kickoff.propose_kickoffs(home.coach, fixture, [times[1]])
    return fixture.pk, [answer[0].pk, withdraw[0].pk], [t.isoformat() for t in times]


@pytest.fixture(scope="module")
def matrix(django_db_setup, django_db_blocker) -> Iterator[dict[str, Any]]:
    """The world, built once for the module in a transaction rolled back at its
    end; each cell runs in a savepoint inside it (the ``db`` fixture)."""
    from config.celery import app

    with django_db_blocker.unblock():
        eager = app.conf.task_always_eager
        app.conf.task_always_eager = True
        try:
            with transaction.atomic():
                world = build_world("Matrix")
                ids = _world_ids(world)
                users = {
                    OTHER_COACH: world.outsider,
                    OTHER_COMMISSIONER: world.other_commissioner,
                    COMMISSIONER: world.commissioner,
                    "home_coach": world.home_coach,
                    "pre_game_chooser": ids.pop("pre_game_chooser"),
                }
                tokens = {
                    name: Token.objects.get_or_create(user=user)[0].key
                    for name, user in users.items()
                }
                yield {"ids": ids, "tokens": tokens}
                transaction.set_rollback(True)
        finally:
            app.conf.task_always_eager = eager


def call(matrix: dict[str, Any], operation: str, caller: str) -> Any:
    row = ROWS[operation]
    ids = matrix["ids"]
    method, path = operation.split(" ", 1)
    url = path.format(**row.path(ids))
    headers = dict(row.headers)
    if caller != ANONYMOUS:
        who = row.team_coach if caller == TEAM_COACH else caller
        headers["HTTP_AUTHORIZATION"] = f"Token {matrix['tokens'][who]}"
    body = row.body(ids) if row.body else None
    client = Client()
    return getattr(client, method.lower())(
        url,
        data=json.dumps(body) if body is not None else None,
        content_type="application/json",
        **headers,
    )


def matches(status: int, expected: Any) -> bool:
    if expected == OK:
        return 200 <= status < 300
    if expected == DENIED:
        return status in (401, 403)
    return status == expected


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("operation", sorted(ROWS))
def test_who_may_write(matrix, db, operation, caller):
    response = call(matrix, operation, caller)
    expected = ROWS[operation].expect[caller]
    assert matches(response.status_code, expected), (
        f"{operation} as {caller}: {response.status_code} (expected {expected}) "
        f"{response.content[:300]!r}"
    )
    if expected == DENIED:
        assert response.json()["detail"], "a refusal says why"


def test_a_match_already_reported_is_409_for_anyone_allowed(matrix, db):
    """The report's documented 409: a second report for the same match."""
    first = call(matrix, "POST /api/v1/matches/{id}/report/", TEAM_COACH)
    assert first.status_code == 201, first.content
    for caller in (TEAM_COACH, COMMISSIONER):
        again = call(matrix, "POST /api/v1/matches/{id}/report/", caller)
        assert again.status_code == 409, (caller, again.content)
    assert Match.objects.get(pk=matrix["ids"]["in_play"]).status != Match.Status.IN_PLAY
