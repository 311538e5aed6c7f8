"""On PostgreSQL the server binds the parameters and keeps the plans of statements run
often, so a statement a match runs many times is not planned afresh each time:
``DUGOUT_PG_PREPARE_THRESHOLD`` says after how many runs, "off" never."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from config.env import env_prepare_threshold
from leagues.models import League
from tests.leagues.factories import LeagueFactory


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, 5), ("", 5), ("0", 0), ("12", 12), (" OFF ", None), ("none", None)],
)
def test_the_threshold_is_read_from_the_environment(monkeypatch, value, expected):
    if value is None:
        monkeypatch.delenv("DUGOUT_PG_PREPARE_THRESHOLD", raising=False)
    else:
        monkeypatch.setenv("DUGOUT_PG_PREPARE_THRESHOLD", value)
    assert env_prepare_threshold("DUGOUT_PG_PREPARE_THRESHOLD", 5) == expected


@pytest.mark.parametrize("value", ["-1", "five", "2.5"])
def test_a_bad_threshold_stops_the_start_naming_the_variable(monkeypatch, value):
    monkeypatch.setenv("DUGOUT_PG_PREPARE_THRESHOLD", value)
    with pytest.raises(ImproperlyConfigured, match="DUGOUT_PG_PREPARE_THRESHOLD"):
        env_prepare_threshold("DUGOUT_PG_PREPARE_THRESHOLD", 5)


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_statement_run_often_is_prepared_on_the_server():
    options = settings.DATABASES["default"]["OPTIONS"]
    assert options["server_side_binding"] is True
    threshold = options["prepare_threshold"]
    league = LeagueFactory()
    for _ in range((threshold or 0) + 2):
        assert League.objects.filter(pk=league.pk).values_list("name", flat=True)[0]
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any('FROM "leagues_league"' in sql and "$1" in sql for sql in prepared), prepared
