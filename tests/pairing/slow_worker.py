"""A real Celery worker for the fault tests, whose planners can be made slow.

    python -m tests.pairing.slow_worker [worker options]

`ROOKERY_TEST_QUEUE` names the test's queues (`tests.pairing.helpers.queues_of`): itself,
the default queue, where every other task the worker sends goes (beat's sweeps), and
`<queue>-small` and `<queue>-large`, where the runs it sends again go by their size, so
that no other worker of the test run takes them. `ROOKERY_TEST_CONSUME` says which of
them the worker takes ("default,small,large", the default, or e.g. "large");
`ROOKERY_TEST_PLAN_DELAY` makes every plan take that many seconds more, so that a run is
still running when the test kills the worker; with `ROOKERY_TEST_SLOW_FROM`, only the
plans of sections of that many players or more. The site itself never imports this module.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Callable

from django.conf import settings

from chesscore.planners.values import PairingInput
from chesscore.planners.values import Plan
from chesscore.systems import SYSTEMS
from config.celery import app
from tests.pairing.helpers import queues_of


def slowed(
    plan: Callable[[PairingInput], Plan], delay: float, players: int = 0
) -> Callable[[PairingInput], Plan]:
    """`plan`, taking `delay` seconds more for a section of `players` players or more."""

    def slow_plan(pairing_input: PairingInput) -> Plan:
        if len(pairing_input.record.players) >= players:
            time.sleep(delay)
        return plan(pairing_input)

    return slow_plan


def main() -> None:
    names = queues_of(os.environ["ROOKERY_TEST_QUEUE"])
    consume = os.environ.get("ROOKERY_TEST_CONSUME", "default,small,large").split(",")
    delay = float(os.environ.get("ROOKERY_TEST_PLAN_DELAY", "0"))
    slow_from = int(os.environ.get("ROOKERY_TEST_SLOW_FROM", "0"))
    if delay > 0:
        for key, system in list(SYSTEMS.items()):
            plan = slowed(system.plan, delay, slow_from)
            SYSTEMS[key] = dataclasses.replace(system, plan=plan)
    app.conf.task_default_queue = names["default"]
    settings.ROOKERY_PAIRING_QUEUES = {"small": names["small"], "large": names["large"]}
    queues = ",".join(names[role] for role in consume)
    app.worker_main(["worker", "--queues", queues, *sys.argv[1:]])


if __name__ == "__main__":
    main()
