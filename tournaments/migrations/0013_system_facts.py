"""What an imported file's 192 code states, typed, beside the header kept with the section.

A section imported from a TRF file kept the file's 192 code with its header, and the team
Swiss read the competition's rules (C.04.6 1.2, 1.7) from it whenever it paired; a header
with no code made a record, and a TRF export, naming no system. The record now carries the
system and the rules as values of their own, which the import keeps in ``trf_extra`` beside
the header: the rules when they are not the defaults (``"team_rules"``), and that the file
named no system (``"system_absent"``). Sections imported before get them from their kept
code, as FIDE's table of codes (ETT26) reads it
(`chesscore.record.system_codes.team_rules_for_code`).

Going back, the two keys go: the kept code still states them.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

DEFAULTS = {"primary": "MP", "secondary": True, "preferences": "A"}
KEYS = ("team_rules", "system_absent")


def _rules(code: str) -> dict[str, Any]:
    """The rules a 192 code states, in their stored form."""
    parts = [p for p in code.strip().upper().split("_") if p]
    scores = [p for p in parts if p in ("MP", "GP")]
    if "TYPEB" in parts:
        preferences = "B"
    elif "TYPEA" in parts or not scores:
        preferences = "A"
    else:
        preferences = "NONE"
    if not scores:
        return {**DEFAULTS, "preferences": preferences}
    return {"primary": scores[0], "secondary": len(scores) > 1, "preferences": preferences}


def _facts(code: str) -> dict[str, Any]:
    """What ``trf_extra`` keeps of a header's 192 code `code`."""
    if not code:
        return {"system_absent": True}
    rules = _rules(code)
    return {} if rules == DEFAULTS else {"team_rules": rules}


def forward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.filter(trf_extra__has_key="event").iterator():
        extra = section.trf_extra
        event = extra["event"]
        code = event.get("system", "") if isinstance(event, dict) else None
        if not isinstance(code, str) or any(key in extra for key in KEYS):
            continue
        facts = _facts(code)
        if facts:
            section.trf_extra = {**extra, **facts}
            section.save(update_fields=["trf_extra"])


def backward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.filter(trf_extra__has_any_keys=list(KEYS)).iterator():
        section.trf_extra = {k: v for k, v in section.trf_extra.items() if k not in KEYS}
        section.save(update_fields=["trf_extra"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0012_one_scoring")]

    operations = [migrations.RunPython(forward, backward)]
