import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies: list[tuple[str, str]] = []

    operations = [
        migrations.CreateModel(
            name="Version",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "scope",
                    models.CharField(
                        choices=[("league", "League"), ("team", "Team")], max_length=8
                    ),
                ),
                ("object_id", models.PositiveBigIntegerField()),
                ("value", models.PositiveBigIntegerField(default=0)),
                ("changed_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("scope", "object_id"), name="core_version_per_object"
                    )
                ],
            },
        ),
        # The page stamps' table, from before versions: gone from existing databases.
        migrations.RunSQL("DROP TABLE IF EXISTS pages_pagestamp", migrations.RunSQL.noop),
    ]
