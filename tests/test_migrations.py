"""Migrations: complete (``makemigrations --check``), and safe to apply to a live
PostgreSQL database while the previous release still serves requests.

The linter is a small checker of our own over Django's migration operations rather than
django-migration-linter: that one lints the SQL of ``sqlmigrate`` (a database
connection and a run per migration, slow in a suite with a time budget) and is about
backward compatibility, not locks. This one reads the operations, compares each field
with its state before the migration, and needs no database: fast, and its rules are
the PostgreSQL facts below.

What it refuses, on a table an earlier migration created (a table created in the same
migration is empty and nobody reads it yet):

- an index built in place (``AddIndex``, a field gaining ``db_index``/``unique``, a new
  ForeignKey's index): ``CREATE INDEX`` blocks writes for the whole build; use
  ``AddIndexConcurrently`` in a non-atomic migration;
- ``AddConstraint``: a CHECK or UNIQUE constraint is validated under a lock that
  blocks writes (a UNIQUE one builds an index);
- ``AlterField`` that rewrites or scans the table: another column type, a shorter
  ``max_length``, a column becoming NOT NULL;
- ``AddField`` of a NOT NULL column with neither ``default`` nor ``db_default``;
- ``RemoveField``, ``DeleteModel``, ``RenameField``, ``RenameModel``,
  ``AlterModelTable``: the release still running reads what they take away;
- ``RunSQL`` / ``RunPython``: nothing here can tell what they lock or how long.

A migration that has landed is never edited: what it does is accepted below, each
with its reason. A new migration that needs one of these lists itself in ACCEPTED
with the reason it is safe (an empty table, a small one, a release that stopped
reading the column), or is split the safe way.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

import pytest
from django.core.management import call_command
from django.db import connection, migrations, models
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.state import ProjectState

APPS = ("leagues", "teams", "matches")

# (app, migration) -> why its findings are accepted. Each landed before the linter, and a
# landed migration is never edited; all ran on league-sized tables (a league's rows:
# thousands, not millions), where a scan or an index build takes milliseconds.
LANDED = "landed before the linter (never edited); "
ACCEPTED: dict[tuple[str, str], str] = {
    ("leagues", "0003_fixture_points"): LANDED + "CHECK on fixtures: a season's rows",
    ("leagues", "0005_league_trophy_holder_and_concession_award"): LANDED
    + "index of a new, all-NULL league column: one row per league",
    ("teams", "0003_player_stats_nullable_classic_reasons"): LANDED
    + "CHECK on the ledger's reasons: thousands of rows",
    ("teams", "0005_audit_entry_and_match_links"): LANDED
    + "indexes of two new all-NULL foreign keys on the ledger and injuries",
    ("teams", "0006_ledger_and_injuries_link_matches"): LANDED
    + "RunPython filling those keys from the old references, once",
    ("teams", "0007_remove_treasuryentry_match_ref"): LANDED
    + "drops the old reference the release before had stopped reading",
    ("matches", "0002_blitz_bowl_report_and_improvement_rolls"): LANDED
    + "CHECKs on effects and reports: thousands of rows",
    ("matches", "0003_post_game_phases"): LANDED
    + "one application per phase: CHECK and UNIQUE on a row per match",
    ("matches", "0004_appliedeffect_injury_record_fk"): LANDED
    + "the old id column renamed out of the way, its foreign key added and filled once",
    ("matches", "0005_remove_appliedeffect_injury_record_ref"): LANDED
    + "drops the old reference the release before had stopped reading",
    ("matches", "0007_applied_effect_skill_gained"): "the applied effects' kind CHECK "
    + "re-added with one more kind: one row per change a post-game made (thousands of rows)",
    ("matches", "0008_report_confirmation"): "the match status CHECK re-added with one "
    + "more status (confirming): one row per fixture (hundreds of rows)",
    ("matches", "0011_superb_throw_events"): "the event kind CHECKs re-added with one "
    + "more kind (a Superb Throw): a row per report tap, tens of thousands at most; every "
    + "row the previous release wrote passes them",
    ("teams", "0012_bb2025_low_cost_linemen_value"): "RunPython adding the hiring fee "
    + "once to the current value of BB2025 Ogre and Snotling Linemen (an UPDATE of those "
    + "rows only: a few per team of two rosters)",
    ("teams", "0009_ledger_import_reason"): "the ledger's reason CHECK re-added with one "
    + "more reason (an imported team's first entry): thousands of rows",
    ("leagues", "0010_fill_standing_totals"): "RunPython filling the new standings rows "
    + "once from the fixtures: writes only the table 0009 created, reads a "
    + "league's fixtures (thousands of rows)",
    ("matches", "0010_fill_player_season_totals"): "RunPython filling the leaderboards' new "
    + "per-player totals once from the match statistics: writes only the table "
    + "0009 created, reads the statistics (a row per player per match)",
    ("leagues", "0014_hold_fixtures_past_deadline"): "RunPython marking once the open "
    + "league fixtures already past their deadline as held: one UPDATE of a few rows per "
    + "season",
    ("leagues", "0015_language"): "CHECK on the new language column, filled by its "
    + "default: one row per league",
    ("teams", "0014_language"): "CHECK on the new language column, empty by default: "
    + "one row per coach who saved a profile",
}
# Migrations written while the linter landed, by number, reviewed with it:
# the new season ruleset (filled once by RunPython), the report's team extras and landing
# events (CHECKs on a match's events), the re-draft's edition change.
IN_FLIGHT = {("leagues", "0008"), ("matches", "0006"), ("teams", "0008")}


def is_accepted(app: str, migration: str) -> bool:
    return (app, migration) in ACCEPTED or (app, migration[:4]) in IN_FLIGHT


@dataclass(frozen=True)
class Finding:
    app: str
    migration: str
    operation: str
    problem: str

    def __str__(self) -> str:
        return f"{self.app}.{self.migration}: {self.operation}: {self.problem}"


def _is_indexed(field: models.Field) -> bool:
    if isinstance(field, models.ForeignKey | models.OneToOneField):
        return field.db_index or field.unique
    return bool(field.db_index or field.unique) and not field.primary_key


def _column_kind(field: models.Field) -> tuple[str, int | None, int | None]:
    kind = field.get_internal_type()
    return (
        "ForeignKey" if kind == "OneToOneField" else kind,  # the same column; unique aside
        getattr(field, "max_digits", None),
        getattr(field, "decimal_places", None),
    )


def _field_problems(old: models.Field, new: models.Field) -> list[str]:
    problems = []
    if _column_kind(old) != _column_kind(new):
        problems.append(
            f"column type {_column_kind(old)} -> {_column_kind(new)} rewrites the table"
        )
    old_length, new_length = getattr(old, "max_length", None), getattr(new, "max_length", None)
    if old_length and new_length and new_length < old_length:
        problems.append(f"max_length {old_length} -> {new_length} scans the table")
    if old.null and not new.null:
        problems.append("NOT NULL scans the table under an exclusive lock")
    if _is_indexed(new) and not _is_indexed(old):
        problems.append("builds an index in place (blocks writes)")
    return problems


def _operation_problems(
    op: migrations.operations.base.Operation, app: str, state: ProjectState, created: set[str]
) -> list[str]:
    """What is unsafe about ``op`` in ``state`` (the project before it)."""
    model = getattr(op, "model_name", None) or getattr(op, "name", "")
    if model and model.lower() in created:
        return []  # a table this migration created: empty, not yet read
    if isinstance(op, migrations.AddIndex):
        return ["builds an index in place (blocks writes): use AddIndexConcurrently"]
    if isinstance(op, migrations.AddConstraint):
        return ["validates the constraint under a lock that blocks writes"]
    if isinstance(op, migrations.AddField):
        problems = []
        field = op.field
        if _is_indexed(field):
            problems.append("builds an index in place (blocks writes)")
        no_default = (
            field.default is models.NOT_PROVIDED and field.db_default is models.NOT_PROVIDED
        )
        if not field.null and no_default and not field.many_to_many:
            problems.append("a NOT NULL column without a default fails on a table with rows")
        return problems
    if isinstance(op, migrations.AlterField):
        old = state.models[app, op.model_name.lower()].fields[op.name]
        return _field_problems(old, op.field)
    if isinstance(
        op,
        migrations.RemoveField
        | migrations.DeleteModel
        | migrations.RenameField
        | migrations.RenameModel
        | migrations.AlterModelTable,
    ):
        return ["the release still running reads what this takes away"]
    if isinstance(op, migrations.RunSQL | migrations.RunPython):
        return ["cannot be checked: says nothing of what it locks or for how long"]
    return []


def lint_migrations() -> list[Finding]:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    plan = loader.graph.leaf_nodes()
    ordered = []
    for leaf in plan:
        for node in loader.graph.forwards_plan(leaf):
            if node not in ordered:
                ordered.append(node)
    state = ProjectState(real_apps=set())
    findings: list[Finding] = []
    for app, name in ordered:
        migration = loader.graph.nodes[app, name]
        created: set[str] = set()
        for op in migration.operations:
            if app in APPS:
                if isinstance(op, migrations.CreateModel):
                    created.add(op.name.lower())
                for problem in _operation_problems(op, app, state, created):
                    findings.append(Finding(app, name, op.describe(), problem))
            op.state_forwards(app, state)
    return findings


@pytest.mark.django_db  # makemigrations checks the applied history against the files
def test_migrations_are_complete():
    """Every model change has its migration (what CI's makemigrations --check runs)."""
    out = io.StringIO()
    try:
        call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=out)
    except SystemExit as exit_:  # --check exits 1 when a migration is missing
        pytest.fail(f"makemigrations --check found missing migrations:\n{out.getvalue()}")
        raise AssertionError from exit_
    assert "No changes detected" in out.getvalue()


