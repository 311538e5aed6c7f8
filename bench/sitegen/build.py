"""Generating played leagues: rows built with the models' constructors, the numbers
the rules decide taken from the engine, written in bulk (``bench.sitegen.load``).

Each league: a commissioner and one coach per team (``commissioner-<L>``,
``coach-<L>-<n>``, one password), teams drafted by the engine's draft rules (its
costs, its players' values), closed seasons of a single round robin and a current
season of a double round robin whose first rounds are played and whose current round
still has fixtures to play. Every played fixture has its match (closed), its
confirmed report, its events (touchdowns, completions, casualties and the victims'
injuries), its dice (fan factors, weather, dedicated fans, MVP), its post-game
application with its effects, each side's winnings in the ledger (the engine's
``winnings``), the dedicated fans change (the engine's), each available player's
statistics row (the engine's SPP awards), injury records; then the maintained rows
(standings, the players' season totals) are filled once by the services' own
rebuilds, as a restore does, and every league and team has its version row.
"""

from __future__ import annotations

import datetime
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from bench.sitegen.load import Loader, loader_for
from core.models import Version
from leagues.models import Division, Fixture, League, Round, Season, TeamEntry
from leagues.services.standings_sync import refresh_season_totals
from matches.models import (
    DiceRoll,
    Match,
    MatchEvent,
    PlayerMatchStats,
    PostGameApplication,
    Report,
)
from matches.models_postgame import AppliedEffect
from matches.totals import rebuild_season
from rules_engine import DraftProposal, check_draft, get_ruleset, validate_draft
from rules_engine.bb2020.postgame import dedicated_fans_change, winnings
from rules_engine.league_tables import spp_award
from rules_engine.ruleset import Roster, Ruleset
from teams.models import AuditEntry, InjuryRecord, LedgerReason, Player, Team, TreasuryEntry
from teams.services.draft import PlayerPick, new_players

RULESET = "bb2020"
ROSTERS = (
    "human",
    "orc",
    "dwarf",
    "skaven",
    "elven-union",
    "wood-elf",
    "lizardmen",
    "norse",
    "dark-elf",
    "amazon",
    "high-elf",
    "shambling-undead",
    "black-orc",
    "imperial-nobility",
)
SQUAD = 13  # players drafted per team (11 at least stay active)
WEEK = datetime.timedelta(days=7)


@dataclass(frozen=True)
class Options:
    leagues: int
    teams: int = 20
    matches: int = 300
    seed: int = 1
    loader: str = "auto"
    batch: int = 10
    password: str = "sitegen-pass-1"


