"""Keeping a roster between games (facts §4 step 4): hiring, firing, journeymen,
names and numbers (injuries and temporary retirement are ``services.injuries``)."""

from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from core.types import Actor
from rules_engine.bb2020.journeymen import (
    JOURNEYMAN_TRAIT,
    PLAYERS_TO_FIELD,
    journeyman_positions,
)
from rules_engine.draft import CaptainState, captain_fire_problems
from rules_engine.house_rules import HouseRules, fire_floor
from rules_engine.ruleset import Position, Roster, Ruleset
from rules_engine.team_value import journeyman_hiring_price
from rules_engine.wording import english, say, thousands
from teams.audit import log_action
from teams.errors import TeamError
from teams.models import (
    PLAYER_NAME_MAX,
    InjuryRecord,
    LedgerReason,
    Player,
    PlayerSkill,
    PlayerStatus,
    Team,
)
from teams.names import clean_name
from teams.services._common import (
    active_players,
    check_number,
    current_value,
    default_name,
    draft_rules_of,
    free_number,
    lock_player,
    lock_team,
    now,
    position_of,
    require_active,
    require_active_player,
    require_change,
    require_not_playing,
    roster_of,
    ruleset_of,
    value_input,
)
from teams.services.treasury import post_to_ledger


def _clean_name(name: str | None) -> str:
    if name is None:
        return ""
    if not isinstance(name, str):
        raise TeamError(_("A player's name must be text; got %(name)s") % {"name": repr(name)})
    name = clean_name(name)  # teams/names.py: no zero-width or look-alike tricks
    limit = PLAYER_NAME_MAX
    if len(name) > limit:
        raise TeamError(
            _("A player's name may be at most %(most)s characters long") % {"most": limit}
        )
    return name


def _check_room(ruleset: Ruleset, roster: Roster, team: Team, position: Position) -> None:
    """Refuse a permanent hire beyond 16 players, the position's or the Big Guy limit."""
    permanent = list(
        active_players(team).filter(journeyman=False).values_list("position_slug", flat=True)
    )
    most = draft_rules_of(ruleset).max_players
    if len(permanent) >= most:
        raise TeamError(
            _("%(team)s already has %(count)s players, the most a team may have")
            % {"team": team.name, "count": most}
        )
    same = sum(1 for slug in permanent if slug == position.slug)
    if same >= position.max_count:
        raise TeamError(
            _("%(roster)s teams may have at most %(most)s %(position)s; %(team)s has %(count)s")
            % {
                "roster": roster.name,
                "most": position.max_count,
                "position": position.plural_name(position.max_count),
                "team": team.name,
                "count": same,
            }
        )
    if position.big_guy and roster.max_big_guys is not None:
        big_guys = sum(1 for slug in permanent if roster.positions[slug].big_guy)
        if big_guys >= roster.max_big_guys:
            raise TeamError(
                ngettext(
                    "%(roster)s teams may have at most %(most)s Big Guy; %(team)s has %(count)s",
                    "%(roster)s teams may have at most %(most)s Big Guys; %(team)s has %(count)s",
                    roster.max_big_guys,
                )
                % {
                    "roster": roster.name,
                    "most": roster.max_big_guys,
                    "team": team.name,
                    "count": big_guys,
                }
            )


def _new_player(
    ruleset: Ruleset, roster: Roster, team: Team, position: Position, name: str, number: int
) -> Player:
    player = Player(
        team=team,
        name=name or default_name(position, number),
        number=number,
        position_slug=position.slug,
        ma=position.ma,
        st=position.st,
        ag=position.ag,
        pa=position.pa,
        av=position.av,
    )
    player.current_value = current_value(ruleset, roster, player)
    return player


