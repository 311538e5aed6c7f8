"""Re-drafting a team into another edition ("BB2020 -> BB2025 re-draft").

When the commissioner opens a league's next season under another edition
(``leagues.services.rollover``), each team re-drafts into it: its permanent players
are mapped onto the new edition's roster of its race (``rules_engine.edition_change``:
same position by slug or name, else the coach's choice; skills kept where still legal;
characteristics within the new limits; values recomputed with the new value
increases), then the re-draft runs as usual under the new edition's rules - its budget
from the recorded season, its re-hire fees, staff and re-rolls at its prices, its
recovery rolls (``teams.services.redraft.perform_redraft``). The season is the league's
(``leagues.services.team_redraft``: ``edition_change_record``, ``change_edition``).

``preview_edition_change`` says, before anything is written, what each player becomes
and everything that cannot carry over: skills and characteristics lost, each position
holding more players than the new roster allows (the coach chooses whom to keep, the
new maximum or fewer, under ``keep``; the others leave the team with their history
kept) and staff or fans above the new caps (facts section 13.13). Where the new roster
names a Team Captain, it says whom the coach names (``teams.services.captain``).
``change_edition`` does it in one transaction once the coach has chosen the positions
left open and whom to keep, and confirmed the losses. A choice the rules refuse comes
back as field messages (a Django ``ValidationError`` with a dict: the API's 400 body,
the page's form errors) and nothing changes.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules_engine.bb2020.state import TeamState
from rules_engine.edition_change import (
    KEEP,
    EditionMove,
    Loss,
    OverflowPlayer,
    StaffCut,
    TeamMapping,
    edition_move,
    map_team,
)
from rules_engine.errors import RulesError
from teams.errors import TeamError
from teams.models import Player, Team
from teams.services._common import (
    current_value,
    ruleset_for_key,
)
from teams.services.convert import player_state, state_players
from teams.services.draft import PlayerSpecs
from teams.services.redraft import RedraftResult
from teams.services.redraft_plan import RedraftPlan, plan_redraft
from teams.services.redraft_season import SeasonRecord, edition_name


@dataclass(frozen=True)
class EditionChangePreview:
    """The re-draft into another edition as chosen so far, nothing written: each
    player's mapping, what cannot carry over (for the players re-hired and the team),
    the re-draft priced in the new edition, and every problem by field."""

    record: SeasonRecord
    move: EditionMove
    mapping: TeamMapping
    plan: RedraftPlan
    players: list[Player]
    losses: list[Loss]
    problems: dict[str, list[str]] = field(default_factory=dict)
    # The permanent players re-hired as chosen: those ticked, less any on a position
    # over its maximum, plus those the coach keeps there.
    rehire: list[Any] = field(default_factory=list)

    @property
    def released(self) -> tuple[OverflowPlayer, ...]:
        """The players not kept on a position over its new maximum: they leave."""
        return self.mapping.released

    @property
    def staff_cuts(self) -> tuple[StaffCut, ...]:
        return self.mapping.staff_cuts

    @property
    def from_name(self) -> str:
        return edition_name(self.move.from_key)

    @property
    def to_name(self) -> str:
        return edition_name(self.move.to_key)

    @property
    def all_problems(self) -> list[str]:
        return [m for messages in self.problems.values() for m in messages]


@dataclass(frozen=True)
class EditionChangeResult[R: RedraftResult]:
    """What the move did: the mapping, the losses confirmed, and the re-draft as its
    caller returns it (the league's carries the team's entry into the next season)."""

    mapping: TeamMapping
    losses: list[Loss]
    redraft: R


def _move_of(team: Team, record: SeasonRecord) -> EditionMove:
    try:
        return edition_move(team.ruleset, record.to_ruleset)
    except RulesError as error:
        raise TeamError(error.messages) from None


def _permanent_players(team: Team) -> list[Player]:
    return [p for p in state_players().filter(team=team) if not p.journeyman]


def _as_id(value: Any) -> Any:
    # Player ids arrive as JSON object keys (strings) or form values; the mapping
    # reads them as the database's integers.
    if isinstance(value, bool):
        return value
    try:
        return int(value)
    except (TypeError, ValueError):
        return value


def _int_keys(positions: Mapping[Any, Any] | None) -> dict[Any, Any]:
    return {_as_id(key): value for key, value in (positions or {}).items()}


def _keep_ids(keep: Mapping[Any, Any] | None) -> dict[Any, list[Any]]:
    """The coach's choice of whom to keep (position slug -> player ids), ids as
    integers; a single id is read as a list of one."""
    out: dict[Any, list[Any]] = {}
    for slug, ids in (keep or {}).items():
        many = ids if isinstance(ids, list | tuple | set | frozenset) else [ids]
        out[slug] = [_as_id(pid) for pid in many]
    return out


def _mapping(
    team: Team,
    move: EditionMove,
    players: list[Player],
    positions: Mapping[Any, Any] | None,
    special_rule_choice: str | None,
    keep: Mapping[Any, Any] | None = None,
) -> TeamMapping:
    state = TeamState(
        id=team.pk,
        name=team.name,
        roster_slug=team.roster_slug,
        players=tuple(player_state(p) for p in players),
        special_rule_choice=team.special_rule_choice or None,
        apothecary=team.apothecary,
        rerolls=team.rerolls,
        assistant_coaches=team.assistant_coaches,
        cheerleaders=team.cheerleaders,
        dedicated_fans=team.dedicated_fans,
    )
    kinds = {p.pk: {s.skill: s.source for s in p.skills.all()} for p in players}
    try:
        return map_team(
            move,
            state,
            positions=_int_keys(positions),
            special_rule_choice=special_rule_choice or None,
            skill_kinds=kinds,
            keep=_keep_ids(keep),
        )
    except RulesError as error:
        raise TeamError(error.messages) from None


def _as_new(team: Team, move: EditionMove, mapping: TeamMapping) -> Team:
    """An unsaved copy of the team as the new edition's (for pricing only)."""
    moved = copy.copy(team)
    moved.ruleset = move.to_key
    moved.special_rule_choice = mapping.special_rule_choice or ""
    return moved


