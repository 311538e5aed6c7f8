# Data: TreasuryEntry.match from the old match_ref id, InjuryRecord.match from a
# source reading "Match #<id>" (Match.label); ids naming no match stay unlinked.

import re

from django.db import migrations

MATCH_LABEL = re.compile(r"^Match #(\d+)$")


def link(apps, schema_editor):
    Match = apps.get_model("matches", "Match")
    TreasuryEntry = apps.get_model("teams", "TreasuryEntry")
    InjuryRecord = apps.get_model("teams", "InjuryRecord")
    matches = set(Match.objects.values_list("pk", flat=True))
    refs = (
        TreasuryEntry.objects.filter(match_ref__isnull=False)
        .values_list("match_ref", flat=True)
        .distinct()
    )
    for ref in refs:
        if ref in matches:
            TreasuryEntry.objects.filter(match_ref=ref).update(match_id=ref)
    by_match: dict[int, list[int]] = {}
    for pk, source in InjuryRecord.objects.filter(source__startswith="Match #").values_list(
        "pk", "source"
    ):
        found = MATCH_LABEL.match(source.strip())
        if found and int(found.group(1)) in matches:
            by_match.setdefault(int(found.group(1)), []).append(pk)
    for match_id, pks in by_match.items():
        InjuryRecord.objects.filter(pk__in=pks).update(match_id=match_id)


def unlink(apps, schema_editor):
    TreasuryEntry = apps.get_model("teams", "TreasuryEntry")
    for pk, match_id in TreasuryEntry.objects.filter(match__isnull=False).values_list(
        "pk", "match_id"
    ):
        TreasuryEntry.objects.filter(pk=pk).update(match_ref=match_id)


class Migration(migrations.Migration):

    dependencies = [
        ('teams', '0005_audit_entry_and_match_links'),
    ]

    operations = [
        migrations.RunPython(link, unlink),
    ]
