"""What ``pre_save`` and ``post_save`` a block of code sends for a model, in order: the
tests of our own INSERT and UPDATE statements (``leagues.saving``) check that they
announce a row as Django's ``save()`` and ``create()`` do."""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db.models.signals import post_save, pre_save


@contextmanager
def heard_saves(model: type) -> Iterator[list[tuple[Any, ...]]]:
    """Yields the list the signals fill: ``("pre", pk, update_fields)`` and
    ``("post", pk, created, update_fields)``."""
    heard: list[tuple[Any, ...]] = []

    def before(sender, instance, update_fields, **kwargs):
        heard.append(("pre", instance.pk, update_fields))

    def after(sender, instance, created, update_fields, **kwargs):
        heard.append(("post", instance.pk, created, update_fields))

    pre_save.connect(before, sender=model)
    post_save.connect(after, sender=model)
    try:
        yield heard
    finally:
        pre_save.disconnect(before, sender=model)
        post_save.disconnect(after, sender=model)
