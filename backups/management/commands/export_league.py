"""manage.py export_league <league id or name> [--output file.json]: a league's
whole history as JSON (backups/), to a file or standard output."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from backups.export import export_league
from leagues.models import League


class Command(BaseCommand):
    help = "Export a league with all its history (seasons, teams, matches, dice) as JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("league", help="The league's id or name.")
        parser.add_argument("--output", "-o", help="File to write (default: standard output).")

    def handle(self, *args: Any, **options: Any) -> None:
        wanted = options["league"]
        league = League.objects.filter(name__iexact=wanted).first()
        if league is None and wanted.isdigit():
            league = League.objects.filter(pk=int(wanted)).first()
        if league is None:
            raise CommandError(f"There is no league {wanted!r} (give its id or its name).")
        text = json.dumps(export_league(league), indent=1, ensure_ascii=False)
        if options["output"]:
            with open(options["output"], "w", encoding="utf-8") as out:
                out.write(text + "\n")
            self.stderr.write(f"Exported {league.name} to {options['output']}.")
        else:
            self.stdout.write(text)
