"""Writing a round's boards and byes: the one place games, byes and seats are made.

Pairing runs, hand edits of a draft and TRF imports all store a round through
`round_boards_store`; everything else that makes a game or a bye (the games of a team
match's boards, a bye given by correction or to a late entry, a restored backup) makes it
through `seated_rows_create`, which seats it: every game and bye gets its seats (`Seat`, one
per player and round), so the database itself refuses a player seated twice.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Case
from django.db.models import F
from django.db.models import Value
from django.db.models import When

from tournaments.models import Bye
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Seat

__all__ = ["BoardEntry", "round_boards_store", "seated_rows_create"]


@dataclass(frozen=True, slots=True)
class BoardEntry:
    """A board to store, by starting rank; ``result`` a `GameResult` value (a forfeit decided
    in advance, or an imported result), ``explanation`` for a board made anew."""

    white: int
    black: int
    result: str = GameResult.PENDING
    explanation: str = ""


def round_boards_store(
    *,
    round: Round,
    boards: Sequence[BoardEntry],
    byes: Sequence[tuple[int, str]],
    players: Mapping[int, int] | None = None,
) -> None:
    """Make the games of `round` exactly `boards` (numbered 1..n in their order) and its
    byes exactly `byes` (starting rank, `ByeKind` value), changing only what differs.

    A game already in the round between the same players with the same colours keeps its
    row, its result and its explanation, even if its board number changes; a bye of the
    same player and kind keeps its row. Everything else the round held is deleted first
    (seats go with their games and byes), then the new rows are made, seated.

    Preconditions: inside a transaction holding the section's lock; every rank is a player
    of the section (`players` maps starting rank to player id; read in one query when not
    given). Queries: at most eight, whatever the number of boards.
    """
    if players is None:
        players = dict(
            Player.objects.filter(section_id=round.section_id).values_list("starting_rank", "pk")
        )
    existing = list(round.games.all())
    old = {(g.white_id, g.black_id): g for g in existing}
    target = [(players[b.white], players[b.black]) for b in boards]
    kept = {pair: old[pair] for pair in target if pair in old}
    wanted_byes = {(players[rank], kind) for rank, kind in byes}
    old_byes = list(round.byes.all())
    kept_byes = {(b.player_id, b.kind) for b in old_byes if (b.player_id, b.kind) in wanted_byes}
    gone = [g.pk for pair, g in old.items() if pair not in kept]
    gone_byes = [b.pk for b in old_byes if (b.player_id, b.kind) not in kept_byes]
    if gone:
        Game.objects.filter(pk__in=gone).delete()
    if gone_byes:
        Bye.objects.filter(pk__in=gone_byes).delete()
    moves = {
        kept[pair].pk: number
        for number, pair in enumerate(target, start=1)
        if pair in kept and kept[pair].board != number
    }
    if moves:
        # Unique board numbers hold at every row: first out of the way, then into place.
        offset = max(g.board for g in existing) + len(target)
        Game.objects.filter(pk__in=moves).update(board=F("board") + offset)
        Game.objects.filter(pk__in=moves).update(
            board=Case(*(When(pk=pk, then=Value(number)) for pk, number in moves.items()))
        )
    seated_rows_create(
        games=[
            Game(
                round=round,
                board=number,
                white_id=pair[0],
                black_id=pair[1],
                result=entry.result,
                explanation=entry.explanation,
            )
            for number, (pair, entry) in enumerate(zip(target, boards, strict=True), start=1)
            if pair not in kept
        ],
        byes=[
            Bye(round=round, player_id=player, kind=kind)
            for rank, kind in byes
            if ((player := players[rank]), kind) not in kept_byes
        ],
    )


def seated_rows_create(
    *, games: Iterable[Game] = (), byes: Iterable[Bye] = ()
) -> tuple[list[Game], list[Bye]]:
    """Create `games` and `byes` (unsaved rows, of any rounds) and a seat for each of their
    players; returns the rows made. Three queries at most, none for nothing to make."""
    made_games = Game.objects.bulk_create(games)
    made_byes = Bye.objects.bulk_create(byes)
    Seat.objects.bulk_create(
        [
            *(
                Seat(round_id=g.round_id, player_id=player, game=g)
                for g in made_games
                for player in (g.white_id, g.black_id)
            ),
            *(Seat(round_id=b.round_id, player_id=b.player_id, bye=b) for b in made_byes),
        ]
    )
    return made_games, made_byes
