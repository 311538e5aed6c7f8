"""manage.py import_league <file.json>: recreate a league exported by
export_league, in one transaction; refused, with every problem listed and nothing
written, if its name (or a team's) exists or the file does not hold together."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backups.checks import describe
from backups.importer import import_league
from rules_engine.errors import RulesError


class Command(BaseCommand):
    help = "Import a league exported by export_league (refused if the league exists)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="A file written by export_league.")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            with open(options["file"], encoding="utf-8") as source:
                document = json.load(source)
        except (OSError, ValueError, RecursionError) as error:  # ValueError: JSON, UTF-8
            raise CommandError(f"Cannot read {options['file']}: {error}") from None
        try:
            league = import_league(document)
        except RulesError as error:
            raise CommandError(describe(error.messages)) from None
        counts = {k: len(v) for k, v in document.items() if isinstance(v, list)}
        self.stdout.write(
            f"Imported {league.name} (id {league.pk}): {counts.get('seasons', 0)} season(s), "
            f"{counts.get('teams', 0)} teams, {counts.get('players', 0)} players, "
            f"{counts.get('matches', 0)} matches, {counts.get('dice', 0)} dice rolls, "
            f"{counts.get('ledger', 0)} ledger entries."
        )
