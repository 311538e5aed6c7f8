"""Team and player names refuse control characters at the model too (the admin, any
ModelForm): what the API and the pages refuse before cleaning (tests/
test_control_characters.py) cannot come in by another door."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory, TeamFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("bad", ["\x07", "\x1b[31m", "\u202e"])
def test_team_and_player_names_refuse_control_characters(bad):
    team = TeamFactory(name="Reikland Reavers")
    player = PlayerFactory(team=team, name="Griff")
    for row in (team, player):
        row.name = f"Griff{bad}"
        with pytest.raises(ValidationError) as refused:
            row.full_clean()
        assert "control characters" in refused.value.message_dict["name"][0]
        row.name = "Griff Oberwald"
        row.full_clean()
