"""Prohibited groups and bye exclusions on a Dutch round: worked examples and properties."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from chesscore.cli.pairings import main
from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingOptions
from chesscore.pairing import pair_round
from chesscore.pairing.constraints import ConstraintConflict
from chesscore.pairing.constraints import Group
from chesscore.pairing.constraints import GroupKind
from chesscore.pairing.constraints import pair_constrained
from chesscore.pairing.constraints import recorded_soft_groups
from chesscore.pairing.constraints import soft_group_records
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.generator import generate_record
from chesscore.pairing.replay import check_rounds
from chesscore.pairing.replay import soft_rounds
from chesscore.pairing.state import state_from_record
from chesscore.record.model import Colour
from chesscore.record.model import ForbiddenPairing
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ReleasedPlayers
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import SoftGroup
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from chesscore.record.trf import write

TEN = {1: "A1", 2: "B1", 3: "A2", 4: "C", 5: "A3", 6: "D", 7: "A4", 8: "B2", 9: "A5", 10: "A6"}
RANK = {name: rank for rank, name in TEN.items()}
CLUB_A = Group("Club A", GroupKind.SOFT_FROM_BOTTOM, (1, 3, 5, 7, 9, 10))
CLUB_B = Group("Club B", GroupKind.SOFT_FROM_BOTTOM, (2, 8))


def _field(names: dict[int, str], rounds: int = 3) -> Record:
    players = tuple(Player(rank=r, name=n, rating=2400 - 10 * r) for r, n in names.items())
    return Record(players=players, planned_rounds=rounds)


def _named(result, names: dict[int, str]) -> set[frozenset[str]]:
    return {frozenset((names[b.white], names[b.black])) for b in result.boards}


def _with_round(
    record: Record, boards, result: ResultCode = ResultCode.DRAW, bye: int | None = None
) -> Record:
    """``record`` with one more round: ``boards`` as (white, black), every game ``result``."""
    entries: dict[int, RoundEntry] = {}
    if bye is not None:
        entries[bye] = RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
    loser = {ResultCode.WIN: ResultCode.LOSS, ResultCode.DRAW: ResultCode.DRAW}[result]
    for b in boards:
        entries[b.white] = RoundEntry(b.black, Colour.WHITE, result)
        entries[b.black] = RoundEntry(b.white, Colour.BLACK, loser)
    players = tuple(replace(p, rounds=(*p.rounds, entries[p.rank])) for p in record.players)
    return replace(record, players=players)


# ---------------------------------------------------------------------------------------
# Soft, relaxed from the bottom: ten teams, six of them from club A
# ---------------------------------------------------------------------------------------


def test_round_one_releases_the_two_lowest_ranked_a_teams_who_meet_each_other() -> None:
    pairing = pair_constrained(_field(TEN), groups=(CLUB_A, CLUB_B))

    assert [TEN[r] for r in pairing.released] == ["A5", "A6"]
    assert pairing.protected_places == 8
    assert frozenset(("A5", "A6")) in _named(pairing.result, TEN)
    for pair in _named(pairing.result, TEN) - {frozenset(("A5", "A6"))}:
        assert sum(name.startswith("A") for name in pair) <= 1


def test_round_two_protects_the_top_five_of_the_standings_and_pairs_a4_with_a5() -> None:
    first = pair_constrained(_field(TEN), groups=(CLUB_A, CLUB_B)).result
    record = _with_round(_field(TEN), first.boards)
    standings = ["A2", "A1", "A3", "B1", "A6", "A5", "D", "A4", "C", "B2"]

    pairing = pair_constrained(
        record, groups=(CLUB_A, CLUB_B), ranking=[RANK[n] for n in standings]
    )

    assert pairing.protected_places == 5
    assert [TEN[r] for r in pairing.released] == ["A5", "A4", "B2"]
    assert frozenset(("A4", "A5")) in _named(pairing.result, TEN)
    protected = {RANK[n] for n in ("A2", "A1", "A3", "A6")}
    for b in pairing.result.boards:
        if b.white in protected or b.black in protected:
            assert not {b.white, b.black} <= set(CLUB_A.members)


def test_soft_from_bottom_groups_are_recomputed_every_round_over_three_rounds() -> None:
    record = _field(TEN)
    for number in (1, 2, 3):
        pairing = pair_constrained(record, groups=(CLUB_A, CLUB_B))
        released = set(pairing.released)
        for b in pairing.result.boards:
            both_a = {b.white, b.black} <= set(CLUB_A.members)
            assert not both_a or {b.white, b.black} <= released, f"round {number}"
        record = _with_round(record, pairing.result.boards)


# ---------------------------------------------------------------------------------------
# Soft, lowest priority: six teams
# ---------------------------------------------------------------------------------------

SIX = {1: "A1", 2: "A2", 3: "B1", 4: "C1", 5: "A3", 6: "B2"}


def test_lowest_priority_example() -> None:
    record = _field(SIX)
    plain = pair_constrained(record)
    groups = (
        Group("A", GroupKind.SOFT_LOWEST, (1, 2, 5)),
        Group("B", GroupKind.SOFT_LOWEST, (3, 6)),
    )

    softened = pair_constrained(record, groups=groups)

    assert _named(plain.result, SIX) == {
        frozenset(p) for p in (("A1", "C1"), ("A2", "A3"), ("B1", "B2"))
    }
    assert _named(softened.result, SIX) == {
        frozenset(p) for p in (("A1", "C1"), ("A2", "B2"), ("B1", "A3"))
    }
    assert softened.same_group_pairs == ()
    assert softened.lowest_priority_applied


def test_lowest_priority_never_moves_a_floater_or_the_bye() -> None:
    """Five players, three of one group: a bare "avoid the group" weight would change who
    floats; the criterion held to FIDE's brackets only rearranges the pairs."""
    record = _field({1: "A1", 2: "A2", 3: "A3", 4: "X1", 5: "X2"})
    group = Group("A", GroupKind.SOFT_LOWEST, (1, 2, 3))
    plain = pair_round(record)
    bare = pair_round(
        record,
        options=PairingOptions(soft_criterion=lambda a, b: 0 if {a, b} <= {1, 2, 3} else 1),
    )
    assert (bare.bye, _floated(bare)) != (plain.bye, _floated(plain))

    softened = pair_constrained(record, groups=(group,))

    assert softened.result.bye == plain.bye
    assert _floated(softened.result) == _floated(plain)


