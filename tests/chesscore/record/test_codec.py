"""The JSON codec of record values: `decode` reads back what `encode` wrote."""

from __future__ import annotations

import datetime
import doctest
import json
from fractions import Fraction
from typing import Any
from typing import get_type_hints

import pytest

from chesscore.record import codec
from chesscore.record import model as rec
from chesscore.record.codec import decode
from chesscore.record.codec import encode

_EVENT = rec.Event(
    name="Spring Open — A",
    city="Lyon",
    federation="FRA",
    start_date=datetime.date(2024, 4, 1),
    end_date=datetime.date(2024, 4, 7),
    player_count=40,
    rated_player_count=38,
    team_count=None,
    tournament_type="Swiss",
    chief_arbiter="IA Doe, Jane",
    deputy_arbiters=("Roe, Rick", "Poe, Paula"),
    time_control="90'+30\"",
    round_dates=(datetime.date(2024, 4, 1), None, datetime.date(2024, 4, 3)),
    starting_rank_method="FRA FIDON",
    pairing_controller="Rookery",
    system="FIDE_DUTCH_2025",
    encoded_time_control="40/6000+30:900+30",
    board_colours="WBWB",
)

_SCORING = rec.ScoringSystem(
    win=Fraction(3),
    draw=Fraction(1),
    loss=Fraction(0),
    forfeit_win=Fraction(3),
    forfeit_loss=Fraction(-1),
    pairing_allocated_bye=Fraction(3, 2),
    half_point_bye=Fraction(1, 2),
    full_point_bye=Fraction(2),
    zero_point_bye=Fraction(0),
)

_PLAYER = rec.Player(
    rank=7,
    name="Doe, Jane",
    sex=rec.Sex.FEMALE,
    title="WGM",
    rating=2301,
    federation="FRA",
    fide_id=123456,
    birth_date="1990/00/00",
    points=Fraction(5, 2),
    final_rank=3,
    rounds=(
        rec.RoundEntry(2, rec.Colour.WHITE, rec.ResultCode.WIN),
        rec.RoundEntry(None, rec.Colour.NONE, rec.ResultCode.HALF_POINT_BYE),
        rec.RoundEntry(5, rec.Colour.NONE, rec.ResultCode.FORFEIT_WIN),
        rec.RoundEntry(3, rec.Colour.BLACK, rec.ResultCode.UNRATED_DRAW),
    ),
)

# One value of every type the database keeps as JSON (a section's `trf_extra`), with
# every optional field both set and left out somewhere.
_VALUES: list[tuple[Any, Any]] = [
    (rec.Event, _EVENT),
    (rec.Event, rec.Event()),
    (rec.ScoringSystem, _SCORING),
    (rec.MatchScoring, rec.MatchScoring(Fraction(3), Fraction(1), Fraction(0))),
    (tuple[rec.VirtualPoints, ...], (rec.VirtualPoints(1, (Fraction(1), Fraction(1, 2))),)),
    (tuple[rec.VirtualPoints, ...], (rec.VirtualPoints(4, ()),)),
    (
        tuple[rec.AcceleratedRounds, ...],
        (
            rec.AcceleratedRounds(1, 2, 1, 20, Fraction(1)),
            rec.AcceleratedRounds(1, 3, 1, 10, Fraction(1, 2), Fraction(1)),
        ),
    ),
    (
        tuple[rec.ForbiddenPairing, ...],
        (rec.ForbiddenPairing((3, 1, 3)), rec.ForbiddenPairing((2, 5), 2, 4)),
    ),
    (tuple[rec.SoftGroup, ...], (rec.SoftGroup(2, "B", (4, 6, 8)),)),
    (tuple[rec.ReleasedPlayers, ...], (rec.ReleasedPlayers(3, (6,)),)),
    (
        tuple[rec.ByeAssignment, ...],
        (
            rec.ByeAssignment(rec.ResultCode.HALF_POINT_BYE, 3, (1, 2)),
            rec.ByeAssignment(rec.ResultCode.ZERO_POINT_BYE, 5, (9,)),
        ),
    ),
    (
        tuple[rec.Team, ...],
        (
            rec.Team(1, "Rooks", (1, 2, 3, 4), "RKS", Fraction(5, 4), Fraction(6), Fraction(9), 2),
            rec.Team(2, "Knights"),
        ),
    ),
    (tuple[rec.TeamLineup, ...], (rec.TeamLineup(1, 1, 2, (1, None, 3, 4)),)),
    (rec.TeamPab | None, rec.TeamPab(Fraction(2), Fraction(5, 2), (3, None, 1))),
    (rec.TeamPab | None, None),
    (
        tuple[rec.ForfeitedMatch, ...],
        (
            rec.ForfeitedMatch(rec.MatchForfeit.WHITE_WINS, 2, 1, 4),
            rec.ForfeitedMatch(rec.MatchForfeit.DOUBLE, 3, 2, 5),
        ),
    ),
    (tuple[rec.Player, ...], (_PLAYER, rec.Player(rank=8))),
    (tuple[int, ...], (4, 9)),
    (tuple[str, ...], ("### a comment", "NRS line")),
    (bool, True),
    (str, "PTS"),
    (Fraction | None, Fraction(7, 3)),
    (Fraction | None, None),
    (Fraction, Fraction(0)),
    (datetime.date, datetime.date(2024, 2, 29)),
    (rec.Colour | None, rec.Colour.BLACK),
    (rec.Colour | None, None),
]


