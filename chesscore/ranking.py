"""Initial ranking and starting ranks (TPN) of a section: FIDE C.04.2 (2026) Art. 2.

Pure Python (standard library only, no Django). Works on anything with ``title``,
``last_name`` and ``first_name`` attributes: ``chesscore.roster.RosterRow`` before an
import, ``tournaments.models.Player`` after it. The rating to rank by is a function, so the
caller chooses it; ``SEEDING_RATINGS`` maps each ``Section.seeding_rating`` value to one.

Public API::

    order = initial_order(players, rating_key=SEEDING_RATINGS[section.seeding_rating])
    ranked = starting_ranks(players, rating_key=...)      # [(1, best), (2, next), ...]
    entry = late_entry(current, newcomer, rating_key=...) # where a late entrant goes, and
                                                          # which starting ranks move

Late entries (Art. 2.3-2.5). A participant first paired in some round after the first is a
late entry: 0 points for the rounds missed, unless the rules say otherwise, and "a suitable
TPN". Here that is the place the initial order gives them: everyone ranked below moves down
by one. Art. 2.5 makes every TPN provisional while late entries are possible; the numbers are
final when registration closes, and crosstables are then rewritten with them. Art. 2.3 forbids
re-assigning TPNs after round 4 has been paired to *correct* ranking data; that freeze is read
(M. Held's annotations) as not applying to a late entry, which still gets its place. Events
whose rules prefer not to renumber can give the newcomer the next free number instead
(``late_entry(..., keep_numbers=True)``).
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic
from typing import Protocol
from typing import TypeVar

from chesscore.record.names import name_collation_key

__all__ = [
    "SEEDING_RATINGS",
    "TITLE_ORDER",
    "LateEntry",
    "Rankable",
    "Rated",
    "initial_order",
    "late_entry",
    "name_key",
    "ranking_key",
    "starting_ranks",
    "title_rank",
]

TITLE_ORDER: tuple[str, ...] = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""C.04.2 Art. 2.2: the FIDE titles from the one that ranks first; no title ranks last."""


class Rankable(Protocol):
    @property
    def title(self) -> str: ...

    @property
    def last_name(self) -> str: ...

    @property
    def first_name(self) -> str: ...


class Rated(Protocol):
    @property
    def fide_rating(self) -> int | None: ...

    @property
    def national_rating(self) -> int | None: ...


R = TypeVar("R", bound=Rankable)


def _fide(player: Rated) -> int | None:
    return player.fide_rating


def _national(player: Rated) -> int | None:
    return player.national_rating


def _highest(player: Rated) -> int | None:
    ratings = [r for r in (player.fide_rating, player.national_rating) if r]
    return max(ratings) if ratings else None


SEEDING_RATINGS: dict[str, Callable[[Rated], int | None]] = {
    "fide": _fide,
    "national": _national,
    "highest": _highest,
}
"""``Section.seeding_rating`` value -> the rating it ranks by (C.04.2 Art. 2.1)."""


def title_rank(title: str) -> int:
    """0 for GM, 1 for IM, ... 7 for WCM, 8 for no title or one FIDE does not list (Art. 2.2).

    >>> title_rank("WGM"), title_rank("fm"), title_rank(""), title_rank("NM")
    (2, 3, 8, 8)
    """
    try:
        return TITLE_ORDER.index(title.strip().upper())
    except ValueError:
        return len(TITLE_ORDER)


def name_key(player: Rankable) -> tuple[str, str, str, str, str, str]:
    """Alphabetical order by last name, then first name, as the root collation sorts them
    (`name_collation_key`: case and accents aside, Ø with O, Đ with D, Þ after Z; the
    accents, then the exact spelling, break what is still tied).

    >>> from types import SimpleNamespace as P
    >>> names = [P(last_name="Ölund", first_name="B"), P(last_name="Olsen", first_name="A")]
    >>> [p.last_name for p in sorted(names, key=name_key)]
    ['Olsen', 'Ölund']
    """
    last, first = name_collation_key(player.last_name), name_collation_key(player.first_name)
    return (last[0], first[0], last[1], first[1], player.last_name, player.first_name)


