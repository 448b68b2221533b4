"""Pairing runs: sent inside the request's transaction, logged at every step, carried out
under a heartbeat, and swept when they lose their worker or their message."""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from chesscore.systems import SYSTEMS
from common.exceptions import ServiceUnavailable
from pairing import tasks
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services import round_pair
from pairing.services import runs
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

LONG_AGO = timedelta(minutes=1)


def make_section(players: int = 6):
    section = SectionFactory(planned_rounds=3)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    for rank in range(1, players + 1):
        PlayerFactory(
            section=section, starting_rank=rank, first_name="Ann", last_name=f"Player{rank}"
        )
    section.organiser = organiser
    return section


@pytest.fixture
def section():
    return make_section()


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """Run ids handed to the workers, in order (nothing is carried out)."""
    handed: list[int] = []
    monkeypatch.setattr(tasks.round_pair_task, "delay_on_commit", handed.append)
    return handed


def queued(section) -> PairingRun:
    return round_pair(section=section, number=1, user=section.organiser)


def set_run(run: PairingRun, **fields) -> PairingRun:
    PairingRun.objects.filter(pk=run.pk).update(**fields)
    run.refresh_from_db()
    return run


def alive(run: PairingRun) -> PairingRun:
    """`run` as a worker carrying it out right now leaves it."""
    return set_run(run, status=RunStatus.RUNNING, attempts=1, heartbeat_at=timezone.now())


def lost(run: PairingRun, attempts: int = 1) -> PairingRun:
    """`run` as a worker that died after `attempts` attempts leaves it."""
    return set_run(
        run,
        status=RunStatus.RUNNING,
        attempts=attempts,
        heartbeat_at=timezone.now() - LONG_AGO,
        started_at=timezone.now() - LONG_AGO,
    )


def log_of(section, action) -> list[LogEntry]:
    return list(LogEntry.objects.filter(section=section, action=action))


# -- every step logged ---------------------------------------------------------------


def test_stored_draft_is_logged_without_a_user(section, sent):
    run = queued(section)

    runs.pairing_run_execute(run_id=run.pk)

    (entry,) = log_of(section, LogAction.PAIRED)
    assert entry.user is None
    assert entry.round_number == 1
    assert entry.description == "Round 1 paired: 3 boards."


def test_stored_draft_log_names_the_bye_and_its_player(sent):
    section = make_section(5)
    run = queued(section)

    runs.pairing_run_execute(run_id=run.pk)

    (entry,) = log_of(section, LogAction.PAIRED)
    assert entry.description == "Round 1 paired: 2 boards, bye to 5 Player5, Ann."
    assert list(entry.players.values_list("starting_rank", flat=True)) == [5]


def test_failure_is_logged_with_its_reason(sent):
    section = make_section(2)
    group = ProhibitedGroup.objects.create(section=section, name="Clubmates")
    group.members.set(section.players.all())
    run = queued(section)

    runs.pairing_run_execute(run_id=run.pk)

    (entry,) = log_of(section, LogAction.PAIR_FAILED)
    assert entry.user is None
    assert entry.description.startswith("Pairing of round 1 failed: No legal pairing")


# -- deliveries and the heartbeat ---------------------------------------------------


def test_second_delivery_of_a_run_alive_elsewhere_does_nothing(section, sent):
    run = alive(queued(section))

    again = runs.pairing_run_execute(run_id=run.pk)

    assert (again.status, again.attempts) == (RunStatus.RUNNING, 1)
    assert not Seat.objects.filter(round__section=section).exists()
    assert Round.objects.get(section=section).status == RoundStatus.PAIRING


def test_delivery_of_a_run_that_is_not_there_raises_does_not_exist():
    with pytest.raises(PairingRun.DoesNotExist):
        runs.pairing_run_execute(run_id=987654)


def test_attempt_taken_over_meanwhile_stores_nothing(section, sent, monkeypatch):
    run = queued(section)
    real_plan = SYSTEMS["dutch"].plan

    def plan_while_another_delivery_takes_over(pairing_input):
        # The sweeper sent the run again and another worker started it meanwhile.
        PairingRun.objects.filter(pk=run.pk).update(attempts=2, heartbeat_at=timezone.now())
        return real_plan(pairing_input)

    monkeypatch.setitem(
        SYSTEMS, "dutch", replace(SYSTEMS["dutch"], plan=plan_while_another_delivery_takes_over)
    )

    answer = runs.pairing_run_execute(run_id=run.pk)

    assert (answer.status, answer.attempts) == (RunStatus.RUNNING, 2)
    assert not Seat.objects.filter(round__section=section).exists()
    assert not log_of(section, LogAction.PAIRED)


