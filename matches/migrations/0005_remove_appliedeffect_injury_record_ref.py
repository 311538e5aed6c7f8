# The old id column, copied into AppliedEffect.injury_record by 0004.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0004_appliedeffect_injury_record_fk'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='appliedeffect',
            name='injury_record_ref',
        ),
    ]
