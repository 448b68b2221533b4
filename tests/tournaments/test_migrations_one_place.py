"""Sections stored before their acceleration had one place: the systems ``baku`` and
``burstein_baku``, 192 codes naming Baku; and back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0009_round_schedule")]
AFTER = [("tournaments", "0010_one_acceleration")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest():
    yield
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_old_sections_keep_one_system_key_and_one_acceleration(latest):
    old = migrate(BEFORE)
    event = old.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    Section = old.get_model("tournaments", "Section")
    baku = Section.objects.create(event=event, name="A", slug="a", system="baku")
    burstein = Section.objects.create(
        event=event,
        name="B",
        slug="b",
        system="burstein_baku",
        trf_extra={"event": {"name": "B", "system": "FIDE_BURSTEIN_BAKU"}},
    )
    plain = Section.objects.create(event=event, name="D", slug="d", acceleration="baku")

    new = migrate(AFTER)

    sections = new.get_model("tournaments", "Section").objects
    assert (sections.get(pk=baku.pk).system, sections.get(pk=baku.pk).acceleration) == (
        "dutch",
        "baku",
    )
    moved = sections.get(pk=burstein.pk)
    assert (moved.system, moved.acceleration) == ("burstein", "baku")
    assert moved.trf_extra["event"] == {"name": "B", "system": "FIDE_BURSTEIN"}
    assert (sections.get(pk=plain.pk).system, sections.get(pk=plain.pk).acceleration) == (
        "dutch",
        "baku",
    )


def test_going_back_gives_the_old_keys(latest):
    new = migrate(AFTER)
    event = new.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    Section = new.get_model("tournaments", "Section")
    dutch = Section.objects.create(event=event, name="A", slug="a", acceleration="baku")
    burstein = Section.objects.create(
        event=event, name="B", slug="b", system="burstein", acceleration="baku"
    )

    old = migrate(BEFORE)

    sections = old.get_model("tournaments", "Section").objects
    assert sections.get(pk=dutch.pk).system == "baku"
    assert sections.get(pk=burstein.pk).system == "burstein_baku"
