"""Forfeits a commissioner awards, corrects and undoes, and the concession award
(facts §5) they may pay.

The league's edition says what a real-life concession scores (``Edition.forfeit_score``:
BB2020 1-0, BB2025 2-0) and what else an unplayed or conceded fixture does
(``Edition.forfeit_aftermath``; BB2025 facts section 13.4: each team rolls its Dedicated
Fans as for a loss, or a win for the side that did not concede, and players due to miss
a game count the fixture as that game). The aftermath is kept on the fixture
(``concession_award["aftermath"]``) to be taken back exactly."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.types import Actor
from leagues.errors import LeagueError
from leagues.insight.ratings import rerate_fixture
from leagues.models import DecidedBy, Fixture, Season
from leagues.services._common import (
    RESULT_PHASES,
    ledger_note,
    lock_fixture,
    log_fixture_change,
    require_commissioner,
    require_status,
    season_said,
    side_of,
    team_id_of,
)
from leagues.services.bracket import advance_bracket
from leagues.services.standings_sync import refresh_fixture_teams
from rules_engine.dice import Dice, SeededDice
from rules_engine.edition import ConcessionAwardRule
from rules_engine.editions import edition_for
from rules_engine.wording import Wording, say, thousands
from teams.models import LedgerReason, Player, Team
from teams.services import post_to_ledger, team_state
from teams.services._common import gp, lock_team

FORFEIT_UNPLAYED = "unplayed"
FORFEIT_CONCESSION = "concession"
FORFEIT_KINDS = {
    FORFEIT_UNPLAYED: gettext_lazy("Unplayed: a loss for both"),
    FORFEIT_CONCESSION: gettext_lazy(
        "Conceded for real-life reasons: the opponent wins (1-0; BB2025 2-0)"
    ),
}


def concession_dice() -> Dice:
    """The dice a real-life concession's award is rolled with (tests pass their own)."""
    return SeededDice(secrets.randbits(63))


def award_forfeit(
    actor: Actor,
    fixture: Fixture,
    *,
    kind: str,
    conceded_by: Team | int | None = None,
    dice: Dice | None = None,
) -> Fixture:
    """Settle a fixture that was not played (facts §5, p.98).

    ``kind`` "unplayed": a loss for both teams (counts as played, no points, no
    gold). ``kind`` "concession": ``conceded_by`` conceded for real-life reasons
    and its opponent wins 1-0 and "gains D6 x 10,000 and two MVPs": where the
    league's ruleset has that rule the award is rolled with ``dice`` and paid at
    once (gold through the opponent's ledger, 4 SPP per MVP), and the fixture
    keeps what was paid and every roll (``concession_award``, ``concession_rolls``).
    """
    require_commissioner(actor, fixture, _("Only a commissioner of %(league)s may award forfeits."))
    _check_forfeit_kind(kind)
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        require_status(
            season,
            *RESULT_PHASES[fixture.kind],
            doing=_("You can award a forfeit here only during %(allowed)s."),
        )
        if not fixture.is_open:
            raise LeagueError(
                _("%(fixture)s is already settled (%(status)s).")
                % {"fixture": fixture, "status": fixture.get_status_display()}
            )
        _settle_forfeit(fixture, season, actor, kind, conceded_by, dice)
        fixture.save()
        refresh_fixture_teams(fixture)
        rerate_fixture(fixture)
        log_fixture_change(
            actor,
            "fixture.forfeit",
            say(
                "Forfeit awarded in {fixture}: {forfeit}.",
                fixture=str(fixture),
                forfeit=_forfeit_said(fixture),
            ),
            fixture,
            kind=kind,
            conceded_by=fixture.conceded_by_id,
            award=fixture.concession_award,
        )
        advance_bracket(season, actor)
    return fixture


def correct_forfeit(
    actor: Actor,
    fixture: Fixture,
    *,
    kind: str,
    conceded_by: Team | int | None = None,
    dice: Dice | None = None,
) -> Fixture:
    """Correct a forfeit the commissioner awarded: another kind, or the other team
    conceding. What the old forfeit paid is taken back exactly (a correction entry
    in the ledger, the MVPs' SPP) before the new one is settled and paid. The same
    forfeit again changes nothing (its award is not rolled twice)."""
    require_commissioner(
        actor, fixture, _("Only a commissioner of %(league)s may correct forfeits.")
    )
    _check_forfeit_kind(kind)
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_forfeit(fixture, season, undo=False)
        same_kind = (fixture.status == Fixture.Status.FORFEIT) == (kind == FORFEIT_CONCESSION)
        if same_kind and fixture.conceded_by_id == team_id_of(conceded_by):
            return fixture
        if kind == FORFEIT_CONCESSION and conceded_by is not None:
            side_of(fixture, conceded_by)
        before = {"status": fixture.status, "conceded_by": fixture.conceded_by_id}
        was = _forfeit_said(fixture)
        before.update(award=fixture.concession_award, text=was.english())
        _undo_settlement(fixture, actor, say("Forfeit corrected"))
        _settle_forfeit(fixture, season, actor, kind, conceded_by, dice)
        fixture.save()
        refresh_fixture_teams(fixture)
        rerate_fixture(fixture)
        log_fixture_change(
            actor,
            "fixture.correct_forfeit",
            say(
                "Forfeit in {fixture} corrected: {forfeit} (was {was}).",
                fixture=str(fixture),
                forfeit=_forfeit_said(fixture),
                was=was,
            ),
            fixture,
            before=before,
            after={"status": fixture.status, "conceded_by": fixture.conceded_by_id},
            award=fixture.concession_award,
        )
        advance_bracket(season, actor)
    return fixture


