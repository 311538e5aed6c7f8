"""What a re-draft reads from the recorded season (the server computes; the coach
chooses): which season the team re-drafts from, its record there (games, league wins
and draws from the league table), the budget those give under the league's edition and
cap, and each player's re-hire fee. ``redraft`` plans and performs the re-draft."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q

from leagues.models import Fixture, Season, TeamEntry
from leagues.standings import overall_standings
from rules_engine.bb2020.redraft import (
    PER_GAME_PLAYED,
    PER_LEAGUE_DRAW,
    PER_LEAGUE_WIN,
    REDRAFT_BASE,
)
from rules_engine.edition import RedraftRules
from rules_engine.edition_change import is_edition_change
from rules_engine.editions import REDRAFT, between_seasons, edition_for
from teams.errors import TeamError
from teams.models import Player, Redraft, Team
from teams.services.convert import state_players


@dataclass(frozen=True)
class SeasonRecord:
    """The team's record in the season it re-drafts after, as the database has it."""

    team_id: int
    from_season: Season
    to_season: Season
    division_name: str
    games_played: int
    league_wins: int
    league_draws: int
    cap: int | None


@dataclass(frozen=True)
class RedraftBudget:
    """The re-draft budget, part by part (facts §5)."""

    treasury: int
    games_played: int
    league_wins: int
    league_draws: int
    cap: int | None
    budget: int
    # The edition's rates (``RedraftRules``); BB2020's by default.
    base: int = REDRAFT_BASE
    per_game_played: int = PER_GAME_PLAYED
    per_league_win: int = PER_LEAGUE_WIN
    per_league_draw: int = PER_LEAGUE_DRAW

    @property
    def for_games(self) -> int:
        return self.games_played * self.per_game_played

    @property
    def for_wins(self) -> int:
        return self.league_wins * self.per_league_win

    @property
    def for_draws(self) -> int:
        return self.league_draws * self.per_league_draw

    @property
    def uncapped(self) -> int:
        return self.base + self.treasury + self.for_games + self.for_wins + self.for_draws

    @property
    def capped(self) -> bool:
        return self.budget < self.uncapped

    def as_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "treasury": self.treasury,
            "games_played": self.games_played,
            "for_games": self.for_games,
            "league_wins": self.league_wins,
            "for_wins": self.for_wins,
            "league_draws": self.league_draws,
            "for_draws": self.for_draws,
            "uncapped": self.uncapped,
            "cap": self.cap,
            "budget": self.budget,
        }


@dataclass(frozen=True)
class Rehire:
    """One player the team may keep: his seasons played and his re-hire fee."""

    player: Player
    seasons: int
    fee: int


def _next_season(season: Season) -> Season | None:
    return (
        Season.objects.select_related("league")
        .filter(league_id=season.league_id, number=season.number + 1)
        .first()
    )


def _explain_nothing_to_redraft(team: Team, entries: list[TeamEntry]) -> TeamError:
    if not entries:
        return TeamError(
            f"{team.name} has played no league season: a team re-drafts between two "
            "seasons of its league."
        )
    latest = entries[0].season
    if Redraft.objects.filter(team=team, to_season=latest).exists():
        return TeamError(f"{team.name} has already re-drafted for {latest}.")
    if latest.status == Season.Status.SIGN_UP:
        return TeamError(
            f"{team.name} is entered in {latest}, which has not begun: a team re-drafts "
            "after a season it played."
        )
    if latest.status != Season.Status.FINISHED:
        return TeamError(
            f"{latest} is still under way ({latest.get_status_display().lower()}): "
            f"{team.name} re-drafts once the commissioner closes it and opens the next season."
        )
    following = _next_season(latest)
    if following is None:
        return TeamError(
            f"{latest} is finished, but its commissioner has not opened the next season yet."
        )
    if Redraft.objects.filter(team=team, from_season=latest).exists():
        return TeamError(f"{team.name} has already re-drafted for {following}.")
    if following.entries.filter(team=team).exists():
        return TeamError(f"{team.name} is already entered in {following}.")
    return TeamError(
        f"{following} has begun ({following.get_status_display().lower()}): "
        "it is too late to re-draft for it."
    )