def hire_player(
    actor: Actor, team: Team, position_slug: str, name: str = "", number: int | None = None
) -> Player:
    """Hire a player at the position's cost from the treasury, within the
    position's and the team's limits; he takes the lowest free number unless
    given one, and is called "<Position> <number>" unless named."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        require_not_playing(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        position = position_of(roster, position_slug)
        name = _clean_name(name)
        _check_room(ruleset, roster, team, position)
        _check_hired_before_fired(ruleset, team)
        number = free_number(team, number)
        player = _new_player(ruleset, roster, team, position, name, number)
        post_to_ledger(
            team,
            -position.cost,
            LedgerReason.HIRE_PLAYER,
            say(
                "Hired {position} #{number} {name}",
                position=position.name,
                number=number,
                name=player.name,
            ),
            actor,
            spending=_("Hiring a new %(position)s") % {"position": position.name},
        )
        player.save()
        log_action(
            actor,
            "team.hire_player",
            say(
                "{team} hired {position} #{number} {name} for {price} gp.",
                team=team.name,
                position=position.name,
                number=number,
                name=player.name,
                price=thousands(position.cost),
            ),
            team=team,
            player=player.pk,
            position=position.slug,
            cost=position.cost,
            treasury_after=team.treasury,
        )
        return player


def fire_player(actor: Actor, player: Player) -> Player:
    """Fire a player: he leaves the team, his number is free, nothing is refunded."""
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active(team)
        require_not_playing(team)
        require_active_player(player)
        _check_captain_may_go(team, player)
        _check_fire_floor(team, player)
        player.status = PlayerStatus.FIRED
        player.left_at = now()
        player.save(update_fields=["status", "left_at"])
        log_action(
            actor,
            "team.fire_player",
            say(
                "{team} fired #{number} {name}.",
                team=team.name,
                number=player.number,
                name=player.name,
            ),
            team=team,
            player=player.pk,
        )
        return player


# Match statuses (matches.models.MatchStatus values) of a game whose post-game has not
# yet reached step 6, where the players who sat it out are cleared for the next one.
POST_GAME_OPEN = ("report_submitted", "post_game")


def _last_game(team: Team):  # -> matches.models.Match | None (teams does not import matches)
    """The team's match that kicked off last, if any."""
    from django.apps import apps

    match_model = apps.get_model("matches", "Match")
    return (
        match_model.objects.filter(kicked_off_at__isnull=False)
        .filter(Q(fixture__home_id=team.pk) | Q(fixture__away_id=team.pk))
        .select_related("fixture")
        .order_by("-kicked_off_at", "-pk")
        .first()
    )


def _check_hired_before_fired(ruleset: Ruleset, team: Team) -> None:
    """BB2025 post-game step 4 (facts section 8) hires new players, then fires; the May
    2026 FAQ ("hire before fire") adds that a fired positional cannot be replaced until
    after the next game. Our reading: once the team has fired anyone since its last game
    kicked off, it hires no new player until its next game has been played (it may still
    buy staff and re-rolls, and hire the journeymen who played). Refusing every position,
    not only the fired one's, keeps the step's order: hiring cannot follow firing."""
    if not draft_rules_of(ruleset).hires_before_fires:
        return
    game = _last_game(team)
    if game is None:
        return
    fired = (
        Player.objects.filter(team=team, status=PlayerStatus.FIRED, left_at__gte=game.kicked_off_at)
        .order_by("left_at", "pk")
        .first()
    )
    if fired is not None:
        raise TeamError(
            _(
                "%(team)s fired #%(number)s %(name)s after %(game)s: the post-game hires "
                "before it fires, so new players may be hired again only after the next game."
            )
            % {"team": team.name, "number": fired.number, "name": fired.name, "game": game.label}
        )


def _check_fire_floor(team: Team, player: Player) -> None:
    """BB2025 post-game step 4 (facts section 8): fire players, "but never below 11
    players eligible for the next game". Not eligible: players due to miss the next
    game, temporarily retired ones, journeymen (they leave after the game unless hired
    in the step, which comes after firing). A player who sat out the game whose
    post-game is under way is back for the next one (step 6 clears his MNG)."""
    edition_floor = draft_rules_of(ruleset_of(team)).fire_floor
    floor = fire_floor(_firing_house_rules(team, edition_floor), edition_floor)
    if floor is None:
        return
    sat_out: set[int] = set()
    game = _last_game(team)
    if game is not None and game.status in POST_GAME_OPEN:
        side = "home" if game.fixture.home_id == team.pk else "away"
        at_kick_off = (game.match_teams or {}).get(side) or {}
        sat_out = {p["id"] for p in at_kick_off.get("players", ()) if p.get("miss_next_game")}
    rows = (
        active_players(team)
        .filter(journeyman=False, temporarily_retired=False)
        .exclude(pk=player.pk)
        .values_list("pk", "miss_next_game")
    )
    eligible = sum(1 for pk, misses in rows if not misses or pk in sat_out)
    if eligible < floor:
        raise TeamError(
            _(
                "%(team)s may not fire #%(number)s %(name)s: firing never leaves fewer than "
                "%(floor)s players eligible for the next game, and it would leave %(left)s "
                "(players due to miss it, temporarily retired ones and journeymen do not count)."
            )
            % {
                "team": team.name,
                "number": player.number,
                "name": player.name,
                "floor": floor,
                "left": eligible,
            }
        )


