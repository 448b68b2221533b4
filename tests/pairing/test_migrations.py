"""The audit log of draft rounds moves into the event log with nothing lost."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("pairing", "0002_draft_edit"), ("tournaments", "0006_event_log_and_versions")]
AFTER = [("pairing", "0003_draft_edits_to_event_log")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_draft_edits_become_log_entries_with_their_times_users_and_warnings():
    old = migrate(BEFORE)
    user = old.get_model("auth", "User").objects.create(username="arbiter")
    event = old.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    section = old.get_model("tournaments", "Section").objects.create(
        event=event, name="A", slug="a"
    )
    rnd = old.get_model("tournaments", "Round").objects.create(section=section, number=2)
    edit = old.get_model("pairing", "DraftEdit").objects.create(
        round=rnd,
        user=user,
        action="players_swap",
        description="1 and 2 swapped places.",
        warnings={"added": ["Board 1: rematch"], "resolved": []},
    )
    when = datetime.datetime(2026, 5, 1, 10, 30, tzinfo=datetime.UTC)
    old.get_model("pairing", "DraftEdit").objects.filter(pk=edit.pk).update(created_at=when)

    new = migrate(AFTER)
    try:
        entry = new.get_model("tournaments", "LogEntry").objects.get()
        assert (entry.event_id, entry.section_id, entry.section_name) == (event.pk, section.pk, "A")
        assert entry.round_number == 2
        assert (entry.user_id, entry.actor) == (user.pk, "arbiter")
        assert entry.created_at == when
        assert entry.action == "players_swap"
        assert entry.description == "1 and 2 swapped places."
        assert entry.warnings == {"added": ["Board 1: rematch"], "resolved": []}
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
