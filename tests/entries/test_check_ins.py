"""Check-in: arbiters mark players present, players check in with the venue's code, and
the section's settings."""

from __future__ import annotations

import pytest

from chesscore.record.names import name_fold
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from entries.check_ins.selectors import SelfCheckInMatch
from entries.check_ins.selectors import check_in_list_get
from entries.check_ins.selectors import check_in_missing_list
from entries.check_ins.selectors import player_self_check_in_get
from entries.check_ins.selectors import self_check_in_find
from entries.check_ins.services import CheckInClosed
from entries.check_ins.services import check_in_self
from entries.check_ins.services import check_in_set
from entries.check_ins.services import do_check_in_self
from entries.check_ins.services import section_check_in_settings_set
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tournaments.models import ByeRequest
from tournaments.models import CheckIn
from tournaments.models import CheckInMode
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.services.base import SectionStateError

pytestmark = pytest.mark.django_db


@pytest.fixture
def section():
    section = SectionFactory(check_in=CheckInMode.EVERY_ROUND, check_in_code="rook42")
    section.arbiter = UserFactory()
    section.event.arbiters.add(section.arbiter)
    PlayerFactory(section=section, starting_rank=1, first_name="Zoë", last_name="Müller")
    PlayerFactory(section=section, starting_rank=2, first_name="Łukasz", last_name="Nowak")
    PlayerFactory(section=section, starting_rank=3, first_name="Ann", last_name="Berg")
    return section


def player(section, rank):
    return section.players.get(starting_rank=rank)


def test_folded_ignores_accents_case_and_strokes():
    assert name_fold("ZOË Müller Łukasz") == "zoe muller lukasz"


def test_arbiter_marks_a_player_present_and_it_is_logged(section):
    assert check_in_set(player=player(section, 1), user=section.arbiter, present=True)
    mark = CheckIn.objects.get()
    assert (mark.round_number, mark.by) == (1, section.arbiter)
    entry = LogEntry.objects.get(action=LogAction.CHECK_IN)
    assert "Müller, Zoë (No. 1) checked in for round 1" in entry.description


def test_marking_present_twice_changes_nothing_the_second_time(section):
    check_in_set(player=player(section, 1), user=section.arbiter, present=True)
    assert not check_in_set(player=player(section, 1), user=section.arbiter, present=True)
    assert LogEntry.objects.filter(action=LogAction.CHECK_IN).count() == 1


def test_marking_absent_removes_the_check_in_and_is_logged(section):
    check_in_set(player=player(section, 1), user=section.arbiter, present=True)
    assert check_in_set(player=player(section, 1), user=section.arbiter, present=False)
    assert not CheckIn.objects.exists()
    assert LogEntry.objects.filter(action=LogAction.CHECK_IN_UNDO).count() == 1


def test_only_the_events_staff_check_players_in(section):
    with pytest.raises(PermissionDenied):
        check_in_set(player=player(section, 1), user=UserFactory(), present=True)
    assert not CheckIn.objects.exists()


def test_no_check_in_when_the_section_does_not_check_in(section):
    section.check_in = CheckInMode.FIRST_ROUND
    section.save()
    Round.objects.create(section=section, number=1, status=RoundStatus.COMPLETED)
    with pytest.raises(SectionStateError):
        check_in_set(player=player(section, 1), user=section.arbiter, present=True)


def test_a_player_with_a_bye_asked_for_is_not_checked_in(section):
    ByeRequest.objects.create(player=player(section, 2), round_number=1, kind="H")
    with pytest.raises(ValidationError) as caught:
        check_in_set(player=player(section, 2), user=section.arbiter, present=True)
    assert caught.value.field == "player"


def test_list_counts_present_players_and_missing_ones(section):
    check_in_set(player=player(section, 3), user=section.arbiter, present=True)
    listing = check_in_list_get(section=section, number=1)
    assert (listing.present, listing.expected) == (1, 3)
    assert [p.starting_rank for p in check_in_missing_list(section=section, number=1)] == [1, 2]


def test_player_checks_in_with_the_venue_code(section):
    assert check_in_self(player=player(section, 2), code=" ROOK42 ") == 1
    mark = CheckIn.objects.get()
    assert mark.by is None
    assert LogEntry.objects.get(action=LogAction.CHECK_IN).user is None


def test_wrong_code_is_refused_on_its_field(section):
    with pytest.raises(PermissionDenied) as caught:
        check_in_self(player=player(section, 2), code="rook43")
    assert caught.value.field == "code"
    assert not CheckIn.objects.exists()


def test_self_check_in_cannot_leave_the_code_out(section):
    """Only a caller that recognised the player otherwise skips the code, and says so by
    its name (`do_check_in_self`)."""
    with pytest.raises(TypeError, match="'code'"):
        check_in_self(player=player(section, 2))
    assert not CheckIn.objects.exists()


def test_self_check_in_is_closed_once_the_round_is_paired(section):
    Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)
    with pytest.raises(CheckInClosed):
        check_in_self(player=player(section, 2), code="rook42")


