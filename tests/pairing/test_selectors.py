"""The one read of a pairing: `pairing_input_get`, its content and its pinned query count."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chesscore.pairing.constraints import GroupKind
from pairing.selectors import pairing_input_get
from pairing.selectors import pairing_record_with_groups
from tests.factories import swiss_section
from tests.factories import team_section
from tournaments.models import ByeExclusion
from tournaments.models import ConstraintKind
from tournaments.models import ProhibitedGroup

pytestmark = pytest.mark.django_db


def queries(section, number: int) -> int:
    with CaptureQueriesContext(connection) as captured:
        pairing_input_get(section=section, number=number)
    return len(captured)


def strict_group(section, name: str, ranks: list[int]) -> None:
    group = ProhibitedGroup.objects.create(section=section, name=name, kind=ConstraintKind.STRICT)
    group.members.set(section.players.filter(starting_rank__in=ranks))


def test_reading_a_section_for_pairing_costs_the_same_queries_whatever_its_size():
    small, large = swiss_section(8, rounds_played=2), swiss_section(60, rounds_played=2)
    for section in (small, large):
        strict_group(section, "Siblings", [1, 2])

    assert queries(small, 3) == queries(large, 3) == 11


def test_reading_a_team_section_for_pairing_costs_the_same_queries_whatever_its_size():
    small, large = team_section(4, rounds_played=2), team_section(12, rounds_played=2)

    assert queries(small, 3) == queries(large, 3) == 14


def test_the_record_keeps_the_groups_apart_with_their_names():
    section = swiss_section(8, rounds_played=1)
    strict_group(section, "Siblings", [3, 7])

    pairing_input = pairing_input_get(section=section, number=2)

    assert pairing_input.record.forbidden_pairings == ()
    assert [(g.name, g.kind, g.members) for g in pairing_input.groups] == [
        ("Siblings", GroupKind.STRICT, (3, 7))
    ]
    checked = pairing_record_with_groups(pairing_input)
    assert [f.ranks for f in checked.forbidden_pairings] == [(3, 7)]


def test_the_rounds_bye_exclusions_join_the_record():
    section = swiss_section(7, rounds_played=1)
    ByeExclusion.objects.create(player=section.players.get(starting_rank=5), round_number=2)

    assert pairing_input_get(section=section, number=2).record.pab_exclusions == (5,)
    assert pairing_input_get(section=section, number=3).record.pab_exclusions == ()


def test_a_team_section_reads_its_default_lineups_and_boards():
    section = team_section(4, boards=2, reserves=1, rounds_played=1)

    team = pairing_input_get(section=section, number=2).team

    assert team is not None
    assert team.boards_per_match == 2
    assert team.lineups[1] == (1, 2)
    assert team.lineups[4] == (10, 11)
    assert team.withdrawn == ()
