"""Reads: rosters, match cards with their derived results, a team's results by board.

A match result is computed on every read from the games of the line-ups' boards (or the
match's forfeit), never stored. Each page selector costs a fixed number of queries,
whatever the number of teams.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction

from django.db.models import Prefetch, Q, QuerySet

from teams.models import Lineup, MatchForfeit, Team, TeamBye, TeamMatch, TeamMember
from tournaments.models import (
    ConstraintKind,
    Game,
    GameResult,
    GroupSource,
    Player,
    PlayerStatus,
    Round,
    Section,
)
from tournaments.record import model as rec
from tournaments.selectors import (
    GAME_CODES,
    MANAGED_ROUND_STATUSES,
    VISIBLE_ROUND_STATUSES,
    score_text,
    section_record,
)


def team_list(*, section: Section) -> QuerySet[Team]:
    """The section's teams by number, each with its roster in board order (two queries)."""
    members = TeamMember.objects.select_related("player").order_by("board_order")
    return section.teams.order_by("starting_rank").prefetch_related(
        Prefetch("members", queryset=members)
    )


def round_numbers_get(*, section: Section) -> list[int]:
    """Numbers of the rounds players see (published or completed), in order."""
    rounds = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES).order_by("number")
    return list(rounds.values_list("number", flat=True))


def managed_round_numbers_get(*, section: Section) -> list[int]:
    """Numbers of the rounds organisers see (drafts too), in order."""
    rounds = section.rounds.filter(status__in=MANAGED_ROUND_STATUSES).order_by("number")
    return list(rounds.values_list("number", flat=True))


def team_get(*, section: Section, number: int) -> Team | None:
    return section.teams.filter(starting_rank=number).first()


def _scoring(section: Section) -> rec.ScoringSystem:
    return rec.ScoringSystem(
        win=Fraction(section.points_win),
        draw=Fraction(section.points_draw),
        loss=Fraction(section.points_loss),
        forfeit_win=Fraction(section.points_forfeit_win),
        forfeit_loss=Fraction(section.points_forfeit_loss),
    )


def match_scoring(section: Section) -> rec.MatchScoring:
    """Match points for a won, drawn and lost match: the section's own, else 2, 1, 0."""
    kept = section.trf_extra.get("match_scoring") or {}
    return rec.MatchScoring(**{key: Fraction(value) for key, value in kept.items()})


# ---------------------------------------------------------------------------------------
# Match cards
# ---------------------------------------------------------------------------------------


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
        if self.white_team_points is None or self.black_team_points is None:
            return ""
        return f"{score_text(self.white_team_points)}–{score_text(self.black_team_points)}"


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
        return f"{score_text(self.white_game_points)}–{score_text(self.black_game_points)}"

    @property
    def match_points_text(self) -> str:
        if self.white_match_points is None or self.black_match_points is None:
            return ""
        return f"{score_text(self.white_match_points)}–{score_text(self.black_match_points)}"


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
    white_code, black_code = GAME_CODES[game.result]
    if game.white_id != white.pk:
        white_code, black_code = black_code, white_code
    return game, scoring.points(white_code), scoring.points(black_code)


def _match_result(
    match: TeamMatch, boards: tuple[BoardLine, ...], boards_count: int, section: Section
) -> MatchResult:
    ms, scoring = match_scoring(section), _scoring(section)
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
    scoring = _scoring(section)
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
            game, white_points, black_points = _board_points(white, black, in_round, scoring)
            lines.append(BoardLine(board, white, black, game, white_points, black_points))
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

    @property
    def points_text(self) -> str:
        return score_text(self.points)


@dataclass(frozen=True, slots=True)
class BoardResults:
    board: int
    players: tuple[PlayerOnBoard, ...]
    played: int
    points: Fraction

    @property
    def points_text(self) -> str:
        return score_text(self.points)


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
    boards = []
    for board in sorted(tally):
        players = tuple(PlayerOnBoard(*values) for values in tally[board].values())
        boards.append(
            BoardResults(
                board,
                players,
                sum(p.played for p in players),
                sum((p.points for p in players), Fraction(0)),
            )
        )
    return TeamPage(team, members, cards, boards)


