"""Sections imported before the system and the team Swiss rules were values of their own:
what their kept 192 code states moves beside it in ``trf_extra``; and back."""

from __future__ import annotations

import pytest

from chesscore.record import model as rec
from chesscore.record.codec import decode
from tests.tournaments.conftest import migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0012_one_scoring")]
AFTER = [("tournaments", "0013_system_facts")]


def test_an_imported_code_keeps_stating_its_system_and_team_rules_and_back(latest):
    old = migrate(BEFORE)
    event = old.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    Section = old.get_model("tournaments", "Section")
    codes = {"a": "FIDE_TEAM_MP_GP", "b": "FIDE_TEAM", "c": "FIDE_TEAM_TYPEB_GP", "d": ""}
    for slug, code in codes.items():
        Section.objects.create(
            event=event,
            name=slug,
            slug=slug,
            system="team_swiss",
            trf_extra={"event": {"name": slug, "system": code}},
        )
    Section.objects.create(event=event, name="Made here", slug="e", system="team_swiss")

    new = migrate(AFTER)
    extra = {s.slug: s.trf_extra for s in new.get_model("tournaments", "Section").objects.all()}
    rules = {
        slug: decode(rec.TeamSwissRules, kept["team_rules"])
        for slug, kept in extra.items()
        if "team_rules" in kept
    }

    assert rules == {
        "a": rec.TeamSwissRules(preferences=rec.PreferenceType.NONE),
        "c": rec.TeamSwissRules(rec.ScoreKind.GP, False, rec.PreferenceType.B),
    }
    assert extra["a"]["event"]["system"] == "FIDE_TEAM_MP_GP"
    assert [slug for slug, kept in extra.items() if kept.get("system_absent")] == ["d"]
    assert extra["b"] == {"event": {"name": "b", "system": "FIDE_TEAM"}}
    assert extra["e"] == {}

    back = migrate(BEFORE)
    kept = back.get_model("tournaments", "Section").objects.values_list("trf_extra", flat=True)
    assert not any("team_rules" in extra or "system_absent" in extra for extra in kept)
