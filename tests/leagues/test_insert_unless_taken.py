"""``insert_unless_taken``: a new row is inserted with its key, or, where a unique
constraint holds its place, nothing is written and the transaction goes on (issue 15:
one INSERT ... ON CONFLICT DO NOTHING RETURNING written once per model)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from leagues.saving import insert_unless_taken

pytestmark = pytest.mark.django_db


def test_a_new_row_is_inserted_and_a_taken_place_leaves_everything_as_it_was():
    first = User(username="karl", email="karl@example.org")
    assert insert_unless_taken(first)
    assert first.pk is not None and not first._state.adding
    assert User.objects.get(pk=first.pk).email == "karl@example.org"
    taken = User(username="karl", email="other@example.org")
    assert not insert_unless_taken(taken)
    assert taken.pk is None and taken._state.adding
    # The transaction is still usable, and holds the first row only.
    assert list(User.objects.values_list("username", "email")) == [("karl", "karl@example.org")]
    second = User(username="grim")
    assert insert_unless_taken(second)
    assert second.pk == User.objects.get(username="grim").pk