@pytest.mark.django_db(transaction=True)
def test_heartbeat_is_refreshed_while_the_engine_works_and_stops_after(monkeypatch, sent):
    section = make_section()
    run = queued(section)
    real_plan = SYSTEMS["dutch"].plan
    seen = []

    def slow_plan(pairing_input):
        started = PairingRun.objects.get(pk=run.pk).heartbeat_at
        time.sleep(0.5)
        seen.append((started, PairingRun.objects.get(pk=run.pk).heartbeat_at))
        return real_plan(pairing_input)

    monkeypatch.setattr(runs, "HEARTBEAT_EVERY", 0.05)
    monkeypatch.setitem(SYSTEMS, "dutch", replace(SYSTEMS["dutch"], plan=slow_plan))

    answer = runs.pairing_run_execute(run_id=run.pk)

    ((started, later),) = seen
    assert answer.status == RunStatus.DONE
    assert later > started
    assert not [t for t in threading.enumerate() if t.name.startswith("pairing-run-")]


# -- the sweeper ----------------------------------------------------------------------


def test_sweep_sends_again_a_run_whose_worker_died(section, sent):
    run = lost(queued(section))

    settled = runs.runs_sweep()

    run.refresh_from_db()
    assert [r.pk for r in settled] == [run.pk]
    assert run.status == RunStatus.QUEUED
    assert sent == [run.pk, run.pk]
    assert Round.objects.get(section=section).status == RoundStatus.PAIRING


def test_run_sent_again_is_carried_out_by_its_next_delivery(section, sent):
    run = lost(queued(section))
    runs.runs_sweep()

    run = runs.pairing_run_execute(run_id=run.pk)

    assert (run.status, run.attempts) == (RunStatus.DONE, 2)
    assert Round.objects.get(section=section).status == RoundStatus.DRAFT


def test_sweep_leaves_a_run_whose_worker_is_alive(section, sent):
    run = alive(queued(section))

    assert runs.runs_sweep() == []
    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING
    assert sent == [run.pk]


def test_sweep_fails_a_run_that_lost_its_worker_at_every_attempt(section, sent):
    run = lost(queued(section), attempts=runs.MAX_ATTEMPTS)

    runs.runs_sweep()

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.result == {"code": "worker_lost"}
    assert Round.objects.get(section=section).status == RoundStatus.PENDING
    (entry,) = log_of(section, LogAction.PAIR_FAILED)
    assert "lost 3 times" in entry.description
    assert sent == [run.pk]


def test_sweep_sends_again_a_queued_run_no_worker_took(section, sent):
    run = set_run(queued(section), updated_at=timezone.now() - LONG_AGO)

    runs.runs_sweep()

    run.refresh_from_db()
    assert run.status == RunStatus.QUEUED
    assert run.updated_at > timezone.now() - LONG_AGO
    assert sent == [run.pk, run.pk]


def test_sweep_leaves_a_run_queued_a_moment_ago(section, sent):
    queued(section)

    assert runs.runs_sweep() == []
    assert len(sent) == 1


def test_sweep_fails_a_run_no_worker_took_for_ten_minutes(section, sent):
    run = queued(section)
    PairingRun.objects.filter(pk=run.pk).update(
        created_at=timezone.now() - timedelta(minutes=11),
        updated_at=timezone.now() - LONG_AGO,
    )

    runs.runs_sweep()

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert "No worker took this run for 10 minutes" in run.error
    assert Round.objects.get(section=section).status == RoundStatus.PENDING


def test_sweep_of_one_section_leaves_the_others(section, sent):
    other = make_section()
    mine = lost(queued(section))
    theirs = lost(queued(other))

    runs.runs_sweep(section=section)

    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert (mine.status, theirs.status) == (RunStatus.QUEUED, RunStatus.RUNNING)


def test_sweep_keeps_a_run_it_cannot_send_for_the_next_sweep(section, sent, monkeypatch):
    run = lost(queued(section))

    def unreachable(run):
        raise ServiceUnavailable(runs.UNAVAILABLE)

    monkeypatch.setattr(runs, "run_send", unreachable)

    assert runs.runs_sweep() == []
    run.refresh_from_db()
    assert (run.status, run.attempts) == (RunStatus.RUNNING, 1)


def test_sweep_with_nothing_to_do_is_one_query(section, sent, django_assert_num_queries):
    alive(queued(section))

    with django_assert_num_queries(1):
        runs.runs_sweep()


# -- a broker out of reach -------------------------------------------------------------


@pytest.mark.parametrize("broker", ["broker_refusing", "broker_silent"])
def test_pair_request_with_the_broker_out_of_reach_fails_fast_and_changes_nothing(
    section, broker, request
):
    request.getfixturevalue(broker)
    started = time.monotonic()

    with pytest.raises(ServiceUnavailable) as caught:
        round_pair(section=section, number=1, user=section.organiser)

    assert time.monotonic() - started < 6
    assert caught.value.status == 503
    assert caught.value.message == (
        "The pairing service cannot be reached; nothing was changed. Try again in a minute."
    )
    assert not PairingRun.objects.exists()
    assert not Round.objects.filter(section=section).exists()
    assert not LogEntry.objects.filter(section=section).exists()
