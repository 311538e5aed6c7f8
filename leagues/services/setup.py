"""Setting a league up: the league itself, its seasons, divisions and entries."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

import rules_engine
from core import versions
from core.i18n import site_languages, unknown_language
from core.types import Actor
from core.validators import known_time_zone
from leagues.errors import LeagueError
from leagues.models import (
    Division,
    League,
    PlayoffFormat,
    Season,
    SeasonFormat,
    TeamEntry,
    TieBreaker,
    default_tie_breakers,
)
from leagues.permissions import signed_in
from leagues.scheduling import default_season_format
from leagues.services._common import (
    entry_of,
    lock_season,
    playing_elsewhere,
    playing_elsewhere_message,
    require_commissioner,
    require_status,
)
from leagues.services.house_rules import house_rules_of
from rules_engine.bb2020.redraft import REDRAFT_BASE
from rules_engine.house_rules import team_value_problem
from rules_engine.wording import Shown, say
from teams.audit import log_action
from teams.models import Team
from teams.selectors.value import value_breakdown
from teams.services._common import lock_team

MAX_DIVISIONS = 4  # facts §5 (p.98): "optional 2-4 divisions"
SIGN_UP = Season.Status.SIGN_UP


def _scoring_problems(
    points: tuple[int, int, int], tie_breakers: Sequence[str], redraft_budget_cap: int | None
) -> list[str]:
    problems: list[str] = []
    win, draw, loss = points
    if not all(isinstance(p, int) and not isinstance(p, bool) for p in points):
        problems.append(_("League points for a win, draw and loss must be whole numbers."))
    elif not win >= draw >= loss:
        problems.append(
            _(
                "A win (%(win)s) must earn at least as many points as a draw (%(draw)s), "
                "and a draw at least as many as a loss (%(loss)s)."
            )
            % {"win": win, "draw": draw, "loss": loss}
        )
    if isinstance(tie_breakers, str) or not isinstance(tie_breakers, Sequence):
        problems.append(_("Tie-breakers must be a list."))
    else:
        unknown = [b for b in tie_breakers if b not in TieBreaker.values]
        if unknown:
            problems.append(
                _("Unknown tie-breaker %(unknown)s; choose from %(choices)s.")
                % {"unknown": ", ".join(map(str, unknown)), "choices": ", ".join(TieBreaker.values)}
            )
        if len(set(tie_breakers)) != len(tie_breakers):
            problems.append(_("Each tie-breaker may be listed once."))
    if redraft_budget_cap is not None and redraft_budget_cap < REDRAFT_BASE:
        problems.append(
            _("A re-draft cap must be at least the %(redraft_base)s gp budget.")
            % {"redraft_base": f"{REDRAFT_BASE:,}"}
        )
    return problems


def create_league(
    actor: Actor,
    *,
    name: str,
    ruleset: str,
    points_for_win: int = 3,
    points_for_draw: int = 1,
    points_for_loss: int = 0,
    bonus_three_touchdowns: bool = False,
    bonus_clean_sheet: bool = False,
    bonus_three_casualties: bool = False,
    tie_breakers: Sequence[str] | None = None,
    redraft_budget_cap: int | None = None,
    time_zone: str = "UTC",
    language: str | None = None,
) -> League:
    """Create a league; the actor becomes its first commissioner.

    Every problem comes back at once in one LeagueError and nothing is saved.
    Points and tie-breakers default to facts §5: W 3 / D 1 / L 0, ties broken
    by touchdowns scored, then casualties caused. ``language`` (one of
    ``settings.LANGUAGES``, the site's by default) is the league's mails', webhooks'
    and pages' by default.
    """
    if actor is None or not actor.has_perm("leagues.add_league"):
        raise PermissionDenied(_("Sign in to create a league."))
    name = (name or "").strip()
    tie_breakers = list(default_tie_breakers() if tie_breakers is None else tie_breakers)
    problems: list[str] = []
    if not name:
        problems.append(_("Give the league a name."))
    elif League.objects.filter(name__iexact=name).exists():
        problems.append(
            _("A league called %(name)s already exists: choose another name.") % {"name": name}
        )
    if ruleset not in rules_engine.list_rulesets():
        problems.append(
            _("Unknown ruleset %(ruleset)s; choose one of %(choices)s.")
            % {"ruleset": repr(ruleset), "choices": ", ".join(rules_engine.list_rulesets())}
        )
    problems += _scoring_problems(
        (points_for_win, points_for_draw, points_for_loss), tie_breakers, redraft_budget_cap
    )
    try:
        known_time_zone(time_zone)
    except ValidationError as error:
        problems += error.messages
    language = settings.LANGUAGE_CODE if language is None else language
    refused = language_problem(language)
    if refused:
        problems.append(refused)
    if problems:
        raise LeagueError(problems)
    try:
        with transaction.atomic():
            league = League.objects.create(
                name=name,
                ruleset=ruleset,
                points_for_win=points_for_win,
                points_for_draw=points_for_draw,
                points_for_loss=points_for_loss,
                bonus_three_touchdowns=bonus_three_touchdowns,
                bonus_clean_sheet=bonus_clean_sheet,
                bonus_three_casualties=bonus_three_casualties,
                tie_breakers=tie_breakers,
                redraft_budget_cap=redraft_budget_cap,
                time_zone=time_zone,
                language=language,
            )
            league.commissioners.add(signed_in(actor))
    except IntegrityError:
        # Another commissioner took the name between the check and the insert.
        raise LeagueError(
            _("A league called %(name)s already exists: choose another name.") % {"name": name}
        ) from None
    return league


def language_problem(language: Any) -> str | None:
    """Why ``language`` cannot be a league's language, or None (one of the site's,
    spelt as ``settings.LANGUAGES`` spells it)."""
    return None if language in site_languages() else unknown_language(language)


def set_language(actor: Actor, league: League, language: str) -> League:
    """A commissioner sets the league's language (one of ``settings.LANGUAGES``): its
    mails and webhooks go out in it, and its pages show in it to a visitor whose
    browser asks for none of the site's languages."""
    require_commissioner(
        actor, league, _("Only a commissioner of %(league)s may change the league's language.")
    )
    refused = language_problem(language)
    if refused:
        error = LeagueError(refused)
        error.field = "language"  # type: ignore[attr-defined]  # read by core.errors.add_errors
        raise error
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        before = league.language
        if before == language:
            return league
        league.language = language
        league.save(update_fields=["language"])
        log_action(
            actor,
            "league.language",
            say(
                "{league}'s language is now {language} (was {before}).",
                league=league.name,
                language=language,
                before=before,
            ),
            league=league,
            before=before,
            after=language,
        )
    return league


