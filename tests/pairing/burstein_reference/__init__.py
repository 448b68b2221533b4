"""A brute-force reading of the FIDE Burstein system (C.04.4.2, 2026), to hold an engine to.

Written from the regulation text alone (our digest in the shared reference folder, with
C.04.3 1.7 for colour preferences, C.04.1 for the PAB and C.04.7 for acceleration), and
sharing no code with ``chesscore/pairing``: it reads the record itself (`field`), computes
the Index itself (`index`), and pairs by exhaustion (`rounds`):

- the PAB (3.1) by asking, of every eligible player, whether all the others can then be
  paired, by a backtracking search;
- each bracket (3.2) by walking Article 4's order of candidates in full, discarding those
  that break C1–C4, and keeping the first of the best on C5–C8; C7 looks at the following
  bracket by trying every set of its players as its floaters;
- colours by 5.2.

Only post-seeding rounds (round > min(⌊rounds/2⌋, 4)): a seeding round raises
`NotPostSeeding`.

Readings where the text leaves a choice (an engine that reads otherwise will differ):

- scoregroups, the PAB's "lowest score" (3.1.3) and C6 use the pairing score, virtual
  points included (C.04.7 1.5); the Index uses real scores only (1.7.2);
- a past round with no entry is scored as a zero-point bye, and counts in 1.7.2's streak,
  which is the latest past rounds whether or not the player is back for this round;
- "games played" (3.1.4) are games played over the board; a forfeited pairing is no
  meeting for C1 (GHR 3.5); forbidden pairs (XXP, TRF26 260) are kept like C1;
- C7 compares what the following bracket can reach on C5 and C6 (fewest floaters, then
  their lowest scores) with C4 holding below it, and looks no further;
- 5.2.4 lines the two histories up from their latest played games (GHR 3.4);
- the TPN is the place in the starting order (rank, or file position under ``XXC
  rank``) among the players to pair now and those paired before: a late entrant who
  has not arrived moves no one's number (GHR 2.4); the initial colour is White when
  the record does not give it;
- Baku (the record's acceleration): group A is the first ⌈N/2⌉ of the N listed players,
  late entrants included (the text says 2·⌈N/4⌉ of round 1's players, its last member
  kept; the project follows bbpPairings, see `field`); the organiser's XXA or 250
  lines, when present, replace it.

Limits: the work grows factorially with the bracket and exponentially with the field.
A bracket of n players with f floaters has n! / (2^p · p! · f!) candidates (p pairs):
945 for ten players and no floater, 10,395 for twelve, 135,135 for fourteen, each
checked for C4 and scored.  Measured on the Burstein corpus: fields of up to 24 players
take well under a second each; of 25 to 40, from a second to a few tens of seconds;
some of 40 and more, minutes.  Use it on small fields.

Example::

    >>> from chesscore.record.trf import read
    >>> boards, bye = reference_pairing(read(text))  # doctest: +SKIP
    >>> boards[0], bye  # doctest: +SKIP
    ((4, 2), 9)
"""

from __future__ import annotations

from chesscore.record.model import Record

from .field import NotPostSeeding
from .field import field_from_record
from .rounds import NoPairing
from .rounds import pair_field

__all__ = ["NoPairing", "NotPostSeeding", "reference_pairing"]


def reference_pairing(record: Record) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """The next round of ``record`` by C.04.4.2: boards as (white, black), and the PAB.

    Raises `NoPairing` when no complete round-pairing exists (1.9.3), `NotPostSeeding`
    for a seeding round and ``ValueError`` when the record lacks the planned rounds.
    """
    pairing = pair_field(field_from_record(record))
    return pairing.boards, pairing.bye