def _mapped_players(moved: Team, mapping: TeamMapping, players: list[Player]) -> list[Player]:
    """Unsaved copies of the players the mapping placed, with their new position and
    value (for pricing the re-hire fees)."""
    ruleset = ruleset_for_key(moved.ruleset)
    roster = ruleset.roster(mapping.roster_slug)
    out = []
    for player in players:
        mapped = mapping.player(player.pk)
        if mapped.position_slug is None:
            continue
        copied = copy.copy(player)
        copied.position_slug = mapped.position_slug
        copied.value_increases = mapped.value_increases
        copied.current_value = current_value(ruleset, roster, copied)
        out.append(copied)
    return out


def _mapping_problems(
    move: EditionMove, mapping: TeamMapping, rehire: list[Any], names: dict[int, str]
) -> dict[str, list[str]]:
    """The mapping's own problems by field, plus each re-hired player whose new
    position is the coach's to choose and the team's option where one is needed."""
    problems: dict[str, list[str]] = {k: list(v) for k, v in mapping.problems.items()}
    for pid in rehire:
        try:
            player = mapping.player(pid)
        except KeyError:
            continue  # plan_redraft says it is no permanent player of the team
        if player.position_slug is None:
            choice = next(c for c in mapping.choices if c.player_id == pid)
            new_rules = move.to_ruleset()
            problems.setdefault("positions", []).append(
                _(
                    "Choose the %(edition)s position of #%(number)s %(name)s (%(ruleset)s's "
                    "%(roster)s roster has no %(position)s)"
                )
                % {
                    "edition": edition_name(move.to_key),
                    "number": player.number,
                    "name": names[pid],
                    "ruleset": new_rules.name,
                    "roster": new_rules.roster(mapping.roster_slug).name,
                    "position": choice.from_name,
                }
            )
    if mapping.special_rule_choice_needed:
        problems.setdefault("special_rule_choice", []).append(
            _("Choose the team's option: %(options)s")
            % {"options": ", ".join(mapping.special_rule_options)}
        )
    return problems


