"""Simultaneous requests against PostgreSQL: one run and one set of boards, whatever the race.

Each thread has its own database connection, so the row locks of the services really
contend. Tasks are not sent anywhere: the runs asked for are collected and carried out
afterwards (or at the same time, for the worker side).
"""

from __future__ import annotations

import threading
from dataclasses import replace

import pytest
from django.db import connection
from django.db import transaction

from chesscore.systems import SYSTEMS
from pairing import services
from pairing import tasks
from pairing.models import PairingRun
from pairing.models import RunStatus
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.pairing.helpers import run_together
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat
from tournaments.models import Section

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def enqueued(monkeypatch) -> list[int]:
    """Run ids handed to the task queue, in order."""
    sent: list[int] = []
    monkeypatch.setattr(tasks.round_pair_task, "delay_on_commit", sent.append)
    return sent


@pytest.fixture
def section_and_owner():
    owner = UserFactory(username="owner")
    event = EventFactory()
    event.organisers.add(owner)
    section = SectionFactory(event=event, planned_rounds=3)
    for rank in range(1, 11):
        PlayerFactory(section=section, starting_rank=rank)
    return section, owner


def test_two_simultaneous_pair_requests_make_one_run_and_one_set_of_boards(
    postgres_url, section_and_owner, enqueued
):
    section, owner = section_and_owner
    url = f"/api/v1/sections/{section.pk}/rounds/1/pair/"

    responses = run_together(lambda: client_for(owner).post(url), times=2)
    for run_id in enqueued:
        services.pairing_run_execute(run_id=run_id)

    assert [r.status_code for r in responses] == [202, 202]
    assert responses[0].json()["run"] == responses[1].json()["run"]
    assert PairingRun.objects.count() == 1
    assert len(enqueued) == 1
    assert PairingRun.objects.get().status == RunStatus.DONE
    assert Game.objects.filter(round__section=section).count() == 5
    assert Seat.objects.filter(round__section=section).count() == 10


def test_many_simultaneous_pair_requests_still_make_one_run(
    postgres_url, section_and_owner, enqueued
):
    section, owner = section_and_owner

    answers = run_together(
        lambda: services.round_pair(section=section, number=1, user=owner), times=4
    )

    assert {a.pk for a in answers} == {PairingRun.objects.get().pk}
    assert len(enqueued) == 1


def test_one_run_delivered_twice_at_once_stores_one_set_of_boards(
    postgres_url, section_and_owner, enqueued
):
    section, owner = section_and_owner
    run = services.round_pair(section=section, number=1, user=owner)

    answers = run_together(lambda: services.pairing_run_execute(run_id=run.pk), times=2)

    # The second delivery finds the run done, or running with a fresh heartbeat: it leaves
    # it to the first.
    assert sorted(a.status for a in answers) in (
        [RunStatus.DONE, RunStatus.DONE],
        [RunStatus.DONE, RunStatus.RUNNING],
    )
    run.refresh_from_db()
    assert (run.status, run.attempts) == (RunStatus.DONE, 1)
    assert Game.objects.filter(round__section=section).count() == 5
    assert Seat.objects.filter(round__section=section).count() == 10
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


def test_a_delivery_takes_its_run_without_waiting_for_the_section(
    postgres_url, section_and_owner, enqueued, monkeypatch
):
    # A request holding the section may wait for the run's row: a delivery taking the run
    # must not wait for the section's, or the two deadlock.
    section, owner = section_and_owner
    run = services.round_pair(section=section, number=1, user=owner)
    locked, released = threading.Event(), threading.Event()

    def hold_the_section() -> None:
        try:
            with transaction.atomic():
                Section.objects.select_for_update().get(pk=section.pk)
                locked.set()
                released.wait(10)
        finally:
            connection.close()

    real_plan = SYSTEMS["dutch"].plan
    planned_while_held = []

    def plan(pairing_input):
        planned_while_held.append(not released.is_set())
        return real_plan(pairing_input)

    monkeypatch.setitem(SYSTEMS, "dutch", replace(SYSTEMS["dutch"], plan=plan))
    holder = threading.Thread(target=hold_the_section)
    holder.start()
    assert locked.wait(10)
    release_later = threading.Timer(2, released.set)
    release_later.start()

    answer = services.pairing_run_execute(run_id=run.pk)

    holder.join(10)
    assert planned_while_held == [True]
    assert answer.status == RunStatus.DONE
