"""manage.py act_on_deadlines: act once on the unplayed league fixtures whose deadline
has passed (``leagues.services.deadlines``), for a deployment that runs cron instead of
Celery beat (every few minutes; a run that finds nothing owed changes nothing).

``--hold-all`` holds every fixture past its deadline for its commissioner instead:
run it once, before the first sweep, on a site whose running leagues have open fixtures
long past their deadline, so that their commissioners decide those rather than the
first sweep settling them all at once."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from leagues.services.deadlines import act_on_deadlines


class Command(BaseCommand):
    help = "Settle by the rules, or hold for the commissioner, fixtures past their deadline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--hold-all",
            action="store_true",
            help=(
                "Hold every fixture past its deadline for its commissioner, settling none: "
                "run once before deadlines first act on a site with leagues under way."
            ),
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sweep = act_on_deadlines(hold_all=options["hold_all"])
        self.stdout.write(str(sweep))
        if sweep.failed:
            self.stderr.write(
                "Fixtures whose deadline could not act (see the log): "
                + ", ".join(str(pk) for pk in sweep.failed)
            )
