"""Leaving out the players who did not check in: the confirmation says how many, a round
with no board needs a confirmation of its own, and deleting the round gives back the state
before it was paired (its check-in byes go, check-in reopens)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from entries.check_ins.selectors import check_in_list_get
from entries.check_ins.selectors import check_in_round_get
from entries.check_ins.services import CheckInMissing
from entries.check_ins.services import CheckInNoBoard
from pairing.services import round_delete
from tests.conftest import client_for
from tests.pairing.test_check_in_pairing import check_in_all_but
from tests.pairing.test_check_in_pairing import checking_in
from tests.pairing.test_check_in_pairing import pair
from tests.pairing.test_services import finish_round
from tournaments import services as tournament_services
from tournaments.models import AbsentPlayers
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def no_one_checked_in_for_round_2(capture, players=8):
    """Round 1 played by everyone; no one has checked in for round 2."""
    section = checking_in(AbsentPlayers.ASK, players=players)
    check_in_all_but(section, 1)
    pair(section, 1, capture)
    finish_round(section, 1)
    return section


def organiser_page(client, section, name, number) -> str:
    """The organiser's page `name` of round `number`, as its HTML."""
    client.force_login(section.organiser)
    page = client.get(reverse(name, args=[section.event.slug, section.slug, number]))
    return page.content.decode()


def test_the_refusal_says_how_many_players_it_leaves_out(django_capture_on_commit_callbacks):
    section = checking_in(AbsentPlayers.ASK)
    check_in_all_but(section, 1, 3, 6)

    with pytest.raises(CheckInMissing) as caught:
        pair(section, 1, django_capture_on_commit_callbacks)

    assert caught.value.message.startswith("2 players have not checked in for round 1: ")
    assert "leave all 2 out" in caught.value.message
    assert caught.value.as_dict()["count"] == 2


def test_leaving_everyone_out_is_refused_unless_confirmed_for_a_round_with_no_board(
    django_capture_on_commit_callbacks,
):
    section = no_one_checked_in_for_round_2(django_capture_on_commit_callbacks)

    with pytest.raises(CheckInNoBoard) as caught:
        pair(section, 2, django_capture_on_commit_callbacks, leave_out=True)

    assert caught.value.code == "check_in_no_board"
    assert caught.value.as_dict()["count"] == 8
    assert "no board" in caught.value.message
    assert not Round.objects.filter(section=section, number=2).exists()
    assert not ByeRequest.objects.exists()

    pair(section, 2, django_capture_on_commit_callbacks, leave_out=True, no_board=True)

    assert Round.objects.get(section=section, number=2).status == RoundStatus.DRAFT
    assert not Game.objects.filter(round__number=2).exists()
    assert ByeRequest.objects.filter(round_number=2).count() == 8


def test_a_section_that_leaves_out_without_asking_still_asks_before_no_board(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    check_in_all_but(section, 1, *range(2, 9))  # only No. 1 came

    with pytest.raises(CheckInNoBoard):
        pair(section, 1, django_capture_on_commit_callbacks)

    assert not ByeRequest.objects.exists()


def test_deleting_the_round_gives_back_check_in_as_before_pairing(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ASK)
    check_in_all_but(section, 1, 3, 6, 7)
    asked = section.players.get(starting_rank=7)
    tournament_services.bye_request_create(
        player=asked, user=section.organiser, round_number=1, kind=ByeRequestKind.HALF_POINT
    )
    pair(section, 1, django_capture_on_commit_callbacks, leave_out=True)
    assert ByeRequest.objects.count() == 3
    assert check_in_round_get(section=section) is None

    rnd = Round.objects.get(section=section, number=1)
    round_delete(round=rnd, user=section.organiser, version=rnd.version)

    # The bye asked for by hand stays; those made by leaving players out go.
    assert list(ByeRequest.objects.values_list("player__starting_rank", "kind")) == [(7, "H")]
    assert check_in_round_get(section=section) == 1
    listing = check_in_list_get(section=section, number=1)
    assert (listing.present, listing.expected) == (5, 7)
    entry = LogEntry.objects.filter(action=LogAction.BYE_REQUEST_DELETE).get()
    assert "withdrawn with the pairing" in entry.description
    assert sorted(p.starting_rank for p in entry.players.all()) == [3, 6]


def test_the_delete_page_says_the_check_in_byes_go(client, django_capture_on_commit_callbacks):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    check_in_all_but(section, 1, 3, 6)
    pair(section, 1, django_capture_on_commit_callbacks)

    text = organiser_page(client, section, "round_delete", 1)

    assert "The zero-point byes this pairing gave 2 players who had not checked in" in text
    assert "Other byes asked for this round" in text


def test_api_refuses_a_round_with_no_board_then_pairs_it_when_told(
    django_capture_on_commit_callbacks,
):
    section = no_one_checked_in_for_round_2(django_capture_on_commit_callbacks, players=4)
    api = client_for(section.organiser)
    url = reverse("api-round-pair", args=[section.pk, 2])

    first = api.post(url, {"leave_out": True}, content_type="application/json")
    with django_capture_on_commit_callbacks(execute=True):
        second = api.post(
            url, {"leave_out": True, "no_board": True}, content_type="application/json"
        )

    assert first.status_code == 409
    assert first.json()["code"] == "check_in_no_board"
    assert first.json()["count"] == 4
    assert second.status_code == 202


def test_round_page_warns_how_many_of_the_expected_players_have_not_checked_in(
    client,
    django_capture_on_commit_callbacks,
):
    section = no_one_checked_in_for_round_2(django_capture_on_commit_callbacks)
    check_in_all_but(section, 2, *range(3, 9))  # No. 1 and 2 came

    text = organiser_page(client, section, "round_manage", 2)

    assert "6 of 8 players have not checked in for round 2." in text
    assert "no board" not in text.split("data-not-checked-in", 1)[1].split("</p>", 1)[0]
    assert 'data-leave-out-many="Pair anyway, leaving {count} players out"' in text


def test_round_page_warns_when_leaving_them_out_makes_no_board(
    client,
    django_capture_on_commit_callbacks,
):
    section = no_one_checked_in_for_round_2(django_capture_on_commit_callbacks)

    text = organiser_page(client, section, "round_manage", 2)

    assert "8 of 8 players have not checked in for round 2." in text
    assert "Leaving them out would make a round with no board" in text


def test_a_failed_pairing_gives_back_the_check_in_byes_it_made(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ZERO_BYE, players=4)
    check_in_all_but(section, 1, 3, 4)
    group = ProhibitedGroup.objects.create(section=section, name="Clubmates")
    group.members.set(section.players.filter(starting_rank__in=[1, 2]))

    pair(section, 1, django_capture_on_commit_callbacks)

    assert Round.objects.get(section=section, number=1).status == RoundStatus.PENDING
    assert not ByeRequest.objects.exists()
    assert check_in_round_get(section=section) == 1
    assert check_in_list_get(section=section, number=1).expected == 4
