"""Prohibited groups and bye exclusions, from the organiser's services to a paired round."""

from __future__ import annotations

import pytest

from chesscore.pairing.replay import check_rounds
from chesscore.pairing.replay import soft_rounds
from chesscore.planners.swiss import standings_entering
from chesscore.record.trf import read
from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from pairing.models import RunStatus
from pairing.selectors import pairing_groups_get
from pairing.selectors import pairing_input_get
from pairing.services import round_pair
from public.selectors import section_trf_export_get
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tests.pairing.test_services import finish_round
from tournaments.constraints import services as constraints
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import Round
from tournaments.services import ByeLimitReached
from tournaments.services import SectionStateError
from tournaments.services import bye_request_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]

TEN = ["A1", "B1", "A2", "C", "A3", "D", "A4", "B2", "A5", "A6"]


def make_section(names, *, rounds=3, system="dutch", clubs=None):
    section = SectionFactory(planned_rounds=rounds, system=system)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    for rank, name in enumerate(names, start=1):
        club = (clubs or {}).get(name, "")
        PlayerFactory(
            section=section,
            starting_rank=rank,
            last_name=name,
            fide_rating=2500 - 10 * rank,
            club=club,
        )
    section.organiser = organiser
    return section


def pair(section, number, capture):
    with capture(execute=True):
        run = round_pair(section=section, number=number, user=section.organiser)
    run.refresh_from_db()
    return run


def pairs_of(section, number):
    games = Game.objects.filter(round__section=section, round__number=number)
    return {
        frozenset((g.white.last_name, g.black.last_name))
        for g in games.select_related("white", "black")
    }


def ranks(section, names):
    by_name = dict(section.players.values_list("last_name", "starting_rank"))
    return [by_name[n] for n in names]


def test_soft_from_bottom_releases_the_lowest_members_and_says_so(
    django_capture_on_commit_callbacks,
):
    section = make_section(TEN)
    constraints.group_create(
        section=section,
        user=section.organiser,
        name="Club A",
        kind=ConstraintKind.SOFT_FROM_BOTTOM,
        members=ranks(section, ["A1", "A2", "A3", "A4", "A5", "A6"]),
    )

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE
    assert frozenset(("A5", "A6")) in pairs_of(section, 1)
    rnd = Round.objects.get(section=section, number=1)
    assert rnd.is_pure_fide is False
    assert rnd.explanation["released"] == ranks(section, ["A5", "A6"])
    assert rnd.explanation["protected_places"] == 8
    assert rnd.explanation["groups"][0]["kind"] == "soft_bottom"
    assert any("released" in d for d in rnd.explanation["deviations"])


def test_groups_are_frozen_with_the_round(django_capture_on_commit_callbacks):
    section = make_section(TEN)
    group = constraints.group_create(
        section=section,
        user=section.organiser,
        name="Club A",
        kind=ConstraintKind.SOFT_LOWEST,
        members=ranks(section, ["A1", "A2", "A3"]),
    )
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)

    constraints.group_delete(group=group, user=section.organiser)

    rnd = Round.objects.get(section=section, number=1)
    assert rnd.explanation["groups"] == [
        {"name": "Club A", "kind": "soft_lowest", "members": ranks(section, ["A1", "A2", "A3"])}
    ]


def test_soft_from_bottom_ranks_by_the_standings_entering_the_round(
    django_capture_on_commit_callbacks,
):
    section = make_section(TEN)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)  # White wins every game.
    record = pairing_input_get(section=section, number=2).record
    order = standings_entering(record, 2)
    winners = {g.white.starting_rank for g in Game.objects.filter(round__section=section)}
    assert set(order[: len(winners)]) == winners


def test_a_strict_group_that_blocks_the_round_is_named_in_the_failed_run(
    django_capture_on_commit_callbacks,
):
    section = make_section(["A1", "A2", "A3", "B1"])
    constraints.group_create(
        section=section,
        user=section.organiser,
        name="Club A",
        members=ranks(section, ["A1", "A2", "A3"]),
    )

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "Club A" in run.error
    assert "lifting" in run.error


def test_attribute_groups_keep_club_mates_apart(django_capture_on_commit_callbacks):
    clubs = {"A1": "Hastings", "A2": "Hastings", "B1": "Bath", "B2": "Bath"}
    section = make_section(["A1", "B1", "A2", "B2"], clubs=clubs)
    constraints.group_create(section=section, user=section.organiser, name="Club", attribute="club")

    groups = pairing_groups_get(section=section)
    pair(section, 1, django_capture_on_commit_callbacks)

    assert [g.name for g in groups] == ["Club: Hastings", "Club: Bath"]
    assert pairs_of(section, 1).isdisjoint({frozenset(("A1", "A2")), frozenset(("B1", "B2"))})


