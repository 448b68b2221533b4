"""Record 192's codes and the registry of systems name the same systems, and every code the
writer makes reads back as the facts it was made from."""

from __future__ import annotations

import itertools

import pytest

from chesscore.record.model import ROUND_ROBIN_SYSTEMS
from chesscore.record.model import PreferenceType
from chesscore.record.model import ScoreKind
from chesscore.record.model import TeamSwissRules
from chesscore.record.system_codes import SYSTEM_CODES
from chesscore.record.system_codes import code_for
from chesscore.record.system_codes import system_for_code
from chesscore.record.system_codes import team_rules_for_code
from chesscore.systems import SYSTEMS


def test_every_system_of_the_registry_has_its_code() -> None:
    assert set(SYSTEM_CODES) == set(SYSTEMS)


def test_the_round_robins_are_the_systems_paired_from_a_fixed_table() -> None:
    assert {key for key, s in SYSTEMS.items() if s.info.fixed_table} == ROUND_ROBIN_SYSTEMS


@pytest.mark.parametrize("key", list(SYSTEM_CODES))
def test_the_code_of_each_system_names_it(key: str) -> None:
    assert system_for_code(code_for(key, TeamSwissRules())) == key


@pytest.mark.parametrize(
    "rules",
    [
        TeamSwissRules(primary, secondary, preferences)
        for primary, secondary, preferences in itertools.product(
            ScoreKind, (True, False), PreferenceType
        )
    ],
)
def test_the_team_swiss_code_states_its_rules(rules: TeamSwissRules) -> None:
    code = code_for("team_swiss", rules)

    assert (system_for_code(code), team_rules_for_code(code)) == ("team_swiss", rules)


@pytest.mark.parametrize(
    "code", ["FIDE_BERGER", "FIDE_SCHILLER", "FIDE_SCHEVENINGEN", "FIDE_DOUBLEROUNDROBIN"]
)
def test_codes_of_pairings_fixed_in_advance_read_as_round_robins(code: str) -> None:
    # C.07 15.2: the tie-breaks of such an event treat unplayed games as round robins do.
    assert system_for_code(code) in ROUND_ROBIN_SYSTEMS
