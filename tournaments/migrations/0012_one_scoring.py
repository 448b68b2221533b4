"""A section's points in one place: its point columns.

A TRF import whose points did not fit the one-decimal columns kept the whole scoring system
in ``trf_extra["scoring"]``, which the standings and the export preferred to the columns the
section's form edits. The columns now hold six decimals: the kept values move into them and
the key goes. (Values with no end in six decimals, which only a backup could bring, are
rounded to six; a kept system the columns refuse, a draw above a win, say, is dropped for
the columns' values.)

Going back, points that one decimal place cannot hold go back to ``trf_extra["scoring"]``,
and the columns take C.02's values.
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from typing import Any

from django.db import migrations

# The columns, by the scoring system's names, with C.02's values.
COLUMNS = {
    "win": ("points_win", Fraction(1)),
    "draw": ("points_draw", Fraction(1, 2)),
    "loss": ("points_loss", Fraction(0)),
    "forfeit_win": ("points_forfeit_win", Fraction(1)),
    "forfeit_loss": ("points_forfeit_loss", Fraction(0)),
    "pairing_allocated_bye": ("points_pab", Fraction(1)),
    "half_point_bye": ("points_half_bye", Fraction(1, 2)),
    "full_point_bye": ("points_full_bye", Fraction(1)),
    "zero_point_bye": ("points_zero_bye", Fraction(0)),
}
SIX_PLACES = Decimal("0.000001")
LIMIT = Decimal(100_000)


def _decimal(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(SIX_PLACES, rounding=ROUND_HALF_EVEN)


def _kept_scoring(kept: Any) -> dict[str, Decimal] | None:
    """The columns' values for a kept scoring system, or None when they cannot hold it."""
    if not isinstance(kept, dict):
        return None
    try:
        values = {
            column: _decimal(Fraction(str(kept.get(name, default))))
            for name, (column, default) in COLUMNS.items()
        }
    except (ValueError, ArithmeticError):
        return None
    if any(abs(v) >= LIMIT for v in values.values()):
        return None
    if not values["points_win"] >= values["points_draw"] >= values["points_loss"]:
        return None
    return values


def forward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.filter(trf_extra__has_key="scoring").iterator():
        extra = dict(section.trf_extra)
        for column, value in (_kept_scoring(extra.pop("scoring")) or {}).items():
            setattr(section, column, value)
        section.trf_extra = extra
        section.save()


def backward(apps: Any, schema_editor: Any) -> None:
    Section = apps.get_model("tournaments", "Section")
    for section in Section.objects.iterator():
        values = {name: Fraction(getattr(section, column)) for name, (column, _) in COLUMNS.items()}
        if all((v * 10).denominator == 1 and abs(v) < 1000 for v in values.values()):
            continue
        section.trf_extra = {
            **(section.trf_extra or {}),
            "scoring": {name: str(value) for name, value in values.items()},
        }
        for column, default in COLUMNS.values():
            setattr(section, column, Decimal(default.numerator) / default.denominator)
        section.save()


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0011_points_exact")]

    operations = [migrations.RunPython(forward, backward)]