# The season statuses a team plays in a league (leagues.SeasonStatus, by value).
OPEN_SEASON = ("sign_up", "regular_season", "playoffs")


def _firing_house_rules(team: Team, edition_floor: int | None) -> HouseRules:
    """The firing house rule of the league the team plays in now (a yes/no, stored as
    the edition's own answer unless the league changed it), as the engine's data."""
    # Through the relation the leagues app declares on the team: teams imports no leagues.
    may = (
        team.league_entries.filter(season__status__in=OPEN_SEASON)
        .order_by("-season__created_at", "-id")
        .values_list("season__league__house_rules__firing_below_eleven", flat=True)
        .first()
    )
    if may is None or may == (edition_floor is None):
        return HouseRules()
    return HouseRules(firing_below_eleven=may)


def _check_captain_may_go(team: Team, player: Player) -> None:
    """BB2025 Team Captain (facts section 2): he may be fired only once an injury has
    reduced one of his characteristics."""
    ruleset = ruleset_of(team)
    rules = draft_rules_of(ruleset)
    roster = roster_of(team, ruleset)
    if not rules.names_team_captain(roster):
        return
    is_captain = player.skills.filter(
        skill=rules.captain_skill, source=PlayerSkill.Source.OTHER, advancement__isnull=True
    ).exists()
    reductions = player.injuries.filter(kind=InjuryRecord.Kind.LASTING).count()
    problems = captain_fire_problems(
        rules, roster, CaptainState(is_captain=is_captain, characteristic_reductions=reductions)
    )
    if problems:
        raise TeamError(problems)


def rename_player(
    actor: Actor, player: Player, name: str | None = None, number: int | None = None
) -> Player:
    """Give a player a new name and/or shirt number (a free one)."""
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active_player(player)
        before = {"name": player.name, "number": player.number}
        if name is not None:
            name = _clean_name(name)
            if not name:
                raise TeamError(_("A player needs a name"))
            player.name = name
        if number is not None:
            check_number(number)
            player.number = free_number(team, number, exclude=player)
        player.save(update_fields=["name", "number"])
        after = {"name": player.name, "number": player.number}
        if after != before:
            log_action(
                actor,
                "team.rename_player",
                say(
                    "{team}: #{number} {name} is now #{new_number} {new_name}.",
                    team=team.name,
                    number=before["number"],
                    name=before["name"],
                    new_number=player.number,
                    new_name=player.name,
                ),
                team=team,
                player=player.pk,
                before=before,
                after=after,
            )
        return player


def take_journeyman(
    actor: Actor,
    team: Team,
    *,
    position_slug: str | None = None,
    name: str = "",
    number: int | None = None,
    counted_by_pre_game: bool = False,
) -> Player:
    """Add a journeyman for the next game (facts §6, pre-game step 3).

    He is a Lineman of the team's 0-12/0-16 position (``position_slug`` picks
    one where the roster has two) with Loner (4+), costs nothing, and is
    taken only while the team has fewer than 11 players available - unless the
    ruleset's pre-game counted him (``counted_by_pre_game``: its journeymen, and
    those an inducement brings beyond the 11, such as BB2020's Riotous Rookies).
    """
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        linemen = journeyman_positions(roster)
        position = position_of(roster, position_slug) if position_slug else linemen[0]
        if position not in linemen:
            names = _(" or ").join(p.name for p in linemen)
            raise TeamError(
                _("Journeymen of %(roster)s teams are %(positions)s")
                % {"roster": roster.name, "positions": names}
            )
        wanted = PLAYERS_TO_FIELD
        available = (
            active_players(team).filter(miss_next_game=False, temporarily_retired=False).count()
        )
        if available >= wanted and not counted_by_pre_game:
            raise TeamError(
                _(
                    "%(team)s has %(count)s players available; journeymen are taken only to "
                    "bring a team up to %(wanted)s"
                )
                % {"team": team.name, "count": available, "wanted": wanted}
            )
        number = free_number(team, number)
        player = _new_player(ruleset, roster, team, position, _clean_name(name), number)
        player.journeyman = True
        player.current_value = current_value(ruleset, roster, player)
        player.save()
        skill = ruleset.skills.canonical(JOURNEYMAN_TRAIT)
        PlayerSkill.objects.create(player=player, skill=skill, source=PlayerSkill.Source.OTHER)
        return player


