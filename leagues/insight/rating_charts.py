"""A team's rating after each of its matches as a chart, drawn by the server
(``core.charts``) as the team history's charts are, from the rows
``leagues.insight.ratings_read.team_ratings`` read (no query of its own)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.charts import LineChart, line_chart
from leagues.insight.ratings_read import LeagueRating, team_ratings


def rating_chart(team_name: str, rating: LeagueRating) -> LineChart:
    """The team's rating after each of its matches in ``rating``'s league; the axis
    fits the values (a rating moves by tens around 1500)."""
    count = len(rating.history)
    values = {"team": team_name, "league": rating.league_name, "count": count}
    return line_chart(
        slug=f"team-rating-{rating.league_id}",
        title=_("%(team)s: rating after each match in %(league)s") % values,
        description=ngettext(
            "The Glicko-2 rating of %(team)s in %(league)s after each of its %(count)d rated "
            "match, oldest first (a new team starts at 1500).",
            "The Glicko-2 rating of %(team)s in %(league)s after each of its %(count)d rated "
            "matches, oldest first (a new team starts at 1500).",
            count,
        )
        % values,
        x_name=_("match"),
        y_name=_("rating"),
        x_labels=[(str(n), _("Match %(number)s") % {"number": n}) for n in range(1, count + 1)],
        series=[(_("Rating"), [round(value) for value in rating.history])],
        from_zero=False,
    )


def team_rating_context(team_id: int, team_name: str) -> dict[str, Any]:
    """What ``insight/_team_rating.html`` shows: the team's rating per league and, where
    it has played more than once there, the chart (one query)."""
    ratings = team_ratings(team_id)
    charts = [rating_chart(team_name, r) for r in ratings if len(r.history) > 1]
    return {"ratings": ratings, "charts": charts}
