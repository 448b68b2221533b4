"""One visibility rule: the pages' lookups and the API's see the same events."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from common.exceptions import NotFound
from tests.factories import EventFactory
from tests.factories import SectionFactory
from tests.factories import TeamFactory
from tests.factories import UserFactory
from tournaments.api.selectors import event_visible_or_404
from tournaments.api.selectors import section_visible_list
from tournaments.api.selectors import section_visible_or_404
from tournaments.selectors.access import event_is_visible
from tournaments.selectors.access import event_visible_get
from tournaments.selectors.access import event_visible_list
from tournaments.selectors.access import section_visible_get

pytestmark = pytest.mark.django_db


@pytest.fixture
def people():
    """A private team event with everyone who may or may not see it, and a public one."""
    public = EventFactory(is_public=True)
    private = EventFactory(is_public=False)
    section = SectionFactory(event=private, system="team_swiss", boards_per_match=2)
    organiser, arbiter, captain = UserFactory(), UserFactory(), UserFactory()
    private.organisers.add(organiser)
    private.arbiters.add(arbiter)
    TeamFactory(section=section, captain=captain)
    TeamFactory(section=section, captain=captain)  # two teams: the join finds the event twice
    users = {
        "anonymous": AnonymousUser(),
        "stranger": UserFactory(),
        "organiser": organiser,
        "arbiter": arbiter,
        "captain": captain,
        "superuser": UserFactory(is_superuser=True),
    }
    return public, private, section, users


def test_a_private_event_shows_to_its_staff_captains_and_superusers(people):
    public, private, _section, users = people

    sees = {name: event_is_visible(event=private, user=user) for name, user in users.items()}

    assert sees == {
        "anonymous": False,
        "stranger": False,
        "organiser": True,
        "arbiter": True,
        "captain": True,
        "superuser": True,
    }
    assert all(event_is_visible(event=public, user=user) for user in users.values())


def test_the_pages_and_the_api_apply_the_same_rule(people):
    public, private, section, users = people
    for name, user in users.items():
        listed = set(event_visible_list(user=user))
        for event in (public, private):
            visible = event_is_visible(event=event, user=user)
            assert (event in listed) == visible, (name, event)
            assert (event_visible_get(slug=event.slug, user=user) is not None) == visible, name
        page = section_visible_get(event_slug=private.slug, section_slug=section.slug, user=user)
        api = section in section_visible_list(user=user)
        assert (page is not None) == api == (name not in ("anonymous", "stranger")), name


def test_the_page_lookup_returns_none_and_the_api_lookup_raises(people):
    _public, private, section, users = people
    stranger = users["stranger"]

    assert (
        section_visible_get(event_slug=private.slug, section_slug=section.slug, user=stranger)
        is None
    )
    with pytest.raises(NotFound):
        section_visible_or_404(pk=section.pk, user=stranger)
    with pytest.raises(NotFound):
        event_visible_or_404(pk=private.pk, user=stranger)
    assert section_visible_or_404(pk=section.pk, user=users["captain"]) == section


def test_the_list_names_each_event_once(people):
    public, private, _section, users = people

    listed = list(event_visible_list(user=users["captain"]))

    assert sorted(e.pk for e in listed) == sorted([public.pk, private.pk])


def test_a_public_event_costs_no_query(people, django_assert_num_queries):
    public, _private, _section, users = people
    with django_assert_num_queries(0):
        assert event_is_visible(event=public, user=users["stranger"])
