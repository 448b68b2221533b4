"""Crafted backups through the restore page and API, and every page of each restored copy
read as its organiser and as a visitor: a file is refused whole, or restored with every page
answering (`tests/fuzz/crafted.py`, `tests/fuzz/crawl.py`). `make fuzz` crafts hundreds."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.fuzz.crafted import KINDS
from tests.fuzz.crafted import base_backup
from tests.fuzz.crafted import crafted
from tests.fuzz.crawl import SAMPLE_PAGES
from tests.fuzz.crawl import Restorer

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

SAMPLE = 60


def _restorer(user) -> Restorer:
    owner = Client(raise_request_exception=False)
    owner.force_login(user)
    api = APIClient(raise_request_exception=False)
    api.force_login(user)
    return Restorer(owner=owner, api=api, anonymous=Client(raise_request_exception=False))


def test_crafted_backups_are_refused_whole_or_restored_with_every_page_answering():
    user = UserFactory(username="crafter", is_staff=True)
    base = base_backup(user)
    restorer = _restorer(user)
    restorer.only, restorer.each = SAMPLE_PAGES, 1
    learnt = restorer.learn(base)
    assert learnt is not None, "the unchanged backup is refused"
    assert not learnt.failures, learnt.failures
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    started = time.perf_counter()

    for index, backup in enumerate(crafted(base, SAMPLE, seed=2026)):
        outcome, crawled = restorer.restore(backup, page=index % 2 == 0)
        outcomes[outcome] += 1
        if outcome in ("500s", "left behind"):
            failures.append(f"{backup.kind}: {backup.what}: {outcome}")
        if crawled is not None:
            outcomes["pages"] += crawled.pages
            failures += [f"{backup.kind}: {backup.what}: {f}" for f in crawled.failures]

    print(dict(outcomes), f"{time.perf_counter() - started:.1f} s")  # noqa: T201 (-s shows it)
    assert not failures, "\n".join(failures)
    assert outcomes["refused"] + outcomes["restored"] == SAMPLE
    # Both ways out are exercised (files refused, files restored and crawled), and every
    # kind of change is in the sample (they are crafted in turn).
    assert outcomes["refused"] >= SAMPLE // 3
    assert outcomes["restored"] >= 5
    assert len(KINDS) <= SAMPLE
