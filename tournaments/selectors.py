"""Reads: querysets, page data and the tournament record of a section.

`section_record` is the one place that turns database rows into a `Record`; its mirror image
is `tournaments.services.section_record_store`. What a TRF file says that has no column of
its own sits in the `trf_extra` JSON fields and is decoded here.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, get_type_hints

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.auth.models import AnonymousUser
from django.db.models import Count, F, Max, Prefetch, Q, QuerySet

from common.exceptions import ValidationError
from tournaments import ranking
from tournaments.models import (
    Bye,
    ByeKind,
    ByeRequest,
    ConstraintKind,
    Event,
    Game,
    GameResult,
    GroupSource,
    InitialColour,
    PairingSystem,
    Player,
    ProhibitedGroup,
    Round,
    RoundStatus,
    Section,
)
from tournaments.record import model as rec
from tournaments.record import trf
from tournaments.record.codec import decode
from tournaments.record.scores import score_decimal_text, score_text

# Rounds that count: a draft is the engine's proposal, not yet part of the tournament.
VISIBLE_ROUND_STATUSES = (RoundStatus.PUBLISHED, RoundStatus.COMPLETED)

# A game result as the two TRF result codes of White and Black.
GAME_CODES: dict[str, tuple[rec.ResultCode, rec.ResultCode]] = {
    GameResult.PENDING: (rec.ResultCode.UNPAIRED, rec.ResultCode.UNPAIRED),
    GameResult.WHITE_WINS: (rec.ResultCode.WIN, rec.ResultCode.LOSS),
    GameResult.BLACK_WINS: (rec.ResultCode.LOSS, rec.ResultCode.WIN),
    GameResult.DRAW: (rec.ResultCode.DRAW, rec.ResultCode.DRAW),
    GameResult.WHITE_WINS_FORFEIT: (rec.ResultCode.FORFEIT_WIN, rec.ResultCode.FORFEIT_LOSS),
    GameResult.BLACK_WINS_FORFEIT: (rec.ResultCode.FORFEIT_LOSS, rec.ResultCode.FORFEIT_WIN),
    GameResult.DOUBLE_FORFEIT: (rec.ResultCode.FORFEIT_LOSS, rec.ResultCode.FORFEIT_LOSS),
    GameResult.WHITE_WINS_UNRATED: (rec.ResultCode.UNRATED_WIN, rec.ResultCode.UNRATED_LOSS),
    GameResult.BLACK_WINS_UNRATED: (rec.ResultCode.UNRATED_LOSS, rec.ResultCode.UNRATED_WIN),
    GameResult.DRAW_UNRATED: (rec.ResultCode.UNRATED_DRAW, rec.ResultCode.UNRATED_DRAW),
}

# An absence has no TRF code of its own without an opponent; it scores like a zero bye.
BYE_CODES: dict[str, rec.ResultCode] = {
    ByeKind.PAIRING_ALLOCATED: rec.ResultCode.PAIRING_ALLOCATED_BYE,
    ByeKind.HALF_POINT: rec.ResultCode.HALF_POINT_BYE,
    ByeKind.FULL_POINT: rec.ResultCode.FULL_POINT_BYE,
    ByeKind.ZERO_POINT: rec.ResultCode.ZERO_POINT_BYE,
    ByeKind.ABSENT: rec.ResultCode.ZERO_POINT_BYE,
}

# The 192 code written for a section created on the site (an imported one keeps its own).
SYSTEM_CODES: dict[str, str] = {
    PairingSystem.DUTCH: "FIDE_DUTCH",
    PairingSystem.BAKU: "FIDE_DUTCH_BAKU",
    PairingSystem.BURSTEIN: "FIDE_BURSTEIN",
    PairingSystem.CASUAL: "CUSTOM_SWISS",
    PairingSystem.ROUND_ROBIN: "FIDE_ROUNDROBIN",
    PairingSystem.DOUBLE_ROUND_ROBIN: "FIDE_DOUBLEROUNDROBIN",
    PairingSystem.TEAM_SWISS: "FIDE_TEAM_TYPEA_MP_GP",
    PairingSystem.TEAM_ROUND_ROBIN: "FIDE_TEAM_ROUNDROBIN",
    PairingSystem.TEAM_DOUBLE_ROUND_ROBIN: "FIDE_TEAM_DOUBLEROUNDROBIN",
}

# Record fields kept whole in `Section.trf_extra` under their own name when not default.
EXTRA_RECORD_FIELDS = (
    "order_by_file_position",
    "match_scoring",
    "accelerated_rounds",
    "bye_assignments",
    "absent_next_round",
    "pab_exclusions",
    "standings_score",
    "lineups",
    "team_pab",
    "forfeited_matches",
    "extra_lines",
    "soft_groups",
    "released",
)


# ---------------------------------------------------------------------------------------
# Events and sections
# ---------------------------------------------------------------------------------------


def event_list(*, public_only: bool = True) -> QuerySet[Event]:
    events = Event.objects.prefetch_related("sections")
    return events.filter(is_public=True) if public_only else events


def event_is_manager(*, event: Event, user: AbstractBaseUser | AnonymousUser) -> bool:
    """True when `user` may change `event`: one of its organisers or arbiters, or a superuser."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return (
        event.organisers.filter(pk=user.pk).exists() or event.arbiters.filter(pk=user.pk).exists()
    )


