"""A commissioner's oversight: what waits on whom across every league he runs.

Each line names the league, what waits, who it waits on (a coach by name, or "you",
the commissioner), since when and whether it is overdue, and links to where to act:

- seasons in sign-up: after a finished season whose teams re-draft, how many of its
  teams re-drafted ("Season 2: 0 of 6 teams re-drafted"), waiting on the others'
  coaches; a first season, the teams waiting for a division (on you);
- reports waiting for the opponent's confirmation, and for how long (overdue past the
  report's confirmation deadline, when you may confirm on his behalf);
- post-games waiting for a coach's choices (the post-game's pending steps: BB2020's
  step 4, hiring and firing; classic's re-roll of the winnings), overdue past the
  hiring deadline;
- disputed reports, to settle (on you);
- fixtures past their deadline held for your decision (``Fixture.deadline_passed_at``
  set while the fixture is still open);
- matches opened and left without activity for ``IDLE_AFTER``, waiting on both coaches.

A fixed number of queries whatever the number of leagues and lines (one per kind,
three for the seasons); the JSON of a report is read by the key the line needs, by
the database.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Count, Max, OuterRef, Q, Subquery
from django.db.models.fields.json import KeyTransform
from django.db.models.functions import Coalesce, Greatest
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from leagues.models import Fixture, League, Season, TeamEntry
from matches.models import Confirmation, Match, Report
from rules_engine.editions import REDRAFT, UnknownEditionError, between_seasons
from teams.models import Redraft

# A match opened and untouched for this long is shown as idle.
IDLE_AFTER = timedelta(days=3)
# Who a line waits on when it is the commissioner: a key, said "you" by the page.
YOU = "you"
# The kinds of line, in the order the page shows them.
KINDS = (
    ("dispute", gettext_lazy("Disputes to settle")),
    ("deadline", gettext_lazy("Fixtures past their deadline")),
    ("confirmation", gettext_lazy("Reports awaiting confirmation")),
    ("post_game", gettext_lazy("Post-games waiting for choices")),
    ("sign_up", gettext_lazy("Seasons in sign-up")),
    ("idle", gettext_lazy("Matches with no activity")),
)


@dataclass(frozen=True)
class Waiting:
    """One thing that waits: in ``league``, ``text``, on ``waits_on`` (coaches'
    names, or "you"), since ``since``; ``url`` is where to act."""

    kind: str
    league: str
    text: str
    waits_on: tuple[str, ...]
    url: str
    since: datetime | None = None
    overdue: bool = False
    # A season after another: the teams of the one before still missing, each as
    # "Team (coach)", and the sentence naming them ("" when none is missing).
    new_season: bool = False
    missing: str = ""

    @property
    def on_you(self) -> bool:
        return self.waits_on == (YOU,)

    @property
    def waits_on_names(self) -> str:
        """ "marta, you": who it waits on, as the page says it."""
        return ", ".join(_("you") if name == YOU else name for name in self.waits_on)

    @property
    def waiting_for(self) -> str:
        """ "3 days" since the thing began to wait, "" when unknown."""
        return timesince(self.since) if self.since else ""


@dataclass(frozen=True)
class Oversight:
    leagues: tuple[str, ...]
    lines: tuple[Waiting, ...]

    @property
    def by_kind(self) -> tuple[tuple[str, Any, tuple[Waiting, ...]], ...]:
        """(kind, heading, lines) for each kind with lines."""
        grouped = tuple(
            (kind, heading, tuple(w for w in self.lines if w.kind == kind))
            for kind, heading in KINDS
        )
        return tuple(group for group in grouped if group[2])

    @property
    def on_you(self) -> int:
        return sum(1 for w in self.lines if w.on_you)


def _vs(fixture: Any) -> str:
    return _("%(home)s v %(away)s") % {"home": fixture.home.name, "away": fixture.away.name}


def _coach_of(fixture: Any, side: str) -> str:
    return str(getattr(fixture, side).coach.get_username())


def _current_reports(runs: Any, status: str) -> Any:
    return Report.objects.filter(
        is_current=True, match__status=status, match__fixture__season__league__in=runs
    ).select_related(
        "match__fixture__home__coach",
        "match__fixture__away__coach",
        "match__fixture__season__league",
    )


def reports_to_confirm(runs: Any, now: datetime) -> list[Waiting]:
    """Reports submitted and not yet confirmed: awaiting the opponent, or disputed."""
    lines = []
    reports = _current_reports(runs, Match.Status.CONFIRMING).order_by("submitted_at")
    for report in reports.defer("post_game_result", "post_game_input", "team_extras"):
        fixture = report.match.fixture
        url = reverse("match-detail", args=[report.match_id])
        if report.confirmation == Confirmation.DISPUTED:
            lines.append(
                Waiting(
                    "dispute",
                    fixture.season.league.name,
                    _("%(match)s: the report is disputed (%(note)s); confirm it or send it back.")
                    % {"match": _vs(fixture), "note": report.dispute_note},
                    (YOU,),
                    url,
                    report.submitted_at,
                )
            )
            continue
        sides = [
            s for s in ("home", "away") if getattr(fixture, s).coach_id != report.submitted_by_id
        ]
        overdue = report.confirm_deadline is not None and report.confirm_deadline < now
        text = _("%(match)s: the report waits for the opponent's confirmation.") % {
            "match": _vs(fixture)
        }
        if overdue:
            text = _(
                "%(match)s: the report waits for the opponent's confirmation, past its "
                "deadline; you may confirm it on his behalf."
            ) % {"match": _vs(fixture)}
        lines.append(
            Waiting(
                "confirmation",
                fixture.season.league.name,
                text,
                tuple(_coach_of(fixture, s) for s in sides) or (YOU,),
                url,
                report.submitted_at,
                overdue,
            )
        )
    return lines


def post_games_waiting(runs: Any, now: datetime) -> list[Waiting]:
    """Confirmed reports whose post-game waits for a coach's choices."""
    lines = []
    reports = (
        _current_reports(runs, Match.Status.REPORT_SUBMITTED)
        .annotate(pending=KeyTransform("pending", "post_game_result"))
        .defer("post_game_result", "post_game_input", "team_extras", "post_game_choices")
        .order_by("confirmed_at", "submitted_at")
    )
    for report in reports:
        pending = report.pending if isinstance(report.pending, list) else []
        if not pending:
            continue
        fixture = report.match.fixture
        sides = list(dict.fromkeys(c.get("side") for c in pending if c.get("side")))
        prompt = pending[0].get("prompt") or _("the post-game's choices")
        overdue = report.hiring_deadline is not None and report.hiring_deadline < now
        values = {"match": _vs(fixture), "prompt": prompt}
        text = _("%(match)s: the post-game waits for a coach's choices (%(prompt)s)") % values
        if overdue:
            text = (
                _(
                    "%(match)s: the post-game waits for a coach's choices (%(prompt)s), past "
                    "the hiring deadline; you may end the waiting."
                )
                % values
            )
        lines.append(
            Waiting(
                "post_game",
                fixture.season.league.name,
                text,
                tuple(_coach_of(fixture, s) for s in sides if s in ("home", "away")) or (YOU,),
                reverse("match-detail", args=[report.match_id]),
                report.confirmed_at or report.submitted_at,
                overdue,
            )
        )
    return lines