def take_mercenary(
    actor: Actor, team: Team, *, position_slug: str, skills: tuple[str, ...]
) -> Player:
    """Add a Mercenary Player the pre-game sold the team (BB2025 facts section 5): a
    player of one of its own positions with ``skills`` (Loner (4+) and any primary
    skill bought with him), for this game only. He is kept as a journeyman, so he
    leaves with them after the game; the match marks him a mercenary, so its post-game
    never offers him for hire. The pre-game checked the QTY, the 16 and the price."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        require_active(team)
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        position = position_of(roster, position_slug)
        number = free_number(team, None)
        name = f"Mercenary {position.name}"[:PLAYER_NAME_MAX]
        player = _new_player(ruleset, roster, team, position, name, number)
        player.journeyman = True
        player.mercenary = True
        player.current_value = current_value(ruleset, roster, player)
        player.save()
        PlayerSkill.objects.bulk_create(
            PlayerSkill(player=player, skill=skill, source=PlayerSkill.Source.OTHER)
            for skill in dict.fromkeys(ruleset.skills.canonical(s) for s in skills)
        )
        return player


def release_journeymen(actor: Actor, team: Team) -> int:
    """After the game: journeymen who were not hired leave the team. Returns how many."""
    with transaction.atomic():
        team = lock_team(team)
        require_change(actor, team)
        return (
            active_players(team)
            .filter(journeyman=True)
            .update(status=PlayerStatus.RETIRED, left_at=now())
        )


def hire_journeyman_permanently(
    actor: Actor,
    player: Player,
    *,
    by_post_game: bool = False,
    pay: Callable[[int, str], None] | None = None,
) -> Player:
    """Hire a journeyman for good (facts §4 step 4): the team must have fewer
    than 16 players; he costs his hiring fee plus value increases
    (``rules_engine.team_value.journeyman_hiring_price``), loses Loner and keeps
    his SPP. ``by_post_game``: the post-game itself hires him (its
    coach chose so in step 4), whatever other match the team has begun since.
    ``pay``: takes the fee (negative) and its note instead of the ledger (a
    correction re-applying the post-game posts one row for the match)."""
    with transaction.atomic():
        player, team = lock_player(player)
        require_change(actor, team)
        require_active(team)
        if not by_post_game:
            require_not_playing(team)
        require_active_player(player)
        if not player.journeyman:
            raise TeamError(_("%(name)s is not a journeyman") % {"name": player.name})
        ruleset = ruleset_of(team)
        roster = roster_of(team, ruleset)
        position = position_of(roster, player.position_slug)
        if player.mercenary or position not in journeyman_positions(roster):
            # A Mercenary Player (take_mercenary), of a Lineman position or another, cannot
            # be hired after the game (BB2025 facts section 5).
            raise TeamError(
                _("%(name)s is a %(kind)s: he cannot be hired")
                % {"name": player.name, "kind": "Mercenary Player"}
            )
        _check_room(ruleset, roster, team, position)
        # His hiring fee plus value increases, a Low Cost Linemen team's too (their 0
        # is CTV's, not a price: bb2025-league-facts.md section 8, step 4; both editions).
        price = journeyman_hiring_price(roster, value_input(player))
        note = say(
            "Hired journeyman {position} #{number} {name} permanently",
            position=position.name,
            number=player.number,
            name=player.name,
        )
        if pay is not None:
            pay(-price, english(note))
        else:
            post_to_ledger(
                team,
                -price,
                LedgerReason.JOURNEYMAN_HIRE,
                note,
                actor,
                spending=_("Hiring journeyman %(name)s permanently") % {"name": player.name},
            )
        loner = ruleset.skills.find(JOURNEYMAN_TRAIT)
        for skill in player.skills.all():
            found = ruleset.skills.find(skill.skill)
            if found is not None and found == loner:
                skill.delete()
        player.journeyman = False
        player.current_value = current_value(ruleset, roster, player)
        player.save(update_fields=["journeyman", "current_value"])
        if not by_post_game:  # the post-game's choices are audited with the match
            log_action(
                actor,
                "team.hire_journeyman",
                say(
                    "{team} hired journeyman #{number} {name} permanently for {price} gp.",
                    team=team.name,
                    number=player.number,
                    name=player.name,
                    price=thousands(price),
                ),
                team=team,
                player=player.pk,
                cost=price,
                treasury_after=team.treasury,
            )
        return player
