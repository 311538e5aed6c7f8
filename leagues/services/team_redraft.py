"""A team's re-draft between two seasons of its league, as the league sees it: which
season the team re-drafts after and its record there (games from the fixtures, league
wins and draws from the league table), the season locked, and the team entered into
the next season once re-drafted.

The re-draft itself (budget, fees, recovery rolls, ledger, new players; the mapping
into another edition) is the teams app's (``teams.services.redraft``,
``teams.services.edition_change``), which reads nothing of the leagues: these functions
find and lock the season, call it, and enter the team.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from leagues.models import Fixture, Season, TeamEntry
from leagues.services._common import playing_elsewhere, season_said
from leagues.services.house_rules import house_rules_of
from leagues.standings import overall_standings
from rules_engine.dice import Dice
from rules_engine.edition_change import is_edition_change
from rules_engine.editions import REDRAFT, between_seasons, edition_for
from rules_engine.errors import DraftError, RulesError
from rules_engine.house_rules import team_value_problem
from teams.errors import TeamError
from teams.models import Redraft, Team
from teams.selectors.value import value_breakdown
from teams.services._common import lock_team, require_active, require_change
from teams.services.draft import PlayerSpecs
from teams.services.edition_change import EditionChangeResult, preview_edition_change
from teams.services.edition_change_apply import apply_mapping, record_edition_change
from teams.services.redraft import RedraftResult, perform_redraft
from teams.services.redraft_season import SeasonRecord, edition_name

__all__ = [
    "EnteredRedraft",
    "change_edition",
    "edition_change_record",
    "has_edition_change",
    "redraft_team",
    "season_record",
    "season_to_redraft",
]


@dataclass(frozen=True)
class EnteredRedraft(RedraftResult):
    """A re-draft (``teams.services.redraft.RedraftResult``) with the team's entry into
    the league's next season, which the league made."""

    entry: TeamEntry = field(kw_only=True)

    @classmethod
    def of(cls, result: RedraftResult, entry: TeamEntry) -> EnteredRedraft:
        return cls(**{f.name: getattr(result, f.name) for f in fields(result)}, entry=entry)


def _next_season(season: Season) -> Season | None:
    return (
        Season.objects.select_related("league")
        .filter(league_id=season.league_id, number=season.number + 1)
        .first()
    )


