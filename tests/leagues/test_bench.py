"""The standings benchmark runs (at a small size) and leaves no rows behind."""

from __future__ import annotations

import pytest

from bench import bench_standings
from leagues.models import Fixture, League

pytestmark = pytest.mark.django_db


def test_bench_standings_small():
    assert bench_standings.__doc__.splitlines()[0] == (
        "Standings for 1,000 teams and 20,000 played fixtures"
    )
    result = bench_standings.measure(teams=20, fixtures=60, divisions=2)
    assert result["queries"] == 1
    assert result["selector"] > 0 and result["sql"] > 0
    assert not League.objects.exists() and not Fixture.objects.exists()