def event_is_organiser(*, event: Event, user: AbstractBaseUser | AnonymousUser) -> bool:
    """True when `user` may decide who runs `event`: an organiser, or a superuser."""
    if not user.is_authenticated:
        return False
    return (
        bool(getattr(user, "is_superuser", False)) or event.organisers.filter(pk=user.pk).exists()
    )


@dataclass(frozen=True, slots=True)
class EventStaff:
    organisers: list[AbstractBaseUser]
    arbiters: list[AbstractBaseUser]


def event_staff_get(*, event: Event) -> EventStaff:
    """The event's organisers and arbiters, each by username (two queries)."""
    return EventStaff(
        organisers=list(event.organisers.order_by("username")),
        arbiters=list(event.arbiters.order_by("username")),
    )


def event_is_visible(*, event: Event, user: AbstractBaseUser | AnonymousUser) -> bool:
    """Public events to all; a private one to its organisers and arbiters, and to the
    captains of its teams (who enter their line-ups)."""
    if event.is_public or event_is_manager(event=event, user=user):
        return True
    if not user.is_authenticated:
        return False
    # Captains through the teams app's reverse relation (Section.teams).
    return Event.objects.filter(pk=event.pk, sections__teams__captain_id=user.pk).exists()


def event_get(*, slug: str, user: AbstractBaseUser | AnonymousUser) -> Event | None:
    """The event, if `user` may see it (`event_is_visible`)."""
    event = Event.objects.prefetch_related("sections").filter(slug=slug).first()
    if event is None or event_is_visible(event=event, user=user):
        return event
    return None


def section_get(*, event: Event, slug: str) -> Section | None:
    return Section.objects.select_related("event").filter(event=event, slug=slug).first()


def section_visible_get(
    *, event_slug: str, section_slug: str, user: AbstractBaseUser | AnonymousUser
) -> Section | None:
    """The section, if `user` may see its event (two queries)."""
    section = (
        Section.objects.select_related("event")
        .filter(event__slug=event_slug, slug=section_slug)
        .first()
    )
    if section is None or event_is_visible(event=section.event, user=user):
        return section
    return None


def section_next_round(*, section: Section) -> int:
    """The first round not paired yet: one after the last round that left `pending`."""
    paired = section.rounds.exclude(status=RoundStatus.PENDING).order_by("-number")
    return (paired.values_list("number", flat=True).first() or 0) + 1


# Record data imported from a TRF file that names players by their starting rank.
RANK_KEYED_EXTRAS = (
    "player_order",
    "accelerated_rounds",
    "bye_assignments",
    "absent_next_round",
    "pab_exclusions",
    "lineups",
    "soft_groups",
    "released",
    "forbidden_pairings",
    "uncoloured_games",
)


def section_ranks_movable(*, section: Section) -> bool:
    """True while starting ranks may be renumbered: no round has been paired yet, and no
    record data imported from a TRF file names players by their number (one query)."""
    if any(section.trf_extra.get(name) for name in RANK_KEYED_EXTRAS):
        return False
    return not section.rounds.exclude(status=RoundStatus.PENDING).exists()


