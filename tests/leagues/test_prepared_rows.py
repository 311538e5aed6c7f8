"""``leagues.prepared``: the rows of a query compiled once are the instances Django's own
queryset makes - the same loaded fields, related objects (or None) cached, annotations,
deferred fields and state - and a model's ``post_init`` receivers still hear of them."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Value
from django.db.models.signals import post_init

from leagues.models import Fixture
from leagues.prepared import Prepared

DEFERRED = ("concession_rolls", "home_touchdowns")
RELATED = ("home__coach", "away", "season__league", "division", "round", "match", "winner")


def _shape(obj: Any, depth: int = 0) -> Any:
    """What a page or a service can read of an instance: its loaded fields and
    attributes, its state, and the same of each related object it holds."""
    if obj is None or depth > 3:
        return obj
    fields = {k: v for k, v in obj.__dict__.items() if k != "_state"}
    cache = obj._state.__dict__.get("fields_cache", {})
    return (
        type(obj),
        fields,
        (obj._state.db, obj._state.adding, obj._state.fetch_mode),
        sorted(obj.get_deferred_fields()),
        {name: _shape(related, depth + 1) for name, related in cache.items()},
    )


def _fixtures(pk: int) -> Any:
    return (
        Fixture.objects.select_related(*RELATED)
        .annotate(label_text=Value("x"), reports=Count("match__reports"))
        .filter(season_id=pk)
        .order_by("pk")
    )


def test_rows_are_djangos_own_instances(scheduled, django_assert_num_queries):
    prepared = Prepared(_fixtures)
    for _ in range(2):  # compiled on the first run, run again on the second
        made = prepared.all(scheduled.pk)
        expected = list(_fixtures(scheduled.pk))
        assert len(made) == len(expected) == 30
        assert [_shape(f) for f in made] == [_shape(f) for f in expected]
        with django_assert_num_queries(0):  # the related rows were read with it
            assert not hasattr(made[0], "match")  # no match yet: known, not asked again
            assert made[0].winner is None
            assert made[0].home.coach.username == expected[0].home.coach.username
            assert made[0].season.league.name == expected[0].season.league.name


def test_deferred_fields_stay_deferred(scheduled, django_assert_num_queries):
    prepared = Prepared(lambda pk: Fixture.objects.defer(*DEFERRED).filter(pk=pk))
    fixture_id = Fixture.objects.filter(season=scheduled).values_list("pk", flat=True)[0]
    prepared.first(fixture_id)
    found = prepared.first(fixture_id)
    assert found.get_deferred_fields() == set(DEFERRED)
    assert _shape(found) == _shape(Fixture.objects.defer(*DEFERRED).get(pk=fixture_id))
    with django_assert_num_queries(1):  # read when asked, as Django's
        assert found.home_touchdowns is None


def test_a_models_post_init_receiver_hears_of_each_row(scheduled):
    prepared = Prepared(_fixtures)
    prepared.all(scheduled.pk)
    heard: list[Any] = []

    def receiver(sender: Any, instance: Any, **kwargs: Any) -> None:
        heard.append(instance)

    post_init.connect(receiver, sender=Fixture)
    try:
        made = prepared.all(scheduled.pk)
    finally:
        post_init.disconnect(receiver, sender=Fixture)
    assert heard == made
