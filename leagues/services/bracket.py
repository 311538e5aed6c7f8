"""The play-off bracket (facts §5, p.98-101) after the semi-finals: the final and the
third-place match between the right teams, then the prizes and the League Trophy.

``advance_bracket`` runs after every result, forfeit or decision of a play-off
(the season row locked): both semi-finals decided, the final and the third-place
match exist between the right teams (the better seed at home); both of those
decided, the champion holds the League Trophy (``League.trophy_holder``) until the
league's next final, and the prizes are paid into the teams' treasuries (the league's
edition's ``Edition.playoff_prizes``; none where it has no gold): 1st and 2nd to the
finalists, 3rd to the third-place play-off's winner only.

The prizes are paid after the last post-game sequence (BB2020 facts section 5:
"Prizes after Expensive Mistakes"; BB2025 facts section 10, "Glittering Prizes": paid
after the last post-game sequence, "so never exposed to Expensive Mistakes"): while the
final's or the third-place match's post-game is still to be applied (its report in,
or its results applied and the rest waiting for the coaches), ``pay_prizes_when_due``
waits, and the matches app calls it again once that post-game is applied
(``matches.services.postgame.application.apply_final``).

A finished season's final or third-place match may still be corrected (a
commissioner's correction of its report): the same winner leaves the prizes as they
are; another winner moves the champion, the League Trophy and any prize paid
(``correct_finished_playoff``), until the league has opened a later season.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import timezone
from django.utils.translation import gettext as _

from core import versions
from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, League, PlayoffStage, Season
from leagues.services._common import ledger_note, season_said, stage_words
from leagues.services.house_rules import house_rules_of
from rules_engine import Edition, edition_for
from rules_engine.house_rules import HouseRules
from rules_engine.house_rules import playoff_prizes as house_playoff_prizes
from rules_engine.wording import Wording, say
from teams.models import LedgerReason
from teams.services import post_to_ledger
from teams.services._common import gp, lock_team, lock_teams


def _winner_and_loser(fixture: Fixture) -> tuple[int, int]:
    """(winner, loser) of a decided play-off fixture."""
    if fixture.winner_id is None:
        raise LeagueError(_("%(fixture)s has no winner yet.") % {"fixture": fixture})
    if fixture.winner_id == fixture.home_id:
        return fixture.home_id, fixture.away_id
    return fixture.winner_id, fixture.home_id


def _seed_of(fixture: Fixture, team_id: int) -> int | None:
    return fixture.home_seed if team_id == fixture.home_id else fixture.away_seed


def _ensure_stage(
    season: Season, stage: str, existing: Fixture | None, sides: list[tuple[int, int | None]]
) -> Fixture:
    """The final or third-place fixture between ``sides`` ((team, seed), better seed home)."""
    (home, home_seed), (away, away_seed) = sorted(sides, key=lambda s: (s[1] or 99, s[0]))
    if existing is not None:
        if {existing.home_id, existing.away_id} == {home, away}:
            return existing
        if not existing.is_open:
            raise LeagueError(
                _(
                    "The final has been played: the semi-final result can no longer change who "
                    "is in it."
                )
                if stage == PlayoffStage.FINAL
                else _(
                    "The third-place match has been played: the semi-final result can no longer "
                    "change who is in it."
                )
            )
        existing.home_id, existing.away_id = home, away
        existing.home_seed, existing.away_seed = home_seed, away_seed
        existing.save(update_fields=["home", "away", "home_seed", "away_seed", "updated_at"])
        return existing
    return Fixture.objects.create(
        season=season,
        kind=Fixture.Kind.PLAYOFF,
        stage=stage,
        slot=1,
        home_id=home,
        away_id=away,
        home_seed=home_seed,
        away_seed=away_seed,
    )


def advance_bracket(season: Season, actor: Actor) -> None:
    """Bring the bracket up to date with the play-off results (season row locked).

    Both semi-finals decided: the final and third-place match exist between
    the right teams. Both of those decided: prizes paid, season finished.
    """
    if season.status != Season.Status.PLAYOFFS:
        return
    playoff = {
        (f.stage, f.slot): f
        for f in season.fixtures.select_for_update(of=("self",)).filter(kind=Fixture.Kind.PLAYOFF)
    }
    semis = [playoff.get((PlayoffStage.SEMI_FINAL, slot)) for slot in (1, 2)]
    final = playoff.get((PlayoffStage.FINAL, 1))
    third = playoff.get((PlayoffStage.THIRD_PLACE, 1))
    decided = [s for s in semis if s is not None and s.winner_id]
    if len(decided) < len(semis):
        for later in (final, third):
            if later is not None:
                if not later.is_open:
                    raise LeagueError(
                        _("The final has been played: the semi-finals must keep their winners.")
                        if later.stage == PlayoffStage.FINAL
                        else _(
                            "The third-place match has been played: the semi-finals must keep "
                            "their winners."
                        )
                    )
                later.delete()
        return
    final = _ensure_stage(
        season,
        PlayoffStage.FINAL,
        final,
        [(w, _seed_of(s, w)) for s in decided for w in _winner_and_loser(s)[:1]],
    )
    third = _ensure_stage(
        season,
        PlayoffStage.THIRD_PLACE,
        third,
        [(lo, _seed_of(s, lo)) for s in decided for lo in _winner_and_loser(s)[1:]],
    )
    if final.winner_id and third.winner_id:
        _finish_season(season, final, third, actor)


def league_edition(league: League) -> Edition | None:
    try:
        return edition_for(league.ruleset)
    except LookupError:
        return None


def playoff_prizes(season: Season) -> tuple[tuple[int, int], ...]:
    """(place, gold) the league's edition pays when its play-offs finish (BB2020 facts
    §5: 1st 100,000, 2nd 60,000, 3rd 30,000); none where the edition has no gold
    (Blitz Bowl: "no gold, re-rolls, staff or fans")."""
    # The season's own edition: a league may move to another one afterwards.
    try:
        edition: Edition | None = edition_for(season.ruleset or season.league.ruleset)
    except LookupError:
        edition = None
    if edition is None or not edition.has_gold:
        return ()
    return house_playoff_prizes(season_house_rules(season), edition.playoff_prizes)


def season_house_rules(season: Season) -> HouseRules:
    """The house rules the season's prizes are paid under: those its final was played
    under (kept with its match when the pre-game began), else the league's now (a final
    recorded without a match)."""
    # Through the fixture's reverse relation: the matches app sits above this one.
    kept = (
        Fixture.objects.filter(season=season, kind=Fixture.Kind.PLAYOFF, stage=PlayoffStage.FINAL)
        .values_list("match__house_rules", flat=True)
        .first()
    )
    if kept:
        return HouseRules.from_json(kept)
    return house_rules_of(season.league_id)


def _places(final: Fixture, third: Fixture) -> dict[int, int]:
    """Place -> team: the finalists 1st and 2nd, the third-place play-off's winner 3rd."""
    champion, runner_up = _winner_and_loser(final)
    return {1: champion, 2: runner_up, 3: _winner_and_loser(third)[0]}


