"""Pairing a round that players check in for: those who did not are left out with a
zero-point bye, or the request is refused naming them until the arbiter confirms."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from entries.check_ins.services import CheckInMissing
from pairing.services import round_pair
from public.selectors import section_trf_export_get
from public.selectors import standings_get
from tests.conftest import client_for
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import make_section
from tournaments.models import AbsentPlayers
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import Game
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def checking_in(absent_players: str, players: int = 8):
    section = make_section(players, rounds=3)
    section.check_in = CheckInMode.EVERY_ROUND
    section.absent_players = absent_players
    section.save()
    return section


def check_in_all_but(section, number, *absent):
    for player in section.players.exclude(starting_rank__in=absent):
        CheckIn.objects.create(player=player, round_number=number)


def pair(section, number, capture, **kwargs):
    with capture(execute=True):
        return round_pair(section=section, number=number, user=section.organiser, **kwargs)


def seated(section, number):
    games = Game.objects.filter(round__section=section, round__number=number)
    return {r for g in games for r in (g.white.starting_rank, g.black.starting_rank)}


def test_two_absent_players_are_not_paired_and_get_a_zero_point_bye(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    check_in_all_but(section, 1, 3, 6)

    pair(section, 1, django_capture_on_commit_callbacks)

    assert Round.objects.get(section=section, number=1).status == RoundStatus.DRAFT
    assert seated(section, 1) == {1, 2, 4, 5, 7, 8}
    byes = Bye.objects.filter(round__section=section, round__number=1)
    assert sorted((b.player.starting_rank, b.kind) for b in byes) == [
        (3, ByeKind.ZERO_POINT),
        (6, ByeKind.ZERO_POINT),
    ]
    entry = LogEntry.objects.get(action=LogAction.BYE_REQUEST)
    assert "not checked in" in entry.description
    assert sorted(p.starting_rank for p in entry.players.all()) == [3, 6]


def test_the_absence_scores_zero_in_the_standings_and_is_z_in_the_trf_export(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    check_in_all_but(section, 1, 3, 6)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)

    points = {line.number: line.points for line in standings_get(section).lines}
    assert points[3] == Fraction(0)
    assert points[6] == Fraction(0)
    trf = section_trf_export_get(section=section, dialect="trf16")
    lines = [line for line in trf.split("\r") if line.startswith("001")]
    assert lines[2].rstrip().endswith("0000 - Z")
    assert lines[5].rstrip().endswith("0000 - Z")


def test_ask_first_refuses_naming_the_absent_players_and_changes_nothing(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ASK)
    check_in_all_but(section, 1, 3, 6)

    with pytest.raises(CheckInMissing) as caught:
        pair(section, 1, django_capture_on_commit_callbacks)

    assert "No. 3" in caught.value.message
    assert "No. 6" in caught.value.message
    assert len(caught.value.as_dict()["players"]) == 2
    assert not Round.objects.filter(section=section).exists()
    assert not ByeRequest.objects.exists()


def test_ask_first_then_pair_anyway_leaves_them_out(django_capture_on_commit_callbacks):
    section = checking_in(AbsentPlayers.ASK)
    check_in_all_but(section, 1, 3, 6)

    pair(section, 1, django_capture_on_commit_callbacks, leave_out=True)

    assert seated(section, 1) == {1, 2, 4, 5, 7, 8}
    assert set(ByeRequest.objects.values_list("player__starting_rank", "kind")) == {
        (3, "Z"),
        (6, "Z"),
    }


def test_first_round_only_check_in_leaves_later_rounds_alone(django_capture_on_commit_callbacks):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    section.check_in = CheckInMode.FIRST_ROUND
    section.save()
    check_in_all_but(section, 1)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)

    pair(section, 2, django_capture_on_commit_callbacks)

    assert len(seated(section, 2)) == 8
    assert not ByeRequest.objects.exists()


def test_without_check_in_no_one_is_left_out(django_capture_on_commit_callbacks):
    section = make_section(8, rounds=3)

    pair(section, 1, django_capture_on_commit_callbacks)

    assert len(seated(section, 1)) == 8


def test_api_refuses_with_the_names_then_pairs_when_told_to_leave_them_out(
    django_capture_on_commit_callbacks,
):
    section = checking_in(AbsentPlayers.ASK)
    check_in_all_but(section, 1, 3, 6)
    api = client_for(section.organiser)
    url = f"/api/v1/sections/{section.pk}/rounds/1/pair/"

    refused = api.post(url, {}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "check_in_missing"
    assert len(refused.json()["players"]) == 2

    with django_capture_on_commit_callbacks(execute=True):
        accepted = api.post(url, {"leave_out": True}, format="json")
    assert accepted.status_code == 202
    assert seated(section, 1) == {1, 2, 4, 5, 7, 8}


def test_round_page_names_who_has_not_checked_in(client):
    section = checking_in(AbsentPlayers.ZERO_BYE)
    check_in_all_but(section, 1, 3)
    client.force_login(section.organiser)

    page = client.get(
        reverse("round_manage", args=[section.event.slug, section.slug, 1])
    ).content.decode()

    assert "Not checked in (1)" in page
    assert "(No. 3)" in page
    assert "leaves them out with a zero-point bye" in page