def _unconfirmed_losses(move: EditionMove, losses: list[Loss], cuts: Iterable[StaffCut]) -> str:
    lost = [str(loss) for loss in losses] + [str(cut) for cut in cuts]
    return ngettext(
        "%(count)s thing cannot carry over into %(edition)s: confirm that it is lost (%(lost)s)",
        "%(count)s things cannot carry over into %(edition)s: confirm that they are lost "
        "(%(lost)s)",
        len(lost),
    ) % {"count": len(lost), "edition": edition_name(move.to_key), "lost": "; ".join(lost)}


def _rehired(
    mapping: TeamMapping,
    mapped_players: list[Player],
    rehire: Iterable[Any] | None,
    problems: dict[str, list[str]],
) -> list[Any]:
    """The players re-hired: those ticked (every placed player where ``rehire`` is
    None), less those on a position over its new maximum, plus those the coach keeps
    there. A player of such a position named in ``rehire`` but not kept is a problem:
    he is never carried over silently."""
    over = mapping.over_limit_ids
    kept = list(mapping.kept_over_limit)
    if rehire is None:
        return [p.pk for p in mapped_players if p.pk not in over] + kept
    wanted = list(rehire)
    for overflow in mapping.over_limit:
        if not overflow.chosen:
            continue  # the mapping already asks the coach to choose
        for player in overflow.released:
            if player.id in wanted:
                problems.setdefault(KEEP, []).append(
                    _(
                        "%(player)s is to be re-hired, but is not among the %(position)s you "
                        "keep (%(edition)s allows 0-%(most)s): keep him, or do not re-hire him"
                    )
                    % {
                        "player": player,
                        "position": overflow.plural_name,
                        "edition": overflow.edition_name,
                        "most": overflow.maximum,
                    }
                )
    return [pid for pid in wanted if pid not in over] + [pid for pid in kept if pid not in wanted]


def preview_edition_change(
    team: Team,
    record: SeasonRecord,
    *,
    positions: Mapping[Any, Any] | None = None,
    special_rule_choice: str | None = None,
    keep: Mapping[Any, Any] | None = None,
    confirm_losses: bool = False,
    rehire: Iterable[Any] | None = None,
    hire: PlayerSpecs = (),
    rerolls: Any = 0,
    assistant_coaches: Any = 0,
    cheerleaders: Any = 0,
    apothecary: bool = False,
    team_captain: Any = None,
    team_captain_player: Any = None,
) -> EditionChangePreview:
    """The move as chosen, priced and checked; nothing written. ``record`` is the
    season the team re-drafts after
    (``leagues.services.team_redraft.edition_change_record``); ``rehire`` None keeps
    every permanent player whose position is settled and not over its new maximum
    (the page's first view); ``keep`` (position slug -> player ids) whom the coach
    keeps on each position over its new maximum (they are re-hired)."""
    move = _move_of(team, record)
    players = _permanent_players(team)
    mapping = _mapping(team, move, players, positions, special_rule_choice, keep)
    moved = _as_new(team, move, mapping)
    mapped_players = _mapped_players(moved, mapping, players)
    names = {p.pk: p.name for p in players}
    chosen: dict[str, list[str]] = {}
    rehire = _rehired(mapping, mapped_players, rehire, chosen)
    problems = _mapping_problems(move, mapping, rehire, names)
    for name, messages in chosen.items():
        problems.setdefault(name, []).extend(messages)
    kept = set(rehire)
    losses = [loss for loss in mapping.losses if loss.player_id is None or loss.player_id in kept]
    plan = plan_redraft(
        moved,
        record,
        rehire=[pid for pid in rehire if pid not in names or mapping.player(pid).mapped],
        hire=hire,
        rerolls=rerolls,
        assistant_coaches=assistant_coaches,
        cheerleaders=cheerleaders,
        apothecary=apothecary,
        players=mapped_players,
        team_captain=team_captain,
        team_captain_player=team_captain_player,
    )
    for name, messages in plan.captain.problems.items():
        problems.setdefault(name, []).extend(messages)
    if (losses or mapping.staff_cuts) and not confirm_losses:
        problems.setdefault("confirm_losses", []).append(
            _unconfirmed_losses(move, losses, mapping.staff_cuts)
        )
    return EditionChangePreview(
        record=record,
        move=move,
        mapping=mapping,
        plan=plan,
        players=players,
        losses=losses,
        problems=problems,
        rehire=rehire,
    )