def undo_forfeit(actor: Actor, fixture: Fixture) -> Fixture:
    """Undo a forfeit: the fixture is to be played again (scheduled, no result), and
    whatever the forfeit paid is taken back exactly (a correction entry in the
    ledger, the MVPs' SPP). Refused, changing nothing, where the gold or the SPP
    have been spent since, or where a later play-off depends on the result.

    A fixture its deadline settled keeps ``deadline_passed_at``: reopened, it waits for
    the commissioner, and the deadline acts on it again only once he moves its deadline
    later (``leagues.services.deadlines``)."""
    require_commissioner(actor, fixture, _("Only a commissioner of %(league)s may undo forfeits."))
    with transaction.atomic():
        fixture, season = lock_fixture(fixture)
        _require_forfeit(fixture, season, undo=True)
        before = {"status": fixture.status, "conceded_by": fixture.conceded_by_id}
        was = _forfeit_said(fixture)
        before.update(award=fixture.concession_award, text=was.english())
        _undo_settlement(fixture, actor, say("Forfeit undone"))
        fixture.save()
        refresh_fixture_teams(fixture)
        rerate_fixture(fixture)
        log_fixture_change(
            actor,
            "fixture.undo_forfeit",
            say(
                "Forfeit in {fixture} undone ({was}): the fixture is to be played.",
                fixture=str(fixture),
                was=was,
            ),
            fixture,
            before=before,
        )
        advance_bracket(season, actor)
    return fixture


def _forfeit_said(fixture: Fixture) -> Wording:
    """The forfeit in an audit line ("Reavers conceded, 1-0")."""
    if fixture.status == Fixture.Status.UNPLAYED_DOUBLE_LOSS:
        return say("unplayed, a loss for both")
    conceder = fixture.home if fixture.conceded_by_id == fixture.home_id else fixture.away
    paid = fixture.concession_award or {}
    score = max(fixture.home_touchdowns or 0, fixture.away_touchdowns or 0)
    if paid.get("gold"):
        return say(
            "{team} conceded, {score}-0, the opponent paid {amount} gp",
            team=conceder.name,
            score=score,
            amount=thousands(paid["gold"]),
        )
    return say("{team} conceded, {score}-0", team=conceder.name, score=score)


def _check_forfeit_kind(kind: str) -> None:
    if kind not in FORFEIT_KINDS:
        raise LeagueError(
            _("A forfeit is %(kinds)s, not %(kind)s.")
            % {"kinds": " or ".join(FORFEIT_KINDS), "kind": repr(kind)}
        )


def _require_forfeit(fixture: Fixture, season: Season, *, undo: bool) -> None:
    """Refuse unless the season takes the fixture's results and it was a forfeit, to
    correct (or, ``undo``, to undo)."""
    require_status(
        season,
        *RESULT_PHASES[fixture.kind],
        doing=_("You can undo a forfeit here only during %(allowed)s.")
        if undo
        else _("You can correct a forfeit here only during %(allowed)s."),
    )
    if fixture.status not in (Fixture.Status.FORFEIT, Fixture.Status.UNPLAYED_DOUBLE_LOSS):
        values = {"fixture": fixture, "status": fixture.get_status_display()}
        raise LeagueError(
            _("%(fixture)s was not settled as a forfeit (%(status)s): there is no forfeit to undo.")
            % values
            if undo
            else _(
                "%(fixture)s was not settled as a forfeit (%(status)s): there is no forfeit "
                "to correct."
            )
            % values
        )


