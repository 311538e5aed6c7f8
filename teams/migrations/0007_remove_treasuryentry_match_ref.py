# The placeholder id is now TreasuryEntry.match (0006 copied it).

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('teams', '0006_ledger_and_injuries_link_matches'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='treasuryentry',
            name='match_ref',
        ),
    ]
