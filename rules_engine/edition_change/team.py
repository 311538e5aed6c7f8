"""A whole team carried to the new edition (``map_team``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rules_engine.bb2020.state import PlayerState, TeamState
from rules_engine.draft import draft_rules_for
from rules_engine.edition_change.mapping import Loss, MappedPlayer, PositionChoice, TeamMapping
from rules_engine.edition_change.moves import (
    COACHS_CHOICE,
    INDUCEMENT_ONLY,
    TEAM_OPTION,
    EditionMove,
)
from rules_engine.edition_change.overflow import position_overflows, staff_cuts
from rules_engine.edition_change.players import map_player, same_position, suggestion
from rules_engine.errors import RulesError
from rules_engine.ruleset import Roster, Ruleset
from rules_engine.wording import Shown, say


def map_team(
    move: EditionMove,
    team: TeamState,
    *,
    positions: Mapping[Any, str] | None = None,
    special_rule_choice: str | None = None,
    skill_kinds: Mapping[Any, Mapping[str, str]] | None = None,
    keep: Mapping[str, Iterable[Any]] | None = None,
) -> TeamMapping:
    """Map ``team`` (a team of ``move.from_key``) onto ``move.to_key``'s roster of its
    race. ``positions`` are the coach's choices (player id -> new position slug);
    ``special_rule_choice`` his choice of team option where the old one cannot carry;
    ``skill_kinds`` (player id -> skill -> advancement kind) says which gained skills
    were rolled; ``keep`` (position slug -> player ids) whom he keeps on each position
    the mapped players overfill (``over_limit``; facts section 13.13). Problems with
    the choices, and every overflowing position not yet chosen for (under ``keep``),
    come back in ``problems``, never raised."""
    old_rules, new_rules = move.from_ruleset(), move.to_ruleset()
    old_roster = old_rules.roster(team.roster_slug)
    if team.roster_slug not in new_rules.rosters:
        raise RulesError(
            say(
                "{edition} has no {roster} roster: the team cannot move to it",
                edition=new_rules.name,
                roster=old_roster.name,
            )
        )
    new_roster = new_rules.roster(team.roster_slug)
    positions = dict(positions or {})
    problems: dict[str, list[Shown]] = {}
    _check_positions(team, new_rules, new_roster, positions, problems)
    players, choices, losses = _map_players(move, team, positions, skill_kinds or {})
    choice, needed, option_losses = _team_option(
        team, new_rules, new_roster, special_rule_choice, problems
    )
    over_limit = position_overflows(players, new_roster, new_rules.name, keep or {}, problems)
    cuts = staff_cuts(
        draft_rules_for(new_rules),
        new_rules.name,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        dedicated_fans=team.dedicated_fans,
    )
    return TeamMapping(
        move=move,
        roster_slug=new_roster.slug,
        players=tuple(players),
        choices=tuple(choices),
        losses=tuple(losses + option_losses),
        # Rendered now, in the reader's language: the apps test and join them as text.
        problems={k: tuple(str(m) for m in v) for k, v in problems.items()},
        special_rule_choice=choice,
        special_rule_options=tuple(new_roster.special_rule_choices),
        special_rule_choice_needed=needed,
        over_limit=over_limit,
        staff_cuts=cuts,
    )


def _check_positions(
    team: TeamState,
    new_rules: Ruleset,
    new_roster: Roster,
    positions: Mapping[Any, str],
    problems: dict[str, list[Shown]],
) -> None:
    """Every chosen position is of one of the team's players and of the new roster."""
    slugs = ", ".join(p.slug for p in new_roster.positions.values())
    known_ids = {p.id for p in team.players}
    for pid, wanted in positions.items():
        if pid not in known_ids:
            problems.setdefault("positions", []).append(
                say("Player {player} is not a player of {team}", player=pid, team=team.name)
            )
        elif not isinstance(wanted, str) or wanted not in new_roster.positions:
            problems.setdefault("positions", []).append(
                say(
                    "{position} is not a position of the {edition} {roster} roster; choose one "
                    "of {positions}",
                    position=repr(wanted),
                    edition=new_rules.name,
                    roster=new_roster.name,
                    positions=slugs,
                )
            )


