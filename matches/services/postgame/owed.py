"""Which post-games are owed: a read the periodic sweep, the metrics and the tasks
share. It imports no queue or Celery app, so whatever reads it stays out of the
services' import graph."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Q

from matches.models import PostGameApplication, Report

Phase = PostGameApplication.Phase


def owed_post_games() -> list[tuple[int, int]]:
    """(match id, report id) of every current report whose post-game work is owed and
    ready to run now: what ``matches.tasks.apply_post_game`` does for them has not been
    done yet. A periodic sweep re-queues these (an enqueue lost while the broker was
    down, a worker killed mid-task); the task is idempotent, so a duplicate is harmless.
    """
    final = PostGameApplication.objects.filter(report=OuterRef("pk"), phase=Phase.FINAL)
    results = PostGameApplication.objects.filter(report=OuterRef("pk"), phase=Phase.RESULTS)
    owed = (
        Report.objects.filter(is_current=True)
        .alias(has_final=Exists(final), has_results=Exists(results))
        .filter(
            Q(post_game_complete=True, has_final=False)
            | Q(results_ready=True, has_final=False, has_results=False)
        )
    )
    return list(owed.order_by("pk").values_list("match_id", "pk"))
