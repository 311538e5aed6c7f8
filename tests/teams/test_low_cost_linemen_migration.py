"""teams 0012: BB2025 Ogre and Snotling Linemen valued before the rulebook's reading
(their fee left out of the current value) get the fee added once; other players, and
BB2020 Low Cost Linemen (whose reading leaves the fee out), keep their value."""

from __future__ import annotations

import pytest

from tests.migration_state import migrate

BEFORE = [("teams", "0011_player_mercenary")]
AFTER = [("teams", "0012_bb2025_low_cost_linemen_value")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_latest")
def test_the_fee_is_added_once_to_bb2025_low_cost_linemen_only():
    apps = migrate(BEFORE)
    try:
        User = apps.get_model("auth", "User")
        Team = apps.get_model("teams", "Team")
        Player = apps.get_model("teams", "Player")
        coach = User.objects.create(username="gnob")
        stats = {"ma": 5, "st": 1, "ag": 3, "pa": 5, "av": 8}

        def player(team, position, value, number, status="active"):
            return Player.objects.create(
                team=team, name=f"P{number}", number=number, position_slug=position,
                current_value=value, status=status, **stats,
            )  # fmt: skip

        ogres = Team.objects.create(
            name="Gnob Rot", coach=coach, ruleset="bb2025", roster_slug="ogre"
        )
        old_ogres = Team.objects.create(
            name="Old Gnobs", coach=coach, ruleset="bb2020", roster_slug="ogre"
        )
        gnoblar = player(ogres, "ogre-gnoblar-lineman", 20_000, 1)  # one +20k skill
        ogre = player(ogres, "ogre-ogre", 140_000, 2)
        dead = player(ogres, "ogre-gnoblar-lineman", 0, 3, status="dead")
        bb2020 = player(old_ogres, "ogre-gnoblar-lineman", 0, 1)
    finally:
        apps = migrate(AFTER)
    Player = apps.get_model("teams", "Player")
    values = dict(Player.objects.values_list("pk", "current_value"))
    assert values[gnoblar.pk] == 35_000  # 15,000 fee + 20,000 of value increases
    assert values[ogre.pk] == 140_000
    assert values[dead.pk] == 0
    assert values[bb2020.pk] == 0