def season_to_redraft(
    team: Team, from_season: Season | int | None = None, *, into_another_edition: bool = False
) -> SeasonRecord:
    """The season the team re-drafts after, and its record there.

    That is a finished season of a league whose teams re-draft (the ruleset's
    ``BETWEEN_SEASONS``), whose next season is open for sign-up, which the team
    has not re-drafted after nor entered the next season of. ``from_season``
    chooses among several (a team in two leagues); a TeamError says why there is
    none. Where the next season is played under another edition, the team re-drafts
    through ``teams.services.edition_change`` (``into_another_edition``), not here.
    """
    entries = list(
        TeamEntry.objects.filter(team=team)
        .select_related("season__league", "division")
        .order_by("-season__created_at", "-season_id")
    )
    if from_season is not None:
        wanted = from_season.pk if isinstance(from_season, Season) else from_season
        entries = [e for e in entries if e.season_id == wanted]
        if not entries:
            raise TeamError(f"{team.name} did not play season {wanted}.")
    if entries and between_seasons(entries[0].season.league.ruleset) != REDRAFT:
        league = entries[0].season.league
        raise TeamError(
            f"{league.name}'s teams carry over between seasons as they are: its ruleset "
            "has no re-draft."
        )
    done = set(Redraft.objects.filter(team=team).values_list("from_season_id", flat=True))
    for entry in entries:
        season = entry.season
        if season.status != Season.Status.FINISHED or season.pk in done:
            continue
        following = _next_season(season)
        if following is None or following.status != Season.Status.SIGN_UP:
            continue
        if following.entries.filter(team=team).exists():
            continue
        if into_another_edition != is_edition_change(team.ruleset, following.ruleset):
            raise TeamError(
                f"{following} is played under {edition_name(following.ruleset)}: {team.name} "
                "re-drafts into it with its players mapped to the new roster "
                "(the re-draft into another edition)."
                if not into_another_edition
                else f"{following} is played under {team.name}'s own edition: re-draft as usual."
            )
        return season_record(team, season, following, entry)
    raise _explain_nothing_to_redraft(team, entries)


def edition_name(key: str) -> str:
    try:
        return edition_for(key).name
    except LookupError:
        return key


def season_record(
    team: Team, season: Season, following: Season, entry: TeamEntry | None = None
) -> SeasonRecord:
    """The team's games played, league wins and draws in ``season``, counted by the
    database (one aggregate and the league table), and the league's cap."""
    games = Fixture.objects.filter(
        Q(home=team) | Q(away=team), season=season, status__in=Fixture.RESULT_STATUSES
    ).aggregate(n=Count("id"))["n"]
    row = next((r for r in overall_standings(season) if r.team_id == team.pk), None)
    return SeasonRecord(
        team_id=team.pk,
        from_season=season,
        to_season=following,
        division_name=entry.division.name if entry is not None and entry.division else "",
        games_played=games,
        league_wins=row.won if row else 0,
        league_draws=row.drawn if row else 0,
        cap=season.league.redraft_budget_cap,
    )


def redraft_rules_of(team: Team) -> RedraftRules:
    """The re-draft rules of the team's edition (``Edition.redraft``); TeamError where
    its teams carry over between seasons instead."""
    try:
        rules = edition_for(team.ruleset).redraft
    except LookupError:
        rules = None
    if rules is None:
        raise TeamError(f"{team.name}'s ruleset has no re-draft: its teams carry over.")
    return rules


def budget_of(team: Team, record: SeasonRecord) -> RedraftBudget:
    rules = redraft_rules_of(team)
    return RedraftBudget(
        treasury=team.treasury,
        games_played=record.games_played,
        league_wins=record.league_wins,
        league_draws=record.league_draws,
        cap=record.cap,
        budget=rules.budget(
            team.treasury,
            record.games_played,
            record.league_wins,
            record.league_draws,
            record.cap,
        ),
        base=rules.base,
        per_game_played=rules.per_game_played,
        per_league_win=rules.per_league_win,
        per_league_draw=rules.per_league_draw,
    )


def seasons_played(team: Team, player_ids: Iterable[int]) -> dict[int, int]:
    """Each player's seasons played at this re-draft: the season just closed and
    every earlier re-draft of the team that re-hired him."""
    counts = dict.fromkeys(player_ids, 1)
    for rehired in Redraft.objects.filter(team=team).values_list("rehired", flat=True):
        for row in rehired or ():
            if row.get("player") in counts:
                counts[row["player"]] += 1
    return counts


def rehire_candidates(team: Team, players: Iterable[Player] | None = None) -> list[Rehire]:
    """The team's permanent players (journeymen leave at a re-draft) with their fees."""
    if players is None:
        players = state_players().filter(team=team, journeyman=False)
    players = [p for p in players if not p.journeyman]
    seasons = seasons_played(team, [p.pk for p in players])
    fee = redraft_rules_of(team).rehire_fee
    return [Rehire(p, seasons[p.pk], fee(p.current_value, seasons[p.pk])) for p in players]


# --- the plan and the re-draft ---------------------------------------------------------
