"""CONTRIBUTING.md's recipes cannot rot: every path and ``module.name`` they cite
exists, each recipe names the test to copy, and each is followed here once, on copies
of the data and through the extension points it names (where it needs a migration,
which a test cannot add, through test doubles in the tables it says to edit)."""

from __future__ import annotations

import dataclasses
import importlib
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "CONTRIBUTING.md").read_text()
RECIPES = {
    title: body
    for title, body in re.findall(
        r"^### (.+?)\n(.*?)(?=^### |\Z)", TEXT.split("\n## Recipes\n", 1)[1], re.M | re.S
    )
}
PATH = re.compile(r"[\w.-]+(?:/[\w.-]+)+/?")
DOTTED = re.compile(r"[a-z_]\w*(?:\.\w+)+")


def cited(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


def paths(text: str) -> list[str]:
    return [token for token in cited(text) if PATH.fullmatch(token)]


def names(text: str) -> list[str]:
    """The ``module.name`` tokens whose first part is one of this repo's packages."""
    return [
        token
        for token in cited(text)
        if DOTTED.fullmatch(token) and (ROOT / token.split(".")[0] / "__init__.py").exists()
    ]


def resolve(dotted: str) -> Any:
    """The module or attribute ``dotted`` names: the longest importable module, then
    attributes."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            found = getattr(found, attribute)
        return found
    raise ModuleNotFoundError(dotted)


def test_there_is_a_recipe_for_each_change_that_comes_up():
    titles = " | ".join(RECIPES).lower()
    for change in (
        "ruleset",
        "inducement",
        "table row",
        "match event kind",
        "standings column",
        "house rule",
    ):
        assert change in titles, change


@pytest.mark.parametrize("title", list(RECIPES))
def test_a_recipe_names_its_files_its_test_and_its_trap(title):
    body = RECIPES[title]
    assert "\nFiles" in f"\n{body}" and "\nTest:" in body and "\nTrap:" in body, title
    assert len(paths(body)) >= 3, f"{title}: cite the files to touch by path"
    test_part = body.split("\nTest:", 1)[1].split("\nTrap:", 1)[0]
    tests = [p for p in paths(test_part) if p.startswith("tests/") and p.endswith(".py")]
    assert tests, f"{title}: name the test to add or copy"


@pytest.mark.parametrize("path", sorted(set(paths(TEXT))))
def test_every_cited_path_exists(path):
    assert (ROOT / path).exists(), f"CONTRIBUTING.md cites {path}, which is not there"


@pytest.mark.parametrize("dotted", sorted(set(names(TEXT))))
def test_every_cited_name_imports(dotted):
    resolve(dotted)


# --- "Add a table row (a kick-off event or another)", followed ---------------


def test_a_kick_off_row_added_as_the_recipe_says_loads_and_is_rolled(monkeypatch):
    from rules_engine.bb2020 import kickoff
    from rules_engine.dice import ScriptedDice
    from rules_engine.dice_tables import table_from_data
    from rules_engine.errors import RulesetDataError
    from rules_engine.shipped import load_bb2020
    from rules_engine.tables import load_tables

    # The row, in the data file's words: it takes the faces of the row it replaces.
    data = json.loads((ROOT / "rules_engine/data/bb2020/tables.json").read_text())
    kick_off = next(t for t in data["tables"] if t["name"] == "kick_off_event")
    row = next(e for e in kick_off["entries"] if e["rolls"] == 10)
    row.update(
        name="Streaker",
        description="One Open player of the receiving team is distracted.",
        effect={"players": 1, "team": "receiving"},
    )
    tables = {**load_tables("bb2020"), "kick_off_event": table_from_data(kick_off)}
    with pytest.raises(RulesetDataError, match="'Streaker'"):  # the trap: no handler yet
        load_bb2020(tables_loader=lambda _key: tables)

    # Its handler, reading its numbers from the row's effect.
    handlers = kickoff.DISPATCHED_TABLES["kick_off_event"]
    monkeypatch.setitem(handlers, "Streaker", lambda event: {"players": event.effect["players"]})
    assert load_bb2020(tables_loader=lambda _key: tables).key == "bb2020"

    monkeypatch.setattr(kickoff, "load_tables", lambda _key: tables)
    step = kickoff.kick_off_event(
        ScriptedDice([(4, 6)]),
        kickoff.KickOffTeam("home", fan_factor=3, cheerleaders=0, assistant_coaches=0),
        kickoff.KickOffTeam("away", fan_factor=3, cheerleaders=0, assistant_coaches=0),
    )
    assert step.outcome["event"] == "Streaker"
    assert step.outcome["effect"] == {"players": 1}


# --- shared by the recipes followed below ---------------------------------------------


def bb2020_data_copy(tmp_path: Path) -> Path:
    """A copy of BB2020's data folder: a recipe's data edit never touches shipped files."""
    folder = tmp_path / "data"
    folder.mkdir()
    for source in (ROOT / "rules_engine/data/bb2020").glob("*.json"):
        shutil.copy(source, folder / source.name)
    return folder


def edit_json(path: Path, change: Any) -> None:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))


def lineup(name: str, roster: str, position: str, **changes: Any) -> Any:
    from rules_engine.bb2020.state import PlayerState, TeamState

    players = tuple(
        PlayerState(id=f"{name}-{i}", name=f"{name} {i}", position_slug=position) for i in range(16)
    )
    return TeamState(name=name, roster_slug=roster, players=players, **changes)


# 16 Human Linemen and 4 re-rolls: 1,000,000 of CTV, the favourite.
HUMANS = lineup("Reavers", "human", "human-lineman", rerolls=4, treasury=200_000)
# Goblins (Bribery and Corruption), the underdog: petty cash.
GOBLINS = lineup("Sneaks", "goblin", "goblin-lineman")


# --- "Add a ruleset", followed ----------------------------------------------------------


def test_a_ruleset_added_as_the_recipe_says_is_offered_drafted_and_plays_a_pre_game(
    tmp_path, monkeypatch
):
    from leagues.forms import LeagueForm
    from rules_engine import edition_for, editions, get_ruleset, registry
    from rules_engine.dice import SeededDice
    from rules_engine.draft import DRAFT_RULES, DraftProposal, DraftRules, check_draft
    from rules_engine.shipped import load_bb2020
    from rules_engine.tables import load_tables

    # Its data folder, modelled on BB2020's, with a number of its own.
    data = bb2020_data_copy(tmp_path)

    def cheaper_linemen(teams: Any) -> None:
        human = next(t for t in teams["teams"] if t["name"] == "Human")
        next(p for p in human["positions"] if p["position"] == "Human Lineman")["cost"] = 45_000

    edit_json(data / "teams.json", cheaper_linemen)

    # Its loader, which reads and validates the folder (and checks the kick-off rows
    # have handlers); its line in the registry.
    def load_house() -> Any:
        ruleset = load_bb2020(data, lambda _key: load_tables("bb2020"))
        return dataclasses.replace(ruleset, key="house", name="House league")

    registry.register_ruleset("house", load_house, name="House league")
    try:
        # Its edition: a package whose ``edition`` module exposes EDITION, and its line
        # in SEQUENCE_MODULES; then its draft rules.
        package = tmp_path / "house_league"
        package.mkdir()
        (package / "__init__.py").write_text("")
        (package / "edition.py").write_text(
            "import dataclasses\n"
            "from rules_engine.bb2020.edition import EDITION as BB2020\n"
            'EDITION = dataclasses.replace(BB2020, key="house", league_tables_key="bb2020")\n'
        )
        monkeypatch.syspath_prepend(str(tmp_path))
        monkeypatch.setitem(editions.SEQUENCE_MODULES, "house", "house_league")
        monkeypatch.setattr(editions, "_EDITIONS", {})  # no cached edition outlives the test
        monkeypatch.setitem(DRAFT_RULES, "house", DraftRules())

        # The trap: offered to commissioners at once.
        assert ("house", "House league") in LeagueForm().fields["ruleset"].choices

        ruleset = get_ruleset("house")
        cost = check_draft(
            ruleset, DraftProposal(roster_slug="human", players={"human-lineman": 11})
        )
        assert cost.players == 11 * 45_000

        edition = edition_for("house")
        result = edition.pre_game(
            ruleset,
            HUMANS,
            lineup("Blockers", "human", "human-lineman", rerolls=2),
            SeededDice(1),
            choices={"inducements": {"home": {"bribes": 1}, "away": {}}, "kick_or_receive": "kick"},
        )
        assert result.complete and result.ruleset_key == "house"
        assert result.inducements["home"]["prices"] == {"bribes": 100_000}
    finally:
        registry.unregister_ruleset("house")


# --- "Add an inducement", followed ------------------------------------------------------


def test_an_inducement_added_as_the_recipe_says_is_offered_and_priced_in_a_pre_game(tmp_path):
    from rules_engine.bb2020.pregame import pre_game
    from rules_engine.dice import ScriptedDice, SeededDice
    from rules_engine.errors import RulesetDataError
    from rules_engine.shipped import load_bb2020

    data = bb2020_data_copy(tmp_path)
    row = {
        "slug": "team-mascot",
        "name": "Team Mascot",
        "max_count": 1,
        "price": 40_000,
        "who": "any",
        "special_prices": [{"special_rule": "Bribery and Corruption", "price": 25_000}],
        "team_list_names": ["Team Mascot"],
    }
    edit_json(data / "inducements.json", lambda d: d["inducements"].append(row))
    # The trap: each team's own price list (teams.json) is checked against the table.
    with pytest.raises(RulesetDataError, match="Human: team-mascot is missing in its"):
        load_bb2020(data)

    def listed(teams: Any) -> None:
        for team in teams["teams"]:
            cheap = "Bribery and Corruption" in team["special_rules"]
            team["inducements"].append({"name": "Team Mascot", "cost": 25_000 if cheap else 40_000})

    edit_json(data / "teams.json", listed)
    ruleset = load_bb2020(data)

    fans_and_weather = [2, 1, (3, 4)]
    asked = pre_game(ruleset, HUMANS, GOBLINS, ScriptedDice(fans_and_weather)).pending[0]
    assert asked.side == "home"
    assert {"slug": "team-mascot", "name": "Team Mascot", "price": 40_000, "max_count": 1} in (
        asked.options["inducements"]
    )
    order = {"inducements": {"home": {"Team Mascot": 1}, "away": {"team-mascot": 1}}}
    result = pre_game(ruleset, HUMANS, GOBLINS, SeededDice(1), choices=order)
    assert result.inducements["home"]["prices"] == {"team-mascot": 40_000}
    assert result.inducements["away"]["prices"] == {"team-mascot": 25_000}


# --- "Add a match event kind", through its tables ---------------------------------------
# A kind is a CHECK constraint (a model change and a migration), which a test cannot
# add: the worked example's kind (the Superb Throw) stands in, its entries in the
# recipe's tables replaced by test doubles, and every shipped kind has each entry.


def test_every_match_event_kind_has_what_the_recipe_adds():
    from matches.forms import EXTRA_TAP_LABELS
    from matches.models_events import KICK_OFF_EVENTS, PLAYER_EVENTS, EventKind
    from matches.services.report_extras import EVENT_FOR_COUNT
    from matches.services.report_shapes import COUNTED
    from matches.services.validation import EVENT_LIMITS

    for kind in EventKind:
        assert kind in PLAYER_EVENTS or kind in KICK_OFF_EVENTS, kind
        limit, why = EVENT_LIMITS[kind]
        assert limit > 0 and why, kind
    for count, kind in EVENT_FOR_COUNT.items():
        assert kind in PLAYER_EVENTS and COUNTED[kind] == count, kind
        assert EXTRA_TAP_LABELS[kind], kind


@pytest.mark.django_db
def test_a_match_event_kind_takes_its_limit_and_its_tap_label_from_the_recipes_tables(
    client, monkeypatch
):
    from django.urls import reverse

    from matches.forms import EXTRA_TAP_LABELS
    from matches.models import EventKind, MatchEvent
    from matches.services.validation import EVENT_LIMITS
    from rules_engine.ruleset import STANDARD_GAME
    from tests.matches.bb2025 import MATCHES, client_for, edition_match, kick_off_by_api, played

    kind = EventKind.SUPERB_THROW
    monkeypatch.setitem(EXTRA_TAP_LABELS, kind, "Hail Mary (landed)")
    monkeypatch.setitem(EVENT_LIMITS, kind, (STANDARD_GAME.halves, "one in each half"))

    s = edition_match("bb2025", "human", "orc")
    kick_off_by_api(s)
    client.force_login(s.home_coach)
    assert "Hail Mary (landed)" in client.get(reverse("match-detail", args=[s.match.pk])).text

    coach, thrower = client_for(s.home_coach), played(s, "home")[0]
    url = f"{MATCHES}/{s.match.pk}/events/"
    for _ in range(STANDARD_GAME.halves):
        assert coach.post(url, {"kind": kind, "player": thrower.pk}).status_code == 201
    refused = coach.post(url, {"kind": kind, "player": thrower.pk})
    assert refused.status_code == 400
    assert "the most a game can hold (one in each half)" in str(refused.json())
    assert MatchEvent.objects.filter(match=s.match, kind=kind).count() == STANDARD_GAME.halves


# --- "Add a standings column", a figure worked out from the counts ----------------------


@pytest.mark.django_db
def test_a_standings_figure_added_as_the_recipe_says_shows_on_the_page_and_the_api(
    client, settings, tmp_path, monkeypatch
):
    from django.urls import reverse
    from rest_framework import serializers as drf
    from rest_framework.test import APIClient

    from leagues import api
    from leagues.serializers import StandingRowSerializer
    from leagues.standings import StandingRow
    from tests.leagues.factories import division_with_teams, played, teams_of

    # The figure: a property of the row, nothing stored.
    def points_per_game(row: StandingRow) -> float:
        return round(row.points / row.played, 2) if row.played else 0.0

    monkeypatch.setattr(StandingRow, "points_per_game", property(points_per_game), raising=False)

    # Shown: the API's rows (its serializer) ...
    class WithPointsPerGame(StandingRowSerializer):
        points_per_game = drf.FloatField()

    monkeypatch.setattr(api, "StandingRowSerializer", WithPointsPerGame)
    # ... and the page's table (its template, in a folder searched before the shipped one).
    shipped = (ROOT / "templates/leagues/_standings_table.html").read_text()
    column = '<td class="num">{{ row.conceded }}</td>'
    assert column in shipped
    (tmp_path / "leagues").mkdir()
    (tmp_path / "leagues/_standings_table.html").write_text(
        shipped.replace(column, column + '<td class="ppg">{{ row.points_per_game }}</td>')
    )
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    ]

    division = division_with_teams(2)
    a, b = teams_of(division)
    played(a, b, (2, 1), division=division)
    played(b, a, (1, 1), division=division)

    rows = APIClient().get(f"/api/v1/leagues/divisions/{division.pk}/standings/").json()
    assert {row["team_name"][0]: row["points_per_game"] for row in rows} == {"A": 2.0, "B": 0.5}
    page = client.get(reverse("season-standings", args=[division.season_id])).text
    assert '<td class="ppg">2.0</td>' in page and '<td class="ppg">0.5</td>' in page


# --- "Add a house rule", along its path ------------------------------------------------
# A house rule is a field of League (a model change and a migration): the re-draft
# budget cap, the recipe's example, is followed instead, from the API to the engine,
# and every league option is checked to be offered where the recipe says.


def test_every_league_option_is_offered_where_the_house_rule_recipe_says():
    import inspect

    from leagues.forms import LeagueForm
    from leagues.models import League
    from leagues.serializers import LeagueCreateSerializer, LeagueSerializer
    from leagues.services.setup import create_league

    options = [
        name
        for name, parameter in inspect.signature(create_league).parameters.items()
        if parameter.kind is parameter.KEYWORD_ONLY and name not in ("name", "ruleset")
    ]
    assert "redraft_budget_cap" in options
    form = {field.removesuffix("_1") for field in LeagueForm().fields}
    for option in options:
        League._meta.get_field(option)
        assert option in form or option.removesuffix("s") in form, option
        assert option in LeagueCreateSerializer().fields, option
        assert option in LeagueSerializer().fields, option


@pytest.mark.django_db
def test_a_house_rule_set_through_the_api_is_an_argument_of_the_editions_call():
    from rest_framework.test import APIClient

    from rules_engine import edition_for
    from tests.factories import UserFactory

    coach = APIClient()
    coach.force_authenticate(UserFactory())
    created = coach.post(
        "/api/v1/leagues/",
        {"name": "Capped Cup", "ruleset": "bb2020", "redraft_budget_cap": 1_300_000},
        format="json",
    )
    assert created.status_code == 201, created.json()
    league = coach.get(f"/api/v1/leagues/{created.json()['id']}/").json()
    assert league["redraft_budget_cap"] == 1_300_000

    redraft = edition_for(league["ruleset"]).redraft
    assert redraft is not None
    record = {"treasury": 450_000, "games_played": 5, "league_wins": 3, "league_draws": 1}
    assert redraft.budget(**record) > 1_300_000
    assert redraft.budget(**record, cap=league["redraft_budget_cap"]) == 1_300_000
