"""A brute-force reading of the FIDE Burstein system (C.04.4.2, 2026), to hold an engine to.

Written from the regulation text alone (our digest in the shared reference folder, with
C.04.3 1.7 for colour preferences, C.04.1 for the PAB and C.04.7 for acceleration), and
sharing no code with ``pairing/engine``: it reads the record itself (`field`), computes
the Index itself (`index`), and pairs by exhaustion (`rounds`):

- the PAB (3.1) by asking, of every eligible player, whether all the others can then be
  paired, by a backtracking search;
- each bracket (3.2) by walking Article 4's order of candidates in full, discarding those
  that break C1–C4, and keeping the first of the best on C5–C8; C7 looks at the following
  bracket by trying every set of its players as its floaters;
- colours by 5.2.

Only post-seeding rounds (round > min(⌊rounds/2⌋, 4)): a seeding round raises
`NotPostSeeding`.

Limits: the work grows factorially with the bracket and exponentially with the field.
A bracket of n players with f floaters has n! / (2^p · p! · f!) candidates (p pairs):
945 for ten players and no floater, 10,395 for twelve, 135,135 for fourteen, each
checked for C4 and scored.  Measured on the Burstein corpus: fields of up to 24 players
take well under a second each; of 25 to 40, from a second to a few tens of seconds;
some of 40 and more, minutes.  Use it on small fields.

Example::

    >>> from tournaments.record.trf import read
    >>> boards, bye = reference_pairing(read(text))  # doctest: +SKIP
    >>> boards[0], bye  # doctest: +SKIP
    ((4, 2), 9)
"""

from __future__ import annotations

from tournaments.record.model import Record

from .field import NotPostSeeding, field_from_record
from .rounds import NoPairing, pair_field

__all__ = ["NoPairing", "NotPostSeeding", "reference_pairing"]


def reference_pairing(record: Record) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """The next round of ``record`` by C.04.4.2: boards as (white, black), and the PAB.

    Raises `NoPairing` when no complete round-pairing exists (1.9.3), `NotPostSeeding`
    for a seeding round and ``ValueError`` when the record lacks the planned rounds.
    """
    pairing = pair_field(field_from_record(record))
    return pairing.boards, pairing.bye
