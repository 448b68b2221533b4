"""A run for a round that is not waiting for its pairing (not there at all, or published:
a run restored from a file, say) fails once, at once, saying why, and never runs the
engine."""

from __future__ import annotations

import pytest

from pairing import tasks
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services import runs
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def planned(monkeypatch) -> list[int]:
    """Round numbers the engine was asked to plan."""
    asked: list[int] = []
    real = runs._run_plan

    def counted(run, system):
        asked.append(run.round_number)
        return real(run, system)

    monkeypatch.setattr(runs, "_run_plan", counted)
    return asked


@pytest.fixture
def section():
    section = SectionFactory(planned_rounds=3)
    for rank in range(1, 5):
        PlayerFactory(section=section, starting_rank=rank)
    return section


def test_a_queued_run_for_a_round_that_is_not_there_fails_at_once(section, planned):
    run = PairingRun.objects.create(section=section, round_number=2)

    done = tasks.round_pair_task(run.pk)
    again = runs.pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert (run.status, run.attempts, planned) == (RunStatus.FAILED, 1, [])
    assert run.error == "Round 2 of the section is not waiting for its pairing."
    assert run.result == {"code": "no_round"}
    assert done == {"run": run.pk, "status": RunStatus.FAILED}
    assert again.status == RunStatus.FAILED
    assert not Round.objects.filter(section=section).exists()
    assert LogEntry.objects.get(action=LogAction.PAIR_FAILED).round_number == 2


def test_a_queued_run_for_a_published_round_fails_and_leaves_the_round_alone(section, planned):
    Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    run = PairingRun.objects.create(section=section, round_number=1)

    runs.pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert (run.status, planned) == (RunStatus.FAILED, [])
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PUBLISHED