def open_season(
    actor: Actor,
    league: League,
    *,
    format: str | None = None,
    playoff_format: str = PlayoffFormat.TOP_FOUR,
    divisions: Sequence[str] = ("Division 1",),
) -> Season:
    """Open the league's next season for sign-up, with its first division(s). Without a
    ``format`` its edition's: a single round robin for BB2025, else a double one."""
    require_commissioner(actor, league, _("Only a commissioner of %(league)s may open a season."))
    if format is None:
        format = default_season_format(league.ruleset)
    problems: list[str] = []
    if format not in SeasonFormat.values:
        problems.append(
            _("Unknown format %(format)s; choose %(choices)s.")
            % {"format": repr(format), "choices": " or ".join(SeasonFormat.values)}
        )
    if playoff_format not in PlayoffFormat.values:
        problems.append(
            _("Unknown play-off format %(playoff_format)s; choose one of %(choices)s.")
            % {"playoff_format": repr(playoff_format), "choices": ", ".join(PlayoffFormat.values)}
        )
    names = [n.strip() for n in divisions if n and n.strip()]
    if not names:
        problems.append(_("A season needs at least one division."))
    if len(names) > MAX_DIVISIONS:
        problems.append(
            _("A league has at most %(max_divisions)s divisions.")
            % {"max_divisions": MAX_DIVISIONS}
        )
    if len({n.casefold() for n in names}) != len(names):
        problems.append(_("Two divisions have the same name."))
    if problems:
        raise LeagueError(problems)
    with transaction.atomic():
        league = League.objects.select_for_update().get(pk=league.pk)
        running = league.seasons.exclude(status=Season.Status.FINISHED).first()
        if running is not None:
            raise LeagueError(
                _(
                    "Season %(number)s of %(league)s is still running: "
                    "finish it before opening the next."
                )
                % {"number": running.number, "league": league.name}
            )
        number = (league.seasons.aggregate(n=Max("number"))["n"] or 0) + 1
        season = Season.objects.create(
            league=league, number=number, format=format, playoff_format=playoff_format
        )
        Division.objects.bulk_create(Division(season=season, name=n) for n in names)
        versions.bump(leagues=[league])
    return season


def add_division(actor: Actor, season: Season, name: str) -> Division:
    """Add a division to a season still in sign-up."""
    require_commissioner(actor, season, _("Only a commissioner of %(league)s may add a division."))
    name = (name or "").strip()
    if not name:
        raise LeagueError(_("Give the division a name."))
    with transaction.atomic():
        season = lock_season(season)
        require_status(season, SIGN_UP, doing=_("You can add a division only during %(allowed)s."))
        if season.divisions.count() >= MAX_DIVISIONS:
            raise LeagueError(
                _("A league has at most %(max_divisions)s divisions.")
                % {"max_divisions": MAX_DIVISIONS}
            )
        if season.divisions.filter(name__iexact=name).exists():
            raise LeagueError(
                _("%(season)s already has a division called %(name)s.")
                % {"season": season, "name": name}
            )
        versions.bump(leagues=[season.league_id])
        return Division.objects.create(season=season, name=name)