@pytest.mark.parametrize(("hint", "value"), _VALUES)
def test_decode_reads_back_what_encode_wrote(hint: Any, value: Any) -> None:
    stored = json.loads(json.dumps(encode(value)))  # as a JSON field gives it back

    assert decode(hint, stored) == value


def test_a_whole_record_survives_the_round_trip() -> None:
    record = rec.Record(
        players=(_PLAYER, rec.Player(rank=2, name="Roe, Rick"), rec.Player(rank=3)),
        event=_EVENT,
        planned_rounds=9,
        initial_colour=rec.Colour.WHITE,
        order_by_file_position=True,
        scoring=_SCORING,
        match_scoring=rec.MatchScoring(Fraction(3), Fraction(1), Fraction(0)),
        virtual_points=(rec.VirtualPoints(2, (Fraction(1),)),),
        accelerated_rounds=(rec.AcceleratedRounds(1, 2, 1, 2, Fraction(1)),),
        forbidden_pairings=(rec.ForbiddenPairing((2, 3)),),
        bye_assignments=(rec.ByeAssignment(rec.ResultCode.FULL_POINT_BYE, 4, (3,)),),
        absent_next_round=(3,),
        soft_groups=(rec.SoftGroup(1, "L", (2, 3)),),
        released=(rec.ReleasedPlayers(1, (3,)),),
        pab_exclusions=(2,),
        standings_score="MP",
        tiebreaks=("BH/C1", "SB"),
        teams=(rec.Team(1, "Rooks", (7, 2)), rec.Team(2, "Knights", (3,))),
        lineups=(rec.TeamLineup(1, 1, 2, (7, None)),),
        team_pab=rec.TeamPab(Fraction(2), Fraction(1), (None,)),
        forfeited_matches=(rec.ForfeitedMatch(rec.MatchForfeit.BLACK_WINS, 1, 1, 2),),
        extra_lines=("### kept",),
    )

    stored = json.loads(json.dumps(encode(record)))

    assert "_by_rank" not in stored
    back = decode(rec.Record, stored)
    assert back == record
    assert back.player(7) == _PLAYER


def test_every_record_field_has_a_json_form() -> None:
    default = rec.Record()
    for name, hint in get_type_hints(rec.Record).items():
        if name.startswith("_"):
            continue
        value = getattr(default, name)
        assert decode(hint, json.loads(json.dumps(encode(value)))) == value, name


def test_the_stored_form_is_plain_json() -> None:
    assert encode(Fraction(3, 2)) == "3/2"
    assert encode(Fraction(2)) == "2"
    assert encode(datetime.date(2024, 5, 1)) == "2024-05-01"
    assert encode(rec.ResultCode.DRAW) == "="
    assert encode(rec.ForbiddenPairing((3, 1), 2)) == {
        "ranks": [3, 1],
        "first_round": 2,
        "last_round": None,
    }


def test_decode_fills_missing_fields_with_defaults_and_skips_unknown_keys() -> None:
    stored = {"number": 4, "name": "Bishops", "colour": "unused"}

    assert decode(rec.Team, stored) == rec.Team(4, "Bishops")


@pytest.mark.parametrize("value", [1.5, {1, 2}, {"a": 1}, object()])
def test_encode_refuses_what_it_cannot_read_back(value: object) -> None:
    with pytest.raises(TypeError):
        encode(value)


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(codec).failed == 0
