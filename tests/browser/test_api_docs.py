"""The API documentation page renders in a real browser from the site's own files, under the
site's Content Security Policy, with nothing fetched from another host.

Redoc's side menu shows its maker's logo from their CDN; the policy (images from this site
only) stops that request in the browser, so it never reaches the network. That refusal is the
only one the page may cause."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest

from tests.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_api_docs_render_from_our_own_files_only(browser, live_server):
    own_host = urlparse(live_server.url).netloc
    context = browser.new_context(base_url=live_server.url, **DESKTOP)
    context.set_default_timeout(15_000)
    page = context.new_page()
    fetched: list[str] = []
    refused: list[str] = []
    page.on("requestfinished", lambda request: fetched.append(request.url))
    page.on(
        "console",
        lambda message: (
            refused.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )

    page.goto("/api/v1/docs/")
    page.get_by_role("heading", name="Rookery API").first.wait_for()
    page.get_by_text("/api/v1/auth/token/").first.wait_for(state="attached")
    context.close()

    # The search worker comes from a blob the page itself made; that is not a fetch.
    network = [url for url in fetched if urlparse(url).scheme in {"http", "https"}]
    assert [url for url in network if urlparse(url).netloc != own_host] == []
    assert any(url.endswith("/redoc.standalone.js") for url in network)
    assert [text for text in refused if "cdn.redoc.ly" not in text] == []
