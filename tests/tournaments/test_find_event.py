"""Find me across an event's sections: accents and case ignored, published rounds only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from chesscore.record.names import name_fold
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.players import player_search

pytestmark = pytest.mark.django_db


@pytest.fixture
def venue(owner):
    """Two sections: "Open" with round 1 published (Bjørnsdóttir on board 1 with Black
    against Dvořák, Nguyễn with a bye), "Juniors" with round 1 a draft (Şahin paired)."""
    event = EventFactory(slug="venue")
    event.organisers.add(owner)
    open_ = SectionFactory(event=event, name="Open", slug="open")
    dvorak = PlayerFactory(section=open_, starting_rank=1, last_name="Dvořák", first_name="Jan")
    anna = PlayerFactory(
        section=open_, starting_rank=2, last_name="Bjørnsdóttir", first_name="Anna"
    )
    nguyen = PlayerFactory(section=open_, starting_rank=3, last_name="Nguyễn", first_name="Van")
    published = Round.objects.create(section=open_, number=1, status=RoundStatus.PUBLISHED)
    Game.objects.create(round=published, board=1, white=dvorak, black=anna)
    Bye.objects.create(round=published, player=nguyen, kind=ByeKind.PAIRING_ALLOCATED)
    juniors = SectionFactory(event=event, name="Juniors", slug="juniors")
    sahin = PlayerFactory(section=juniors, starting_rank=1, last_name="Şahin", first_name="Ali")
    other = PlayerFactory(section=juniors, starting_rank=2, last_name="Łukasz", first_name="Ola")
    draft = Round.objects.create(section=juniors, number=1, status=RoundStatus.DRAFT)
    Game.objects.create(round=draft, board=1, white=sahin, black=other)
    return event


def find(client, event, q: str, **more) -> str:
    url = reverse("event_find", kwargs={"event_slug": event.slug})
    response = client.get(url, {"q": q, **more})
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("bjornsdottir", "Bjørnsdóttir"),
        ("BJØRNSDÓTTIR", "Bjørnsdóttir"),
        ("sahin", "Şahin"),
        ("nguyen", "Nguyễn"),
        ("dvorak", "Dvořák"),
        ("lukasz", "Łukasz"),
    ],
)
def test_a_name_is_found_without_its_accents_and_case(client, venue, typed, name):
    assert name in find(client, venue, typed)


@pytest.mark.parametrize(
    ("typed", "name"),
    [("Mueller", "Müller"), ("Müller", "Mueller"), ("thorsdottir", "Þórsdóttir")],
)
def test_a_name_is_found_by_its_usual_transliteration(client, venue, typed, name):
    section = venue.sections.get(slug="open")
    PlayerFactory(section=section, starting_rank=4, last_name=name, first_name="Kim")
    assert name in find(client, venue, typed)


def test_a_plain_u_does_not_find_ue(client, venue):
    section = venue.sections.get(slug="open")
    PlayerFactory(section=section, starting_rank=4, last_name="Mueller", first_name="Kim")
    assert "Mueller" not in find(client, venue, "Muller")


def test_the_answer_gives_section_board_colour_and_opponent(client, venue):
    page = find(client, venue, "bjornsdottir anna")
    assert "· Open</span>" in page
    assert "Round 1: <strong>board 1</strong>, Black, against Dvořák, Jan" in page


def test_a_bye_is_given_as_a_bye(client, venue):
    assert "Round 1: Pairing-allocated bye" in find(client, venue, "nguyen")


def test_a_draft_round_is_not_shown(client, venue):
    page = find(client, venue, "sahin")
    assert "· Juniors</span>" in page
    assert "Not paired yet" in page
    assert "board 1" not in page


def test_one_search_finds_players_of_every_section(client, venue):
    page = find(client, venue, "a", partial="1")
    assert "Bjørnsdóttir" in page
    assert "Şahin" in page
    assert "<html" not in page


def test_nobody_found_is_said_for_the_event(client, venue):
    assert "Nobody called “zz” in this event." in find(client, venue, "zz")


def test_a_private_event_is_missing_to_outsiders_and_found_by_its_staff(client, venue, owner):
    venue.is_public = False
    venue.save()
    url = reverse("event_find", kwargs={"event_slug": venue.slug})
    client.force_login(UserFactory())
    assert client.get(url, {"q": "sahin"}).status_code == 404
    client.force_login(owner)
    assert "Şahin" in find(client, venue, "sahin")


def test_the_event_and_section_pages_search_every_section(client, venue):
    action = f'action="{reverse("event_find", kwargs={"event_slug": venue.slug})}"'
    assert action in client.get(reverse("event_detail", kwargs={"event_slug": "venue"})).text
    section = reverse("section_detail", kwargs={"event_slug": "venue", "section_slug": "open"})
    assert action in client.get(section).text


def test_the_section_find_page_still_searches_its_section_alone(client, venue):
    url = reverse("player_find", kwargs={"event_slug": "venue", "section_slug": "juniors"})
    page = client.get(url, {"q": "a"}).text
    assert "Şahin" in page
    assert "Bjørnsdóttir" not in page


def test_a_search_takes_five_queries_whatever_it_finds(venue, django_assert_num_queries):
    sections = list(venue.sections.all())
    with django_assert_num_queries(5):
        found = player_search(sections=sections, query="a")
    assert len(found) == 5


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Bjørnsdóttir", "bjornsdottir"),
        ("Straße", "strasse"),
        ("Đoković", "dokovic"),
        ("ŁÓDŹ", "lodz"),
        ("Ærøskøbing", "aeroskobing"),
        ("O’Brien", "obrien"),
    ],
)
def test_names_fold_to_what_a_phone_types(text, folded):
    assert name_fold(text) == folded