def _floated(result) -> list[set[int]]:
    return [set(note.floated_down) for note in result.explanation]


# ---------------------------------------------------------------------------------------
# Strict groups and bye exclusions that block a round
# ---------------------------------------------------------------------------------------


def test_a_strict_group_that_blocks_the_round_is_named_with_the_one_that_lifts_it() -> None:
    names = {1: "A1", 2: "A2", 3: "A3", 4: "B1"}
    record = _field(names)
    groups = (
        Group("Club A", GroupKind.STRICT, (1, 2, 3)),
        Group("Family", GroupKind.STRICT, (1, 4)),
    )
    with pytest.raises(ConstraintConflict) as caught:
        pair_constrained(record, groups=groups)
    conflict = caught.value
    assert conflict.lifting_groups == ("Club A",)
    assert "Club A" in conflict.blocking_groups
    assert "Club A" in conflict.reason


def test_only_the_group_whose_lifting_lets_the_round_pair_is_blamed() -> None:
    names = {1: "P1", 2: "P2", 3: "P3", 4: "P4"}
    groups = (
        Group("Pair 12", GroupKind.STRICT, (1, 2)),
        Group("Pair 34", GroupKind.STRICT, (3, 4)),
        Group("Pair 13", GroupKind.STRICT, (1, 3)),
        Group("Pair 24", GroupKind.STRICT, (2, 4)),
        Group("Pair 14", GroupKind.STRICT, (1, 4)),
    )
    with pytest.raises(ConstraintConflict) as caught:
        pair_constrained(_field(names), groups=groups)
    conflict = caught.value
    # Of the three ways to pair four players only 1-4 / 2-3 avoids four of the groups.
    assert conflict.lifting_groups == ("Pair 14",)
    assert conflict.blocking_groups == ("Pair 14",)


