"""A restore checks every value with the validators the forms use, and what the pages read
from JSON columns against the shape they read: a backup is refused whole, naming the place,
or restored with its pages working."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from archives import services
from entries.models import Entry
from pairing.models import PairingRun
from tests.archives.documents import document
from tests.archives.documents import encoded
from tests.factories import EventFactory
from tests.factories import UserFactory
from tournaments.models import Event
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Section

pytestmark = pytest.mark.django_db

Doc = dict[str, Any]


@pytest.fixture
def restorer():
    return UserFactory(username="restorer")


def _open(doc: Doc) -> Doc:
    return doc["sections"][0]


def _refused(change: Callable[[Doc], object], user, slug: str = "") -> str:
    doc = document()
    change(doc)
    with pytest.raises(services.ValidationError) as caught:
        services.event_restore(data=encoded(doc), user=user, slug=slug)
    assert (Event.objects.count(), Section.objects.count(), Player.objects.count()) == (0, 0, 0)
    assert (Game.objects.count(), PairingRun.objects.count(), Entry.objects.count()) == (0, 0, 0)
    return caught.value.message


CASES: list[tuple[str, Callable[[Doc], object], str]] = [
    (
        "datetime-before-year-one-in-utc",
        lambda d: _open(d)["round_times"][0].update(starts_at="0001-01-01T00:00:00+05:00"),
        "sections[0].round_times[0].starts_at: A date and time falls in the years 1900 to 2200",
    ),
    (
        "datetime-past-year-9999-in-utc",
        lambda d: d["log"][0].update(created_at="9999-12-31T23:59:59-05:00"),
        "log[0].created_at: A date and time falls in the years 1900 to 2200",
    ),
    (
        "date-out-of-range",
        lambda d: d["event"].update(start_date="0001-01-01", end_date=None),
        "event.start_date: A date falls in the years 1900 to 2200, not 0001-01-01.",
    ),
    (
        "unknown-tie-break",
        lambda d: _open(d).update(tiebreaks=["BH", "XYZ"]),
        "sections[0].tiebreaks: Tie-break XYZ: unknown tie-break 'XYZ'.",
    ),
    (
        "hand-edits-not-a-list",
        lambda d: _open(d)["rounds"][0]["explanation"].update(edits=5),
        "sections[0].rounds[0].explanation.edits: must be a list",
    ),
    (
        "hand-edit-not-text",
        lambda d: _open(d)["rounds"][0]["explanation"].update(edits=[{"board": 1}]),
        "sections[0].rounds[0].explanation.edits[0]: must be a string",
    ),
    (
        "bracket-score-not-a-number",
        lambda d: _open(d)["rounds"][0]["explanation"].update(brackets=[{"score": [1]}]),
        "sections[0].rounds[0].explanation.brackets[0].score: must be a number as a string",
    ),
    (
        "group-without-members",
        lambda d: _open(d)["rounds"][0]["explanation"].update(groups=[{"kind": "strict"}]),
        "sections[0].rounds[0].explanation.groups[0]: the key 'members' is missing",
    ),
    (
        "run-boards-not-pairs",
        lambda d: _open(d)["pairing_runs"][0]["result"].update(boards=[[1, 2], 5]),
        "sections[0].pairing_runs[0].result.boards[1]: must be a pair of starting ranks",
    ),
    (
        "run-byes-not-ranks",
        lambda d: _open(d)["pairing_runs"][0]["result"].update(byes=[["x", "U"]]),
        "sections[0].pairing_runs[0].result.byes[0][0]: must be an integer",
    ),
    (
        "event-name-with-a-line-break",
        lambda d: d["event"].update(name="Spring Open\r\nBcc: someone@example.org"),
        "event.name: Keep this to one line: it holds a carriage return (U+000D).",
    ),
    (
        "team-name-with-a-line-break",
        lambda d: d["sections"][1]["teams"][0].update(name="Team\n1"),
        "sections[1].teams[0].name: Keep this to one line: it holds a line feed (U+000A).",
    ),
    (
        "player-name-with-a-line-break",
        lambda d: _open(d)["players"][1].update(first_name="Ann\u2028Smith"),
        "sections[0].players[1].first_name: Keep this to one line: it holds line separator",
    ),
    (
        "entry-name-with-a-line-break",
        lambda d: _open(d)["entries"][1].update(last_name="Fisher\rX"),
        "sections[0].entries[1].last_name: Keep this to one line",
    ),
    (
        "upper-case-section-address",
        lambda d: _open(d).update(slug="Open"),
        "sections[0].slug: An address is written in lower case: 'Open' ('open').",
    ),
    (
        "section-address-of-an-event-page",
        lambda d: _open(d).update(slug="log"),
        "sections[0].slug: 'log' is the address of one of the event's own pages.",
    ),
    (
        "rating-out-of-range",
        lambda d: _open(d)["players"][0].update(fide_rating=9999),
        "sections[0].players[0].fide_rating: A rating is a whole number from 0 to 3500",
    ),
    (
        "queued-run-for-a-round-not-there",
        lambda d: _open(d)["pairing_runs"].append(
            {**_open(d)["pairing_runs"][0], "round_number": 4, "status": "queued", "result": {}}
        ),
        "sections[0].pairing_runs[1].round_number: the run is queued, but the section has no "
        "round 4 waiting for its pairing",
    ),
    (
        "running-run-for-a-published-round",
        lambda d: _open(d)["pairing_runs"].append(
            {**_open(d)["pairing_runs"][0], "status": "running", "result": {}}
        ),
        "sections[0].pairing_runs[1].round_number: the run is running, but the section has no "
        "round 1 waiting for its pairing",
    ),
    (
        "round-waiting-without-its-run",
        lambda d: _open(d)["rounds"][0].update(status="pairing"),
        "sections[0].rounds[0].status: the round is waiting for its pairing, but no run",
    ),
]


@pytest.mark.parametrize(("change", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_value_the_pages_cannot_take_is_refused_whole_naming_its_place(restorer, change, message):
    assert _refused(change, restorer).startswith(message)


def test_an_upper_case_event_address_in_the_file_is_refused(restorer):
    message = _refused(lambda d: d["event"].update(slug="OPEN-PROBE"), restorer)

    assert message == (
        "event.slug: An address is written in lower case: 'OPEN-PROBE' ('open-probe')."
    )


def test_an_upper_case_address_given_on_restoring_is_refused(restorer):
    message = _refused(lambda d: None, restorer, slug="OPEN-PROBE")

    assert message == "An address is written in lower case: 'OPEN-PROBE' ('open-probe')."


def test_an_address_that_differs_from_an_events_only_by_case_is_refused(restorer):
    # An event kept from before addresses were lower case only.
    EventFactory(slug="OPEN-PROBE")
    doc = document()
    doc["event"]["slug"] = "open-probe"

    with pytest.raises(services.SlugTaken) as caught:
        services.event_restore(data=encoded(doc), user=restorer)

    assert "'OPEN-PROBE' exists already" in caught.value.message
    assert Event.objects.count() == 1


def test_a_restored_copy_with_odd_but_valid_values_answers_on_every_page(restorer):
    """What the checks let through must read: names the pages escape, a list of edits, an
    explanation key no page knows, a tie-break code in the other spelling."""
    doc = document()
    doc["event"]["name"] = "<b>Open</b> {{ 7|add:7 }} %s"
    _open(doc)["tiebreaks"] = ["bh/c1", "SB"]
    _open(doc)["rounds"][0]["explanation"].update(edits=["Board 1 swapped."], zzz={"a": [1]})
    _open(doc)["players"][0]["fide_id"] = "99999999999"
    copy = services.event_restore(data=encoded(doc), user=restorer)
    site = Client(raise_request_exception=False)
    site.force_login(restorer)
    kwargs = {"event_slug": copy.slug, "section_slug": "open"}
    pages = [reverse("event_detail", kwargs={"event_slug": copy.slug})]
    pages += [
        reverse(name, kwargs=kwargs)
        for name in ("standings_detail", "crosstable_detail", "standings_csv", "section_update")
    ]
    pages += [
        reverse("round_manage", kwargs={**kwargs, "number": 1}),
        reverse("game_correct", kwargs={**kwargs, "number": 1, "board": 1}),
        reverse("section_export", kwargs={**kwargs, "dialect": "trf16"}),
    ]

    answers = {page: site.get(page).status_code for page in pages}

    assert set(answers.values()) == {200}, answers


def test_inviting_and_entering_on_an_event_named_on_two_lines_sends_one_line_subjects(
    restorer, eager_tasks, django_capture_on_commit_callbacks
):
    """An event named before names were kept to one line still emails: the subject is
    written on one line."""
    copy = services.event_restore(data=encoded(document()), user=restorer)
    Event.objects.filter(pk=copy.pk).update(name="Spring\r\nOpen")
    Section.objects.filter(event=copy, slug="open").update(name="Open\nA")
    site = Client(raise_request_exception=False)
    site.force_login(restorer)
    entry_settings = Section.objects.get(event=copy, slug="open").entry_settings
    entry_settings.is_open = True
    entry_settings.opens_at = entry_settings.closes_at = None
    entry_settings.save()

    with django_capture_on_commit_callbacks(execute=True):
        invited = site.post(
            reverse("invitation_create", kwargs={"event_slug": copy.slug}),
            {"email": "arbiter@example.org", "role": "arbiter"},
        )
        entered = Client(raise_request_exception=False).post(
            reverse("entry_create", kwargs={"event_slug": copy.slug, "section_slug": "open"}),
            {"last_name": "Newcomer", "email": "new@example.org", "birth_year": "1990"},
        )

    assert (invited.status_code, entered.status_code) == (302, 302)
    assert len(mail.outbox) == 2
    assert all("\n" not in m.subject and "\r" not in m.subject for m in mail.outbox)


def test_a_file_whose_address_is_upper_case_restores_under_a_lower_case_one_given(restorer):
    doc = document()
    doc["event"]["slug"] = "OPEN-PROBE"

    copy = services.event_restore(data=encoded(doc), user=restorer, slug="open-probe")

    assert copy.slug == "open-probe"
