"""The event log: writing one entry, reading it back newest first, filtering it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.selectors.log import event_log_list
from tournaments.selectors.log import log_last_get
from tournaments.selectors.log import round_log_list
from tournaments.services import log_write

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    return SectionFactory(event=EventFactory(), name="Open")


def test_an_entry_keeps_who_what_why_and_what_changed(section):
    arbiter = UserFactory(username="arbiter")
    player = PlayerFactory(section=section, starting_rank=1)

    entry = log_write(
        subject=section,
        round_number=2,
        board=3,
        players=[player],
        actor=arbiter,
        action=LogAction.RESULT_CORRECT,
        description="Board 3: 1–0 corrected to 0–1.",
        reason="  Scoresheet signed 0–1.  ",
        changes={"result": ["1-0", "0-1"]},
    )

    entry.refresh_from_db()
    assert entry.actor == "arbiter"
    assert entry.user == arbiter
    assert entry.section_name == "Open"
    assert entry.reason == "Scoresheet signed 0–1."
    assert entry.changes == {"result": ["1-0", "0-1"]}
    assert list(entry.players.all()) == [player]
    assert entry.action_label == "Result corrected"


def test_what_rookery_did_itself_has_no_actor(section):
    entry = log_write(
        subject=section.event.pk, actor=AnonymousUser(), action=LogAction.PAIRED, description="x"
    )

    assert entry.user is None
    assert entry.actor == ""


def test_an_entry_outlives_its_section_and_keeps_its_name(section):
    log_write(subject=section, actor=None, action="x", description="y")
    event = section.event

    section.delete()

    entry = LogEntry.objects.get(event=event)
    assert entry.section is None
    assert entry.section_name == "Open"


def test_the_log_is_newest_first_and_filters_by_round_and_player(section):
    first, second = (PlayerFactory(section=section, starting_rank=n) for n in (1, 2))
    write = {"subject": section, "actor": None, "action": "x"}
    log_write(**write, description="one", round_number=1, players=[first])
    log_write(**write, description="two", round_number=2, players=[first, second])
    log_write(**write, description="three", round_number=2, players=[second])

    everything = event_log_list(event=section.event)
    by_round = event_log_list(event=section.event, section=section, round_number=2)
    by_player = event_log_list(event=section.event, player=first)

    assert [e.description for e in everything] == ["three", "two", "one"]
    assert [e.description for e in by_round] == ["three", "two"]
    assert [e.description for e in by_player] == ["two", "one"]
    assert [e.description for e in round_log_list(section=section, number=1)] == ["one"]


def test_an_unknown_action_still_reads_as_words(section):
    entry = log_write(subject=section.event, actor=None, action="team_colour", description="z")

    assert entry.action_label == "Team colour"


def test_the_last_change_of_a_board_is_found(section):
    write = {"subject": section, "actor": None, "action": "x"}
    log_write(**write, description="board 1", round_number=1, board=1)
    log_write(**write, description="board 2", round_number=1, board=2)

    assert log_last_get(section=section, round_number=1, board=1).description == "board 1"
    assert log_last_get(section=section.pk, round_number=1).description == "board 2"
    assert log_last_get(section=section, round_number=2) is None


def test_reading_the_log_costs_two_queries_whatever_its_length(section, django_assert_num_queries):
    players = [PlayerFactory(section=section, starting_rank=n) for n in (1, 2, 3)]
    for n in range(10):
        log_write(
            subject=section,
            actor=UserFactory(),
            action="x",
            description=str(n),
            players=players,
        )

    with django_assert_num_queries(2):
        entries = list(event_log_list(event=section.event))
    assert all(e.user is not None and len(e.players.all()) == 3 for e in entries)