# The stored value of the matches app's last post-game application phase.
FINAL_PHASE = "final"
# The stored values of the matches app's statuses in which a match's report is in and
# its post-game is applied next (awaiting confirmation, submitted, post-game).
REPORTED_STATUSES = ("confirming", "report_submitted", "post_game")


def _post_game_owed(fixtures: list[Fixture]) -> bool:
    """Whether a match played for one of ``fixtures`` still owes the rest of its
    post-game (its ``final`` phase: hiring, Expensive Mistakes): its report is in, or
    its results are applied, and that phase is not. A forfeit, or a result entered
    without a match report, owes none."""
    # Read through the fixture's reverse relations: the matches app sits above this one.
    rows = Fixture.objects.filter(pk__in=[fixture.pk for fixture in fixtures]).values_list(
        "match__id",
        "match__status",
        "match__applications__phase",
        "match__applications__reverted_at",
    )
    reported = {match for match, status, _, _ in rows if status in REPORTED_STATUSES}
    applied = [(match, phase) for match, _, phase, reverted in rows if phase and reverted is None]
    started = {match for match, _ in applied}
    finished = {match for match, phase in applied if phase == FINAL_PHASE}
    return bool((reported | started) - finished)


# Set while a match's post-game is being applied: the result it records may finish the
# season, but the prizes wait for the end of that post-game.
_PRIZES_WAIT: ContextVar[bool] = ContextVar("prizes_wait_for_post_game", default=False)


@contextmanager
def prizes_wait() -> Iterator[None]:
    """Hold the prizes while a post-game is applied; the caller then calls
    ``pay_prizes_when_due(..., after_post_game=True)`` once its effects are written."""
    token = _PRIZES_WAIT.set(True)
    try:
        yield
    finally:
        _PRIZES_WAIT.reset(token)


def pay_prizes_when_due(season: Season, actor: Actor, *, after_post_game: bool = False) -> bool:
    """Pay the play-off prizes once the season is finished and the final's and the
    third-place match's post-games are applied; True when paid now. Paid once (the
    season row locked). ``after_post_game``: called at the end of a post-game's
    application, which ``prizes_wait`` held them for."""
    if _PRIZES_WAIT.get() and not after_post_game:
        return False
    season = (
        Season.objects.select_for_update(of=("self",)).select_related("league").get(pk=season.pk)
    )
    if season.status != Season.Status.FINISHED or season.prizes_paid_at is not None:
        return False
    playoff = {
        f.stage: f
        for f in season.fixtures.filter(
            kind=Fixture.Kind.PLAYOFF, stage__in=(PlayoffStage.FINAL, PlayoffStage.THIRD_PLACE)
        )
    }
    final, third = playoff.get(PlayoffStage.FINAL), playoff.get(PlayoffStage.THIRD_PLACE)
    if final is None or third is None or _post_game_owed([final, third]):
        return False
    _pay_prizes(season, _places(final, third), actor)
    season.prizes_paid_at = timezone.now()
    season.save(update_fields=["prizes_paid_at"])
    return True