# ---------------------------------------------------------------------------------------
# The team record: line-ups and forfeited matches added to the section's record
# ---------------------------------------------------------------------------------------


def team_record_get(*, section: Section) -> rec.Record:
    """`section_record` with what the site knows of the teams' rounds (`team_record_complete`).

    Four queries more than `section_record`.
    """
    return team_record_complete(section=section, record=section_record(section))


def team_record_complete(*, section: Section, record: rec.Record) -> rec.Record:
    """`record` (the section's) with the teams' rounds of the published rounds added.

    - a line-up (300) per team of every match, empty boards as ``0000``;
    - the forfeited matches (330) and the team PAB of each round (320, worth
      `team_pab_points`);
    - the board colours (352) when the section has a number of boards and the record no
      sequence: White for the board-1 team on odd boards (C.04.6 4);
    - strict prohibited groups as forbidden pairings of teams (260/XXP name teams in a team
      file): a group of players forbids the pairing of their teams, a group by federation
      forbids the pairing of teams of one federation.

    Rows here replace what an imported file said about the same round; the rest of the
    imported lines stay. Four queries.
    """
    matches = list(
        TeamMatch.objects.filter(
            round__section=section, round__status__in=VISIBLE_ROUND_STATUSES
        ).select_related("round", "white_team", "black_team")
    )
    boards: dict[tuple[int, int], dict[int, int | None]] = defaultdict(dict)
    for lineup in Lineup.objects.filter(match__in=matches).select_related("player", "team"):
        rank = lineup.player.starting_rank if lineup.player else None
        boards[lineup.match_id, lineup.team.starting_rank][lineup.board] = rank
    lineups, forfeits, seen = [], [], set()
    for m in matches:
        number, white, black = (
            m.round.number,
            m.white_team.starting_rank,
            m.black_team.starting_rank,
        )
        seen.add(number)
        for team, opponent in ((white, black), (black, white)):
            side = boards.get((m.pk, team))
            if side:
                line = tuple(side.get(b) for b in range(1, max(side) + 1))
                lineups.append(rec.TeamLineup(number, team, opponent, line))
        if m.forfeit:
            forfeits.append(rec.ForfeitedMatch(rec.MatchForfeit(m.forfeit), number, white, black))
    byes = dict(
        TeamBye.objects.filter(
            round__section=section, round__status__in=VISIBLE_ROUND_STATUSES
        ).values_list("round__number", "team__starting_rank")
    )
    seen.update(byes)
    kept_lineups = tuple(x for x in record.lineups if x.round not in seen)
    kept_forfeits = tuple(x for x in record.forfeited_matches if x.round not in seen)
    event = record.event
    if not event.board_colours and section.boards_per_match:
        event = replace(
            event, board_colours=("WB" * section.boards_per_match)[: section.boards_per_match]
        )
    return replace(
        record,
        event=event,
        lineups=kept_lineups + tuple(lineups),
        forfeited_matches=kept_forfeits + tuple(forfeits),
        team_pab=_team_pab(section, record, seen, byes),
        forbidden_pairings=_team_forbidden_pairings(section, record),
    )


def team_pab_points(section: Section) -> tuple[Fraction, Fraction]:
    """Match and game points of the team PAB: a drawn match and a draw on every board
    (C.04.6 1.4), unless the section's imported file said otherwise (320)."""
    kept = section.trf_extra.get("team_pab")
    if kept:
        return Fraction(kept["match_points"]), Fraction(kept["game_points"])
    boards = section.boards_per_match or 0
    return match_scoring(section).draw, _scoring(section).draw * boards


def _team_pab(
    section: Section, record: rec.Record, seen: set[int], byes: dict[int, int]
) -> rec.TeamPab | None:
    """The 320 line: the file's PAB teams in rounds the site has not paired, the site's in
    the others."""
    teams: dict[int, int | None] = {}
    if record.team_pab is not None:
        teams = {n: t for n, t in enumerate(record.team_pab.teams, start=1) if n not in seen}
    teams.update(byes)
    if not any(t is not None for t in teams.values()):
        return record.team_pab
    match_points, game_points = team_pab_points(section)
    last = max(n for n, t in teams.items() if t is not None)
    return rec.TeamPab(match_points, game_points, tuple(teams.get(n) for n in range(1, last + 1)))


