"""What a league backup holds: its format, and per model the section that holds its
rows and the foreign keys to map on import (backups/export.py writes it,
backups/importer.py reads it back, backups/checks.py vets it)."""

from __future__ import annotations

import re

from django.db import models

from leagues.errors import LeagueError
from leagues.models import (
    Division,
    Fixture,
    HouseRules,
    KickoffSlot,
    PointsAdjustment,
    Round,
    Season,
    TeamEntry,
)
from matches.models import (
    AppliedEffect,
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
)
from news.models import LeagueNews, MatchReport
from teams.models import (
    Advancement,
    AuditEntry,
    InjuryRecord,
    Player,
    PlayerSkill,
    Team,
    TreasuryEntry,
)

FORMAT = "dugout-league"
# Version 2 carries the teams' logos (``LOGOS``): a team row naming a logo needs its
# image. Version 1 (no logos) is still read: its logos' file names are dropped.
VERSION = 2
READS = (1, 2)
# The teams' logos: {"<team id>": "<base64 of the PNG>"}; not a model's rows.
LOGOS = "logos"
# The league row's references: (attname -> section), set once the sections exist.
LEAGUE_FKS = {"trophy_holder_id": "teams"}

# Per model, in the order an import creates them: the section name and the
# foreign keys (attname -> the section whose ids they hold; "user" is a username).
SECTIONS: list[tuple[str, type[models.Model], dict[str, str]]] = [
    ("teams", Team, {"coach_id": "user"}),
    ("players", Player, {"team_id": "teams"}),
    ("advancements", Advancement, {"player_id": "players"}),
    ("skills", PlayerSkill, {"player_id": "players", "advancement_id": "advancements"}),
    ("seasons", Season, {"league_id": "league", "champion_id": "teams"}),
    ("divisions", Division, {"season_id": "seasons"}),
    ("rounds", Round, {"season_id": "seasons"}),
    (
        "entries",
        TeamEntry,
        {"season_id": "seasons", "division_id": "divisions", "team_id": "teams"},
    ),
    (
        "fixtures",
        Fixture,
        {
            "season_id": "seasons",
            "division_id": "divisions",
            "round_id": "rounds",
            "home_id": "teams",
            "away_id": "teams",
            "conceded_by_id": "teams",
            "winner_id": "teams",
        },
    ),
    (
        "adjustments",
        PointsAdjustment,
        {"season_id": "seasons", "team_id": "teams", "created_by_id": "user"},
    ),
    ("house_rules", HouseRules, {"league_id": "league"}),
    (
        "kickoff_slots",
        KickoffSlot,
        {"fixture_id": "fixtures", "proposed_by_team_id": "teams", "proposed_by_id": "user"},
    ),
    ("matches", Match, {"fixture_id": "fixtures"}),
    ("injuries", InjuryRecord, {"player_id": "players", "match_id": "matches"}),
    (
        "ledger",
        TreasuryEntry,
        {"team_id": "teams", "created_by_id": "user", "match_id": "matches"},
    ),
    (
        "reports",
        Report,
        {
            "match_id": "matches",
            "submitted_by_id": "user",
            "confirmed_by_id": "user",
            "disputed_by_id": "user",
        },
    ),
    (
        "events",
        MatchEvent,
        {
            "match_id": "matches",
            "report_id": "reports",
            "player_id": "players",
            "victim_id": "players",
            "created_by_id": "user",
        },
    ),
    ("dice", DiceRoll, {"match_id": "matches", "report_id": "reports"}),
    (
        "applications",
        PostGameApplication,
        {"report_id": "reports", "match_id": "matches", "applied_by_id": "user"},
    ),
    (
        "effects",
        AppliedEffect,
        {
            "application_id": "applications",
            "team_id": "teams",
            "player_id": "players",
            "ledger_entry_id": "ledger",
            "reversal_entry_id": "ledger",
            "injury_record_id": "injuries",
        },
    ),
    (
        "stats",
        PlayerMatchStats,
        {
            "player_id": "players",
            "match_id": "matches",
            "application_id": "applications",
            "team_id": "teams",
            "season_id": "seasons",
        },
    ),
    (
        "audit",
        AuditEntry,
        {
            "actor_id": "user",
            "league_id": "league",
            "team_id": "teams",
            "other_team_id": "teams",
        },
    ),
    ("news", LeagueNews, {"league_id": "league", "author_id": "user"}),
    (
        "match_reports",
        MatchReport,
        {"match_id": "matches", "team_id": "teams", "author_id": "user"},
    ),
]
# Sections a backup written before them lacks: read as empty.
ADDED_SECTIONS = ("audit", "house_rules", "kickoff_slots", "news", "match_reports")
# Text fields that name a match as "Match #<id>".
MATCH_LABELS = {"ledger": ("note",), "injuries": ("source", "note"), "audit": ("message",)}
MATCH_LABEL = re.compile(r"Match #(\d+)")
# JSON fields holding the engine's view of teams and players (their ids).
ENGINE_JSON = {
    # A concession's award names its MVPs by player id (``mvps``: [{"player": id, ...}]).
    "fixtures": ("concession_award",),
    "matches": ("pre_game_teams", "pre_game_choices", "pre_game_result", "match_teams"),
    "reports": ("post_game_choices", "post_game_result"),
    "effects": ("before", "after"),
}
# Keys whose value (an id, or a list of ids) names players in the engine's JSON.
PLAYER_KEYS = {"player_id", "player", "victim", "victim_id"}
PLAYER_LIST_KEYS = {
    "candidates",
    "miss_next_game",
    "niggling_injuries",
    "dead",
    "quit",
    "retired",
    "retire",
    "hired_journeymen",
    "hire_journeymen",
    "journeymen",
    "players_retired",
    "temporarily_retired",
}


def row_fields(model: type[models.Model]) -> list[models.Field]:
    """The columns a row of ``model`` holds besides its ``id``: every concrete field but
    an own primary key (a primary key that is a relation, as house rules' league, is a
    reference like any other)."""
    return [f for f in model._meta.concrete_fields if not (f.primary_key and not f.is_relation)]


class BackupError(LeagueError):
    """A backup that cannot be imported (already there, or not a backup)."""
