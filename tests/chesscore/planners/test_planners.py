"""The planners are pure: a `PairingInput` in, a `Plan` out, no database."""

from __future__ import annotations

from chesscore.planners.values import PairingInput
from chesscore.record.model import Colour
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.systems import SYSTEMS


def _drawn_round_one() -> Record:
    """Four players, every game of round 1 drawn: one bracket of ½ point in round 2."""

    def draw(opponent: int, colour: Colour) -> tuple[RoundEntry, ...]:
        return (RoundEntry(opponent, colour, ResultCode.DRAW),)

    players = (
        Player(1, "A", rating=2400, rounds=draw(3, Colour.WHITE)),
        Player(2, "B", rating=2300, rounds=draw(4, Colour.BLACK)),
        Player(3, "C", rating=2200, rounds=draw(1, Colour.BLACK)),
        Player(4, "D", rating=2100, rounds=draw(2, Colour.WHITE)),
    )
    return Record(players=players, planned_rounds=3)


def test_board_explanations_write_the_bracket_score_as_players_do() -> None:
    record = _drawn_round_one()
    pairing_input = PairingInput(number=2, record=record, planned_rounds=3)

    plan = SYSTEMS["dutch"].plan(pairing_input)

    assert len(plan.boards) == 2
    assert all(b.explanation.startswith("Paired in the bracket of ½ point") for b in plan.boards)
    assert plan.explanation["brackets"][0]["score"] == "1/2"
    assert plan.deviations == ()


def test_a_round_robin_plan_follows_the_berger_table() -> None:
    record = Record(players=tuple(Player(r, f"P{r}") for r in range(1, 5)), planned_rounds=3)
    pairing_input = PairingInput(number=1, record=record, planned_rounds=3)

    plan = SYSTEMS["round_robin"].plan(pairing_input)

    assert [(b.white, b.black) for b in plan.boards] == [(1, 4), (2, 3)]
    assert plan.byes == ()
