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
    """C.04.3 B and D.1 for a first round: in each score group S1[i] meets S2[i].

    ``players`` are the players to pair sorted by accelerated score then pairing number
    (the vertex order of the full procedure), ``scores`` their accelerated scores.  The
    score groups are those of acceleration (C.04.7 Baku, ``XXA``/250 virtual points); with
    none there is one.  The direct pairing, group by group from the top: a player moved
    down from the group above meets the first resident; the other residents (the
    remainder) are split into S1, the first half, and S2, and S1[i] meets S2[i]; an odd
    remainder's last player moves down to the next group, or from the lowest group gets
    the pairing-allocated bye.

    The condition: no soft criterion; no round played (``state.played_rounds == 0``) and
    no player to pair with a game, a colour or a played game on record; no forbidden pair
    (``XXP``, organiser groups) between two players to pair; with an odd number of
    players, the one the direct pairing leaves over eligible for the bye (C2).

    Why the full procedure gives the same answer.  With no earlier game, no colour and no
    forbidden pair every two players are compatible (C1, C3).  The bye score (odd field)
    is the lowest score: the first matching leaves out an eligible player of the lowest
    group, since the direct pairing does and lower score offsets weigh less.  Then, for
    every bracket, among the complete matchings that leave out a PAB candidate:

    - C2, C4: weight field 1 is ``1 + [higher not a candidate] + [lower not one]`` with
      "candidate" = eligible on the bye score; its sum is the same for every complete
      matching that leaves out a candidate, and the direct one does.
    - C5: at most one player was moved down into the bracket, and the most pairs inside it
      are made by pairing everyone but one when the bracket is odd.
    - C6: the scores of the paired players: pairing the moved-down player (higher score,
      its own sub-field above the group's) beats leaving it over, so a resident floats;
      residents all have the group's score, so which one makes no difference here.
    - C7, C8: pairs with the next group and their scores: one floater at most, of the
      group's score, and the next group complete but for it; the same for every choice.
    - C9: only the lowest bracket has the single downfloater as the bye assignee, and
      there everybody has played no game: the same rank, the same field on every edge.
    - C10-C13: nobody has a colour preference: all four colour bits on every edge.
    - C14-C21: no round was played, so the float fields are not in the weight at all.
    - soft criterion: none (the certificate declines when one is given).

    So the quality fields tie, and only the procedure's nudges decide: the moved-down
    player is paired (B.2) with the highest resident possible (B.3), the first, since the
    remainder can always be completed; no exchange is needed (D.2), S1 against S2 in order
    keeping every S1 player in S1; each S1 player in turn meets the highest S2 player
    still possible (D.1), S2[i] for S1[i]; the last S2 player is left over.  The notes are
    those :mod:`.brackets` records: residents in order, the moved-down player, the pairs
    by the first player's vertex, the floater, no exchanges.  The bracket loop stops when
    one player is left and no group follows, so a lowest group of a single player with
    nobody moved down (and a field of one) gets the bye without a note.

    Cost O(n + forbidden pairs of the field).

    >>> from pairing.engine.state import PlayerState, TournamentState
    >>> field = [PlayerState(rank=r, order=r - 1, games=[], score=0) for r in (1, 2, 3, 4, 5)]
    >>> state = TournamentState(0, 5, 10, 5, 0, Colour.WHITE, {p.rank: p for p in field},
    ...     [1, 2, 3, 4, 5], {r: set() for r in (1, 2, 3, 4, 5)})
    >>> partner, notes = round_one_pairing(state, field, {r: 0 for r in (1, 2, 3, 4, 5)}, None)
    >>> notes[0].pairs, notes[0].floated_down
    (((1, 3), (2, 4)), (5,))
    >>> scores = {1: 10, 2: 10, 3: 10, 4: 0, 5: 0}
    >>> partner, notes = round_one_pairing(state, field, scores, None)
    >>> [(note.moved_down, note.pairs, note.floated_down) for note in notes]
    [((), ((1, 2),), (3,)), ((3,), ((3, 4),), (5,))]
    """
    if soft is not None or state.played_rounds != 0 or not players:
        return None
    if not all(_without_history(p) for p in players):
        return None
    ranks = {p.rank for p in players}
    if any(not state.forbidden.get(p.rank, set()).isdisjoint(ranks) for p in players):
        return None
    n = len(players)
    partner: dict[int, int] = {}
    notes: list[BracketNote] = []
    moved: int | None = None
    begin = 0
    while begin < n:
        end = begin + 1
        while end < n and scores[players[end].rank] == scores[players[begin].rank]:
            end += 1
        if moved is None and end - begin == 1 and end == n:
            moved = begin
            break
        pairs: list[tuple[int, int]] = []
        remainder = list(range(begin, end))
        if moved is not None:
            pairs.append((moved, begin))
            remainder = remainder[1:]
        half = len(remainder) // 2
        pairs.extend((remainder[i], remainder[half + i]) for i in range(half))
        for v, m in pairs:
            partner[v] = m
            partner[m] = v
        notes.append(
            BracketNote(
                score=scores[players[begin].rank],
                residents=tuple(p.rank for p in players[begin:end]),
                moved_down=() if moved is None else (players[moved].rank,),
                pairs=tuple((players[v].rank, players[m].rank) for v, m in pairs),
                floated_down=(players[remainder[-1]].rank,) if len(remainder) % 2 else (),
                exchanges=0,
            )
        )
        moved = remainder[-1] if len(remainder) % 2 else None
        begin = end
    if moved is not None and not players[moved].bye_eligible:
        return None
    return partner, notes


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
