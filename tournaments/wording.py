"""Words the services' log entries and the pages share, so both say the same thing.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["rounds_text"]


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