def _explain_nothing_to_redraft(team: Team, entries: list[TeamEntry]) -> TeamError:
    if not entries:
        return TeamError(
            _(
                "%(team)s has played no league season: a team re-drafts between two "
                "seasons of its league."
            )
            % {"team": team.name}
        )
    latest = entries[0].season
    if Redraft.objects.filter(team=team, to_season=latest).exists():
        return TeamError(
            _("%(team)s has already re-drafted for %(latest)s.")
            % {"team": team.name, "latest": latest}
        )
    if latest.status == Season.Status.SIGN_UP:
        return TeamError(
            _(
                "%(team)s is entered in %(latest)s, which has not begun: a team re-drafts "
                "after a season it played."
            )
            % {"team": team.name, "latest": latest}
        )
    if latest.status != Season.Status.FINISHED:
        return TeamError(
            _(
                "%(latest)s is still under way (%(status)s): "
                "%(team)s re-drafts once the commissioner closes it and opens the next season."
            )
            % {"latest": latest, "status": latest.get_status_display(), "team": team.name}
        )
    following = _next_season(latest)
    if following is None:
        return TeamError(
            _("%(latest)s is finished, but its commissioner has not opened the next season yet.")
            % {"latest": latest}
        )
    if Redraft.objects.filter(team=team, from_season=latest).exists():
        return TeamError(
            _("%(team)s has already re-drafted for %(following)s.")
            % {"team": team.name, "following": following}
        )
    if following.entries.filter(team=team).exists():
        return TeamError(
            _("%(team)s is already entered in %(following)s.")
            % {"team": team.name, "following": following}
        )
    return TeamError(
        _("%(following)s has begun (%(status)s): it is too late to re-draft for it.")
        % {"following": following, "status": following.get_status_display()}
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
            raise TeamError(
                _("%(team)s did not play season %(wanted)s.")
                % {"team": team.name, "wanted": wanted}
            )
    if entries and between_seasons(entries[0].season.league.ruleset) != REDRAFT:
        league = entries[0].season.league
        raise TeamError(
            _(
                "%(league)s's teams carry over between seasons as they are: its ruleset "
                "has no re-draft."
            )
            % {"league": league.name}
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
                _(
                    "%(following)s is played under %(edition)s: %(team)s re-drafts into it with "
                    "its players mapped to the new roster (the re-draft into another edition)."
                )
                % {
                    "following": following,
                    "edition": edition_name(following.ruleset),
                    "team": team.name,
                }
                if not into_another_edition
                else _("%(following)s is played under %(team)s's own edition: re-draft as usual.")
                % {"following": following, "team": team.name}
            )
        return season_record(team, season, following, entry)
    raise _explain_nothing_to_redraft(team, entries)


def season_record(
    team: Team, season: Season, following: Season, entry: TeamEntry | None = None
) -> SeasonRecord:
    """The team's games played, league wins and draws in ``season``, counted by the
    database (one aggregate and the league table), and the league's cap.

    A fixture the commissioner settled as conceded for real-life reasons had no game
    played: where the edition does not count it (BB2020, "20,000 per game played",
    facts section 5), it is neither a game played nor, for the budget, a league win
    (the budget's wins are wins of games played). BB2025 counts it as played for both
    and won by the other (facts section 13.5). A fixture left unplayed, a loss for
    both, is never a game played."""
    fixtures = Fixture.objects.filter(
        Q(home=team) | Q(away=team), season=season, status__in=Fixture.RESULT_STATUSES
    )
    rules = edition_for(season.ruleset).redraft
    if rules is not None and not rules.counts_playoff_games:
        fixtures = fixtures.filter(kind=Fixture.Kind.LEAGUE)
    conceded = Q(status=Fixture.Status.FORFEIT)
    counted = fixtures.aggregate(
        games=Count("id"),
        conceded=Count("id", filter=conceded),
        # Won by a concession: the league table's wins count them.
        conceded_wins=Count(
            "id", filter=conceded & Q(kind=Fixture.Kind.LEAGUE) & ~Q(conceded_by=team)
        ),
    )
    games, not_counted, not_won = counted["games"], 0, 0
    if rules is not None and not rules.counts_conceded_fixtures:
        not_counted, not_won = counted["conceded"], counted["conceded_wins"]
    row = next((r for r in overall_standings(season) if r.team_id == team.pk), None)
    return SeasonRecord(
        team_id=team.pk,
        from_season_id=season.pk,
        from_season_name=season_said(season),
        to_season_id=following.pk,
        to_season_name=season_said(following),
        to_ruleset=following.ruleset,
        league_id=following.league_id,
        division_name=entry.division.name if entry is not None and entry.division else "",
        games_played=games - not_counted,
        league_wins=row.won - not_won if row else 0,
        league_draws=row.drawn if row else 0,
        cap=season.league.redraft_budget_cap,
        conceded_not_counted=not_counted,
        house_rules=house_rules_of(season.league),
    )


def edition_change_record(team: Team, from_season: Season | int | None = None) -> SeasonRecord:
    """The season the team re-drafts after into another edition (TeamError if none)."""
    return season_to_redraft(team, from_season, into_another_edition=True)


def has_edition_change(team: Team) -> bool:
    """Whether the team's waiting re-draft is into another edition."""
    try:
        edition_change_record(team)
    except RulesError:
        return False
    return True


def _lock_season(season_id: int) -> Season:
    # Season before team: the league services' lock order.
    return Season.objects.select_for_update(of=("self",)).get(pk=season_id)


def _locked(
    actor: Actor, team: Team, record: SeasonRecord, **find: Any
) -> tuple[Team, SeasonRecord, Season]:
    """Lock the next season, then the team; the season's record read again under the
    locks (still open for sign-up and not taken), and the next season locked."""
    to_season = _lock_season(record.to_season_id)
    team = lock_team(team)
    require_change(actor, team)
    require_active(team)
    record = season_to_redraft(team, record.from_season_id, **find)
    if to_season.status != Season.Status.SIGN_UP:
        raise TeamError(
            _("%(to_season_name)s has begun: it is too late to re-draft for it.")
            % {"to_season_name": record.to_season_name}
        )
    return team, record, to_season


def redraft_team(
    actor: Actor,
    team: Team,
    *,
    from_season: Season | int | None = None,
    rehire: Iterable[Any] = (),
    hire: PlayerSpecs = (),
    rerolls: int = 0,
    assistant_coaches: int = 0,
    cheerleaders: int = 0,
    apothecary: bool = False,
    team_captain: Any = None,
    team_captain_player: Any = None,
    dice: Dice | None = None,
) -> EnteredRedraft:
    """Re-draft the team after its closed season and enter it into the next, in one
    transaction (``teams.services.redraft.perform_redraft`` says what the choices
    mean). The re-drafted team enters the new season in the division of the same name
    as before if the season has one, else waits for the commissioner to admit it."""
    require_change(actor, team)
    with transaction.atomic():
        team, record, to_season = _locked(actor, team, season_to_redraft(team, from_season))
        result = perform_redraft(
            actor,
            team,
            record,
            rehire=rehire,
            hire=hire,
            rerolls=rerolls,
            assistant_coaches=assistant_coaches,
            cheerleaders=cheerleaders,
            apothecary=apothecary,
            team_captain=team_captain,
            team_captain_player=team_captain_player,
            dice=dice,
        )
        refused = team_value_problem(
            record.house_rules, team.name, value_breakdown(team).team_value
        )
        if refused:  # the whole re-draft is undone with the refusal
            raise TeamError(refused)
        division = to_season.divisions.filter(name=record.division_name).first()
        if playing_elsewhere(team, to_season.league_id) is not None:
            # Admitted to another league's current season meanwhile: the team waits, and
            # the commissioner admits it once that season is finished.
            division = None
        entry = TeamEntry.objects.create(season=to_season, team=team, division=division)
        versions.bump(leagues=[to_season.league_id], teams=[team])
        return EnteredRedraft.of(result, entry)


def change_edition(
    actor: Actor,
    team: Team,
    *,
    from_season: Season | int | None = None,
    positions: Mapping[Any, Any] | None = None,
    special_rule_choice: str | None = None,
    keep: Mapping[Any, Any] | None = None,
    confirm_losses: bool = False,
    rehire: Iterable[Any] = (),
    dice: Any = None,
    **choices: Any,
) -> EditionChangeResult[EnteredRedraft]:
    """Re-draft the team into the edition its next season is played under
    (``teams.services.edition_change``), in one transaction: players mapped, losses
    applied, the re-draft with its ledger rows and rolls, the team entered into the new
    season. ``keep`` (position slug -> player ids) whom the coach keeps on each
    position over its new maximum; the others leave. ``choices`` are the re-draft's
    (``hire``, ``rerolls``, staff, captain). A bad choice raises ``ValidationError``
    (by field) or ``DraftError`` and nothing changes."""
    require_change(actor, team)
    rehire = list(rehire)
    with transaction.atomic():
        record = edition_change_record(team, from_season)
        team, record, _ = _locked(actor, team, record, into_another_edition=True)
        preview = preview_edition_change(
            team,
            record,
            positions=positions,
            special_rule_choice=special_rule_choice,
            keep=keep,
            confirm_losses=confirm_losses,
            rehire=rehire,
            **choices,
        )
        if preview.problems:
            raise ValidationError(preview.problems)
        if preview.plan.problems:
            raise DraftError(preview.plan.problems)
        kept = [pid for pid in dict.fromkeys(preview.rehire) if isinstance(pid, int)]
        before = {"ruleset": team.ruleset, "treasury": team.treasury}
        apply_mapping(team, preview, kept)
        result = redraft_team(
            actor, team, from_season=record.from_season_id, rehire=kept, dice=dice, **choices
        )
        record_edition_change(actor, team, preview, kept, before, result)
        return EditionChangeResult(mapping=preview.mapping, losses=preview.losses, redraft=result)
