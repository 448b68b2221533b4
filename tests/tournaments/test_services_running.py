"""Running an event: event and section settings, players, withdrawals, byes."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from chesscore.record.people import PlayerDetails
from chesscore.systems import default_tiebreaks
from chesscore.systems import system_choices
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.factories import swiss_section
from tournaments import services
from tournaments.models import ByeRequest
from tournaments.models import ByeRequestKind
from tournaments.models import InitialColour
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.selectors.rounds import section_next_round
from tournaments.services import ByeLimitReached
from tournaments.services import SectionStateError

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    return UserFactory()


@pytest.fixture
def event(organiser):
    event = EventFactory()
    event.organisers.add(organiser)
    return event


@pytest.fixture
def section(event):
    return SectionFactory(event=event, planned_rounds=5, max_half_point_byes=1)


@pytest.fixture
def player(section):
    return PlayerFactory(section=section, starting_rank=1)


def started(section, rounds=1):
    """Mark rounds 1..`rounds` of `section` as paired (published)."""
    for number in range(1, rounds + 1):
        Round.objects.create(section=section, number=number, status=RoundStatus.PUBLISHED)
    return section


# Events -----------------------------------------------------------------------------


def test_event_update_changes_the_details_but_keeps_the_slug(event, organiser):
    slug = event.slug
    services.event_update(event=event, user=organiser, name="Winter Open", city="Delft")
    event.refresh_from_db()
    assert (event.name, event.city, event.slug) == ("Winter Open", "Delft", slug)


def test_event_update_is_refused_to_a_user_who_does_not_run_the_event(event):
    with pytest.raises(PermissionDenied):
        services.event_update(event=event, user=UserFactory(), name="Mine now")


def test_event_update_refuses_an_end_before_the_start(event, organiser):
    with pytest.raises(ValidationError) as caught:
        services.event_update(
            event=event,
            user=organiser,
            name="Open",
            start_date=datetime.date(2026, 5, 2),
            end_date=datetime.date(2026, 5, 1),
        )
    assert caught.value.field == "end_date"


def test_an_arbiter_may_update_the_event(event):
    arbiter = UserFactory()
    event.arbiters.add(arbiter)
    services.event_update(event=event, user=arbiter, name="Arbitrated")
    assert event.__class__.objects.get(pk=event.pk).name == "Arbitrated"


# Sections ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        ("dutch", ["BH-C1", "BH", "SB", "DE", "WIN"]),
        ("round_robin", ["DE", "SB", "WIN", "KS"]),
    ],
)
def test_new_section_gets_the_systems_usual_tiebreaks(event, organiser, system, expected):
    section = services.section_create(event=event, user=organiser, name="A", system=system)
    assert section.tiebreaks == expected


def test_every_system_has_default_tiebreaks():
    assert set(default_tiebreaks()) == {key for key, _label in system_choices()}


def test_new_section_keeps_the_tiebreaks_it_is_given(event, organiser):
    section = services.section_create(event=event, user=organiser, name="A", tiebreaks=["SB"])
    assert section.tiebreaks == ["SB"]


def test_new_section_takes_its_scoring_and_a_free_slug(event, organiser):
    first = services.section_create(event=event, user=organiser, name="Open")
    second = services.section_create(
        event=event, user=organiser, name="Open", scoring={"points_win": Decimal(3)}
    )
    assert first.slug == "open"
    assert re.fullmatch(r"open-[0-9a-f]{6}", second.slug)
    assert second.points_win == 3


def test_a_section_may_not_take_a_slug_the_event_pages_use(event, organiser):
    section = services.section_create(event=event, user=organiser, name="Edit")
    assert re.fullmatch(r"edit-[0-9a-f]{6}", section.slug)


def test_new_section_refuses_a_draw_worth_more_than_a_win(event, organiser):
    with pytest.raises(ValidationError) as caught:
        services.section_create(
            event=event, user=organiser, name="A", scoring={"points_draw": Decimal(2)}
        )
    assert caught.value.field == "points_draw"


def test_new_section_is_refused_to_anonymous_visitors(event):
    with pytest.raises(PermissionDenied):
        services.section_create(event=event, user=AnonymousUser(), name="A")


def _settings(section, **changes):
    values = {
        "name": section.name,
        "system": section.system,
        "planned_rounds": section.planned_rounds,
        "initial_colour": section.initial_colour,
        "acceleration": section.acceleration,
        "tiebreaks": section.tiebreaks,
    }
    return {**values, **changes}


def test_section_system_may_change_before_round_one(section, organiser):
    services.section_update(section=section, user=organiser, **_settings(section, system="casual"))
    section.refresh_from_db()
    assert section.system == "casual"


def test_section_system_is_fixed_once_round_one_is_paired(section, organiser):
    started(section)
    with pytest.raises(SectionStateError) as caught:
        services.section_update(
            section=section, user=organiser, **_settings(section, system="casual")
        )
    assert caught.value.field == "system"


def test_initial_colour_is_fixed_once_round_one_is_paired(section, organiser):
    started(section)
    with pytest.raises(SectionStateError) as caught:
        services.section_update(
            section=section,
            user=organiser,
            **_settings(section, initial_colour=InitialColour.BLACK),
        )
    assert caught.value.field == "initial_colour"


def test_tiebreaks_and_rounds_may_change_after_round_one(section, organiser):
    started(section, rounds=2)
    services.section_update(
        section=section, user=organiser, **_settings(section, tiebreaks=["SB"], planned_rounds=7)
    )
    section.refresh_from_db()
    assert (section.tiebreaks, section.planned_rounds) == (["SB"], 7)


def test_planned_rounds_cannot_drop_below_the_rounds_paired(section, organiser):
    started(section, rounds=3)
    with pytest.raises(SectionStateError) as caught:
        services.section_update(
            section=section, user=organiser, **_settings(section, planned_rounds=2)
        )
    assert caught.value.field == "planned_rounds"


def test_section_update_is_refused_to_another_user(section):
    with pytest.raises(PermissionDenied):
        services.section_update(section=section, user=UserFactory(), **_settings(section))


# Players ----------------------------------------------------------------------------


def names_by_rank(section):
    return list(section.players.order_by("starting_rank").values_list("last_name", flat=True))


def test_players_entered_by_hand_take_their_place_in_the_initial_order(section, organiser):
    """C.04.2 Art. 2.2: rating, then title, then name, whatever the order of entry."""
    adams = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Adams")
    )
    brown = services.player_create(
        section=section,
        user=organiser,
        details=PlayerDetails(last_name="Brown", federation="ned", fide_rating=2100),
    )
    for name, rating, title in [("Cruz", 2100, "FM"), ("Dahl", 2300, ""), ("Eng", None, "")]:
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=name, fide_rating=rating, title=title),
        )
    assert names_by_rank(section) == ["Dahl", "Cruz", "Brown", "Adams", "Eng"]
    assert list(
        section.players.order_by("starting_rank").values_list("starting_rank", flat=True)
    ) == [1, 2, 3, 4, 5]
    brown.refresh_from_db()
    adams.refresh_from_db()
    assert (brown.federation, brown.fide_rating, brown.entry_round) == ("NED", 2100, 1)
    assert adams.starting_rank == 4


def test_a_hand_adjusted_order_is_kept_when_a_player_is_added(section, organiser):
    for name, rating in [("Ash", 2200), ("Birch", 2100)]:
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=name, fide_rating=rating),
        )
    birch = section.players.get(last_name="Birch")
    services.player_update(
        player=birch,
        user=organiser,
        starting_rank=1,
        details=PlayerDetails(last_name="Birch", fide_rating=2100),
    )
    services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Cedar", fide_rating=2150)
    )
    # Cedar goes before the first player it outranks; Birch stays ahead of Ash.
    assert names_by_rank(section) == ["Cedar", "Birch", "Ash"]


def test_once_a_round_is_paired_a_newcomer_takes_the_next_number(section, organiser):
    services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Low", fide_rating=1500)
    )
    started(section)
    late = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="High", fide_rating=2500)
    )
    assert late.starting_rank == 2
    assert names_by_rank(section) == ["Low", "High"]


def test_numbers_named_by_an_imported_file_are_not_moved(section, organiser):
    services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Low", fide_rating=1500)
    )
    section.trf_extra = {"accelerated_rounds": [[1, 1, 1.0]]}
    section.save()
    high = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="High", fide_rating=2500)
    )
    assert high.starting_rank == 2


def test_the_section_is_numbered_in_the_initial_order_on_request(section, organiser):
    for name, rating in [("Ash", 2200), ("Birch", 2100), ("Cedar", 2300)]:
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=name, fide_rating=rating),
        )
    ash = section.players.get(last_name="Ash")
    services.player_update(
        player=ash, user=organiser, details=PlayerDetails(last_name="Ash", fide_rating=2000)
    )
    assert services.section_ranks_reset(section=section, user=organiser) == 2
    assert names_by_rank(section) == ["Cedar", "Birch", "Ash"]
    assert services.section_ranks_reset(section=section, user=organiser) == 0
    started(section)
    with pytest.raises(SectionStateError):
        services.section_ranks_reset(section=section, user=organiser)


def test_a_late_entry_joins_at_the_next_round_to_pair(section, organiser):
    started(section, rounds=2)
    player = services.player_create(
        section=section, user=organiser, details=PlayerDetails(last_name="Late")
    )
    assert player.entry_round == 3


def test_a_late_entry_cannot_join_a_round_already_paired(section, organiser):
    started(section, rounds=2)
    with pytest.raises(SectionStateError) as caught:
        services.player_create(
            section=section, user=organiser, entry_round=2, details=PlayerDetails(last_name="Late")
        )
    assert caught.value.field == "entry_round"


def test_a_player_needs_a_name(section, organiser):
    with pytest.raises(ValidationError) as caught:
        services.player_create(
            section=section, user=organiser, details=PlayerDetails(last_name="  ")
        )
    assert caught.value.field == "last_name"


def test_starting_ranks_swap_before_round_one(section, organiser):
    a = PlayerFactory(section=section, starting_rank=1, last_name="A")
    b = PlayerFactory(section=section, starting_rank=2, last_name="B")
    services.player_update(
        player=b, user=organiser, starting_rank=1, details=PlayerDetails(last_name="B")
    )
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.starting_rank, b.starting_rank) == (2, 1)


def test_starting_ranks_cannot_change_once_round_one_is_paired(section, organiser, player):
    started(section)
    with pytest.raises(SectionStateError) as caught:
        services.player_update(
            player=player, user=organiser, starting_rank=9, details=PlayerDetails(last_name="X")
        )
    assert caught.value.field == "starting_rank"


def test_details_other_than_the_rank_may_change_after_round_one(section, organiser, player):
    started(section)
    services.player_update(
        player=player,
        user=organiser,
        starting_rank=player.starting_rank,
        details=PlayerDetails(last_name="Carlsen"),
    )
    player.refresh_from_db()
    assert player.last_name == "Carlsen"


def test_player_update_is_refused_to_another_user(player):
    with pytest.raises(PermissionDenied):
        services.player_update(
            player=player, user=UserFactory(), details=PlayerDetails(last_name="X")
        )


# Withdrawals ------------------------------------------------------------------------


def test_withdrawing_twice_from_the_same_round_changes_nothing(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=3)
    again = services.player_withdraw(player=player, user=organiser, from_round=3)
    assert (again.status, again.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 3)


def test_a_player_cannot_withdraw_from_a_round_already_paired(section, organiser, player):
    started(section, rounds=2)
    with pytest.raises(SectionStateError) as caught:
        services.player_withdraw(player=player, user=organiser, from_round=2)
    assert caught.value.field == "from_round"


def test_a_withdrawal_may_be_undone_before_its_round_is_paired(section, organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=2)
    back = services.player_reinstate(player=player, user=organiser)
    assert (back.status, back.withdrawn_from_round) == (PlayerStatus.ACTIVE, None)


def test_a_withdrawal_is_undone_after_rounds_were_paired_without_the_player(
    section, organiser, player
):
    services.player_withdraw(player=player, user=organiser, from_round=2)
    started(section, rounds=3)

    back = services.player_reinstate(player=player, user=organiser)

    assert (back.status, back.withdrawn_from_round) == (PlayerStatus.ACTIVE, None)
    assert section_next_round(section=section) == 4
    assert not player.seats.exists()


def test_withdrawal_is_refused_to_another_user(player):
    with pytest.raises(PermissionDenied):
        services.player_withdraw(player=player, user=UserFactory(), from_round=2)


# Byes -------------------------------------------------------------------------------


def test_asking_twice_for_a_bye_keeps_one_request_with_the_last_kind(organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=2)
    request = services.bye_request_create(
        player=player, user=organiser, round_number=2, kind=ByeRequestKind.ZERO_POINT
    )
    assert ByeRequest.objects.filter(player=player).count() == 1
    assert request.kind == ByeRequestKind.ZERO_POINT


def test_half_point_byes_stop_at_the_sections_limit(organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=2)
    with pytest.raises(ByeLimitReached) as caught:
        services.bye_request_create(player=player, user=organiser, round_number=3)
    assert caught.value.field == "round_number"


def test_zero_point_byes_do_not_count_against_the_half_point_limit(organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=2)
    services.bye_request_create(
        player=player, user=organiser, round_number=3, kind=ByeRequestKind.ZERO_POINT
    )
    assert ByeRequest.objects.filter(player=player).count() == 2


def test_a_bye_cannot_be_asked_for_a_round_already_paired(section, organiser, player):
    started(section)
    with pytest.raises(SectionStateError):
        services.bye_request_create(player=player, user=organiser, round_number=1)


def test_a_bye_cannot_be_asked_beyond_the_planned_rounds(organiser, player):
    with pytest.raises(ValidationError) as caught:
        services.bye_request_create(player=player, user=organiser, round_number=6)
    assert caught.value.field == "round_number"


def test_a_bye_cannot_be_asked_after_the_players_withdrawal(organiser, player):
    services.player_withdraw(player=player, user=organiser, from_round=3)
    with pytest.raises(ValidationError):
        services.bye_request_create(player=player, user=organiser, round_number=4)


def test_deleting_a_bye_request_twice_reports_that_nothing_was_left(organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=2)
    assert services.bye_request_delete(player=player, user=organiser, round_number=2) is True
    assert services.bye_request_delete(player=player, user=organiser, round_number=2) is False


def test_a_bye_request_of_a_paired_round_cannot_be_deleted(section, organiser, player):
    services.bye_request_create(player=player, user=organiser, round_number=1)
    started(section)
    with pytest.raises(SectionStateError):
        services.bye_request_delete(player=player, user=organiser, round_number=1)


def test_bye_requests_are_refused_to_another_user(player):
    with pytest.raises(PermissionDenied):
        services.bye_request_create(player=player, user=UserFactory(), round_number=2)


def test_the_next_round_to_pair_follows_the_rounds_paired():
    section = swiss_section(6, rounds_played=2)
    assert section_next_round(section=section) == 3


def test_the_manage_page_numbers_the_section_in_the_initial_order(client, section, organiser):
    for name, rating in [("Ash", 2200), ("Birch", 2100)]:
        services.player_create(
            section=section,
            user=organiser,
            details=PlayerDetails(last_name=name, fide_rating=rating),
        )
    ash = section.players.get(last_name="Ash")
    services.player_update(
        player=ash, user=organiser, details=PlayerDetails(last_name="Ash", fide_rating=2000)
    )
    client.force_login(organiser)
    kwargs = {"event_slug": section.event.slug, "section_slug": section.slug}
    page = client.get(reverse("section_manage", kwargs=kwargs))
    assert "Number everyone in the initial order again" in page.text
    response = client.post(reverse("section_ranks_reset", kwargs=kwargs), follow=True)
    assert "1 number changed" not in response.text
    assert "2 numbers changed" in response.text
    assert names_by_rank(section) == ["Birch", "Ash"]
    started(section)
    page = client.get(reverse("section_manage", kwargs=kwargs))
    assert "Number everyone in the initial order again" not in page.text
    refused = client.post(reverse("section_ranks_reset", kwargs=kwargs), follow=True)
    assert "starting ranks stay as they are" in refused.text
