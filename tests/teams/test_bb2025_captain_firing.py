"""The BB2025 Team Captain may be fired only once an injury has reduced one of his
characteristics (shared/rules/bb2025-league-facts.md section 2)."""

from __future__ import annotations

import pytest

from teams.errors import TeamError
from teams.models import InjuryRecord, PlayerSkill, PlayerStatus
from teams.services import draft_team
from teams.services.roster import fire_player
from tests.factories import UserFactory
from tests.test_bb2025_league import minimal_draft

pytestmark = pytest.mark.django_db


def test_the_captain_is_fired_only_after_a_characteristic_reduction() -> None:
    coach = UserFactory()
    # Thirteen players: two may leave before the 11-player floor holds (section 8, step 4).
    draft = minimal_draft("human")
    lineman = "human-lineman"
    draft["players"] = {**draft["players"], lineman: draft["players"].get(lineman, 0) + 2}
    team = draft_team(coach, name="Reavers", ruleset_key="bb2025", roster_slug="human", **draft)
    captain = team.players.get(skills__skill="Pro", skills__source=PlayerSkill.Source.OTHER)
    other = team.players.exclude(pk=captain.pk).first()
    with pytest.raises(TeamError, match="Team Captain may be fired only"):
        fire_player(coach, captain)
    captain.refresh_from_db()
    assert captain.status == PlayerStatus.ACTIVE
    fire_player(coach, other)  # any other player may go
    InjuryRecord.objects.create(player=captain, kind=InjuryRecord.Kind.LASTING, characteristic="ma")
    fire_player(coach, captain)
    captain.refresh_from_db()
    assert captain.status == PlayerStatus.FIRED
