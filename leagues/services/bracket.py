"""The play-off bracket (facts §5, p.98-101) after the semi-finals: the final and the
third-place match between the right teams, then the prizes and the League Trophy.

``advance_bracket`` runs after every result, forfeit or decision of a play-off
(the season row locked): both semi-finals decided, the final and the third-place
match exist between the right teams (the better seed at home); both of those
decided, the champion holds the League Trophy (``League.trophy_holder``) until the
league's next final, and the prizes are paid into the teams' treasuries (the league's
edition's ``Edition.playoff_prizes``; none where it has no gold): 1st and 2nd to the
finalists, 3rd to the third-place play-off's winner only.

The prizes are paid after the last post-game sequence (BB2025 facts section 10,
"Glittering Prizes"), so they are never exposed to Expensive Mistakes: while the
final's or the third-place match's post-game is still to be applied,
``pay_prizes_when_due`` waits, and the matches app calls it again once that
post-game is applied (``matches.services.postgame.application.apply_final``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.utils import timezone

from core.types import Actor
from leagues.errors import LeagueError
from leagues.models import Fixture, League, PlayoffStage, Season
from rules_engine import Edition, edition_for
from teams.models import LedgerReason
from teams.services import post_to_ledger
from teams.services._common import lock_team

PLACE_NAMES = {1: "1st", 2: "2nd", 3: "3rd"}


def _winner_and_loser(fixture: Fixture) -> tuple[int, int]:
    """(winner, loser) of a decided play-off fixture."""
    if fixture.winner_id is None:
        raise LeagueError(f"{fixture} has no winner yet.")
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
                f"The {PlayoffStage(stage).label.lower()} has been played: the semi-final result "
                "can no longer change who is in it."
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
                        f"The {later.get_stage_display().lower()} has been played: the "
                        "semi-finals must keep their winners."
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
    return edition.playoff_prizes


def _places(final: Fixture, third: Fixture) -> dict[int, int]:
    """Place -> team: the finalists 1st and 2nd, the third-place play-off's winner 3rd."""
    champion, runner_up = _winner_and_loser(final)
    return {1: champion, 2: runner_up, 3: _winner_and_loser(third)[0]}


# The stored value of the matches app's last post-game application phase.
FINAL_PHASE = "final"


def _post_game_owed(fixtures: list[Fixture]) -> bool:
    """Whether a match played for one of ``fixtures`` had its results applied and still
    waits for the rest of its post-game (its ``final`` phase: hiring, Expensive
    Mistakes). A forfeit, or a result entered without a match report, owes none."""
    # Read through the fixture's reverse relations: the matches app sits above this one.
    rows = Fixture.objects.filter(pk__in=[fixture.pk for fixture in fixtures]).values_list(
        "match__id", "match__applications__phase", "match__applications__reverted_at"
    )
    applied = [(match, phase) for match, phase, reverted in rows if phase and reverted is None]
    started = {match for match, _ in applied}
    finished = {match for match, phase in applied if phase == FINAL_PHASE}
    return bool(started - finished)


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


def _pay_prizes(season: Season, places: dict[int, int], actor: Actor) -> None:
    for place, gold in playoff_prizes(season):
        team = lock_team(places[place])
        post_to_ledger(
            team,
            gold,
            LedgerReason.PRIZE,
            f"{season}: {PLACE_NAMES[place]} place prize"
            + (" and the League Trophy" if place == 1 else ""),
            actor,
        )


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