def _settle_forfeit(
    fixture: Fixture,
    season: Season,
    actor: Actor,
    kind: str,
    conceded_by: Team | int | None,
    dice: Dice | None,
) -> None:
    """Set the forfeit on the locked, open ``fixture`` and pay a concession's award
    (the caller saves the fixture and advances the bracket)."""
    fixture.played_at = timezone.now()
    if kind == FORFEIT_UNPLAYED:
        if conceded_by is not None:
            raise LeagueError(_("An unplayed fixture is a loss for both: no team concedes it."))
        _settle_unplayed(fixture, season, dice)
        return
    if conceded_by is None:
        raise LeagueError(_("Say which team conceded."))
    conceded_id = side_of(fixture, conceded_by)
    home_conceded = conceded_id == fixture.home_id
    fixture.status = Fixture.Status.FORFEIT
    conceder_tds, opponent_tds = _edition_forfeit_score(season)
    fixture.home_touchdowns, fixture.away_touchdowns = (
        (conceder_tds, opponent_tds) if home_conceded else (opponent_tds, conceder_tds)
    )
    fixture.home_casualties = fixture.away_casualties = 0
    fixture.conceded_by_id = conceded_id
    if fixture.kind == Fixture.Kind.PLAYOFF:
        fixture.winner_id = fixture.away_id if home_conceded else fixture.home_id
        fixture.decided_by = DecidedBy.CONCESSION
    _pay_concession_award(fixture, season, actor, dice)
    _forfeit_aftermath(fixture, season, "home" if home_conceded else "away", dice)


def _settle_unplayed(fixture: Fixture, season: Season, dice: Dice | None) -> None:
    """Set the locked, open ``fixture`` unplayed, a loss for both, with its aftermath."""
    if fixture.kind == Fixture.Kind.PLAYOFF:
        raise LeagueError(
            _("A play-off needs a winner: award it as a concession by one team instead.")
        )
    fixture.status = Fixture.Status.UNPLAYED_DOUBLE_LOSS
    fixture.concession_award, fixture.concession_rolls = {}, []
    _forfeit_aftermath(fixture, season, None, dice)


def settle_unplayed_at_deadline(fixture: Fixture, season: Season, dice: Dice | None = None) -> None:
    """Settle the locked, open league ``fixture`` as ``award_forfeit`` settles the kind
    "unplayed" (a loss for both, the edition's aftermath, the standings), with no user
    acting: the deadline's settlement (``leagues.services.deadlines``, which checks the
    fixture, holds the locks and writes the audit row). ``correct_forfeit`` and
    ``undo_forfeit`` take it back as they take back a commissioner's forfeit."""
    fixture.played_at = timezone.now()
    _settle_unplayed(fixture, season, dice)
    fixture.save()
    refresh_fixture_teams(fixture)
    rerate_fixture(fixture)


def _edition_forfeit_score(season: Season) -> tuple[int, int]:
    """(conceder, opponent) touchdowns of a real-life concession under the season's
    edition (1-0 where the edition is unknown)."""
    try:
        return edition_for(season.ruleset or season.league.ruleset).forfeit_score
    except LookupError:
        return 0, 1


def _forfeit_aftermath(
    fixture: Fixture, season: Season, conceded_by: str | None, dice: Dice | None
) -> None:
    """BB2025 facts section 13.4: the Dedicated Fans rolls and the missed games served,
    applied to both teams (rows locked) and kept on the fixture to be taken back. None
    for a friendly or an edition without the rule."""
    try:
        rule = edition_for(season.ruleset or season.league.ruleset).forfeit_aftermath
    except LookupError:
        rule = None
    if rule is None or fixture.kind == Fixture.Kind.FRIENDLY:
        return
    teams = {"home": lock_team(fixture.home_id), "away": lock_team(fixture.away_id)}
    states = {side: team_state(team) for side, team in teams.items()}
    aftermath = rule(
        states["home"], states["away"], dice or concession_dice(), conceded_by=conceded_by
    )
    rows: dict[str, dict[str, Any]] = {}
    recovered: list[int] = []
    for side, team in teams.items():
        fans = aftermath.dedicated_fans[side]
        rows[side] = {"team": team.pk, **fans.as_dict()}
        if team.dedicated_fans != fans.after:
            team.dedicated_fans = fans.after
            team.save(update_fields=["dedicated_fans", "updated_at"])
        recovered += aftermath.recovered[side]
    if recovered:
        Player.objects.filter(pk__in=recovered).update(miss_next_game=False)
    kept = {"teams": rows, "recovered": recovered}
    award = dict(fixture.concession_award or {})
    award["aftermath"] = kept
    fixture.concession_award = award
    fixture.concession_rolls = [
        *(fixture.concession_rolls or []),
        *(roll.as_dict() for roll in aftermath.rolls),
    ]


def concession_award_rule(ruleset_key: str) -> ConcessionAwardRule | None:
    """The league edition's ``concession_award`` (BB2020's real-life concession award),
    or None where its rules give the opponent nothing beyond the 1-0 win."""
    try:
        return edition_for(ruleset_key).concession_award
    except LookupError:
        return None


