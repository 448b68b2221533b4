"""Tie-break codes: the C.07 acronyms with their modifiers, as a value object.

Two spellings are read, case-insensitively:

- the Handbook's, modifiers joined with ``-``: ``BH-C1``, ``BH-M2``, ``SB-C1``, ``ARO-C1``,
  ``PS-C1``, ``KS-L+1``;
- TRF26's MTB26 descriptors (records 202/212), joined with ``/``: ``BH/C1``,
  ``BH:MP/C1/P``, ``EDET/P``, ``SSSC/K5``.

Modifiers (C.07 14 and MTB26):

=========  ===============================================================
``Cn``     Cut-n: drop the n least significant values (14.1, 14.2)
``Mn``     Median-n: drop the n least and the n most significant (14.3-4)
``L±x``    Koya limit moved by x points from 50 % (14.5), e.g. ``L+0.5``
``Kn``     SSSC divisor n instead of the computed one (13.4)
``P``      forfeits count as played games (6.1.1; MTB26 ``/P``)
``F``      computed on fore scores, last round drawn (8.3; ``AOB/F``)
``R``      reverse order (TPN descending, RTNG lowest first; 7.8, 10.6)
``Un``     rating n for unrated players (the published rule C.07 10 asks for)
``:MP``    team tie-break on match points; ``:GP`` on game points (C.07 13)
=========  ===============================================================

``str(code)`` is the Handbook spelling (``BH:GP-C1``); ``code.mtb26`` the TRF26 one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from chesscore.tiebreaks.section import Track

__all__ = ["MAX_CODE_LENGTH", "InvalidTieBreakCode", "TieBreakCode", "parse_code"]

# The longest code read: "BH:GP-C1-P" and the like have ten characters; a number of
# thousands of digits in a modifier would be beyond what Python converts from text.
MAX_CODE_LENGTH = 20

_ALIASES = {"GE": "REP", "SNO": "TPN", "MPVGP": "MPvGP", "PTS": "PTS", "RTG": "RTNG"}
_TOKEN = re.compile(
    r"(?P<score>:(?:MP|GP))|[/-](?:(?P<mod>[CM])(?P<n>\d+)"
    r"|L(?P<limit>[+-]?\d+(?:\.\d+)?)|K(?P<k>\d+)|U(?P<u>\d+)|(?P<flag>[PFR]))",
    re.IGNORECASE,
)
_ACRONYM = re.compile(r"[A-Za-z][A-Za-z_]*")


class InvalidTieBreakCode(ValueError):
    """A code that is not C.07 syntax, or a modifier its tie-break does not take."""

    def __init__(self, code: str, reason: str) -> None:
        shown = code if len(code) <= MAX_CODE_LENGTH else f"{code[:MAX_CODE_LENGTH]}…"
        super().__init__(f"{shown!r}: {reason}")
        self.code = shown
        self.reason = reason


@dataclass(frozen=True, slots=True)
class TieBreakCode:
    """A parsed tie-break code.

    >>> parse_code("bh/c1")
    TieBreakCode(acronym='BH', score=None, cut=1, median=0, limit=None, divisor=None, \
forfeits_played=False, fore=False, reverse=False, unrated_rating=None)
    >>> str(parse_code("BH:MP/C1/P")), parse_code("BH-M1").mtb26
    ('BH:MP-C1-P', 'BH/M1')
    """

    acronym: str
    score: Track | None = None
    cut: int = 0
    median: int = 0
    limit: Fraction | None = None
    divisor: int | None = None
    forfeits_played: bool = False
    fore: bool = False
    reverse: bool = False
    unrated_rating: int | None = None

    def _parts(self) -> list[str]:
        parts = []
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.limit is not None:
            sign = "+" if self.limit >= 0 else "-"
            parts.append(f"L{sign}{_plain(abs(self.limit))}")
        if self.divisor is not None:
            parts.append(f"K{self.divisor}")
        if self.unrated_rating is not None:
            parts.append(f"U{self.unrated_rating}")
        parts.extend(
            flag
            for flag, on in (("P", self.forfeits_played), ("F", self.fore), ("R", self.reverse))
            if on
        )
        return parts

    def _head(self) -> str:
        return self.acronym + (f":{self.score.value}" if self.score is not None else "")

    def __str__(self) -> str:
        return "-".join([self._head(), *self._parts()])

    @property
    def mtb26(self) -> str:
        """The TRF26 record 202/212 descriptor, e.g. ``BH/C1``."""
        return "/".join([self._head(), *self._parts()])


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}" if value.denominator in (2, 4, 5, 10) else str(value)


def parse_code(text: str) -> TieBreakCode:
    """Parse a Handbook or MTB26 tie-break code (acronym not checked here).

    Raises ``InvalidTieBreakCode`` for text that is not of that form, or longer than
    ``MAX_CODE_LENGTH`` characters.
    """
    stripped = text.strip()
    if len(stripped) > MAX_CODE_LENGTH:
        raise InvalidTieBreakCode(text, f"longer than {MAX_CODE_LENGTH} characters")
    head = _ACRONYM.match(stripped)
    if head is None:
        raise InvalidTieBreakCode(text, "no acronym")
    upper = head.group(0).upper()
    acronym = _ALIASES.get(upper, upper)
    score: Track | None = None
    numbers: dict[str, int] = {}
    limit: Fraction | None = None
    flags: set[str] = set()
    pos = head.end()
    while pos < len(stripped):
        m = _TOKEN.match(stripped, pos)
        if m is None:
            raise InvalidTieBreakCode(text, f"cannot read {stripped[pos:]!r}")
        pos = m.end()
        if m.group("score"):
            if score is not None:
                raise InvalidTieBreakCode(text, "score given twice")
            score = Track(m.group("score")[1:].upper())
            continue
        if m.group("limit") is not None:
            if limit is not None:
                raise InvalidTieBreakCode(text, "limit given twice")
            limit = Fraction(m.group("limit"))
            continue
        if m.group("flag"):
            flag = m.group("flag").upper()
            if flag in flags:
                raise InvalidTieBreakCode(text, f"{flag} given twice")
            flags.add(flag)
            continue
        if m.group("mod"):
            key, number = m.group("mod").upper(), m.group("n")
        else:
            key, number = ("K", m.group("k")) if m.group("k") is not None else ("U", m.group("u"))
        if key in numbers:
            raise InvalidTieBreakCode(text, f"{key} given twice")
        numbers[key] = int(number)
    if numbers.get("C") and numbers.get("M"):
        raise InvalidTieBreakCode(text, "Cut and Median cannot be combined")
    if numbers.get("K") == 0:
        raise InvalidTieBreakCode(text, "the SSSC divisor must be positive")
    return TieBreakCode(
        acronym,
        score=score,
        cut=numbers.get("C", 0),
        median=numbers.get("M", 0),
        limit=limit,
        divisor=numbers.get("K"),
        forfeits_played="P" in flags,
        fore="F" in flags,
        reverse="R" in flags,
        unrated_rating=numbers.get("U"),
    )