def round_robin(teams: list[Any]) -> list[list[tuple[Any, Any]]]:
    """The circle method: len(teams) - 1 rounds (a bye where the count is odd)."""
    sides = list(teams) + ([None] if len(teams) % 2 else [])
    n = len(sides)
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = sides[i], sides[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        sides = [sides[0], sides[-1], *sides[1:-1]]
    return rounds


@dataclass
class Draft:
    """One roster's draft as the engine prices it: the picks, re-rolls, cost."""

    roster: Roster
    counts: dict[str, int]
    rerolls: int
    cost: int
    budget: int


def plan_draft(ruleset: Ruleset, slug: str) -> Draft | None:
    """SQUAD players: the cheapest positions filled first up to their maximum, then
    the re-rolls the rest of the budget pays for; None where the engine refuses."""
    roster = ruleset.roster(slug)
    positions = sorted(roster.positions.values(), key=lambda p: (p.cost, p.slug))
    counts: dict[str, int] = {}
    left = SQUAD
    for position in positions:
        if position.big_guy or not left:
            continue
        take = min(position.max_count, left)
        counts[position.slug] = take
        left -= take
    if left:
        return None
    for rerolls in (3, 2, 1, 0):
        proposal = DraftProposal(roster_slug=slug, players=counts, rerolls=rerolls)
        if not validate_draft(ruleset, proposal):
            cost = check_draft(ruleset, proposal)
            return Draft(roster, counts, rerolls, cost.total, cost.budget)
    return None


_ORDERS: dict[type, tuple[list[str], list[Callable[[], Any]]]] = {}


def make(model: type, **values: Any) -> Any:
    """``model(...)`` through its constructor's positional form (as ``from_db`` calls
    it: every concrete field in order, the defaults filled as the keyword form fills
    them), half as slow for the hundreds of thousands of rows of a batch."""
    if model not in _ORDERS:
        fields = model._meta.concrete_fields  # type: ignore[attr-defined]
        _ORDERS[model] = ([f.attname for f in fields], [f.get_default for f in fields])
    names, defaults = _ORDERS[model]
    unknown = values.keys() - set(names)
    if unknown:
        raise TypeError(f"{model.__name__} has no column {sorted(unknown)}")
    return model(*[values[n] if n in values else d() for n, d in zip(names, defaults, strict=True)])


@dataclass
class Ids:
    """The next primary key of each model: rows are written with their ids."""

    next: dict[type, int] = field(default_factory=dict)

    def take(self, model: type, obj: Any = None) -> int:
        if model not in self.next:
            last = model.objects.order_by("-pk").values_list("pk", flat=True).first()
            self.next[model] = (last or 0) + 1
        pk = self.next[model]
        self.next[model] = pk + 1
        if obj is not None:
            obj.pk = pk
        return pk


class TeamState:
    """A team's changing state while its matches are generated."""

    def __init__(self, team: Team, players: list[Player]) -> None:
        self.team = team
        self.players = players
        self.balance = team.treasury
        self.miss_next: set[int] = set()

    def active(self) -> list[Player]:
        return [p for p in self.players if p.status == Player.Status.ACTIVE]

    def available(self) -> list[Player]:
        return [p for p in self.active() if p.pk not in self.miss_next]


@dataclass
class Rows:
    """The rows of a batch of leagues, in the order they are written."""

    by_model: dict[type, list[Any]] = field(default_factory=dict)

    def add(self, ids: Ids, obj: Any) -> Any:
        model = type(obj)
        ids.take(model, obj)
        self.by_model.setdefault(model, []).append(obj)
        return obj


ORDER: list[type] = [
    User,
    League,
    League.commissioners.through,
    League.coaches.through,
    Season,
    Division,
    Round,
    Team,
    Player,
    TeamEntry,
    Fixture,
    Match,
    Report,
    MatchEvent,
    DiceRoll,
    PostGameApplication,
    TreasuryEntry,
    InjuryRecord,
    AppliedEffect,
    PlayerMatchStats,
    AuditEntry,
    Version,
]


class Generator:
    def __init__(self, options: Options, loader: Loader) -> None:
        self.options = options
        self.loader = loader
        self.rng = random.Random(options.seed)
        self.ids = Ids()
        self.ruleset = get_ruleset(RULESET)
        self.drafts = [d for slug in ROSTERS if (d := plan_draft(self.ruleset, slug))]
        self.password = make_password(options.password)  # hashed once: one for all
        self.now = timezone.now()
        self.spp = {name: spp_award(name, ruleset_key=RULESET) for name in _AWARDS}
        self.first = League.objects.filter(name__startswith="Sitegen League ").count()
        self.season_ids: list[int] = []  # the league being generated's, oldest first
        self.league_start = self.now  # when the league being generated began

    # --- one league -------------------------------------------------------------

    def league(self, rows: Rows, number: int) -> dict[str, Any]:
        o, ids = self.options, self.ids
        commissioner = rows.add(
            ids, User(username=f"commissioner-{number}", password=self.password)
        )
        coaches = [
            rows.add(ids, User(username=f"coach-{number}-{n}", password=self.password))
            for n in range(o.teams)
        ]
        per_round = o.teams // 2
        single_rounds = len(round_robin(list(range(o.teams))))
        single_total = single_rounds * per_round
        closed = o.matches // single_total
        current_played = o.matches - closed * single_total
        current_start = self.now - WEEK * (current_played // max(per_round, 1) + 1)
        starts = [current_start - WEEK * (single_rounds + 4) * (closed - s) for s in range(closed)]
        starts.append(current_start)
        self.league_start = starts[0] - 2 * WEEK
        league = rows.add(
            ids,
            League(name=f"Sitegen League {number}", ruleset=RULESET, created_at=self.league_start),
        )
        rows.add(
            ids,
            League.commissioners.through(league_id=league.pk, user_id=commissioner.pk),
        )
        for coach in coaches:
            rows.add(ids, League.coaches.through(league_id=league.pk, user_id=coach.pk))
        states = [self.team(rows, league, coach, number, n) for n, coach in enumerate(coaches)]
        to_play: list[dict[str, Any]] = []
        self.season_ids = []
        for s, start in enumerate(starts):
            current = s == closed
            to_play += self.season(rows, league, commissioner, states, s + 1, current, start)
        for state in states:
            state.team.treasury = state.balance
            for p in state.players:
                p.miss_next_game = p.pk in state.miss_next
        rows.add(ids, Version(scope=Version.Scope.LEAGUE, object_id=league.pk, value=1))
        for state in states:
            rows.add(ids, Version(scope=Version.Scope.TEAM, object_id=state.team.pk, value=1))
        return {
            "id": league.pk,
            "number": number,
            "name": league.name,
            "commissioner": commissioner.username,
            "current_season_id": self.season_ids[-1],
            "season_ids": self.season_ids,
            "coaches": [
                {
                    "username": c.username,
                    "team_id": s.team.pk,
                    "player_ids": [p.pk for p in s.active()],
                }
                for c, s in zip(coaches, states, strict=True)
            ],
            "to_play": to_play,
        }

    def team(self, rows: Rows, league: League, coach: User, number: int, n: int) -> TeamState:
        draft = self.drafts[(number * 7 + n) % len(self.drafts)]
        team = rows.add(
            self.ids,
            Team(
                name=f"L{number} {draft.roster.name} {n}",
                coach=coach,
                ruleset=RULESET,
                roster_slug=draft.roster.slug,
                rerolls=draft.rerolls,
                dedicated_fans=1,
                status=Team.Status.ACTIVE,
                treasury=0,
                created_at=self.league_start,
            ),
        )
        picks = [PlayerPick(key=slug) for slug, count in draft.counts.items() for _ in range(count)]
        for shirt, pick in enumerate(picks, start=1):
            pick.number = shirt
        players = [
            rows.add(self.ids, p) for p in new_players(self.ruleset, draft.roster, team, picks)
        ]
        for player in players:
            player.hired_at = self.league_start
        state = TeamState(team, players)
        self.post(rows, state, draft.budget, LedgerReason.DRAFT_BUDGET, "Draft budget", coach)
        self.post(
            rows,
            state,
            -draft.cost,
            LedgerReason.DRAFT_PURCHASE,
            f"Drafted {len(players)} players and {draft.rerolls} team re-rolls",
            coach,
        )
        rows.add(
            self.ids,
            AuditEntry(
                actor=coach,
                action="team.draft",
                message=f"{coach.username} drafted {team.name} ({draft.roster.name}).",
                league=league,
                team=team,
                data={"roster": draft.roster.slug, "ruleset": RULESET, "cost": draft.cost},
                at=self.league_start,
            ),
        )
        return state

    def post(
        self,
        rows: Rows,
        state: TeamState,
        amount: int,
        reason: str,
        note: str,
        actor: User,
        match: Match | None = None,
        when: datetime.datetime | None = None,
    ) -> TreasuryEntry:
        state.balance += amount
        return rows.add(
            self.ids,
            make(
                TreasuryEntry,
                team_id=state.team.pk,
                amount=amount,
                reason=reason,
                note=note,
                balance_after=state.balance,
                created_by_id=actor.pk,
                match_id=match.pk if match else None,
                created_at=when or self.league_start,
            ),
        )

    # --- seasons ----------------------------------------------------------------

    def season(
        self,
        rows: Rows,
        league: League,
        commissioner: User,
        states: list[TeamState],
        number: int,
        current: bool,
        start: datetime.datetime,
    ) -> list[dict[str, Any]]:
        o, ids = self.options, self.ids
        season = rows.add(
            ids,
            Season(
                league_id=league.pk,
                number=number,
                status=Season.Status.REGULAR_SEASON if current else Season.Status.FINISHED,
                format=(
                    Season.Format.DOUBLE_ROUND_ROBIN
                    if current
                    else Season.Format.SINGLE_ROUND_ROBIN
                ),
                ruleset=RULESET,
                created_at=start - WEEK,
            ),
        )
        self.season_ids.append(season.pk)
        division = rows.add(ids, Division(season_id=season.pk, name="Division 1"))
        for state in states:
            rows.add(
                ids,
                make(
                    TeamEntry,
                    season_id=season.pk,
                    division_id=division.pk,
                    team_id=state.team.pk,
                    created_at=start - WEEK,
                ),
            )
        schedule = round_robin(states)
        if current:
            schedule = schedule + [[(b, a) for a, b in pairs] for pairs in schedule]
        per_round = o.teams // 2
        single_total = len(round_robin(states)) * per_round
        played = o.matches - (number - 1) * single_total if current else len(schedule) * per_round
        if current:  # the current round keeps fixtures to play
            played = min(played, (len(schedule) - 1) * per_round)
        to_play = []
        count = 0
        for r, pairs in enumerate(schedule, start=1):
            deadline = start + WEEK * r
            round_row = rows.add(ids, make(Round, season_id=season.pk, number=r, deadline=deadline))
            for home, away in pairs:
                fixture = rows.add(
                    ids,
                    make(
                        Fixture,
                        season_id=season.pk,
                        division_id=division.pk,
                        round_id=round_row.pk,
                        kind=Fixture.Kind.LEAGUE,
                        home_id=home.team.pk,
                        away_id=away.team.pk,
                        deadline=deadline,
                        created_at=start - WEEK,
                    ),
                )
                if count < played:
                    self.play(rows, league, commissioner, season, fixture, home, away, deadline)
                else:
                    to_play.append(
                        {
                            "fixture_id": fixture.pk,
                            "round": r,
                            "home_team_id": home.team.pk,
                            "away_team_id": away.team.pk,
                            "home_coach": home.team.coach.username,
                            "away_coach": away.team.coach.username,
                        }
                    )
                count += 1
        if not current:
            return []
        first_open = to_play[0]["round"] if to_play else None
        return [f for f in to_play if f["round"] == first_open]

    # --- one played match -------------------------------------------------------

    def play(
        self,
        rows: Rows,
        league: League,
        commissioner: User,
        season: Season,
        fixture: Fixture,
        home: TeamState,
        away: TeamState,
        when: datetime.datetime,
    ) -> None:
        rng, ids = self.rng, self.ids
        sides = {"home": home, "away": away}
        lineups = {side: state.available() for side, state in sides.items()}
        score = {side: rng.choice((0, 0, 1, 1, 1, 2, 2, 3)) for side in sides}
        match = rows.add(
            ids,
            make(
                Match,
                fixture_id=fixture.pk,
                status=Match.Status.CLOSED,
                pre_game_seed=rng.randrange(1 << 30),
                post_game_seed=rng.randrange(1 << 30),
                kicked_off_at=when - datetime.timedelta(hours=2),
                created_at=when - datetime.timedelta(hours=3),
                closed_at=when,
            ),
        )
        report = rows.add(
            ids,
            make(
                Report,
                match_id=match.pk,
                home_touchdowns=score["home"],
                away_touchdowns=score["away"],
                confirmation=Report.Confirmation.CONFIRMED,
                results_ready=True,
                post_game_complete=True,
                submitted_by_id=home.team.coach.pk,
                submitted_at=when - datetime.timedelta(minutes=30),
                confirmed_by_id=away.team.coach.pk,
                confirmed_at=when - datetime.timedelta(minutes=20),
            ),
        )
        dice = 0
        fan_factor = {}
        for side, state in sides.items():
            d3 = rng.randint(1, 3)
            fan_factor[side] = d3 + state.team.dedicated_fans
            rows.add(
                ids,
                make(
                    DiceRoll,
                    match_id=match.pk,
                    sequence="pre_game",
                    index=dice,
                    step="fan_factor",
                    purpose=f"Fan Factor ({side})",
                    die="D3",
                    result=d3,
                ),
            )
            dice += 1
        rows.add(
            ids,
            make(
                DiceRoll,
                match_id=match.pk,
                sequence="pre_game",
                index=dice,
                step="weather",
                purpose="Weather",
                die="2D6",
                result=[rng.randint(1, 6), rng.randint(1, 6)],
            ),
        )

        # events: who scored, passed, hurt whom
        def event(**fields: Any) -> Any:
            """One of the match's events, as its report holds it."""
            return rows.add(
                ids,
                make(MatchEvent, created_at=when, match_id=match.pk, report_id=report.pk, **fields),
            )

        done: dict[int, Counter[str]] = {}
        casualties = {"home": 0, "away": 0}
        hurt: list[tuple[str, Player, str]] = []
        for side, other in (("home", "away"), ("away", "home")):
            for _ in range(score[side]):
                scorer = rng.choice(lineups[side])
                done.setdefault(scorer.pk, Counter())["Touchdown"] += 1
                event(
                    kind="touchdown",
                    side=side,
                    player_id=scorer.pk,
                )
            for _ in range(rng.choice((0, 1, 1, 2))):
                thrower = rng.choice(lineups[side])
                done.setdefault(thrower.pk, Counter())["Completion"] += 1
                event(
                    kind="completion",
                    side=side,
                    player_id=thrower.pk,
                )
            for _ in range(rng.choice((0, 0, 1, 1, 2))):
                hitter = rng.choice(lineups[side])
                victim = rng.choice(lineups[other])
                done.setdefault(hitter.pk, Counter())["Casualty"] += 1
                casualties[side] += 1
                event(
                    kind="casualty",
                    side=side,
                    player_id=hitter.pk,
                    victim_id=victim.pk,
                    by_block=True,
                )
                result = rng.choices(
                    ("badly_hurt", "seriously_hurt", "serious_injury", "dead"), (70, 20, 8, 2)
                )[0]
                # Deaths take effect in the post-game: count this match's too, so a
                # team keeps the eleven it needs to play.
                dying = sum(1 for s, _, r in hurt if s == other and r == "dead")
                if result == "dead" and len(sides[other].active()) - dying <= 11:
                    result = "seriously_hurt"
                event(
                    kind="injury",
                    side=other,
                    player_id=victim.pk,
                    injury=result,
                )
                hurt.append((other, victim, result))
        fixture.status = Fixture.Status.PLAYED
        fixture.home_touchdowns, fixture.away_touchdowns = score["home"], score["away"]
        fixture.home_casualties, fixture.away_casualties = casualties["home"], casualties["away"]
        fixture.played_at = when
        # the post-game
        application = rows.add(
            ids,
            make(
                PostGameApplication,
                report_id=report.pk,
                match_id=match.pk,
                applied_by_id=away.team.coach.pk,
                applied_at=when,
            ),
        )
        attendance = fan_factor["home"] + fan_factor["away"]
        post_dice = 0
        for side, state in sides.items():
            gold = winnings(attendance, score[side])
            entry = self.post(
                rows,
                state,
                gold,
                LedgerReason.WINNINGS,
                f"Winnings, match #{match.pk}",
                state.team.coach,
                match,
                when,
            )
            rows.add(
                ids,
                make(
                    AppliedEffect,
                    application_id=application.pk,
                    kind="ledger",
                    team_id=state.team.pk,
                    amount=gold,
                    ledger_entry_id=entry.pk,
                ),
            )
            other = "away" if side == "home" else "home"
            result = (
                "win"
                if score[side] > score[other]
                else "loss"
                if score[side] < score[other]
                else "draw"
            )
            d6 = rng.randint(1, 6)
            rows.add(
                ids,
                make(
                    DiceRoll,
                    match_id=match.pk,
                    report_id=report.pk,
                    sequence="post_game",
                    index=post_dice,
                    step="dedicated_fans",
                    purpose=f"Dedicated Fans ({side})",
                    die="D6",
                    result=d6,
                ),
            )
            post_dice += 1
            change = dedicated_fans_change(result, state.team.dedicated_fans, d6)
            if change:
                before = state.team.dedicated_fans
                state.team.dedicated_fans = before + change
                rows.add(
                    ids,
                    make(
                        AppliedEffect,
                        application_id=application.pk,
                        kind="dedicated_fans",
                        team_id=state.team.pk,
                        amount=change,
                        before={"dedicated_fans": before},
                        after={"dedicated_fans": before + change},
                    ),
                )
            mvp = rng.choice(lineups[side])
            rows.add(
                ids,
                make(
                    DiceRoll,
                    match_id=match.pk,
                    report_id=report.pk,
                    sequence="post_game",
                    index=post_dice,
                    step="mvp",
                    purpose=f"MVP ({side})",
                    die="D6",
                    result=rng.randint(1, 6),
                ),
            )
            post_dice += 1
            done.setdefault(mvp.pk, Counter())["MVP"] += 1
            state.miss_next.clear()  # served this match
            for player in lineups[side]:
                tally = done.get(player.pk, Counter())
                spp = sum(self.spp[name] * n for name, n in tally.items())
                rows.add(
                    ids,
                    make(
                        PlayerMatchStats,
                        player_id=player.pk,
                        match_id=match.pk,
                        application_id=application.pk,
                        team_id=state.team.pk,
                        season_id=season.pk,
                        touchdowns=tally["Touchdown"],
                        completions=tally["Completion"],
                        casualties=tally["Casualty"],
                        spp=spp,
                        mvp=player.pk == mvp.pk,
                    ),
                )
                if spp:
                    player.spp_earned += spp
                    rows.add(
                        ids,
                        make(
                            AppliedEffect,
                            application_id=application.pk,
                            kind="spp",
                            team_id=state.team.pk,
                            player_id=player.pk,
                            amount=spp,
                        ),
                    )
        for side, victim, result in hurt:
            self.injure(rows, application, match, sides[side], victim, result)
        rows.add(
            ids,
            make(
                AuditEntry,
                actor_id=away.team.coach.pk,
                action="match.confirm",
                message=(
                    f"{away.team.coach.username} confirmed {home.team.name} {score['home']}-"
                    f"{score['away']} {away.team.name}."
                ),
                league_id=league.pk,
                team_id=home.team.pk,
                other_team_id=away.team.pk,
                data={"match": match.pk, "home": score["home"], "away": score["away"]},
                at=when,
            ),
        )

    def injure(
        self,
        rows: Rows,
        application: PostGameApplication,
        match: Match,
        state: TeamState,
        victim: Player,
        result: str,
    ) -> None:
        if result == "badly_hurt" or victim.status != Player.Status.ACTIVE:
            return
        kind = {
            "seriously_hurt": InjuryRecord.Kind.MISS_NEXT_GAME,
            "serious_injury": InjuryRecord.Kind.NIGGLING,
            "dead": InjuryRecord.Kind.DEAD,
        }[result]
        record = rows.add(
            self.ids,
            make(
                InjuryRecord,
                player_id=victim.pk,
                kind=kind,
                source=f"Match #{match.pk}",
                created_at=match.closed_at,
                match_id=match.pk,
            ),
        )
        before = {"status": victim.status, "niggling_injuries": victim.niggling_injuries}
        if result == "dead":
            victim.status = Player.Status.DEAD
            victim.left_at = match.closed_at
        elif result == "serious_injury":
            victim.niggling_injuries += 1
            state.miss_next.add(victim.pk)
        else:
            state.miss_next.add(victim.pk)
        after = {"status": victim.status, "niggling_injuries": victim.niggling_injuries}
        rows.add(
            self.ids,
            make(
                AppliedEffect,
                application_id=application.pk,
                kind="injury",
                team_id=state.team.pk,
                player_id=victim.pk,
                before=before,
                after=after,
                injury_record_id=record.pk,
            ),
        )

    # --- the whole build --------------------------------------------------------

    def batches(self) -> Iterator[range]:
        o = self.options
        for start in range(0, o.leagues, o.batch):
            yield range(self.first + start, self.first + min(start + o.batch, o.leagues))

    def run(self, progress: Callable[[str], None]) -> dict[str, Any]:
        leagues = []
        spent = Counter[str]()
        for numbers in self.batches():
            rows = Rows()
            began = time.perf_counter()
            made = [self.league(rows, n) for n in numbers]
            generated = time.perf_counter()
            with transaction.atomic():
                self.loader.begin()
                for model in ORDER:
                    self.loader.write(model, rows.by_model.get(model, []))
                self.loader.finish([m for m in ORDER if rows.by_model.get(m)])
                written = time.perf_counter()
                analyse(Fixture, TeamEntry, PlayerMatchStats)  # the rebuilds' plans need them
                for season in rows.by_model.get(Season, []):
                    refresh_season_totals(season.pk)
                    rebuild_season(season.pk)
                maintained = time.perf_counter()
            committed = time.perf_counter()  # the deferred foreign keys checked
            spent.update(
                generate=generated - began,
                write=written - generated,
                maintain=maintained - written,
                commit=committed - maintained,
            )
            leagues += made
            done = numbers.stop - self.first
            progress(
                f"  {done}/{self.options.leagues} leagues; so far: generating "
                f"{spent['generate']:.1f} s, writing ({self.loader.name}) {spent['write']:.1f} s, "
                f"maintained rows {spent['maintain']:.1f} s, commit {spent['commit']:.1f} s"
            )
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE")
        return {
            "loader": self.loader.name,
            "password": self.options.password,
            "seconds": {k: round(v, 2) for k, v in spent.items()},
            "leagues": leagues,
        }


def analyse(*models: type) -> None:
    """PostgreSQL's statistics of tables just grown by a batch (autovacuum analyses them
    later: the rebuilds' plans need them now)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            for model in models:
                cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


_AWARDS = ("Touchdown", "Completion", "Casualty", "MVP")


def build(options: Options, progress: Callable[[str], None] = print) -> dict[str, Any]:
    """Build ``options.leagues`` leagues; the manifest of what was built."""
    return Generator(options, loader_for(options.loader)).run(progress)
