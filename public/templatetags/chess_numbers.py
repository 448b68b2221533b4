"""`chess_number`: scores and tie-break values as chess players write them.

Points and tie-breaks counted in points show a half as ``½`` (``2½``, ``½``), the way every
page writes a score (`chesscore.record.scores.score_text`); values that are not whole or
half points (Sonneborn-Berger quarters, averages, performance ratings) keep the usual
decimals, at most two and without trailing zeros (``10.25``, ``1850.5``). Pass ``False`` to
print a half as a decimal too: averages and ratings are not points. Downloads and the API
keep the plain numbers; this is for pages only.

    {{ line.points|chess_number }}            → 2½
    {{ value|chess_number:halves }}           → 10.25, or 1850.5 for a rating
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
    """``2½`` for 2.5 (``½`` for 0.5) when `halves`, else as `format_value` prints it;
    ``-`` for no value, ``a/b`` for a value with several parts, text it cannot read as is."""
    if value is None or value == "":
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
    if halves and number.denominator == 2:
        return score_text(number)
    return format_value(number)
