"""Writing the generated rows: ``bulk_create`` in batches, or PostgreSQL's COPY.

Rows come with their primary keys (``build.Ids``), so neither way needs the ids back;
the sequences are moved past them after each batch (``finish``).

Measured on 5 leagues (92,895 rows, PostgreSQL 15, a shared 2-core machine at a load
of 11): ``bulk_create`` wrote them in 12.8 s and its commit checked their foreign keys
in 3.8 s (27.0 s the whole build); COPY wrote them in 3.6 s with nothing left for the
commit (16.5 s the whole build). COPY is the default on PostgreSQL."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol

from django.core.management.color import no_style
from django.db import DatabaseError, connection, models, transaction
from django.utils import timezone

BATCH = 2000


class Loader(Protocol):
    name: str

    def begin(self) -> None: ...

    def write(self, model: type, rows: list[Any]) -> None: ...

    def finish(self, models: list[type]) -> None: ...


class BulkLoader:
    """``bulk_create`` in batches: any database."""

    name = "bulk"

    def begin(self) -> None:
        """Called first in each batch's transaction."""

    def write(self, model: type, rows: list[Any]) -> None:
        if rows:
            with dates_kept(model, rows):
                model._default_manager.bulk_create(rows, batch_size=BATCH)  # type: ignore[attr-defined]

    def finish(self, models: list[type]) -> None:
        statements = connection.ops.sequence_reset_sql(no_style(), models)
        if statements:
            with connection.cursor() as cursor:
                for statement in statements:
                    cursor.execute(statement)


class CopyLoader(BulkLoader):
    """PostgreSQL's ``COPY ... FROM STDIN`` through psycopg: each row's values as the
    model fields prepare them for the database (``pre_save`` fills the auto_now
    dates), one COPY per table and batch."""

    name = "copy"

    def begin(self) -> None:
        """The batch's foreign keys are not checked row by row at commit (PostgreSQL's
        replication role, a superuser's: its triggers are the foreign keys' only), as a
        restore loads; ``bench.sitegen.checks`` checks every one after, one statement per
        foreign key. Without the right, the rows are checked at commit as usual."""
        try:
            with transaction.atomic(), connection.cursor() as cursor:
                cursor.execute("SET LOCAL session_replication_role = replica")
        except DatabaseError:
            pass

    def write(self, model: type, rows: list[Any]) -> None:
        if not rows:
            return
        meta = model._meta  # type: ignore[attr-defined]
        fields = list(meta.concrete_fields)
        quote = connection.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        statement = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
        values = [_value_of(f) for f in fields]
        _fill_dates(model, rows)
        connection.ensure_connection()
        with connection.cursor() as cursor:
            raw = cursor.cursor  # psycopg's own cursor: its copy()
            with raw.copy(statement) as copy:
                for row in rows:
                    copy.write_row([value(row) for value in values])


PLAIN = (
    models.AutoField,
    models.BigAutoField,
    models.ForeignKey,
    models.IntegerField,
    models.BooleanField,
    models.DateField,  # DateTimeField too, where nothing fills it on save
)


def _value_of(field: models.Field) -> Callable[[Any], Any]:
    """How one column's value is read from a row: the attribute itself where psycopg
    writes it as the field would (numbers, keys, flags, dates, text), else the field's
    own preparation (JSON, files)."""
    attname = field.attname
    if isinstance(field, PLAIN):  # dates filled on save: by _fill_dates first
        return operator.attrgetter(attname)
    if isinstance(field, models.CharField | models.TextField):
        return lambda row: _text(getattr(row, attname))
    return lambda row: field.get_db_prep_save(getattr(row, attname), connection)


def _filled_on_save(model: type) -> list[Any]:
    return [
        f
        for f in model._meta.concrete_fields  # type: ignore[attr-defined]
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]


def _fill_dates(model: type, rows: list[Any]) -> None:
    """A date the database fills on save (``auto_now_add``, ``auto_now``) keeps the
    moment the generator gave it (a match's events at the match, a player hired
    before his first match); one given none is now, as a save would make it."""
    now = timezone.now()
    for field in _filled_on_save(model):
        for row in rows:
            if getattr(row, field.attname) is None:
                setattr(row, field.attname, now)


@contextmanager
def dates_kept(model: type, rows: list[Any]) -> Iterator[None]:
    """``bulk_create`` with the generated dates kept: the fields' "fill on save"
    switched off while the rows are written (every row has its date first)."""
    _fill_dates(model, rows)
    fields = _filled_on_save(model)
    flags = [(f, f.auto_now, f.auto_now_add) for f in fields]
    for field in fields:
        field.auto_now = field.auto_now_add = False
    try:
        yield
    finally:
        for field, auto_now, auto_now_add in flags:
            field.auto_now, field.auto_now_add = auto_now, auto_now_add


def _text(value: Any) -> str | None:
    return None if value is None else str(value)


def loader_for(name: str) -> Loader:
    if name == "auto":
        name = "copy" if connection.vendor == "postgresql" else "bulk"
    if name == "copy":
        if connection.vendor != "postgresql":
            raise SystemExit("--loader copy needs PostgreSQL")
        return CopyLoader()
    return BulkLoader()
