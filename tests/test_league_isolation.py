"""Writes in one league leave the others alone.

Pages are validated and their fragments cached by the versions of the league and the
teams they show (core/versions.py, core/conditional.py, the fragment keys of
core/i18n.py): a match recorded, a result corrected or a player hired in league A
gives A's pages a new ETag, while league B's pages keep theirs (a conditional GET
answers 304) and B's cached fragments are still read from the cache (no miss)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest
from django.core.cache import caches
from django.test import Client, TestCase
from django.urls import reverse

from matches import services
from teams import services as team_services
from tests.matches.factories import (
    POST_GAME_SEED,
    Setup,
    all_done,
    event,
    kick_off,
    league_match,
    submit_and_confirm,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]

MISSING = object()


def pages(setup: Setup) -> dict[str, str]:
    """The pages of a league a visitor reads on a match night."""
    return {
        "league home": reverse("league-home", args=[setup.season.league_id]),
        "standings": reverse("season-standings", args=[setup.season.pk]),
        "fixtures": reverse("season-fixtures", args=[setup.season.pk]),
        "leaderboards": reverse("leaderboards-season", args=[setup.season.pk]),
        "team sheet": reverse("team-detail", args=[setup.home.pk]),
        "other team sheet": reverse("team-detail", args=[setup.away.pk]),
        "player": reverse("player-detail", args=[setup.players("home")[0].pk]),
        "standings API": f"/api/v1/leagues/seasons/{setup.season.pk}/standings/",
        "team API": f"/api/v1/teams/{setup.home.pk}/",
    }


class FragmentCounter:
    """Counts the fragment cache's hits and misses by wrapping its ``get`` (the
    ``{% cache %}`` tag and ``core.cache.cached`` read through it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.counts: Counter[str] = Counter()
        store = caches["template_fragments"]
        read = store.get

        def get(key, default=None, version=None):
            value = read(key, MISSING, version)
            self.counts["hit" if value is not MISSING else "miss"] += 1
            return default if value is MISSING else value

        monkeypatch.setattr(store, "get", get)

    def reset(self) -> None:
        self.counts.clear()


def play(setup: Setup, home_touchdowns: int = 1) -> None:
    """The whole match through the services: kick-off, report, confirmation, post-game
    (its tasks run at commit, as a worker would), step 4, closed."""
    kick_off(setup)
    scorer = setup.players("home")[0]
    with TestCase.captureOnCommitCallbacks(execute=True):
        submit_and_confirm(
            setup.home_coach,
            setup.match,
            seed=POST_GAME_SEED,
            home_touchdowns=home_touchdowns,
            away_touchdowns=0,
            events=[event("touchdown", scorer)] * home_touchdowns,
        )
    setup.match.refresh_from_db()
    with TestCase.captureOnCommitCallbacks(execute=True):
        all_done(setup)
    setup.match.refresh_from_db()
    services.close_match(setup.home_coach, setup.match)


def correct(setup: Setup) -> None:
    with TestCase.captureOnCommitCallbacks(execute=True):
        services.correct_report(
            setup.commissioner,
            setup.match,
            home_touchdowns=0,
            away_touchdowns=0,
            events=[],
            note="The touchdown was scored after the final whistle.",
        )


def hire(setup: Setup) -> None:
    team_services.hire_player(setup.home_coach, setup.home, "human-lineman", "Late Signing")


ACTIONS: dict[str, tuple[Callable[[Setup], None] | None, Callable[[Setup], None]]] = {
    # (what league A did before the pages were read, the write under test)
    "a match recorded": (None, play),
    "a result corrected": (play, correct),
    "a player hired": (None, hire),
}


def etags(client: Client, urls: dict[str, str]) -> dict[str, str]:
    found = {}
    for name, url in urls.items():
        response = client.get(url)
        assert response.status_code == 200, name
        found[name] = response["ETag"]
    return found


@pytest.mark.parametrize("action", ACTIONS)
def test_a_write_in_one_league_leaves_the_other_league_s_pages_and_fragments_alone(
    action, monkeypatch
):
    before, write = ACTIONS[action]
    league_a = league_match(tag="A")
    league_b = league_match(tag="B")
    play(league_b)  # league B has played: its pages show results, tables, SPP
    if before:
        before(league_a)
    fragments = FragmentCounter(monkeypatch)
    client = Client()
    client.get(pages(league_b)["standings"])  # a first visit is given its CSRF cookie
    tags_a = etags(client, pages(league_a))
    tags_b = etags(client, pages(league_b))  # B's fragments rendered and kept

    write(league_a)

    fragments.reset()
    for name, url in pages(league_b).items():
        assert client.get(url, HTTP_IF_NONE_MATCH=tags_b[name]).status_code == 304, name
        again = client.get(url)
        assert again.status_code == 200 and again["ETag"] == tags_b[name], name
    assert fragments.counts["hit"] > 0
    assert fragments.counts["miss"] == 0, fragments.counts
    # the pages league A's write shows on have a new ETag and are rendered anew
    changed = {
        name: tag for name, tag in etags(client, pages(league_a)).items() if tag != tags_a[name]
    }
    assert {"team sheet", "team API", "player"} <= set(changed)
    if action != "a player hired":
        shown = {"league home", "standings", "fixtures", "team sheet", "other team sheet", "player"}
        assert shown | {"standings API", "team API"} <= set(changed)


def test_a_signed_in_coach_of_league_b_keeps_his_etags_when_league_a_plays(client):
    league_a = league_match(tag="A")
    league_b = league_match(tag="B")
    client.force_login(league_b.home_coach)
    client.get(pages(league_b)["standings"])  # a first visit is given its CSRF cookie
    tags_b = etags(client, pages(league_b))
    play(league_a)
    for name, url in pages(league_b).items():
        assert client.get(url, HTTP_IF_NONE_MATCH=tags_b[name]).status_code == 304, name
