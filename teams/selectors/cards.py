"""Reads: match cards with their derived results, a team's results board by board.

A match result is computed on every read from the games of the line-ups' boards (or the
match's forfeit), never stored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction

from django.db.models import Q

from chesscore.record import model as rec
from chesscore.record.scores import score_text
from teams.models import Lineup
from teams.models import MatchForfeit
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.selectors.rosters import match_scoring
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.record import section_scoring
from tournaments.selectors.rounds import MANAGED_ROUND_STATUSES
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.scores import ScoreText
from tournaments.selectors.scores import game_points


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of a match, from the white team's side.

    The white team has White on odd boards (C.04.6). Points are None while the board is
    still to be played; an empty board is lost by forfeit against a player who is there.
    """

    board: int
    white_team_player: Player | None
    black_team_player: Player | None
    game: Game | None
    white_team_points: Fraction | None
    black_team_points: Fraction | None

    @property
    def white_team_has_white(self) -> bool:
        return self.board % 2 == 1

    @property
    def result_text(self) -> str:
        return _points_text(self.white_team_points, self.black_team_points)


def _points_text(white: Fraction | None, black: Fraction | None) -> str:
    """The points of the two sides, ``2½–1½``; empty while either has none."""
    if white is None or black is None:
        return ""
    return f"{score_text(white)}–{score_text(black)}"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Game points so far; match points once every board has a result (or on a forfeit)."""

    white_game_points: Fraction
    black_game_points: Fraction
    white_match_points: Fraction | None
    black_match_points: Fraction | None

    @property
    def is_complete(self) -> bool:
        return self.white_match_points is not None

    @property
    def game_points_text(self) -> str:
        return _points_text(self.white_game_points, self.black_game_points)

    @property
    def match_points_text(self) -> str:
        return _points_text(self.white_match_points, self.black_match_points)


@dataclass(frozen=True, slots=True)
class MatchCard:
    match: TeamMatch
    boards: tuple[BoardLine, ...]
    result: MatchResult


def _board_points(
    white: Player | None,
    black: Player | None,
    games: dict[int, Game],
    scoring: rec.ScoringSystem,
) -> tuple[Game | None, Fraction | None, Fraction | None]:
    if white is None or black is None:
        if white is None and black is None:
            return None, Fraction(0), Fraction(0)
        won, lost = scoring.forfeit_win, scoring.forfeit_loss
        return None, (won if white else lost), (won if black else lost)
    game = games.get(white.pk)
    if game is None or black.pk not in (game.white_id, game.black_id):
        return None, None, None
    if game.result == GameResult.PENDING:
        return game, None, None
    white_points, black_points = game_points(scoring, game.result)
    if game.white_id != white.pk:
        white_points, black_points = black_points, white_points
    return game, white_points, black_points


def _match_result(
    match: TeamMatch, boards: tuple[BoardLine, ...], boards_count: int, section: Section
) -> MatchResult:
    ms, scoring = match_scoring(section), section_scoring(section)
    if match.forfeit == MatchForfeit.DOUBLE:
        return MatchResult(Fraction(0), Fraction(0), ms.loss, ms.loss)
    if match.forfeit in (MatchForfeit.WHITE_WINS, MatchForfeit.BLACK_WINS):
        won = scoring.forfeit_win * boards_count
        if match.forfeit == MatchForfeit.WHITE_WINS:
            return MatchResult(won, Fraction(0), ms.win, ms.loss)
        return MatchResult(Fraction(0), won, ms.loss, ms.win)
    white = sum((b.white_team_points or Fraction(0) for b in boards), Fraction(0))
    black = sum((b.black_team_points or Fraction(0) for b in boards), Fraction(0))
    pending = not boards or any(b.white_team_points is None for b in boards)
    if pending:
        return MatchResult(white, black, None, None)
    if white > black:
        return MatchResult(white, black, ms.win, ms.loss)
    if white < black:
        return MatchResult(white, black, ms.loss, ms.win)
    return MatchResult(white, black, ms.draw, ms.draw)


def _cards(section: Section, matches: Iterable[TeamMatch]) -> list[MatchCard]:
    """Cards of `matches` (teams and round selected): two queries, line-ups and games."""
    matches = list(matches)
    lineups = Lineup.objects.filter(match__in=matches).select_related("player")
    by_side: dict[tuple[int, int], dict[int, Player | None]] = defaultdict(dict)
    for lineup in lineups:
        by_side[lineup.match_id, lineup.team_id][lineup.board] = lineup.player
    rounds = {m.round_id for m in matches}
    games: dict[int, dict[int, Game]] = defaultdict(dict)
    for game in Game.objects.filter(round__in=rounds):
        games[game.round_id][game.white_id] = game
        games[game.round_id][game.black_id] = game
    scoring = section_scoring(section)
    boards_count = section.boards_per_match or 0
    cards = []
    for match in matches:
        white_side = by_side[match.pk, match.white_team_id]
        black_side = by_side[match.pk, match.black_team_id]
        in_round = games[match.round_id]
        count = max([boards_count, *white_side, *black_side])
        lines = []
        for board in range(1, count + 1):
            white, black = white_side.get(board), black_side.get(board)
            played, white_points, black_points = _board_points(white, black, in_round, scoring)
            lines.append(BoardLine(board, white, black, played, white_points, black_points))
        boards = tuple(lines) if (white_side or black_side) else ()
        cards.append(MatchCard(match, boards, _match_result(match, boards, count, section)))
    return cards


def team_match_result_get(*, match: TeamMatch) -> MatchResult:
    """The result of one match from its boards' games, or its forfeit (three queries)."""
    match = TeamMatch.objects.select_related("round__section", "white_team", "black_team").get(
        pk=match.pk
    )
    return _cards(match.round.section, [match])[0].result


