"""Direct encounter (C.07 6) and extended direct encounter for teams (13.3).

These are type A tie-breaks: their answer depends on which participants are tied, so they
split a group rather than give each participant a number.  A split is a list of parts,
best first; players inside one part are still tied.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from fractions import Fraction

from chesscore.tiebreaks.context import Context
from chesscore.tiebreaks.context import Edition
from chesscore.tiebreaks.section import Track

__all__ = ["direct_encounter", "extended_direct_encounter", "mini_table"]

Parts = list[list[int]]


def mini_table(
    ctx: Context, group: Sequence[int], track: Track, as_played: bool
) -> tuple[dict[int, Fraction], dict[int, int]]:
    """The separate standing of ``group`` (6.1): score and number of unmet members.

    Only games among the group count; forfeits only when ``as_played`` (6.1.1).  Two
    participants who met more than once score the average of those games (6.1.2).
    """
    members = set(group)
    scores: dict[int, Fraction] = {}
    unmet: dict[int, int] = {}
    for a in group:
        met: dict[int, list[Fraction]] = {}
        for e in ctx.section.competitor(a).entries:
            if e.opponent in members and e.opponent != a and ctx.is_game(e, as_played):
                met.setdefault(e.opponent, []).append(e.score(track))
        scores[a] = sum((Fraction(sum(v), len(v)) for v in met.values()), Fraction(0))
        unmet[a] = len(members) - 1 - len(met)
    return scores, unmet


def _by_score(group: Sequence[int], scores: dict[int, Fraction]) -> Parts:
    parts: Parts = []
    for n in sorted(group, key=lambda x: (-scores[x], x)):
        if parts and scores[parts[-1][0]] == scores[n]:
            parts[-1].append(n)
        else:
            parts.append([n])
    return parts


def _apply_once(ctx: Context, group: Sequence[int], track: Track, as_played: bool) -> Parts:
    """One application of Art. 6 to ``group``: 6.2 when everyone met, else 6.3."""
    scores, unmet = mini_table(ctx, group, track, as_played)
    if all(count == 0 for count in unmet.values()):
        return _by_score(group, scores)
    # 6.3: a participant is placed when it stays sole first however the missing games
    # end: its lowest possible score beats everyone else's highest possible one.
    win, loss = ctx.section.win_points(track), ctx.section.loss_points(track)
    lowest = {n: scores[n] + unmet[n] * loss for n in group}
    highest = {n: scores[n] + unmet[n] * win for n in group}
    remaining = sorted(group)
    placed: Parts = []
    while len(remaining) > 1:
        leaders = [x for x in remaining if all(lowest[x] > highest[y] for y in remaining if y != x)]
        if not leaders:
            break
        placed.append([leaders[0]])
        remaining.remove(leaders[0])
    return [*placed, remaining] if remaining else placed


def direct_encounter(ctx: Context, group: Sequence[int], track: Track, as_played: bool) -> Parts:
    """Split ``group`` by direct encounter (C.07 6), reapplying to every tied part.

    Complexity: O(g · r) per application for g tied participants and r rounds, at most
    g applications.

    Example (6.3): A beat B, C, D; B beat C, D; C and D never met: A, B, then C = D.
    """
    parts = _apply_once(ctx, group, track, as_played)
    if len(parts) == 1:
        return [list(group)]
    result: Parts = []
    for part in parts:
        result.extend(direct_encounter(ctx, part, track, as_played) if len(part) > 1 else [part])
    return result


def extended_direct_encounter(
    ctx: Context,
    group: Sequence[int],
    as_played: bool,
    follow_ups: Sequence[Callable[[int], tuple[Fraction, ...]]] = (),
) -> Parts:
    """Split a group of teams by EDE (13.3).

    DE on the primary score; if that separates nobody, on the secondary score (13.3.1).
    2026: every new tied subset starts again from the primary score (13.3.3).  2023: the
    score that separated the group keeps separating its subsets.  Two teams still level
    go through ``follow_ups`` in order (13.3.2): functions giving a key, higher is better.
    """
    if len(group) < 2:
        return [list(group)]
    section = ctx.section
    for track in (section.primary, section.secondary):
        if ctx.edition is Edition.C07_2023:
            parts = direct_encounter(ctx, group, track, as_played)
            if len(parts) > 1:
                return [
                    q for p in parts for q in (_follow_up(p, follow_ups) if len(p) == 2 else [p])
                ]
            continue
        parts = _apply_once(ctx, group, track, as_played)
        if len(parts) > 1:
            return [
                q for p in parts for q in extended_direct_encounter(ctx, p, as_played, follow_ups)
            ]
    return _follow_up(list(group), follow_ups) if len(group) == 2 else [list(group)]


def _follow_up(
    pair: list[int], follow_ups: Sequence[Callable[[int], tuple[Fraction, ...]]]
) -> Parts:
    a, b = sorted(pair)
    for key in follow_ups:
        ka, kb = key(a), key(b)
        if ka != kb:
            return [[a], [b]] if ka > kb else [[b], [a]]
    return [[a, b]]
