"""Many coaches' clicks at once against one treasury.

Eight threads, each with its own database connection, wait at a barrier and
then buy at the same moment from a Human team holding 250,000 gp: a team
re-roll after the draft costs 100,000 gp and a Blitzer 85,000 gp, so whatever
the mix exactly two purchases fit. The services lock the team row
(``select_for_update`` on PostgreSQL; SQLite's IMMEDIATE transactions take the
write lock at BEGIN), so the others must see the spent treasury and get the
treasury error: never a negative treasury, never a ledger that disagrees.

On SQLite the race runs in a child process against its own database file
configured as in production (WAL, IMMEDIATE, busy timeout), so the eight
connections race on committed rows rather than inside the test's transaction.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.db import connection

from teams.errors import TreasuryError
from teams.models import Player, PlayerStatus, Team
from teams.services import buy_reroll, hire_player
from tests.factories import assert_treasury_is_ledger, drafted_team, ledger_sum

ROOT = Path(__file__).resolve().parent.parent
TREASURY = 250_000
REROLL_AFTER_DRAFT = 100_000
BLITZER = 85_000


def rich_human_team() -> Team:
    """11 Linemen (550,000) and 4 re-rolls (200,000) from the 1,000,000 budget."""
    team = drafted_team(players={"human-lineman": 11}, rerolls=4)
    assert team.treasury == TREASURY
    assert_treasury_is_ledger(team)
    return team


def race(purchases: list[Callable[[], Any]]) -> list[Any]:
    """Run each purchase in its own thread, all released together; each result
    is what the purchase returned or the exception it raised."""
    barrier = threading.Barrier(len(purchases), timeout=30)
    results: list[Any] = [None] * len(purchases)

    def run(index: int, purchase: Callable[[], Any]) -> None:
        try:
            barrier.wait()
            results[index] = purchase()
        except Exception as error:  # noqa: BLE001 - the result under test
            results[index] = error
        finally:
            connection.close()  # this thread's own connection

    threads = [
        threading.Thread(target=run, args=(n, purchase), name=f"purchase-{n}")
        for n, purchase in enumerate(purchases)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a purchase never finished"
    return results


def check_outcome(team: Team, results: list[Any], succeeded: int) -> None:
    refused = [r for r in results if isinstance(r, Exception)]
    assert all(isinstance(r, TreasuryError) for r in refused), refused
    assert len(results) - len(refused) == succeeded
    for error in refused:
        assert str(error).startswith("Not enough gold in the treasury")
    team.refresh_from_db()
    assert team.treasury >= 0
    assert_treasury_is_ledger(team)
    assert ledger_sum(team) == team.treasury


def rerolls_race(threads: int) -> None:
    team = rich_human_team()
    coach = team.coach
    results = race([lambda: buy_reroll(coach, team) for _ in range(threads)])
    check_outcome(team, results, succeeded=2)
    assert team.rerolls == 4 + 2
    assert team.treasury == TREASURY - 2 * REROLL_AFTER_DRAFT


def mixed_race(threads: int) -> None:
    team = rich_human_team()
    coach = team.coach
    purchases = [
        (lambda: buy_reroll(coach, team))
        if n % 2
        else (lambda: hire_player(coach, team, "human-blitzer"))
        for n in range(threads)
    ]
    results = race(purchases)
    check_outcome(team, results, succeeded=2)
    blitzers = Player.objects.filter(
        team=team, position_slug="human-blitzer", status=PlayerStatus.ACTIVE
    )
    bought_rerolls = team.rerolls - 4
    assert blitzers.count() + bought_rerolls == 2
    assert team.treasury == TREASURY - blitzers.count() * BLITZER - bought_rerolls * (
        REROLL_AFTER_DRAFT
    )
    numbers = list(Player.objects.filter(team=team).values_list("number", flat=True))
    assert len(numbers) == len(set(numbers)) == 11 + blitzers.count()


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_eight_simultaneous_rerolls_on_postgresql_buy_exactly_what_the_gold_allows():
    rerolls_race(threads=8)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_eight_simultaneous_rerolls_and_hires_on_postgresql_buy_exactly_two():
    mixed_race(threads=8)


def _race_on_this_database() -> None:
    """Run in the child process (Django set up): migrate the file database,
    then both races."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    rerolls_race(threads=8)
    mixed_race(threads=8)
    print("both races ok")


def test_eight_simultaneous_purchases_on_a_sqlite_file_buy_exactly_two(settings, tmp_path):
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3":
        pytest.skip("this run is on PostgreSQL: the tests above cover it")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'race.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    code = (
        "import django; django.setup(); "
        "from tests.test_concurrency import _race_on_this_database; _race_on_this_database()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "both races ok" in result.stdout
