"""BB2025 Low Cost Linemen count a Lineman's hiring fee as 0 in CTV only: his current
value keeps the fee (bb2025-league-facts.md sections 3 and 13.11). Players valued
before without it get it added once. The positions and fees are frozen here, as the
rules data had them when this migration was written."""

from django.db import migrations
from django.db.models import F

# (roster, Lineman position, hiring fee) of the BB2025 Low Cost Linemen rosters.
LOW_COST_LINEMEN = (
    ("ogre", "ogre-gnoblar-lineman", 15000),
    ("snotling", "snotling-lineman", 15000),
)
NOT_VALUED = ("dead", "fired")  # worth nothing whatever their position


def add_fee(apps, schema_editor):
    Player = apps.get_model("teams", "Player")
    for roster, position, fee in LOW_COST_LINEMEN:
        Player.objects.filter(
            team__ruleset="bb2025", team__roster_slug=roster, position_slug=position
        ).exclude(status__in=NOT_VALUED).update(current_value=F("current_value") + fee)


def remove_fee(apps, schema_editor):
    Player = apps.get_model("teams", "Player")
    for roster, position, fee in LOW_COST_LINEMEN:
        Player.objects.filter(
            team__ruleset="bb2025",
            team__roster_slug=roster,
            position_slug=position,
            current_value__gte=fee,
        ).exclude(status__in=NOT_VALUED).update(current_value=F("current_value") - fee)


class Migration(migrations.Migration):
    dependencies = [("teams", "0011_player_mercenary")]

    operations = [migrations.RunPython(add_fee, remove_fee)]
