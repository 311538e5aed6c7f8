"""Where notifications come from: the other apps' model saves, caught by signals.

Why signals here, when Dugout's services otherwise call each other directly: the
events (a result applied, an advancement taken, a player dead, a report waiting for
confirmation, a fixture scheduled, a kick-off time agreed, a deadline acted on, a
news post or a coach's match report) are written by the leagues, teams, matches and news
services, by their Celery tasks and by corrections that re-derive later matches.
Hooking the rows themselves catches every path that writes them without those
services knowing notifications exist (they stay free of an outside concern, and a
notification can never fail or slow their transaction).

Each receiver does no query: it only asks for a callback once the transaction
commits (``transaction.on_commit``, robust), so a rolled-back change notifies no one.
The callback records the webhook deliveries (pending rows, then queued: see
``webhooks``) and writes the e-mails to the outbox (owed rows, then queued: see
``outbox``); it never raises into the request. Rows written
in bulk send no signal: the schedule's fixtures are announced by the season's move to
its regular season instead.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver

from leagues.models import Fixture, Season
from matches.models import Confirmation, Match, Report
from matches.models_postgame import PostGameApplication
from news.models import LeagueNews, MatchReport
from notifications import emails, events, webhooks
from notifications.models import EventKind
from teams.models import Advancement, InjuryRecord

logger = logging.getLogger(__name__)


def webhook_event(kind: str, pk: int) -> None:
    """After the commit: the event's deliveries recorded (pending) and queued."""
    try:
        build = events.BUILDERS[EventKind(kind)]
        event = build(pk)
        if event is not None:
            webhooks.record_in_league_language(event, partial(build, pk))
    except Exception:
        logger.exception("notifications: the %s event of row %s was not recorded", kind, pk)


def email_event(kind: str, pk: int) -> None:
    """After the commit: the event's e-mails written to the outbox here, as the
    webhooks' deliveries are (a task carrying them could be lost with the queue before
    the database knew they were owed); each then leaves by its own task. Never raises."""
    try:
        emails.send(kind, pk)
    except Exception:
        logger.exception("notifications: the %s e-mails of row %s were not written", kind, pk)


def _on_commit(callback: Any, kind: str, pk: int) -> None:
    transaction.on_commit(partial(callback, kind, pk), robust=True)


@receiver(post_save, sender=PostGameApplication, dispatch_uid="notify_post_game")
def post_game_applied(sender: Any, instance: PostGameApplication, created: bool, **kw: Any) -> None:
    if not created or kw.get("raw"):
        return
    # The first phase applied announces the result; the event's key (its report)
    # keeps the second phase, and re-derivations, from announcing it again.
    _on_commit(webhook_event, EventKind.RESULT, instance.pk)
    if instance.phase == PostGameApplication.Phase.RESULTS:
        _on_commit(email_event, "post_game_waiting", instance.pk)


@receiver(post_save, sender=Advancement, dispatch_uid="notify_level_up")
def advancement_taken(sender: Any, instance: Advancement, created: bool, **kw: Any) -> None:
    if created and not kw.get("raw"):
        _on_commit(webhook_event, EventKind.LEVEL_UP, instance.pk)


@receiver(post_save, sender=InjuryRecord, dispatch_uid="notify_death")
def injury_recorded(sender: Any, instance: InjuryRecord, created: bool, **kw: Any) -> None:
    if created and not kw.get("raw") and instance.kind == InjuryRecord.Kind.DEAD:
        _on_commit(webhook_event, EventKind.DEATH, instance.pk)


@receiver(post_save, sender=Report, dispatch_uid="notify_report")
def report_saved(sender: Any, instance: Report, created: bool, **kw: Any) -> None:
    if kw.get("raw") or not instance.is_current:
        return
    if instance.confirmation == Confirmation.AWAITING:
        _on_commit(email_event, "report_to_confirm", instance.pk)


def _saved(field: str, kw: dict[str, Any]) -> bool:
    """Whether a save may have changed ``field``: named in ``update_fields``, or a
    whole-row save (the event's key keeps one seen before from being sent again)."""
    fields = kw.get("update_fields")
    return fields is None or field in fields


@receiver(post_save, sender=Fixture, dispatch_uid="notify_fixture")
def fixture_saved(sender: Any, instance: Fixture, created: bool, **kw: Any) -> None:
    if kw.get("raw"):
        return
    if created and instance.is_open:
        _on_commit(email_event, "fixture_scheduled", instance.pk)
    if instance.kickoff_at is not None and instance.is_open and _saved("kickoff_at", kw):
        _on_commit(webhook_event, EventKind.KICKOFF_AGREED, instance.pk)
        _on_commit(email_event, "kickoff_agreed", instance.pk)
    if instance.deadline_passed_at is not None and _saved("deadline_passed_at", kw):
        _on_commit(webhook_event, EventKind.DEADLINE_PASSED, instance.pk)
        _on_commit(email_event, "deadline_passed", instance.pk)


@receiver(post_save, sender=Season, dispatch_uid="notify_schedule")
def season_saved(sender: Any, instance: Season, created: bool, **kw: Any) -> None:
    fields = kw.get("update_fields") or ()
    if "status" in fields and instance.status == Season.Status.REGULAR_SEASON:
        _on_commit(email_event, "season_scheduled", instance.pk)


@receiver(post_save, sender=Match, dispatch_uid="notify_match_open")
def match_saved(sender: Any, instance: Match, created: bool, **kw: Any) -> None:
    if created and not kw.get("raw"):
        _on_commit(email_event, "match_opened", instance.pk)


@receiver(post_save, sender=LeagueNews, dispatch_uid="notify_league_news")
def league_news_posted(sender: Any, instance: LeagueNews, created: bool, **kw: Any) -> None:
    if created and not kw.get("raw"):
        _on_commit(webhook_event, EventKind.LEAGUE_NEWS, instance.pk)
        _on_commit(email_event, "league_news", instance.pk)


@receiver(post_save, sender=MatchReport, dispatch_uid="notify_match_report")
def match_report_written(sender: Any, instance: MatchReport, created: bool, **kw: Any) -> None:
    # An edit is not news: the first version announced it.
    if created and not kw.get("raw"):
        _on_commit(webhook_event, EventKind.MATCH_REPORT, instance.pk)
        _on_commit(email_event, "match_report", instance.pk)
