"""The data the phone pages are read on: ``manage.py load_demo`` (a league of each
ruleset, its first round played), then, in each league, matches left in each state a
coach meets (opened, in the pre-game, live, its report awaiting the opponent), and
a team of each ruleset whose season is closed, to re-draft, and a team moving from
BB2020 to BB2025 at its re-draft. ``visits`` lists every page as (who reads it, its
address, its name, its ruleset, the columns it must keep in view)."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command

from leagues import services as league_services
from leagues.models import Fixture, League
from matches import services as matches
from matches.demo_rulesets import ANSWERS
from matches.models import Match
from rules_engine import edition_for, get_ruleset, list_rulesets
from rules_engine.draft import draft_rules_for
from teams.models import Team
from teams.services import draft_team
from tests.factories import UserFactory
from tests.leagues.factories import LeagueFactory
from tests.teams.redraft_helpers import DRAW, LOSS, WIN, closed_season

COMMISSIONER = "commissioner"
COACH = "lothar"  # has a team in every demo league
REDRAFT_COACH = "redrafter"
SEED = 4_242


@dataclass(frozen=True)
class Visit:
    user: str
    url: str
    name: str
    ruleset: str
    columns: tuple[str, ...] = ()
    says: tuple[str, ...] = ()  # sentences its text must hold


# What a re-draft page says beside the budget in its sticky box: what is spent and
# what is left; and in words, what carries over and what starts again.
REDRAFT_SAYS = (
    "Spent",
    "Left for the treasury",
    "Carries over: each player you re-hire, with his whole record",
    "Starts again: team re-rolls and sideline staff",
)


def _minimal_team(coach: Any, ruleset_key: str, name: str) -> Team:
    """A Human team (Amazons where a ruleset has no Humans) of the draft's minimum."""
    ruleset = get_ruleset(ruleset_key)
    slug = "human" if "human" in ruleset.rosters else next(iter(ruleset.rosters))
    roster = ruleset.roster(slug)
    rules = draft_rules_for(ruleset)
    players = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}
    lineman = roster.lineman_position().slug
    players[lineman] = players.get(lineman, 0) + max(0, rules.min_players - sum(players.values()))
    return draft_team(
        coach,
        name=name,
        ruleset_key=ruleset_key,
        roster_slug=slug,
        players=players,
        rerolls=min(1, rules.max_rerolls),
        special_rule_choice=(
            roster.special_rule_choices[0]
            if rules.special_rule_choice_at_draft and roster.special_rule_choices
            else None
        ),
        team_captain=lineman if rules.names_team_captain(roster) else None,
    )


def _answer_pre_game(match: Match, coaches: dict[str, Any]) -> Match:
    while match.pre_game_result["pending"]:
        choice = match.pre_game_result["pending"][0]
        match = matches.submit_pre_game_choice(
            coaches[choice["side"]], match, kind=choice["kind"], answer=ANSWERS[choice["kind"]]
        )
    return match


def _leave_matches(league: League, turn: int, problems: list[str]) -> dict[str, Match]:
    """Scheduled fixtures of the league opened and left in each state a coach meets:
    in the pre-game, live, reported (awaiting the away coach's confirmation), and
    opened. A team plays one match under way at a time, so a league of four teams
    has room for two of the first three states: ``turn`` says which state waits, so
    that the leagues between them show each."""
    fixtures = list(
        Fixture.objects.filter(
            season__league=league, status=Fixture.Status.SCHEDULED, kind=Fixture.Kind.LEAGUE
        )
        .select_related("home__coach", "away__coach")
        .order_by("round__number", "id")
    )

    def pre_game(m: Match, c: dict[str, Any]) -> Match:
        return matches.start_pre_game(c["home"], m, seed=SEED)

    def live(m: Match, c: dict[str, Any]) -> Match:
        return matches.start_match(c["home"], _answer_pre_game(pre_game(m, c), c))

    under_way: list[tuple[str, Callable[[Match, dict[str, Any]], Match]]] = [
        ("pre-game", pre_game),
        ("live", live),
        ("reported", lambda m, c: _reported(live(m, c), c)),
    ]
    turn %= len(under_way)
    steps = [*under_way[turn:], *under_way[:turn], ("opened", lambda m, c: m)]
    left: dict[str, Match] = {}
    busy: set[int] = set()
    for state, step in steps:
        opened_only = state == "opened"  # an opened match holds neither team yet
        fixture = next(
            (f for f in fixtures if opened_only or not {f.home_id, f.away_id} & busy), None
        )
        if fixture is None:
            continue
        fixtures.remove(fixture)
        busy |= {fixture.home_id, fixture.away_id}
        coaches = {"home": fixture.home.coach, "away": fixture.away.coach}
        try:
            left[state] = step(matches.open_match(coaches["home"], fixture), coaches)
        except Exception as error:  # a step another engineer is changing: say which
            problems.append(f"{league.ruleset}: could not leave a match {state}: {error!r}")
    return left


