"""Scores as text: the one formatter for points on pages, and the decimal form for downloads.

A score is an exact ``Fraction`` (or an ``int``). Pages write a half the way chess players
do, ``2½``; spreadsheets and other machine-read downloads get plain decimals, ``2.5``. A
score that is neither whole nor half (under a scoring system with 0.4 for a draw, say)
is a decimal in both: exact when it ends, else to two places.

    >>> from fractions import Fraction
    >>> score_text(Fraction(5, 2)), score_text(Fraction(1, 2)), score_text(0), score_text(3)
    ('2½', '½', '0', '3')
    >>> [score_decimal_text(v) for v in (Fraction(5, 2), 2, Fraction(1, 3))]
    ['2.5', '2', '0.33']
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

__all__ = ["score_decimal_text", "score_text"]

# The parts of a point written as chess players write them: halves, and the quarters a
# Sonneborn-Berger or a Koya count makes of drawn games against drawn scores.
_PARTS = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def score_text(value: Fraction | int) -> str:
    """A score as chess players write it: ``2½``, ``½``, ``0``, ``3``, ``22¼``.

    Whole points are integers, a half is ``½`` and a quarter ``¼`` or ``¾`` (alone below one
    point); a negative score has a leading ``-``. Anything else is `score_decimal_text`.
    Every page writes points, and tie-break values counted in points, with this one.

    >>> from fractions import Fraction
    >>> score_text(Fraction(3, 2)), score_text(Fraction(-1, 2)), score_text(Fraction(-4))
    ('1½', '-½', '-4')
    >>> score_text(Fraction(7, 5)), score_text(Fraction(9, 4)), score_text(Fraction(3, 4))
    ('1.4', '2¼', '¾')
    """
    score = Fraction(value)
    if score < 0:
        return "-" + score_text(-score)
    whole, rest = divmod(score, 1)
    if rest in _PARTS:
        return f"{whole or ''}{_PARTS[rest]}"
    if rest == 0:
        return str(whole)
    return score_decimal_text(score)


def score_decimal_text(value: Fraction | int) -> str:
    """A score for a spreadsheet: ``1.5``, ``2``, ``0.125``; ``0.33`` when it has no end.

    The exact decimal when there is one, else rounded to two places.

    >>> from fractions import Fraction
    >>> score_decimal_text(Fraction(1, 8)), score_decimal_text(Fraction(-3, 2))
    ('0.125', '-1.5')
    >>> score_decimal_text(Fraction(2, 3)), score_decimal_text(Fraction(100, 3))
    ('0.67', '33.33')
    """
    score = Fraction(value)
    decimal = Decimal(score.numerator) / Decimal(score.denominator)
    return str(decimal if decimal == score else round(decimal, 2))
