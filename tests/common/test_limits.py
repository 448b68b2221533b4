"""Limits read from the environment, and sizes in words."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from common.limits import bytes_in_words
from config.settings import env_int


@pytest.mark.parametrize(
    ("size", "words"),
    [(300, "300 bytes"), (1024, "1 kB"), (1536 * 1024, "1.5 MB"), (20 * 1024 * 1024, "20 MB")],
)
def test_sizes_are_said_in_words(size: int, words: str) -> None:
    assert bytes_in_words(size) == words


def test_a_number_from_the_environment_overrides_the_default(monkeypatch) -> None:
    monkeypatch.setenv("ROOKERY_QUOTA_EVENTS", " 200 ")

    assert env_int("ROOKERY_QUOTA_EVENTS", 50) == 200
    assert env_int("ROOKERY_QUOTA_UNSET_NAME", 50) == 50


@pytest.mark.parametrize("value", ["-1", "ten", "1e3", "²"])
def test_a_wrong_number_in_the_environment_stops_the_start_naming_it(monkeypatch, value) -> None:
    monkeypatch.setenv("ROOKERY_QUOTA_EVENTS", value)

    with pytest.raises(ImproperlyConfigured, match="ROOKERY_QUOTA_EVENTS must be a whole number"):
        env_int("ROOKERY_QUOTA_EVENTS", 50)