def player_removal_block(*, player: Player) -> str:
    """Why `player` cannot be deleted (`tournaments.services.player_remove`), or "".

    A player in any round's pairings (a game or a bye) or a team's line-up has played or
    is about to, and is withdrawn instead; so is anyone in a section whose imported TRF
    records name players by number (`RANK_KEYED_EXTRAS`). Once a round is paired, only the
    last starting rank may go.
    """
    name = player.full_name
    if (
        Game.objects.filter(Q(white=player) | Q(black=player)).exists()
        or Bye.objects.filter(player=player).exists()
        or player.lineups.exists()  # the teams app's line-ups, through the reverse relation
    ):
        return f"{name} is in the pairings of a round: withdraw them instead."
    section = player.section
    if any(section.trf_extra.get(name) for name in RANK_KEYED_EXTRAS):
        return (
            f"The TRF file this section came from names players by number: withdraw {name} instead."
        )
    if section.rounds.filter(status=RoundStatus.PAIRING).exists():
        return "A round is being paired: wait for its draft."
    rank = player.starting_rank
    frozen = section.rounds.filter(explanation__has_key="groups").values_list(
        "number", "explanation"
    )
    for number, explanation in frozen:
        named = {r for group in explanation["groups"] for r in group.get("members", ())}
        if rank in named or rank in explanation.get("released", ()):
            return (
                f"Round {number} was paired with {name} in a prohibited group: "
                "withdraw them instead."
            )
    if not section_ranks_movable(section=section):
        last = section.players.order_by("-starting_rank").values_list("starting_rank", flat=True)
        if player.starting_rank != last.first():
            return (
                f"Starting ranks are fixed: only the last one can be removed, "
                f"not No. {player.starting_rank}. Withdraw {name} instead."
            )
    return ""


def section_deletion_block(*, section: Section) -> str:
    """Why `section` cannot be deleted, or "": a published round, or one being paired."""
    shown = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).order_by("number").first()
    if shown is not None:
        return (
            f"Round {shown.number} of {section.name} is published: "
            "a section players have seen is kept."
        )
    if section.rounds.filter(status=RoundStatus.PAIRING).exists():
        return f"A round of {section.name} is being paired: wait for its draft."
    return ""


def event_deletion_block(*, event: Event) -> str:
    """Why `event` cannot be deleted, or "": the first section that cannot be."""
    for section in event.sections.order_by("name"):
        reason = section_deletion_block(section=section)
        if reason:
            return reason
    return ""


def section_round_to_pair(*, section: Section) -> int | None:
    """The round that may be paired now: the next one, once the round before is completed."""
    number = section_next_round(section=section)
    if number > section.planned_rounds:
        return None
    if (
        number > 1
        and not section.rounds.filter(number=number - 1, status=RoundStatus.COMPLETED).exists()
    ):
        return None
    return number


def section_version_get(*, section: Section) -> str:
    """A token that changes whenever what players see changes (four small queries).

    Rounds are saved when paired, published or completed, and games when a result is set;
    the count of boards catches boards deleted by a new pairing, players catch withdrawals
    and late entries, and bye requests show on the player cards. Separate aggregates: one
    joined query would multiply rows.
    """
    rounds = section.rounds.aggregate(last=Max("updated_at"))["last"]
    games = Game.objects.filter(round__section=section).aggregate(
        last=Max("updated_at"), boards=Count("pk")
    )
    players = section.players.aggregate(last=Max("updated_at"), count=Count("pk"))
    requests = ByeRequest.objects.filter(player__section=section).aggregate(
        last=Max("updated_at"), count=Count("pk")
    )
    parts = [section.updated_at, rounds, games["last"], games["boards"]]
    parts += [players["last"], players["count"], requests["last"], requests["count"]]
    text = "|".join(str(part) for part in parts)
    return hashlib.sha256(f"{section.pk}|{text}".encode()).hexdigest()[:16]


# ---------------------------------------------------------------------------------------
# Tournament-day pages: pairings, results, player cards, "find me"
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Board:
    """A game on a pairings page, with both players' scores before the round."""

    game: Game
    white_score: Fraction
    black_score: Fraction

    @property
    def white_score_text(self) -> str:
        return score_text(self.white_score)

    @property
    def black_score_text(self) -> str:
        return score_text(self.black_score)


@dataclass(frozen=True, slots=True)
class ByeLine:
    bye: Bye
    score: Fraction

    @property
    def score_text(self) -> str:
        return score_text(self.score)


@dataclass(frozen=True, slots=True)
class RoundPage:
    section: Section
    round: Round | None
    """None when no round is visible yet."""
    boards: list[Board]
    byes: list[ByeLine]
    visible_numbers: list[int]


@dataclass(frozen=True, slots=True)
class NameLine:
    """One player of a round in the alphabetical list: where they sit, or their bye."""

    player: Player
    score: Fraction
    board: int | None = None
    colour: str = ""
    opponent: Player | None = None
    bye: Bye | None = None

    @property
    def score_text(self) -> str:
        return score_text(self.score)


def round_by_name(page: RoundPage) -> list[NameLine]:
    """Every player of the round in alphabetical order (C.04.2 names, accents ignored) with
    their board, colour and opponent, or their bye: the list posted at the venue. No query
    beyond the page's own."""
    lines = [
        line
        for b in page.boards
        for line in (
            NameLine(b.game.white, b.white_score, b.game.board, "White", b.game.black),
            NameLine(b.game.black, b.black_score, b.game.board, "Black", b.game.white),
        )
    ]
    lines += [NameLine(line.bye.player, line.score, bye=line.bye) for line in page.byes]
    return sorted(lines, key=lambda line: ranking.name_key(line.player))