def _pay_concession_award(
    fixture: Fixture, season: Season, actor: Actor, dice: Dice | None
) -> None:
    """Facts §5: the opponent of a real-life concession "gains D6 x 10,000 and two
    MVPs". Gold through its ledger (team row locked), 4 SPP per MVP; the fixture
    keeps what was paid, to be taken back exactly, and the rolls, to be shown."""
    fixture.concession_award_due = False
    fixture.concession_award, fixture.concession_rolls = {}, []
    award_rule = concession_award_rule(season.ruleset)
    if award_rule is None:
        return
    conceder = fixture.home if fixture.conceded_by_id == fixture.home_id else fixture.away
    opponent_id = fixture.away_id if conceder.pk == fixture.home_id else fixture.home_id
    team = lock_team(opponent_id)
    award = award_rule(
        team_state(team),
        dice or concession_dice(),
        league=fixture.kind != Fixture.Kind.FRIENDLY,
    )
    entry = post_to_ledger(
        team,
        award.gold,
        LedgerReason.WINNINGS,
        ledger_note(
            say(
                "{season}: {team} conceded for real-life reasons: D6 ({roll}) x 10,000 gp",
                season=season_said(season),
                team=conceder.name,
                roll=award.gold_roll,
            )
        ),
        actor,
    )
    players = Player.objects.select_for_update().in_bulk(list(award.spp_by_player))
    mvps = []
    for player_id, spp in award.spp_by_player.items():
        player = players[player_id]
        player.spp_earned += spp
        player.save(update_fields=["spp_earned"])
        mvps.append({"player": player.pk, "name": str(player), "spp": spp})
    fixture.concession_award = {
        "team": team.pk,
        "gold_roll": award.gold_roll,
        "gold": award.gold,
        "mvps": mvps,
        "ledger_entry": entry.pk,
        "note": award.reason,
        "note_said": award.reason_said,
    }
    fixture.concession_rolls = [roll.as_dict() for roll in award.rolls]


def _undo_aftermath(kept: dict[str, Any] | None) -> None:
    """Take back a forfeit's Dedicated Fans changes (by their difference, so later changes
    stay) and put the players it let serve their missed game back as missing it."""
    if not kept:
        return
    for side in ("home", "away"):
        row = kept["teams"][side]
        change = row["after"] - row["before"]
        if change:
            team = lock_team(row["team"])
            team.dedicated_fans = max(1, team.dedicated_fans - change)
            team.save(update_fields=["dedicated_fans", "updated_at"])
    if kept["recovered"]:
        Player.objects.filter(pk__in=kept["recovered"]).update(miss_next_game=True)


def _undo_settlement(fixture: Fixture, actor: Actor, why: Wording) -> None:
    """Take back what the forfeit paid and reopen the locked ``fixture``."""
    paid = fixture.concession_award or {}
    _undo_aftermath(paid.get("aftermath"))
    if paid.get("team") is not None:
        team = lock_team(paid["team"])
        players = Player.objects.select_for_update().in_bulk([m["player"] for m in paid["mvps"]])
        problems = [
            _(
                "%(player)s of %(team)s has spent SPP the award gave him: undo that "
                "advancement first."
            )
            % {"player": players[m["player"]], "team": team.name}
            for m in paid["mvps"]
            if players[m["player"]].spp_earned - m["spp"] < players[m["player"]].spp_spent
        ]
        if team.treasury < paid["gold"]:
            problems.append(
                _(
                    "%(team)s has spent the award's gold: taking back %(gold)s needs it in the "
                    "treasury, which holds %(treasury)s."
                )
                % {"team": team.name, "gold": gp(paid["gold"]), "treasury": gp(team.treasury)}
            )
        if problems:
            raise LeagueError(problems)
        post_to_ledger(
            team,
            -paid["gold"],
            LedgerReason.CORRECTION,
            ledger_note(
                say(
                    "{why}: the real-life concession award taken back "
                    "(D6 ({roll}) x 10,000 gp, {season})",
                    why=why,
                    roll=paid["gold_roll"],
                    season=season_said(fixture.season),
                )
            ),
            actor,
        )
        for mvp in paid["mvps"]:
            player = players[mvp["player"]]
            player.spp_earned -= mvp["spp"]
            player.save(update_fields=["spp_earned"])
    fixture.status = Fixture.Status.SCHEDULED
    fixture.home_touchdowns = fixture.away_touchdowns = None
    fixture.home_casualties = fixture.away_casualties = None
    fixture.conceded_by_id = None
    fixture.concession_award_due = False
    fixture.concession_award, fixture.concession_rolls = {}, []
    fixture.played_at = None
    if fixture.kind == Fixture.Kind.PLAYOFF:
        fixture.winner_id = None
        fixture.decided_by = DecidedBy.NONE
