"""Tournament-day pages: a round's pairings (by board and by name) with the scores before
it, and the section page's players with their scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import Prefetch

from chesscore import ranking
from tournaments.extensions import BoardTeams
from tournaments.extensions import board_teams_get
from tournaments.models import Bye
from tournaments.models import Game
from tournaments.models import Player
from tournaments.models import Round
from tournaments.models import Section
from tournaments.selectors.record import section_scoring
from tournaments.selectors.rounds import MANAGED_ROUND_STATUSES
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.scores import Scored
from tournaments.selectors.scores import ScoreText
from tournaments.selectors.scores import scores_count
from tournaments.selectors.scores import section_scores_get


def round_board_teams_get(*, round: Round) -> Mapping[int, BoardTeams]:
    """Each board's match and teams in a team section (one query); nothing for individual
    sections."""
    if not round.section.is_team:
        return {}
    return board_teams_get(round)


def round_board_labels_get(*, round: Round) -> Mapping[int, str]:
    """Each board's label in a team section (`BoardTeams.label`); nothing for individual
    sections."""
    return {board: teams.label for board, teams in round_board_teams_get(round=round).items()}


@dataclass(frozen=True, slots=True)
class PairingLine:
    """One board of a pairings page: its game, with both players' scores before the round."""

    game: Game
    white_score: Fraction
    black_score: Fraction
    teams: BoardTeams | None = None
    """The board's match and teams in a team section (`round_board_teams_get`)."""

    @property
    def label(self) -> str:
        return self.teams.label if self.teams else ""

    white_score_text = ScoreText("white_score")
    black_score_text = ScoreText("black_score")


@dataclass(frozen=True, slots=True)
class ByeLine(Scored):
    bye: Bye
    score: Fraction


@dataclass(frozen=True, slots=True)
class RoundPage:
    section: Section
    round: Round | None
    """None when no round is visible yet."""
    boards: list[PairingLine]
    byes: list[ByeLine]
    visible_numbers: list[int]


@dataclass(frozen=True, slots=True)
class NameLine(Scored):
    """One player of a round in the alphabetical list: where they sit, or their bye."""

    player: Player
    score: Fraction
    board: int | None = None
    colour: str = ""
    opponent: Player | None = None
    bye: Bye | None = None
    label: str = ""


def round_by_name(page: RoundPage) -> list[NameLine]:
    """Every player of the round in alphabetical order (C.04.2 names, accents ignored) with
    their board, colour and opponent, or their bye: the list posted at the venue. No query
    beyond the page's own."""
    lines = [
        line
        for b in page.boards
        for line in (
            NameLine(
                b.game.white, b.white_score, b.game.board, "White", b.game.black, None, b.label
            ),
            NameLine(
                b.game.black, b.black_score, b.game.board, "Black", b.game.white, None, b.label
            ),
        )
    ]
    lines += [NameLine(line.bye.player, line.score, bye=line.bye) for line in page.byes]
    return sorted(lines, key=lambda line: ranking.name_key(line.player))


def round_page_get(
    *, section: Section, number: int | None = None, drafts: bool = False
) -> RoundPage:
    """Boards of round `number` (default: the last visible one) with the scores before it.

    Five queries whatever the size of the section: the visible rounds, the round's games and
    byes, and the results of the earlier rounds (games, byes); a team section one more for
    the teams of each board. Drafts (and rounds being
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
    scores = section_scores_get(section=section, before_round=rnd.number)
    games = rnd.games.select_related("white", "black").order_by("board")
    teams = round_board_teams_get(round=rnd)
    boards = [
        PairingLine(g, scores[g.white_id], scores[g.black_id], teams.get(g.board)) for g in games
    ]
    byes = rnd.byes.select_related("player").order_by("player__starting_rank")
    lines = [ByeLine(b, scores[b.player_id]) for b in byes]
    return RoundPage(section, rnd, boards, lines, visible)


@dataclass(frozen=True, slots=True)
class PlayerRow(Scored):
    player: Player
    score: Fraction


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
    scores = scores_count(
        section_scoring(section),
        ((g.white_id, g.black_id, g.result) for rnd in rounds for g in rnd.games.all()),
        ((b.player_id, b.kind) for rnd in rounds for b in rnd.byes.all()),
    )
    rows = [PlayerRow(player=p, score=scores[p.pk]) for p in players]
    return SectionPage(section=section, players=rows, rounds=rounds)
