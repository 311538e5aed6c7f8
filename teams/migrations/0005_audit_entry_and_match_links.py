# Audit trail (AuditEntry) and the real links to a match of ledger entries and injuries.
# The old match_ref column is copied into TreasuryEntry.match by 0006 and dropped by 0007.

import django.core.serializers.json
import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('leagues', '0007_redraft_budget_cap_bounded'),
        ('matches', '0003_post_game_phases'),
        ('teams', '0004_redraft_record'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='injuryrecord',
            name='match',
            field=models.ForeignKey(blank=True, help_text='The match it happened in; empty for an injury from elsewhere.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='injuries', to='matches.match'),
        ),
        migrations.AddField(
            model_name='treasuryentry',
            name='match',
            field=models.ForeignKey(blank=True, help_text='The match this posting comes from.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='ledger_entries', to='matches.match'),
        ),
        migrations.CreateModel(
            name='AuditEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(auto_now_add=True)),
                ('action', models.CharField(max_length=40)),
                ('message', models.CharField(max_length=300)),
                ('data', models.JSONField(blank=True, default=dict, encoder=django.core.serializers.json.DjangoJSONEncoder)),
                ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('league', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='leagues.league')),
                ('other_team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='teams.team')),
                ('team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='audit_entries', to='teams.team')),
            ],
            options={
                'verbose_name_plural': 'audit entries',
                'ordering': ['-at', '-id'],
                'required_db_features': {'supports_json_field'},
                'indexes': [models.Index(fields=['league', '-at'], name='audit_league_at'), models.Index(fields=['team', '-at'], name='audit_team_at'), models.Index(fields=['other_team', '-at'], name='audit_other_team_at')],
            },
        ),
    ]