def _map_players(
    move: EditionMove,
    team: TeamState,
    positions: Mapping[Any, str],
    skill_kinds: Mapping[Any, Mapping[str, str]],
) -> tuple[list[MappedPlayer], list[PositionChoice], list[Loss]]:
    """Each player on his new position, the positions the coach must choose, the losses."""
    old_rules, new_rules = move.from_ruleset(), move.to_ruleset()
    old_roster = old_rules.roster(team.roster_slug)
    new_roster = new_rules.roster(team.roster_slug)
    players: list[MappedPlayer] = []
    choices: list[PositionChoice] = []
    losses: list[Loss] = []
    for player in team.players:
        old = old_rules.position(player.position_slug)
        same = same_position(old, old_roster, new_roster)
        chosen = positions.get(player.id)
        slug: str | None = None
        source = ""
        if isinstance(chosen, str) and chosen in new_roster.positions:
            slug = new_roster.positions.resolve(chosen)
            source = same[1] if same is not None and same[0] == slug else COACHS_CHOICE
        elif same is not None:
            slug, source = same
        if same is None:
            choices.append(
                PositionChoice(
                    player_id=player.id,
                    player_name=player.name,
                    from_position=old.slug,
                    from_name=old.name,
                    options=tuple((p.slug, p.name) for p in new_roster.positions.values()),
                    suggested=suggestion(old, old_roster, new_roster),
                    reason=f"{new_rules.name}'s {new_roster.name} roster has no "
                    f"{old.name}: choose his position",
                )
            )
        if slug is None:
            players.append(_waiting(player, old.slug))
            continue
        new = new_roster.positions[slug]
        mapped, lost = map_player(
            move, old_rules, new_rules, player, new, source, skill_kinds.get(player.id, {})
        )
        players.append(mapped)
        losses += lost
    return players, choices, losses


def _waiting(player: PlayerState, from_slug: str) -> MappedPlayer:
    """A player whose new position waits for the coach's choice."""
    return MappedPlayer(
        id=player.id,
        name=player.name,
        number=player.number,
        from_position=from_slug,
        position_slug=None,
        position_source="",
        value_increases_before=player.value_increases,
    )


def _team_option(
    team: TeamState,
    new_rules: Ruleset,
    new_roster: Roster,
    special_rule_choice: str | None,
    problems: dict[str, list[Shown]],
) -> tuple[str | None, bool, list[Loss]]:
    """The team's option ("Favoured of...") and staff in the new edition: (the option,
    whether the coach must choose one, what is lost)."""
    offered = tuple(new_roster.special_rule_choices)
    current = team.special_rule_choice
    choice: str | None = None
    needed = False
    losses: list[Loss] = []
    if special_rule_choice:
        if special_rule_choice in offered:
            choice = special_rule_choice
        else:
            problems.setdefault("special_rule_choice", []).append(
                say(
                    "{choice} is not an option of the {edition} {roster} roster; choose one of "
                    "{choices}",
                    choice=repr(special_rule_choice),
                    edition=new_rules.name,
                    roster=new_roster.name,
                    choices=", ".join(offered),
                )
                if offered
                else say(
                    "{choice} is not an option of the {edition} {roster} roster",
                    choice=repr(special_rule_choice),
                    edition=new_rules.name,
                    roster=new_roster.name,
                )
            )
    elif current and current in offered:
        choice = current
    elif offered:
        needed = True
    if current and choice != current:
        losses.append(
            Loss(
                TEAM_OPTION,
                current,
                say(
                    "the {edition} {roster} roster offers {choices}",
                    edition=new_rules.name,
                    roster=new_roster.name,
                    choices=", ".join(offered),
                )
                if offered
                else say(
                    "the {edition} {roster} roster has no such option",
                    edition=new_rules.name,
                    roster=new_roster.name,
                ),
            )
        )
    if team.apothecary and not new_roster.apothecary_allowed:
        losses.append(
            Loss(
                INDUCEMENT_ONLY,
                "Apothecary",
                say(
                    "a {edition} {roster} team may not hire one: only as an inducement",
                    edition=new_rules.name,
                    roster=new_roster.name,
                ),
            )
        )
    return choice, needed, losses
