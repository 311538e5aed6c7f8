"""The leaderboards' per-player totals, kept per season.

One row per season, player and team he played for: the sums of his ``PlayerMatchStats``
(touchdowns, completions, casualties, interceptions, deflections, SPP), his MVP awards
and his matches. Whoever writes or deletes match statistics calls
``matches.totals.refresh_player_totals`` in the same transaction (the post-game's
application, its reversal by a correction; a restore rebuilds a season), so a
leaderboard is read from these rows instead of summing every match on each request.
Friendlies have no season: their rows have none either (the all-seasons boards count
them, as they always did).
"""

from __future__ import annotations

from django.db import models


class PlayerSeasonTotals(models.Model):
    season = models.ForeignKey(
        "leagues.Season", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    player = models.ForeignKey("teams.Player", on_delete=models.CASCADE, related_name="+")
    team = models.ForeignKey("teams.Team", on_delete=models.CASCADE, related_name="+")
    touchdowns = models.PositiveIntegerField(default=0)
    completions = models.PositiveIntegerField(default=0)
    casualties = models.PositiveIntegerField(default=0)
    interceptions = models.PositiveIntegerField(default=0)
    deflections = models.PositiveIntegerField(default=0)
    spp = models.PositiveIntegerField(default=0)
    mvp = models.PositiveIntegerField(default=0, help_text="MVP awards.")
    games = models.PositiveIntegerField(default=0, help_text="Applied matches.")

    class Meta:
        verbose_name_plural = "player season totals"
        indexes = [models.Index(fields=["season", "player"], name="totals_season_player")]

    def __str__(self) -> str:
        return f"{self.player_id} in season {self.season_id}: {self.games} games"
