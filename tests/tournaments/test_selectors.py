"""Reads: the section page and the record cost a fixed number of queries."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.golden import tournaments_corpus
from tests.tournaments.conftest import corpus_sample
from tournaments import services
from tournaments.models import ConstraintKind
from tournaments.models import GroupSource
from tournaments.models import ProhibitedGroup
from tournaments.models import Section
from tournaments.selectors.access import event_is_manager
from tournaments.selectors.access import event_visible_get
from tournaments.selectors.pages import section_page_get
from tournaments.selectors.record import section_record_base

pytestmark = pytest.mark.django_db


@pytest.fixture
def big_section():
    path = corpus_sample(tournaments_corpus(), 1)[0]
    return services.do_section_import_trf(event=EventFactory(), name="Big", text=path.read_bytes())


def test_section_page_data_takes_four_queries(big_section, django_assert_num_queries):
    section = Section.objects.select_related("event").get(pk=big_section.pk)
    with django_assert_num_queries(4):
        page = section_page_get(section=section)
        for rnd in page.rounds:
            for game in rnd.games.all():
                assert game.white.full_name
                assert game.black.full_name
            for bye in rnd.byes.all():
                assert bye.player.full_name


def test_section_page_takes_the_same_queries_however_big_the_section(
    client, big_section, small_trf, django_assert_max_num_queries
):
    small = services.do_section_import_trf(event=EventFactory(), name="Small", text=small_trf)
    counts = []
    for section in (small, big_section):
        url = reverse(
            "section_detail",
            kwargs={"event_slug": section.event.slug, "section_slug": section.slug},
        )
        # Five for the page cache (the section and its version), eleven for the page itself
        # (its round times among them).
        with django_assert_max_num_queries(16) as captured:
            assert client.get(url).status_code == 200
        counts.append(len(captured.captured_queries))
    assert counts[0] == counts[1]


def test_section_record_takes_nine_queries(big_section, django_assert_num_queries):
    # Eight for the players, their rounds and groups, one for the round times; the event
    # (whose time zone dates the rounds) comes with the section.
    section = Section.objects.select_related("event").get(pk=big_section.pk)
    with django_assert_num_queries(9):
        section_record_base(section)


def test_section_record_without_dates_takes_eight_queries(big_section, django_assert_num_queries):
    section = Section.objects.get(pk=big_section.pk)
    with django_assert_num_queries(8):
        section_record_base(section, dates=False)


def test_scores_are_computed_with_the_section_points(small_trf):
    section = services.do_section_import_trf(event=EventFactory(), name="Open", text=small_trf)
    page = section_page_get(section=section)
    assert [row.score for row in page.players] == [
        Fraction(3, 2),
        Fraction(1),
        Fraction(1),
        Fraction(1, 2),
    ]
    assert page.players[0].score_text == "1½"
    assert page.players[3].score_text == "½"


def test_record_of_a_section_made_on_the_site_names_the_event_and_system():
    section = SectionFactory(event=EventFactory(name="Club Open"), name="A")
    PlayerFactory(section=section, starting_rank=1, first_name="Ann", last_name="Lee")
    record = section_record_base(section)
    assert record.event.name == "Club Open — A"
    assert record.system == "dutch"
    assert record.player(1).name == "Lee, Ann"


def test_attribute_group_forbids_pairings_within_each_club():
    section = SectionFactory()
    for rank, club in [(1, "Rooks"), (2, "Pawns"), (3, "Rooks"), (4, "")]:
        PlayerFactory(section=section, starting_rank=rank, club=club)
    ProhibitedGroup.objects.create(
        section=section,
        name="Clubs",
        kind=ConstraintKind.STRICT,
        source=GroupSource.ATTRIBUTE,
        attribute="club",
    )
    record = section_record_base(section)
    assert [f.ranks for f in record.forbidden_pairings] == [(1, 3)]


def test_soft_groups_are_not_forbidden_pairings():
    section = SectionFactory()
    players = [PlayerFactory(section=section, starting_rank=r) for r in (1, 2)]
    group = ProhibitedGroup.objects.create(
        section=section, name="Family", kind=ConstraintKind.SOFT_LOWEST
    )
    group.members.set(players)
    assert section_record_base(section).forbidden_pairings == ()


def test_private_event_is_hidden_from_other_users():
    event = EventFactory(is_public=False)
    assert event_visible_get(slug=event.slug, user=UserFactory()) is None


def test_superuser_manages_every_event():
    superuser = UserFactory(is_superuser=True)
    assert event_is_manager(event=EventFactory(), user=superuser)
