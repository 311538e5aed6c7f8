"""Dice luck from the recorded dice: per team, per coach, per league and site-wide,
with chi-square values computed by hand.

The rolls are written straight into ``DiceRoll`` (as the match services store them)
so that their faces can be chosen: two friendlies, Reavers (coach Ann) v Marauders
(coach Bob) and Marauders v Tigers (Ann's second team).

Match 1
- 30 D6 "Kicking team roll-off (home)": 10 ones, 4, 6, 3, 3, 4 -> Reavers' D6,
  chi-square (25 + 1 + 1 + 4 + 4 + 1) / 5 = 7.2, 5 degrees of freedom, p = 0.2062;
- 15 D3 "Fair-weather fans (away)": 5 of each -> Marauders' D3, chi-square 0;
- 5 2D6 "Weather": [3, 4] -> nobody's, the site's only;
- the post-game of a replaced report: 6 D6 "Dedicated Fans: home" of 6 -> not counted;
- the current report's post-game: 30 D6 "Dedicated Fans: away": 12, 6, 4, 4, 2, 2 ->
  Marauders' D6, chi-square (49 + 1 + 1 + 1 + 9 + 9) / 5 = 14, p = 0.0156.
Match 2
- 30 D6 "Kicking team roll-off (away)": 5 of each -> Tigers' D6, chi-square 0.
A Tigers player's advancements: a random skill (2D6 [6, 6]) and a characteristic
improvement (D16 16) -> the Tigers' rolls; a chosen skill, rolled for nothing.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from insight.dice import coach_luck, league_luck, site_fairness, team_luck
from leagues import services as league_services
from leagues.models import Fixture
from matches.models import DiceRoll, Match, Report
from rules_engine.insight import judge_die
from rules_engine.wording import install_translator, installed_translator
from teams.models import Advancement
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db

REAVERS_D6 = {1: 10, 2: 4, 3: 6, 4: 3, 5: 3, 6: 4}
MARAUDERS_D6 = {1: 12, 2: 6, 3: 4, 4: 4, 5: 2, 6: 2}


def _rolls(match, counts, *, die, purpose, sequence="pre_game", report=None, start=0):
    rows = []
    index = start
    for face, n in counts.items():
        for _ in range(n):
            rows.append(
                DiceRoll(
                    match=match,
                    report=report,
                    sequence=sequence,
                    index=index,
                    step="test",
                    purpose=purpose,
                    die=die,
                    result=face,
                )
            )
            index += 1
    DiceRoll.objects.bulk_create(rows)
    return index


def _report(match, version, current):
    return Report.objects.create(
        match=match, version=version, is_current=current, home_touchdowns=0, away_touchdowns=0
    )


@pytest.fixture
def luck():
    commissioner = UserFactory(username="luck-commissioner")
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    league = league_services.create_league(commissioner, name="Luck League", ruleset="bb2020")
    season = league_services.open_season(commissioner, league)
    reavers = drafted_team(ann, name="Luck Reavers")
    marauders = drafted_team(bob, roster_slug="orc", name="Luck Marauders")
    tigers = drafted_team(ann, name="Luck Tigers")
    for team in (reavers, marauders, tigers):
        league_services.admit_team(commissioner, season, team)

    def friendly(home, away):
        fixture = Fixture.objects.create(
            season=season, kind=Fixture.Kind.FRIENDLY, home=home, away=away
        )
        return Match.objects.create(fixture=fixture)

    first, second = friendly(reavers, marauders), friendly(marauders, tigers)
    n = _rolls(first, REAVERS_D6, die="d6", purpose="Kicking team roll-off (home)")
    n = _rolls(first, {1: 5, 2: 5, 3: 5}, die="d3", purpose="Fair-weather fans (away)", start=n)
    _rolls(first, {(3, 4): 5}, die="2d6", purpose="Weather", start=n)
    old, current = _report(first, 1, False), _report(first, 2, True)
    post = {"sequence": "post_game", "die": "d6"}
    _rolls(first, {6: 6}, purpose="Dedicated Fans: home", report=old, **post)
    _rolls(first, MARAUDERS_D6, purpose="Dedicated Fans: away", report=current, **post)
    _rolls(second, {f: 5 for f in range(1, 7)}, die="d6", purpose="Kicking team roll-off (away)")
    player = tigers.players.order_by("number").first()
    kept = [
        {"purpose": "Random skill: General", "die": "2d6", "result": [6, 6]},
        {"purpose": "Characteristic improvement", "die": "d16", "result": 16},
    ]
    for number, rolls in ((1, kept), (2, [])):
        Advancement.objects.create(
            player=player,
            number=number,
            kind=Advancement.Kind.RANDOM_PRIMARY if rolls else Advancement.Kind.CHOSEN_PRIMARY,
            result="Block",
            spp_cost=6,
            value_increase=20_000,
            rolls=rolls,
        )
    return {"league": league, "ann": ann, "bob": bob, "R": reavers, "M": marauders, "T": tigers}


def _d6(summary):
    return next(d for d in summary.dice if d.die == "d6")


def test_a_team_s_rolls(luck):
    reavers = team_luck(luck["R"])
    assert reavers.rolls == 30
    d6 = _d6(reavers)
    assert [f.observed for f in d6.faces] == [10, 4, 6, 3, 3, 4]
    assert d6.chi_square == pytest.approx(7.2)
    assert d6.p_value == pytest.approx(0.2062, abs=1e-4)
    assert reavers.p_value == pytest.approx(0.2062, abs=1e-4)
    assert reavers.verdict.english() == (
        "Nothing unusual: fair dice spread at least this unevenly 21% of the time."
    )


def test_a_replaced_report_s_rolls_do_not_count(luck):
    marauders = team_luck(luck["M"])
    assert marauders.rolls == 45  # 15 D3 + the current report's 30 D6, not the old 6
    assert _d6(marauders).chi_square == pytest.approx(14.0)
    assert _d6(marauders).p_value == pytest.approx(0.0156, abs=1e-4)
    assert (
        "Unusual" in _d6(marauders).verdict.english()
        and "rolled low" in _d6(marauders).verdict.english()
    )
    # Together: 14 + 0 on 5 + 2 degrees of freedom -> p = 0.0512.
    assert marauders.chi_square == pytest.approx(14.0)
    assert marauders.degrees_of_freedom == 7
    assert marauders.p_value == pytest.approx(0.0512, abs=1e-4)


def test_advancement_rolls_are_the_player_s_team_s(luck):
    tigers = team_luck(luck["T"])
    assert tigers.rolls == 32
    d16 = next(d for d in tigers.dice if d.die == "d16")
    assert (d16.rolls, d16.faces[15].observed) == (1, 1)
    assert tigers.p_value == pytest.approx(1.0)  # the D6 alone is judged: 5 of each face


def test_a_coach_s_rolls_are_his_teams(luck):
    # Ann's Reavers and Tigers: 15, 9, 11, 8, 8, 9 against 10 each: 36 / 10 = 3.6.
    ann = coach_luck(luck["ann"])
    assert [f.observed for f in _d6(ann).faces] == [15, 9, 11, 8, 8, 9]
    assert _d6(ann).chi_square == pytest.approx(3.6)
    assert _d6(ann).p_value == pytest.approx(0.6083, abs=1e-4)
    assert coach_luck(luck["bob"]).rolls == 45
    assert ann.rolls == 62  # 30 + 30, and the Tigers' two advancement rolls


def test_the_site_s_dice(luck):
    # Every counted roll: 90 D6 (27, 15, 15, 12, 10, 11 against 15: 194 / 15 = 12.93,
    # p = 0.0240), 15 D3, 6 2D6 and a D16 (too few to judge); together 12.93 on 7 df,
    # p = 0.0737.
    site = site_fairness()
    assert site.rolls == 112
    assert [f.observed for f in _d6(site).faces] == [27, 15, 15, 12, 10, 11]
    assert _d6(site).chi_square == pytest.approx(194 / 15)
    assert _d6(site).p_value == pytest.approx(0.0240, abs=1e-4)
    two_d6 = next(d for d in site.dice if d.die == "2d6")
    assert two_d6.rolls == 6 and two_d6.p_value is None
    assert (two_d6.faces[5].observed, two_d6.faces[10].observed) == (5, 1)  # 7s, a 12
    assert site.p_value == pytest.approx(0.0737, abs=1e-4)


def test_the_league_lists_the_most_unusual_first(luck):
    rows = [(row.team_name, row.coach_name, row.luck.rolls) for row in league_luck(luck["league"])]
    assert rows == [
        ("Luck Marauders", "bob", 45),  # p = 0.0512
        ("Luck Reavers", "ann", 30),  # p = 0.2062
        ("Luck Tigers", "ann", 32),  # p = 1; with the two advancement rolls
    ]


def test_the_pages(client, luck):
    page = client.get(reverse("team-dice", args=[luck["R"].pk])).content.decode()
    assert "Dice luck: Luck Reavers" in page and "21% of the time" in page
    page = client.get(reverse("coach-dice", args=["ann"])).content.decode()
    assert "Dice luck: ann" in page and "61% of the time" in page
    page = client.get(reverse("league-dice", args=[luck["league"].pk])).content.decode()
    assert page.index("Luck Marauders") < page.index("Luck Reavers")
    page = client.get(reverse("dice-fairness")).content.decode()
    assert "Fairness of the dice" in page and "112 rolls" in page
    assert client.get(reverse("coach-dice", args=["nobody"])).status_code == 404


def test_the_api(client, luck):
    body = client.get(f"/api/v1/teams/{luck['R'].pk}/dice/").json()
    assert body["rolls"] == 30
    assert body["dice"][0]["chi_square"] == pytest.approx(7.2)
    assert body["dice"][0]["faces"][0] == {"face": "1", "observed": 10, "expected": 5.0}
    assert client.get("/api/v1/coaches/ann/dice/").json()["rolls"] == 62
    assert client.get("/api/v1/dice/").json()["rolls"] == 112
    league = client.get(f"/api/v1/leagues/{luck['league'].pk}/dice/").json()
    assert [row["team_name"] for row in league][0] == "Luck Marauders"
    assert client.get("/api/v1/teams/999999/dice/").status_code == 404


def test_the_database_attributes_rolls_as_the_engine_names_them():
    """Over the rolls of real matches (tests/insight/league.py), the database's reading
    of a purpose (``made_for``) is the engine's (``side_of_purpose``), and each team's
    luck counts exactly its side's rolls of its matches."""
    from insight.dice import made_for
    from rules_engine.insight import side_of_purpose
    from tests.insight.league import build_small_league, play_history

    world = play_history(build_small_league("Real"))
    rolls = list(DiceRoll.objects.select_related("match__fixture"))
    assert rolls
    for side in ("home", "away"):
        by_database = set(DiceRoll.objects.filter(made_for(side)).values_list("id", flat=True))
        assert by_database == {r.pk for r in rolls if side_of_purpose(r.purpose) == side}
    for team in world.teams.values():
        mine = [
            r
            for r in rolls
            if (side := side_of_purpose(r.purpose))
            and getattr(r.match.fixture, f"{side}_id") == team.pk
        ]
        assert team_luck(team).rolls == len(mine) > 0


def test_a_verdict_reads_in_the_reader_s_language():
    """The verdict is a sentence the page renders in its reader's language, the phrase
    saying how often fair dice do so included."""
    luck = judge_die("d6", {1: 12, 2: 6, 3: 4, 4: 4, 5: 2, 6: 2})
    before = installed_translator()
    french = {
        "{finding} Worth a look, not proof: among many teams, some will.": (
            "{finding} À regarder, sans preuve : sur beaucoup d'équipes, certaines le feront."
        ),
        "Unusual: fair dice spread this unevenly only {often}; they rolled low.": (
            "Inhabituel : des dés honnêtes ne s'écartent ainsi que {often} ; ils ont fait bas."
        ),
        "{percent}% of the time": "{percent} % du temps",
    }
    install_translator(lambda singular, plural, count: french.get(singular, singular))
    try:
        shown = str(luck.verdict)
    finally:
        install_translator(before)
    assert shown == (
        "Inhabituel : des dés honnêtes ne s'écartent ainsi que 2 % du temps ; ils ont fait "
        "bas. À regarder, sans preuve : sur beaucoup d'équipes, certaines le feront."
    )
    assert luck.verdict.english().startswith("Unusual: fair dice spread this unevenly only 2%")
