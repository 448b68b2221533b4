"""Pages load their scripts, styles and fonts from this site only: the site works at a venue
without internet and tells no third party who reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders

# A URL with a scheme or a protocol-relative one ("//host/..."), as a page or a stylesheet
# would write it to load something.
EXTERNAL_LOAD = re.compile(
    r"""<script[^>]*\ssrc\s*=\s*["']?(?:https?:)?//"""
    r"""|<link[^>]*\shref\s*=\s*["']?(?:https?:)?//"""
    r"""|@import\s+(?:url\()?\s*["']?(?:https?:)?//"""
    r"""|url\(\s*["']?(?:https?:)?//"""
    r"""|\bimportScripts\(\s*["'](?:https?:)?//""",
    re.IGNORECASE,
)


def _own_asset_files() -> list[Path]:
    roots = [Path(settings.BASE_DIR) / "templates", *map(Path, settings.STATICFILES_DIRS)]
    return sorted(
        path
        for root in roots
        for path in root.rglob("*")
        if path.suffix in {".html", ".js", ".css", ".txt", ".svg"}
    )


def _static_paths(html: str) -> list[str]:
    return re.findall(r"""(?:src|href)\s*=\s*["']/static/([^"'?#]+)""", html)


def test_the_scan_finds_every_way_of_loading_from_another_host():
    samples = [
        '<script src="https://cdn.example.org/x.js"></script>',
        "<link rel=stylesheet href='//fonts.example.org/css'>",
        '@import url("https://fonts.example.org/css");',
        "body { background: url(http://img.example.org/a.png) }",
    ]

    assert all(EXTERNAL_LOAD.search(sample) for sample in samples)
    assert not EXTERNAL_LOAD.search('<script src="/static/js/live.js"></script>')


@pytest.mark.parametrize("path", _own_asset_files(), ids=str)
def test_no_template_or_static_file_loads_from_another_host(path):
    text = path.read_text(encoding="utf-8")

    assert EXTERNAL_LOAD.findall(text) == []


@pytest.mark.django_db
def test_api_docs_page_names_no_other_host(client):
    response = client.get("/api/v1/docs/")

    assert response.status_code == 200
    html = response.content.decode()
    assert re.findall(r"https?://[^\s\"'<>]+|//[a-z0-9.-]+\.[a-z]{2,}/", html) == []


@pytest.mark.django_db
def test_api_docs_page_loads_static_files_that_exist(client):
    html = client.get("/api/v1/docs/").content.decode()

    paths = _static_paths(html)

    assert "drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js" in paths
    assert [path for path in paths if finders.find(path) is None] == []