# What organisers and arbiters see besides: a round being paired and a draft.
MANAGED_ROUND_STATUSES = (*VISIBLE_ROUND_STATUSES, RoundStatus.PAIRING, RoundStatus.DRAFT)


def round_page_get(
    *, section: Section, number: int | None = None, drafts: bool = False
) -> RoundPage:
    """Boards of round `number` (default: the last visible one) with the scores before it.

    Five queries whatever the size of the section: the visible rounds, the round's games and
    byes, and the results of the earlier rounds (games, byes). Drafts (and rounds being
    paired) are shown only with `drafts`, which is for the event's managers.
    """
    statuses = MANAGED_ROUND_STATUSES if drafts else VISIBLE_ROUND_STATUSES
    rounds = list(section.rounds.filter(status__in=statuses).order_by("number"))
    visible = [r.number for r in rounds]
    if number is None:
        rnd = rounds[-1] if rounds else None
    else:
        rnd = next((r for r in rounds if r.number == number), None)
    if rnd is None:
        return RoundPage(section, None, [], [], visible)
    scores = _scores_before(section, rnd.number)
    games = rnd.games.select_related("white", "black").order_by("board")
    boards = [Board(g, scores[g.white_id], scores[g.black_id]) for g in games]
    byes = rnd.byes.select_related("player").order_by("player__starting_rank")
    lines = [ByeLine(b, scores[b.player_id]) for b in byes]
    return RoundPage(section, rnd, boards, lines, visible)


def _scores_before(section: Section, number: int) -> dict[int, Fraction]:
    """Every player's score (by primary key) from the visible rounds before `number`."""
    scoring = _scoring(section)
    scores: dict[int, Fraction] = defaultdict(Fraction)
    earlier = {
        "round__section": section,
        "round__status__in": VISIBLE_ROUND_STATUSES,
        "round__number__lt": number,
    }
    for white, black, result in Game.objects.filter(**earlier).values_list(
        "white", "black", "result"
    ):
        white_code, black_code = GAME_CODES[result]
        scores[white] += scoring.points(white_code)
        scores[black] += scoring.points(black_code)
    for player, kind in Bye.objects.filter(**earlier).values_list("player", "kind"):
        scores[player] += scoring.points(BYE_CODES[kind])
    return scores


@dataclass(frozen=True, slots=True)
class CardLine:
    """One round of a player card: a game (opponent and colour) or a bye."""

    round_number: int
    opponent: Player | None
    colour: str
    """``"w"``, ``"b"`` or ``""`` for a bye or an unpaired round."""
    result: str
    points: Fraction
    running: Fraction
    board: int | None

    @property
    def points_text(self) -> str:
        return score_text(self.points)

    @property
    def running_text(self) -> str:
        return score_text(self.running)


@dataclass(frozen=True, slots=True)
class PlayerCard:
    player: Player
    lines: list[CardLine]
    bye_requests: list[ByeRequest]

    @property
    def score(self) -> Fraction:
        return self.lines[-1].running if self.lines else Fraction(0)

    @property
    def score_text(self) -> str:
        return score_text(self.score)


_SCORE_OF_RESULT = {"1": "1", "0": "0", "=": "½", "+": "+", "-": "−"}


def player_card_get(*, section: Section, starting_rank: int) -> PlayerCard | None:
    """Every visible round of one player: opponent, colour, result, running score.

    Four queries: the player, their games (with both players), their byes, their bye
    requests. Rounds they were not paired in show as such.
    """
    player = section.players.filter(starting_rank=starting_rank).first()
    if player is None:
        return None
    visible = {"round__status__in": VISIBLE_ROUND_STATUSES}
    scoring = _scoring(section)
    by_round: dict[int, tuple[Player | None, str, str, Fraction, int | None]] = {}
    games = Game.objects.filter(Q(white=player) | Q(black=player), **visible).select_related(
        "round", "white", "black"
    )
    for game in games:
        white_code, black_code = GAME_CODES[game.result]
        is_white = game.white_id == player.pk
        code = white_code if is_white else black_code
        opponent = game.black if is_white else game.white
        text = _game_result_text(code) if game.result else "–"
        points = scoring.points(code)
        by_round[game.round.number] = (opponent, "w" if is_white else "b", text, points, game.board)
    for bye in player.byes.filter(**visible).select_related("round"):
        points = scoring.points(BYE_CODES[bye.kind])
        by_round[bye.round.number] = (None, "", bye.get_kind_display(), points, None)
    lines, running = [], Fraction(0)
    for number in range(1, max(by_round, default=0) + 1):
        opponent, colour, text, points, board = by_round.get(
            number, (None, "", "Not paired", Fraction(0), None)
        )
        running += points
        lines.append(CardLine(number, opponent, colour, text, points, running, board))
    requests = list(player.bye_requests.order_by("round_number"))
    return PlayerCard(player=player, lines=lines, bye_requests=requests)


