"""A match keeps the league's house rules in force when its pre-game began. Matches
already begun keep {}: the edition as written, as they were played."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0012_dice_scheme"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="house_rules",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text=(
                    "The league's house rules in force when the pre-game began ({}: the "
                    "edition as written); the pre-game and post-game play by them."
                ),
            ),
        ),
    ]
