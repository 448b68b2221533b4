"""Each player's rounds: the player card, the crosstable, and finding a player by name."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Q

from chesscore import ranking
from chesscore.record import model as rec
from chesscore.record.names import name_found
from chesscore.record.names import name_query
from chesscore.record.names import name_search_key
from tournaments.models import Bye
from tournaments.models import ByeRequest
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.record import GAME_CODES
from tournaments.selectors.record import section_scoring
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.scores import Scored
from tournaments.selectors.scores import ScoreText
from tournaments.selectors.scores import bye_points
from tournaments.selectors.scores import game_points
from tournaments.selectors.scores import scores_count

# What a card says of a round the player was not paired in.
NOT_PAIRED = "Not paired"


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

    points_text = ScoreText("points")
    running_text = ScoreText("running")


@dataclass(frozen=True, slots=True)
class PlayerCard(Scored):
    player: Player
    lines: list[CardLine]
    bye_requests: list[ByeRequest]

    @property
    def score(self) -> Fraction:
        return self.lines[-1].running if self.lines else Fraction(0)


def player_card_get(*, section: Section, starting_rank: int) -> PlayerCard | None:
    """Every visible round of one player: opponent, colour, result, running score.

    Four queries: the player, their games (with both players), their byes, their bye
    requests. Rounds they were not paired in show as such.
    """
    player = section.players.filter(starting_rank=starting_rank).first()
    if player is None:
        return None
    visible = {"round__status__in": VISIBLE_ROUND_STATUSES}
    scoring = section_scoring(section)
    by_round: dict[int, tuple[Player | None, str, str, Fraction, int | None]] = {}
    games = Game.objects.filter(Q(white=player) | Q(black=player), **visible).select_related(
        "round", "white", "black"
    )
    for game in games:
        is_white = game.white_id == player.pk
        side = 0 if is_white else 1
        opponent: Player | None = game.black if is_white else game.white
        text = _game_result_text(GAME_CODES[game.result][side]) if game.result else "–"
        points = game_points(scoring, game.result)[side]
        by_round[game.round.number] = (opponent, "w" if is_white else "b", text, points, game.board)
    for bye in player.byes.filter(**visible).select_related("round"):
        points = bye_points(scoring, bye.kind)
        by_round[bye.round.number] = (None, "", bye.get_kind_display(), points, None)
    lines, running = [], Fraction(0)
    for number in range(1, max(by_round, default=0) + 1):
        opponent, colour, text, points, board = by_round.get(
            number, (None, "", NOT_PAIRED, Fraction(0), None)
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
    """`player_search` in one section."""
    return player_search(sections=[section], query=query)


def player_search(*, sections: Sequence[Section], query: str) -> list[FoundPlayer]:
    """Players of `sections` whose name holds every word of `query`, each with their seat
    in their section's current round (the last published or completed one; drafts never).

    Words match anywhere in the first or last name by the site's one rule for names
    (`chesscore.record.names`): case and accents aside, ø, ł, đ, þ, ß and the like
    written plainly, ü, ö, ä, ø, å also as ue, oe, ae, oe, aa: "mag carl" finds "Carlsen,
    Magnus", "bjornsdottir" finds "Bjørnsdóttir", "mueller" finds "Müller".

    Names are folded here, in Python, not in the database (whose collations differ on
    accents and know no "ue" for "ü"): one query reads every name (three short columns a
    player); the names of 10,000 players, most of them accented, fold in under a fifth of
    a second, and the folds are remembered, so that the next search over them takes some
    hundredths. A stored key would be faster still, but would have to be kept up to date
    on every way a player is written (forms, rosters, TRF files, backups). At most
    `FIND_LIMIT` players come back in alphabetical order, and four more queries read
    them, their rounds, games and byes.
    """
    words = name_query(query)[:5]
    if not words or not sections:
        return []
    names = Player.objects.filter(section__in=sections).values_list("pk", "first_name", "last_name")
    matched = [pk for pk, first, last in names if name_found(words, name_search_key(first, last))]
    if not matched:
        return []
    players = sorted(
        Player.objects.filter(pk__in=matched).select_related("section", "section__event"),
        key=lambda p: (*ranking.name_key(p), p.section.name, p.pk),
    )[:FIND_LIMIT]
    current: dict[int, Round] = {}
    shown = Round.objects.filter(
        section__in={p.section_id for p in players}, status__in=VISIBLE_ROUND_STATUSES
    )
    for rnd in shown.order_by("section_id", "number"):
        current[rnd.section_id] = rnd
    if not current:
        return [FoundPlayer(p, None, None, None) for p in players]
    pks = [p.pk for p in players]
    rounds = list(current.values())
    games = Game.objects.filter(
        Q(white__in=pks) | Q(black__in=pks), round__in=rounds
    ).select_related("white", "black")
    game_of = {}
    for game in games:
        game_of[game.white_id] = game
        game_of[game.black_id] = game
    bye_of = {b.player_id: b for b in Bye.objects.filter(round__in=rounds, player__in=pks)}
    found = []
    for p in players:
        latest = current.get(p.section_id)
        number = latest.number if latest is not None else None
        found.append(FoundPlayer(p, number, game_of.get(p.pk), bye_of.get(p.pk)))
    return found


@dataclass(frozen=True, slots=True)
class CrosstableCell:
    opponent: int | None
    colour: str
    result: str


@dataclass(frozen=True, slots=True)
class CrosstableRow(Scored):
    player: Player
    cells: list[CrosstableCell]
    score: Fraction


def crosstable_get(
    *, section: Section, order: Sequence[int] = (), through_round: int | None = None
) -> list[CrosstableRow]:
    """The wall chart: a row per player, a cell per visible round (opponent's starting
    rank, colour, result), in the order of `order` (starting ranks; others follow by rank).

    A row's score counts the rounds up to `through_round` (all visible rounds when None), so
    that a wall chart ranked after the last completed round shows the points that rank it;
    the cells of later rounds are still shown.

    Three queries: players, games, byes.
    """
    players = {p.pk: p for p in section.players.all()}
    scoring = section_scoring(section)
    cells: dict[int, dict[int, CrosstableCell]] = defaultdict(dict)
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
    byes = Bye.objects.filter(**visible).values_list("round__number", "player", "kind")
    for number, player, kind in byes:
        cells[player][number] = CrosstableCell(None, "", kind)

    def counted(number: int) -> bool:
        return through_round is None or number <= through_round

    scores = scores_count(
        scoring,
        ((white, black, result) for number, white, black, result in games if counted(number)),
        ((player, kind) for number, player, kind in byes if counted(number)),
    )
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