def _game_result_text(code: rec.ResultCode) -> str:
    text = {
        rec.ResultCode.WIN: "1",
        rec.ResultCode.LOSS: "0",
        rec.ResultCode.DRAW: "½",
        rec.ResultCode.FORFEIT_WIN: "+",
        rec.ResultCode.FORFEIT_LOSS: "−",
        rec.ResultCode.UNRATED_WIN: "1 (not rated)",
        rec.ResultCode.UNRATED_LOSS: "0 (not rated)",
        rec.ResultCode.UNRATED_DRAW: "½ (not rated)",
    }
    return text.get(code, "–")


@dataclass(frozen=True, slots=True)
class FoundPlayer:
    """A player matching a search, with their board in the current round if they have one."""

    player: Player
    round_number: int | None
    game: Game | None
    bye: Bye | None

    @property
    def colour(self) -> str:
        if self.game is None:
            return ""
        return "White" if self.game.white_id == self.player.pk else "Black"

    @property
    def opponent(self) -> Player | None:
        if self.game is None:
            return None
        return self.game.black if self.game.white_id == self.player.pk else self.game.white


# A search for "a" in a 500-player section is of no use to anyone on a phone.
FIND_LIMIT = 20


def player_find(*, section: Section, query: str) -> list[FoundPlayer]:
    """Players whose name holds every word of `query`, with their current-round seat.

    Words match anywhere in the first or last name, case-insensitively (``"mag carl"``
    finds "Carlsen, Magnus"). At most `FIND_LIMIT` players; four queries.
    """
    words = [w for w in query.replace(",", " ").split() if w][:5]
    if not words:
        return []
    condition = Q()
    for word in words:
        condition &= Q(first_name__icontains=word) | Q(last_name__icontains=word)
    players = list(section.players.filter(condition).order_by("last_name", "first_name"))
    players = players[:FIND_LIMIT]
    current = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).order_by("-number").first()
    if current is None or not players:
        return [FoundPlayer(p, None, None, None) for p in players]
    pks = [p.pk for p in players]
    seats = current.games.filter(Q(white__in=pks) | Q(black__in=pks)).select_related(
        "white", "black"
    )
    game_of = {}
    for game in seats:
        game_of[game.white_id] = game
        game_of[game.black_id] = game
    bye_of = {b.player_id: b for b in current.byes.filter(player__in=pks)}
    return [FoundPlayer(p, current.number, game_of.get(p.pk), bye_of.get(p.pk)) for p in players]


@dataclass(frozen=True, slots=True)
class CrosstableCell:
    opponent: int | None
    colour: str
    result: str


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    player: Player
    cells: list[CrosstableCell]
    score: Fraction

    @property
    def score_text(self) -> str:
        return score_text(self.score)


def crosstable_get(*, section: Section, order: Sequence[int] = ()) -> list[CrosstableRow]:
    """The wall chart: a row per player, a cell per visible round (opponent's starting
    rank, colour, result), in the order of `order` (starting ranks; others follow by rank).

    Three queries: players, games, byes.
    """
    players = {p.pk: p for p in section.players.all()}
    scoring = _scoring(section)
    cells: dict[int, dict[int, CrosstableCell]] = defaultdict(dict)
    scores: dict[int, Fraction] = defaultdict(Fraction)
    visible = {"round__section": section, "round__status__in": VISIBLE_ROUND_STATUSES}
    games = Game.objects.filter(**visible).values_list("round__number", "white", "black", "result")
    for number, white, black, result in games:
        white_code, black_code = GAME_CODES[result]
        done = bool(result)
        cells[white][number] = CrosstableCell(
            players[black].starting_rank, "w", _game_result_text(white_code) if done else ""
        )
        cells[black][number] = CrosstableCell(
            players[white].starting_rank, "b", _game_result_text(black_code) if done else ""
        )
        scores[white] += scoring.points(white_code)
        scores[black] += scoring.points(black_code)
    byes = Bye.objects.filter(**visible).values_list("round__number", "player", "kind")
    for number, player, kind in byes:
        cells[player][number] = CrosstableCell(None, "", kind)
        scores[player] += scoring.points(BYE_CODES[kind])
    last = max((n for row in cells.values() for n in row), default=0)
    position = {rank: index for index, rank in enumerate(order)}
    ordered = sorted(
        players.values(),
        key=lambda p: (position.get(p.starting_rank, len(position)), p.starting_rank),
    )
    empty = CrosstableCell(None, "", "")
    return [
        CrosstableRow(
            player=p,
            cells=[cells[p.pk].get(n, empty) for n in range(1, last + 1)],
            score=scores[p.pk],
        )
        for p in ordered
    ]


