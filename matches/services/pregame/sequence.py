"""From fixture to kick-off: open the match, run the pre-game sequence with both
coaches' decisions, then start the match (journeymen taken, inducements paid)."""

from __future__ import annotations

import copy
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from leagues.models import Fixture, Season
from leagues.services.house_rules import house_rules_of
from matches.errors import MatchError
from matches.models import Match, Sequence
from matches.services.access import answering_side, require_play, require_status, team_actor
from matches.services.dice import (
    check_replay,
    new_seed,
    sequence_dice,
    store_rolls,
    stored_rolls,
)
from matches.services.locking import lock_match, team_of
from matches.services.pregame.one_match import lock_match_teams, matches_in_the_way
from matches.services.rulesets import rules_for, rules_for_key
from matches.services.sequence_json import choice_json, plain, shown, steps_json
from matches.services.snapshots import SIDES, snapshot_states, state_to_json
from rules_engine.bb2020.state import PlayerState
from rules_engine.errors import InducementError
from rules_engine.sequence import SequenceResult
from rules_engine.tables import TableEntry
from rules_engine.wording import say
from teams.models import LedgerReason, TeamStatus
from teams.services import post_to_ledger, take_journeyman, take_mercenary
from teams.services._common import lock_team
from teams.services.convert import team_states

# The season phase in which each kind of fixture takes a result (as record_result has it).
RESULT_PHASES: dict[str, tuple[str, ...]] = {
    Fixture.Kind.LEAGUE: (Season.Status.REGULAR_SEASON,),
    Fixture.Kind.FRIENDLY: (Season.Status.REGULAR_SEASON, Season.Status.PLAYOFFS),
    Fixture.Kind.PLAYOFF: (Season.Status.PLAYOFFS,),
}
# Pending choice kinds answered per side ({kind: {side: answer}} in pre_game()'s
# choices); any other kind (kick_or_receive, pitch) is answered for the match.
PER_SIDE_CHOICES = ("journeymen_position", "inducements", "petty_cash")
# The numbers a match sheet shows, as the pre-game results name them: those a
# result has go into its summary (BB2020's, then what classic and Blitz Bowl add).
SUMMARY_FIELDS = (
    "fan_factor",
    "weather",
    "journeymen",
    "ctv_before_inducements",
    "ctv_after_inducements",
    "petty_cash",
    "treasury_spent",
    "inducements",
    "star_players_not_fielded",
    "underdog",
    "prayers",
    "prayer_rolls",
    "mercenaries",
    "kicking_team",
    "receiving_team",
    "gate",
    "total_gate",
    "fame",
    "inducement_money",
    "team_value",
    "team_value_after_inducements",
    "coin_toss_winner",
    "first_turn",
    "regional_rule",
    "sudden_death_margin",
    "pitch",
    "ball_end_zone",
)


def check_fixture_playable(fixture: Fixture) -> None:
    """The fixture takes a match: not settled by the commissioner (forfeit, unplayed),
    in the season phase that plays it, in a league whose ruleset has match sequences.

    A fixture whose result was recorded without a match (``record_result``
    straight from the leagues app) may still be played through the match flow
    to record its post-game; its report must then agree with that result.
    """
    problems = []
    if fixture.status == Fixture.Status.FORFEIT:
        problems.append(
            _("%(fixture)s is already settled (conceded): it is not played.") % {"fixture": fixture}
        )
    elif fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        problems.append(
            _("%(fixture)s is already settled (unplayed: a loss for both): it is not played.")
            % {"fixture": fixture}
        )
    season = fixture.season
    if season.status not in RESULT_PHASES[fixture.kind]:
        problems.append(
            _("%(phase)s %(played)s")
            % {
                "phase": _season_phase(season) % {"season": season},
                "played": _played_during(fixture.kind),
            }
        )
    try:
        rules_for_key(season.ruleset)
    except MatchError as error:
        problems += error.messages
    if problems:
        raise MatchError(problems)


def _decisions(pending: list[dict[str, Any]]) -> str:
    """The decisions a pre-game waits for, their prompts in the reader's language, one
    after another as his language joins them."""
    said = ""
    for choice in pending:
        prompt = shown(choice, "prompt")
        said = _("%(earlier)s; %(next)s") % {"earlier": said, "next": prompt} if said else prompt
    return said


def _season_phase(season: Season) -> str:
    """Where ``season`` stands, a whole sentence ("%(season)s" left to fill)."""
    if season.status == Season.Status.SIGN_UP:
        return _("%(season)s is in sign-up.")
    if season.status == Season.Status.REGULAR_SEASON:
        return _("%(season)s is in the regular season.")
    if season.status == Season.Status.PLAYOFFS:
        return _("%(season)s is in the play-offs.")
    return _("%(season)s is finished.")


def _played_during(kind: str) -> str:
    """When a fixture of ``kind`` is played (``RESULT_PHASES``), a whole sentence."""
    if kind == Fixture.Kind.LEAGUE:
        return _("A league fixture is played during the regular season.")
    if kind == Fixture.Kind.FRIENDLY:
        return _("A friendly is played during the regular season or the play-offs.")
    return _("A play-off fixture is played during the play-offs.")


