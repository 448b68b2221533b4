"""The deployment files: every process is started again when it stops, and the workers
they start take every queue the site sends tasks to."""

from __future__ import annotations

import configparser
import shlex
from pathlib import Path

import pytest
import yaml
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
SYSTEMD = ROOT / "deploy" / "systemd"
UNITS = ("rookery-web", "rookery-worker", "rookery-worker-large", "rookery-beat")


def queues_taken(command: str) -> set[str]:
    """The queues a `celery … worker` command line takes (every queue without `-Q`)."""
    words = shlex.split(command.replace("\\\n", " "))
    if "-Q" not in words:
        return set(settings.CELERY_TASK_QUEUES)
    return set(words[words.index("-Q") + 1].split(","))


def site_queues() -> set[str]:
    return {settings.CELERY_TASK_DEFAULT_QUEUE, *settings.ROOKERY_PAIRING_QUEUES.values()}


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]


def unit(name: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((SYSTEMD / f"{name}.service").read_text())
    return parser


def test_every_compose_service_is_started_again_when_it_stops():
    assert {name: service.get("restart") for name, service in compose().items()} == dict.fromkeys(
        compose(), "unless-stopped"
    )


def test_compose_workers_take_every_queue_and_large_rounds_have_a_worker_of_their_own():
    workers = {
        name: queues_taken(service["command"])
        for name, service in compose().items()
        if " worker" in service.get("command", "")
    }

    assert set().union(*workers.values()) == site_queues()
    assert {settings.ROOKERY_PAIRING_QUEUES["large"]} in workers.values()


@pytest.mark.parametrize("name", UNITS)
def test_every_systemd_unit_restarts_always(name):
    assert unit(name)["Service"]["Restart"] == "always"


def test_systemd_units_start_the_web_beat_and_workers_for_every_queue():
    assert sorted(p.stem for p in SYSTEMD.glob("*.service")) == sorted(UNITS)
    commands = {name: unit(name)["Service"]["ExecStart"] for name in UNITS}
    workers = [queues_taken(c) for c in commands.values() if " worker " in c]

    assert set().union(*workers) == site_queues()
    assert any("gunicorn config.wsgi" in c for c in commands.values())
    assert sum(" beat " in c for c in commands.values()) == 1


def test_a_worker_started_without_queues_takes_every_one():
    assert set(settings.CELERY_TASK_QUEUES) == site_queues()
