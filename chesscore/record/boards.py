"""Boards per match of a team record (C.04.6 1.1: every match is played on one number of
boards).

A TRF-2026 team file says it in two ways: the board-colour sequence (352) has one letter per
board, and the matches played show it in their games: a match of teams A and B in round r is
the games between members of A (310) and members of B in that round, board forfeits included
(a forfeited board keeps its opponent), and its out-of-order line-ups (300) list every board,
an empty one as ``0000``.  A match forfeited as a whole (330) has no games and says nothing.

Example: a file with ``352 WBWB`` plays on 4 boards; without 352, a file whose round 1
has four games between teams 1 and 2 (one of them forfeited) plays on 4 too.
"""

from __future__ import annotations

from collections import Counter
from collections import defaultdict
from dataclasses import dataclass

from chesscore.record.model import Record

__all__ = ["MatchBoards", "boards_fielded", "boards_per_match", "match_boards"]


@dataclass(frozen=True, slots=True)
class MatchBoards:
    """One match of a team record and the boards it was played on.

    ``teams`` are the two team numbers, lower first; ``players`` the starting ranks seated in
    its games, in file order; ``lineups`` the indexes in ``Record.lineups`` of its 300 lines.
    """

    round: int
    teams: tuple[int, int]
    boards: int
    players: tuple[int, ...] = ()
    lineups: tuple[int, ...] = ()


def match_boards(record: Record) -> tuple[MatchBoards, ...]:
    """Every match of ``record`` with games or a line-up (300), by round then teams.

    A match's boards are its games, or the boards of its longest line-up when that has more
    (empty boards play no game). Games between players of no team, or of one team, are no
    match and are left out.

    Complexity: O(n·r + l) for n players, r rounds and l line-ups.
    """
    team_of = {member: t.number for t in record.teams for member in t.members}
    games: dict[tuple[int, int, int], int] = defaultdict(int)
    players: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    for p in record.players:
        ours = team_of.get(p.rank)
        for number, entry in enumerate(p.rounds, start=1):
            theirs = team_of.get(entry.opponent) if entry.opponent is not None else None
            if ours is None or theirs is None or ours == theirs:
                continue
            key = (number, min(ours, theirs), max(ours, theirs))
            players[key].append(p.rank)
            if entry.opponent is not None and p.rank < entry.opponent:
                games[key] += 1
    lineups: dict[tuple[int, int, int], list[int]] = defaultdict(list)
    longest: dict[tuple[int, int, int], int] = defaultdict(int)
    for index, lineup in enumerate(record.lineups):
        key = (lineup.round, min(lineup.team, lineup.opponent), max(lineup.team, lineup.opponent))
        lineups[key].append(index)
        longest[key] = max(longest[key], len(lineup.boards))
    return tuple(
        MatchBoards(
            round=key[0],
            teams=(key[1], key[2]),
            boards=max(games.get(key, 0), longest.get(key, 0)),
            players=tuple(players.get(key, ())),
            lineups=tuple(lineups.get(key, ())),
        )
        for key in sorted({*games, *lineups})
    )


def boards_per_match(record: Record) -> int | None:
    """The boards of every match of a team record: the board-colour sequence's length (352)
    when the file gives one, else the most boards a match was played on; ``None`` when the
    record says neither (no 352, no match played yet), or has no teams.

    `chesscore.record.trf.read` refuses a team file whose matches disagree, so the most
    is every match's number.
    """
    if not record.teams:
        return None
    if record.event.board_colours:
        return len(record.event.board_colours)
    return max((m.boards for m in match_boards(record)), default=None)


def boards_fielded(record: Record, rounds: int) -> int:
    """Boards per match as the pairing and the tie-breaks read a team record: the
    board-colour sequence's length (352), else the most members of one team with an
    opponent in one of rounds 1 to ``rounds``, or of boards in a line-up (300); at least 1.
    """
    if record.event.board_colours:
        return len(record.event.board_colours)
    team_of = {m: t.number for t in record.teams for m in t.members}
    most = 0
    for r in range(1, rounds + 1):
        fielded: Counter[int] = Counter(
            team_of[p.rank]
            for p in record.players
            if p.rank in team_of and p.entry(r).opponent is not None
        )
        most = max([most, *fielded.values()])
    return max([most, 1, *(len(x.boards) for x in record.lineups)])
