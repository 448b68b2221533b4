"""Withdrawing and reinstating go through a confirmation page that says what goes and what
stays; the player's edit form takes a reason. Each reason ends up in the log."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory(username="organiser")


@pytest.fixture
def section(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, planned_rounds=7)
    PlayerFactory(section=section, starting_rank=1, last_name="Adams", first_name="Anna")
    PlayerFactory(section=section, starting_rank=2, last_name="Baker", first_name="Bo")
    for number in (1, 2, 3):
        Round.objects.create(section=section, number=number, status=RoundStatus.COMPLETED)
    return section


@pytest.fixture
def player(section):
    return section.players.get(starting_rank=1)


def url(section, name, rank=1):
    return reverse(name, args=[section.event.slug, section.slug, rank])


def test_the_player_page_asks_for_the_round_then_the_confirmation(client, section, organiser):
    client.force_login(organiser)

    text = client.get(url(section, "player_update")).text

    form = text[text.index('id="withdraw"') :]
    assert f'<form method="get" action="{url(section, "player_withdraw")}"' in form


def test_the_withdraw_confirmation_says_what_goes_and_what_stays(
    client, section, organiser, player
):
    ByeRequest.objects.create(player=player, round_number=5)
    client.force_login(organiser)

    response = client.get(url(section, "player_withdraw"), {"from_round": 4})

    assert response.status_code == 200
    text = response.text
    assert "Adams, Anna (No. 1) is not paired from round 4 on." in text
    assert "Not paired in rounds 4–7." in text
    assert "The bye requests for round 5 are cancelled." in text
    assert "Rounds 1–3 and their results stay." in text
    assert 'name="reason"' in text
    player.refresh_from_db()
    assert player.status == PlayerStatus.ACTIVE
    assert ByeRequest.objects.exists()


def test_confirming_withdraws_the_player_with_the_reason_in_the_log(
    client, section, organiser, player
):
    client.force_login(organiser)

    response = client.post(
        url(section, "player_withdraw"), {"from_round": 4, "reason": "Flight home"}
    )

    assert response.status_code == 302
    assert response["Location"] == url(section, "player_update")
    player.refresh_from_db()
    assert (player.status, player.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 4)
    entry = LogEntry.objects.get()
    assert (entry.action, entry.reason) == (LogAction.PLAYER_WITHDRAW, "Flight home")


def test_the_confirmation_posts_back_to_its_own_address_with_the_round(
    client, section, organiser, player
):
    client.force_login(organiser)
    address = url(section, "player_withdraw") + "?from_round=5"
    page = client.get(address).text

    response = client.post(address, {"reason": "Exams"})

    form = page[page.index('<form method="post" class="form">') :]
    assert 'name="from_round"' not in form
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.withdrawn_from_round == 5
    assert LogEntry.objects.get().reason == "Exams"


def test_a_round_already_paired_goes_back_to_the_player_page_on_its_field(
    client, section, organiser, player
):
    client.force_login(organiser)

    response = client.get(url(section, "player_withdraw"), {"from_round": 3})

    assert response.status_code == 200
    assert response.context["withdraw_form"].errors["from_round"] == [
        "Round 3 is paired already: enter a forfeit instead."
    ]


def test_the_same_withdrawal_again_is_named_on_the_player_page(client, section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=5)
    client.force_login(organiser)

    response = client.get(url(section, "player_withdraw"), {"from_round": 5})

    assert "already" in response.context["withdraw_form"].errors["from_round"][0]


def test_moving_a_withdrawal_says_from_which_round_to_which(client, section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=6)
    client.force_login(organiser)

    text = client.get(url(section, "player_withdraw"), {"from_round": 4}).text

    assert "moves from round 6 to round 4" in text


def test_the_reinstate_confirmation_says_which_rounds_stand(client, section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=4)
    for number in (4, 5):
        Round.objects.create(section=section, number=number, status=RoundStatus.COMPLETED)
    client.force_login(organiser)

    response = client.get(url(section, "player_reinstate"))

    assert response.status_code == 200
    assert "paired again from round 6 on" in response.text
    assert "Rounds 4–5 were paired without them and stand" in response.text
    player.refresh_from_db()
    assert player.status == PlayerStatus.WITHDRAWN


def test_confirming_reinstates_the_player_with_the_reason_in_the_log(
    client, section, organiser, player
):
    services.player_withdraw(player=player, user=organiser, from_round=4)
    Round.objects.create(section=section, number=4, status=RoundStatus.COMPLETED)
    client.force_login(organiser)

    response = client.post(url(section, "player_reinstate"), {"reason": "Back from hospital"})

    assert response.status_code == 302
    player.refresh_from_db()
    assert player.status == PlayerStatus.ACTIVE
    entry = LogEntry.objects.filter(action=LogAction.PLAYER_REINSTATE).get()
    assert entry.reason == "Back from hospital"
    assert "round 4 was paired without them and stands" in entry.description


def test_a_player_who_has_not_withdrawn_cannot_be_reinstated(client, section, organiser, player):
    client.force_login(organiser)

    page = client.get(url(section, "player_reinstate"))
    sent = client.post(url(section, "player_reinstate"), {"reason": "x"})

    assert "has not withdrawn" in page.text
    assert 'type="submit"' not in page.text.split("<main>")[1]
    assert sent.status_code == 409
    assert not LogEntry.objects.exists()


def test_the_player_page_links_the_reinstate_confirmation(client, section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=4)
    client.force_login(organiser)

    text = client.get(url(section, "player_update")).text

    assert f'href="{url(section, "player_reinstate")}"' in text


def test_the_edit_form_takes_a_reason_for_a_rating_correction(client, section, organiser, player):
    client.force_login(organiser)
    data = {
        "last_name": "Adams",
        "first_name": "Anna",
        "starting_rank": 1,
        "fide_rating": 2222,
        "reason": "Wrong list",
    }

    response = client.post(url(section, "player_update"), data)

    assert response.status_code == 302
    entry = LogEntry.objects.get()
    assert (entry.action, entry.reason) == (LogAction.RATING_CORRECT, "Wrong list")


def test_the_player_page_links_the_players_log(client, section, organiser, player):
    client.force_login(organiser)

    text = client.get(url(section, "player_update")).text

    log = reverse("event_log", args=[section.event.slug])
    assert f"{log}?player={player.pk}" in text
