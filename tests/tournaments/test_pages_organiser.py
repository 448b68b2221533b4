"""Organiser pages: who may open them, what the forms refuse, what a valid post changes."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments.models import ByeRequest
from tournaments.models import Event
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def section(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, max_half_point_byes=1)
    PlayerFactory(section=section, starting_rank=1, last_name="Adams")
    return section


def s_url(section, name, **extra):
    return reverse(
        name, kwargs={"event_slug": section.event.slug, "section_slug": section.slug, **extra}
    )


def e_url(event, name):
    return reverse(name, kwargs={"event_slug": event.slug})


def _pages(section):
    """Every organiser page, as (url, post data) pairs."""
    event = section.event
    return [
        (e_url(event, "event_update"), {"name": "X"}),
        (e_url(event, "section_create"), {"name": "X"}),
        (s_url(section, "section_update"), {"name": "X"}),
        (s_url(section, "section_manage"), None),
        (s_url(section, "player_create"), {"last_name": "X"}),
        (s_url(section, "player_update", rank=1), {"last_name": "X", "starting_rank": 1}),
        (s_url(section, "player_withdraw", rank=1), {"from_round": 2}),
        (s_url(section, "player_reinstate", rank=1), {}),
        (s_url(section, "bye_request_create", rank=1), {"round_number": 2, "kind": "H"}),
        (s_url(section, "bye_request_delete", rank=1, number=2), {}),
        (s_url(section, "round_manage", number=1), None),
    ]


def test_organiser_pages_send_anonymous_visitors_to_log_in(client, section):
    for page, data in _pages(section):
        response = client.post(page, data or {})
        assert response.status_code == 302, page
        assert response["Location"].startswith(reverse("account_login")), page


def test_organiser_pages_are_forbidden_to_users_who_do_not_run_the_event(client, section):
    client.force_login(UserFactory())
    for page, data in _pages(section):
        assert client.post(page, data or {}).status_code == 403, page
    section.refresh_from_db()
    assert section.players.get().last_name == "Adams"
    assert not ByeRequest.objects.exists()


@pytest.mark.parametrize("index", [0, 1, 2, 3, 4, 5])
def test_organiser_pages_open_for_the_organiser(client, section, organiser, index):
    client.force_login(organiser)
    page, _data = _pages(section)[index]
    assert client.get(page).status_code == 200


def test_an_arbiter_may_open_the_organiser_pages(client, section):
    arbiter = UserFactory()
    section.event.arbiters.add(arbiter)
    client.force_login(arbiter)
    assert client.get(s_url(section, "section_manage")).status_code == 200


def test_creating_an_event_makes_the_creator_its_organiser(client):
    user = UserFactory()
    client.force_login(user)
    response = client.post(reverse("event_create"), {"name": "Spring Open", "is_public": "on"})
    event = Event.objects.get(name="Spring Open")
    assert response.status_code == 302
    assert list(event.organisers.all()) == [user]


def test_event_form_names_the_wrong_dates(client):
    client.force_login(UserFactory())
    data = {"name": "Open", "start_date": "2026-05-02", "end_date": "2026-05-01"}
    response = client.post(reverse("event_create"), data)
    assert response.status_code == 200
    assert "end_date" in response.context["form"].errors


def test_new_event_page_sends_anonymous_visitors_to_log_in(client):
    assert client.get(reverse("event_create")).status_code == 302


SECTION_POST = {
    "name": "Open B",
    "system": "dutch",
    "planned_rounds": 7,
    "initial_colour": "lot",
    "acceleration": "none",
    "tiebreaks": "",
    "points_win": "1",
    "points_draw": "0.5",
    "points_loss": "0",
    "points_forfeit_win": "1",
    "points_forfeit_loss": "0",
    "points_pab": "1",
    "points_half_bye": "0.5",
    "points_full_bye": "1",
    "points_zero_bye": "0",
}


def test_new_section_form_creates_a_section_with_the_usual_tiebreaks(client, section, organiser):
    client.force_login(organiser)
    response = client.post(e_url(section.event, "section_create"), SECTION_POST)
    created = Section.objects.get(name="Open B")
    assert response.status_code == 302
    assert created.tiebreaks == ["BH-C1", "BH", "SB", "DE", "WIN"]
    assert created.planned_rounds == 7


@pytest.mark.parametrize(
    ("system", "acceleration"),
    [("dutch", "baku"), ("dutch", "none"), ("burstein", "baku"), ("burstein", "none")],
)
def test_new_section_form_offers_burstein_as_it_offers_the_dutch(
    client, section, organiser, system, acceleration
):
    client.force_login(organiser)
    page = client.get(e_url(section.event, "section_create")).content.decode()
    assert f'<option value="{system}"' in page

    data = {**SECTION_POST, "system": system, "acceleration": acceleration}
    response = client.post(e_url(section.event, "section_create"), data)

    created = Section.objects.get(name="Open B")
    assert response.status_code == 302
    assert (created.system, created.acceleration) == (system, acceleration)
    assert created.tiebreaks == ["BH-C1", "BH", "SB", "DE", "WIN"]


def test_section_form_names_a_malformed_tiebreak(client, section, organiser):
    client.force_login(organiser)
    data = {**SECTION_POST, "tiebreaks": "BH-C1, not a code"}
    response = client.post(e_url(section.event, "section_create"), data)
    assert response.status_code == 200
    assert "tiebreaks" in response.context["form"].errors


def test_section_form_names_a_draw_worth_more_than_a_win(client, section, organiser):
    client.force_login(organiser)
    data = {**SECTION_POST, "points_draw": "2"}
    response = client.post(e_url(section.event, "section_create"), data)
    assert "points_draw" in response.context["form"].errors


def test_section_form_shows_the_services_refusal_on_its_field(client, section, organiser):
    Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    client.force_login(organiser)
    data = {**SECTION_POST, "system": "casual"}
    response = client.post(s_url(section, "section_update"), data)
    assert response.status_code == 200
    assert "system" in response.context["form"].errors


def test_player_form_adds_a_player_at_their_place_in_the_initial_order(client, section, organiser):
    section.players.filter(last_name="Adams").update(fide_rating=2200)
    client.force_login(organiser)
    for name, rating in [("Brown", "2100"), ("Clark", "2300")]:
        response = client.post(
            s_url(section, "player_create"), {"last_name": name, "fide_rating": rating}
        )
        assert response.status_code == 302
    ranks = dict(section.players.values_list("last_name", "starting_rank"))
    assert ranks == {"Clark": 1, "Adams": 2, "Brown": 3}


def test_player_form_names_a_missing_name_and_a_bad_rating(client, section, organiser):
    client.force_login(organiser)
    response = client.post(s_url(section, "player_create"), {"last_name": "", "fide_rating": "-5"})
    assert set(response.context["form"].errors) == {"last_name", "fide_rating"}


def test_player_edit_refuses_a_new_rank_after_round_one(client, section, organiser):
    PlayerFactory(section=section, starting_rank=2)
    Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    client.force_login(organiser)
    response = client.post(
        s_url(section, "player_update", rank=1), {"last_name": "Adams", "starting_rank": 2}
    )
    assert response.status_code == 200
    assert "starting_rank" in response.context["form"].errors


def test_withdraw_form_withdraws_the_player(client, section, organiser):
    client.force_login(organiser)
    response = client.post(s_url(section, "player_withdraw", rank=1), {"from_round": 3})
    assert response.status_code == 302
    player = section.players.get()
    assert (player.status, player.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 3)


def test_withdraw_form_names_a_round_already_paired(client, section, organiser):
    Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    client.force_login(organiser)
    response = client.post(s_url(section, "player_withdraw", rank=1), {"from_round": 1})
    assert response.status_code == 200
    assert "from_round" in response.context["withdraw_form"].errors


def test_bye_form_enforces_the_half_point_bye_limit(client, section, organiser):
    client.force_login(organiser)
    first = client.post(
        s_url(section, "bye_request_create", rank=1), {"round_number": 2, "kind": "H"}
    )
    second = client.post(
        s_url(section, "bye_request_create", rank=1), {"round_number": 3, "kind": "H"}
    )
    assert first.status_code == 302
    assert second.status_code == 200
    assert "round_number" in second.context["bye_form"].errors
    assert ByeRequest.objects.count() == 1


def test_bye_request_can_be_removed(client, section, organiser):
    client.force_login(organiser)
    client.post(s_url(section, "bye_request_create", rank=1), {"round_number": 2, "kind": "Z"})
    response = client.post(s_url(section, "bye_request_delete", rank=1, number=2))
    assert response.status_code == 302
    assert not ByeRequest.objects.exists()


def test_removing_a_bye_request_of_a_paired_round_names_the_round(client, section, organiser):
    ByeRequest.objects.create(player=section.players.get(), round_number=1)
    Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    client.force_login(organiser)

    response = client.post(s_url(section, "bye_request_delete", rank=1, number=1))

    assert response.status_code == 200
    assert response.context["bye_form"].errors == {"round_number": ["Round 1 is paired already."]}
    assert ByeRequest.objects.filter(round_number=1).exists()


def test_organiser_actions_need_a_post(client, section, organiser):
    client.force_login(organiser)
    assert client.get(s_url(section, "bye_request_delete", rank=1, number=2)).status_code == 405
    page = client.get(s_url(section, "player_withdraw", rank=1), {"from_round": 2})
    assert page.status_code == 200
    assert section.players.get().status == PlayerStatus.ACTIVE


def test_event_page_offers_the_organiser_links_only_to_organisers(client, section, organiser):
    page = e_url(section.event, "event_detail")
    assert "New section" not in client.get(page).text
    client.force_login(organiser)
    assert "New section" in client.get(page).text


def test_round_page_is_forbidden_to_users_who_do_not_run_the_event(client, section):
    client.force_login(UserFactory())
    assert client.get(s_url(section, "round_manage", number=1)).status_code == 403


def test_round_page_offers_to_pair_the_next_round(client, section, organiser):
    client.force_login(organiser)
    text = client.get(s_url(section, "round_manage", number=1)).text
    assert 'data-action="pair"' in text
    assert reverse("api-round-pair", args=[section.pk, 1]) in text


def test_round_page_does_not_offer_to_pair_a_later_round(client, section, organiser):
    client.force_login(organiser)
    text = client.get(s_url(section, "round_manage", number=2)).text
    assert 'data-action="pair"' not in text


def test_round_page_shows_a_draft_with_the_engines_explanation(client, section, organiser):
    rnd = Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)
    other = PlayerFactory(section=section, starting_rank=2)
    rnd.games.create(
        board=1,
        white=section.players.get(starting_rank=1),
        black=other,
        explanation="Paired in the bracket of 0 points.",
    )
    client.force_login(organiser)
    text = client.get(s_url(section, "round_manage", number=1)).text
    assert "Paired in the bracket of 0 points." in text
    assert s_url(section, "round_publish", number=1) in text
    assert s_url(section, "round_pair_again", number=1) in text


def test_round_page_offers_result_entry_once_published(client, section, organiser):
    rnd = Round.objects.create(section=section, number=1, status=RoundStatus.PUBLISHED)
    other = PlayerFactory(section=section, starting_rank=2)
    game = rnd.games.create(board=1, white=section.players.get(starting_rank=1), black=other)
    client.force_login(organiser)
    text = client.get(s_url(section, "round_manage", number=1)).text
    assert reverse("api-game-result", args=[game.pk]) in text
    assert 'data-result-value="--"' in text
    assert "data-quick" in text


def test_round_page_does_not_offer_to_pair_while_the_round_before_is_a_draft(
    client, section, organiser
):
    Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)
    client.force_login(organiser)

    text = client.get(s_url(section, "round_manage", number=2)).text

    assert 'data-action="pair"' not in text
    assert "Round 2 is the next to pair." not in text
    assert "Round 1 is not published yet." in text
    assert 'disabled aria-describedby="why-pair"' in text


def test_round_page_offers_the_next_round_once_the_round_before_is_completed(client, organiser):
    section = swiss_section(6, rounds_played=1)
    section.event.organisers.add(organiser)
    client.force_login(organiser)

    text = client.get(s_url(section, "round_manage", number=2)).text

    assert 'data-action="pair"' in text


def test_organiser_pages_give_every_element_its_own_id(client, section, organiser):
    """A label points at one control only: two forms on a page never share an id."""
    client.force_login(organiser)
    pages = [
        e_url(section.event, "event_update"),
        e_url(section.event, "event_people"),
        e_url(section.event, "section_create"),
        s_url(section, "section_update"),
        s_url(section, "section_manage"),
        s_url(section, "player_create"),
        s_url(section, "player_update", rank=1),
        s_url(section, "groups"),
        s_url(section, "byes"),
        s_url(section, "round_manage", number=1),
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        ids = re.findall(r'\bid="([^"]+)"', response.text)
        assert len(ids) == len(set(ids)), (page, sorted(i for i in ids if ids.count(i) > 1))


def test_player_form_takes_national_ids_and_cleans_details_one_way(client, section, organiser):
    client.force_login(organiser)
    data = {"last_name": "Adams", "starting_rank": 1, "national_id": "12870542"}
    response = client.post(
        s_url(section, "player_update", rank=1), {**data, "federation": "eng", "title": "im"}
    )
    assert response.status_code == 302
    player = section.players.get()
    assert (player.national_id, player.federation, player.title) == ("12870542", "ENG", "IM")
    page = client.get(s_url(section, "player_update", rank=1))
    assert page.context["form"].initial["national_id"] == "12870542"


def test_player_form_names_the_detail_the_cleaner_refuses(client, section, organiser):
    client.force_login(organiser)
    response = client.post(
        s_url(section, "player_create"), {"last_name": "Brown", "federation": "E1G"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["federation"] == [
        "A federation is three letters, as FRA or USA: 'E1G'."
    ]
    response = client.post(s_url(section, "player_create"), {"last_name": "Brown", "title": "G M"})
    assert response.context["form"].errors["title"] == [
        "A title is up to three letters, as GM, IM or WFM: 'G M'."
    ]


def _manage_page(client, section, organiser):
    section.event.organisers.add(organiser)
    client.force_login(organiser)
    url = reverse("section_manage", args=[section.event.slug, section.slug])
    return client.get(url).text


def test_a_finished_section_says_so_and_names_no_round_to_pair(client, organiser):
    section = swiss_section(6, rounds_played=3)
    Section.objects.filter(pk=section.pk).update(planned_rounds=3)
    page = _manage_page(client, section, organiser)
    assert "Finished: every round is paired and complete" in page
    assert "Next round to pair" not in page


def test_a_section_whose_last_round_is_playing_is_not_finished(client, organiser):
    section = swiss_section(6, rounds_played=3, results_in_last=False)
    Section.objects.filter(pk=section.pk).update(planned_rounds=3)
    page = _manage_page(client, section, organiser)
    assert "Every round is paired" in page
    assert "Finished" not in page
    assert "Next round to pair" not in page


def test_a_section_under_way_names_the_next_round_to_pair(client, organiser):
    page = _manage_page(client, swiss_section(6, rounds_played=2), organiser)
    assert "Next round to pair: 3" in page
