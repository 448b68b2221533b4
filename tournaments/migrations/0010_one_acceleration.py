"""Acceleration in one place: the section's ``acceleration``.

The systems ``baku`` and ``burstein_baku`` were the Dutch and Burstein systems with Baku
acceleration, beside the section's own acceleration setting, and either turned it on: they
become ``dutch`` and ``burstein`` with acceleration ``baku``. An imported header's 192 code
keeps only the system: the word ``BAKU`` goes, the section's acceleration says it (the TRF
export writes it back).

Going back, Dutch and Burstein sections with Baku acceleration return to their old keys.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

BAKU_SYSTEMS = {"baku": "dutch", "burstein_baku": "burstein"}
ACCELERATED = {plain: baku for baku, plain in BAKU_SYSTEMS.items()}


def _without_baku(code: str) -> tuple[str, bool]:
    words = code.split("_")
    kept = [word for word in words if word.upper() != "BAKU"]
    return "_".join(kept), len(kept) != len(words)


def forward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.iterator():
        changed = False
        if section.system in BAKU_SYSTEMS:
            section.system = BAKU_SYSTEMS[section.system]
            section.acceleration = "baku"
            changed = True
        event = (section.trf_extra or {}).get("event")
        if isinstance(event, dict) and isinstance(event.get("system"), str):
            system, named = _without_baku(event["system"])
            if named:
                section.trf_extra = {**section.trf_extra, "event": {**event, "system": system}}
                changed = True
        if changed:
            section.save(update_fields=["system", "acceleration", "trf_extra"])


def backward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    sections = Section.objects.filter(acceleration="baku", system__in=list(ACCELERATED))
    for section in sections.iterator():
        section.system = ACCELERATED[section.system]
        section.save(update_fields=["system"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_round_schedule")]

    operations = [migrations.RunPython(forward, backward)]
