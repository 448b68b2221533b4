# The audit log of draft rounds joins the event's log (tournaments.LogEntry); its entries are
# copied there with their times, users and warnings before the table goes.

from django.db import migrations


def draft_edits_copy(apps, schema_editor):
    DraftEdit = apps.get_model("pairing", "DraftEdit")
    LogEntry = apps.get_model("tournaments", "LogEntry")
    edits = DraftEdit.objects.select_related("round__section", "user").order_by("pk")
    for edit in edits.iterator():
        section = edit.round.section
        LogEntry.objects.create(
            event_id=section.event_id,
            section=section,
            section_name=section.name,
            round_number=edit.round.number,
            user=edit.user,
            actor=edit.user.username if edit.user is not None else "",
            created_at=edit.created_at,
            action=edit.action,
            description=edit.description,
            warnings=edit.warnings,
        )


class Migration(migrations.Migration):

    dependencies = [
        ("pairing", "0002_draft_edit"),
        ("tournaments", "0006_event_log_and_versions"),
    ]

    operations = [
        migrations.RunPython(draft_edits_copy, migrations.RunPython.noop),
        migrations.DeleteModel(
            name="DraftEdit",
        ),
    ]