# ---------------------------------------------------------------------------------------
# The section page
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRow:
    player: Player
    score: Fraction

    @property
    def score_text(self) -> str:
        return score_text(self.score)


@dataclass(frozen=True, slots=True)
class SectionPage:
    section: Section
    players: list[PlayerRow]
    rounds: list[Round]
    """Published and completed rounds, games (with players) and byes prefetched."""


def section_page_get(*, section: Section) -> SectionPage:
    """Players with their computed scores, and every visible round with its boards.

    Four queries: players, rounds, games, byes (the section comes with its event).
    """
    players = list(section.players.all())
    rounds = list(
        section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).prefetch_related(
            Prefetch("games", Game.objects.select_related("white", "black").order_by("board")),
            Prefetch("byes", Bye.objects.select_related("player")),
        )
    )
    scoring = _scoring(section)
    scores: dict[int, Fraction] = defaultdict(Fraction)
    for rnd in rounds:
        for game in rnd.games.all():
            white, black = GAME_CODES[game.result]
            scores[game.white_id] += scoring.points(white)
            scores[game.black_id] += scoring.points(black)
        for bye in rnd.byes.all():
            scores[bye.player_id] += scoring.points(BYE_CODES[bye.kind])
    rows = [PlayerRow(player=p, score=scores[p.pk]) for p in players]
    return SectionPage(section=section, players=rows, rounds=rounds)


def section_trf_get(
    *,
    section: Section,
    dialect: trf.Dialect,
    complete: Callable[[rec.Record], rec.Record] | None = None,
) -> str:
    """The section as a TRF file; `ValidationError` when a value does not fit its columns.

    `complete` fills in what this layer cannot compute before writing: the tie-break layer
    passes one that adds the points and final ranks (`tiebreaks.selectors.record_ranked`).
    """
    record = section_record(section)
    if complete is not None:
        record = complete(record)
    try:
        return trf.write(record, dialect)
    except ValueError as exc:
        raise ValidationError(f"This section cannot be written as TRF: {exc}") from exc


# ---------------------------------------------------------------------------------------
# The record
# ---------------------------------------------------------------------------------------


def section_record(section: Section) -> rec.Record:
    """The tournament record of `section`, built from the database in eight queries.

    Rounds count when published or completed. A player's round entry is their game or bye
    in that round, else the bye they asked for (`ByeRequest`), else unpaired; scores are not
    stored, the record's consumers compute them.
    """
    extra: dict[str, Any] = section.trf_extra
    players = list(
        section.players.annotate(
            team_pk=F("team_member__team"), team_board=F("team_member__board_order")
        )
    )
    rank_of = {p.pk: p.starting_rank for p in players}
    entries = _round_entries(section, rank_of)
    order = _stored_order(extra.get("player_order"), [p.starting_rank for p in players])
    by_rank = {p.starting_rank: p for p in players}
    record_players = tuple(_record_player(by_rank[r], entries[r]) for r in order)
    hints = get_type_hints(rec.Record)
    kept = {name: decode(hints[name], extra[name]) for name in EXTRA_RECORD_FIELDS if name in extra}
    kept.update(_soft_groups(section, kept))
    return rec.Record(
        players=record_players,
        event=_record_event(section, extra),
        planned_rounds=None if extra.get("planned_rounds_absent") else section.planned_rounds,
        initial_colour=_INITIAL_COLOURS[section.initial_colour],
        scoring=_scoring(section),
        virtual_points=_virtual_points(players, extra),
        forbidden_pairings=_forbidden_pairings(section, players, extra),
        tiebreaks=tuple(section.tiebreaks),
        teams=_teams(section, players, extra),
        **kept,
    )


_INITIAL_COLOURS = {
    InitialColour.WHITE: rec.Colour.WHITE,
    InitialColour.BLACK: rec.Colour.BLACK,
    InitialColour.LOT: None,
}


_SOFT_KIND_LETTERS = {ConstraintKind.SOFT_FROM_BOTTOM: "B", ConstraintKind.SOFT_LOWEST: "L"}