def edition_name(ruleset: str) -> str:
    """The name coaches read of the edition ``ruleset`` keys ("Blood Bowl 2020"), else
    the key itself (a ruleset no longer registered)."""
    try:
        return rules_engine.edition_for(ruleset).name
    except LookupError:
        return ruleset


def _eligibility_problems(season: Season, team: Team) -> list[Shown]:
    league = season.league
    problems: list[Shown] = []
    if team.ruleset != league.ruleset:
        problems.append(
            _("%(team)s plays %(team_edition)s; %(league)s plays %(league_edition)s.")
            % {
                "team": team.name,
                "team_edition": edition_name(team.ruleset),
                "league": league.name,
                "league_edition": edition_name(league.ruleset),
            }
        )
    if team.status != Team.Status.ACTIVE:
        problems.append(
            _("%(team)s is not active: only an active team can enter a season.")
            % {"team": team.name}
        )
    elsewhere = playing_elsewhere(team, league.pk)
    if elsewhere is not None:
        problems.append(playing_elsewhere_message(team.name, elsewhere))
    house = house_rules_of(league)
    if house.team_value_floor is not None or house.team_value_ceiling is not None:
        team_value = value_breakdown(team).team_value
        refused = team_value_problem(house, team.name, team_value)
        if refused:
            problems.append(refused)
    return problems


def enter_team(actor: Actor, season: Season, team: Team) -> TeamEntry:
    """A coach signs his own team up for a season in sign-up.

    The commissioner then admits it into a division (``admit_team``).
    """
    if actor is None or not actor.has_perm("leagues.enter_team", team):
        raise PermissionDenied(
            _("Only the coach of %(team)s may enter it into a season.") % {"team": team.name}
        )
    with transaction.atomic():
        season = lock_season(season)
        require_status(season, SIGN_UP, doing=_("You can enter a team only during %(allowed)s."))
        # The team's row after the season's: see ``playing_elsewhere``.
        team = lock_team(team)
        problems = _eligibility_problems(season, team)
        if TeamEntry.objects.filter(season=season, team=team).exists():
            problems.append(
                _("%(team)s is already entered in %(season)s.")
                % {"team": team.name, "season": season}
            )
        if problems:
            raise LeagueError(problems)
        versions.bump(leagues=[season.league_id], teams=[team])
        return TeamEntry.objects.create(season=season, team=team)


def admit_team(
    actor: Actor, season: Season, team: Team, division: Division | None = None
) -> TeamEntry:
    """The commissioner admits a team (entered or not) into a division of the season.

    Without ``division`` the team goes into the season's only division.
    Admitting an admitted team again moves it to the division given.
    """
    require_commissioner(actor, season, _("Only a commissioner of %(league)s may admit teams."))
    with transaction.atomic():
        season = lock_season(season)
        require_status(season, SIGN_UP, doing=_("You can admit a team only during %(allowed)s."))
        if division is None:
            divisions = list(season.divisions.all()[:2])
            if len(divisions) != 1:
                raise LeagueError(
                    _("Choose the division of %(season)s to admit %(team)s into.")
                    % {"season": season, "team": team.name}
                )
            division = divisions[0]
        elif division.season_id != season.pk:
            raise LeagueError(
                _("%(division)s is not a division of %(season)s.")
                % {"division": division.name, "season": season}
            )
        # The team's row after the season's: see ``playing_elsewhere``.
        team = lock_team(team)
        problems = _eligibility_problems(season, team)
        if problems:
            raise LeagueError(problems)
        entry, _created = TeamEntry.objects.update_or_create(
            season=season, team=team, defaults={"division": division}
        )
        versions.bump(leagues=[season.league_id], teams=[team])
        return entry


def withdraw_team(actor: Actor, season: Season, team: Team) -> None:
    """Take a team out of a season still in sign-up (its coach or a commissioner)."""
    if actor is None or not (
        actor.has_perm("leagues.enter_team", team)
        or actor.has_perm("leagues.manage_league", season)
    ):
        raise PermissionDenied(
            _("Only the coach of %(team)s or a commissioner may withdraw it from %(season)s.")
            % {"team": team.name, "season": season}
        )
    with transaction.atomic():
        season = lock_season(season)
        require_status(season, SIGN_UP, doing=_("You can withdraw a team only during %(allowed)s."))
        entry_of(season, team).delete()
        versions.bump(leagues=[season.league_id], teams=[team])
