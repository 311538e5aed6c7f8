"""Fill the maintained standings rows of every existing season, once, from
its league fixtures and points adjustments: the same arithmetic as the full aggregate
(leagues/standings_sql.py), written here with the historical models so that later
changes to the app cannot change what this migration did."""

from collections import defaultdict

from django.db import migrations

COUNTED = ("played", "forfeit", "unplayed_double_loss")
FIELDS = (
    "played",
    "won",
    "drawn",
    "lost",
    "touchdowns_for",
    "touchdowns_against",
    "casualties_for",
    "casualties_against",
    "three_touchdown_games",
    "clean_sheets",
    "three_casualty_games",
    "conceded",
    "points_scored",
    "points_conceded",
    "adjustment",
)


def _side(totals, fixture, side, other):
    row = totals[(fixture.season_id, getattr(fixture, f"{side}_id"))]
    td_for = getattr(fixture, f"{side}_touchdowns") or 0
    td_against = getattr(fixture, f"{other}_touchdowns") or 0
    cas_for = getattr(fixture, f"{side}_casualties") or 0
    pts_for, pts_against = getattr(fixture, f"{side}_points"), getattr(fixture, f"{other}_points")
    score_for = pts_for if pts_for is not None else td_for
    score_against = pts_against if pts_against is not None else td_against
    unplayed = fixture.status == "unplayed_double_loss"
    played = fixture.status == "played"
    row["played"] += 1
    row["won"] += int(not unplayed and score_for > score_against)
    row["drawn"] += int(played and score_for == score_against)
    row["lost"] += int(unplayed or score_for < score_against)
    row["touchdowns_for"] += td_for
    row["touchdowns_against"] += td_against
    row["casualties_for"] += cas_for
    row["casualties_against"] += getattr(fixture, f"{other}_casualties") or 0
    row["three_touchdown_games"] += int(played and td_for >= 3)
    row["clean_sheets"] += int(played and td_against == 0)
    row["three_casualty_games"] += int(played and cas_for >= 3)
    row["conceded"] += int(fixture.conceded_by_id == getattr(fixture, f"{side}_id"))
    row["points_scored"] += pts_for or 0
    row["points_conceded"] += pts_against or 0


def fill(apps, schema_editor):
    Fixture = apps.get_model("leagues", "Fixture")
    PointsAdjustment = apps.get_model("leagues", "PointsAdjustment")
    TeamEntry = apps.get_model("leagues", "TeamEntry")
    StandingTotals = apps.get_model("leagues", "StandingTotals")
    totals = defaultdict(lambda: dict.fromkeys(FIELDS, 0))
    for season_id, team_id in TeamEntry.objects.values_list("season_id", "team_id"):
        totals[(season_id, team_id)]  # noqa: B018 - a team yet to play gets its zeros
    for fixture in Fixture.objects.filter(kind="league", status__in=COUNTED).iterator():
        _side(totals, fixture, "home", "away")
        _side(totals, fixture, "away", "home")
    for adjustment in PointsAdjustment.objects.all().iterator():
        totals[(adjustment.season_id, adjustment.team_id)]["adjustment"] += adjustment.points
    StandingTotals.objects.bulk_create(
        (
            StandingTotals(season_id=season_id, team_id=team_id, **row)
            for (season_id, team_id), row in totals.items()
        ),
        batch_size=500,
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [("leagues", "0009_standing_totals")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
