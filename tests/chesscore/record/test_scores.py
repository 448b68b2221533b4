"""The score formatter: halves as chess players write them, decimals for downloads."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from chesscore.record import scores
from chesscore.record.scores import score_decimal_text
from chesscore.record.scores import score_text


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(5, 2), "2½"),
        (Fraction(1, 2), "½"),
        (Fraction(0), "0"),
        (0, "0"),
        (3, "3"),
        (Fraction(3), "3"),
        (Fraction(21, 2), "10½"),
        (Fraction(-1, 2), "-½"),
        (Fraction(-3, 2), "-1½"),
        (-2, "-2"),
        (Fraction(7, 5), "1.4"),
        (Fraction(9, 4), "2¼"),
        (Fraction(3, 4), "¾"),
        (Fraction(-1, 4), "-¼"),
        (Fraction(1, 8), "0.125"),
        (Fraction(1, 3), "0.33"),
    ],
)
def test_score_text_writes_halves_as_chess_players_do(value: Fraction | int, shown: str) -> None:
    assert score_text(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (Fraction(3, 2), "1.5"),
        (Fraction(1, 2), "0.5"),
        (Fraction(4), "4"),
        (0, "0"),
        (Fraction(100), "100"),
        (Fraction(1, 8), "0.125"),
        (Fraction(1, 3), "0.33"),
        (Fraction(2, 3), "0.67"),
        (Fraction(-3, 2), "-1.5"),
    ],
)
def test_score_decimal_text_is_exact_or_two_places(value: Fraction | int, shown: str) -> None:
    assert score_decimal_text(value) == shown


def test_both_agree_on_whole_points() -> None:
    for points in range(-3, 12):
        assert score_text(points) == score_decimal_text(points) == str(points)


def test_docstring_examples_hold() -> None:
    assert doctest.testmod(scores).failed == 0
