"""Steps for many players at once on the organiser's player list: check them in, withdraw
them, take back their byes. Plain forms: they work without a script."""

from __future__ import annotations

import pytest
from django.urls import reverse

from common.exceptions import PermissionDenied
from entries.check_ins.bulk import BulkAction
from entries.check_ins.bulk import players_bulk_apply
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import PlayerStatus
from tournaments.services.base import SectionStateError

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    section = SectionFactory(check_in=CheckInMode.EVERY_ROUND, planned_rounds=5)
    section.arbiter = UserFactory()
    section.event.arbiters.add(section.arbiter)
    for rank, last in enumerate(["Berg", "Lund", "Ortiz", "Quinn"], start=1):
        PlayerFactory(section=section, starting_rank=rank, first_name="A", last_name=last)
    return section


def bulk(section, ranks, action):
    return players_bulk_apply(section=section, user=section.arbiter, ranks=ranks, action=action)


def zero_point_byes(section, *ranks):
    for rank in ranks:
        ByeRequest.objects.create(
            player=section.players.get(starting_rank=rank),
            round_number=1,
            kind=ByeRequestKind.ZERO_POINT,
            from_check_in=True,
        )


def test_removing_byes_gives_the_players_back_to_check_in_each_logged(section):
    zero_point_byes(section, 1, 2, 3)

    outcome = bulk(section, [1, 2, 4], BulkAction.BYES_REMOVE)

    assert [p.starting_rank for p in outcome.changed] == [1, 2]
    assert [p.starting_rank for p in outcome.unchanged] == [4]
    assert list(ByeRequest.objects.values_list("player__starting_rank", flat=True)) == [3]
    assert LogEntry.objects.filter(action=LogAction.BYE_REQUEST_DELETE).count() == 2


def test_checking_in_many_leaves_out_those_not_expected(section):
    zero_point_byes(section, 4)

    outcome = bulk(section, [1, 3, 4], BulkAction.CHECK_IN)

    assert [p.starting_rank for p in outcome.changed] == [1, 3]
    assert [p.starting_rank for p in outcome.unchanged] == [4]
    assert sorted(CheckIn.objects.values_list("player__starting_rank", flat=True)) == [1, 3]
    assert LogEntry.objects.filter(action=LogAction.CHECK_IN).count() == 2


def test_checking_in_is_refused_when_no_round_is_checked_in_for(section):
    section.check_in = CheckInMode.OFF
    section.save()
    with pytest.raises(SectionStateError):
        bulk(section, [1], BulkAction.CHECK_IN)


def test_withdrawing_many_from_the_next_round_on(section):
    services.player_withdraw(
        player=section.players.get(starting_rank=2), user=section.arbiter, from_round=3
    )

    outcome = bulk(section, [1, 2], BulkAction.WITHDRAW)

    assert [p.starting_rank for p in outcome.changed] == [1]
    first = section.players.get(starting_rank=1)
    assert (first.status, first.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 1)
    assert section.players.get(starting_rank=2).withdrawn_from_round == 3


def test_a_stranger_may_not(section):
    with pytest.raises(PermissionDenied):
        players_bulk_apply(
            section=section, user=UserFactory(), ranks=[1], action=BulkAction.CHECK_IN
        )
    assert not CheckIn.objects.exists()


def test_the_player_list_form_works_without_a_script(client, section):
    zero_point_byes(section, 1, 2)
    client.force_login(section.arbiter)
    manage = reverse("section_manage", args=[section.event.slug, section.slug])
    page = client.get(manage).content.decode()
    action = reverse("players_bulk", args=[section.event.slug, section.slug])
    assert f'action="{action}"' in page
    assert 'name="players" value="1"' in page
    assert '<option value="byes_remove">' in page

    sent = client.post(action, {"players": ["1", "2"], "action": "byes_remove"}, follow=True)

    assert sent.redirect_chain[-1][0] == manage + "#players"
    assert "Done for 2 players: Berg, A; Lund, A." in sent.content.decode()
    assert not ByeRequest.objects.exists()


def test_the_form_with_no_player_chosen_changes_nothing(client, section):
    client.force_login(section.arbiter)
    action = reverse("players_bulk", args=[section.event.slug, section.slug])

    sent = client.post(action, {"action": "check_in"}, follow=True)

    assert "Choose at least one player" in sent.content.decode()
    assert not CheckIn.objects.exists()
