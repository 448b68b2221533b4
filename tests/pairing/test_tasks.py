"""The pairing tasks: one service call each, retried on a lost database or a run not
committed yet only; the sweep on Celery beat."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import OperationalError
from django.utils import timezone

from chesscore.systems import SYSTEMS
from config.celery import app
from pairing import tasks
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services import round_pair
from pairing.services import runs
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import ProhibitedGroup

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def queued_run(django_capture_on_commit_callbacks):
    """A run asked for and not carried out yet (its callback is dropped)."""

    def make(players: int = 4, *, system: str = "dutch"):
        section = SectionFactory(planned_rounds=3, system=system)
        organiser = UserFactory()
        section.event.organisers.add(organiser)
        for rank in range(1, players + 1):
            PlayerFactory(section=section, starting_rank=rank)
        with django_capture_on_commit_callbacks():
            return round_pair(section=section, number=1, user=organiser)

    return make


def test_task_pairs_the_round_and_answers_small_json(queued_run):
    run = queued_run()

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert answer == {"run": run.pk, "status": "done"}
    assert Game.objects.filter(round__section=run.section).count() == 2


def test_task_is_enqueued_when_the_request_commits(queued_run, django_capture_on_commit_callbacks):
    section = SectionFactory(planned_rounds=3)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    for rank in (1, 2):
        PlayerFactory(section=section, starting_rank=rank)

    with django_capture_on_commit_callbacks() as callbacks:
        run = round_pair(section=section, number=1, user=organiser)
        assert not Game.objects.filter(round__section=section).exists()
    assert len(callbacks) == 1
    callbacks[0]()

    run.refresh_from_db()
    assert run.status == RunStatus.DONE


@pytest.fixture
def worker_like():
    """Errors stay in the task's result, as in a worker, so eager retries run at once."""
    previous = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = previous


def test_lost_database_is_retried(queued_run, monkeypatch, worker_like):
    run = queued_run()
    real = runs.pairing_run_execute
    calls = []

    def flaky(*, run_id):
        calls.append(run_id)
        if len(calls) < 3:
            raise OperationalError("server closed the connection unexpectedly")
        return real(run_id=run_id)

    monkeypatch.setattr(runs, "pairing_run_execute", flaky)

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert calls == [run.pk] * 3
    assert answer["status"] == "done"


def test_database_lost_for_good_gives_up_after_the_retries(queued_run, monkeypatch, worker_like):
    run = queued_run()
    calls = []

    def down(*, run_id):
        calls.append(run_id)
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(runs, "pairing_run_execute", down)

    result = tasks.round_pair_task.apply(args=[run.pk])

    assert isinstance(result.result, OperationalError)
    assert len(calls) == tasks.round_pair_task.max_retries + 1


def test_no_legal_pairing_is_final_and_not_retried(queued_run, monkeypatch):
    run = queued_run(2)
    group = ProhibitedGroup.objects.create(
        section=run.section, name="Twins", kind=ConstraintKind.STRICT
    )
    group.members.set(run.section.players.all())
    real = runs.pairing_run_execute
    calls = []

    def counted(*, run_id):
        calls.append(run_id)
        return real(run_id=run_id)

    monkeypatch.setattr(runs, "pairing_run_execute", counted)

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert answer == {"run": run.pk, "status": "failed"}
    assert len(calls) == 1


def test_system_without_an_engine_is_final(queued_run, monkeypatch):
    run = queued_run(system="casual")
    monkeypatch.delitem(SYSTEMS, "casual")

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert answer["status"] == "failed"
    run.refresh_from_db()
    assert run.result["code"] == "system_not_available"


def test_delivering_a_finished_run_again_changes_nothing(queued_run):
    run = queued_run()
    tasks.round_pair_task.apply(args=[run.pk]).get()
    games = set(Game.objects.filter(round__section=run.section).values_list("pk", flat=True))

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert answer["status"] == "done"
    assert set(Game.objects.filter(round__section=run.section).values_list("pk", flat=True)) == (
        games
    )


@pytest.fixture
def waits(monkeypatch) -> list[float]:
    """The task's waits for a run not committed yet, recorded instead of slept."""
    slept: list[float] = []
    monkeypatch.setattr(tasks.time, "sleep", slept.append)
    return slept


def test_run_not_committed_yet_is_waited_for_then_given_up_quietly(monkeypatch, waits):
    real = runs.pairing_run_execute
    calls = []

    def counted(*, run_id):
        calls.append(run_id)
        return real(run_id=run_id)

    monkeypatch.setattr(runs, "pairing_run_execute", counted)

    answer = tasks.round_pair_task.apply(args=[987654]).get()

    assert answer == {"run": 987654, "status": "missing"}
    assert len(calls) == len(tasks.RUN_MISSING_WAITS) + 1
    assert waits == list(tasks.RUN_MISSING_WAITS)
    assert sum(waits) < 5


def test_run_committed_while_the_task_waited_is_carried_out(queued_run, monkeypatch, waits):
    run = queued_run()
    real = runs.pairing_run_execute
    calls = []

    def late(*, run_id):
        calls.append(run_id)
        if len(calls) == 1:
            raise PairingRun.DoesNotExist
        return real(run_id=run_id)

    monkeypatch.setattr(runs, "pairing_run_execute", late)

    answer = tasks.round_pair_task.apply(args=[run.pk]).get()

    assert answer == {"run": run.pk, "status": "done"}
    assert len(calls) == 2
    assert waits == [tasks.RUN_MISSING_WAITS[0]]


def test_sweep_task_answers_how_many_runs_it_settled(queued_run):
    run = queued_run()
    PairingRun.objects.filter(pk=run.pk).update(
        status=RunStatus.RUNNING,
        attempts=runs.MAX_ATTEMPTS,
        heartbeat_at=timezone.now() - timedelta(minutes=5),
    )

    answer = tasks.runs_sweep_task.apply().get()

    assert answer == {"settled": 1}
    run.refresh_from_db()
    assert run.status == RunStatus.FAILED


def test_beat_sweeps_the_runs_every_ten_seconds_at_most():
    entry = app.conf.beat_schedule["pairing-runs-sweep"]

    assert entry["task"] == tasks.runs_sweep_task.name
    assert entry["schedule"] <= 10


def test_pairing_tasks_keep_no_results():
    assert tasks.round_pair_task.ignore_result
    assert tasks.runs_sweep_task.ignore_result


def test_runs_are_sent_under_the_task_s_registered_name():
    assert tasks.round_pair_task.name == runs.ROUND_PAIR_TASK
