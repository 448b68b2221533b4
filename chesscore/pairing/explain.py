"""Explanations of a Dutch pairing, bracket by bracket (C.04.3 B).

For each bracket: its residents and the players moved down into it (MDPs), the pairs it
made, who floated down and why, and for every pair that is not the first candidate of the
bracket order, the criterion that set that candidate aside.

The reasons are read off the state before the round, after the pairing: they never change
a pairing.  A criterion that holds between two players (C1, C3, C10-C13) is named for the
pair; when the first candidate was acceptable on its own, the choice was made by the
bracket as a whole (the quality criteria over all its pairs, C6-C21), and the explanation
says so rather than guessing.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice

from chesscore.record.model import Colour

from .brackets import BracketNote
from .state import PlayerState
from .state import TournamentState
from .weights import is_compatible

__all__ = ["bracket_reasons", "explain_bracket", "explain_lines"]


def _points(tenths: int) -> str:
    return f"{tenths // 10}.{tenths % 10}"


def explain_bracket(note: BracketNote, reasons: Sequence[str] = ()) -> list[str]:
    """Human-readable lines for one bracket.

    >>> note = BracketNote(score=20, residents=(3, 5, 8), moved_down=(1,),
    ...     pairs=((1, 5), (3, 8)), floated_down=(), exchanges=0)
    >>> explain_bracket(note)[0]
    'Bracket 2.0: residents 3 5 8; moved down 1'
    """
    head = f"Bracket {_points(note.score)}: residents {' '.join(map(str, note.residents))}"
    if note.moved_down:
        head += f"; moved down {' '.join(map(str, note.moved_down))}"
    lines = [head]
    if note.pairs:
        lines.append("  pairs: " + ", ".join(f"{a}-{b}" for a, b in note.pairs))
    if note.floated_down and not reasons:
        lines.append("  floated down: " + " ".join(map(str, note.floated_down)))
    if note.pairs and note.exchanges:
        lines.append(
            f"  {note.exchanges} exchange(s) between S1 and S2 (D.2: C10-C21 could not "
            "be met by transpositions alone)"
        )
    elif note.pairs:
        lines.append("  S1 and S2 as ranked; transpositions only (D.1)")
    lines.extend(f"  {reason}" for reason in reasons)
    return lines


def explain_lines(notes: Sequence[BracketNote], reasons: Sequence[Sequence[str]] = ()) -> list[str]:
    """All brackets of the round, top first; ``reasons`` from :func:`bracket_reasons`."""
    lines: list[str] = []
    for index, note in enumerate(notes):
        lines.extend(explain_bracket(note, reasons[index] if index < len(reasons) else ()))
    return lines


def bracket_reasons(
    state: TournamentState, notes: Sequence[BracketNote], bye: int | None = None
) -> tuple[tuple[str, ...], ...]:
    """For each bracket: why each floater floated (or got the pairing-allocated bye,
    ``bye``), and what set aside the first candidate of every higher player who did not
    get it."""
    forbidden = state.forbidden_or_met()
    scores = {r: state.accelerated_score(p) for r, p in state.players.items()}

    def position(rank: int) -> tuple[int, int]:
        return (-scores[rank], state.players[rank].order)

    result = []
    for note in notes:
        members = sorted({*note.moved_down, *note.residents}, key=position)
        lines: list[str] = []
        for rank in note.floated_down:
            if rank == bye:
                lines.append(
                    f"{rank} gets the pairing-allocated bye: eligible (C2), on the lowest "
                    "score that leaves the rest pairable (C4, C5), with the fewest unplayed "
                    "rounds (C9), then last in the bracket order"
                )
                continue
            lines.append(_float_reason(state, forbidden, rank, members, len(note.floated_down)))
        highers = []
        lowers = []
        for a, b in note.pairs:
            high, low = (a, b) if position(a) < position(b) else (b, a)
            highers.append(high)
            lowers.append(low)
        # The first candidate of a higher player: the next lower player of the bracket
        # order still free, among those the bracket paired (floaters are explained above).
        lowered = set(lowers)
        candidates = [r for r in members if r in lowered]
        taken: set[int] = set()
        start = 0
        for high, low in sorted(zip(highers, lowers, strict=True), key=lambda p: position(p[0])):
            while start < len(candidates) and candidates[start] in taken:
                start += 1
            first = next(
                (
                    r
                    for r in islice(candidates, start, None)
                    if r not in taken and position(r) > position(high)
                ),
                None,
            )
            taken.add(low)
            if first is None or first == low:
                continue
            why = _pair_reason(state, forbidden, high, first)
            lines.append(f"{high} meets {low}, not {first} (the first in order): {why}")
        result.append(tuple(lines))
    return tuple(result)


def _float_reason(
    state: TournamentState,
    forbidden: dict[int, set[int]],
    rank: int,
    members: list[int],
    floaters: int,
) -> str:
    player = state.players[rank]
    others = [state.players[r] for r in members if r != rank]
    if not any(is_compatible(state, player, other, forbidden) for other in others):
        return (
            f"{rank} floats down: no legal opponent in the bracket "
            "(C1 earlier games and forbidden pairs, C3 absolute colours)"
        )
    if floaters == 1 and len(members) % 2 == 1:
        return (
            f"{rank} floats down: the bracket has an odd number of players and the "
            "criteria and the bracket order leave this one over (C6, C7)"
        )
    return (
        f"{rank} floats down: pairing them here would leave the rest of the round "
        "unpairable (C4), or cost pairs or scores here or in the next bracket (C6-C8)"
    )


def _pair_reason(
    state: TournamentState, forbidden: dict[int, set[int]], high: int, first: int
) -> str:
    a, b = state.players[high], state.players[first]
    if first in forbidden.get(high, ()):
        met = any(g.played and g.opponent == first for g in a.games)
        return "they have met before (C1)" if met else "they may not be paired (C1)"
    if not is_compatible(state, a, b, forbidden):
        return f"both must have {_colour(a.colour_preference)} (C3: absolute preferences)"
    same = a.colour_preference is b.colour_preference and a.colour_preference is not Colour.NONE
    if same:
        colour = _colour(a.colour_preference)
        if a.absolute_preference and b.absolute_preference:
            # Only topscorers in the last round may meet so (C3); C10/C11 weigh it.
            if a.absolute_imbalance or b.absolute_imbalance:
                return f"topscorers who both must have {colour}: a colour difference beyond 2 (C10)"
            return f"topscorers who both must have {colour}: a third {colour} in a row (C11)"
        if _strong(a) and _strong(b):
            return f"both have a strong preference for {colour} (C12, C13)"
        return f"both prefer {colour} (C12)"
    return (
        "the pair is allowed on its own; the bracket as a whole meets the quality "
        "criteria (C6-C21) better this way"
    )


def _strong(player: PlayerState) -> bool:
    return player.strong_preference or player.absolute_preference


def _colour(colour: Colour) -> str:
    return "white" if colour is Colour.WHITE else "black"
