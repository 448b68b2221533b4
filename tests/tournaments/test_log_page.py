"""The event log page and its CSV download: who may read them, what an entry shows, the
filters (kept in the address), pages of 100, spreadsheet-safe cells, query counts."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.services import log_write
from tournaments.views.log import ENTRIES_PER_PAGE

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="chief")


@pytest.fixture
def event(organiser):
    event = EventFactory(slug="spring", name="Spring Open")
    event.organisers.add(organiser)
    return event


@pytest.fixture
def sections(event):
    """Two sections of two players each: Open (Adams, Baker), Reserve (Clark, Dale)."""
    found = []
    for name, players in (("Open", ("Adams", "Baker")), ("Reserve", ("Clark", "Dale"))):
        section = SectionFactory(event=event, name=name, slug=name.lower())
        for rank, last in enumerate(players, start=1):
            PlayerFactory(section=section, starting_rank=rank, last_name=last, first_name="")
        found.append(section)
    return found


def log_url(event, **query):
    url = reverse("event_log", args=[event.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def csv_url(event, **query):
    url = reverse("event_log_csv", args=[event.slug])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def write(event, description, section=None, **fields):
    fields.setdefault("actor", None)
    fields.setdefault("action", LogAction.PLAYER_UPDATE)
    return log_write(subject=section or event, description=description, **fields)


def descriptions(response):
    return [line.entry.description for line in response.context["lines"]]


def csv_rows(response):
    text = b"".join(response.streaming_content).decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


# Who may read it ----------------------------------------------------------------------


def test_anonymous_visitors_are_sent_to_log_in(client, event):
    response = client.get(log_url(event))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_a_user_who_sees_the_event_but_does_not_run_it_is_refused(client, event):
    client.force_login(UserFactory())

    assert client.get(log_url(event)).status_code == 403
    assert client.get(csv_url(event)).status_code == 403


def test_a_private_event_is_not_revealed_to_others(client, event):
    event.is_public = False
    event.save()
    client.force_login(UserFactory())

    assert client.get(log_url(event)).status_code == 404
    assert client.get(csv_url(event)).status_code == 404


def test_an_arbiter_reads_the_log(client, event):
    arbiter = UserFactory()
    event.arbiters.add(arbiter)
    client.force_login(arbiter)

    assert client.get(log_url(event)).status_code == 200


def test_the_event_and_section_pages_link_the_log_for_managers_only(
    client, event, sections, organiser
):
    link = log_url(event)
    event_page = reverse("event_detail", args=[event.slug])
    assert link not in client.get(event_page).text

    client.force_login(organiser)

    assert link in client.get(event_page).text
    manage = reverse("section_manage", args=[event.slug, "open"])
    assert f"{link}?section=open" in client.get(manage).text


# What an entry shows ------------------------------------------------------------------


def test_entries_are_newest_first(client, event, organiser):
    for text in ("first", "second", "third"):
        write(event, text)
    client.force_login(organiser)

    assert descriptions(client.get(log_url(event))) == ["third", "second", "first"]


def test_an_entry_shows_time_who_what_why_and_what_changed(client, event, sections, organiser):
    adams = sections[0].players.get(starting_rank=1)
    entry = write(
        event,
        "Rating of Adams corrected.",
        actor=organiser,
        section=sections[0],
        round_number=3,
        players=[adams],
        action=LogAction.RATING_CORRECT,
        reason="FIDE list of May",
        changes={"fide_rating": [2100, 2150], "club": ["", "Lakeside"]},
        warnings={"added": ["Adams meets Baker again"]},
    )
    LogEntry.objects.filter(pk=entry.pk).update(
        created_at=datetime.datetime(2026, 5, 2, 14, 32, tzinfo=datetime.UTC)
    )
    client.force_login(organiser)

    text = client.get(log_url(event)).text

    for shown in (
        "Sat 2 May 14:32",
        "chief",
        "Rating corrected",
        "Rating of Adams corrected.",
        "FIDE list of May",
        "fide rating: 2100 → 2150",
        "club: — → Lakeside",
        "New: Adams meets Baker again",
        "Adams (Open No. 1)",
        "Round 3",
    ):
        assert shown in text, shown


def test_what_rookery_did_itself_is_shown_as_rookery(client, event, organiser):
    write(event, "Round 2 paired.", action=LogAction.PAIRED)
    client.force_login(organiser)

    line = client.get(log_url(event)).context["lines"][0]

    assert line.who == "Rookery"


def test_user_input_is_escaped_on_the_page(client, event, organiser):
    write(event, "<script>alert(1)</script>", reason="<b>bold</b>")
    client.force_login(organiser)

    text = client.get(log_url(event)).text

    assert "<script>alert(1)</script>" not in text
    assert "&lt;b&gt;bold&lt;/b&gt;" in text


# Filters ------------------------------------------------------------------------------


@pytest.fixture
def logged(event, sections):
    """One entry per player and round of both sections."""
    for section in sections:
        for player in section.players.all():
            for number in (1, 2):
                write(
                    event,
                    f"{section.name} {player.last_name} round {number}",
                    section=section,
                    round_number=number,
                    players=[player],
                )
    write(event, "Event renamed", action=LogAction.EVENT_UPDATE)


def test_the_log_is_filtered_by_section(client, event, sections, logged, organiser):
    client.force_login(organiser)

    shown = descriptions(client.get(log_url(event, section="reserve")))

    assert len(shown) == 4
    assert all(text.startswith("Reserve") for text in shown)


def test_a_round_filter_without_a_section_takes_that_round_of_every_section(
    client, event, sections, logged, organiser
):
    client.force_login(organiser)

    shown = descriptions(client.get(log_url(event, round=2)))

    assert sorted(shown) == [
        "Open Adams round 2",
        "Open Baker round 2",
        "Reserve Clark round 2",
        "Reserve Dale round 2",
    ]


def test_the_player_filter_reaches_every_section(client, event, sections, logged, organiser):
    dale = sections[1].players.get(last_name="Dale")
    client.force_login(organiser)

    response = client.get(log_url(event, player=dale.pk, round=1))

    assert descriptions(response) == ["Reserve Dale round 1"]
    options = response.context["form"].fields["player"].choices
    assert [group for group, _choices in options[1:]] == ["Open", "Reserve"]


def test_a_filter_that_names_nothing_of_the_event_is_refused_on_its_field(
    client, event, sections, organiser
):
    stranger = PlayerFactory()
    client.force_login(organiser)

    response = client.get(log_url(event, player=stranger.pk, round="two"))

    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"player", "round"}
    assert response.context["lines"] == []


def test_the_csv_link_keeps_the_filters(client, event, sections, logged, organiser):
    client.force_login(organiser)

    text = client.get(log_url(event, section="open", round=1)).text

    assert csv_url(event, section="open", round=1).replace("&", "&amp;") in text


# Pages --------------------------------------------------------------------------------


def test_the_log_comes_a_hundred_entries_a_page_keeping_the_filters(
    client, event, sections, organiser
):
    for n in range(ENTRIES_PER_PAGE + 5):
        write(event, f"entry {n}", section=sections[0])
    client.force_login(organiser)

    first = client.get(log_url(event, section="open"))
    second = client.get(log_url(event, section="open", page=2))

    assert len(descriptions(first)) == ENTRIES_PER_PAGE
    assert descriptions(second) == [f"entry {n}" for n in range(4, -1, -1)]
    assert "?section=open&amp;page=2" in first.text


def test_the_page_costs_the_same_queries_however_long_the_log(
    client, event, sections, organiser, django_assert_num_queries
):
    client.force_login(organiser)
    players = list(sections[0].players.all())

    def fill(count):
        for n in range(count):
            write(event, str(n), actor=organiser, section=sections[0], players=players)

    fill(2)
    client.get(log_url(event))  # the session is read once, then cached per client
    with django_assert_num_queries(PAGE_QUERIES):
        client.get(log_url(event))
    fill(40)
    with django_assert_num_queries(PAGE_QUERIES):
        response = client.get(log_url(event))
    assert len(response.context["lines"]) == 42


# The user (the session comes from the cache), the event and its sections, the organiser
# check, the players to filter by, the count, the page of entries and their players.
PAGE_QUERIES = 8


# The CSV download ---------------------------------------------------------------------


def test_the_csv_has_one_row_per_entry_with_the_same_filters(
    client, event, sections, logged, organiser
):
    client.force_login(organiser)

    response = client.get(csv_url(event, section="open", round=1))
    rows = csv_rows(response)

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert rows[0] == [
        "Time", "Section", "Round", "Board", "User", "Action",
        "Description", "Reason", "Changes", "Players",
    ]  # fmt: skip
    assert [row[6] for row in rows[1:]] == ["Open Baker round 1", "Open Adams round 1"]
    assert rows[1][1:6] == ["Open", "1", "", "Rookery", "Player's details changed"]
    assert rows[1][9] == "Baker (Open No. 2)"


def test_the_csv_time_is_iso_8601(client, event, organiser):
    entry = write(event, "x")
    LogEntry.objects.filter(pk=entry.pk).update(
        created_at=datetime.datetime(2026, 5, 2, 14, 32, 5, tzinfo=datetime.UTC)
    )
    client.force_login(organiser)

    rows = csv_rows(client.get(csv_url(event)))

    assert rows[1][0] == "2026-05-02T14:32:05+00:00"


@pytest.mark.parametrize("text", ["=HYPERLINK(1)", "+1", "-1", "@SUM(A1)", "\tx", "\rx"])
def test_csv_cells_that_would_start_a_formula_are_kept_as_text(client, event, organiser, text):
    write(event, text, reason=text, changes={"club": ["", "x"]})
    client.force_login(organiser)

    row = csv_rows(client.get(csv_url(event)))[1]

    # A tab or carriage return is written as a space: each entry stays on one line.
    assert row[6] == "'" + text.replace("\t", " ").replace("\r", " ")
    # Reasons are kept without surrounding white space.
    assert row[7] == ("'" + text if text == text.strip() else text.strip())
    assert row[8] == "club: — → x"


def test_a_player_name_that_would_start_a_formula_is_kept_as_text(client, event, organiser):
    section = SectionFactory(event=event, name="=cmd")
    player = PlayerFactory(section=section, last_name="=Evil", first_name="", starting_rank=1)
    write(event, "x", section=section, players=[player])
    client.force_login(organiser)

    row = csv_rows(client.get(csv_url(event)))[1]

    assert row[1] == "'=cmd"
    assert row[9] == "'=Evil (No. 1)"
