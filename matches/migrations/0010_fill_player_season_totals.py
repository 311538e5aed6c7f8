"""Fill the leaderboards' per-player totals once from the match statistics."""

from django.db import migrations
from django.db.models import Count, Q, Sum

SUMMED = ("touchdowns", "completions", "casualties", "interceptions", "deflections", "spp")


def fill(apps, schema_editor):
    stats = apps.get_model("matches", "PlayerMatchStats")
    totals = apps.get_model("matches", "PlayerSeasonTotals")
    rows = (
        stats.objects.order_by()
        .values("season_id", "player_id", "team_id")
        .annotate(
            **{f"sum_{name}": Sum(name) for name in SUMMED},
            mvp_awards=Count("id", filter=Q(mvp=True)),
            matches=Count("id"),
        )
    )
    totals.objects.bulk_create(
        (
            totals(
                season_id=row["season_id"],
                player_id=row["player_id"],
                team_id=row["team_id"],
                mvp=row["mvp_awards"],
                games=row["matches"],
                **{name: row[f"sum_{name}"] for name in SUMMED},
            )
            for row in rows
        ),
        batch_size=500,
    )


class Migration(migrations.Migration):
    dependencies = [("matches", "0009_playerseasontotals")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
