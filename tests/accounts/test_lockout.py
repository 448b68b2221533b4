"""Whose address a failed sign-in is counted against."""

from __future__ import annotations

from django.test import RequestFactory

from accounts.lockout import client_address


def test_without_proxies_the_connections_address_counts(settings):
    settings.PROXY_COUNT = 0
    request = RequestFactory().post(
        "/accounts/login/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.9"
    )

    assert client_address(request) == "10.0.0.2"


def test_behind_one_proxy_the_address_it_forwarded_counts(settings):
    settings.PROXY_COUNT = 1
    request = RequestFactory().post(
        "/accounts/login/",
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.9",
    )

    # The left entry is whatever the client claimed; the proxy appended the real one.
    assert client_address(request) == "203.0.113.9"
