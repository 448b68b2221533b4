"""What runs beside the web server: a worker and exactly one beat, in development
(`make run`) and in the production shape (`docker-compose.yml`)."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def make_target(name: str) -> str:
    text = (ROOT / "Makefile").read_text()
    match = re.search(rf"^{name}:.*?(?=^\S)", text, flags=re.MULTILINE | re.DOTALL)
    assert match, f"no {name} target"
    return match.group(0)


def test_make_run_starts_a_worker_with_beat_when_a_broker_is_set():
    run = make_target("run")

    assert "CELERY_BROKER_URL" in run
    assert re.search(r"celery -A config worker --beat\b", run)


def test_compose_runs_workers_and_exactly_one_beat():
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    commands = {name: str(service.get("command", "")) for name, service in services.items()}

    assert [n for n, c in commands.items() if c.startswith("celery -A config worker")]
    beats = [n for n, c in commands.items() if re.search(r"celery -A config beat\b|--beat\b", c)]
    assert len(beats) == 1
