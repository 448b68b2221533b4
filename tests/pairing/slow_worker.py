"""A real Celery worker for the fault tests, whose planners can be made slow.

    python -m tests.pairing.slow_worker [worker options]

`ROOKERY_TEST_QUEUE` names the one queue the worker consumes and where every task it sends
goes (beat's sweeps, runs sent again), so that no other worker of the test run takes them;
`ROOKERY_TEST_PLAN_DELAY` makes every plan take that many seconds more, so that a run is
still running when the test kills the worker. The site itself never imports this module.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import time
from collections.abc import Callable

from config.celery import app
from pairing.planners.values import PairingInput, Plan
from pairing.systems import SYSTEMS


def slowed(plan: Callable[[PairingInput], Plan], delay: float) -> Callable[[PairingInput], Plan]:
    def slow_plan(pairing_input: PairingInput) -> Plan:
        time.sleep(delay)
        return plan(pairing_input)

    return slow_plan


def main() -> None:
    queue = os.environ["ROOKERY_TEST_QUEUE"]
    delay = float(os.environ.get("ROOKERY_TEST_PLAN_DELAY", "0"))
    if delay > 0:
        for key, system in list(SYSTEMS.items()):
            SYSTEMS[key] = dataclasses.replace(system, plan=slowed(system.plan, delay))
    app.conf.task_default_queue = queue
    app.worker_main(["worker", "--queues", queue, *sys.argv[1:]])


if __name__ == "__main__":
    main()
