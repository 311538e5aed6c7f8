"""manage.py rebuild_ratings [league id ...]: rate every league (or those named) from
scratch from its recorded results (``leagues.insight.ratings``). The ratings are kept
with each result; this fills them for results recorded before they existed, and
repairs."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from leagues.insight.ratings import rebuild_league_ratings
from leagues.models import League


class Command(BaseCommand):
    help = "Rate every league's teams and coaches from scratch (Glicko-2)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("league_ids", nargs="*", type=int, help="Only these leagues.")

    def handle(self, *args: Any, **options: Any) -> None:
        leagues = League.objects.order_by("id")
        if options["league_ids"]:
            leagues = leagues.filter(pk__in=options["league_ids"])
        for league in leagues:
            matches = rebuild_league_ratings(league)
            self.stdout.write(f"{league.name}: {matches} rated match(es)")
