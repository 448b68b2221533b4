"""Words the services' log entries and the pages share, so both say the same thing.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any

__all__ = ["PRIVATE_EXPLANATION_KEYS", "fide_departures", "rounds_text"]

# What a round's explanation holds about the prohibited groups it was paired under: who is
# in them and who was released from them. Only the event's staff sees these.
PRIVATE_EXPLANATION_KEYS = frozenset(
    {"groups", "released", "ranking", "protected_places", "same_group_pairs", "deviations"}
)

# How the planners word a bye exclusion among a round's deviations.
_PAB_EXCLUDED_TEXT = "Kept from the pairing-allocated bye"


def fide_departures(explanation: Mapping[str, Any]) -> list[str]:
    """Why a round is not a pure FIDE pairing, in words that name no player and no group:
    a casual Swiss, a hand edit, a soft prohibited group, a player kept from the bye.

    Strict prohibited groups are not among them: prohibited pairings are an absolute
    criterion the FIDE systems know (TRF26 260, ``XXP``).

    >>> fide_departures({"edits": ["Board 1 swapped."], "groups": [{"kind": "strict"}]})
    ['changed by hand']
    >>> fide_departures({"groups": [{"kind": "soft_lowest"}]})
    ['shaped by a soft prohibited group']
    """
    found = []
    if explanation.get("system") == "casual":
        found.append("paired by the casual Swiss, not a FIDE system")
    if explanation.get("edits"):
        found.append("changed by hand")
    if any(g.get("kind", "strict") != "strict" for g in explanation.get("groups", ())):
        found.append("shaped by a soft prohibited group")
    if any(str(d).startswith(_PAB_EXCLUDED_TEXT) for d in explanation.get("deviations", ())):
        found.append("a player was kept from the pairing-allocated bye")
    return found


def rounds_text(numbers: Iterable[int]) -> str:
    """Round numbers as a person writes them, runs joined by a dash.

    >>> rounds_text([4, 5])
    'rounds 4–5'
    >>> rounds_text([2, 4, 6, 7])
    'rounds 2, 4 and 6–7'
    >>> rounds_text([3])
    'round 3'

    "" for no rounds.
    """
    ordered = sorted(set(numbers))
    if not ordered:
        return ""
    runs: list[tuple[int, int]] = []
    for number in ordered:
        if runs and runs[-1][1] == number - 1:
            runs[-1] = (runs[-1][0], number)
        else:
            runs.append((number, number))
    parts = [str(a) if a == b else f"{a}–{b}" for a, b in runs]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"round {listed}" if len(ordered) == 1 else f"rounds {listed}"
