"""A stored roll keeps its purpose as the engine's sentence beside its English, so a
page shows it in its reader's language. Rolls stored before keep None: their English."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0013_match_house_rules"),
    ]

    operations = [
        migrations.AddField(
            model_name="diceroll",
            name="purpose_said",
            field=models.JSONField(
                blank=True,
                help_text=(
                    "The purpose as a sentence for its reader's language (None: English only)."
                ),
                null=True,
            ),
        ),
    ]
