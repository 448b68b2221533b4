"""The event's poster: its name and a QR code to its page, drawn on the server."""

from __future__ import annotations

import re

import pytest
import segno
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.posters import qr_svg

pytestmark = pytest.mark.django_db


def poster(client, event) -> str:
    response = client.get(reverse("event_poster", kwargs={"event_slug": event.slug}))
    assert response.status_code == 200
    return response.content.decode()


def modules(svg: str) -> str:
    """The drawing of the dark modules (the path the code is)."""
    return re.search(r'<path stroke="#000" d="([^"]+)"', svg).group(1)


def test_the_poster_shows_the_event_and_a_code_to_its_page(client):
    event = EventFactory(name="Spring <Open>", slug="spring")
    page = poster(client, event)
    assert "Spring &lt;Open&gt;" in page
    assert "<title>QR code: http://testserver/events/spring/</title>" in page
    expected = segno.make("http://testserver/events/spring/", error="m", micro=False)
    assert modules(page) == modules(expected.svg_inline(dark="#000", lineclass=None))


def test_the_code_differs_from_event_to_event(client):
    first = poster(client, EventFactory(slug="first"))
    second = poster(client, EventFactory(slug="second"))
    assert modules(first) != modules(second)


def test_the_code_scales_to_its_box_and_names_what_it_holds():
    svg = qr_svg("https://chess.example/events/x/", title="Code & <more>")
    assert svg.startswith('<svg role="img" viewBox="0 0 ')
    assert "width=" not in svg.split(">", 1)[0]
    assert "<title>Code &amp; &lt;more&gt;</title>" in svg


def test_the_poster_of_a_private_event_is_missing_to_outsiders(client):
    event = EventFactory(is_public=False)
    client.force_login(UserFactory())
    url = reverse("event_poster", kwargs={"event_slug": event.slug})
    assert client.get(url).status_code == 404


def test_the_event_page_links_its_managers_to_the_poster(client, event, owner):
    client.force_login(owner)
    page = client.get(reverse("event_detail", kwargs={"event_slug": event.slug})).content.decode()
    assert reverse("event_poster", kwargs={"event_slug": event.slug}) in page


def test_a_section_cannot_take_the_posters_address(event, owner):
    section = services.section_create(event=event, user=owner, name="Poster")
    assert section.slug != "poster"


def _with_code(event, code="ROOK42"):
    SectionFactory(event=event, check_in_code=code)
    return reverse("event_poster", kwargs={"event_slug": event.slug})


def test_the_poster_prints_the_check_in_code_for_its_managers_when_asked(client, event, owner):
    url = _with_code(event)
    client.force_login(owner)

    plain = client.get(url).content.decode()
    printed = client.get(url + "?code=1")

    assert "ROOK42" not in plain
    assert 'href="?code=1"' in plain
    assert "Check-in code <strong>ROOK42</strong>" in printed.content.decode()
    assert "no-cache" in printed["Cache-Control"] or "no-store" in printed["Cache-Control"]


def test_no_one_else_sees_the_check_in_code_on_the_poster(client, event):
    url = _with_code(event)

    for user in (None, UserFactory()):
        if user is not None:
            client.force_login(user)
        page = client.get(url + "?code=1").content.decode()
        assert "ROOK42" not in page
        assert "?code=1" not in page