def _team_forbidden_pairings(
    section: Section, record: rec.Record
) -> tuple[rec.ForbiddenPairing, ...]:
    """The file's forbidden pairings (team numbers already), then the strict groups' (three
    queries). Groups by another attribute than the federation say nothing about teams."""
    kept = record.forbidden_pairings[: len(section.trf_extra.get("forbidden_pairings", []))]
    team_of = dict(
        TeamMember.objects.filter(team__section=section).values_list(
            "player__starting_rank", "team__starting_rank"
        )
    )
    groups = section.prohibited_groups.filter(kind=ConstraintKind.STRICT).order_by("pk")
    found: list[rec.ForbiddenPairing] = []
    for group in groups.prefetch_related("members"):
        if group.source == GroupSource.ATTRIBUTE:
            if group.attribute == "federation":
                found.extend(_federation_pairings(section))
            continue
        numbers = sorted({team_of.get(p.starting_rank) for p in group.members.all()} - {None})
        if len(numbers) >= 2:
            found.append(rec.ForbiddenPairing(tuple(numbers)))
    return (*kept, *found)


def _federation_pairings(section: Section) -> list[rec.ForbiddenPairing]:
    by_federation: dict[str, list[int]] = defaultdict(list)
    for number, federation in section.teams.order_by("starting_rank").values_list(
        "starting_rank", "federation"
    ):
        if federation:
            by_federation[federation].append(number)
    return [
        rec.ForbiddenPairing(tuple(numbers))
        for numbers in sorted(by_federation.values())
        if len(numbers) >= 2
    ]


# ---------------------------------------------------------------------------------------
# Line-up entry
# ---------------------------------------------------------------------------------------


def is_available(player: Player, round_number: int) -> bool:
    """True when `player` may play round `round_number`: entered and not withdrawn yet."""
    if player.entry_round > round_number:
        return False
    return player.status != PlayerStatus.WITHDRAWN or (player.withdrawn_from_round or 0) > (
        round_number
    )


def lineup_default(*, team: Team, round_number: int, boards: int) -> list[Player | None]:
    """The roster in board order without players who cannot play the round, cut to `boards`.

    Short rosters leave the last boards empty (None).
    """
    members = team.members.select_related("player").order_by("board_order")
    available = [m.player for m in members if is_available(m.player, round_number)]
    chosen: list[Player | None] = list(available[:boards])
    return chosen + [None] * (boards - len(chosen))


def team_match_get(*, section: Section, number: int, match_number: int) -> TeamMatch | None:
    """Match `match_number` of round `number` of `section`, if any."""
    return (
        TeamMatch.objects.filter(round__section=section, round__number=number, number=match_number)
        .select_related("round", "white_team", "black_team")
        .first()
    )


def team_round_match_get(*, section: Section, number: int, team: Team | None) -> TeamMatch | None:
    """The match `team` plays in round `number` of `section`, if any."""
    if team is None:
        return None
    return (
        TeamMatch.objects.filter(round__section=section, round__number=number)
        .filter(Q(white_team=team) | Q(black_team=team))
        .select_related("round", "white_team", "black_team")
        .first()
    )


def lineup_choices_get(
    *, match: TeamMatch, team: Team, boards: int
) -> tuple[list[Player], list[Player | None]]:
    """The roster in board order, and the current line-up (else the default one)."""
    roster = [m.player for m in team.members.select_related("player").order_by("board_order")]
    entered = {
        row.board: row.player
        for row in Lineup.objects.filter(match=match, team=team).select_related("player")
    }
    if entered:
        return roster, [entered.get(b) for b in range(1, boards + 1)]
    return roster, lineup_default(team=team, round_number=match.round.number, boards=boards)
