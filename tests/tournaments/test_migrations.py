"""Rounds stored before strict prohibited groups counted as FIDE pairings are put right."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0006_event_log_and_versions")]
AFTER = [("tournaments", "0007_strict_groups_are_fide")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_old_strict_group_rounds_become_pure_fide_and_keep_other_deviations():
    old = migrate(BEFORE)
    event = old.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    section = old.get_model("tournaments", "Section").objects.create(
        event=event, name="A", slug="a"
    )
    Round = old.get_model("tournaments", "Round")
    strict = Round.objects.create(
        section=section,
        number=1,
        is_pure_fide=False,
        explanation={"deviations": ["Forbidden pairings among 26, 27."]},
    )
    edited = Round.objects.create(
        section=section,
        number=2,
        is_pure_fide=False,
        explanation={"deviations": ["Forbidden pairings among 2, 3."], "edits": ["Swapped."]},
    )
    soft = Round.objects.create(
        section=section,
        number=3,
        is_pure_fide=False,
        explanation={
            "deviations": ["Forbidden pairings among teams 1, 3.", "Soft prohibited groups: X."]
        },
    )

    new = migrate(AFTER)
    try:
        rounds = new.get_model("tournaments", "Round").objects
        assert rounds.get(pk=strict.pk).is_pure_fide is True
        assert rounds.get(pk=strict.pk).explanation["deviations"] == []
        assert rounds.get(pk=edited.pk).is_pure_fide is False
        assert rounds.get(pk=edited.pk).explanation["deviations"] == []
        assert rounds.get(pk=soft.pk).is_pure_fide is False
        assert rounds.get(pk=soft.pk).explanation["deviations"] == ["Soft prohibited groups: X."]
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
