"""Changing a draft by hand, with a warning for every FIDE rule the change breaks.

The organiser may still publish a draft with warnings: the rules are theirs to bend, but the
round then says what was bent (`Round.is_pure_fide` off, `explanation["warnings"]`), and the
event's log (`LogEntry`) says who bent it, when, and which warnings came or went.

Every edit locks the section row first (the same order as pairing and publishing), checks
that the round is still a draft, works out the new boards in memory and stores only the
boards that changed: untouched boards keep their rows, and the seats (one per player and
round, `Seat`) are rewritten with their games, so the database itself still refuses a
player seated twice. Boards stay numbered 1..n: a board given up closes its gap, a new board
comes last.

Only players on a board or holding the pairing-allocated bye can be moved. A bye the player
asked for (or an absence) is theirs, not the pairing's: it is changed through bye requests
and a new pairing, never by hand here.

A published pairing may be altered the same way, but only in the five cases of C.04.2 4.4
(`AlterationCase`), which the change must name and the log records, and never on a board
that has a result. Under 4.4.3 (two participants left without opponents agree to play) and
4.4.4 (a late entrant fitted in), a player of the section who is not on a board of the round
(a late entrant, or a player with a zero- or half-point bye or an absence there) may be
paired too; their bye goes, and a late entrant joins from that round.

Every change names the round's version it was made on (`Round.version`): a change made
meanwhile by someone else is never overwritten unseen (`StaleWrite`).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from django.db import models
from django.db import transaction

from chesscore.pairing.checks import pairing_warnings
from common.exceptions import ValidationError
from common.types import AnyUser
from pairing.selectors import pairing_input_get
from pairing.selectors import pairing_record_with_groups
from pairing.services.base import RESULT_MIRROR
from pairing.services.base import RoundStateError
from pairing.services.versions import round_version_check
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.services import log_write
from tournaments.services import section_lock_for_manager
from tournaments.services.boards import BoardEntry
from tournaments.services.boards import round_boards_store

WHITE, BLACK = 0, 1


class AlterationCase(models.TextChoices):
    """The cases in which a published pairing may be altered (C.04.2 4.4)."""

    REMATCH = "4.4.1", "Two participants who already met were paired again by mistake (4.4.1)"
    RULES = "4.4.2", "The competition rules permit the change (4.4.2)"
    UNPAIRED = (
        "4.4.3",
        (
            "Two participants left without opponents, with similar scores, agree to play each "
            "other (4.4.3)"
        ),
    )
    LATE_ENTRY = (
        "4.4.4",
        (
            "A late entrant is fitted in with as few changes as possible, everyone affected "
            "agreeing (4.4.4)"
        ),
    )
    LAST_ROUND = "4.4.5", "Something unforeseeable on the leading boards of the last round (4.4.5)"


# The cases that bring in a player who is not on a board of the round.
_BRINGS_IN = (AlterationCase.UNPAIRED, AlterationCase.LATE_ENTRY)
# The byes such a player may leave for a board: never the pairing's own nor a full point.
_LEAVABLE_BYES = (ByeKind.HALF_POINT, ByeKind.ZERO_POINT, ByeKind.ABSENT)


# ---------------------------------------------------------------------------------------
# The edits
# ---------------------------------------------------------------------------------------


@transaction.atomic
def game_colours_swap(*, game: Game, user: AnyUser, version: int, case: str = "") -> Round:
    """Give White's pieces to Black and Black's to White on one board of a draft (or of a
    published round under a case of 4.4: `case`).

    Locks the section. Raises `RoundStateError` unless the round is a draft or published
    (with `case`, and the board has no result), `StaleWrite` when `version` is not the
    round's. A result fixed in advance (a round robin forfeit) follows its player.
    """
    rnd = _draft_locked(game.round_id, user, version, case)
    before = draft_warnings(rnd)
    game = Game.objects.get(pk=game.pk)
    if rnd.status != RoundStatus.DRAFT and game.result:
        raise RoundStateError(
            f"Board {game.board} has a result: correct its colours instead.", field="board"
        )
    game.white_id, game.black_id = game.black_id, game.white_id
    game.result = RESULT_MIRROR.get(GameResult(game.result), game.result)
    game.explanation = "Colours swapped by hand."
    game.version += 1
    game.save(update_fields=["white", "black", "result", "explanation", "version", "updated_at"])
    text = f"Board {game.board}: colours swapped by hand."
    return _edited(rnd, user, LogAction.COLOURS_SWAP, text, before, case)


@transaction.atomic
def games_opponents_swap(
    *, round: Round, boards: tuple[int, int], user: AnyUser, version: int, case: str = ""
) -> Round:
    """Exchange the players with Black between two boards of a draft (or of a published
    round under a case of 4.4).

    Locks the section. Raises `RoundStateError` as `game_colours_swap`, and
    `ValidationError` (field ``boards``) unless both boards exist and differ.
    """
    draft = _draft_open(round.pk, user, version, case)
    first, second = boards
    count = len(draft.boards)
    if first == second or not (1 <= first <= count and 1 <= second <= count):
        raise ValidationError(
            f"Two different boards of round {draft.round.number} are needed.", field="boards"
        )
    a, b = draft.boards[first - 1], draft.boards[second - 1]
    a[BLACK], b[BLACK] = b[BLACK], a[BLACK]
    text = f"Boards {first} and {second}: opponents exchanged by hand."
    return _draft_commit(draft, user, LogAction.OPPONENTS_SWAP, text, case)


@transaction.atomic
def draft_players_swap(
    *, round: Round, first: int, second: int, user: AnyUser, version: int, case: str = ""
) -> Round:
    """Let two players of a draft (by starting rank) take each other's places.

    Either may be on any board, with either colour, or hold the pairing-allocated bye; the
    other then takes that board and colour, or that bye. Two players of the same board
    swap colours.

    Locks the section. Raises `RoundStateError` as `game_colours_swap`, and
    `ValidationError` (field ``first`` or ``second``) for a player who is not in the round,
    cannot be moved, or when both hold the bye (nothing would change).
    """
    draft = _draft_open(round.pk, user, version, case)
    a = draft.movable(first, "first")
    b = draft.movable(second, "second")
    if a.pk == b.pk:
        raise ValidationError("Choose two different players.", field="second")
    seat_a, seat_b = draft.seat(a), draft.seat(b)
    if seat_a is None and seat_b is None:
        raise ValidationError(
            f"{_name(a)} and {_name(b)} both have the bye: swapping them changes nothing.",
            field="second",
        )
    draft.unseat(a)
    draft.unseat(b)
    draft.put(seat_a, b)
    draft.put(seat_b, a)
    text = f"{_name(a)} ({_where(seat_a)}) and {_name(b)} ({_where(seat_b)}) swapped places."
    return _draft_commit(draft, user, LogAction.PLAYERS_SWAP, text, case)


@transaction.atomic
def draft_players_pair(
    *, round: Round, white: int, black: int, user: AnyUser, version: int, case: str = ""
) -> Round:
    """Pair two players of a draft (by starting rank) with each other, `white` having White.

    Their new board is the better (lower) of the boards they leave. Their former opponents
    are paired with each other on the other board; the one who came from the better board
    keeps their colour, the other takes the other colour (swap colours afterwards if that
    is wrong). When one of the two held the pairing-allocated bye, the other's former
    opponent takes it over; when both held a bye, their board is added last.

    Locks the section. Raises `RoundStateError` as `game_colours_swap`, and
    `ValidationError` (field ``white`` or ``black``) for a player who is not in the round or
    cannot be moved, or when the two already play each other with these colours.
    """
    draft = _draft_open(round.pk, user, version, case)
    w = draft.movable(white, "white")
    b = draft.movable(black, "black")
    if w.pk == b.pk:
        raise ValidationError("A player cannot be paired with themselves.", field="black")
    text = _pair(draft, w, b)
    return _draft_commit(draft, user, LogAction.PLAYERS_PAIR, text, case)


@transaction.atomic
def draft_bye_give(
    *, round: Round, player: int, user: AnyUser, version: int, case: str = ""
) -> Round:
    """Give the pairing-allocated bye to `player` (by starting rank), who leaves their board.

    The opponent left without a game is paired with the player who held the bye, on the same
    board and keeping their colour; when nobody held it, the opponent gets a bye too (the
    round then has two, which is warned about) and the later boards move up one.

    Locks the section. Raises `RoundStateError` as `game_colours_swap`, and
    `ValidationError` (field ``player``) for a player who is not on a board of the round.
    """
    draft = _draft_open(round.pk, user, version, case)
    p = draft.movable(player, "player")
    seat = draft.seat(p)
    if seat is None:
        raise ValidationError(f"{_name(p)} already has the bye.", field="player")
    index, colour = seat
    opponent = draft.boards[index][1 - colour]
    holder = draft.byes[0] if draft.byes else None
    draft.byes = [*draft.byes[1:], p] if holder else [p]
    if holder is None:
        del draft.boards[index]
        draft.byes.append(opponent)
        text = f"{_name(p)} (board {index + 1}) given the bye; {_name(opponent)} too."
    else:
        draft.boards[index][colour] = holder
        text = (
            f"{_name(p)} (board {index + 1}) given the bye; "
            f"{_name(holder)} plays {_name(opponent)} instead."
        )
    return _draft_commit(draft, user, LogAction.BYE_GIVE, text, case)


@transaction.atomic
def draft_bye_take(
    *,
    round: Round,
    player: int,
    opponent: int | None,
    user: AnyUser,
    version: int,
    case: str = "",
) -> Round:
    """Take the pairing-allocated bye from `player` and pair them with `opponent`.

    The opponent keeps their colour and `player` takes their former opponent's place, who
    gets the bye instead. Without an opponent, the player is paired with the one other
    player holding a pairing-allocated bye (after a bye was given by hand); two bye holders
    paired together play on a new last board, the better-ranked with White.

    Locks the section. Raises `RoundStateError` as `game_colours_swap`, and
    `ValidationError` (field ``player`` or ``opponent``) when the player does not hold the
    bye, the opponent is not in the round or cannot be moved, or no opponent is named
    while no other player holds a bye.
    """
    draft = _draft_open(round.pk, user, version, case)
    p = draft.movable(player, "player")
    if draft.seat(p) is not None:
        raise ValidationError(f"{_name(p)} does not have the bye.", field="player")
    if opponent is None:
        others = [q for q in draft.byes if q.pk != p.pk]
        if len(others) != 1:
            raise ValidationError(f"Choose the player {_name(p)} is to play.", field="opponent")
        q = others[0]
    else:
        q = draft.movable(opponent, "opponent")
        if q.pk == p.pk:
            raise ValidationError("A player cannot be paired with themselves.", field="opponent")
    seat = draft.seat(q)
    if seat is None:
        white, black = sorted((p, q), key=lambda x: x.starting_rank)
    else:
        white, black = (p, q) if seat[1] == BLACK else (q, p)
    text = _pair(draft, white, black)
    text = f"Bye taken from {_name(p)}: {text}"
    return _draft_commit(draft, user, LogAction.BYE_TAKE, text, case)


def draft_edit_log(
    *,
    round: Round,
    actor: AnyUser,
    action: str,
    description: str,
    reason: str = "",
    **warnings: list[str],
) -> LogEntry:
    """Write one entry of `round`'s log (in the event's log), as done by `actor`. Call inside
    the transaction of the change."""
    return log_write(
        round.section,
        actor,
        action,
        description,
        round_number=round.number,
        reason=reason,
        warnings=warnings,
    )


# ---------------------------------------------------------------------------------------
# The draft in memory
# ---------------------------------------------------------------------------------------


@dataclass
class _Draft:
    """A draft round as lists: boards in board order as [white, black], the players holding
    a pairing-allocated bye, and the games they were read from.

    `unpaired` are the players who may be brought in from outside the boards (a published
    pairing altered under 4.4.3 or 4.4.4), by starting rank; those brought in are `joined`.
    """

    round: Round
    games: list[Game]
    boards: list[list[Player]]
    byes: list[Player]
    others: dict[int, Bye] = field(default_factory=dict)
    unpaired: dict[int, Player] = field(default_factory=dict)
    joined: list[Player] = field(default_factory=list)

    def movable(self, rank: int, name: str) -> Player:
        """The player of starting rank `rank` if they are on a board or hold the bye (or may
        be brought in, who then stands as a bye holder until paired)."""
        for pair in self.boards:
            for player in pair:
                if player.starting_rank == rank:
                    return player
        for player in self.byes:
            if player.starting_rank == rank:
                return player
        if rank in self.unpaired:
            player = self.unpaired.pop(rank)
            self.others.pop(rank, None)
            self.byes.append(player)
            self.joined.append(player)
            return player
        if rank in self.others:
            bye = self.others[rank]
            raise ValidationError(
                f"{_name(bye.player)} has a {bye.get_kind_display().lower()}: only players "
                "on a board or with the pairing-allocated bye can be moved by hand.",
                field=name,
            )
        if Player.objects.filter(section_id=self.round.section_id, starting_rank=rank).exists():
            raise ValidationError(f"Player {rank} is not in round {self.round.number}.", field=name)
        raise ValidationError(f"There is no player {rank} in this section.", field=name)

    def seat(self, player: Player) -> tuple[int, int] | None:
        """(board index, colour) of `player`, or None when they hold the bye."""
        for index, pair in enumerate(self.boards):
            for colour in (WHITE, BLACK):
                if pair[colour].pk == player.pk:
                    return index, colour
        return None

    def put(self, seat: tuple[int, int] | None, player: Player) -> None:
        """Seat `player` at `seat` (a board and colour, or the bye of the one there before)."""
        if seat is None:
            self.byes.append(player)
        else:
            self.boards[seat[0]][seat[1]] = player

    def unseat(self, player: Player) -> None:
        self.byes = [p for p in self.byes if p.pk != player.pk]


def _draft_locked(round_pk: int, user: AnyUser, version: int, case: str) -> Round:
    """The round, once the section is locked and the round may be changed by hand: a draft,
    or a published round with a case of 4.4 named; and `version` is still its version."""
    section_id = Round.objects.values_list("section_id", flat=True).get(pk=round_pk)
    section = section_lock_for_manager(section_id=section_id, user=user)
    rnd = Round.objects.select_related("section").get(pk=round_pk)
    if section.is_team:
        # Boards of a team match follow its line-ups and the odd-board colour rule (C.04.6):
        # moving single players would break both. Line-ups are changed on the match card.
        raise RoundStateError(
            "The boards of a team round follow the line-ups; change a line-up instead."
        )
    if rnd.status == RoundStatus.PUBLISHED:
        if not case:
            raise RoundStateError(
                f"Round {rnd.number} is published: its pairing may be altered only in one of "
                "the cases of C.04.2 4.4, which must be named.",
                field="case",
            )
        if case not in AlterationCase.values:
            raise ValidationError(f"{case!r} is not a case of C.04.2 4.4.", field="case")
    elif rnd.status != RoundStatus.DRAFT:
        raise RoundStateError(
            f"Round {rnd.number} is {rnd.get_status_display().lower()}; only a draft (or a "
            "published round whose games have not started) can be changed."
        )
    round_version_check(rnd, version)
    return rnd


def _draft_open(round_pk: int, user: AnyUser, version: int, case: str) -> _Draft:
    """The round's boards and byes to edit by hand, once `_draft_locked` allowed it; with
    the players a case of 4.4 (`case`) may bring in."""
    rnd = _draft_locked(round_pk, user, version, case)
    games = list(rnd.games.select_related("white", "black").order_by("board"))
    byes = list(rnd.byes.select_related("player").order_by("player__starting_rank"))
    others = {b.player.starting_rank: b for b in byes if b.kind != ByeKind.PAIRING_ALLOCATED}
    unpaired: dict[int, Player] = {}
    if rnd.status == RoundStatus.PUBLISHED and case in _BRINGS_IN:
        seated = {p.pk for g in games for p in (g.white, g.black)} | {b.player_id for b in byes}
        leaving = {b.player_id for b in byes if b.kind in _LEAVABLE_BYES}
        for player in rnd.section.players.order_by("starting_rank"):
            withdrawn = (
                player.status == PlayerStatus.WITHDRAWN
                and (player.withdrawn_from_round or 0) <= rnd.number
            )
            if not withdrawn and (player.pk not in seated or player.pk in leaving):
                unpaired[player.starting_rank] = player
    return _Draft(
        round=rnd,
        games=games,
        boards=[[g.white, g.black] for g in games],
        byes=[b.player for b in byes if b.kind == ByeKind.PAIRING_ALLOCATED],
        others=others,
        unpaired=unpaired,
    )


def _pair(draft: _Draft, white: Player, black: Player) -> str:
    """Put `white` and `black` on one board; say what became of their former opponents."""
    seat_w, seat_b = draft.seat(white), draft.seat(black)
    if seat_w is not None and seat_b is not None and seat_w[0] == seat_b[0]:
        if seat_w[1] == WHITE:
            raise ValidationError(
                f"{_name(white)} already plays {_name(black)} with White.", field="black"
            )
        draft.boards[seat_w[0]] = [white, black]
        return f"Board {seat_w[0] + 1}: {_name(white)} now has White against {_name(black)}."
    # (board index, former opponent, their colour) for each of the two who had a board.
    left = [
        (seat[0], draft.boards[seat[0]][1 - seat[1]], 1 - seat[1])
        for seat in (seat_w, seat_b)
        if seat is not None
    ]
    draft.unseat(white)
    draft.unseat(black)
    if not left:
        draft.boards.append([white, black])
        return f"{_name(white)} – {_name(black)} on a new board {len(draft.boards)}."
    left.sort(key=lambda item: item[0])
    draft.boards[left[0][0]] = [white, black]
    text = f"{_name(white)} – {_name(black)} on board {left[0][0] + 1}"
    if len(left) == 1:
        draft.byes.append(left[0][1])
        return f"{text}; {_name(left[0][1])} gets the bye."
    (_first, kept, colour), (second, other, _colour) = left
    # Both may have had the same colour: the one from the better board keeps theirs.
    draft.boards[second] = [kept, other] if colour == WHITE else [other, kept]
    return f"{text}; {_name(kept)} – {_name(other)} on board {second + 1}."


def _draft_store(draft: _Draft, note: str) -> None:
    """Write `draft.boards` and `draft.byes` over the round's rows, changing only what moved
    (`round_boards_store`).

    A board whose two players (and colours) are unchanged keeps its row, its result and its
    explanation, even if its number changes; every other board is made again with `note`.
    The byes not held by the pairing stay as they are, but for those of players brought in.
    In a published round, a board with a result is never changed (`RoundStateError`), and a
    late entrant brought in joins from this round on.
    """
    if draft.round.status != RoundStatus.DRAFT:
        target = {(white.pk, black.pk) for white, black in draft.boards}
        for game in draft.games:
            if game.result and (game.white_id, game.black_id) not in target:
                raise RoundStateError(
                    f"Board {game.board} has a result ({GameResult(game.result).label}): a "
                    "pairing is altered only on boards that have not started.",
                )
    for player in draft.joined:
        if player.entry_round > draft.round.number:
            player.entry_round = draft.round.number
            player.save(update_fields=["entry_round", "updated_at"])
    players = {p.starting_rank: p.pk for pair in draft.boards for p in pair}
    players.update((p.starting_rank, p.pk) for p in draft.byes)
    players.update((rank, bye.player_id) for rank, bye in draft.others.items())
    byes = [
        (p.starting_rank, ByeKind.PAIRING_ALLOCATED.value)
        for p in sorted(draft.byes, key=lambda p: p.starting_rank)
    ]
    byes += [(rank, bye.kind) for rank, bye in sorted(draft.others.items())]
    round_boards_store(
        round=draft.round,
        boards=[
            BoardEntry(white.starting_rank, black.starting_rank, explanation=note)
            for white, black in draft.boards
        ],
        byes=byes,
        players=players,
    )


# The explanation each edit by hand gives the boards it makes again (`_draft_store`).
_EDIT_NOTES = {
    LogAction.OPPONENTS_SWAP: "Opponent exchanged by hand.",
    LogAction.PLAYERS_SWAP: "Players swapped by hand.",
    LogAction.PLAYERS_PAIR: "Paired by hand.",
    LogAction.BYE_GIVE: "Bye receiver paired by hand.",
    LogAction.BYE_TAKE: "Bye receiver paired by hand.",
}


def _draft_commit(draft: _Draft, user: AnyUser, action: LogAction, edit: str, case: str) -> Round:
    """Store the edited `draft` (`_draft_store`, with the note `_EDIT_NOTES` has for
    `action`) and record `edit` (`_edited`) with the warnings of the round before and after
    it. The edits change only `draft` until then: the round's rows still hold its old
    pairing."""
    before = draft_warnings(draft.round)
    _draft_store(draft, _EDIT_NOTES[action])
    return _edited(draft.round, user, action, edit, before, case)


def _edited(
    rnd: Round, user: AnyUser, action: str, edit: str, before: list[str], case: str = ""
) -> Round:
    """Record `edit` on the round (explanation, FIDE flag, version) and in the event's log;
    a published pairing altered under a case of 4.4 is logged as such, with its case."""
    after = draft_warnings(rnd)
    explanation = dict(rnd.explanation)
    published = rnd.status != RoundStatus.DRAFT
    if published:
        edit = f"{edit} (published pairing altered: C.04.2 {case})"
    explanation["edits"] = [*explanation.get("edits", []), edit]
    explanation["warnings"] = after
    rnd.explanation = explanation
    rnd.is_pure_fide = False
    rnd.version += 1
    rnd.save(update_fields=["explanation", "is_pure_fide", "version", "updated_at"])
    was, now = {_rule(w) for w in before}, {_rule(w) for w in after}
    log_write(
        rnd.section,
        user,
        LogAction.PAIRING_ALTER if published else action,
        edit,
        round_number=rnd.number,
        changes={"case": case, "change": action} if published else None,
        warnings={
            "added": [w for w in after if _rule(w) not in was],
            "resolved": [w for w in before if _rule(w) not in now],
        },
    )
    return rnd


def _rule(warning: str) -> str:
    """A warning without its board number, which changes when boards are renumbered."""
    head, _sep, rest = warning.partition(": ")
    return rest if head.startswith("Board ") and rest else warning


def _name(player: Player) -> str:
    return f"{player.starting_rank} {player.full_name}"


def _where(seat: tuple[int, int] | None) -> str:
    if seat is None:
        return "bye"
    return f"board {seat[0] + 1}, {'White' if seat[1] == WHITE else 'Black'}"


# ---------------------------------------------------------------------------------------
# Warnings
# ---------------------------------------------------------------------------------------


def draft_warnings(rnd: Round) -> list[str]:
    """Every board and bye of `rnd` that breaks a rule every Swiss system keeps (C.04.1).

    A rematch (Art. 2, games played over the board), a forbidden pairing, a colour
    difference beyond two (Art. 6) or the same colour three rounds running (Art. 7); more
    than one pairing-allocated bye (Art. 3), or the bye for a player who already had one, or
    who already scored a point without playing (Art. 4: a forfeit win or a full-point bye).
    The rules are the engine's (`chesscore.pairing.checks`); here the round is only read.
    """
    record = pairing_record_with_groups(pairing_input_get(section=rnd.section, number=rnd.number))
    boards = list(
        rnd.games.order_by("board").values_list(
            "board", "white__starting_rank", "black__starting_rank"
        )
    )
    byes = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
        "player__starting_rank", flat=True
    )
    found = pairing_warnings(
        record,
        round_number=rnd.number,
        boards=[(white, black) for _board, white, black in boards],
        pairing_allocated_byes=list(byes),
        board_numbers=[board for board, _white, _black in boards],
    )
    return [warning.text for warning in found]