def fixtures_past_deadline(runs: Any) -> list[Waiting]:
    """Open fixtures whose deadline passed, held for the commissioner's decision."""
    fixtures = (
        Fixture.objects.filter(
            season__league__in=runs,
            deadline_passed_at__isnull=False,
            status__in=Fixture.OPEN_STATUSES,
        )
        .select_related("home", "away", "season__league", "round")
        .order_by("deadline_passed_at", "id")
    )
    return [
        Waiting(
            "deadline",
            fixture.season.league.name,
            _past_deadline(fixture),
            (YOU,),
            reverse("fixture-detail", args=[fixture.pk]),
            fixture.deadline_passed_at,
            True,
        )
        for fixture in fixtures
    ]


def _past_deadline(fixture: Any) -> str:
    if fixture.round:
        return _(
            "%(match)s (round %(round)s): its deadline has passed; decide the fixture "
            "(reschedule it or award it)."
        ) % {"match": _vs(fixture), "round": fixture.round.number}
    return _(
        "%(match)s: its deadline has passed; decide the fixture (reschedule it or award it)."
    ) % {"match": _vs(fixture)}


def idle_matches(runs: Any, now: datetime) -> list[Waiting]:
    """Matches opened and untouched (no change, no event) for ``IDLE_AFTER``."""
    cutoff = now - IDLE_AFTER
    open_states = (Match.Status.SCHEDULED, Match.Status.PRE_GAME, Match.Status.IN_PLAY)
    matches = (
        Match.objects.filter(fixture__season__league__in=runs, status__in=open_states)
        .annotate(last=Greatest("updated_at", Coalesce(Max("events__created_at"), "updated_at")))
        .filter(last__lt=cutoff)
        .select_related("fixture__home__coach", "fixture__away__coach", "fixture__season__league")
        .only(
            "id",
            "status",
            "updated_at",
            "fixture__home__name",
            "fixture__home__coach__username",
            "fixture__away__name",
            "fixture__away__coach__username",
            "fixture__season__league__name",
        )
        .order_by("last", "id")
    )
    return [
        Waiting(
            "idle",
            match.fixture.season.league.name,
            _("%(match)s: %(status)s, with no activity since.")
            % {"match": _vs(match.fixture), "status": match.get_status_display().lower()},
            (_coach_of(match.fixture, "home"), _coach_of(match.fixture, "away")),
            reverse("match-detail", args=[match.pk]),
            match.last,
        )
        for match in matches
    ]