def open_match(actor: Actor, fixture: Fixture) -> Match:
    """The match of ``fixture``, created on first call (idempotent).

    Either coach or a commissioner may open it; the fixture must still be open
    and its season in the phase that plays it.
    """
    fixture = Fixture.objects.select_related("home", "away", "season__league", "match").get(
        pk=fixture.pk
    )
    if actor is None or not actor.has_perm("leagues.record_result", fixture):
        raise PermissionDenied(
            _("Only the coaches of the two teams or a commissioner may open this match.")
        )
    existing = getattr(fixture, "match", None)  # read with the fixture (None: not opened)
    if existing is not None:
        existing.fixture = fixture
        return existing
    check_fixture_playable(fixture)
    try:
        with transaction.atomic():
            versions.bump(leagues=[fixture.season.league_id])  # the fixture's page links it
            return Match.objects.create(fixture=fixture)
    except IntegrityError:
        return Match.objects.get(fixture=fixture)  # opened by someone else meanwhile


def pre_game_summary(result: SequenceResult) -> dict[str, Any]:
    """The numbers a match sheet shows, each None until its step has run: those of
    ``SUMMARY_FIELDS`` the ruleset's pre-game result has (fans, weather, journeymen,
    CTVs, petty cash, inducements, prayers, kicking team; classic's gate and FAME;
    Blitz Bowl's coin toss, regional rule, pitch and ball placement)."""
    return {
        name: _summary_value(getattr(result, name))
        for name in SUMMARY_FIELDS
        if hasattr(type(result), name)
    }


def _summary_value(value: Any) -> Any:
    """A result's number as plain data: a table row by its name, a journeyman by his
    position, tuples as lists."""
    if isinstance(value, TableEntry):
        return str(value.name)
    if isinstance(value, PlayerState):
        return value.position_slug
    if isinstance(value, dict):
        return {key: _summary_value(item) for key, item in value.items()}
    if isinstance(value, (tuple, list)):
        return [_summary_value(item) for item in value]
    return value


def run_pre_game(match: Match, choices: dict[str, Any]) -> SequenceResult:
    """Re-run the league's ruleset's pre-game on the match's seed with ``choices``;
    store the result and the new rolls. Raises RulesError (nothing stored) for an
    answer the rules refuse."""
    states = snapshot_states(match, "pre_game_teams")
    stored = stored_rolls(match.pre_game_result)
    result = rules_for(match).pre_game(
        states["home"], states["away"], sequence_dice(match, match.pre_game_seed), choices
    )
    check_replay(match, Sequence.PRE_GAME, match.pre_game_result, result)
    match.pre_game_result = {
        "complete": result.complete,
        "steps": steps_json(result),
        "pending": [choice_json(c) for c in result.pending],
        "summary": plain(pre_game_summary(result)),
    }
    store_rolls(match, Sequence.PRE_GAME, result, stored=stored)
    return result


def both_teams(match: Match) -> dict[str, Any]:
    """Both teams as they stand now, as a match snapshot keeps them (read together)."""
    states = team_states(*(team_of(match, side) for side in SIDES))
    return {side: state_to_json(state) for side, state in zip(SIDES, states, strict=True)}


def start_pre_game(actor: Actor, match: Match, *, seed: int | None = None) -> Match:
    """Begin the pre-game: both teams as they stand now, a fresh secret seed, and
    the sequence run up to the first decision a coach owes. Refused while either team
    has another match in pre-game or in play (``one_match``), or an earlier match's
    post-game still to finish.

    ``seed`` is for tests and the demo only; the API never passes one.
    """
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.SCHEDULED, doing=_("start the pre-game"))
        check_fixture_playable(match.fixture)
        lock_match_teams(match)  # the other matches of its teams are read under the locks
        inactive = [
            (
                _("%(team)s is being drafted: it cannot play")
                if team.status == TeamStatus.DRAFT
                else _("%(team)s is retired: it cannot play")
            )
            % {"team": team.name}
            for team in (match.fixture.home, match.fixture.away)
            if team.status != TeamStatus.ACTIVE
        ]
        if inactive:
            raise MatchError(inactive)
        in_the_way = matches_in_the_way(match)
        if in_the_way:
            raise MatchError(in_the_way)
        match.pre_game_seed = new_seed() if seed is None else seed
        match.pre_game_teams = both_teams(match)
        match.pre_game_choices = {}
        match.pre_game_started_at = timezone.now()
        # The house rules in force now stay the match's: a later change waits for the next.
        match.house_rules = house_rules_of(match.fixture.season.league_id).to_json()
        match.status = Match.Status.PRE_GAME
        run_pre_game(match, {})
        match.save(
            update_fields=[
                "pre_game_seed",
                "pre_game_teams",
                "pre_game_choices",
                "pre_game_started_at",
                "house_rules",
                "status",
                "pre_game_result",
                "updated_at",
            ],
        )
        return match