@dataclass(frozen=True, slots=True)
class RoundMatches:
    section: Section
    round: Round | None
    cards: list[MatchCard]
    visible_numbers: list[int]
    byes: list[TeamBye] = field(default_factory=list)


def round_matches_get(*, section: Section, number: int, drafts: bool = False) -> RoundMatches:
    """The match cards and team byes of round `number` (five queries); drafts only with
    `drafts`."""
    statuses = MANAGED_ROUND_STATUSES if drafts else VISIBLE_ROUND_STATUSES
    rounds = list(section.rounds.filter(status__in=statuses).order_by("number"))
    rnd = next((r for r in rounds if r.number == number), None)
    visible = [r.number for r in rounds]
    if rnd is None:
        return RoundMatches(section, None, [], visible)
    matches = rnd.team_matches.select_related("round", "white_team", "black_team")
    matches = matches.order_by("number")
    byes = list(rnd.team_byes.select_related("team").order_by("team__starting_rank"))
    return RoundMatches(section, rnd, _cards(section, matches), visible, byes)


# ---------------------------------------------------------------------------------------
# A team's page: roster and results board by board
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerOnBoard:
    player: Player
    played: int
    points: Fraction

    points_text = ScoreText("points")


@dataclass(frozen=True, slots=True)
class BoardResults:
    board: int
    players: tuple[PlayerOnBoard, ...]

    @property
    def played(self) -> int:
        """The games of the board with a result, whoever played them."""
        return sum(p.played for p in self.players)

    @property
    def points(self) -> Fraction:
        return sum((p.points for p in self.players), Fraction(0))

    points_text = ScoreText("points")


@dataclass(frozen=True, slots=True)
class TeamPage:
    team: Team
    members: list[TeamMember]
    cards: list[MatchCard]
    boards: list[BoardResults]


def team_page_get(*, section: Section, team: Team) -> TeamPage:
    """The roster, the team's matches in visible rounds and its results on each board.

    A board counts for a player when it has a result (a game or a forfeit against an empty
    board); the whole-match forfeits are left out, nobody played them. Five queries.
    """
    members = list(team.members.select_related("player").order_by("board_order"))
    matches = (
        TeamMatch.objects.filter(Q(white_team=team) | Q(black_team=team))
        .filter(round__status__in=VISIBLE_ROUND_STATUSES)
        .select_related("round", "white_team", "black_team")
        .order_by("round__number")
    )
    cards = _cards(section, matches)
    tally: dict[int, dict[int, tuple[Player, int, Fraction]]] = defaultdict(dict)
    for card in cards:
        if card.match.forfeit:
            continue
        is_white = card.match.white_team_id == team.pk
        for line in card.boards:
            player = line.white_team_player if is_white else line.black_team_player
            points = line.white_team_points if is_white else line.black_team_points
            if player is None or points is None:
                continue
            _, played, total = tally[line.board].get(player.pk, (player, 0, Fraction(0)))
            tally[line.board][player.pk] = (player, played + 1, total + points)
    boards = [
        BoardResults(board, tuple(PlayerOnBoard(*values) for values in tally[board].values()))
        for board in sorted(tally)
    ]
    return TeamPage(team, members, cards, boards)
