"""Changing a draft by hand, with a warning for every FIDE rule the change breaks.

The organiser may still publish a draft with warnings: the rules are theirs to bend, but the
round then says what was bent (`Round.is_pure_fide` off, `explanation["warnings"]`).
"""

from __future__ import annotations

from django.db import transaction

from common.exceptions import ValidationError
from pairing.selectors import pairing_record_get
from pairing.services.base import RoundStateError, User, require_manager
from tournaments.models import Game, Round, RoundStatus, Seat, Section
from tournaments.record import model as rec


@transaction.atomic
def game_colours_swap(*, game: Game, user: User) -> Round:
    """Give White's pieces to Black and Black's to White on one board of a draft.

    Locks the section. Raises `RoundStateError` unless the round is a draft.
    """
    rnd = _draft_locked(game.round_id, user)
    game = Game.objects.get(pk=game.pk)
    game.white_id, game.black_id = game.black_id, game.white_id
    game.explanation = "Colours swapped by hand."
    game.save(update_fields=["white", "black", "explanation", "updated_at"])
    return _edited(rnd, f"Board {game.board}: colours swapped by hand.")


@transaction.atomic
def games_opponents_swap(*, round: Round, boards: tuple[int, int], user: User) -> Round:
    """Exchange the players with Black between two boards of a draft.

    Locks the section. Raises `RoundStateError` unless the round is a draft, and
    `ValidationError` (field ``boards``) unless both boards exist and differ.
    """
    rnd = _draft_locked(round.pk, user)
    first, second = boards
    games = {g.board: g for g in rnd.games.filter(board__in=boards)}
    if first == second or len(games) != 2:
        raise ValidationError(
            f"Two different boards of round {rnd.number} are needed.", field="boards"
        )
    a, b = games[first], games[second]
    # The database refuses a player twice in a round at every statement, so the two boards
    # are made again rather than updated one after the other.
    Game.objects.filter(pk__in=[a.pk, b.pk]).delete()
    remade = Game.objects.bulk_create(
        Game(round=rnd, board=g.board, white_id=g.white_id, black_id=black, explanation=text)
        for g, black, text in (
            (a, b.black_id, "Opponent exchanged by hand."),
            (b, a.black_id, "Opponent exchanged by hand."),
        )
    )
    Seat.objects.bulk_create(
        Seat(round=rnd, player_id=player, game=g)
        for g in remade
        for player in (g.white_id, g.black_id)
    )
    return _edited(rnd, f"Boards {first} and {second}: opponents exchanged by hand.")


def _draft_locked(round_pk: int, user: User) -> Round:
    section_id = Round.objects.values_list("section_id", flat=True).get(pk=round_pk)
    section = Section.objects.select_for_update().select_related("event").get(pk=section_id)
    require_manager(section.event, user)
    rnd = Round.objects.select_related("section").get(pk=round_pk)
    if rnd.status != RoundStatus.DRAFT:
        raise RoundStateError(f"Round {rnd.number} is not a draft; only a draft can be changed.")
    return rnd


def _edited(rnd: Round, edit: str) -> Round:
    explanation = dict(rnd.explanation)
    explanation["edits"] = [*explanation.get("edits", []), edit]
    explanation["warnings"] = draft_warnings(rnd)
    rnd.explanation = explanation
    rnd.is_pure_fide = False
    rnd.save(update_fields=["explanation", "is_pure_fide", "updated_at"])
    return rnd


def draft_warnings(rnd: Round) -> list[str]:
    """Every board of `rnd` that breaks a rule every Swiss system keeps (C.04.1).

    A rematch (Art. 2, games played over the board), a forbidden pairing, a colour
    difference beyond two (Art. 6) or the same colour three rounds running (Art. 7).
    """
    record = pairing_record_get(section=rnd.section, number=rnd.number)
    boards = rnd.games.order_by("board").values_list(
        "board", "white__starting_rank", "black__starting_rank"
    )
    warnings = []
    for board, white, black in boards:
        if white in _played_opponents(record, black, rnd.number):
            warnings.append(f"Board {board}: {white} and {black} have already played each other.")
        if any(
            rule.applies_to(rnd.number) and {white, black} <= set(rule.ranks)
            for rule in record.forbidden_pairings
        ):
            warnings.append(f"Board {board}: {white} and {black} may not be paired together.")
        for rank, colour in ((white, rec.Colour.WHITE), (black, rec.Colour.BLACK)):
            warnings.extend(_colour_warnings(record, rank, colour, rnd.number, board))
    return warnings


def _played(record: rec.Record, rank: int, number: int) -> list[rec.RoundEntry]:
    entries = record.player(rank).rounds[: number - 1] if record.has_player(rank) else ()
    return [e for e in entries if e.is_played_game]


def _played_opponents(record: rec.Record, rank: int, number: int) -> set[int | None]:
    return {e.opponent for e in _played(record, rank, number)}


def _colour_warnings(
    record: rec.Record, rank: int, colour: rec.Colour, number: int, board: int
) -> list[str]:
    history = [e.colour for e in _played(record, rank, number) if e.colour is not rec.Colour.NONE]
    name = "White" if colour is rec.Colour.WHITE else "Black"
    found = []
    if history[-2:] == [colour, colour]:
        found.append(f"Board {board}: {rank} gets {name} a third time running.")
    balance = sum(1 if c is rec.Colour.WHITE else -1 for c in [*history, colour])
    if abs(balance) > 2:
        found.append(f"Board {board}: {rank} would have {abs(balance)} more {name} than the other.")
    return found