def submit_pre_game_choice(
    actor: Actor, match: Match, *, kind: str, answer: Any, side: str | None = None
) -> Match:
    """Answer one pending pre-game decision and run the sequence on.

    ``kind`` is a pending choice's kind: "journeymen_position" (a position slug,
    or a list, one per journeyman), "inducements" ({slug: count, "star_players":
    [...], "mercenaries": [...]}, {} for none), "petty_cash" (classic: gold moved
    from the Treasury), "kick_or_receive" ("kick" or "receive") or "pitch" (Blitz
    Bowl: "one_trapdoor" or "two_trapdoors"). Only the coach of the side the choice belongs to (or a
    commissioner, naming ``side`` when both sides wait) may answer. An answer
    the rules refuse raises RulesError with every reason and changes nothing.
    """
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.PRE_GAME, doing=_("make pre-game choices"))
        pending = match.pre_game_result.get("pending", [])
        waiting = [c["side"] for c in pending if c["kind"] == kind]
        if not waiting:
            if not pending:
                raise MatchError(
                    _("No %(kind)r decision is waiting; the pre-game waits for nothing.")
                    % {"kind": kind}
                )
            raise MatchError(
                _("No %(kind)r decision is waiting; the pre-game waits for: %(waiting)s")
                % {"kind": kind, "waiting": _decisions(pending)}
            )
        side = answering_side(actor, match, waiting, side)
        choices = copy.deepcopy(match.pre_game_choices)
        if kind in PER_SIDE_CHOICES:
            if kind == "inducements" and not isinstance(answer, dict):
                raise MatchError(
                    _("Inducements are given as {inducement: count, ...}; {} for none.")
                )
            choices.setdefault(kind, {})[side] = answer
        else:
            choices[kind] = answer
        try:
            run_pre_game(match, choices)
        except InducementError as error:
            error.field = "answer"  # type: ignore[attr-defined]  # the API names the input
            raise
        match.pre_game_choices = choices
        match.save(update_fields=["pre_game_choices", "pre_game_result", "updated_at"])
        return match


def start_match(actor: Actor, match: Match) -> Match:
    """Kick-off: the pre-game must be complete. Journeymen are taken on as temporary
    players (Loner (4+)), as many as the pre-game counted (inducements such as Riotous
    Rookies bring more than the 11), and so are the Mercenary Players a ruleset's
    pre-game names (``mercenaries``: BB2025), marked as mercenaries in the kick-off
    snapshot so that the post-game never offers them for hire; the Treasury gold spent
    on inducements is posted to each team's ledger (petty cash is not the team's gold
    and is never posted); both teams are then kept as they stand for the post-game.
    Refused while either team has another match in play, or in a pre-game begun
    before this one's (``one_match``)."""
    with transaction.atomic():
        match = lock_match(match)
        require_play(actor, match)
        require_status(match, Match.Status.PRE_GAME, doing=_("start the match"))
        lock_match_teams(match)
        in_the_way = matches_in_the_way(match, kick_off=True)
        if in_the_way:
            raise MatchError(in_the_way)
        stored = match.pre_game_result
        if not stored.get("complete"):
            waiting = _decisions(stored.get("pending", []))
            raise MatchError(_("The pre-game is not finished: %(waiting)s") % {"waiting": waiting})
        summary = stored["summary"]
        mercenaries: set[int] = set()
        for side in SIDES:
            team = team_of(match, side)
            for slug in (summary.get("journeymen") or {}).get(side, []):
                take_journeyman(
                    team_actor(actor, team), team, position_slug=slug, counted_by_pre_game=True
                )
            for hired in (summary.get("mercenaries") or {}).get(side, []):
                player = take_mercenary(
                    team_actor(actor, team),
                    team,
                    position_slug=hired["position"],
                    skills=tuple(hired["skills"]),
                )
                mercenaries.add(player.pk)
            spent = (summary.get("treasury_spent") or {}).get(side) or 0
            if spent:
                order = (summary.get("inducements") or {}).get(side) or {}
                bought = ", ".join(
                    [f"{count} x {slug}" for slug, count in order.get("items", {}).items()]
                    + [f"mercenary {m['position']}" for m in order.get("mercenaries", ())]
                )
                note = (
                    say("Inducements for {match}: {bought}", match=match.title, bought=bought)
                    if bought
                    else say("Inducements for {match}", match=match.title)
                )
                post_to_ledger(
                    lock_team(team),
                    -spent,
                    LedgerReason.INDUCEMENT,
                    note,
                    actor,
                    match_ref=match.pk,
                    spending=str(say("Inducements for {match}", match=match.title)),
                )
        match.match_teams = both_teams(match)
        for side in SIDES:
            for player in match.match_teams[side]["players"]:
                if player["id"] in mercenaries:
                    player["mercenary"] = True
        match.status = Match.Status.IN_PLAY
        match.kicked_off_at = timezone.now()
        # Only what kick-off changes: the pre-game's snapshots are not written again.
        match.save(update_fields=["match_teams", "status", "kicked_off_at", "updated_at"])
        fixture = match.fixture
        versions.bump(leagues=[fixture.season.league_id], teams=[fixture.home_id, fixture.away_id])
        return match
