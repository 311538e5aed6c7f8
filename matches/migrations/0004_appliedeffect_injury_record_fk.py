# AppliedEffect.injury_record_id (an id stored as a number) becomes a foreign key to
# teams.InjuryRecord: the old column is kept as injury_record_ref, copied where the
# record exists (a reverted effect's record was deleted: it stays empty), then
# dropped by 0005.

import django.db.models.deletion
from django.db import migrations, models


def link(apps, schema_editor):
    AppliedEffect = apps.get_model("matches", "AppliedEffect")
    InjuryRecord = apps.get_model("teams", "InjuryRecord")
    refs = list(
        AppliedEffect.objects.filter(injury_record_ref__isnull=False).values_list(
            "pk", "injury_record_ref"
        )
    )
    existing = set(
        InjuryRecord.objects.filter(pk__in={ref for _, ref in refs}).values_list("pk", flat=True)
    )
    for pk, ref in refs:
        if ref in existing:
            AppliedEffect.objects.filter(pk=pk).update(injury_record_id=ref)


def unlink(apps, schema_editor):
    AppliedEffect = apps.get_model("matches", "AppliedEffect")
    for pk, ref in AppliedEffect.objects.filter(injury_record__isnull=False).values_list(
        "pk", "injury_record_id"
    ):
        AppliedEffect.objects.filter(pk=pk).update(injury_record_ref=ref)


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0003_post_game_phases'),
        ('teams', '0005_audit_entry_and_match_links'),
    ]

    operations = [
        migrations.RenameField(
            model_name='appliedeffect',
            old_name='injury_record_id',
            new_name='injury_record_ref',
        ),
        migrations.AddField(
            model_name='appliedeffect',
            name='injury_record',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='teams.injuryrecord'),
        ),
        migrations.RunPython(link, unlink),
    ]
