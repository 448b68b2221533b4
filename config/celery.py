"""The Celery application: `celery -A config worker -B` (the worker, and beat beside it)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("rookery")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# How often pairing runs that lost their worker or their message are looked for (seconds).
# A sweep that no worker takes in time is dropped: the next one does the same work.
RUNS_SWEEP_EVERY = 10.0
# How often the outbox is looked for emails whose try is overdue (seconds).
EMAILS_SWEEP_EVERY = 30.0

app.conf.beat_schedule = {
    "pairing-runs-sweep": {
        "task": "pairing.tasks.runs_sweep_task",
        "schedule": RUNS_SWEEP_EVERY,
        "options": {"expires": RUNS_SWEEP_EVERY},
    },
    "emails-sweep": {
        "task": "common.tasks.emails_sweep_task",
        "schedule": EMAILS_SWEEP_EVERY,
        "options": {"expires": EMAILS_SWEEP_EVERY},
    },
}
