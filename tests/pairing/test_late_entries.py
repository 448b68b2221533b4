"""Late entries score the half-point byes their section's rules give for the rounds missed."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chesscore.record.model import ResultCode
from chesscore.record.people import PlayerDetails
from common.exceptions import ValidationError
from public.selectors import standings_get
from teams.selectors import section_record_get
from tests.factories import UserFactory
from tests.factories import swiss_section
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import make_section
from tests.pairing.test_services import pair
from tournaments import services
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def organised(section):
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    return organiser


def test_a_late_entry_scores_half_points_for_the_first_missed_rounds():
    section = swiss_section(6, rounds_played=3, late_entry_half_point_byes=2)
    organiser = organised(section)
    late = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Late")
    )

    assert late.entry_round == 4
    byes = Bye.objects.filter(player=late).order_by("round__number")
    assert [(b.round.number, b.kind) for b in byes] == [
        (1, ByeKind.HALF_POINT),
        (2, ByeKind.HALF_POINT),
    ]
    assert Seat.objects.filter(player=late).count() == 2
    assert list(ByeRequest.objects.filter(player=late).values_list("round_number", flat=True)) == [
        1,
        2,
    ]
    entries = section_record_get(section=section).player(late.starting_rank).rounds
    assert [e.result for e in entries[:2]] == [ResultCode.HALF_POINT_BYE] * 2
    assert all(e.result is ResultCode.UNPAIRED for e in entries[2:])
    line = next(x for x in standings_get(section).lines if x.number == late.starting_rank)
    assert line.points == Fraction(1)


def test_without_the_rule_missed_rounds_score_nothing():
    section = swiss_section(6, rounds_played=2)
    late = services.player_create(
        section=section, user=organised(section), details=PlayerDetails(last_name="Late")
    )
    assert not Bye.objects.filter(player=late).exists()
    assert not ByeRequest.objects.filter(player=late).exists()


def test_an_entry_registered_for_a_later_round_gets_its_bye_when_the_round_is_paired(
    django_capture_on_commit_callbacks,
):
    section = make_section(6, rounds=4)
    section.late_entry_half_point_byes = 1
    section.save()
    late = services.player_create(
        section=section,
        user=section.organiser,
        entry_round=3,
        details=PlayerDetails(last_name="Late"),
    )
    run = pair(section, 1, django_capture_on_commit_callbacks)
    assert run.status == "done"
    assert Bye.objects.get(player=late, round__number=1).kind == ByeKind.HALF_POINT
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    # Round 2 is beyond the rule: the late entry is left out and scores nothing.
    assert not Bye.objects.filter(player=late, round__number=2).exists()
    assert not Round.objects.get(section=section, number=2).games.filter(white=late).exists()
    assert Round.objects.get(section=section, number=2).status == RoundStatus.DRAFT


def test_the_rule_is_a_section_setting_checked_against_the_rounds():
    section = make_section(4, rounds=3)
    with pytest.raises(ValidationError) as caught:
        services.section_update(
            section=section,
            user=section.organiser,
            name=section.name,
            system=section.system,
            planned_rounds=3,
            initial_colour=section.initial_colour,
            acceleration=section.acceleration,
            late_entry_half_point_byes=4,
        )
    assert caught.value.field == "late_entry_half_point_byes"


def test_a_roster_s_late_entries_get_the_section_s_byes_once():
    section = make_section(0, rounds=5)
    section.late_entry_half_point_byes = 2
    section.save()
    roster = b"Name,Rating,Entry round,Byes\nEarly,2200,1,\nLate,2100,4,5\n"
    for _ in range(2):  # importing the same file again adds nothing
        services.section_roster_import(
            section=section, data=roster, mapping=None, user=section.organiser
        )
    late = section.players.get(last_name="Late")
    requests = ByeRequest.objects.filter(player=late).order_by("round_number")
    # Rounds 1 and 2 by the section's rule, round 3 missed for nothing, 5 asked for.
    assert list(requests.values_list("round_number", "kind")) == [(1, "H"), (2, "H"), (5, "H")]
    assert not ByeRequest.objects.filter(player__last_name="Early").exists()