def _soft_groups(section: Section, kept: dict[str, Any]) -> dict[str, Any]:
    """``RKG``/``RKR`` entries: those of an imported file, then the soft groups each round
    paired here was paired with, as stored with the round (one query)."""
    groups: list[rec.SoftGroup] = list(kept.get("soft_groups", ()))
    released: list[rec.ReleasedPlayers] = list(kept.get("released", ()))
    rounds = section.rounds.filter(
        status__in=VISIBLE_ROUND_STATUSES, explanation__has_key="groups"
    ).order_by("number")
    for number, explanation in rounds.values_list("number", "explanation"):
        for group in explanation["groups"]:
            letter = _SOFT_KIND_LETTERS.get(group["kind"])
            if letter is not None:
                groups.append(rec.SoftGroup(number, letter, tuple(group["members"])))
        if explanation.get("released"):
            released.append(rec.ReleasedPlayers(number, tuple(explanation["released"])))
    return {"soft_groups": tuple(groups), "released": tuple(released)}


def _round_entries(section: Section, rank_of: dict[int, int]) -> dict[int, list[rec.RoundEntry]]:
    """Every player's round entries, from games, byes and bye requests (three queries)."""
    entries: dict[int, dict[int, rec.RoundEntry]] = {rank: {} for rank in rank_of.values()}
    uncoloured = {tuple(pair) for pair in section.trf_extra.get("uncoloured_games", [])}
    visible = {"round__section": section, "round__status__in": VISIBLE_ROUND_STATUSES}
    games = Game.objects.filter(**visible).values_list("round__number", "white", "black", "result")
    for number, white_pk, black_pk, result in games:
        white, black = rank_of[white_pk], rank_of[black_pk]
        white_code, black_code = GAME_CODES[result]
        has_colour = (number, white) not in uncoloured
        white_colour = rec.Colour.WHITE if has_colour else rec.Colour.NONE
        entries[white][number] = rec.RoundEntry(black, white_colour, white_code)
        entries[black][number] = rec.RoundEntry(white, white_colour.opposite, black_code)
    byes = Bye.objects.filter(**visible).values_list("round__number", "player", "kind")
    for number, player_pk, kind in byes:
        entries[rank_of[player_pk]][number] = rec.RoundEntry(result=BYE_CODES[kind])
    requests = ByeRequest.objects.filter(player__section=section)
    for player_pk, number, kind in requests.values_list("player", "round_number", "kind"):
        entries[rank_of[player_pk]].setdefault(number, rec.RoundEntry(result=rec.ResultCode(kind)))
    return {
        rank: [by_round.get(n, rec.UNPAIRED) for n in range(1, max(by_round, default=0) + 1)]
        for rank, by_round in entries.items()
    }


def _record_player(player: Player, rounds: list[rec.RoundEntry]) -> rec.Player:
    extra: dict[str, Any] = player.trf_extra
    return rec.Player(
        rank=player.starting_rank,
        name=player.full_name,
        sex=rec.Sex(player.sex) if player.sex else None,
        title=player.title,
        rating=player.fide_rating,
        federation=player.federation,
        fide_id=int(player.fide_id) if player.fide_id.isdigit() else None,
        birth_date=player.birth_date or None,
        points=Fraction(extra["points"]) if extra.get("points") is not None else None,
        final_rank=extra.get("final_rank"),
        rounds=tuple(rounds),
    )


def _record_event(section: Section, extra: dict[str, Any]) -> rec.Event:
    """The TRF header: as imported when the section came from a file, else the event's."""
    if "event" in extra:
        event: rec.Event = decode(rec.Event, extra["event"])
        return event
    e = section.event
    return rec.Event(
        name=f"{e.name} — {section.name}",
        city=e.city,
        federation=e.federation,
        start_date=e.start_date,
        end_date=e.end_date,
        chief_arbiter=e.chief_arbiter,
        time_control=e.time_control,
        system=SYSTEM_CODES.get(section.system, ""),
    )


def _scoring(section: Section) -> rec.ScoringSystem:
    if "scoring" in section.trf_extra:
        scoring: rec.ScoringSystem = decode(rec.ScoringSystem, section.trf_extra["scoring"])
        return scoring
    return rec.ScoringSystem(
        win=Fraction(section.points_win),
        draw=Fraction(section.points_draw),
        loss=Fraction(section.points_loss),
        forfeit_win=Fraction(section.points_forfeit_win),
        forfeit_loss=Fraction(section.points_forfeit_loss),
        pairing_allocated_bye=Fraction(section.points_pab),
        half_point_bye=Fraction(section.points_half_bye),
        full_point_bye=Fraction(section.points_full_bye),
        zero_point_bye=Fraction(section.points_zero_bye),
    )


