"""Rating-based tie-breaks for individuals (C.07 10) and the B.02 tables they use.

Only games played over the board count; every unplayed round, forfeits included even with
pre-determined pairings (15.2), is ignored, also in the game count.  Game results count
1 / ½ / 0 whatever the tournament's scoring system, as in the rating regulations.

Rounding (the regulation's numbers are whole ratings):

- ARO, APRO, APPO: the mean rounded to the nearest integer, .5 upwards (10.1, 10.4, 10.5);
- TPR: ARO (rounded) + dp(p), p = points / games rounded to 2 decimals, .005 upwards (10.2);
- PTP: the lowest whole rating whose expected score reaches the score (10.3).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from fractions import Fraction

__all__ = [
    "average_rating",
    "expected_hundredths",
    "perfect_performance",
    "performance_rating",
    "rating_difference",
    "round_half_up",
]

# B.02 8.1.1: dp for p = 0.50, 0.51, ..., 1.00; the table is odd around p = 0.50.
# fmt: off
_DP_UPPER = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
    158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
    351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
)
# fmt: on
# B.02 8.1.2: lower bounds of the rating-difference bands; the band i gives the higher
# rated player PD = 0.50 + i/100 and the lower rated one 0.50 - i/100.
# fmt: off
_PD_BANDS = (
    0, 4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146, 154,
    163, 171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345,
    358, 375, 392, 412, 433, 457, 485, 518, 560, 620, 736,
)
# fmt: on


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves upwards.

    >>> round_half_up(Fraction(7550, 4)), round_half_up(Fraction(-5, 2))
    (1888, -2)
    """
    return (value + Fraction(1, 2)).__floor__()


def rating_difference(points: Fraction, games: int) -> int:
    """dp of B.02 8.1.1 for a score of ``points`` in ``games`` games.

    p is rounded to two decimals first; p = 1 gives +800 and p = 0 gives -800.

    >>> rating_difference(Fraction(3, 2), 4), rating_difference(Fraction(2), 3)
    (-87, 125)
    """
    hundredths = round_half_up(points * 100 / games)
    if hundredths >= 50:
        return _DP_UPPER[hundredths - 50]
    return -_DP_UPPER[50 - hundredths]


def expected_hundredths(difference: int) -> int:
    """PD of B.02 8.1.2 in hundredths for ``difference`` = own rating - opponent's.

    No ±400 cap: C.07 10.3 uses the full scale.

    >>> expected_hundredths(412), expected_hundredths(-38)
    (93, 45)
    """
    band = bisect.bisect_right(_PD_BANDS, abs(difference)) - 1
    return 50 + band if difference >= 0 else 50 - band


def average_rating(ratings: Sequence[int]) -> int | None:
    """Mean of ``ratings`` rounded .5 up (ARO, 10.1); ``None`` without any."""
    if not ratings:
        return None
    return round_half_up(Fraction(sum(ratings), len(ratings)))


def performance_rating(ratings: Sequence[int], points: Fraction) -> int | None:
    """TPR (10.2): ARO + dp(p); ``None`` without games.

    >>> performance_rating([1750, 1900, 2200, 1450, 2100], Fraction(4))
    2120
    """
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + rating_difference(points, len(ratings))


def perfect_performance(ratings: Sequence[int], points: Fraction) -> int | None:
    """PTP (10.3): the lowest whole R with sum of PD(R - Ri) >= ``points``.

    A zero score gives the lowest opponent rating - 800.  ``None`` without games.
    Binary search over [min - 800, max + 736], where the expected score goes from 0 to
    the number of games: O(n log R).

    >>> perfect_performance([1700, 1950, 1850, 2050, 2150], Fraction(7, 2))
    2112
    """
    if not ratings:
        return None
    if points == 0:
        return min(ratings) - 800
    target = points * 100
    low, high = min(ratings) - 800, max(ratings) + 736
    while low < high:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle - r) for r in ratings) >= target:
            high = middle
        else:
            low = middle + 1
    return low
