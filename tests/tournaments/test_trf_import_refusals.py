"""Files that are not tournaments, or hold what no column takes, are refused by every TRF
import with the line and field at fault, and leave nothing behind (once: 500s, or an empty
public section)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from common.exceptions import ValidationError
from tests.chesscore.record.test_trf_boards import team_event
from tests.conftest import client_for
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tournaments import services
from tournaments.models import Event
from tournaments.models import Section

pytestmark = pytest.mark.django_db


def _player(rank: int, name: str, points: str, block: str) -> bytes:
    # rank at 5-8, name at 15-47, points at 81-84, round 1 at 92-99
    return f"001 {rank:>4}      {name:<33}{'':<32}{points:>5}{'':<7}{block}\r".encode()


VALID = (
    b"012 Club Open\r"
    + _player(1, "One", "1.0", "   2 w 1")
    + _player(2, "Two", "0.0", "   1 b 0")
    + b"142 5\r"
)

_ONE = _player(1, "One", "1.0", "   2 w 1")
# Player 1 of federation "N1R" (columns 54-56): not three letters.
_ODD_FEDERATION = _ONE[:53] + b"N1R" + _ONE[56:]

REFUSED = [
    pytest.param(b"\r\n\r\n", "Line 1, players: no player line", id="blank"),
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "Line 2, record code", id="png"),
    pytest.param(b"Name,Rating\nDoe Jane,1800\n", "Line 2, players", id="csv"),
    pytest.param(VALID.replace(b"142 5", b"XXR 40000"), "Line 4, XXR", id="xxr-40000"),
    pytest.param(VALID.replace(b"142 5", b"142 " + b"9" * 5000), "Line 4, record 142", id="huge"),
    pytest.param(VALID.replace(b"Two", b"T\x00o"), "Line 3, name", id="nul"),
    pytest.param(VALID + b"BBW 0.1234567\r", "Line 5, BBW", id="seven-decimals"),
    pytest.param(
        VALID.replace(_ONE, _ODD_FEDERATION),
        "Line 2, federation: A federation is three letters, as FRA or USA",
        id="federation",
    ),
    pytest.param(
        "".join(line + "\r" for line in team_event(3, 2)).encode(),
        "Line 8, boards per match: the match of teams 3 and 4 in round 1 is played on 2 boards",
        id="team-matches-on-different-boards",
    ),
    pytest.param(
        "".join(line + "\r" for line in team_event(0, 0, "352 " + "WB" * 11)).encode(),
        "A match has 1 to 20 boards; the matches of this file have 22.",
        id="team-matches-on-too-many-boards",
    ),
]


def test_the_valid_file_is_imported() -> None:
    section = services.do_event_import_trf(text=VALID)

    assert section.players.count() == 2


@pytest.mark.parametrize(("data", "message"), REFUSED)
def test_the_trf_import_page_refuses_the_file_naming_line_and_field(data, message) -> None:
    event = EventFactory()
    organiser = event.organisers.create(username="organiser")
    client = Client(raise_request_exception=False)
    client.force_login(organiser)

    response = client.post(
        reverse("section_import", kwargs={"event_slug": event.slug}),
        {"name": "Open", "file": SimpleUploadedFile("f.trf", data)},
    )

    assert response.status_code == 200
    assert message in " ".join(response.context["form"].errors.as_text().split())
    assert not Section.objects.exists()


@pytest.mark.parametrize(("data", "message"), REFUSED)
def test_the_api_trf_import_refuses_the_file_with_400_naming_line_and_field(data, message) -> None:
    section = SectionFactory(event=EventFactory(), planned_rounds=5)
    organiser = section.event.organisers.create(username="organiser")
    api = client_for(organiser)
    api.raise_request_exception = False

    response = api.post(
        f"/api/v1/sections/{section.pk}/import-trf/",
        {"file": SimpleUploadedFile("f.trf", data)},
        format="multipart",
    )

    assert response.status_code == 400
    assert response.json()["message"].startswith(message)
    assert not section.players.exists()
    assert not section.rounds.exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [*REFUSED, pytest.param(b"", "Line 1, players: no player line", id="empty")],
)
def test_a_new_event_from_such_a_file_is_not_made(data, message) -> None:
    with pytest.raises(ValidationError) as caught:
        services.do_event_import_trf(text=data)

    assert caught.value.message.startswith(message)
    assert not Event.objects.exists()