def test_no_unsafe_operation_on_postgresql_outside_the_accepted_list():
    findings = lint_migrations()
    refused = [f for f in findings if not is_accepted(f.app, f.migration)]
    assert refused == [], (
        "migrations unsafe on a live PostgreSQL database (see this module's docstring for "
        "the safe way, or list the migration in ACCEPTED with its reason):\n"
        + "\n".join(map(str, refused))
    )


def test_every_accepted_migration_exists_and_still_has_findings():
    """The list only ever names migrations that need it."""
    flagged = {(f.app, f.migration) for f in lint_migrations()}
    assert set(ACCEPTED) <= flagged


def test_the_linter_catches_what_it_should():
    state = ProjectState()
    state.add_model(
        migrations.state.ModelState(
            "teams",
            "probe",
            [
                ("id", models.BigAutoField(primary_key=True)),
                ("name", models.CharField(max_length=40, null=True)),
            ],
        )
    )

    def problems(op):
        return _operation_problems(op, "teams", state, set())

    assert problems(migrations.AddField("probe", "size", models.IntegerField()))
    assert not problems(migrations.AddField("probe", "size", models.IntegerField(default=0)))
    assert not problems(migrations.AddField("probe", "size", models.IntegerField(null=True)))
    assert problems(
        migrations.AddField(
            "probe", "code", models.CharField(max_length=5, null=True, db_index=True)
        )
    )
    assert problems(migrations.AlterField("probe", "name", models.CharField(max_length=40)))
    assert problems(
        migrations.AlterField("probe", "name", models.CharField(max_length=20, null=True))
    )
    assert not problems(
        migrations.AlterField("probe", "name", models.CharField(max_length=80, null=True))
    )
    assert problems(migrations.AlterField("probe", "name", models.TextField(null=True)))
    assert problems(migrations.RemoveField("probe", "name"))
    assert problems(migrations.RunPython(migrations.RunPython.noop))
    assert not _operation_problems(
        migrations.AddIndex("probe", models.Index(fields=["name"], name="probe_name")),
        "teams",
        state,
        {"probe"},
    )
    assert connection.vendor in {"sqlite", "postgresql"}  # the linter needs no database