def _prize_note(season: Season, place: int) -> Wording:
    """The ledger note of a play-off prize: one whole sentence per place, as each
    language writes its ordinals (the bracket pays the first three places)."""
    named = season_said(season)
    if place == 1:
        return say("{season}: 1st place prize and the League Trophy", season=named)
    if place == 2:
        return say("{season}: 2nd place prize", season=named)
    if place == 3:
        return say("{season}: 3rd place prize", season=named)
    return say("{season}: prize for place {place}", season=named, place=place)


def _pay_prizes(season: Season, places: dict[int, int], actor: Actor) -> None:
    for place, gold in playoff_prizes(season):
        if not gold:
            continue  # a league's house rules may pay nothing for a place
        team = lock_team(places[place])
        post_to_ledger(
            team, gold, LedgerReason.PRIZE, ledger_note(_prize_note(season, place)), actor
        )


def finished_places(season: Season) -> dict[int, int]:
    """Place -> team of a finished season, as its final and third-place match stand."""
    playoff = {
        f.stage: f
        for f in season.fixtures.filter(
            kind=Fixture.Kind.PLAYOFF, stage__in=(PlayoffStage.FINAL, PlayoffStage.THIRD_PLACE)
        )
    }
    return _places(playoff[PlayoffStage.FINAL], playoff[PlayoffStage.THIRD_PLACE])


def check_finished_playoff(season: Season, fixture: Fixture, winner_id: int | None) -> None:
    """Refuse a corrected result of a finished season's final or third-place match that
    leaves it without a winner, or that names another winner once the league has opened
    a later season (whose teams re-drafted with the prizes, or play for the trophy)."""
    stage = stage_words(fixture)
    if winner_id is None:
        raise LeagueError(
            _(
                "%(season)s is finished: its %(stage)s keeps a winner, so a corrected result "
                "cannot leave it level."
            )
            % {"season": season, "stage": stage}
        )
    if winner_id == fixture.winner_id:
        return
    later = (
        Season.objects.filter(league_id=season.league_id, number__gt=season.number)
        .order_by("number")
        .first()
    )
    if later is not None:
        raise LeagueError(
            _(
                "%(later)s has been opened: the winner of %(season)s's %(stage)s can no longer "
                "change (its champion and prizes stand)."
            )
            % {"later": later, "season": season, "stage": stage}
        )


def correct_finished_playoff(season: Season, before: dict[int, int], actor: Actor) -> None:
    """After a finished season's final or third-place match was given another winner
    (``before``: the places as they were): the champion and the League Trophy move, and
    any prize already paid moves from the team that lost its place to the team that
    took it (its gold taken back by a correction entry; refused, changing nothing, when
    the team has spent it since). Prizes not yet paid are paid to the new places."""
    after = finished_places(season)
    if after == before:
        return
    if season.champion_id != after[1]:
        League.objects.filter(pk=season.league_id, trophy_holder_id=season.champion_id).update(
            trophy_holder_id=after[1]
        )
        season.champion_id = after[1]
        season.save(update_fields=["champion"])
    if season.prizes_paid_at is None:
        return
    moves = [
        (place, gold, before[place], after[place])
        for place, gold in playoff_prizes(season)
        if before[place] != after[place]
    ]
    teams = lock_teams(*(team for move in moves for team in move[2:]))
    change = {team: 0 for team in teams}
    for _place, gold, lost, gained in moves:
        change[lost] -= gold
        change[gained] += gold
    short = [
        _(
            "%(team)s has spent the prize the correction takes back: its Treasury holds "
            "%(treasury)s and would end at %(after)s."
        )
        % {
            "team": teams[team].name,
            "treasury": gp(teams[team].treasury),
            "after": gp(teams[team].treasury + moved),
        }
        for team, moved in sorted(change.items())
        if teams[team].treasury + moved < 0
    ]
    if short:
        raise LeagueError(short)
    # Gold coming in first, so that no Treasury dips below zero half-way.
    for place, gold, _lost, gained in moves:
        note = ledger_note(_prize_note(season, place))
        post_to_ledger(teams[gained], gold, LedgerReason.PRIZE, note, actor)
    for place, gold, lost, _gained in moves:
        post_to_ledger(
            teams[lost],
            -gold,
            LedgerReason.CORRECTION,
            ledger_note(
                say(
                    "{prize} taken back: the play-off result was corrected",
                    prize=_prize_note(season, place),
                )
            ),
            actor,
        )
    versions.bump(leagues=[season.league_id], teams=sorted(teams))


def _finish_season(season: Season, final: Fixture, third: Fixture, actor: Actor) -> None:
    """Hand the League Trophy to the champion, finish the season and pay the prizes
    (facts §5; BB2025 §10) where the ruleset has gold, unless a post-game of the last
    play-offs is still to be applied (then ``pay_prizes_when_due`` pays them after it)."""
    places = _places(final, third)
    season.champion_id = places[1]
    # The League Trophy passes to the new champion (one holder per league: one column).
    League.objects.filter(pk=season.league_id).update(trophy_holder_id=places[1])
    season.league.trophy_holder_id = places[1]
    season.status = Season.Status.FINISHED
    season.save(update_fields=["champion", "status"])
    pay_prizes_when_due(season, actor)
