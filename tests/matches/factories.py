"""Set-ups for the matches tests: a league fixture between two drafted teams
(ledger and all), and helpers that play a match through the services."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from leagues.models import Fixture, Season, TeamEntry
from matches import services
from matches.models import Match
from matches.services.snapshots import state_to_json
from rules_engine.bb2020.state import PlayerState, TeamState
from teams.models import Team
from tests.factories import UserFactory, drafted_team
from tests.leagues.factories import DivisionFactory, FixtureFactory, LeagueFactory, SeasonFactory

PRE_GAME_SEED = 20_260_302
POST_GAME_SEED = 7_331


@dataclass
class Setup:
    """Who and what a match test works with."""

    match: Match | None
    fixture: Fixture
    season: Season
    home: Team
    away: Team
    home_coach: Any
    away_coach: Any
    commissioner: Any

    def refresh(self) -> Setup:
        if self.match is not None:
            self.match.refresh_from_db()
        self.home.refresh_from_db()
        self.away.refresh_from_db()
        return self

    def players(self, side: str) -> list:
        team = self.home if side == "home" else self.away
        return list(team.players.filter(status="active").order_by("number"))


def snapshot_json(spp: int) -> dict[str, Any]:
    """A match's team snapshot as stored: both sides one player, Grim, with ``spp``."""
    player = PlayerState(id=7, name="Grim", position_slug="human-lineman", spp=spp)
    teams = {
        side: TeamState(name=f"{side} team", roster_slug="human", players=(player,))
        for side in ("home", "away")
    }
    return {side: state_to_json(state) for side, state in teams.items()}


def league_match(
    *,
    kind: str = Fixture.Kind.LEAGUE,
    home_roster: str = "human",
    away_roster: str = "human",
    home_options: dict[str, Any] | None = None,
    away_options: dict[str, Any] | None = None,
    home_players: dict[str, int] | None = None,
    away_players: dict[str, int] | None = None,
    tag: str = "",
    opened: bool = True,
) -> Setup:
    """A regular-season fixture of a one-division league between two freshly
    drafted teams, and its match opened by the commissioner (``opened``)."""
    commissioner = UserFactory()
    league = LeagueFactory(commissioners=[commissioner])
    season = SeasonFactory(league=league, status=Season.Status.REGULAR_SEASON)
    division = DivisionFactory(season=season)
    home_coach, away_coach = UserFactory(), UserFactory()
    home = drafted_team(
        home_coach,
        roster_slug=home_roster,
        name=f"Home {tag}{home_coach.pk}",
        players=home_players,
        **(home_options or {}),
    )
    away = drafted_team(
        away_coach,
        roster_slug=away_roster,
        name=f"Away {tag}{away_coach.pk}",
        players=away_players,
        **(away_options or {}),
    )
    for team in (home, away):
        TeamEntry.objects.create(season=season, division=division, team=team)
    fixture = FixtureFactory(division=division, home=home, away=away, kind=kind)
    match = services.open_match(commissioner, fixture) if opened else None
    return Setup(match, fixture, season, home, away, home_coach, away_coach, commissioner)


def finish_pre_game(setup: Setup, *, seed: int = PRE_GAME_SEED, inducements=None) -> Match:
    """Run the pre-game with every pending choice answered by the right coach
    (inducements: ``inducements[side]`` or none; the toss winner receives)."""
    coach = {"home": setup.home_coach, "away": setup.away_coach}
    match = services.start_pre_game(setup.home_coach, setup.match, seed=seed)
    for _ in range(10):
        pending = match.pre_game_result["pending"]
        if not pending:
            break
        choice = pending[0]
        side = choice["side"]
        answer: Any = {
            "inducements": (inducements or {}).get(side, {}),
            "kick_or_receive": "receive",
            "journeymen_position": (choice["options"].get("positions") or [None])[0],
        }[choice["kind"]]
        match = services.submit_pre_game_choice(
            coach[side], match, kind=choice["kind"], answer=answer
        )
    return match


def kick_off(setup: Setup, **pre_game: Any) -> Match:
    finish_pre_game(setup, **pre_game)
    setup.match = services.start_match(setup.away_coach, setup.match)
    return setup.match


def event(kind: str, player: Any, **extra: Any) -> dict[str, Any]:
    return {"kind": kind, "player": getattr(player, "pk", player), **extra}


def all_done(setup: Setup) -> None:
    """Both coaches are done with the post-game's hiring step (step 4), hiring and
    retiring nobody: the rest of the post-game completes."""
    report = setup.match.reports.get(is_current=True)
    for side in dict.fromkeys(c["side"] for c in report.post_game_result.get("pending", [])):
        coach = setup.home_coach if side == "home" else setup.away_coach
        services.submit_post_game_choices(coach, setup.match, side=side)


def confirmer_of(match: Match) -> Any:
    """Who confirms the current report: the coach of a team of the match who did not
    submit it (the away coach when a commissioner submitted)."""
    report = match.reports.get(is_current=True)
    fixture = Fixture.objects.select_related("home__coach", "away__coach").get(pk=match.fixture_id)
    for coach in (fixture.away.coach, fixture.home.coach):
        if coach.pk != report.submitted_by_id:
            return coach
    return None


def confirm(match: Match, by: Any = None) -> Match:
    """The opponent confirms the submitted report (nothing to do once confirmed): the
    post-game starts, as it did at submission before confirmations."""
    match.refresh_from_db()
    if match.status == Match.Status.CONFIRMING:
        services.confirm_report(by or confirmer_of(match), match)
        match.refresh_from_db()
    return match


def submit_and_confirm(actor: Any, match: Match, **kwargs: Any) -> services.Submission:
    """``services.submit_report`` as ``actor``, then the other coach's confirmation."""
    submission = services.submit_report(actor, match, **kwargs)
    confirm(submission.report.match)
    report = type(submission.report).objects.get(pk=submission.report.pk)
    return services.Submission(report, submission.created)