def test_self_check_in_is_closed_without_a_code(section):
    section.check_in_code = ""
    section.save()
    with pytest.raises(CheckInClosed):
        check_in_self(player=player(section, 2), code="")


def test_finding_oneself_ignores_accents(section):
    found = self_check_in_find(event=section.event, query="zoe mull")
    assert [m.player.starting_rank for m in found] == [1]
    assert self_check_in_find(event=section.event, query="lukasz")[0].player.last_name == "Nowak"


@pytest.mark.parametrize(
    ("query", "last_name"),
    [("Thorsdottir", "Þórsdóttir"), ("sigridur", "Ólafsdóttir"), ("nowák", "Nowak")],
)
def test_finding_oneself_takes_the_usual_transliterations(section, query, last_name):
    PlayerFactory(section=section, starting_rank=4, first_name="Sigríður", last_name="Þórsdóttir")
    PlayerFactory(section=section, starting_rank=5, first_name="Sigríður", last_name="Ólafsdóttir")
    found = self_check_in_find(event=section.event, query=query)
    assert last_name in [m.player.last_name for m in found]


def test_finding_oneself_with_ue_for_u_umlaut(section):
    found = self_check_in_find(event=section.event, query="Mueller")
    assert [m.player.starting_rank for m in found] == [1]


def test_a_one_letter_search_lists_no_one(section):
    assert self_check_in_find(event=section.event, query="a") == []


def test_settings_change_is_logged_without_the_code(section):
    section_check_in_settings_set(
        section=section,
        user=section.arbiter,
        check_in=CheckInMode.FIRST_ROUND,
        absent_players="bye",
        check_in_code="knight7",
    )
    section.refresh_from_db()
    assert (section.check_in, section.absent_players, section.check_in_code) == (
        "first",
        "bye",
        "knight7",
    )
    entry = LogEntry.objects.get(action=LogAction.CHECK_IN_SETTINGS)
    assert "knight7" not in str(entry.changes)
    assert entry.changes["check_in_code"] == ["set", "set"]


def test_settings_refuse_a_code_with_spaces(section):
    with pytest.raises(ValidationError) as caught:
        section_check_in_settings_set(
            section=section,
            user=section.arbiter,
            check_in=CheckInMode.EVERY_ROUND,
            absent_players="ask",
            check_in_code="two words",
        )
    assert caught.value.field == "check_in_code"


def test_a_team_section_takes_no_check_in():
    section = team_section(4, rounds_played=0)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    with pytest.raises(ValidationError) as caught:
        section_check_in_settings_set(
            section=section,
            user=organiser,
            check_in=CheckInMode.EVERY_ROUND,
            absent_players="bye",
            check_in_code="",
        )
    assert caught.value.field == "check_in"


def test_the_list_is_read_in_two_queries_whatever_its_size(section, django_assert_num_queries):
    for rank in range(4, 40):
        PlayerFactory(section=section, starting_rank=rank)
    check_in_set(player=player(section, 1), user=section.arbiter, present=True)
    with django_assert_num_queries(2):
        listing = check_in_list_get(section=section, number=1)
    assert (listing.present, listing.expected) == (1, 39)


def test_a_player_recognised_by_their_own_link_checks_in_without_the_code(section):
    assert do_check_in_self(player=player(section, 2)) == 1
    assert CheckIn.objects.get().player == player(section, 2)
    entry = LogEntry.objects.get(action=LogAction.CHECK_IN)
    assert entry.description.endswith("(self check-in, from the entry's link).")


def test_without_a_code_set_no_one_checks_in_themselves_even_by_their_link(section):
    section.check_in_code = ""
    section.save()
    with pytest.raises(CheckInClosed):
        do_check_in_self(player=player(section, 2))
    assert not CheckIn.objects.exists()


def test_check_in_by_link_closes_once_the_round_is_paired(section):
    Round.objects.create(section=section, number=1, status=RoundStatus.DRAFT)
    with pytest.raises(CheckInClosed):
        do_check_in_self(player=player(section, 2))


def test_a_player_with_a_bye_asked_for_does_not_check_in_by_link(section):
    ByeRequest.objects.create(player=player(section, 2), round_number=1, kind="H")
    with pytest.raises(ValidationError):
        do_check_in_self(player=player(section, 2))
    assert not CheckIn.objects.exists()


def test_a_players_own_check_in_state_names_the_round_and_whether_done(section):
    assert player_self_check_in_get(player=player(section, 2)) == SelfCheckInMatch(
        player(section, 2), 1, False
    )
    do_check_in_self(player=player(section, 2))
    assert player_self_check_in_get(player=player(section, 2)).present


def test_a_player_not_expected_or_a_section_closed_has_no_check_in_state(section):
    ByeRequest.objects.create(player=player(section, 2), round_number=1, kind="H")
    assert player_self_check_in_get(player=player(section, 2)) is None
    section.check_in_code = ""
    section.save()
    assert player_self_check_in_get(player=player(section, 1)) is None
