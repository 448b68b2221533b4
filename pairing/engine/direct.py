"""Certificates: positions whose Dutch pairing is known without any matching.

The weighted matchings of :mod:`.dutch` are exact but cost O(n) solves of O(n^2) each.
Some positions need none of it: a cheap sufficient condition proves what the full
procedure must return, and the pairing is written down directly.  Each certificate is a
function that returns the partners (by vertex of the sorted players, as
:func:`.brackets.pair_brackets` does) and the bracket notes, or ``None`` when its condition
does not hold; the full procedure then pairs the round exactly as before.  Colours, board
order and the explanations are not part of a certificate: :mod:`.dutch` derives them from
the partners the same way on both paths.

The differential tests pair generated rounds both ways and require identical results.
"""

from __future__ import annotations

from tournaments.record.model import Colour

from .brackets import BracketNote
from .state import PlayerState, TournamentState
from .weights import SoftCriterion

__all__ = ["round_one_pairing"]


def round_one_pairing(
    state: TournamentState,
    players: list[PlayerState],
    scores: dict[int, int],
    soft: SoftCriterion | None,
) -> tuple[dict[int, int], list[BracketNote]] | None:
    """C.04.3 B and D.1 for a first round with one score group: S1[i] meets S2[i].

    ``players`` are the players to pair sorted by accelerated score then pairing number
    (the vertex order of the full procedure), ``scores`` their accelerated scores.

    The condition: no soft criterion; no round played (``state.played_rounds == 0``) and
    no player to pair with a game, a colour history or a played game on record; every
    player to pair on the same accelerated score; no forbidden pair (``XXP``, organiser
    groups) between two of them; with an odd number, the last player eligible for the
    pairing-allocated bye (C2).  Baku acceleration or virtual points that split the field
    into two score groups fail the second condition, so such rounds take the full path.

    Why the full procedure gives the same answer, with n players, S1 the first
    ``n // 2`` of them and S2 the rest:

    - C1, C3: with no earlier game and no forbidden pair inside the field every pair is
      compatible (C3 needs two absolute colour preferences, and nobody has a colour).
    - C2, C4: weight field 1 is ``1 + [higher not a PAB candidate] + [lower not one]``.
      With an even n every complete matching has the same sum of it.  With an odd n the
      bye score is the one score of the field, so "candidate" means "eligible": the
      first matching and every later one leave an eligible player unpaired, and the
      direct pairing does (the last player, checked).  So C4 holds and is no tie-break.
    - C5, C6: there is one bracket and every player is resident: every edge has the same
      "in the bracket" bits and the same score sub-field; the most pairs, ``n // 2``, are
      made, and the one player left over (odd n) is the bye, there being no next bracket.
    - C7, C8: no next score group, so those fields are empty on every edge.
    - C9: everybody has played no game, so the PAB assignee's rank among the unplayed
      counts is the same whoever it is; the field is equal on every edge.
    - C10-C13: nobody has a colour preference, so all four colour bits are set on every
      edge.
    - C14-C21: no round was played, so the float fields are not in the weight at all.
    - soft criterion: none (the certificate declines when one is given).

    Every complete matching that leaves an eligible player out therefore has the same
    weight, and only the bracket procedure's own nudges decide: no moved-down players
    (B.2, B.3); the fewest exchanges (D.2) are none, since S1 against S2 in order is a
    legal candidate that keeps every S1 player in S1; then each S1 player in turn meets
    the highest S2 player still possible (D.1), which is S2[i] for S1[i] because the
    direct pairing completes any such prefix.  With an odd n the last S2 player is left
    over and gets the bye.  The note is the one :mod:`.brackets` records: every player a
    resident, the pairs in S1 order, the bye player as the only floater, no exchanges.
    A single player gets the bye with no bracket note, as the bracket loop never starts.

    Cost O(n + forbidden pairs of the field).

    >>> from pairing.engine.state import PlayerState, TournamentState
    >>> field = [PlayerState(rank=r, order=r - 1, games=[], score=0) for r in (1, 2, 3, 4, 5)]
    >>> state = TournamentState(0, 5, 10, 5, 0, Colour.WHITE, {p.rank: p for p in field},
    ...     [1, 2, 3, 4, 5], {r: set() for r in (1, 2, 3, 4, 5)})
    >>> partner, notes = round_one_pairing(state, field, {r: 0 for r in (1, 2, 3, 4, 5)}, None)
    >>> notes[0].pairs, notes[0].floated_down
    (((1, 3), (2, 4)), (5,))
    """
    if soft is not None or state.played_rounds != 0 or not players:
        return None
    level = scores[players[0].rank]
    if any(scores[p.rank] != level or not _without_history(p) for p in players):
        return None
    ranks = {p.rank for p in players}
    if any(not state.forbidden.get(p.rank, set()).isdisjoint(ranks) for p in players):
        return None
    n = len(players)
    half = n // 2
    odd = n % 2 == 1
    if odd and not players[-1].bye_eligible:
        return None
    partner: dict[int, int] = {}
    for i in range(half):
        partner[i] = half + i
        partner[half + i] = i
    if n == 1:
        return partner, []
    note = BracketNote(
        score=level,
        residents=tuple(p.rank for p in players),
        moved_down=(),
        pairs=tuple((players[i].rank, players[half + i].rank) for i in range(half)),
        floated_down=(players[-1].rank,) if odd else (),
        exchanges=0,
    )
    return partner, [note]


def _without_history(player: PlayerState) -> bool:
    """No round on record, hence no colour preference, float or played game (A.4, A.6)."""
    return (
        not player.games
        and player.played_games == 0
        and player.colour_imbalance == 0
        and player.colour_preference is Colour.NONE
        and player.repeated_colour is Colour.NONE
        and not player.strong_preference
    )