def ranking_key(
    player: R, *, rating_key: Callable[[R], int | None]
) -> tuple[int, int, str, str, str, str, str, str]:
    """The sort key of C.04.2 Art. 2.2: rating high to low, then title, then name.

    No rating (``None`` or 0) ranks below every rating; Art. 2.1 leaves estimating one to the
    Chief Arbiter, who can enter it before ranking. Names compare by last name, then first
    name, in alphabetical order (`name_key`).
    """
    rating = rating_key(player) or 0
    return (-rating, title_rank(player.title), *name_key(player))


def initial_order(players: Iterable[R], *, rating_key: Callable[[R], int | None]) -> list[R]:
    """The players in their initial ranking order (C.04.2 Art. 2.2); the first is TPN 1.

    Rating from high to low; equal ratings by FIDE title (GM, IM, WGM, FM, WIM, CM, WFM,
    WCM, then none); then alphabetically by name. Players equal on all of these (same name
    and rating) keep the order they were given in. O(n log n).

    >>> from types import SimpleNamespace as P
    >>> field = [P(title="", last_name="Bauer", first_name="Ann", rating=2400),
    ...          P(title="IM", last_name="Zeller", first_name="Eva", rating=2400),
    ...          P(title="", last_name="Adler", first_name="Max", rating=2400),
    ...          P(title="GM", last_name="Roth", first_name="Uli", rating=2500)]
    >>> [p.last_name for p in initial_order(field, rating_key=lambda p: p.rating)]
    ['Roth', 'Zeller', 'Adler', 'Bauer']
    """
    return sorted(players, key=lambda p: ranking_key(p, rating_key=rating_key))


def starting_ranks(
    players: Iterable[R], *, rating_key: Callable[[R], int | None]
) -> list[tuple[int, R]]:
    """(starting rank, player) pairs, 1..n in the initial order (the TPN of Art. 2.3)."""
    return list(enumerate(initial_order(players, rating_key=rating_key), start=1))


@dataclass(frozen=True, slots=True)
class LateEntry(Generic[R]):
    """Where a late entrant goes (C.04.2 Art. 2.4) and what that does to the other numbers.

    ``rank`` is the newcomer's TPN; ``order`` is the whole section in TPN order (index + 1 is
    the TPN); ``renumbered`` lists (old TPN, new TPN) for every existing player whose number
    changes, in TPN order. A service applies ``renumbered`` and then stores the newcomer.
    """

    rank: int
    order: tuple[R, ...]
    renumbered: tuple[tuple[int, int], ...]


def late_entry(
    current: Sequence[R],
    newcomer: R,
    *,
    rating_key: Callable[[R], int | None],
    keep_numbers: bool = False,
) -> LateEntry[R]:
    """Give a late entrant a TPN (C.04.2 Art. 2.3-2.5); ``current`` is in TPN order.

    The newcomer goes just before the first player they outrank by the initial-order key
    (Art. 2.2), and everyone from there down moves one number on. The current players keep
    their relative order even when it no longer follows the key (ratings updated after the
    start do not reorder, Art. 2.1), and a player tied with the newcomer on every key stays
    ahead. With ``keep_numbers`` the newcomer takes the next free number and nobody moves.
    O(n).

    >>> from types import SimpleNamespace as P
    >>> field = [P(title="", last_name=n, first_name="", rating=r)
    ...          for n, r in [("A", 2300), ("B", 2200), ("C", 2100)]]
    >>> new = P(title="", last_name="N", first_name="", rating=2250)
    >>> entry = late_entry(field, new, rating_key=lambda p: p.rating)
    >>> entry.rank, [p.last_name for p in entry.order], entry.renumbered
    (2, ['A', 'N', 'B', 'C'], ((2, 3), (3, 4)))
    """
    position = len(current)
    if not keep_numbers:
        key = ranking_key(newcomer, rating_key=rating_key)
        position = next(
            (
                index
                for index, player in enumerate(current)
                if key < ranking_key(player, rating_key=rating_key)
            ),
            len(current),
        )
    order = (*current[:position], newcomer, *current[position:])
    moved = tuple((rank, rank + 1) for rank in range(position + 1, len(current) + 1))
    return LateEntry(rank=position + 1, order=order, renumbered=moved)
