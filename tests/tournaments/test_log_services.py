"""Every service of the tournaments app that changes an event writes one log entry, in its
transaction: who, what, where, and only what changed. A refused action, or one that changes
nothing, writes none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from chesscore.record.people import PlayerDetails
from common.exceptions import DomainError
from tests.factories import EventFactory
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.tournaments.conftest import SMALL_TRF
from tournaments import services
from tournaments.constraints import services as constraints
from tournaments.models import ByeRequest
from tournaments.models import Event
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Section

pytestmark = pytest.mark.django_db

ROSTER = b"Name,Rating\nAnn Adams,2300\nEva Zeller,2400\n"


@pytest.fixture
def organiser():
    return UserFactory(username="chief")


@pytest.fixture
def section(organiser) -> Section:
    """Four players ranked 1..4, five rounds planned, nothing paired."""
    event = EventFactory()
    event.organisers.add(organiser)
    section = SectionFactory(event=event, name="Open", planned_rounds=5)
    for rank in range(1, 5):
        PlayerFactory(section=section, starting_rank=rank, fide_rating=2400 - 10 * rank)
    return section


def paired(section: Section, rounds: int) -> None:
    for number in range(1, rounds + 1):
        Round.objects.create(section=section, number=number, status=RoundStatus.COMPLETED)


def rank(section: Section, number: int) -> Player:
    return section.players.get(starting_rank=number)


def update(section: Section, user, number: int, starting_rank=None, **fields) -> Player:
    """`player_update` of the player numbered `number`, with their details as they are
    but for `fields`."""
    player = rank(section, number)
    return services.player_update(
        player=player,
        user=user,
        details=replace(player.details, **fields),
        starting_rank=starting_rank,
    )


# Each case arranges what it needs and returns the action to log.
Act = Callable[[], object]


def event_updated(s: Section, u) -> Act:
    return lambda: services.event_update(event=s.event, user=u, name="Spring Open")


def section_created(s: Section, u) -> Act:
    return lambda: services.section_create(event=s.event, user=u, name="Reserve")


def section_updated(s: Section, u) -> Act:
    return lambda: services.section_update(
        section=s,
        user=u,
        name="Open",
        system="dutch",
        planned_rounds=7,
        initial_colour=s.initial_colour,
        acceleration=s.acceleration,
        tiebreaks=s.tiebreaks,
    )


def player_entered(s: Section, u) -> Act:
    return lambda: services.player_create(
        section=s, user=u, details=PlayerDetails(last_name="Zeller", fide_rating=2500)
    )


def late_entry(s: Section, u) -> Act:
    paired(s, 2)
    return lambda: services.player_create(
        section=s, user=u, details=PlayerDetails(last_name="Late")
    )


def player_updated(s: Section, u) -> Act:
    return lambda: update(s, u, 2, club="Lakeside")


def rating_corrected(s: Section, u) -> Act:
    paired(s, 1)
    return lambda: update(s, u, 2, fide_rating=2111)


def withdrawn(s: Section, u) -> Act:
    return lambda: services.player_withdraw(player=rank(s, 3), user=u, from_round=3)


def reinstated(s: Section, u) -> Act:
    services.player_withdraw(player=rank(s, 3), user=u, from_round=2)
    return lambda: services.player_reinstate(player=rank(s, 3), user=u)


def ranks_reset(s: Section, u) -> Act:
    update(s, u, 1, starting_rank=4)
    return lambda: services.section_ranks_reset(section=s, user=u)


def bye_asked(s: Section, u) -> Act:
    return lambda: services.bye_request_create(player=rank(s, 1), user=u, round_number=2)


def bye_withdrawn(s: Section, u) -> Act:
    services.bye_request_create(player=rank(s, 1), user=u, round_number=2)
    return lambda: services.bye_request_delete(player=rank(s, 1), user=u, round_number=2)


def player_removed(s: Section, u) -> Act:
    return lambda: services.player_remove(player=rank(s, 4), user=u)


def roster_imported(s: Section, u) -> Act:
    return lambda: services.section_roster_import(section=s, data=ROSTER, mapping=None, user=u)


def staff_added(s: Section, u) -> Act:
    UserFactory(username="helper")
    return lambda: services.event_staff_add(
        event=s.event, user=u, username="helper", role="arbiter"
    )


def staff_removed(s: Section, u) -> Act:
    helper = UserFactory(username="helper")
    s.event.arbiters.add(helper)
    return lambda: services.event_staff_remove(event=s.event, user=u, member_id=helper.pk)


def trf_loaded(s: Section, u) -> Act:
    empty = SectionFactory(event=s.event, name="Empty")
    return lambda: services.section_trf_load(section=empty, user=u, text=SMALL_TRF)


def trf_imported(s: Section, u) -> Act:
    return lambda: services.section_import_trf(
        event=s.event, name="Imported", text=SMALL_TRF, user=u
    )


def group_made(s: Section, u) -> Act:
    return lambda: constraints.group_create(section=s, user=u, name="Family", members=[1, 2])


def group_changed(s: Section, u) -> Act:
    group = constraints.group_create(section=s, user=u, name="Family", members=[1, 2])
    return lambda: constraints.group_update(
        group=group, user=u, name="Family", kind=group.kind, members=[1, 2, 3]
    )


def group_deleted(s: Section, u) -> Act:
    group = constraints.group_create(section=s, user=u, name="Family", members=[1, 2])
    return lambda: constraints.group_delete(group=group, user=u)


def kept_from_the_bye(s: Section, u) -> Act:
    return lambda: constraints.bye_exclusion_set(player=rank(s, 2), user=u, round_number=1)


def bye_exclusion_lifted(s: Section, u) -> Act:
    constraints.bye_exclusion_set(player=rank(s, 2), user=u, round_number=1)
    return lambda: constraints.bye_exclusion_delete(player=rank(s, 2), user=u, round_number=1)


# (arrange, expected action, expected round, starting ranks of the players it names)
CASES: dict[str, tuple[Callable[[Section, object], Act], str, int | None, set[int]]] = {
    "event updated": (event_updated, LogAction.EVENT_UPDATE, None, set()),
    "section created": (section_created, LogAction.SECTION_CREATE, None, set()),
    "section updated": (section_updated, LogAction.SECTION_UPDATE, None, set()),
    "player entered": (player_entered, LogAction.PLAYER_ADD, None, {1}),
    "late entry": (late_entry, LogAction.LATE_ENTRY, 3, {5}),
    "player updated": (player_updated, LogAction.PLAYER_UPDATE, None, {2}),
    "rating corrected": (rating_corrected, LogAction.RATING_CORRECT, None, {2}),
    "withdrawn": (withdrawn, LogAction.PLAYER_WITHDRAW, 3, {3}),
    "reinstated": (reinstated, LogAction.PLAYER_REINSTATE, 1, {3}),
    "ranks reset": (ranks_reset, LogAction.RANKS_RESET, None, {1, 4}),
    "bye asked for": (bye_asked, LogAction.BYE_REQUEST, 2, {1}),
    "bye request withdrawn": (bye_withdrawn, LogAction.BYE_REQUEST_DELETE, 2, {1}),
    "player removed": (player_removed, LogAction.PLAYER_REMOVE, None, set()),
    "roster imported": (roster_imported, LogAction.IMPORT, None, {1, 6}),
    "staff added": (staff_added, LogAction.STAFF_ADD, None, set()),
    "staff removed": (staff_removed, LogAction.STAFF_REMOVE, None, set()),
    "trf loaded into a section": (trf_loaded, LogAction.IMPORT, None, set()),
    "trf imported as a section": (trf_imported, LogAction.IMPORT, None, set()),
    "group made": (group_made, LogAction.GROUP_SAVE, None, {1, 2}),
    "group changed": (group_changed, LogAction.GROUP_SAVE, None, {1, 2, 3}),
    "group deleted": (group_deleted, LogAction.GROUP_DELETE, None, {1, 2}),
    "kept from the bye": (kept_from_the_bye, LogAction.BYE_EXCLUSION, 1, {2}),
    "bye exclusion lifted": (bye_exclusion_lifted, LogAction.BYE_EXCLUSION_DELETE, 1, {2}),
}


@pytest.mark.parametrize("case", list(CASES))
def test_each_service_writes_one_entry_naming_who_what_and_whom(section, organiser, case):
    arrange, action, round_number, ranks = CASES[case]
    act = arrange(section, organiser)
    before = set(LogEntry.objects.values_list("pk", flat=True))

    act()

    entries = list(LogEntry.objects.exclude(pk__in=before))
    assert len(entries) == 1, [e.description for e in entries]
    entry = entries[0]
    assert entry.action == action
    assert (entry.event_id, entry.user, entry.actor) == (section.event_id, organiser, "chief")
    assert entry.round_number == round_number
    assert entry.description
    assert {p.starting_rank for p in entry.players.all()} == ranks


def test_a_section_entry_names_its_section(section, organiser):
    services.player_withdraw(player=rank(section, 1), user=organiser, from_round=2)

    entry = LogEntry.objects.get()
    assert (entry.section, entry.section_name) == (section, "Open")


def test_settings_changes_keep_only_the_fields_that_changed_old_and_new(section, organiser):
    services.section_update(
        section=section,
        user=organiser,
        name="Open",
        system="dutch",
        planned_rounds=7,
        initial_colour=section.initial_colour,
        acceleration=section.acceleration,
        tiebreaks=section.tiebreaks,
        scoring={"points_win": 3, "points_draw": 1},
    )

    entry = LogEntry.objects.get()
    assert entry.changes == {
        "planned_rounds": [5, 7],
        "points_win": ["1", "3"],
        "points_draw": ["0.5", "1"],
    }
    assert "planned rounds" in entry.description


def test_event_details_changed_are_logged_old_and_new(section, organiser):
    services.event_update(
        event=section.event, user=organiser, name=section.event.name, city="Delft", federation="ned"
    )

    entry = LogEntry.objects.get()
    assert entry.action == LogAction.EVENT_UPDATE
    assert entry.changes == {"city": ["", "Delft"], "federation": ["", "NED"]}


def test_an_event_is_created_in_the_name_of_its_first_organiser(organiser):
    event = services.do_event_create(name="Autumn Open", organisers=[organiser])

    entry = LogEntry.objects.get(event=event)
    assert (entry.action, entry.user) == (LogAction.EVENT_CREATE, organiser)


def test_an_event_imported_from_trf_logs_its_creation_and_the_import(organiser):
    section = services.do_event_import_trf(text=SMALL_TRF, organisers=[organiser])

    entries = list(LogEntry.objects.filter(event=section.event).order_by("pk"))
    assert [e.action for e in entries] == [LogAction.EVENT_CREATE, LogAction.IMPORT]
    assert all(e.user == organiser for e in entries)
    assert "4 players, 2 rounds played" in entries[1].description


def test_a_command_line_import_is_rookerys_own(section):
    services.do_section_import_trf(event=section.event, name="Imported", text=SMALL_TRF)

    entry = LogEntry.objects.get()
    assert (entry.user, entry.actor) == (None, "")


def test_loading_a_trf_file_logs_the_settings_it_changed(section, organiser):
    empty = SectionFactory(event=section.event, name="Empty", planned_rounds=9)

    services.section_trf_load(section=empty, user=organiser, text=SMALL_TRF)

    assert LogEntry.objects.get().changes["planned_rounds"] == [9, 5]


def test_a_roster_import_logs_its_counts_once(section, organiser):
    summary = services.section_roster_import(
        section=section, data=ROSTER, mapping=None, user=organiser
    )

    entry = LogEntry.objects.get()
    assert summary.created == 2
    assert "2 added, 0 updated" in entry.description


def test_a_removed_players_entry_outlives_them_with_their_name(section, organiser):
    player = rank(section, 4)

    services.player_remove(player=player, user=organiser)

    entry = LogEntry.objects.get()
    assert f"{player.full_name} (No. 4)" in entry.description
    assert not entry.players.exists()


def test_a_deleted_sections_entry_outlives_it_and_keeps_its_name(section, organiser):
    event = section.event

    services.section_delete(section=section, user=organiser)

    entry = LogEntry.objects.get(event=event)
    assert entry.action == LogAction.SECTION_DELETE
    assert (entry.section, entry.section_name) == (None, "Open")
    assert "4 players" in entry.description


def test_ranks_reset_keeps_every_number_that_changed(section, organiser):
    first = rank(section, 1)
    update(section, organiser, 1, starting_rank=4)
    LogEntry.objects.all().delete()

    assert services.section_ranks_reset(section=section, user=organiser) == 2

    changes = LogEntry.objects.get().changes
    assert changes[f"starting rank of {first.full_name}"] == [4, 1]


def test_a_late_entry_says_the_round_joined_and_the_byes_granted(section, organiser):
    section.late_entry_half_point_byes = 1
    section.save()
    paired(section, 2)

    services.player_create(section=section, user=organiser, details=PlayerDetails(last_name="Late"))

    entry = LogEntry.objects.get()
    assert entry.action == LogAction.LATE_ENTRY
    assert "joining at round 3" in entry.description
    assert "half-point byes in round 1" in entry.description


def test_a_staff_move_keeps_the_role_before_and_after(section, organiser):
    section.event.arbiters.add(UserFactory(username="helper"))

    services.event_staff_add(
        event=section.event, user=organiser, username="helper", role="organiser"
    )

    assert LogEntry.objects.get().changes == {"role": ["arbiter", "organiser"]}


# Nothing changed: nothing logged -----------------------------------------------------

NO_CHANGE: dict[str, Callable[[Section, object], object]] = {
    "event saved as it was": lambda s, u: services.event_update(
        event=s.event, user=u, name=s.event.name
    ),
    "same withdrawal twice": lambda s, u: services.player_withdraw(
        player=rank(s, 1), user=u, from_round=3
    ),
    "reinstating an active player": lambda s, u: services.player_reinstate(
        player=rank(s, 2), user=u
    ),
    "same bye twice": lambda s, u: services.bye_request_create(
        player=rank(s, 1), user=u, round_number=2
    ),
    "deleting a bye never asked for": lambda s, u: services.bye_request_delete(
        player=rank(s, 2), user=u, round_number=2
    ),
    "staff already in that role": lambda s, u: services.event_staff_add(
        event=s.event, user=u, username="chief", role="organiser"
    ),
    "group saved as it was": lambda s, u: constraints.group_update(
        group=ProhibitedGroup.objects.get(), user=u, name="Family", kind="strict", members=[1, 2]
    ),
}


@pytest.mark.parametrize("case", list(NO_CHANGE))
def test_an_action_that_changes_nothing_logs_nothing(section, organiser, case):
    services.player_withdraw(player=rank(section, 1), user=organiser, from_round=3)
    services.bye_request_create(player=rank(section, 1), user=organiser, round_number=2)
    constraints.group_create(section=section, user=organiser, name="Family", members=[1, 2])
    logged = LogEntry.objects.count()

    NO_CHANGE[case](section, organiser)

    assert LogEntry.objects.count() == logged


# Refused: nothing logged, nothing changed --------------------------------------------

REFUSED: dict[str, Callable[[Section, object], object]] = {
    "withdrawal from a paired round": lambda s, u: (
        paired(s, 2),
        services.player_withdraw(player=rank(s, 1), user=u, from_round=2),
    ),
    "withdrawal beyond the last round": lambda s, u: services.player_withdraw(
        player=rank(s, 1), user=u, from_round=9
    ),
    "someone else's event": lambda s, u: update(s, UserFactory(), 1, last_name="Mine"),
    "event without a name": lambda s, u: services.event_update(event=s.event, user=u, name=" "),
    "system changed after round 1": lambda s, u: (
        paired(s, 1),
        services.section_update(
            section=s,
            user=u,
            name="Open",
            system="burstein",
            planned_rounds=5,
            initial_colour=s.initial_colour,
            acceleration=s.acceleration,
        ),
    ),
    "rank changed after round 1": lambda s, u: (
        paired(s, 1),
        update(s, u, 1, last_name="Mine", starting_rank=2, fide_rating=1000),
    ),
    "bye for a paired round": lambda s, u: (
        paired(s, 1),
        services.bye_request_create(player=rank(s, 1), user=u, round_number=1),
    ),
    "group of one": lambda s, u: constraints.group_create(
        section=s, user=u, name="Alone", members=[1]
    ),
    "removing the last organiser": lambda s, u: services.event_staff_remove(
        event=s.event, user=u, member_id=u.pk
    ),
    "a roster with a bad line": lambda s, u: services.section_roster_import(
        section=s, data=b"Name,Rating\nAnn Adams,lots\n", mapping=None, user=u
    ),
    "a broken trf file": lambda s, u: services.section_import_trf(
        event=s.event, name="Broken", text="001 x", user=u
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_refused_action_logs_nothing(section, organiser, case):
    with pytest.raises(DomainError):
        REFUSED[case](section, organiser)

    assert not LogEntry.objects.exists()
    assert not ByeRequest.objects.exists()
    assert section.players.get(starting_rank=1).last_name != "Mine"


def test_an_entry_is_rolled_back_with_the_change_it_describes(section, organiser, monkeypatch):
    """The entry is written inside the service's transaction: when the change fails after
    it, neither stays."""

    def fail(*args, **kwargs):
        raise DomainError("Broken on purpose.")

    monkeypatch.setattr(Section, "delete", fail)

    with pytest.raises(DomainError):
        services.section_delete(section=section, user=organiser)

    assert Section.objects.filter(pk=section.pk).exists()
    assert not LogEntry.objects.exists()


def test_deleting_an_event_takes_its_log_with_it(section, organiser):
    event = section.event
    services.player_withdraw(player=rank(section, 1), user=organiser, from_round=2)

    services.event_delete(event=event, user=organiser)

    assert not Event.objects.filter(pk=event.pk).exists()
    assert not LogEntry.objects.exists()
