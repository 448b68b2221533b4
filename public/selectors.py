"""Reads: standings of a section, computed by the C.07 engine from the section's record.

Nothing here is stored: the record is built from the database and ranked on every call.
"""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import replace
from fractions import Fraction
from typing import Generic
from typing import TypeVar

from django.db.models import Max
from django.db.models import Q

from chesscore.record import model as rec
from chesscore.record.trf import Dialect
from chesscore.tiebreaks import TIEBREAKS
from chesscore.tiebreaks import InvalidTieBreakCode
from chesscore.tiebreaks import Track
from chesscore.tiebreaks import Value
from chesscore.tiebreaks import primary_score
from chesscore.tiebreaks import standings
from chesscore.tiebreaks import team_standings
from chesscore.tiebreaks.report import format_value
from common.exceptions import ValidationError
from teams.models import Team
from teams.selectors import section_record_get
from tournaments.models import Player
from tournaments.models import RoundStatus
from tournaments.models import Section
from tournaments.selectors.players import NOT_PAIRED
from tournaments.selectors.players import CardLine
from tournaments.selectors.players import CrosstableRow
from tournaments.selectors.players import PlayerCard
from tournaments.selectors.players import crosstable_get
from tournaments.selectors.players import player_card_get
from tournaments.selectors.record import record_trf_get
from tournaments.selectors.rounds import VISIBLE_ROUND_STATUSES
from tournaments.selectors.scores import ScoreText


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One line: `number` is the starting rank (a team's number in a team section)."""

    rank: int
    number: int
    name: str
    points: Fraction
    values: tuple[Value, ...]


@dataclass(frozen=True, slots=True)
class DroppedLine:
    """A tie-break of the list that could not apply, with the reason (C.07 10)."""

    code: str
    reason: str


Line = TypeVar("Line")


@dataclass(frozen=True, slots=True)
class _Standings(Generic[Line]):
    """Lines ranked by points, then `tiebreaks`, after a round (`SectionStandings`,
    `TeamStandingsPage`)."""

    section: Section
    after_round: int
    """The last completed round: points and tie-breaks count rounds 1..after_round only."""
    tiebreaks: tuple[str, ...]
    lines: tuple[Line, ...]
    dropped: tuple[DroppedLine, ...]
    in_play: int | None = None
    """A published round not completed yet: shown apart, never counted in the points."""
    encounters: frozenset[frozenset[int]] = frozenset()
    """The pairs of participants (by number) who met in the rounds counted: where a direct
    encounter means something (`encounter_cells`)."""

    @property
    def counted(self) -> str:
        """What the points count, in words: ``after round 3`` or ``before round 1``."""
        return counted_text(self.after_round)


@dataclass(frozen=True, slots=True)
class SectionStandings(_Standings[StandingLine]):
    """The standings of a section: its players, or its teams in a team section."""


def counted_rounds_get(section: Section) -> tuple[int, int | None]:
    """(the last completed round, the last published round after it or None), one query.

    Standings count the completed rounds only, so that the points beside a rank are the
    points that gave it; the round in play is named so that pages can say what is left out.
    """
    found = section.rounds.aggregate(
        last=Max("number", filter=Q(status=RoundStatus.COMPLETED)),
        playing=Max("number", filter=Q(status=RoundStatus.PUBLISHED)),
    )
    after_round = found["last"] or 0
    playing = found["playing"]
    return after_round, playing if playing is not None and playing > after_round else None


def counted_text(after_round: int) -> str:
    """What standings count, in words: ``after round 3`` or ``before round 1``."""
    return f"after round {after_round}" if after_round else "before round 1"


@contextmanager
def _tiebreaks_applied() -> Iterator[None]:
    """Standings counted inside: a tie-break code the engine cannot apply is refused as a
    `ValidationError` on the field ``tiebreaks``."""
    try:
        yield
    except InvalidTieBreakCode as exc:
        raise ValidationError(
            f"Tie-break {exc.code} cannot be applied: {exc.reason}",
            field="tiebreaks",
            code="invalid_tiebreak",
        ) from exc


def standings_get(section: Section) -> SectionStandings:
    """Standings after the last completed round, by points then the section's tie-breaks.

    A round still being played does not count yet. Team sections rank their teams. Raises
    `ValidationError` (field ``tiebreaks``) when the section lists a code the engine cannot
    apply. Nine queries, whatever the size of the section.
    """
    record = section_record_get(section=section, dates=False)
    after_round, in_play = counted_rounds_get(section)
    rounds_kept = record.up_to_round(after_round)
    codes = list(record.tiebreaks)
    with _tiebreaks_applied():
        if record.teams:
            result = team_standings(rounds_kept, codes, after_round=after_round)
            names = {t.number: t.name for t in record.teams}
        else:
            result = standings(rounds_kept, codes, after_round=after_round)
            names = {p.rank: p.name for p in record.players}
    lines = tuple(
        StandingLine(
            rank=row.rank,
            number=row.number,
            name=names.get(row.number, ""),
            points=row.points,
            values=row.values,
        )
        for row in result.rows
    )
    return SectionStandings(
        section=section,
        after_round=result.after_round,
        tiebreaks=tuple(str(code) for code in result.codes),
        lines=lines,
        dropped=tuple(DroppedLine(str(d.code), d.reason) for d in result.dropped),
        in_play=in_play,
        encounters=encounters_get(rounds_kept),
    )


def encounters_get(record: rec.Record) -> frozenset[frozenset[int]]:
    """The pairs who met in `record`: players paired in a game (played or forfeited), or,
    in a team record, teams that faced each other in a match."""
    if record.teams:
        return frozenset(frozenset((lineup.team, lineup.opponent)) for lineup in record.lineups)
    return frozenset(
        frozenset((player.rank, entry.opponent))
        for player in record.players
        for entry in player.rounds
        if entry.opponent is not None
    )


def encounter_cells(
    rows: Sequence[tuple[Fraction, tuple[Value, ...]]],
    codes: Sequence[str],
    encounters: frozenset[frozenset[int]],
    numbers: Sequence[int],
) -> list[tuple[Value | str, ...]]:
    """Each row's tie-break values for a page, a direct encounter (DE, EDE: type A) left
    blank ("") where it means nothing.

    The engine gives a type A tie-break a value for everyone: the position among those
    level on points and the tie-breaks before it (C.07 6), 1 for a player alone there. A
    page shows it only for a participant so tied with others of whom two met
    (`encounters`); `rows` are (points, values) in rank order, `numbers` their numbers.
    """
    shown: list[list[Value | str]] = [list(values) for _points, values in rows]
    for index, code in enumerate(codes):
        if TIEBREAKS[code].definition.split is None:
            continue
        tied: dict[tuple[object, ...], list[int]] = {}
        for row, (points, values) in enumerate(rows):
            tied.setdefault((points, *values[:index]), []).append(row)
        for group in tied.values():
            members = [numbers[row] for row in group]
            met = any(
                frozenset((a, b)) in encounters
                for position, a in enumerate(members)
                for b in members[position + 1 :]
            )
            if not met:
                for row in group:
                    shown[row][index] = ""
    return [tuple(values) for values in shown]


# ---------------------------------------------------------------------------------------
# Pages: standings with the players' details, the wall chart in standings order
# ---------------------------------------------------------------------------------------


def in_halves(code: str) -> bool:
    """Whether the values of tie-break `code` are counted in points, so that a half reads as
    ``½`` on a page; averages and ratings are not (``ARO 1850.5``, ``AOB 7.5``)."""
    definition = TIEBREAKS[code].definition
    return not (definition.rating or definition.name.startswith("Average"))


@dataclass(frozen=True, slots=True)
class StandingsPageLine:
    line: StandingLine
    player: Player | None
    """The player whose starting rank the line carries (None for a team line)."""
    values_text: tuple[str, ...]
    """Tie-break values as plain numbers (``2.5``), as downloads give them."""
    cells: tuple[tuple[Value | str, bool], ...] = ()
    """Each tie-break value with whether it is shown in halves (`in_halves`), for pages: a
    direct encounter that means nothing is "" (`encounter_cells`)."""

    points_text = ScoreText("line.points")


@dataclass(frozen=True, slots=True)
class StandingsPage:
    standings: SectionStandings
    lines: tuple[StandingsPageLine, ...]


def standings_page_get(section: Section) -> StandingsPage:
    """`standings_get` with each line's player (one more query) and printed tie-break values."""
    result = standings_get(section)
    players = {p.starting_rank: p for p in section.players.all()}
    is_team = bool(section.is_team)
    halves = [in_halves(code) for code in result.tiebreaks]
    shown = encounter_cells(
        [(line.points, line.values) for line in result.lines],
        result.tiebreaks,
        result.encounters,
        [line.number for line in result.lines],
    )
    lines = tuple(
        StandingsPageLine(
            line=line,
            player=None if is_team else players.get(line.number),
            values_text=tuple(format_value(v) for v in line.values),
            cells=tuple(zip(values, halves, strict=True)),
        )
        for line, values in zip(result.lines, shown, strict=True)
    )
    return StandingsPage(standings=result, lines=lines)


def standings_csv_rows(page: StandingsPage) -> list[list[str | int]]:
    """Standings as spreadsheet rows: rank, number, name, rating, points, each tie-break."""
    points = f"Points {page.standings.counted}"
    rows: list[list[str | int]] = [
        ["Rank", "No", "Name", "Rating", points, *page.standings.tiebreaks]
    ]
    for item in page.lines:
        rating = item.player.rating if item.player and item.player.rating else ""
        line = item.line
        points = format_value(line.points)
        rows.append([line.rank, line.number, line.name, rating, points, *item.values_text])
    return rows


@dataclass(frozen=True, slots=True)
class CrosstablePage:
    standings: StandingsPage
    rows: tuple[tuple[int, CrosstableRow], ...]
    """(rank, row) in standings order."""
    rounds: range

    @property
    def in_play(self) -> range:
        """The rounds shown whose results are not counted yet (the round in play)."""
        return range(self.standings.standings.after_round + 1, self.rounds.stop)


def crosstable_page_get(section: Section) -> CrosstablePage:
    """The wall chart in standings order, each row with its rank and the points that gave
    it: rounds after the last completed one are shown but not counted."""
    page = standings_page_get(section)
    rank = {item.line.number: item.line.rank for item in page.lines}
    after_round = page.standings.after_round
    rows = crosstable_get(section=section, order=list(rank), through_round=after_round)
    played = len(rows[0].cells) if rows else 0
    ranked = tuple((rank.get(row.player.starting_rank, 0), row) for row in rows)
    return CrosstablePage(standings=page, rows=ranked, rounds=range(1, played + 1))


def record_ranked(record: rec.Record) -> rec.Record:
    """The record with the points and final-rank columns filled (TRF 001, columns 81-89).

    A rating officer reads both; a section made on the site has neither. Values already in
    the record (from an imported file) are kept while its points are still the player's
    score (a scoring system or a result changed since: both are computed again). Ranks
    follow the section's tie-break list after the last round played; a list the engine
    cannot apply ranks by points alone. Team sections rank teams, not players, so their
    player columns are left as they are.
    """
    played = record.rounds_played
    if record.teams or played == 0:
        return record
    try:
        ranks = standings(record, list(record.tiebreaks), after_round=played).ranks
    except InvalidTieBreakCode:
        ranks = standings(record, [], after_round=played).ranks
    players = []
    for player in record.players:
        score = record.score(player.rank)
        kept = player.points in (score, record.score(player.rank, played))
        players.append(
            replace(
                player,
                points=player.points if kept else score,
                final_rank=(player.final_rank if kept else None) or ranks.get(player.rank),
            )
        )
    return replace(record, players=tuple(players))


def team_record_ranked(record: rec.Record) -> rec.Record:
    """The team record with each team's match points, game points and rank filled (TRF26
    310, columns 55-71), after the last round played.

    Values already in the record (from an imported file) are kept. Ranks follow the
    section's tie-break list; a list the engine cannot apply ranks by the scores alone.
    """
    played = record.rounds_played
    if not record.teams or played == 0:
        return record
    try:
        result = team_standings(record, list(record.tiebreaks), after_round=played)
    except InvalidTieBreakCode:
        result = team_standings(record, [], after_round=played)
    is_mp = primary_score(record) is Track.MP
    rows = {row.number: row for row in result.rows}
    teams = []
    for team in record.teams:
        row = rows.get(team.number)
        if row is None:
            teams.append(team)
            continue
        other = row.secondary if row.secondary is not None else Fraction(0)
        mp, gp = (row.points, other) if is_mp else (other, row.points)
        teams.append(
            replace(
                team,
                match_points=team.match_points if team.match_points is not None else mp,
                game_points=team.game_points if team.game_points is not None else gp,
                rank=team.rank or row.rank,
            )
        )
    return replace(record, teams=tuple(teams))


def section_trf_export_get(*, section: Section, dialect: Dialect) -> str:
    """The section as a rating-ready TRF file: points, final ranks and the tie-break list.

    A team section's file also holds the teams' rounds played on the site: line-ups (300),
    the team PAB (320), forfeited matches (330) and the board colours (352), see
    `teams.selectors.section_record_get`; its teams carry their scores and ranks
    (`team_record_ranked`).
    """
    record = section_record_get(section=section)
    ranked = team_record_ranked(record) if section.is_team else record_ranked(record)
    return record_trf_get(record=ranked, dialect=dialect)


# ---------------------------------------------------------------------------------------
# Team standings: match and game points with the line-ups and forfeits of the site
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamStandingLine:
    rank: int
    team: Team | None
    number: int
    name: str
    match_points: Fraction
    game_points: Fraction
    values_text: tuple[str, ...]
    cells: tuple[tuple[Value | str, bool], ...] = ()
    """Each tie-break value with whether it is shown in halves (`in_halves`), for pages: a
    direct encounter that means nothing is "" (`encounter_cells`)."""

    match_points_text = ScoreText("match_points")
    game_points_text = ScoreText("game_points")


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamStandingsPage(_Standings[TeamStandingLine]):
    """A team section's page of standings, its teams ranked by `primary` first."""

    primary: str
    """``MP`` or ``GP``: the score that ranks the teams before the tie-breaks."""


def team_standings_page_get(section: Section) -> TeamStandingsPage:
    """Teams ranked after the last completed round by MP (or GP), then the tie-breaks.

    The record includes the line-ups and forfeited matches entered on the site
    (`teams.selectors.section_record_get`). Raises `ValidationError` (field ``tiebreaks``) for
    a code the engine cannot apply. A fixed number of queries, whatever the number of teams.
    """
    record = section_record_get(section=section)
    after_round, in_play = counted_rounds_get(section)
    kept = record.up_to_round(after_round)
    primary = primary_score(kept)
    with _tiebreaks_applied():
        result = team_standings(kept, list(kept.tiebreaks), after_round=after_round)
    teams = {t.starting_rank: t for t in section.teams.all()}
    names = {t.number: t.name for t in record.teams}
    codes = [str(code) for code in result.codes]
    halves = [in_halves(code) for code in codes]
    shown = encounter_cells(
        [(row.points, row.values) for row in result.rows],
        codes,
        encounters_get(kept),
        [row.number for row in result.rows],
    )
    lines = []
    for row, values in zip(result.rows, shown, strict=True):
        secondary = row.secondary if row.secondary is not None else Fraction(0)
        mp, gp = (row.points, secondary) if primary is Track.MP else (secondary, row.points)
        lines.append(
            TeamStandingLine(
                rank=row.rank,
                team=teams.get(row.number),
                number=row.number,
                name=names.get(row.number, ""),
                match_points=mp,
                game_points=gp,
                values_text=tuple(format_value(v) for v in row.values),
                cells=tuple(zip(values, halves, strict=True)),
            )
        )
    return TeamStandingsPage(
        section=section,
        after_round=result.after_round,
        primary=primary.value,
        tiebreaks=tuple(str(code) for code in result.codes),
        lines=tuple(lines),
        dropped=tuple(DroppedLine(str(d.code), d.reason) for d in result.dropped),
        in_play=in_play,
    )


# ---------------------------------------------------------------------------------------
# A player's page: place, points, performance, this round's seat and every game
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerPage:
    card: PlayerCard
    place: int | None
    """Rank in the standings after `after_round` (shared places share it); None before
    round 1 is completed, in a team section, or when the section's tie-breaks cannot apply."""
    after_round: int
    performance: Value
    """Tournament performance rating (TPR, C.07 10.2) after `after_round`; None without
    a rated game."""
    current_round: int | None
    """The last published or completed round of the section."""
    current: CardLine | None
    """The player's line of `current_round`; None when they are not in it."""

    @property
    def performance_text(self) -> str:
        return format_value(self.performance) if self.performance is not None else ""


def player_page_get(*, section: Section, starting_rank: int) -> PlayerPage | None:
    """The player card of `starting_rank` with their place and performance in the
    standings after the last completed round, and their seat in the current round."""
    card = player_card_get(section=section, starting_rank=starting_rank)
    if card is None:
        return None
    shown = section.rounds.filter(status__in=VISIBLE_ROUND_STATUSES)
    current_round = shown.aggregate(last=Max("number"))["last"]
    current = None
    if current_round is not None and current_round <= len(card.lines):
        line = card.lines[current_round - 1]
        current = line if line.result != NOT_PAIRED else None
    place, after_round, performance = None, 0, None
    if not section.is_team:
        record = section_record_get(section=section, dates=False)
        completed = section.rounds.filter(status=RoundStatus.COMPLETED)
        after_round = completed.aggregate(last=Max("number"))["last"] or 0
        kept = record.up_to_round(after_round)
        try:
            ranked = standings(kept, list(record.tiebreaks), after_round=after_round)
        except InvalidTieBreakCode:
            ranked = standings(kept, [], after_round=after_round)
        if after_round:
            place = next((r.rank for r in ranked.rows if r.number == starting_rank), None)
        rated = standings(kept, ["TPR"], after_round=after_round)
        row = next((r for r in rated.rows if r.number == starting_rank), None)
        performance = row.values[0] if row is not None and after_round else None
    return PlayerPage(card, place, after_round, performance, current_round, current)
