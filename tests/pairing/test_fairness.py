"""Pairing kept fair between accounts, without a worker: runs under way bounded per account
and per event (429 naming what waits), runs sent to a queue by their section's size, and a
run stopped by its time limit failed with a clear message."""

from __future__ import annotations

import pytest
from celery.exceptions import SoftTimeLimitExceeded
from django.test import override_settings
from django.utils import timezone

from chesscore.systems import SYSTEMS
from config.celery import app
from pairing import tasks
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.selectors import pairing_queue_get
from pairing.services import pairing_run_execute
from pairing.services import round_pair
from pairing.services import runs
from pairing.services.limits import PairingBusy
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import TeamFactory
from tests.factories import UserFactory
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

QUEUES = {"small": "pairing-small", "large": "pairing-large"}


def make_section(players: int = 6, *, organiser=None, event=None):
    """A section of `players`, in a new event unless given, organised by `organiser` (a new
    user unless given, known as `section.organiser`)."""
    event = event or EventFactory()
    organiser = organiser or UserFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, planned_rounds=3)
    for rank in range(1, players + 1):
        PlayerFactory(section=section, starting_rank=rank, fide_rating=2500 - 10 * rank)
    section.organiser = organiser
    return section


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """Run ids handed to the workers, in order (nothing is carried out: runs stay queued)."""
    handed: list[int] = []
    monkeypatch.setattr(tasks.round_pair_task, "delay_on_commit", handed.append)
    return handed


def ask(section, user=None, **options) -> PairingRun:
    return round_pair(section=section, number=1, user=user or section.organiser, **options)


def nothing_written(section) -> bool:
    return not (
        PairingRun.objects.filter(section=section).exists()
        or Round.objects.filter(section=section).exists()
        or LogEntry.objects.filter(section=section).exists()
    )


# -- runs under way, per account and per event ---------------------------------------------


@override_settings(ROOKERY_RUNS_PER_ACCOUNT=2, ROOKERY_RUNS_PER_EVENT=10)
def test_account_past_its_runs_under_way_is_refused_naming_them_and_nothing_is_written(sent):
    first = make_section()
    second = make_section(organiser=first.organiser)
    third = make_section(organiser=first.organiser)
    ask(first)
    PairingRun.objects.filter(section=first).update(
        status=RunStatus.RUNNING, started_at=timezone.now()
    )
    ask(second)

    with pytest.raises(PairingBusy) as refused:
        ask(third)

    error = refused.value
    assert error.status == 429
    assert error.code == "pairing_busy"
    assert error.message.startswith(
        "You have 2 pairings under way, the most one account may have at once: "
    )
    assert f"{first.event.name}, {first.name} round 1 (running since " in error.message
    assert f"{second.event.name}, {second.name} round 1 (queued since " in error.message
    assert [(w["section_id"], w["round"], w["status"]) for w in error.waiting] == [
        (first.pk, 1, "running"),
        (second.pk, 1, "queued"),
    ]
    assert nothing_written(third)
    assert len(sent) == 2


@override_settings(ROOKERY_RUNS_PER_ACCOUNT=10, ROOKERY_RUNS_PER_EVENT=2)
def test_event_past_its_runs_under_way_is_refused_whoever_asks(sent):
    first = make_section()
    second = make_section(event=first.event)
    third = make_section(event=first.event)
    colleague = UserFactory()
    first.event.organisers.add(colleague)
    ask(first)
    ask(second, user=colleague)

    with pytest.raises(PairingBusy) as refused:
        ask(third)

    assert refused.value.message.startswith(
        "This event has 2 pairings under way, the most one event may have at once: "
    )
    assert f"{first.name} round 1 (queued since " in refused.value.message
    assert nothing_written(third)


@override_settings(ROOKERY_RUNS_PER_ACCOUNT=1)
def test_asking_again_for_a_round_under_way_answers_its_run_even_at_the_limit(sent):
    section = make_section()
    run = ask(section)

    assert ask(section) == run
    assert PairingRun.objects.filter(section=section).count() == 1


@override_settings(ROOKERY_RUNS_PER_ACCOUNT=1)
def test_finished_runs_leave_the_account_room_for_another(sent):
    first = make_section()
    second = make_section(organiser=first.organiser)
    ask(first)
    PairingRun.objects.filter(section=first).update(status=RunStatus.FAILED)

    assert ask(second).status == RunStatus.QUEUED


