"""`chess_number`: scores and tie-break values as chess players write them.

Points and tie-breaks counted in points go through the formatter every page writes a
score with (`chesscore.record.scores.score_text`): a half is ``½`` and a quarter ``¼`` or
``¾`` (``2½``, ``½``, a Sonneborn-Berger ``10¼``), so a tie-break never reads ``22.25``
beside a score of ``24½``. Other values (eighths, averages, performance ratings) keep the
usual decimals, at most two and without trailing zeros (``13.38``, ``1850.5``). Pass
``False`` to print halves and quarters as decimals too: averages and ratings are not
points. Downloads and the API keep the plain numbers; this is for pages only.

    {{ line.points|chess_number }}            → 2½
    {{ value|chess_number:halves }}           → 10¼, or 1850.5 for a rating
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django import template

from chesscore.record.scores import score_text
from chesscore.tiebreaks import Value
from chesscore.tiebreaks.report import format_value

register = template.Library()

Number = Value | Decimal | float | str


@register.filter
def chess_number(value: Number, halves: bool = True) -> str:
    """``2½`` for 2.5 (``½`` for 0.5, ``10¼`` for 10.25) when `halves` (`score_text`),
    else as `format_value` prints it; ``-`` for no value, ``a/b`` for a value with several
    parts, text it cannot read as is; a blank ("") stays blank: a value that means
    nothing there, such as a direct encounter of a player tied with no one."""
    if value == "":
        return ""
    if value is None:
        return "-"
    if isinstance(value, tuple):
        return "/".join(chess_number(part, halves) for part in value)
    if isinstance(value, bool):
        return str(value)
    try:
        number = Fraction(str(value)) if isinstance(value, (float, str)) else Fraction(value)
    except (ValueError, ZeroDivisionError):
        return str(value)
    if number < 0:
        return "-" + chess_number(-number, halves)
    if halves and 4 % number.denominator == 0:
        return score_text(number)
    return format_value(number)