def test_a_bye_exclusion_that_blocks_the_round_is_named() -> None:
    names = {1: "P1", 2: "P2", 3: "P3"}
    options = PairingOptions(pab_exclusions=(1, 2, 3))
    with pytest.raises(ConstraintConflict) as caught:
        pair_constrained(_field(names), options=options)
    conflict = caught.value
    assert conflict.lifting_exclusions == (1, 2, 3)
    assert conflict.blocking_exclusions == (3,)
    assert "pairing-allocated bye" in conflict.reason


def test_a_round_unpairable_without_constraints_is_not_blamed_on_them() -> None:
    names = {1: "P1", 2: "P2"}
    record = _with_round(_field(names, rounds=3), pair_round(_field(names, rounds=3)).boards)
    with pytest.raises(NoLegalPairing) as caught:
        pair_constrained(record, groups=(Group("G", GroupKind.STRICT, (1, 2)),))
    assert not isinstance(caught.value, ConstraintConflict)


def test_forbidden_pairings_of_the_record_count_as_strict_groups() -> None:
    record = replace(_field(SIX), forbidden_pairings=(ForbiddenPairing((1, 4)),))
    assert pair_constrained(record).result == pair_round(record)


# ---------------------------------------------------------------------------------------
# Properties over generated tournaments
# ---------------------------------------------------------------------------------------

configs = st.builds(
    GeneratorConfig,
    players=st.integers(min_value=4, max_value=20),
    rounds=st.integers(min_value=2, max_value=6),
    draw_percentage=st.integers(min_value=0, max_value=50),
    half_point_bye_rate=st.sampled_from([0, 8]),
)


def _truncated(record: Record, rounds: int) -> Record:
    players = tuple(replace(p, rounds=p.rounds[:rounds]) for p in record.players)
    return replace(record, players=players)


def _position(config: GeneratorConfig, seed: int, cut: int) -> Record:
    record = generate_record(config, seed)
    return _truncated(record, min(cut, record.rounds_played - 1))


def _groups(record: Record, data: st.DataObject, kind: GroupKind) -> tuple[Group, ...]:
    ranks = list(record.ranks)
    count = data.draw(st.integers(min_value=1, max_value=3))
    return tuple(
        Group(
            f"G{i}",
            kind,
            tuple(data.draw(st.lists(st.sampled_from(ranks), min_size=2, max_size=6, unique=True))),
        )
        for i in range(count)
    )


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 2**31), cut=st.integers(0, 5), data=st.data())
def test_strict_groups_never_meet(config, seed, cut, data) -> None:
    record = _position(config, seed, cut)
    groups = _groups(record, data, GroupKind.STRICT)
    try:
        pairing = pair_constrained(record, groups=groups)
    except ConstraintConflict as conflict:
        for name in conflict.lifting_groups:
            rest = tuple(g for g in groups if g.name != name)
            pair_constrained(record, groups=rest)  # pairs
        return
    except NoLegalPairing:
        return
    for b in pairing.result.boards:
        for g in groups:
            assert not {b.white, b.black} <= set(g.members)


def _colour_satisfied(record: Record, boards) -> int:
    state = state_from_record(record)
    satisfied = 0
    for b in boards:
        satisfied += state.players[b.white].colour_preference is not Colour.BLACK
        satisfied += state.players[b.black].colour_preference is not Colour.WHITE
    return satisfied


