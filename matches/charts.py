"""A team's TV, CTV and Treasury per match, and a player's SPP over his career, as
charts (the geometry is ``core.charts``).

Both read only what ``matches.history`` read for the tables they sit above: the
figures each match stored when its post-game was applied (rewritten by a
correction), so a chart costs no query of its own and nothing is replayed. A match
whose post-game still waits leaves a gap in the team's lines.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from itertools import accumulate

from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from core.charts import LineChart, line_chart, thousands
from matches.history import CareerMatch, MatchLine


def _label(n: int, home: bool, opponent: str, played_on: datetime.date | None) -> str:
    """ "3. v Reikland, 4 Nov 2026" (at home) or "3. @ Reikland" (away), the month in
    the reader's language."""
    values = {
        "number": n,
        "opponent": opponent,
        "date": date_format(played_on, "j M Y") if played_on else "",
    }
    if home:
        if played_on:
            return _("%(number)s. v %(opponent)s, %(date)s") % values
        return _("%(number)s. v %(opponent)s") % values
    if played_on:
        return _("%(number)s. @ %(opponent)s, %(date)s") % values
    return _("%(number)s. @ %(opponent)s") % values


def _match_labels(lines: Sequence[MatchLine]) -> list[tuple[str, str]]:
    return [
        (str(n), _label(n, line.home, line.opponent, line.played_on))
        for n, line in enumerate(lines, start=1)
    ]


def team_value_chart(team_name: str, lines: Sequence[MatchLine]) -> LineChart:
    """TV and CTV after each match; the axis fits the values (TV moves by a few per cent,
    which an axis from zero would flatten)."""
    return line_chart(
        slug="team-value",
        title=_("%(team)s: TV and CTV after each match") % {"team": team_name},
        description=ngettext(
            "Team value (TV) and current team value (CTV) of %(team)s in gold pieces after "
            "its %(count)s match, as its post-game left them.",
            "Team value (TV) and current team value (CTV) of %(team)s in gold pieces after "
            "each of its %(count)s matches, oldest first, as each post-game left them.",
            len(lines),
        )
        % {"team": team_name, "count": len(lines)},
        x_name=pgettext("a chart's axis", "match"),
        y_name=_("TV and CTV (gp)"),
        x_labels=_match_labels(lines),
        series=[
            ("TV", [line.tv_after for line in lines]),
            ("CTV", [line.ctv_after for line in lines]),
        ],
        y_format=thousands,
        from_zero=False,
    )


def treasury_chart(team_name: str, lines: Sequence[MatchLine]) -> LineChart:
    """The Treasury after each match, from zero."""
    return line_chart(
        slug="team-treasury",
        title=_("%(team)s: Treasury after each match") % {"team": team_name},
        description=ngettext(
            "The Treasury of %(team)s in gold pieces after its %(count)s match, as its "
            "post-game left it.",
            "The Treasury of %(team)s in gold pieces after each of its %(count)s matches, "
            "oldest first, as each post-game left it.",
            len(lines),
        )
        % {"team": team_name, "count": len(lines)},
        x_name=pgettext("a chart's axis", "match"),
        y_name=_("Treasury (gp)"),
        x_labels=_match_labels(lines),
        series=[(_("Treasury"), [line.treasury_after for line in lines])],
        y_format=thousands,
    )


def career_chart(player_name: str, career: Sequence[CareerMatch]) -> LineChart:
    """The SPP a player earned in each match and in all, match by match."""
    per_match = [row.spp for row in career]
    x_labels = [
        (str(n), _label(n, True, row.opponent, row.played_on))
        for n, row in enumerate(career, start=1)
    ]
    series: list[tuple[str, Sequence[int | None]]] = [
        (_("SPP in all"), list(accumulate(per_match))),
        (_("SPP in the match"), per_match),
    ]
    return line_chart(
        slug="career-spp",
        title=_("%(player)s: SPP over his career") % {"player": player_name},
        description=ngettext(
            "Star Player Points %(player)s earned in his %(count)s match: %(total)s in all.",
            "Star Player Points %(player)s earned in each of his %(count)s matches and in all, "
            "oldest first: %(total)s in all.",
            len(career),
        )
        % {"player": player_name, "count": len(career), "total": sum(per_match)},
        x_name=pgettext("a chart's axis", "match"),
        y_name="SPP",
        x_labels=x_labels,
        series=series,
    )
