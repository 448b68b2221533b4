"""Rounds paired under strict prohibited groups or the file's forbidden pairings were marked
not pure FIDE, with the pairings (and so the groups' members) among their deviations. Such
pairings are an absolute criterion the FIDE systems allow (TRF26 260): drop them from the
deviations and mark the round pure FIDE again unless something else shaped it."""

from __future__ import annotations

from typing import Any

from django.db import migrations

FORBIDDEN_TEXT = "Forbidden pairings among "


def strict_groups_are_fide(apps: Any, schema_editor: Any) -> None:
    Round = apps.get_model("tournaments", "Round")
    for rnd in Round.objects.filter(is_pure_fide=False).iterator():
        explanation = dict(rnd.explanation or {})
        deviations = [str(d) for d in explanation.get("deviations", [])]
        kept = [d for d in deviations if not d.startswith(FORBIDDEN_TEXT)]
        if kept == deviations:
            continue
        explanation["deviations"] = kept
        rnd.explanation = explanation
        rnd.is_pure_fide = not kept and not explanation.get("edits")
        rnd.save(update_fields=["explanation", "is_pure_fide"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0006_event_log_and_versions")]

    operations = [migrations.RunPython(strict_groups_are_fide, migrations.RunPython.noop)]
