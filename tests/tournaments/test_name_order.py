"""Names sort as a reader of a Latin alphabet expects, by the root collation (ICU's
``und``, Unicode's default order): Đ with D, Ł with L, Ó and Ø with O, Ş with S, and Þ
after Z; not after Z as the database's C collation puts every accented capital."""

from __future__ import annotations

import sqlite3
from types import SimpleNamespace

import pytest
from django.urls import reverse

from common.collation import NAME_COLLATION
from common.collation import sqlite_collation_add
from entries.check_ins.selectors import check_in_list_get
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tournaments.models import CheckInMode
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db

# Last names in the root collation's order.
IN_ORDER = ["Đoković", "Dvořák", "Łukasz", "Lund", "Olsen", "Ómar", "Østby", "Sahin", "Şahin"]
IN_ORDER += ["Tamm", "Zeta", "Þórsdóttir"]
# The same, in the order they enter.
ENTERED = [IN_ORDER[i] for i in (11, 5, 0, 8, 2, 10, 6, 3, 1, 9, 4, 7)]


@pytest.fixture
def section():
    event = EventFactory(slug="names")
    section = SectionFactory(event=event, slug="open", check_in=CheckInMode.EVERY_ROUND)
    for rank, last_name in enumerate(ENTERED, start=1):
        PlayerFactory(section=section, starting_rank=rank, last_name=last_name, first_name="A")
    return section


def test_the_check_in_list_sorts_names_by_the_root_collation(section):
    listing = check_in_list_get(section=section, number=1)
    assert [row.player.last_name for row in listing.rows] == IN_ORDER


def test_the_pairings_by_name_sort_names_by_the_root_collation(client, section):
    players = list(section.players.order_by("starting_rank"))
    published = Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    for board, (white, black) in enumerate(zip(players[::2], players[1::2], strict=True), 1):
        Game.objects.create(round=published, board=board, white=white, black=black)
    kwargs = {"event_slug": "names", "section_slug": "open", "number": 1}
    response = client.get(reverse("round_detail", kwargs=kwargs) + "?order=name")
    assert [line.player.last_name for line in response.context["by_name"]] == IN_ORDER


def test_sqlite_sorts_by_a_collation_of_the_same_name():
    connection = sqlite3.connect(":memory:")
    sqlite_collation_add(None, SimpleNamespace(vendor="sqlite", connection=connection))
    connection.execute("CREATE TABLE player (last_name TEXT)")
    connection.executemany("INSERT INTO player VALUES (?)", [(name,) for name in ENTERED])
    rows = connection.execute(
        f'SELECT last_name FROM player ORDER BY last_name COLLATE "{NAME_COLLATION}"'
    )
    assert [name for (name,) in rows] == IN_ORDER
