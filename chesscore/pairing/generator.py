"""Random tournament generator: every round paired by this engine, results simulated.

Configuration uses the keys of bbpPairings' random tournament generator (``Key=Value``
lines): PlayersNumber, RoundsNumber, DrawPercentage, ForfeitRate, RetiredRate,
HalfPointByeRate, HighestRating, LowestRating, PointsForWin, PointsForDraw, PointsForLoss,
PointsForZPB, PointsForForfeitLoss, PointsForPAB.  A rate ``r`` means "one in ``r``":
one game in ``r`` is forfeited, one player in ``r`` retires, one player in ``r`` takes a
half-point bye.  The only randomness is a ``random.Random`` seeded with the given seed,
which is written into the file so that it can be generated again.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from fractions import Fraction
from typing import Protocol

from chesscore.record.model import Colour
from chesscore.record.model import Event
from chesscore.record.model import Player
from chesscore.record.model import Record
from chesscore.record.model import ResultCode
from chesscore.record.model import RoundEntry
from chesscore.record.model import ScoringSystem
from chesscore.record.trf import write

from .dutch import NoLegalPairing
from .dutch import pair_dutch
from .state import TournamentState
from .state import in_tenths
from .state import state_from_record

__all__ = ["GeneratorConfig", "RoundPairing", "generate", "generate_record"]


class RoundPairing(Protocol):
    """What the generator needs of an engine's round: boards (white, black) and the PAB."""

    @property
    def boards(self) -> tuple[tuple[int, int], ...]: ...

    @property
    def bye(self) -> int | None: ...


Pairer = Callable[[TournamentState], RoundPairing]
"""An engine over the state of the round to pair (the Dutch one by default)."""


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """Settings of a generated tournament (bbpPairings RTG keys)."""

    players: int = 30
    rounds: int = 9
    draw_percentage: int = 30
    forfeit_rate: int = 50
    retired_rate: int = 0
    half_point_bye_rate: int = 0
    highest_rating: int = 2600
    lowest_rating: int = 1400
    points_for_win: Fraction = Fraction(1)
    points_for_draw: Fraction = Fraction(1, 2)
    points_for_loss: Fraction = Fraction(0)
    points_for_zero_point_bye: Fraction = Fraction(0)
    points_for_forfeit_loss: Fraction = Fraction(0)
    points_for_pab: Fraction = Fraction(1)

    _KEYS = {
        "PlayersNumber": ("players", int),
        "RoundsNumber": ("rounds", int),
        "DrawPercentage": ("draw_percentage", int),
        "ForfeitRate": ("forfeit_rate", int),
        "RetiredRate": ("retired_rate", int),
        "HalfPointByeRate": ("half_point_bye_rate", int),
        "HighestRating": ("highest_rating", int),
        "LowestRating": ("lowest_rating", int),
        "PointsForWin": ("points_for_win", Fraction),
        "PointsForDraw": ("points_for_draw", Fraction),
        "PointsForLoss": ("points_for_loss", Fraction),
        "PointsForZPB": ("points_for_zero_point_bye", Fraction),
        "PointsForForfeitLoss": ("points_for_forfeit_loss", Fraction),
        "PointsForPAB": ("points_for_pab", Fraction),
    }

    @classmethod
    def parse(cls, text: str) -> GeneratorConfig:
        """Read ``Key=Value`` lines; unknown keys and bad values raise ``ValueError``, as do
        points the engines cannot pair with (not a multiple of 0.1), naming the key."""
        config = cls()
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            key, equals, value = line.partition("=")
            known = cls._KEYS.get(key.strip())
            if not equals or known is None:
                raise ValueError(f"line {number}: unknown setting {line!r}")
            name, kind = known
            try:
                parsed = kind(value.strip())
            except (ValueError, ZeroDivisionError) as error:
                raise ValueError(f"line {number}: bad value {value.strip()!r}") from error
            if isinstance(parsed, Fraction) and not in_tenths(parsed):
                raise ValueError(
                    f"line {number}: {key.strip()}={value.strip()}: the engines pair with "
                    "points in tenths (such as 0.5)"
                )
            config = replace(config, **{name: parsed})
        if config.players < 2 or config.rounds < 1:
            raise ValueError("at least two players and one round are needed")
        if config.lowest_rating > config.highest_rating:
            raise ValueError("LowestRating is above HighestRating")
        return config