@override_settings(ROOKERY_RUNS_PER_ACCOUNT=1)
def test_api_answers_429_with_what_waits_and_when_to_try_again(sent):
    first = make_section()
    second = make_section(organiser=first.organiser)
    client = client_for(first.organiser)
    client.post(f"/api/v1/sections/{first.pk}/rounds/1/pair/")

    response = client.post(f"/api/v1/sections/{second.pk}/rounds/1/pair/")

    assert response.status_code == 429
    assert response["Retry-After"] == "30"
    body = response.json()
    assert body["code"] == "pairing_busy"
    assert body["message"].startswith("You have 1 pairing under way")
    assert [(w["section"], w["round"], w["status"]) for w in body["waiting"]] == [
        (first.name, 1, "queued")
    ]
    assert nothing_written(second)


# -- small runs never behind large ones ----------------------------------------------------


@override_settings(ROOKERY_PAIRING_LARGE_FROM=6, ROOKERY_PAIRING_QUEUES=QUEUES)
@pytest.mark.parametrize(("players", "queue"), [(5, "pairing-small"), (6, "pairing-large")])
def test_section_is_paired_on_the_queue_of_its_size(players, queue):
    assert pairing_queue_get(section=make_section(players)) == queue


@override_settings(ROOKERY_PAIRING_LARGE_FROM=3, ROOKERY_PAIRING_QUEUES=QUEUES)
def test_team_section_is_sized_by_its_teams():
    section = SectionFactory(system="team_swiss", boards_per_match=4)
    for _ in range(2):
        TeamFactory(section=section)
    for rank in range(1, 9):
        PlayerFactory(section=section, starting_rank=rank)

    assert pairing_queue_get(section=section) == "pairing-small"


@override_settings(
    ROOKERY_PAIRING_LARGE_FROM=6, ROOKERY_PAIRING_QUEUES=QUEUES, ROOKERY_RUN_TIME_LIMIT=120
)
def test_run_is_published_to_its_queue_with_its_time_limits(monkeypatch):
    published: list[dict] = []
    monkeypatch.setattr(
        tasks.round_pair_task, "apply_async", lambda **options: published.append(options)
    )
    app.conf.task_always_eager = False  # put back by `eager_tasks`
    small, large = make_section(4), make_section(8)

    ask(small)
    ask(large)

    runs_sent = [list(options["args"]) for options in published]
    assert runs_sent == [[PairingRun.objects.get(section=s).pk] for s in (small, large)]
    assert [options["queue"] for options in published] == ["pairing-small", "pairing-large"]
    assert {(o["soft_time_limit"], o["time_limit"], o["retry"]) for o in published} == {
        (120, 120 + runs.HARD_LIMIT_MARGIN, False)
    }


def test_default_settings_send_a_few_hundred_players_to_the_small_queue():
    assert pairing_queue_get(section=make_section(40)) == "pairing-small"


# -- a run past its time limit -------------------------------------------------------------


@pytest.fixture
def stopped_by_time_limit(monkeypatch):
    def plan(pairing_input):
        raise SoftTimeLimitExceeded()

    system = SYSTEMS["dutch"]
    monkeypatch.setitem(SYSTEMS, "dutch", type(system)(**{**_fields(system), "plan": plan}))


def _fields(system) -> dict:
    return {name: getattr(system, name) for name in system.__dataclass_fields__}


@override_settings(ROOKERY_RUN_TIME_LIMIT=900)
def test_run_stopped_by_its_time_limit_fails_saying_so_and_its_round_is_pending_again(
    sent, stopped_by_time_limit
):
    section = make_section()
    run = ask(section)

    finished = pairing_run_execute(run_id=run.pk)

    assert finished.status == RunStatus.FAILED
    assert finished.error == (
        "The pairing took longer than 15 minutes and was stopped. The round is pending "
        "again: pair it again, or ask the site's administrators about the time limit."
    )
    assert finished.result == {"code": "time_limit"}
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PENDING
    failed = LogEntry.objects.get(section=section, action=LogAction.PAIR_FAILED)
    assert failed.description == f"Pairing of round 1 failed: {finished.error}"


def test_time_limit_reached_while_storing_stores_nothing(sent, monkeypatch):
    section = make_section()
    run = ask(section)

    def store(rnd, plan, players):
        Game.objects.create(round=rnd, board=1, white_id=players[1], black_id=players[2])
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr(runs, "plan_store", store)

    finished = pairing_run_execute(run_id=run.pk)

    assert finished.status == RunStatus.FAILED
    assert finished.result == {"code": "time_limit"}
    assert not Game.objects.filter(round__section=section).exists()
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PENDING


@pytest.mark.parametrize(
    ("seconds", "took"),
    [(900, "15 minutes"), (60, "1 minute"), (90, "90 seconds"), (1, "1 second")],
)
def test_time_limit_message_names_the_limit_in_minutes_or_seconds(seconds, took):
    with override_settings(ROOKERY_RUN_TIME_LIMIT=seconds):
        message = runs.time_limit_message()

    assert message.startswith(f"The pairing took longer than {took} and was stopped.")
