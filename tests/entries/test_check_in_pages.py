"""The arbiters' check-in list and the public self check-in page."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.services import free_slug

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


@pytest.fixture
def section():
    section = SectionFactory(
        check_in=CheckInMode.EVERY_ROUND, check_in_code="rook42", event=EventFactory(slug="spring")
    )
    section.arbiter = UserFactory()
    section.event.arbiters.add(section.arbiter)
    PlayerFactory(section=section, starting_rank=1, first_name="Zoë", last_name="Müller")
    PlayerFactory(section=section, starting_rank=2, first_name="Ann", last_name="Berg")
    PlayerFactory(section=section, starting_rank=3, first_name="Bo", last_name="Lund")
    return section


@pytest.fixture
def arbiter(client, section):
    client.force_login(section.arbiter)
    return client


def list_url(section):
    return reverse("check_in_list", args=[section.event.slug, section.slug])


def mark_url(section, rank):
    return reverse("check_in_mark", args=[section.event.slug, section.slug, rank])


def self_url(section):
    return reverse("self_check_in", args=[section.event.slug])


def test_list_shows_the_count_and_every_expected_player(arbiter, section):
    CheckIn.objects.create(player=section.players.get(starting_rank=2), round_number=1)
    page = arbiter.get(list_url(section)).content.decode()
    assert "1 of 3 present" in page
    assert "Müller, Zoë" in page
    assert "Berg, Ann" in page


def test_list_search_without_script_ignores_accents(arbiter, section):
    page = arbiter.get(list_url(section), {"q": "ZOE"}).content.decode()
    assert "Müller, Zoë" in page
    assert "Berg, Ann" not in page


def test_section_and_round_pages_link_to_the_list(arbiter, section):
    manage = reverse("section_manage", args=[section.event.slug, section.slug])
    round_page = reverse("round_manage", args=[section.event.slug, section.slug, 1])
    assert list_url(section) in arbiter.get(manage).content.decode()
    assert list_url(section) in arbiter.get(round_page).content.decode()


def test_a_tap_with_script_answers_json_with_the_new_count(arbiter, section):
    response = arbiter.post(
        mark_url(section, 1), {"present": "1"}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 200
    assert response.json() == {"present": True, "count": "1 of 3 present"}
    assert LogEntry.objects.filter(action=LogAction.CHECK_IN).count() == 1


def test_a_tap_without_script_goes_back_to_the_list_where_the_search_was(arbiter, section):
    response = arbiter.post(mark_url(section, 1), {"present": "1", "q": "zoe"})
    assert response.status_code == 302
    assert response["Location"] == list_url(section) + "?q=zoe#p1"
    assert CheckIn.objects.filter(player__starting_rank=1).exists()


def test_a_tap_with_no_choice_is_refused_naming_the_field(arbiter, section):
    response = arbiter.post(mark_url(section, 1), {}, headers={"Accept": "application/json"})
    assert response.status_code == 400
    assert "present" in response.json()["message"]
    assert not CheckIn.objects.exists()


def test_a_tap_once_the_round_is_paired_is_refused_with_a_message(arbiter, section):
    Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)
    response = arbiter.post(
        mark_url(section, 1), {"present": "1"}, headers={"Accept": "application/json"}
    )
    assert response.status_code == 409
    assert "checked in for now" in response.json()["message"]


def test_settings_error_is_shown_on_its_field(arbiter, section):
    url = reverse("check_in_settings", args=[section.event.slug, section.slug])
    response = arbiter.post(
        url, {"check_in": "every", "absent_players": "ask", "check_in_code": "two words"}
    )
    assert response.status_code == 200
    assert "one word of at most 20 characters" in response.content.decode()
    section.refresh_from_db()
    assert section.check_in_code == "rook42"


def test_a_player_finds_their_name_and_checks_in_with_the_code(client, section):
    page = client.get(self_url(section), {"q": "zoe"}).content.decode()
    assert "Müller, Zoë" in page
    assert "Berg" not in page
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 1, "code": "rook42"}
    )
    assert "you are checked in for round 1" in response.content.decode()
    mark = CheckIn.objects.get()
    assert (mark.player.starting_rank, mark.by) == (1, None)


def test_a_wrong_code_is_said_on_the_form_and_checks_no_one_in(client, section):
    response = client.post(self_url(section), {"section": section.slug, "rank": 1, "code": "nope"})
    assert response.status_code == 200
    assert "not the check-in code" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_too_many_wrong_codes_for_a_player_stop_even_the_right_one(client, section):
    for _ in range(5):
        client.post(self_url(section), {"section": section.slug, "rank": 1, "code": "nope"})
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 1, "code": "rook42"}
    )
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 600
    assert "Too many wrong check-in codes" in response.content.decode()
    assert "An arbiter can check you in" in response.content.decode()
    assert f'href="{reverse("event_detail", args=["spring"])}"' in response.content.decode()
    assert not CheckIn.objects.exists()


def test_one_players_wrong_codes_do_not_lock_out_another_at_the_same_address(client, section):
    for _ in range(10):
        client.post(self_url(section), {"section": section.slug, "rank": 1, "code": "nope"})
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 2, "code": "rook42"}
    )
    assert "you are checked in" in response.content.decode()


def test_many_wrong_codes_from_one_address_stop_its_guessing_for_every_player(client, section):
    for rank in range(4, 64):
        PlayerFactory(section=section, starting_rank=rank)
        client.post(self_url(section), {"section": section.slug, "rank": rank, "code": "nope"})
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 2, "code": "rook42"}
    )
    assert response.status_code == 429
    assert "Too many wrong check-in codes" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_the_limits_on_wrong_codes_are_settings(client, section, settings):
    settings.ROOKERY_RATE_LIMITS = {
        **settings.ROOKERY_RATE_LIMITS,
        "check_in_code_player": (2, 60),
    }
    for _ in range(2):
        client.post(self_url(section), {"section": section.slug, "rank": 1, "code": "nope"})
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 1, "code": "rook42"}
    )
    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= 60


def test_wrong_codes_are_counted_against_the_address_the_proxy_names(client, section, settings):
    settings.PROXY_COUNT = 1
    for _ in range(10):
        client.post(
            self_url(section),
            {"section": section.slug, "rank": 1, "code": "nope"},
            headers={"X-Forwarded-For": "203.0.113.7"},
        )
    response = client.post(
        self_url(section),
        {"section": section.slug, "rank": 1, "code": "rook42"},
        headers={"X-Forwarded-For": "198.51.100.9"},
    )
    assert "you are checked in" in response.content.decode()


def test_an_unknown_player_is_named_as_the_error(client, section):
    response = client.post(self_url(section), {"section": section.slug, "rank": 99, "code": "x"})
    assert response.status_code == 200
    assert "rank: No such player in this event." in response.content.decode()


def test_the_page_says_check_in_is_closed_without_a_code(client, section):
    section.check_in_code = ""
    section.save()
    page = client.get(self_url(section), {"q": "zoe"}).content.decode()
    assert "Check-in is closed" in page
    assert "Müller" not in page


def test_a_private_events_check_in_page_is_missing_to_outsiders(client, section):
    section.event.is_public = False
    section.event.save()
    assert client.get(self_url(section)).status_code == 404


def test_no_section_takes_the_address_of_the_check_in_page():
    assert free_slug("Check-in", set()) != "check-in"


def test_a_search_with_an_ampersand_comes_back_whole(arbiter, section):
    response = arbiter.post(mark_url(section, 1), {"present": "1", "q": "a&b #c"})
    assert response["Location"] == list_url(section) + "?q=a%26b+%23c#p1"


def test_a_player_with_a_bye_asked_for_is_told_why_they_cannot_check_in(client, section):
    ByeRequest.objects.create(player=section.players.get(starting_rank=2), round_number=1)
    response = client.post(
        self_url(section), {"section": section.slug, "rank": 2, "code": "rook42"}
    )
    assert "does not play in round 1" in response.content.decode()
    assert not CheckIn.objects.exists()


def test_the_event_page_leads_players_to_check_in_while_a_section_takes_it(client, section):
    event_url = reverse("event_detail", args=[section.event.slug])

    page = client.get(event_url).content.decode()

    assert f'href="{self_url(section)}"' in page
    assert f"{section.name}: round 1" in page


def test_the_event_page_offers_no_check_in_without_a_code(client, section):
    section.check_in_code = ""
    section.save(update_fields=["check_in_code"])

    page = client.get(reverse("event_detail", args=[section.event.slug])).content.decode()

    assert self_url(section) not in page


def test_the_poster_tells_players_where_to_check_in_but_not_the_code(client, section):
    client.force_login(section.arbiter)

    page = client.get(reverse("event_poster", args=[section.event.slug])).content.decode()

    assert "tap “Check in”" in page
    assert "rook42" not in page
