"""Who runs an event: organisers add and remove organisers and arbiters by username."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chesscore.record.people import PlayerDetails
from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="olga")


@pytest.fixture
def event(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    return event


def people_url(event):
    return reverse("event_people", kwargs={"event_slug": event.slug})


# -- services ---------------------------------------------------------------------------


def test_an_organiser_adds_an_arbiter_who_may_then_run_the_sections(event, organiser):
    arbiter = UserFactory(username="arne")
    services.event_staff_add(event=event, user=organiser, username="arne", role="arbiter")
    assert list(event.arbiters.all()) == [arbiter]
    section = SectionFactory(event=event)
    player = services.player_create(
        section=section,
        user=arbiter,
        details=PlayerDetails(last_name="Carlsen", first_name="Magnus"),
    )
    assert player.section == section


def test_a_new_role_replaces_the_old_one(event, organiser):
    UserFactory(username="arne")
    services.event_staff_add(event=event, user=organiser, username="arne", role="arbiter")
    services.event_staff_add(event=event, user=organiser, username="arne", role="organiser")
    assert sorted(u.username for u in event.organisers.all()) == ["arne", "olga"]
    assert not event.arbiters.exists()


def test_an_unknown_username_is_named(event, organiser):
    with pytest.raises(ValidationError) as caught:
        services.event_staff_add(event=event, user=organiser, username="nobody", role="arbiter")
    assert caught.value.field == "username"
    assert "nobody" in caught.value.message


def test_an_unknown_role_is_named(event, organiser):
    UserFactory(username="arne")
    with pytest.raises(ValidationError) as caught:
        services.event_staff_add(event=event, user=organiser, username="arne", role="captain")
    assert caught.value.field == "role"


def test_arbiters_do_not_decide_who_runs_the_event(event, organiser):
    arbiter = UserFactory(username="arne")
    event.arbiters.add(arbiter)
    UserFactory(username="bea")
    with pytest.raises(PermissionDenied):
        services.event_staff_add(event=event, user=arbiter, username="bea", role="arbiter")
    with pytest.raises(PermissionDenied):
        services.event_staff_remove(event=event, user=arbiter, member_id=organiser.pk)


def test_the_last_organiser_stays(event, organiser):
    with pytest.raises(StateError):
        services.event_staff_remove(event=event, user=organiser, member_id=organiser.pk)
    with pytest.raises(StateError):
        services.event_staff_add(event=event, user=organiser, username="olga", role="arbiter")
    assert list(event.organisers.all()) == [organiser]


def test_an_organiser_may_leave_once_another_is_there(event, organiser):
    UserFactory(username="arne")
    services.event_staff_add(event=event, user=organiser, username="arne", role="organiser")
    services.event_staff_remove(event=event, user=organiser, member_id=organiser.pk)
    assert [u.username for u in event.organisers.all()] == ["arne"]


def test_removing_an_arbiter(event, organiser):
    arbiter = UserFactory(username="arne")
    event.arbiters.add(arbiter)
    services.event_staff_remove(event=event, user=organiser, member_id=arbiter.pk)
    assert not event.arbiters.exists()


# -- page -------------------------------------------------------------------------------


def test_visitors_are_sent_to_log_in(client, event):
    response = client.get(people_url(event))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_strangers_may_not_see_the_page(client, event):
    client.force_login(UserFactory())
    assert client.get(people_url(event)).status_code == 403


def test_the_organiser_adds_and_removes_an_arbiter_on_the_page(client, event, organiser):
    arbiter = UserFactory(username="arne")
    client.force_login(organiser)
    response = client.post(people_url(event), {"username": "arne", "role": "arbiter"})
    assert response.status_code == 302
    page = client.get(people_url(event))
    assert "arne is now arbiter of the event." in page.text
    assert list(event.arbiters.all()) == [arbiter]

    response = client.post(people_url(event), {"remove": arbiter.pk}, follow=True)
    assert "arne no longer runs the event." in response.text
    assert not event.arbiters.exists()


def test_a_refusal_is_shown_on_the_page(client, event, organiser):
    client.force_login(organiser)
    response = client.post(people_url(event), {"username": "nobody", "role": "arbiter"})
    assert response.status_code == 200
    assert "No user is called “nobody”." in response.text
    response = client.post(people_url(event), {"remove": organiser.pk}, follow=True)
    assert "the event&#x27;s only organiser" in response.text
    response = client.post(people_url(event), {"remove": "x"}, follow=True)
    assert "No such person." in response.text


def test_an_arbiter_sees_who_runs_the_event_without_the_forms(client, event):
    arbiter = UserFactory(username="arne")
    event.arbiters.add(arbiter)
    client.force_login(arbiter)
    page = client.get(people_url(event))
    assert page.status_code == 200
    assert "olga" in page.text
    assert "Add someone" not in page.text
    assert (
        client.post(people_url(event), {"username": "arne", "role": "organiser"}).status_code == 403
    )


def test_the_event_page_links_managers_to_the_people_page(client, event, organiser):
    client.force_login(organiser)
    page = client.get(reverse("event_detail", kwargs={"event_slug": event.slug}))
    assert people_url(event) in page.text
