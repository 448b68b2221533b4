"""Sections stored before their points and their acceleration had one place each: the
systems ``baku`` and ``burstein_baku``, points kept beside the columns, 192 codes naming
Baku; and back."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.tournaments.conftest import migrate

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("tournaments", "0009_round_schedule")]
AFTER = [("tournaments", "0012_one_scoring")]

QUARTERS = {
    "win": "1",
    "draw": "1/4",
    "loss": "0",
    "forfeit_win": "1",
    "forfeit_loss": "0",
    "pairing_allocated_bye": "1",
    "half_point_bye": "1/4",
    "full_point_bye": "1",
    "zero_point_bye": "0",
}


def test_old_sections_keep_one_system_key_one_acceleration_and_their_points_in_columns(latest):
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
    imported = Section.objects.create(
        event=event,
        name="C",
        slug="c",
        system="round_robin",
        trf_extra={"scoring": QUARTERS, "event": {"system": "FIDE_ROUNDROBIN"}},
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
    moved = sections.get(pk=imported.pk)
    assert (moved.points_win, moved.points_draw, moved.points_half_bye) == (
        Decimal(1),
        Decimal("0.25"),
        Decimal("0.25"),
    )
    assert moved.trf_extra == {"event": {"system": "FIDE_ROUNDROBIN"}}
    assert (sections.get(pk=plain.pk).system, sections.get(pk=plain.pk).acceleration) == (
        "dutch",
        "baku",
    )


def test_going_back_gives_the_old_keys_and_the_kept_points(latest):
    new = migrate(AFTER)
    event = new.get_model("tournaments", "Event").objects.create(name="Open", slug="open")
    Section = new.get_model("tournaments", "Section")
    dutch = Section.objects.create(event=event, name="A", slug="a", acceleration="baku")
    burstein = Section.objects.create(
        event=event, name="B", slug="b", system="burstein", acceleration="baku"
    )
    quarters = Section.objects.create(
        event=event,
        name="C",
        slug="c",
        system="round_robin",
        points_draw=Decimal("0.25"),
        points_half_bye=Decimal("0.25"),
    )

    old = migrate(BEFORE)

    sections = old.get_model("tournaments", "Section").objects
    assert sections.get(pk=dutch.pk).system == "baku"
    assert sections.get(pk=burstein.pk).system == "burstein_baku"
    back = sections.get(pk=quarters.pk)
    assert back.trf_extra["scoring"] == QUARTERS
    assert (back.points_draw, back.points_half_bye) == (Decimal("0.5"), Decimal("0.5"))
