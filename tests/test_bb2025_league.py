"""Blood Bowl 2025 end to end in the apps: every roster drafts through the
services, the draft's BB2025 rules (Favoured of ... at the draft, Team Captain) through
the API, the ruleset page's "Dugout's reading", and a BB2025 league's season played
through the API: regular season, play-offs, roll-over and each team's re-draft, the
treasury equal to the ledger at every step."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from rules_engine import get_ruleset
from rules_engine.bb2025 import DUGOUTS_READING
from rules_engine.draft import draft_rules_for, has_trait
from teams.models import Team
from teams.selectors import value_breakdown
from teams.services import draft_team
from tests.factories import UserFactory, assert_treasury_is_ledger

LEAGUES, MATCHES, TEAMS = "/api/v1/leagues", "/api/v1/matches", "/api/v1/teams"
BB2025 = get_ruleset("bb2025")
RULES = draft_rules_for(BB2025)


def minimal_draft(slug: str) -> dict[str, Any]:
    """Each position's minimum, then the cheapest positions (Big Guys last, Insignificant
    players only once as many others are in: facts section 1) up to 11 players; the
    Favoured of ... choice and the Team Captain where the roster asks."""
    roster = BB2025.roster(slug)
    counts = {p.slug: p.min_count for p in roster.positions.values() if p.min_count}
    order = sorted(
        roster.positions.values(),
        key=lambda p: (has_trait(p, "Insignificant"), p.big_guy, p.cost),
    )
    for position in order:
        while sum(counts.values()) < 11 and counts.get(position.slug, 0) < position.max_count:
            counts[position.slug] = counts.get(position.slug, 0) + 1
    captain = None
    if RULES.names_team_captain(roster):
        captain = next(s for s in counts if not roster.positions[s].big_guy)
    return {
        "players": counts,
        "special_rule_choice": roster.special_rule_choices[0]
        if roster.special_rule_choices
        else None,
        "team_captain": captain,
    }


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def ok(response: Any, *codes: int) -> Any:
    assert response.status_code in (codes or (200,)), (response.status_code, response.json())
    return response.json()


@pytest.fixture(autouse=True)
def _eager_celery():
    """Post-games are applied by their task in-process, even when REDIS_URL points the
    project's Celery app at a broker (CI's second pass), as in tests/matches."""
    from config.celery import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


@pytest.mark.django_db
@pytest.mark.parametrize("slug", sorted(BB2025.rosters))
def test_every_bb2025_roster_drafts_through_the_services(slug):
    draft = minimal_draft(slug)
    team = draft_team(
        UserFactory(), name=f"BB2025 {slug}", ruleset_key="bb2025", roster_slug=slug, **draft
    )
    assert team.ruleset == "bb2025" and team.players.count() == 11
    assert_treasury_is_ledger(team)
    breakdown = value_breakdown(team)  # the engine's team value of the team as stored
    assert breakdown.players == sum(p.current_value for p in team.players.all())
    if draft["team_captain"]:
        captain = (
            team.players.filter(
                position_slug=BB2025.roster(slug).positions.resolve(draft["team_captain"])
            )
            .order_by("number")
            .first()
        )
        assert list(captain.skills.values_list("skill", flat=True)) == [RULES.captain_skill]


@pytest.mark.django_db
def test_the_draft_api_asks_the_favoured_of_choice_and_the_team_captain():
    client = client_for(UserFactory())
    human = minimal_draft("human")
    body = {"name": "Nuln Captains", "ruleset": "bb2025", "roster": "human"}
    refused = client.post(f"{TEAMS}/", {**body, "players": human["players"]}, format="json")
    assert refused.status_code == 400
    assert any("Team Captain" in e for e in refused.json()["errors"])
    ogre = next(p.slug for p in BB2025.roster("human").positions.values() if p.big_guy)
    preview = ok(
        client.post(
            f"{TEAMS}/draft-preview/",
            {**body, "players": {**human["players"], ogre: 1}, "team_captain": ogre},
            format="json",
        )
    )
    assert any("Big Guy cannot be" in e for e in preview["errors"])
    sheet = ok(
        client.post(
            f"{TEAMS}/",
            {**body, "players": human["players"], "team_captain": human["team_captain"]},
            format="json",
        ),
        201,
    )
    assert any("Pro" in str(p) for p in sheet["players"])

    chaos = minimal_draft("chaos-chosen")
    body = {"name": "Favoured Few", "ruleset": "bb2025", "roster": "chaos-chosen"}
    refused = client.post(f"{TEAMS}/", {**body, "players": chaos["players"]}, format="json")
    assert refused.status_code == 400
    assert any("when drafted" in e for e in refused.json()["errors"])
    body["special_rule_choice"] = chaos["special_rule_choice"]
    ok(client.post(f"{TEAMS}/", {**body, "players": chaos["players"]}, format="json"), 201)
    team = Team.objects.get(name="Favoured Few")
    assert team.special_rule_choice == chaos["special_rule_choice"]
    assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_ruleset_page_lists_dugouts_reading(client):
    page = client.get("/rulesets/bb2025/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Dugout&#x27;s reading" in text or "Dugout's reading" in text
    from django.utils.html import escape

    for reading in DUGOUTS_READING:
        assert escape(reading.english()) in text


@pytest.mark.django_db
def test_the_draft_page_offers_the_choice_first_and_the_captain(client):
    client.force_login(UserFactory())
    page = client.get("/teams/draft/bb2025/chaos-chosen/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "before buying what depends on it" in text
    assert text.index('name="special_rule_choice"') < text.index("<h2>Players</h2>")
    page = client.get("/teams/draft/bb2025/human/")
    assert 'name="team_captain"' in page.content.decode()


# --- a season through the API -----------------------------------------------------------


def pre_game_answer(choice: dict[str, Any]) -> Any:
    if choice["kind"] == "kick_or_receive":
        return "receive"
    if choice["kind"] == "journeymen_position":
        return (choice["options"].get("positions") or [None])[0]
    if choice["kind"] == "petty_cash":
        return 0
    if choice["kind"] == "pitch":
        return "one_trapdoor"
    return {}


def play(
    coaches: dict[str, APIClient], fixture: dict[str, Any], score: tuple[int, int], capture: Any
) -> None:
    """One fixture through the API: pre-game, touchdowns (and a landing), the report
    (the loser stalled), MVP nominees and step 4, close."""
    home, away = coaches[fixture["home"]["id"]], coaches[fixture["away"]["id"]]
    by_side = {"home": home, "away": away}
    match = ok(home.post(f"{MATCHES}/", {"fixture": fixture["id"]}, format="json"), 201)
    url = f"{MATCHES}/{match['id']}"
    state = ok(away.post(f"{url}/start-pre-game/"))
    for _ in range(12):
        if not state["pending"]:
            break
        choice = state["pending"][0]
        body = {"kind": choice["kind"], "answer": pre_game_answer(choice)}
        state = ok(by_side[choice["side"]].post(f"{url}/pre-game-choices/", body, format="json"))
    assert ok(home.post(f"{url}/start/"))["status"] == "in_play"
    from matches import selectors
    from matches.models import Match

    played = {
        side: [p.pk for p in selectors.players_who_played(Match.objects.get(pk=match["id"]), side)]
        for side in ("home", "away")
    }
    for side, tds in zip(("home", "away"), score, strict=True):
        for n in range(tds):
            event = {"kind": "touchdown", "player": played[side][-1 - n]}
            ok(by_side[side].post(f"{url}/events/", event, format="json"), 201)
    ok(home.post(f"{url}/events/", {"kind": "landing", "player": played["home"][0]}), 201)
    loser = "home" if score[0] < score[1] else "away"
    report = {"home_touchdowns": score[0], "away_touchdowns": score[1], f"{loser}_stalled": True}
    with capture(execute=True):  # the post-game is applied by a task queued on commit
        ok(home.post(f"{url}/report/", report, format="json", HTTP_IDEMPOTENCY_KEY=url), 201)
        ok(away.post(f"{url}/confirm/"))  # the other coach confirms: the post-game starts
    post_game = ok(home.get(f"{url}/post-game/"))
    for _ in range(8):
        if not post_game["pending"]:
            break
        side = post_game["pending"][0]["side"]
        body: dict[str, Any] = {"side": side}
        for c in post_game["pending"]:
            if c["side"] == side and c["kind"] == "mvp_nominees":
                body["mvp_nominees"] = c["options"]["players"][: c["options"]["nominees"]]
        with capture(execute=True):
            post_game = ok(by_side[side].post(f"{url}/post-game-choices/", body, format="json"))
    post_game = ok(home.get(f"{url}/post-game/"))
    assert post_game["complete"] and post_game["applied"], post_game["pending"]
    assert ok(away.post(f"{url}/close/"))["status"] == "closed"
    stored = ok(home.get(f"{url}/report/"))
    assert stored["team_extras"] == {f"{loser}_stalled": True}
    outcome = stored["post_game"]
    assert outcome[loser]["stalled"] is True if "stalled" in outcome[loser] else True


def books(team_ids: list[int]) -> None:
    for team in Team.objects.filter(pk__in=team_ids):
        assert_treasury_is_ledger(team)


@pytest.mark.django_db
def test_a_bb2025_league_plays_a_season_with_playoffs_and_a_redraft_through_the_api(
    django_capture_on_commit_callbacks,
):
    capture = django_capture_on_commit_callbacks
    boss_user = UserFactory()
    boss = client_for(boss_user)
    league = ok(boss.post(f"{LEAGUES}/", {"name": "BB2025 Life", "ruleset": "bb2025"}), 201)
    assert league["ruleset"] == "bb2025"
    season = ok(
        boss.post(f"{LEAGUES}/{league['id']}/open-season/", {"format": "single"}, format="json"),
        201,
    )
    coaches: dict[int, APIClient] = {}
    team_ids = []
    for n, slug in enumerate(("human", "chaos-chosen", "dwarf", "skaven")):
        coach = client_for(UserFactory())
        draft = minimal_draft(slug)
        body = {"name": f"Life {slug}", "ruleset": "bb2025", "roster": slug, **draft}
        sheet = ok(coach.post(f"{TEAMS}/", {**body, "rerolls": 1}, format="json"), 201)
        coaches[sheet["id"]] = coach
        team_ids.append(sheet["id"])
        ok(coach.post(f"{LEAGUES}/seasons/{season['id']}/enter/", {"team": sheet["id"]}), 201)
        ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/admit/", {"team": sheet["id"]}), 201)
        assert n == len(team_ids) - 1
    schedule = {"start_date": "2026-03-02", "days_per_round": 7}
    url = f"{LEAGUES}/seasons/{season['id']}/generate-schedule/"
    ok(boss.post(url, schedule, format="json"), 201)
    fixtures = ok(boss.get(f"{LEAGUES}/fixtures/", {"season": season["id"], "page_size": 50}))
    fixtures = fixtures.get("results", fixtures)
    for index, fixture in enumerate(sorted(fixtures, key=lambda f: f["id"])):
        play(coaches, fixture, (2, 1) if index % 2 else (1, 0), capture)
        books(team_ids)
    ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/start-playoffs/"), 201)
    for _ in range(2):  # semi-finals, then the final
        bracket = ok(boss.get(f"{LEAGUES}/seasons/{season['id']}/bracket/"))
        fixtures = ok(boss.get(f"{LEAGUES}/fixtures/", {"season": season["id"], "page_size": 50}))
        fixtures = fixtures.get("results", fixtures)
        for fixture in fixtures:
            if fixture["kind"] != "league" and fixture["status"] == "scheduled":
                play(coaches, fixture, (2, 0), capture)
                books(team_ids)
    assert bracket
    rolled = ok(boss.post(f"{LEAGUES}/seasons/{season['id']}/roll-over/", {}, format="json"), 201)
    assert rolled["closed"]["status"] == "finished"
    assert sorted(t["id"] for t in rolled["awaiting_redraft"]) == sorted(team_ids)
    books(team_ids)
    for team_id, coach in coaches.items():
        kept = [p.pk for p in Team.objects.get(pk=team_id).players.order_by("number")[:11]]
        response = coach.post(
            f"{TEAMS}/{team_id}/redraft/",
            {"rehire": [{"player": pk} for pk in kept], "rerolls": 1},
            format="json",
        )
        assert response.status_code == 200, response.json()
        books([team_id])
    # The pages a coach reads respond.
    from django.test import Client

    page = Client()
    page.force_login(boss_user)
    assert page.get(f"/teams/{team_ids[0]}/").status_code == 200
    assert page.get("/rulesets/bb2025/").status_code == 200
    from matches.models import Match

    assert page.get(f"/matches/{Match.objects.order_by('pk').first().pk}/").status_code == 200
