"""Every response carries a Content Security Policy without inline script, and the browser is
told not to sniff types, frame the site or leak addresses to other sites; templates keep to
that policy (no inline script, no event-handler attributes, no inline styles)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

PAGES = ["/", "/accounts/login/", "/api/v1/events/", "/api/v1/docs/", "/no-such-page/"]


def policy(response) -> dict[str, list[str]]:
    header = response.headers["Content-Security-Policy"]
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: values for name, *values in directives}


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_every_page_sends_a_policy_that_allows_only_our_own_scripts(client, url):
    response = client.get(url)

    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert directives["form-action"] == ["'self'"]
    assert directives["object-src"] == ["'none'"]


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_every_page_forbids_type_sniffing_and_cross_site_referrers(client, url):
    response = client.get(url)

    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
def test_site_pages_allow_no_inline_styles(client):
    directives = policy(client.get("/"))

    assert directives["style-src"] == ["'self'"]


# The pages' templates. An e-mail's HTML body (`templates/emails/`) is read by mail clients, not
# served under the site's policy, and styles inline as e-mail must.
TEMPLATES = sorted(
    path
    for path in (Path(settings.BASE_DIR) / "templates").rglob("*.html")
    if "emails" not in path.relative_to(Path(settings.BASE_DIR) / "templates").parts
)
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>", re.IGNORECASE)
EVENT_HANDLER = re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.IGNORECASE)
INLINE_STYLE = re.compile(r"<style\b|<[a-z][^>]*\sstyle\s*=", re.IGNORECASE)
SCRIPT_URL = re.compile(r"""=\s*["']?\s*javascript:""", re.IGNORECASE)


def test_the_template_scan_finds_inline_script_handlers_and_styles():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/js/live.js" defer></script>')
    assert EVENT_HANDLER.search('<button type="button" onclick="go()">')
    assert not EVENT_HANDLER.search('<button type="button" data-action="pair">')
    assert INLINE_STYLE.search('<p style="color: red">')
    assert INLINE_STYLE.search("<style>p { color: red }</style>")
    assert SCRIPT_URL.search('<a href="javascript:go()">')


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_no_template_has_inline_script_handlers_or_styles(path):
    text = path.read_text(encoding="utf-8")

    assert INLINE_SCRIPT.findall(text) == []
    assert EVENT_HANDLER.findall(text) == []
    assert INLINE_STYLE.findall(text) == []
    assert SCRIPT_URL.findall(text) == []
