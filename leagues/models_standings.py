"""The league table kept per team: one row per season and admitted team.

Every change that moves a team's totals (a result recorded or corrected, a forfeit
awarded, corrected or undone, a points adjustment) recomputes the rows of the teams it
touched in the same transaction (``leagues.services.standings_sync``), so a table is
read as it stands instead of aggregated from every fixture on each request.

The rows hold counts only; the points are worked out when read from the league's
scoring (win/draw/loss points, which bonuses it gives), so a league changing its
scoring needs no recomputation. Which teams are in the table, and in which division,
still comes from the season's entries: admitting, withdrawing or moving a team
changes no totals.
"""

from __future__ import annotations

from django.db import models


class StandingTotals(models.Model):
    """A team's totals in a season's league fixtures and adjustments."""

    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, related_name="standing_totals"
    )
    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    drawn = models.PositiveIntegerField(default=0)
    lost = models.PositiveIntegerField(default=0)
    touchdowns_for = models.PositiveIntegerField(default=0)
    touchdowns_against = models.PositiveIntegerField(default=0)
    casualties_for = models.PositiveIntegerField(default=0)
    casualties_against = models.PositiveIntegerField(default=0)
    # Played matches meeting each bonus condition (facts §5), whether or not the league
    # gives the bonus: the league's flags weigh them when the table is read.
    three_touchdown_games = models.PositiveIntegerField(default=0)
    clean_sheets = models.PositiveIntegerField(default=0)
    three_casualty_games = models.PositiveIntegerField(default=0)
    conceded = models.PositiveIntegerField(default=0)
    points_scored = models.PositiveIntegerField(default=0)
    points_conceded = models.PositiveIntegerField(default=0)
    adjustment = models.IntegerField(default=0, help_text="Sum of the points adjustments.")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "standing totals"
        constraints = [
            models.UniqueConstraint(
                fields=["season", "team"], name="standing_totals_unique_per_season_team"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team_id} in season {self.season_id}: {self.won}-{self.drawn}-{self.lost}"
