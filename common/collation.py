"""Names in the order of the reader's alphabet, in the database.

PostgreSQL sorts names with the root collation of ICU (``und-x-icu``, there whenever
PostgreSQL is built with ICU): Unicode's default order, the one a reader of any Latin
alphabet expects before their own language's exceptions, where Ó and Ø sort with O, Ł with
L, Ş with S, Đ with D, and Þ after Z. The database's own collation (often ``C``) would put
every accented capital after Z.

SQLite has no ICU: `sqlite_collation_add` gives each SQLite connection a collation of the
same name that sorts by `chesscore.record.names.name_collation_key`, the same order near
enough.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import F
from django.db.models.functions import Collate

from chesscore.record.names import name_collation_key

__all__ = ["NAME_COLLATION", "by_name", "sqlite_collation_add"]

NAME_COLLATION = "und-x-icu"


def by_name(*fields: str) -> list[Collate]:
    """`fields` (names of text columns) to order a query by, as the reader's alphabet
    sorts them: ``players.order_by(*by_name("last_name", "first_name"))``."""
    return [Collate(F(field), NAME_COLLATION) for field in fields]


def _sqlite_compare(one: str, other: str) -> int:
    first, second = name_collation_key(one), name_collation_key(other)
    return (first > second) - (first < second)


def sqlite_collation_add(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    """On a new SQLite connection, the collation `by_name` asks for (a handler of Django's
    ``connection_created`` signal); other databases have their own."""
    if connection.vendor == "sqlite":
        connection.connection.create_collation(NAME_COLLATION, _sqlite_compare)
