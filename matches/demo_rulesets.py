"""Demo leagues of the other rulesets for `manage.py load_demo`: "Classic Cup" (classic
league rules), "Blitz Bowl Bash" (Blitz Bowl) and "Third Season Cup" (Blood Bowl 2025).

Each is commissioned by the demo commissioner, has four of the demo coaches' teams
drafted for its ruleset through ``teams.services.draft_team``, one season of a single
round robin drawn up by ``leagues.services.generate_schedule``, and its first round
played through every match service on seeded dice (pre-game with the coaches'
decisions, events, report, post-game, close). Every step looks up what exists first
(league, teams, season, entries, a fixture's match), so loading twice changes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from leagues import services as leagues
from leagues.models import Fixture, League, Season, SeasonFormat, TeamEntry
from matches import selectors
from matches import services as matches
from matches.models import Match
from rules_engine import get_ruleset
from rules_engine.draft import draft_rules_for
from teams.models import Team
from teams.services import draft_team

SEED = 1_987
FIRST_ROUND = 1


@dataclass(frozen=True)
class DemoLeague:
    """A demo league: its ruleset, teams (coach, team name, roster), the first
    round's games (each side's report fields for the home and the away team) and,
    where a roster makes one choice at the draft (BB2025: its Team League where it
    has two, its Favoured of ...), each such team's choice by team name."""

    name: str
    ruleset: str
    teams: tuple[tuple[str, str, str], ...]
    games: tuple[tuple[dict[str, Any], dict[str, Any]], ...]
    choices: tuple[tuple[str, str], ...] = ()


DEMO_LEAGUES = (
    DemoLeague(
        "Classic Cup",
        "classic",
        (
            ("grimnir", "Zhufbar Ironbreakers", "dwarf"),
            ("lothar", "Nuln Gunners", "human"),
            ("gorbag", "Black Fang Boyz", "orc"),
            ("skrit", "Clan Moulder Mutants", "skaven"),
        ),
        (({"touchdowns": 2}, {"touchdowns": 1}), ({"touchdowns": 1}, {"touchdowns": 1})),
    ),
    DemoLeague(
        "Blitz Bowl Bash",
        "blitz_bowl",
        (
            ("lothar", "Reikland Reavers Blitz", "human"),
            ("skrit", "Skavenblight Scramblers Blitz", "skaven"),
            ("ariel", "Talabheim Tornadoes", "human"),
            ("morg", "Clan Eshin Shadows", "skaven"),
        ),
        (
            ({"touchdowns": 2, "challenge_cards": [2]}, {"touchdowns": 1}),
            (
                {"touchdowns": 1, "challenge_cards": [3]},
                {"touchdowns": 1, "challenge_cards": [1, 2]},
            ),
        ),
    ),
    # As the rulebook has it (bb2025-league-facts.md sections 1-2): a Team Captain
    # (Human), a Favoured of ... (Chaos Chosen), a Team League chosen by a roster with
    # two (Goblin: Underworld Challenge, not Badlands Brawl), only rulebook rosters (no
    # Slann, section 13.14); a stalling team. Its games go through the match services,
    # so the five-step pre-game (no free prayers, section 4) and the BB2025 post-game
    # (MVP nominees, section 6) apply.
    DemoLeague(
        "Third Season Cup",
        "bb2025",
        (
            ("lothar", "Altdorf Third Season", "human"),
            ("gorbag", "Skull Splitters of Khorne", "chaos-chosen"),
            ("grimnir", "Karak Azul Anvils", "dwarf"),
            ("skrit", "Under-Altdorf Sneakers", "goblin"),
        ),
        (
            ({"touchdowns": 2}, {"touchdowns": 1, "stalled": True}),
            ({"touchdowns": 1}, {"touchdowns": 0}),
        ),
        (
            ("Skull Splitters of Khorne", "Favoured of Khorne"),
            ("Under-Altdorf Sneakers", "Underworld Challenge"),
        ),
    ),
)
# Answers of the demo coaches to each pre-game decision: keep the gold, take no
# inducements, receive, one trapdoor.
ANSWERS = {
    "petty_cash": 0,
    "inducements": {},
    "kick_or_receive": "receive",
    "pitch": "one_trapdoor",
}