def _virtual_points(players: list[Player], extra: dict[str, Any]) -> tuple[rec.VirtualPoints, ...]:
    """Manual acceleration (XXA): per player, plus any lines that had no place on a player."""
    kept = decode(tuple[rec.VirtualPoints, ...], extra.get("virtual_points", []))
    on_players = tuple(
        rec.VirtualPoints(p.starting_rank, tuple(Fraction(v) for v in p.acceleration))
        for p in players
        if p.acceleration
    )
    return (*kept, *on_players)


def _forbidden_pairings(
    section: Section, players: list[Player], extra: dict[str, Any]
) -> tuple[rec.ForbiddenPairing, ...]:
    """Strict prohibited groups (two queries), after any pairings kept from the file.

    A group made from an attribute forbids pairings among players sharing a value of it.
    """
    kept: tuple[rec.ForbiddenPairing, ...] = decode(
        tuple[rec.ForbiddenPairing, ...], extra.get("forbidden_pairings", [])
    )
    groups = section.prohibited_groups.filter(kind=ConstraintKind.STRICT).order_by("pk")
    members = defaultdict(list)
    through = ProhibitedGroup.members.through.objects.filter(prohibitedgroup__in=groups)
    for group_pk, rank in through.values_list("prohibitedgroup", "player__starting_rank"):
        members[group_pk].append(rank)
    written: dict[str, list[int]] = extra.get("forbidden_order", {})
    result = list(kept)
    for group in groups:
        if group.source == GroupSource.ATTRIBUTE:
            result.extend(_attribute_pairings(group.attribute, players))
            continue
        ranks = _stored_order(written.get(str(group.pk)), sorted(members[group.pk]))
        if len(ranks) >= 2:
            result.append(rec.ForbiddenPairing(tuple(ranks)))
    return tuple(result)


def _attribute_pairings(attribute: str, players: list[Player]) -> list[rec.ForbiddenPairing]:
    values: dict[object, list[int]] = defaultdict(list)
    for p in players:
        value = p.team_pk if attribute == "team" else getattr(p, attribute, "")
        if value not in ("", None):
            values[value].append(p.starting_rank)
    return [
        rec.ForbiddenPairing(tuple(ranks))
        for _value, ranks in sorted(values.items(), key=lambda item: item[1])
        if len(ranks) >= 2
    ]


def _teams(section: Section, players: list[Player], extra: dict[str, Any]) -> tuple[rec.Team, ...]:
    """Teams of the section in pairing-number order (one query), members in board order."""
    if "teams" in extra:
        kept: tuple[rec.Team, ...] = decode(tuple[rec.Team, ...], extra["teams"])
        return kept
    rosters: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for p in players:
        if p.team_pk is not None:
            rosters[p.team_pk].append((p.team_board, p.starting_rank))
    details: dict[str, dict[str, Any]] = extra.get("team_details", {})
    teams = []
    for pk, number, name, short_name in section.teams.order_by("starting_rank").values_list(
        "pk", "starting_rank", "name", "short_name"
    ):
        more = details.get(str(number), {})
        teams.append(
            rec.Team(
                number=number,
                name=name,
                nickname=short_name,
                members=tuple(rank for _board, rank in sorted(rosters[pk])),
                strength_factor=decode(Fraction | None, more.get("strength_factor")),
                match_points=decode(Fraction | None, more.get("match_points")),
                game_points=decode(Fraction | None, more.get("game_points")),
                rank=more.get("rank"),
            )
        )
    return tuple(teams)


def _stored_order(written: list[int] | None, current: list[int]) -> list[int]:
    """The order a file listed things in, while it still names exactly the current ones."""
    if written is not None and sorted(written) == sorted(current):
        return list(written)
    return current


ROUND_CSV_HEADER = [
    "Board", "White No", "White", "White rating", "White points",
    "Result",
    "Black No", "Black", "Black rating", "Black points",
]  # fmt: skip


def round_csv_rows(*, page: RoundPage) -> list[list[Any]]:
    """The pairings of a round as spreadsheet rows: a header, the boards, then the byes."""
    rows: list[list[Any]] = [ROUND_CSV_HEADER]
    for board in page.boards:
        g = board.game
        rows.append([
            g.board, g.white.starting_rank, g.white.full_name, g.white.rating or "",
            score_decimal_text(board.white_score), g.result,
            g.black.starting_rank, g.black.full_name, g.black.rating or "",
            score_decimal_text(board.black_score),
        ])  # fmt: skip
    for line in page.byes:
        p = line.bye.player
        rows.append([
            "", p.starting_rank, p.full_name, p.rating or "", score_decimal_text(line.score),
            line.bye.get_kind_display(), "", "", "", "",
        ])  # fmt: skip
    return rows
