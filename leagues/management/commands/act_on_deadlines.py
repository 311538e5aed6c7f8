"""manage.py act_on_deadlines: act once on the unplayed league fixtures whose deadline
has passed (``leagues.services.deadlines``), for a deployment that runs cron instead of
Celery beat (every few minutes; a run that finds nothing owed changes nothing)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from leagues.services.deadlines import act_on_deadlines


class Command(BaseCommand):
    help = "Settle by the rules, or hold for the commissioner, fixtures past their deadline."

    def handle(self, *args: Any, **options: Any) -> None:
        sweep = act_on_deadlines()
        self.stdout.write(str(sweep))
        if sweep.failed:
            self.stderr.write(
                "Fixtures whose deadline could not act (see the log): "
                + ", ".join(str(pk) for pk in sweep.failed)
            )
