"""The JSON form of record values, as the database keeps them in its JSON fields.

What a record holds that has no column of its own (a section's ``trf_extra``: the TRF
header of an imported file, its scoring system, extension lines, teams that do not fit a
row, ...) is stored with `encode` and read back with `decode`; the two are each other's
inverse, ``decode(T, encode(v)) == v`` for every value `v` of type `T`.

The format:

- ``None``, booleans, integers and strings are themselves;
- a ``Fraction`` is its string, ``"3/2"`` or ``"1"``;
- a ``datetime.date`` is its ISO form, ``"2024-05-01"``;
- an enum member is its value (``"="`` for `ResultCode.DRAW`);
- a tuple (or list) is a JSON list of its items;
- a dataclass is an object of its ``init`` fields by name.

JSON keeps no types, so `decode` takes the type to rebuild, a type annotation such as
``tuple[ForbiddenPairing, ...]`` or ``Fraction | None``; fields an object lacks take their
defaults, and keys that are no ``init`` field are ignored.

    >>> from fractions import Fraction
    >>> from chesscore.record.model import ForbiddenPairing
    >>> stored = encode((ForbiddenPairing((3, 1), 2),))
    >>> stored
    [{'ranks': [3, 1], 'first_round': 2, 'last_round': None}]
    >>> decode(tuple[ForbiddenPairing, ...], stored)
    (ForbiddenPairing(ranks=(3, 1), first_round=2, last_round=None),)
    >>> encode(Fraction(3, 2)), decode(Fraction | None, "3/2"), decode(Fraction | None, None)
    ('3/2', Fraction(3, 2), None)
"""

from __future__ import annotations

import datetime
import enum
import types
from dataclasses import fields
from dataclasses import is_dataclass
from fractions import Fraction
from typing import Any
from typing import Union
from typing import get_args
from typing import get_origin
from typing import get_type_hints

__all__ = ["decode", "encode"]


def encode(value: Any) -> Any:
    """The JSON form of a record value (see the module docstring); `decode` reads it back.

    Raises `TypeError` for a value that has no JSON form here (a float, a set, ...).
    """
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [encode(item) for item in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in fields(value) if f.init}
    raise TypeError(f"cannot keep {type(value).__name__} in trf_extra")


def decode(hint: Any, data: Any) -> Any:
    """Rebuild a record value of type `hint` from its JSON form: the inverse of `encode`.

    `hint` is a type or a type annotation: ``X | None`` (``None`` stays ``None``),
    ``tuple[X, ...]``, ``Fraction``, ``datetime.date``, an enum, a dataclass (its fields
    decoded by their own annotations); any other type takes the JSON value as it is.
    """
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        if data is None:
            return None
        (inner,) = (arg for arg in get_args(hint) if arg is not type(None))
        return decode(inner, data)
    if origin is tuple:
        return tuple(decode(get_args(hint)[0], item) for item in data)
    if hint is Fraction:
        return Fraction(data)
    if hint is datetime.date:
        return datetime.date.fromisoformat(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(data)
    if isinstance(hint, type) and is_dataclass(hint):
        hints = get_type_hints(hint)
        init = {f.name for f in fields(hint) if f.init}
        return hint(**{k: decode(hints[k], v) for k, v in data.items() if k in init})
    return data
