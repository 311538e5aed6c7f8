"""A read inside a transaction that has written (a service reading the standings
after recording results) does not stamp its writes before the commit: the stamp rows
stay unlocked for every other writer until then, its own reads are never served the
page from before, and the commit stamps them once (config/pages/stamps.py)."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from config.pages import stamps
from config.pages.models import PageStamp
from teams.models import Team
from tests.factories import UserFactory, drafted_team

pytestmark = pytest.mark.django_db(transaction=True)


def _tokens() -> dict[str, int]:
    return dict(PageStamp.objects.values_list("name", "token"))


def test_a_read_after_a_write_in_a_transaction_stamps_nothing_until_the_commit():
    team = drafted_team(UserFactory(), name="Stamped Before")
    before = stamps.read(["teams"])
    committed = _tokens()
    with transaction.atomic():
        Team.objects.filter(pk=team.pk).update(name="Stamped After")
        inside = stamps.read(["teams"])
        assert inside.token != before.token, "the transaction's own read is not the old page"
        assert stamps.read(["teams"]).token == inside.token, "the same until it writes again"
        assert _tokens() == committed, "no stamp row written (nor locked) before the commit"
        Team.objects.filter(pk=team.pk).update(name="Stamped Again")
        assert stamps.read(["teams"]).token != inside.token
        assert stamps.read(["leagues"]).token == stamps.read(["leagues"]).token
    after = _tokens()
    assert after["teams"] != committed["teams"], "the commit stamped the teams' tables"
    assert ".local:" not in stamps.read(["teams"]).token
    assert stamps.read(["teams"]).token != inside.token


def test_a_rolled_back_write_leaves_the_stamps_as_they_were():
    team = drafted_team(UserFactory(), name="Never Renamed")
    before = stamps.read(["teams"])
    with pytest.raises(RuntimeError), transaction.atomic():
        Team.objects.filter(pk=team.pk).update(name="Renamed")
        assert stamps.read(["teams"]).token != before.token
        raise RuntimeError("refused")
    assert stamps.read(["teams"]) == before
    assert getattr(connection, "_stamps_local", None) is None
