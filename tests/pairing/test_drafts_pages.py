"""Draft pages: the forms on the organiser's round page, their errors, the log, permissions."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from pairing.services import round_publish
from tests.factories import UserFactory
from tests.pairing.test_drafts import boards_of
from tests.pairing.test_drafts import byes_of
from tests.pairing.test_drafts import hand_edits
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tournaments.models import ByeKind
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


def r_url(section, name, number=1, **extra):
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug, "number": number}
    return reverse(name, kwargs={**kwargs, **extra})


def edit(client, section, action, data, number=1):
    """Send one change form of round `number`, with the version the page would carry."""
    version = Round.objects.get(section=section, number=number).version
    url = r_url(section, "round_draft_edit", number=number, action=action)
    return client.post(url, {**data, "version": version})


@pytest.fixture
def section():
    return make_section(7)


@pytest.fixture
def draft(section):
    return make_round(section, 1, [(1, 4), (5, 2), (3, 6)], [(7, ByeKind.PAIRING_ALLOCATED)])


@pytest.fixture
def organiser_client(client, section):
    client.force_login(section.organiser)
    return client


def test_round_page_of_a_draft_offers_every_change(organiser_client, section, draft):
    text = organiser_client.get(r_url(section, "round_manage")).text

    for title in ("Swap two players", "Pair two players", "Give the bye", "Take the bye away"):
        assert title in text
    assert r_url(section, "round_draft_edit", action="swap") in text


def test_the_forms_of_a_draft_page_each_have_their_own_ids(organiser_client, section, draft):
    text = organiser_client.get(r_url(section, "round_manage")).text
    ids = re.findall(r'\bid="([^"]+)"', text)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_swap_form_changes_the_draft_and_returns_to_the_round_page(
    organiser_client, section, draft
):
    response = edit(organiser_client, section, "swap", {"first": 1, "second": 7})

    assert response.status_code == 302
    assert response["Location"] == r_url(section, "round_manage") + "#draft-edits"
    assert boards_of(draft)[0] == (7, 4)
    assert byes_of(draft) == [1]


@pytest.mark.parametrize(
    ("action", "data", "change"),
    [
        ("pair", {"white": 1, "black": 3}, [(1, 3), (5, 2), (6, 4)]),
        ("colours", {"board": 2}, [(1, 4), (2, 5), (3, 6)]),
        ("bye-give", {"player": 2}, [(1, 4), (5, 7), (3, 6)]),
        ("bye-take", {"player": 7, "opponent": 6}, [(1, 4), (5, 2), (7, 6)]),
    ],
)
def test_each_form_makes_its_change(organiser_client, section, draft, action, data, change):
    response = edit(organiser_client, section, action, data)

    assert response.status_code == 302
    assert boards_of(draft) == change


def test_a_change_and_its_new_warning_show_in_the_log_on_the_round_page(organiser_client):
    section = make_section(6)
    organiser_client.force_login(section.organiser)
    make_round(section, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.COMPLETED, result="1-0")
    make_round(section, 2, [(1, 3), (2, 5), (4, 6)])
    edit(organiser_client, section, "pair", {"white": 1, "black": 2}, number=2)

    text = organiser_client.get(r_url(section, "round_manage", number=2)).text

    assert "Log of round 2" in text
    assert "Players paired by hand" in text
    assert "New: Board 1: 1 and 2 have already played each other." in text
    assert "This draft breaks 1 pairing rule" in text


def test_a_refused_change_comes_back_with_its_error_on_the_field(organiser_client, section, draft):
    response = edit(organiser_client, section, "pair", {"white": 1, "black": 4})

    assert response.status_code == 200
    form = response.context["bound"]
    assert form.errors["black"] == ["1 P1 already plays 4 P4 with White."]
    assert LogEntry.objects.count() == 0


@pytest.mark.parametrize(
    ("data", "field"),
    [({"first": "x", "second": 2}, "first"), ({"first": 1, "second": 99}, "second"), ({}, "first")],
)
def test_malformed_input_is_named_never_a_server_error(
    organiser_client, section, draft, data, field
):
    response = edit(organiser_client, section, "swap", data)

    assert response.status_code == 200
    assert field in response.context["bound"].errors


def test_an_unknown_change_is_not_found(organiser_client, section, draft):
    response = organiser_client.post(r_url(section, "round_draft_edit", action="shuffle"), {})

    assert response.status_code == 404


def test_the_draft_page_sends_its_own_forms_back_to_itself(organiser_client, section, draft):
    page = organiser_client.get(r_url(section, "round_draft"))
    response = edit(organiser_client, section, "colours", {"board": 1, "back": "draft"})

    assert page.status_code == 200
    assert 'name="back" value="draft"' in page.text
    assert response["Location"] == r_url(section, "round_draft") + "#draft-edits"


def test_a_published_round_keeps_its_log_and_asks_for_a_case_of_4_4_to_change(
    organiser_client, section, draft
):
    edit(organiser_client, section, "colours", {"board": 1})
    round_publish(round=draft, user=section.organiser)

    text = organiser_client.get(r_url(section, "round_manage")).text
    refused = edit(organiser_client, section, "colours", {"board": 1})

    assert "Colours swapped" in text
    assert "Round 1 published." in text
    assert "Alter the published pairing (C.04.2 4.4)" in text
    assert "This field is required." in refused.text
    assert refused.context["bound"].errors["case"]
    assert hand_edits(draft).count() == 2
    assert LogEntry.objects.filter(action=LogAction.PUBLISH).exists()


def test_a_published_pairing_altered_under_a_case_records_it(organiser_client, section, draft):
    round_publish(round=draft, user=section.organiser)

    response = edit(organiser_client, section, "colours", {"board": 1, "case": "4.4.2"})

    assert response.status_code == 302
    assert boards_of(draft)[0] == (4, 1)
    entry = LogEntry.objects.get(action=LogAction.PAIRING_ALTER)
    assert entry.changes == {"case": "4.4.2", "change": "colours_swap"}
    assert "Case: C.04.2 4.4.2" in organiser_client.get(r_url(section, "round_manage")).text


def test_draft_pages_are_forbidden_to_users_who_do_not_run_the_event(client, section, draft):
    client.force_login(UserFactory())

    assert client.get(r_url(section, "round_draft")).status_code == 403
    post = edit(client, section, "bye-give", {"player": 1})
    assert post.status_code == 403
    assert byes_of(draft) == [7]


def test_draft_pages_send_anonymous_visitors_to_log_in(client, section, draft):
    response = edit(client, section, "bye-give", {"player": 1})

    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_an_arbiter_may_change_a_draft(client, section, draft):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)
    client.force_login(arbiter)

    edit(client, section, "bye-give", {"player": 2})

    assert byes_of(draft) == [2]
    assert LogEntry.objects.get().user == arbiter


def test_a_form_sent_from_an_older_page_is_refused_and_the_page_shows_the_round_now(
    organiser_client, section, draft
):
    old = Round.objects.get(pk=draft.pk).version
    edit(organiser_client, section, "bye-give", {"player": 2})

    url = r_url(section, "round_draft_edit", action="bye-give")
    response = organiser_client.post(url, {"player": 1, "version": old})

    assert response.status_code == 200
    assert "was changed meanwhile" in response.text
    assert byes_of(draft) == [2]


def test_draft_page_of_a_round_not_paired_is_not_found(organiser_client, section):
    assert organiser_client.get(r_url(section, "round_draft", number=2)).status_code == 404


def test_the_draft_says_which_system_paired_it_by_its_name(organiser_client, section, draft):
    draft.explanation = {
        "system": "burstein",
        "brackets": [{"score": 0, "residents": [1, 2], "moved_down": [], "floated_down": []}],
    }
    draft.save(update_fields=["explanation"])
    text = organiser_client.get(r_url(section, "round_manage")).text

    assert "How the engine paired it (FIDE Burstein (C.04.4.2))" in text
    assert "(burstein)" not in text