def _scoring(config: GeneratorConfig) -> ScoringSystem:
    """The generated record's scoring: forfeit wins and full- and half-point byes score as
    the games do; forfeit losses, the PAB and zero-point byes have keys of their own."""
    games = ScoringSystem.from_game_points(
        config.points_for_win, config.points_for_draw, config.points_for_loss
    )
    return replace(
        games,
        forfeit_loss=config.points_for_forfeit_loss,
        pairing_allocated_bye=config.points_for_pab,
        zero_point_bye=config.points_for_zero_point_bye,
    )


def _white_expectation(white: int, black: int) -> float:
    """Expected score of the white player from the rating difference (normal model)."""
    return 0.5 * math.erfc(-(white - black) * 7 / math.sqrt(2) / 2000)


def generate_record(
    config: GeneratorConfig, seed: int, *, pair: Pairer = pair_dutch, system: str = ""
) -> Record:
    """Play a whole tournament paired by ``pair``; stops early (and says so) if no legal
    pairing exists.  ``system`` is the record's system key (`Record.system`), which the
    file's 192 code names."""
    rng = random.Random(seed)
    ratings = sorted(
        (rng.randint(config.lowest_rating, config.highest_rating) for _ in range(config.players)),
        reverse=True,
    )
    rounds: list[list[RoundEntry]] = [[] for _ in ratings]
    retired: set[int] = set()
    initial = Colour.WHITE if rng.random() < 0.5 else Colour.BLACK
    scoring = _scoring(config)
    extra = [f"### rookery-pairings random tournament, seed {seed}"]

    def record() -> Record:
        players = tuple(
            Player(
                rank=i + 1,
                name=f"Player {i + 1:04d}",
                rating=rating,
                points=sum((scoring.points(e.result) for e in rounds[i]), Fraction(0)),
                rounds=tuple(rounds[i]),
            )
            for i, rating in enumerate(ratings)
        )
        return Record(
            players=players,
            event=Event(name=f"Random tournament {seed}"),
            system=system,
            planned_rounds=config.rounds,
            initial_colour=initial,
            scoring=scoring,
            extra_lines=tuple(extra),
        )

    for number in range(1, config.rounds + 1):
        for i in range(len(ratings)):
            if (
                i not in retired
                and config.retired_rate
                and rng.randrange(config.retired_rate * config.rounds) == 0
            ):
                retired.add(i)
        absent = set(retired)
        for i in range(len(ratings)):
            if i in retired:
                rounds[i].append(RoundEntry(None, Colour.NONE, ResultCode.ZERO_POINT_BYE))
            elif config.half_point_bye_rate and rng.randrange(config.half_point_bye_rate) == 0:
                absent.add(i)
                rounds[i].append(RoundEntry(None, Colour.NONE, ResultCode.HALF_POINT_BYE))
        present = frozenset(i + 1 for i in range(len(ratings)) if i not in absent)
        state = state_from_record(record(), number, present=present)
        try:
            pairing = pair(state)
        except NoLegalPairing:
            extra.append(f"### generation stopped before round {number}: no legal pairing")
            for i in range(len(ratings)):
                if i not in absent:
                    rounds[i].append(RoundEntry())
            break
        if pairing.bye is not None:
            rounds[pairing.bye - 1].append(
                RoundEntry(None, Colour.NONE, ResultCode.PAIRING_ALLOCATED_BYE)
            )
        for white, black in pairing.boards:
            w, b = white - 1, black - 1
            if config.forfeit_rate and rng.randrange(config.forfeit_rate) == 0:
                white_wins = rng.random() < 0.5
                w_code = ResultCode.FORFEIT_WIN if white_wins else ResultCode.FORFEIT_LOSS
            else:
                expectation = _white_expectation(ratings[w], ratings[b])
                draw = min(config.draw_percentage / 100, 2 * min(expectation, 1 - expectation))
                roll = rng.random()
                if roll < draw:
                    w_code = ResultCode.DRAW
                elif roll < draw + (expectation - draw / 2):
                    w_code = ResultCode.WIN
                else:
                    w_code = ResultCode.LOSS
            rounds[w].append(RoundEntry(black, Colour.WHITE, w_code))
            rounds[b].append(RoundEntry(white, Colour.BLACK, w_code.counterpart))
    return record()


def generate(
    config: GeneratorConfig, seed: int | None = None, *, pair: Pairer = pair_dutch, system: str = ""
) -> str:
    """The generated tournament as TRF16 text (with ``XXR``/``XXC``), seed included."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    return write(generate_record(config, seed, pair=pair, system=system), "trf16")
