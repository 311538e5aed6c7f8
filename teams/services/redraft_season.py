"""What a re-draft reads from the recorded season (the server computes; the coach
chooses): the team's record there (``SeasonRecord``, which the league finds:
``leagues.services.team_redraft.season_to_redraft``), the budget it gives under the
team's edition and the league's cap, and each player's re-hire fee. ``redraft`` plans
and performs the re-draft."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.utils.translation import gettext as _

from rules_engine.bb2020.redraft import (
    PER_GAME_PLAYED,
    PER_LEAGUE_DRAW,
    PER_LEAGUE_WIN,
    REDRAFT_BASE,
)
from rules_engine.edition import RedraftRules
from rules_engine.editions import edition_for
from rules_engine.house_rules import HouseRules, redraft_budget, redraft_rates
from rules_engine.wording import Shown
from teams.errors import TeamError
from teams.models import Player, Redraft, Team
from teams.services.convert import state_players


@dataclass(frozen=True)
class SeasonRecord:
    """The team's record in the season it re-drafts after, as the database has it
    (``leagues.services.team_redraft.season_record`` counts it), and the next season
    it re-drafts for. The league hands its seasons down as plain values: teams reads
    nothing of leagues."""

    team_id: int
    from_season_id: int
    from_season_name: Shown
    to_season_id: int
    to_season_name: Shown
    # The edition the next season is played under (``Season.ruleset``).
    to_ruleset: str
    league_id: int
    division_name: str
    games_played: int
    league_wins: int
    league_draws: int
    cap: int | None
    # Fixtures conceded for real-life reasons (no game played) that the edition leaves
    # out of ``games_played`` (and, those the team won, of ``league_wins``).
    conceded_not_counted: int = 0
    # The league's house rules (its re-draft formula); the cap is ``cap``.
    house_rules: HouseRules = HouseRules()


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
    # Fixtures conceded without a game, not counted (``SeasonRecord``).
    conceded_not_counted: int = 0
    # Whether the Treasury is part of the budget (a league's house rules may start every
    # team afresh).
    keeps_treasury: bool = True

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
        treasury = self.treasury if self.keeps_treasury else 0
        return self.base + treasury + self.for_games + self.for_wins + self.for_draws

    @property
    def capped(self) -> bool:
        return self.budget < self.uncapped

    def as_dict(self) -> dict[str, Any]:
        return {
            "base": self.base,
            "treasury": self.treasury,
            "games_played": self.games_played,
            "conceded_not_counted": self.conceded_not_counted,
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


def edition_name(key: str) -> str:
    try:
        return edition_for(key).name
    except LookupError:
        return key


def redraft_rules_of(team: Team) -> RedraftRules:
    """The re-draft rules of the team's edition (``Edition.redraft``); TeamError where
    its teams carry over between seasons instead."""
    try:
        rules = edition_for(team.ruleset).redraft
    except LookupError:
        rules = None
    if rules is None:
        raise TeamError(
            _("%(team)s's ruleset has no re-draft: its teams carry over.") % {"team": team.name}
        )
    return rules


def budget_of(team: Team, record: SeasonRecord) -> RedraftBudget:
    """The budget under the edition's re-draft and the league's house rules (its
    formula and cap: ``rules_engine.house_rules.redraft_budget``)."""
    rules = redraft_rules_of(team)
    house = replace(record.house_rules, redraft_budget_cap=record.cap)
    rates = redraft_rates(house, rules)
    return RedraftBudget(
        treasury=team.treasury,
        games_played=record.games_played,
        league_wins=record.league_wins,
        league_draws=record.league_draws,
        cap=record.cap,
        budget=redraft_budget(
            house,
            rules,
            team.treasury,
            record.games_played,
            record.league_wins,
            record.league_draws,
        ),
        base=rates.base,
        per_game_played=rates.per_game_played,
        per_league_win=rates.per_league_win,
        per_league_draw=rates.per_league_draw,
        conceded_not_counted=record.conceded_not_counted,
        keeps_treasury=rates.keeps_treasury,
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
