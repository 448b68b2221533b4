"""The team Swiss rules of an imported file, typed: ``trf_extra["team_rules"]``.

A section imported from a TRF file kept the file's 192 code with its header, and the team
Swiss read the competition's rules (C.04.6 1.2, 1.7) from it whenever it paired. The record
now carries the rules as a value of their own, which the import keeps beside the header
when they are not the defaults: sections imported before get them from their kept code, as
FIDE's table of codes (ETT26) reads it (`chesscore.record.system_codes.team_rules_for_code`).

Going back, the key goes: the kept code still states the rules.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

DEFAULTS = {"primary": "MP", "secondary": True, "preferences": "A"}


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


def forward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.filter(trf_extra__has_key="event").iterator():
        extra = section.trf_extra
        code = extra["event"].get("system") if isinstance(extra["event"], dict) else None
        if not isinstance(code, str) or "team_rules" in extra:
            continue
        rules = _rules(code)
        if rules != DEFAULTS:
            section.trf_extra = {**extra, "team_rules": rules}
            section.save(update_fields=["trf_extra"])


def backward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.filter(trf_extra__has_key="team_rules").iterator():
        section.trf_extra = {k: v for k, v in section.trf_extra.items() if k != "team_rules"}
        section.save(update_fields=["trf_extra"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0012_one_scoring")]

    operations = [migrations.RunPython(forward, backward)]