def test_a_bye_exclusion_keeps_the_player_from_the_pairing_allocated_bye(
    django_capture_on_commit_callbacks,
):
    section = make_section(["P1", "P2", "P3", "P4", "P5"])
    lowest = section.players.get(starting_rank=5)
    lowest.section = section
    constraints.bye_exclusion_set(player=lowest, user=section.organiser, round_number=1)

    pair(section, 1, django_capture_on_commit_callbacks)

    bye = Bye.objects.get(round__section=section, kind=ByeKind.PAIRING_ALLOCATED)
    assert bye.player.starting_rank != 5


def test_bye_exclusions_that_leave_no_bye_are_named(django_capture_on_commit_callbacks):
    section = make_section(["P1", "P2", "P3"])
    for player in section.players.all():
        player.section = section
        constraints.bye_exclusion_set(player=player, user=section.organiser, round_number=1)

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "pairing-allocated bye" in run.error


def test_group_services_check_their_input():
    section = make_section(["P1", "P2", "P3"])
    user = section.organiser
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="", members=[1, 2])
    assert caught.value.field == "name"
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="G", members=[1, 9])
    assert caught.value.field == "members"
    assert "9" in caught.value.message
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="G", members=[1])
    assert caught.value.field == "members"
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="G", attribute="shoe")
    assert caught.value.field == "attribute"
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="G", kind="x", members=[1, 2])
    assert caught.value.field == "kind"
    with pytest.raises(PermissionDenied):
        constraints.group_create(section=section, user=UserFactory(), name="G", members=[1, 2])
    constraints.group_create(section=section, user=user, name="Family", members=[1, 2])
    with pytest.raises(ValidationError) as caught:
        constraints.group_create(section=section, user=user, name="family", members=[2, 3])
    assert caught.value.field == "name"


def test_bye_exclusions_only_for_rounds_not_paired_yet(django_capture_on_commit_callbacks):
    section = make_section(["P1", "P2", "P3", "P4"])
    pair(section, 1, django_capture_on_commit_callbacks)
    player = section.players.get(starting_rank=1)
    player.section = section
    with pytest.raises(SectionStateError):
        constraints.bye_exclusion_set(player=player, user=section.organiser, round_number=1)
    with pytest.raises(ValidationError) as caught:
        constraints.bye_exclusion_set(player=player, user=section.organiser, round_number=9)
    assert caught.value.field == "round_number"


def test_no_half_point_bye_in_a_closed_round():
    section = make_section(["P1", "P2", "P3", "P4"])
    section.half_point_bye_closed_rounds = [3]
    section.save()
    player = section.players.get(starting_rank=1)
    player.section = section

    bye_request_create(player=player, user=section.organiser, round_number=2)
    with pytest.raises(ByeLimitReached) as caught:
        bye_request_create(player=player, user=section.organiser, round_number=3)
    assert "round 3" in caught.value.message
    bye_request_create(player=player, user=section.organiser, round_number=3, kind="Z")


def test_the_exported_file_carries_the_soft_groups_and_replays(
    django_capture_on_commit_callbacks,
):

    section = make_section(TEN)
    constraints.group_create(
        section=section,
        user=section.organiser,
        name="Club A",
        kind=ConstraintKind.SOFT_FROM_BOTTOM,
        members=ranks(section, ["A1", "A2", "A3", "A4", "A5", "A6"]),
    )
    constraints.group_create(
        section=section,
        user=section.organiser,
        name="Club B",
        kind=ConstraintKind.SOFT_LOWEST,
        members=ranks(section, ["B1", "B2"]),
    )
    constraints.group_create(
        section=section, user=section.organiser, name="Family", members=ranks(section, ["C", "D"])
    )
    for number in (1, 2):
        pair(section, number, django_capture_on_commit_callbacks)
        finish_round(section, number)

    text = section_trf_export_get(section=section, dialect="trf26")

    lines = text.splitlines()
    assert any(line.startswith("RKG   1 B") for line in lines)
    assert any(line.startswith("RKR   1") for line in lines)
    assert any(line.startswith(("XXP", "260")) for line in lines)
    record = read(text)
    assert soft_rounds(record) == {1, 2}
    assert [difference for _n, difference in check_rounds(record)] == [None, None]