def _reported(match: Match, coaches: dict[str, Any]) -> Match:
    matches.submit_report(
        coaches["home"],
        match,
        idempotency_key=f"phone-{match.pk}",
        seed=SEED,
        home_touchdowns=0,
        away_touchdowns=0,
    )
    match.refresh_from_db()
    return match


def build(problems: list[str]) -> list[Visit]:
    """Load the data and list every page to read."""
    call_command("load_demo", stdout=io.StringIO())
    User = get_user_model()
    coach = User.objects.get(username=COACH)
    redrafter = UserFactory(username=REDRAFT_COACH)
    visits: list[Visit] = [
        Visit(COACH, "/", "home", ""),
        Visit(COACH, "/teams/mine/", "my teams", ""),
        Visit(COACH, "/matches/", "matches", ""),
        Visit(COACH, "/matches/leaderboards/", "leaderboards", ""),
        Visit(COACH, "/statistics/races/", "race statistics", ""),
        Visit(COACH, "/records/", "all-time records", ""),
        Visit(COACH, "/accounts/profile/", "profile", ""),
        Visit(COACH, "/notifications/", "notification preferences", ""),
        Visit(COACH, f"/coaches/{COACH}/", "coach page", ""),
        Visit(COACH, "/leagues/", "leagues", ""),
        Visit(COACH, "/teams/draft/", "draft start", ""),
        Visit(COMMISSIONER, "/", "home (commissioner)", ""),
        Visit(COMMISSIONER, "/leagues/oversight/", "oversight", ""),
    ]
    for turn, league in enumerate(League.objects.order_by("pk")):
        key = league.ruleset
        season = league.seasons.order_by("-number").first()
        assert season is not None
        left = _leave_matches(league, turn, problems)
        team = Team.objects.filter(coach=coach, ruleset=key).order_by("pk").first()
        assert team is not None
        player = team.players.order_by("-spp_earned", "number").first()
        played = season.fixtures.filter(status=Fixture.Status.PLAYED).order_by("pk").first()
        scheduled = season.fixtures.filter(status=Fixture.Status.SCHEDULED).order_by("pk").last()
        fixtures_cols = ("fixture status", "fixture deadline")
        # A Blitz Bowl team has no treasury: its ledger is empty.
        ledger_cols = ("ledger amount", "ledger balance") if team.ledger_entries.exists() else ()
        # An edition without a re-draft says so instead of the form.
        redraft_cols = ("re-draft choice", "re-draft fee") if edition_for(key).redraft else ()
        visits += [
            Visit(COACH, f"/leagues/{league.pk}/", "league home", key, fixtures_cols),
            Visit(COACH, f"/leagues/seasons/{season.pk}/standings/", "standings", key),
            Visit(COACH, f"/leagues/seasons/{season.pk}/fixtures/", "fixtures", key, fixtures_cols),
            Visit(COACH, f"/leagues/seasons/{season.pk}/bracket/", "bracket", key),
            Visit(COACH, f"/leagues/seasons/{season.pk}/race/", "title race", key),
            Visit(COACH, f"/leagues/{league.pk}/coaches/", "coaches", key),
            Visit(COACH, f"/leagues/{league.pk}/house-rules/", "house rules", key),
            Visit(COACH, f"/leagues/{league.pk}/news/", "news", key),
            Visit(COACH, f"/leagues/{league.pk}/records/", "league records", key),
            Visit(COACH, f"/leagues/{league.pk}/history/", "league history", key),
            Visit(COACH, f"/teams/{team.pk}/", "team sheet", key),
            Visit(COACH, f"/teams/{team.pk}/matches/", "team matches", key),
            Visit(COACH, f"/teams/{team.pk}/history/", "team history", key),
            Visit(COACH, f"/teams/{team.pk}/ledger/", "ledger", key, ledger_cols),
            Visit(COACH, f"/teams/{team.pk}/redraft/", "re-draft (season under way)", key),
            Visit(COACH, f"/rulesets/{key}/", "rosters", key),
            Visit(
                COACH,
                f"/teams/draft/{key}/{team.roster_slug}/",
                "draft builder",
                key,
                ("draft count",),
            ),
            Visit(COMMISSIONER, f"/leagues/seasons/{season.pk}/manage/", "manage season", key),
            Visit(COMMISSIONER, f"/leagues/{league.pk}/", "league home (commissioner)", key),
            Visit(
                COMMISSIONER,
                f"/leagues/{league.pk}/house-rules/",
                "house rules (commissioner)",
                key,
            ),
            Visit(COMMISSIONER, f"/leagues/{league.pk}/coaches/", "coaches (commissioner)", key),
            Visit(COMMISSIONER, f"/leagues/{league.pk}/news/new/", "news to write", key),
            Visit(COMMISSIONER, f"/leagues/{league.pk}/webhooks/", "webhooks", key),
            Visit(COACH, f"/leagues/{league.pk}/ratings/", "ratings", key),
            Visit(COACH, f"/leagues/{league.pk}/dice/", "league dice", key),
        ]
        if player is not None:
            visits.append(Visit(COACH, f"/players/{player.pk}/", "player page", key))
        if played is not None:
            visits.append(Visit(COACH, f"/leagues/fixtures/{played.pk}/", "played fixture", key))
            match = Match.objects.filter(fixture=played).first()
            if match is not None:
                visits.append(Visit(COACH, f"/matches/{match.pk}/", "closed match", key))
        if scheduled is not None:
            visits.append(
                Visit(
                    COMMISSIONER,
                    f"/leagues/fixtures/{scheduled.pk}/",
                    "scheduled fixture (commissioner)",
                    key,
                )
            )
        for state, match in left.items():
            home = match.fixture.home.coach.username
            away = match.fixture.away.coach.username
            visits.append(Visit(home, f"/matches/{match.pk}/", f"match {state} (home)", key))
            visits.append(Visit(away, f"/matches/{match.pk}/", f"match {state} (away)", key))
        # A season of its own, closed, the next one open: the re-draft.
        mover = _minimal_team(redrafter, key, f"Redraft {key.replace('_', ' ').title()}")
        closed_season(mover, [WIN, DRAW, LOSS], ruleset=key)
        visits.append(
            Visit(
                REDRAFT_COACH,
                f"/teams/{mover.pk}/redraft/",
                "re-draft",
                key,
                redraft_cols,
                REDRAFT_SAYS if redraft_cols else (),
            )
        )
    # A BB2020 league rolled over into BB2025: the re-draft into the new edition.
    mover = _minimal_team(redrafter, "bb2020", "Edition Movers")
    league = LeagueFactory(ruleset="bb2020")
    season, _ = closed_season(mover, [WIN, DRAW, LOSS], league=league, open_next=False)
    league_services.roll_over_season(league.commissioners.get(), season, ruleset="bb2025")
    visits.append(
        Visit(
            REDRAFT_COACH,
            f"/teams/{mover.pk}/redraft/edition/",
            "edition change",
            "bb2020",
            ("re-draft choice", "re-draft fee"),
            REDRAFT_SAYS,
        )
    )
    return visits


def rulesets() -> list[str]:
    return list(list_rulesets())