def _redrafts(league: League) -> bool:
    try:
        return between_seasons(league.ruleset) == REDRAFT
    except UnknownEditionError:
        return False


def _missing_sentence(redrafts: bool, named: str) -> str:
    if redrafts:
        return _("Not re-drafted yet: %(teams)s.") % {"teams": named}
    return _("Not entered yet: %(teams)s.") % {"teams": named}


def seasons_in_sign_up(runs: Any) -> list[Waiting]:
    """Seasons in sign-up: after a finished season, its teams' re-draft (or entry);
    a first season, the teams waiting for a division. Three queries."""
    previous = Season.objects.filter(league=OuterRef("league"), number=OuterRef("number") - 1)
    seasons = list(
        Season.objects.filter(league__in=runs, status=Season.Status.SIGN_UP)
        .annotate(
            previous_id=Subquery(previous.values("pk")[:1]),
            waiting=Count("entries", filter=Q(entries__division__isnull=True)),
            entered=Count("entries"),
        )
        .select_related("league")
        .order_by("league__name", "number")
    )
    before = [s.previous_id for s in seasons if s.previous_id is not None]
    teams: dict[int, list[tuple[int, str]]] = defaultdict(list)
    team_names: dict[int, str] = {}
    for entry in TeamEntry.objects.filter(season_id__in=before).values(
        "season_id", "team_id", "team__name", "team__coach__username"
    ):
        teams[entry["season_id"]].append((entry["team_id"], entry["team__coach__username"]))
        team_names[entry["team_id"]] = entry["team__name"]
    done: Counter[tuple[int, int]] = Counter()
    moved = TeamEntry.objects.filter(season__in=[s.pk for s in seasons]).values_list(
        "season_id", "team_id"
    )
    redrafted = Redraft.objects.filter(from_season_id__in=before).values_list(
        "from_season_id", "team_id"
    )
    for season_id, team_id in [*moved, *redrafted]:
        done[season_id, team_id] += 1
    lines = []
    for season in seasons:
        url = reverse("season-manage", args=[season.pk])
        name = season.league.name
        if season.previous_id is None or not teams[season.previous_id]:
            if season.waiting:
                lines.append(
                    Waiting(
                        "sign_up",
                        name,
                        ngettext(
                            "Season %(number)s: %(waiting)s of %(entered)s teams entered wait "
                            "to be admitted to a division.",
                            "Season %(number)s: %(waiting)s of %(entered)s teams entered wait "
                            "to be admitted to a division.",
                            season.entered,
                        )
                        % {
                            "number": season.number,
                            "waiting": season.waiting,
                            "entered": season.entered,
                        },
                        (YOU,),
                        url,
                        season.created_at,
                    )
                )
            continue
        old = teams[season.previous_id]
        redrafts = _redrafts(season.league)
        if redrafts:
            ready = [c for t, c in old if done[season.previous_id, t] or done[season.pk, t]]
        else:
            ready = [c for t, c in old if done[season.pk, t]]
        missing = sorted(
            (team_names[t], c)
            for t, c in old
            if not (done[season.previous_id, t] or done[season.pk, t])
        )
        late = sorted({c for _t, c in missing})
        counts = {"number": season.number, "ready": len(ready), "teams": len(old)}
        if redrafts:
            text = ngettext(
                "Season %(number)s: %(ready)s of %(teams)s teams re-drafted.",
                "Season %(number)s: %(ready)s of %(teams)s teams re-drafted.",
                len(old),
            )
        else:
            text = ngettext(
                "Season %(number)s: %(ready)s of %(teams)s teams entered.",
                "Season %(number)s: %(ready)s of %(teams)s teams entered.",
                len(old),
            )
        text %= counts
        if season.waiting:
            text += " " + ngettext(
                "%(waiting)s entered waits to be admitted to a division.",
                "%(waiting)s entered wait to be admitted to a division.",
                season.waiting,
            ) % {"waiting": season.waiting}
        elif not late:
            text += " " + _("Every team is in: draw up the schedule.")
        waits_on = tuple(late) + ((YOU,) if season.waiting or not late else ())
        named = ", ".join(f"{team} ({coach})" for team, coach in missing)
        lines.append(
            Waiting(
                "sign_up",
                name,
                text,
                waits_on,
                url,
                season.created_at,
                new_season=True,
                missing=_missing_sentence(redrafts, named) if missing else "",
            )
        )
    return lines


def oversight_for(user: Any) -> Oversight:
    """Everything that waits in the leagues ``user`` runs."""
    runs = League.objects.filter(commissioners=user)
    now = timezone.now()
    lines = [
        *reports_to_confirm(runs, now),
        *fixtures_past_deadline(runs),
        *post_games_waiting(runs, now),
        *seasons_in_sign_up(runs),
        *idle_matches(runs, now),
    ]
    return Oversight(tuple(runs.order_by("name").values_list("name", flat=True)), tuple(lines))
