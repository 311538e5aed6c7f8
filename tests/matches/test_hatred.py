"""Hatred after a casualty (BB2025 facts, section 8): the report names the keyword of
the opposing player who caused it, so the post-game rolls; 4+ and the injured player
gains "Hatred (<keyword>)". A BB2020 league never rolls it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from matches import services
from teams.models import Player
from tests.matches.bb2025 import (
    MATCHES,
    edition_match,
    finish_post_game,
    hatred_dice,
    kick_off_by_api,
    played,
)

pytestmark = pytest.mark.django_db


def skills_of(player: Player) -> list[str]:
    return list(Player.objects.get(pk=player.pk).skills.values_list("skill", flat=True))


# The Orc team each league drafts: BB2025's has a Troll ("Big Guy", "Troll").
ORCS = {"bb2025": {"orc-lineman": 10, "orc-troll": 1}, "bb2020": {"orc-lineman": 11}}


def report_a_casualty(
    ruleset: str, monkeypatch, capture, hatred_roll: int, causer: str = "orc-lineman", **extra
):
    """An Orc team's ``causer`` hurts an away Human (Seriously Hurt) in a ``ruleset``
    league; the report through the API, the post-game finished. The set-up, the
    causer, the victim, the post-game and the rolls' purposes."""
    hatred_dice(monkeypatch, hatred_roll)
    s = edition_match(ruleset, "orc", "human", home_players=ORCS[ruleset])
    coaches = kick_off_by_api(s)
    causer = next(p for p in played(s, "home") if p.position_slug == causer)
    victim = played(s, "away")[0]
    url = f"{MATCHES}/{s.match.pk}"
    for body in (
        {"kind": "casualty", "player": causer.pk, "victim": victim.pk, **extra},
        {"kind": "injury", "player": victim.pk, "injury": "seriously_hurt"},
    ):
        assert coaches["away"].post(f"{url}/events/", body, format="json").status_code == 201
    with capture(execute=True):
        response = coaches["home"].post(
            f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0}, format="json"
        )
        assert response.status_code == 201, response.json()
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200  # the opponent
    post_game = finish_post_game(s, coaches, capture)
    assert post_game["complete"] and post_game["applied"], post_game["pending"]
    purposes = [r["purpose"] for r in post_game["rolls"]]
    return s, causer, victim, post_game, purposes


@pytest.mark.parametrize("roll", [4, 5, 6])
def test_a_player_hurt_by_an_orc_hates_orcs_on_4_plus(
    roll, client, monkeypatch, django_capture_on_commit_callbacks
):
    s, _causer, victim, _post_game, purposes = report_a_casualty(
        "bb2025", monkeypatch, django_capture_on_commit_callbacks, roll
    )
    assert f"Hatred: {victim.name}" in purposes
    assert hatreds(victim) == ["Hatred (Orc)"]
    client.force_login(s.away_coach)
    page = client.get(reverse("match-detail", args=[s.match.pk])).content.decode()
    assert f"{victim.name}: D6 {roll}, gains Hatred (Orc)" in page


@pytest.mark.parametrize("roll", [1, 2, 3])
def test_on_1_to_3_the_player_gains_nothing(roll, monkeypatch, django_capture_on_commit_callbacks):
    _s, _causer, victim, _post_game, purposes = report_a_casualty(
        "bb2025", monkeypatch, django_capture_on_commit_callbacks, roll
    )
    assert f"Hatred: {victim.name}" in purposes
    assert not [s for s in skills_of(victim) if s.startswith("Hatred")]


def hatreds(player: Player) -> list[str]:
    return [s for s in skills_of(player) if s.startswith("Hatred")]


def test_a_troll_is_hated_as_the_first_of_its_keywords_a_hatred_names(
    monkeypatch, django_capture_on_commit_callbacks
):
    """An Orc Troll is "Big Guy" and "Troll" in the data, in that order."""
    *_, victim, _pg, _purposes = report_a_casualty(
        "bb2025", monkeypatch, django_capture_on_commit_callbacks, 6, causer="orc-troll"
    )
    assert hatreds(victim) == ["Hatred (Big Guy)"]


def test_a_casualty_nobody_caused_rolls_no_hatred(monkeypatch, django_capture_on_commit_callbacks):
    hatred_dice(monkeypatch, 6)
    s = edition_match("bb2025", "orc", "human")
    coaches = kick_off_by_api(s)
    victim = played(s, "away")[0]
    url = f"{MATCHES}/{s.match.pk}"
    body = {"kind": "injury", "player": victim.pk, "injury": "seriously_hurt"}
    assert coaches["away"].post(f"{url}/events/", body, format="json").status_code == 201
    with django_capture_on_commit_callbacks(execute=True):
        coaches["home"].post(
            f"{url}/report/", {"home_touchdowns": 0, "away_touchdowns": 0}, format="json"
        )
        assert coaches["away"].post(f"{url}/confirm/").status_code == 200
    post_game = finish_post_game(s, coaches, django_capture_on_commit_callbacks)
    assert post_game["applied"]
    assert not [r for r in post_game["rolls"] if r["purpose"].startswith("Hatred")]
    assert not [x for x in skills_of(victim) if x.startswith("Hatred")]


def test_a_bb2020_league_has_no_hatred(monkeypatch, django_capture_on_commit_callbacks):
    _s, _causer, victim, _post_game, purposes = report_a_casualty(
        "bb2020", monkeypatch, django_capture_on_commit_callbacks, 6
    )
    assert not [p for p in purposes if p.startswith("Hatred")]
    assert not [s for s in skills_of(victim) if s.startswith("Hatred")]


def test_a_correction_that_removes_the_casualty_takes_the_hatred_back(
    monkeypatch, django_capture_on_commit_callbacks
):
    s, _causer, victim, _pg, _purposes = report_a_casualty(
        "bb2025", monkeypatch, django_capture_on_commit_callbacks, 6
    )
    assert hatreds(victim) == ["Hatred (Orc)"]
    with django_capture_on_commit_callbacks(execute=True):
        services.correct_report(
            s.commissioner,
            s.match,
            home_touchdowns=0,
            away_touchdowns=0,
            events=[{"kind": "injury", "player": victim.pk, "injury": "seriously_hurt"}],
            note="The crowd hurt him, not the Orc",
        )
    assert hatreds(victim) == []
