"""Files of earlier versions of the format still restore."""

from __future__ import annotations

from pathlib import Path

import pytest

from archives.services import event_restore
from tests.factories import UserFactory
from tournaments.models import RoundTime

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent / "data"
# Written by the site while the format was at version 1: a Dutch section of six rounds
# (four paired), with the event's time zone and five round times.
VERSION_1 = (DATA / "version-1.json").read_bytes()


def test_a_version_1_file_restores():
    copy = event_restore(data=VERSION_1, user=UserFactory(username="restorer"))

    assert copy.time_zone == "Europe/Copenhagen"
    assert copy.sections.get().rounds.count() == 4
    assert RoundTime.objects.filter(section__event=copy).count() == 5
