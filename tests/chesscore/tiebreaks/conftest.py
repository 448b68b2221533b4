"""Fixtures: the worked exercises of the TEC tie-break paper as records and sections.

The data set is ``tests/golden/reference/fide/tiebreak-exercises.json``: crosstables of a 5- and
9-round Swiss, a 6-player round robin and a 14-team Swiss, with the values the paper
expects.  Individual crosstables become ``Record`` objects (the engine's real input);
the team crosstable becomes an engine ``Section`` directly, because the paper gives team
results per match, not a line-up per round.
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.tiebreaks import Competitor
from chesscore.tiebreaks import Entry
from chesscore.tiebreaks import Result
from chesscore.tiebreaks import RoundOutcome
from chesscore.tiebreaks import Section
from chesscore.tiebreaks import Track
from tests.golden import tiebreak_exercises

EXERCISES_PATH = tiebreak_exercises()


@cache
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(EXERCISES_PATH.read_text(encoding="utf-8"))
    return loaded


def exercise(number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(e for e in data()["exercises"] if e["id"] == number)
    return found


def fraction(value: float | int | str) -> Fraction:
    """Exact value of a number printed in the paper (halves, quarters, whole numbers)."""
    return Fraction(str(value))


_COLOURS = {"w": Colour.WHITE, "b": Colour.BLACK}


@cache
def record(name: str) -> Record:
    """An individual crosstable (``swiss_5r``, ``swiss_9r``, ``round_robin_6``) as a record."""
    table = data()["crosstables"][name]
    players = []
    for p in table["players"]:
        rounds = tuple(
            RoundEntry(
                r["opp"] or None,
                _COLOURS.get(r["col"] or "", Colour.NONE),
                ResultCode(r["res"]),
            )
            for r in p["rounds"]
        )
        players.append(Player(p["tpn"], p["name"], rating=p.get("rating"), rounds=rounds))
    system = "round_robin" if name.startswith("round_robin") else "dutch"
    return Record(
        players=tuple(players),
        event=Event(name=name),
        system=system,
        planned_rounds=table["rounds"],
    )


_TEAM_OUTCOMES = {
    "match": RoundOutcome.GAME,
    "forfeit_win": RoundOutcome.FORFEIT_WIN,
    "forfeit_loss": RoundOutcome.FORFEIT_LOSS,
    "PAB": RoundOutcome.PAB,
    "HPB": RoundOutcome.HALF_BYE,
    "ZPB": RoundOutcome.ZERO_BYE,
}


@cache
def team_section(primary: Track = Track.MP) -> Section:
    """The 14-team Swiss: MP 2/1/0, four boards, the paper's unplayed-match provisions."""
    table = data()["crosstables"]["team_swiss_7r"]
    competitors = []
    for t in table["teams"]:
        entries = []
        for r in t["rounds"]:
            mp, gp = fraction(r["mp"]), fraction(r["gp"])
            outcome = _TEAM_OUTCOMES[r["type"]]
            result = None
            if r["type"] in ("match", "forfeit_win", "forfeit_loss"):
                result = Result.WIN if mp == 2 else Result.DRAW if mp == 1 else Result.LOSS
            entries.append(
                Entry(
                    outcome,
                    mp,
                    gp,
                    r["opp"] or None,
                    r.get("col") == "b",
                    result,
                )
            )
        competitors.append(Competitor(t["tpn"], tuple(entries)))
    return Section(
        tuple(competitors),
        table["rounds"],
        win=Fraction(2),
        draw=Fraction(1),
        loss=Fraction(0),
        team=True,
        boards=table["boards"],
        primary=primary,
    )


class TecExercises:
    """Access to the exercise data set for tests (``tec`` fixture)."""

    exercise = staticmethod(exercise)
    record = staticmethod(record)
    team_section = staticmethod(team_section)

    @staticmethod
    def summary(table_id: str) -> dict[str, Any]:
        found: dict[str, Any] = next(t for t in data()["summary_tables"] if t["id"] == table_id)
        return found


@pytest.fixture(scope="session")
def tec() -> TecExercises:
    return TecExercises()
