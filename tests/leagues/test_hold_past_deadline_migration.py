"""leagues 0014: fixtures whose deadline had already passed when deadlines began to
act are held for their commissioner (the first sweep leaves them alone), not settled
as a loss for both; open fixtures still in time, played ones and friendlies keep
their state."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from tests.migration_state import latest, migrate

BEFORE = ("leagues", "0013_house_rules_and_kickoff")
AFTER = ("leagues", "0014_hold_fixtures_past_deadline")


def migrate_leagues(target: tuple[str, str]):
    """Every other app stays at its latest migration (the rows below are written with
    today's other tables); only leagues moves."""
    return migrate([node for node in latest() if node[0] != "leagues"] + [target])


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_latest")
def test_fixtures_already_past_their_deadline_are_held_for_the_commissioner():
    apps = migrate_leagues(BEFORE)
    try:
        User = apps.get_model("auth", "User")
        Team = apps.get_model("teams", "Team")
        League = apps.get_model("leagues", "League")
        Season = apps.get_model("leagues", "Season")
        Round = apps.get_model("leagues", "Round")
        Fixture = apps.get_model("leagues", "Fixture")
        Division = apps.get_model("leagues", "Division")
        coach = User.objects.create(username="commish")
        teams = [
            Team.objects.create(name=f"T{n}", coach=coach, ruleset="bb2025", roster_slug="human")
            for n in range(4)
        ]
        league = League.objects.create(name="Old League", ruleset="bb2025")
        season = Season.objects.create(league=league, number=1, status="regular_season")
        division = Division.objects.create(season=season, name="Only")
        today = date.today()
        past = Round.objects.create(season=season, number=1, deadline=today - timedelta(days=3))
        later = Round.objects.create(season=season, number=2, deadline=today + timedelta(days=3))

        def fixture(round_, home, away, **extra):
            return Fixture.objects.create(
                season=season,
                division=None if extra.get("kind") == "friendly" else division,
                round=round_,
                home=teams[home],
                away=teams[away],
                **extra,
            )

        overdue = fixture(past, 0, 1)
        own_deadline_overdue = fixture(later, 2, 3, deadline=today - timedelta(days=1))
        in_time = fixture(later, 0, 2)
        friendly = fixture(past, 1, 3, kind="friendly")
        finished = Season.objects.create(league=league, number=2, status="finished")
        left_open = Fixture.objects.create(
            season=finished,
            division=Division.objects.create(season=finished, name="Only"),
            home=teams[0],
            away=teams[3],
            deadline=today - timedelta(days=9),
        )
    finally:
        apps = migrate_leagues(AFTER)
    Fixture = apps.get_model("leagues", "Fixture")
    held = dict(Fixture.objects.values_list("pk", "deadline_passed_at"))
    assert held[overdue.pk] is not None
    assert held[own_deadline_overdue.pk] is not None
    assert held[in_time.pk] is None
    assert held[friendly.pk] is None
    assert held[left_open.pk] is None
