"""The fuzz tests' Hypothesis profile: few examples each, no deadline (a page round trip
has no fixed time), derandomised so that a run is the same every time; `make fuzz` runs
thousands more."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import settings

settings.register_profile(
    "fuzz",
    max_examples=100,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)
