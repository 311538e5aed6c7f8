"""Dice keyed by purpose for new matches; matches already recorded keep their stream
so their stored rolls replay unchanged."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("matches", "0011_superb_throw_events"),
    ]

    operations = [
        # Every match that exists now was rolled on one stream per sequence.
        migrations.AddField(
            model_name="match",
            name="dice_scheme",
            field=models.CharField(
                choices=[("keyed", "Keyed by purpose"), ("stream", "One stream")],
                default="stream",
                help_text="How the seeds give the pre-game's and post-game's dice.",
                max_length=8,
            ),
        ),
        migrations.AlterField(
            model_name="match",
            name="dice_scheme",
            field=models.CharField(
                choices=[("keyed", "Keyed by purpose"), ("stream", "One stream")],
                default="keyed",
                help_text="How the seeds give the pre-game's and post-game's dice.",
                max_length=8,
            ),
        ),
    ]