@settings(max_examples=30, deadline=None)
@given(config=configs, seed=st.integers(0, 2**31), cut=st.integers(0, 5), data=st.data())
def test_lowest_priority_groups_keep_the_fide_quality(config, seed, cut, data) -> None:
    record = _position(config, seed, cut)
    groups = _groups(record, data, GroupKind.SOFT_LOWEST)
    try:
        plain = pair_round(record)
    except NoLegalPairing:
        return
    softened = pair_constrained(record, groups=groups)

    assert softened.result.bye == plain.bye
    assert [set(n.floated_down) for n in softened.result.explanation] == [
        set(n.floated_down) for n in plain.explanation
    ]
    assert _colour_satisfied(record, softened.result.boards) == _colour_satisfied(
        record, plain.boards
    )
    before = sum(any({b.white, b.black} <= set(g.members) for g in groups) for b in plain.boards)
    assert len(softened.same_group_pairs) <= before


@settings(max_examples=20, deadline=None)
@given(config=configs, seed=st.integers(0, 2**31), cut=st.integers(0, 5))
def test_without_groups_the_pairing_is_the_plain_engine_s(config, seed, cut) -> None:
    record = _position(config, seed, cut)
    try:
        plain = pair_round(record)
    except NoLegalPairing:
        with pytest.raises(NoLegalPairing):
            pair_constrained(record)
        return
    assert pair_constrained(record).result == plain


# ---------------------------------------------------------------------------------------
# Soft groups in a TRF file: `-c` replays them and says the rounds are not pure FIDE
# ---------------------------------------------------------------------------------------


def _soft_tournament() -> Record:
    """Three rounds of the ten teams under club A (from the bottom) and B (lowest)."""
    groups = (CLUB_A, Group("Club B", GroupKind.SOFT_LOWEST, (2, 8)))
    record = _field(TEN)
    soft: list[SoftGroup] = []
    released: list[ReleasedPlayers] = []
    for number in (1, 2, 3):
        pairing = pair_constrained(record, groups=groups)
        more_soft, more_released = soft_group_records(number, groups, pairing.released)
        soft += more_soft
        released += more_released
        record = _with_round(record, pairing.result.boards, ResultCode.WIN)
    return replace(record, soft_groups=tuple(soft), released=tuple(released))


def test_check_replays_rounds_paired_with_soft_groups() -> None:
    record = _soft_tournament()
    assert soft_rounds(record) == {1, 2, 3}
    assert [difference for _n, difference in check_rounds(record)] == [None, None, None]


def test_without_its_soft_group_lines_the_tournament_does_not_replay() -> None:
    record = replace(_soft_tournament(), soft_groups=(), released=())
    assert soft_rounds(record) == frozenset()
    assert any(difference for _n, difference in check_rounds(record))


def test_soft_groups_go_through_a_trf_file() -> None:
    record = _soft_tournament()
    again = read(write(record, "trf16"))
    assert again.soft_groups == record.soft_groups
    assert again.released == record.released
    groups, released = recorded_soft_groups(again, 1)
    assert [g.members for g in groups] == [CLUB_A.members, (2, 8)]
    assert released == {9, 10}


def test_a_malformed_soft_group_line_is_named() -> None:
    text = write(_field(TEN), "trf16") + "RKG   1 Q    1    2\n"
    with pytest.raises(TrfError) as caught:
        read(text)
    assert caught.value.field == "RKG"


def test_the_command_line_check_says_which_rounds_are_not_pure_fide(tmp_path, capsys) -> None:
    path = tmp_path / "soft.trf"
    path.write_text(write(_soft_tournament(), "trf16"))

    assert main(["--dutch", str(path), "-c"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        f"round {n}: matches (not a pure FIDE pairing: soft prohibited groups)" for n in (1, 2, 3)
    ]


def test_the_command_line_names_the_forbidden_pairing_that_blocks_a_round(tmp_path, capsys) -> None:
    record = replace(
        _field({1: "P1", 2: "P2", 3: "P3", 4: "P4"}),
        forbidden_pairings=(ForbiddenPairing((1, 2, 3)),),
    )
    path = tmp_path / "blocked.trf"
    path.write_text(write(record, "trf16"))

    assert main(["--dutch", str(path), "-p"]) == 1
    error = capsys.readouterr().err
    assert "forbidden pairing 1, 2, 3" in error
