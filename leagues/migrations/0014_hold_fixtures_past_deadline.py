"""Fixtures whose deadline passed before deadlines began to act are held for their
commissioner, not settled by the first sweep: a commissioner may have left them open
on purpose. Every league was on UTC until now, so "passed" is a deadline before today
in UTC."""

from django.db import migrations
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone

OPEN_STATUSES = ("scheduled", "postponed")


def hold_fixtures_past_deadline(apps, schema_editor):
    Fixture = apps.get_model("leagues", "Fixture")
    now = timezone.now()
    (
        Fixture.objects.filter(
            kind="league",
            status__in=OPEN_STATUSES,
            season__status="regular_season",
            deadline_passed_at__isnull=True,
        )
        .annotate(due=Coalesce("deadline", "round__deadline"))
        .filter(Q(due__lt=now.date()))
        .update(deadline_passed_at=now)
    )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0013_house_rules_and_kickoff")]

    operations = [
        migrations.RunPython(hold_fixtures_past_deadline, migrations.RunPython.noop),
    ]