def _team(
    coach: Any, name: str, ruleset_key: str, roster_slug: str, choice: str | None = None
) -> Team:
    """The coach's demo team, drafted on first load: each position's minimum, then
    Linemen up to the draft's minimum of players, two re-rolls where allowed, a Lineman
    captain where the roster names one, and ``choice`` (else the first option) where
    the ruleset asks for the roster's one choice at the draft."""
    team = Team.objects.filter(name__iexact=name).first()
    if team is not None:
        return team
    ruleset = get_ruleset(ruleset_key)
    roster = ruleset.roster(roster_slug)
    rules = draft_rules_for(ruleset)
    players = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}
    short = rules.min_players - sum(players.values())
    lineman = roster.lineman_position().slug
    if short > 0:
        players[lineman] = players.get(lineman, 0) + short
    return draft_team(
        coach,
        name=name,
        ruleset_key=ruleset_key,
        roster_slug=roster_slug,
        players=players,
        rerolls=min(2, rules.max_rerolls),
        special_rule_choice=(
            (choice or roster.special_rule_choices[0])
            if rules.special_rule_choice_at_draft and roster.special_rule_choices
            else None
        ),
        team_captain=lineman if rules.names_team_captain(roster) else None,
    )


def _season(commissioner: Any, demo: DemoLeague, users: dict[str, Any]) -> Season:
    league = League.objects.filter(name__iexact=demo.name).first()
    if league is None:
        league = leagues.create_league(commissioner, name=demo.name, ruleset=demo.ruleset)
    season = league.seasons.filter(number=1).first()
    if season is None:
        season = leagues.open_season(commissioner, league, format=SeasonFormat.SINGLE_ROUND_ROBIN)
    if season.status == Season.Status.SIGN_UP:
        choices = dict(demo.choices)
        for username, name, roster in demo.teams:
            team = _team(users[username], name, demo.ruleset, roster, choices.get(name))
            if not TeamEntry.objects.filter(season=season, team=team).exists():
                leagues.enter_team(team.coach, season, team)
            leagues.admit_team(commissioner, season, team)
        start = timezone.localdate() - datetime.timedelta(days=7)
        leagues.generate_schedule(commissioner, season, start_date=start)
        season.refresh_from_db()
    return season


def _events(match: Match, coach: Any, games: dict[str, dict[str, Any]]) -> None:
    for side, game in games.items():
        players = list(selectors.players_who_played(match, side))
        for n in range(game["touchdowns"]):
            matches.add_event(coach, match, kind="touchdown", player=players[-1 - n])


def _report_fields(games: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The report's fields: each side's touchdowns, and its points beyond them where the
    game is scored in points (the Blitz Bowl games name their Challenge cards)."""
    fields: dict[str, Any] = {}
    for side, game in games.items():
        fields.update({f"{side}_{name}": value for name, value in game.items()})
    return fields


def play(fixture: Fixture, games: dict[str, dict[str, Any]], seed: int) -> Match:
    """Play one fixture from opening its match to closing it, on seeded dice."""
    coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
    match = matches.open_match(coaches["home"], fixture)
    match = matches.start_pre_game(coaches["home"], match, seed=seed)
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = matches.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=ANSWERS[choice["kind"]]
        )
    match = matches.start_match(coaches["home"], match)
    _events(match, coaches["home"], games)
    report = matches.submit_report(
        coaches["home"],
        match,
        idempotency_key=f"demo-{fixture.pk}",
        seed=seed + 1,
        **_report_fields(games),
    ).report
    if report.confirmation != report.Confirmation.CONFIRMED:
        matches.confirm_report(coaches["away"], match)  # the opponent confirms
        report.refresh_from_db()
    for _ in range(3):  # MVP nominees (BB2025), then step 4
        pending = report.post_game_result["pending"]
        for side in dict.fromkeys(c["side"] for c in pending):
            nominees = [  # the first players the nomination allows, in team-sheet order
                pid
                for c in pending
                if c["side"] == side and c["kind"] == "mvp_nominees"
                for pid in c["options"]["players"][: c["options"]["nominees"]]
            ]
            report = matches.submit_post_game_choices(
                coaches[side], match, side=side, mvp_nominees=nominees
            )  # no re-roll, nobody hired
        if not report.post_game_result["pending"]:
            break
    matches.apply_post_game(match.pk, report.pk)
    return matches.close_match(coaches["home"], match)


def load(users: dict[str, Any], log: Callable[[str], None]) -> None:
    commissioner = users["commissioner"]
    for demo in DEMO_LEAGUES:
        season = _season(commissioner, demo, users)
        fixtures = (
            season.fixtures.filter(kind=Fixture.Kind.LEAGUE, round__number=FIRST_ROUND)
            .select_related("home__coach", "away__coach", "season__league", "round")
            .order_by("id")
        )
        for index, (fixture, game) in enumerate(zip(fixtures, demo.games, strict=False)):
            if Match.objects.filter(fixture=fixture).exists():
                continue
            match = play(fixture, dict(zip(("home", "away"), game, strict=True)), SEED + index)
            fixture.refresh_from_db()
            points = ""
            if fixture.home_points is not None:
                points = f" ({fixture.home_points}-{fixture.away_points} points)"
            log(
                f"{demo.name} ({demo.ruleset}): played {match.label}, {fixture.home.name} "
                f"{fixture.home_touchdowns}-{fixture.away_touchdowns} {fixture.away.name}{points}"
            )
