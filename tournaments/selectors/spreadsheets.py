"""Pages as spreadsheet rows, for the CSV downloads (plain decimal points: ``1.5``)."""

from __future__ import annotations

from typing import Any

from chesscore.record.scores import score_decimal_text
from tournaments.extensions import BoardTeams
from tournaments.selectors.pages import RoundPage

ROUND_CSV_HEADER = [
    "Board", "White No", "White", "White rating", "White points",
    "Result",
    "Black No", "Black", "Black rating", "Black points",
]  # fmt: skip
# A team section's boards also name their match and teams, as its pages do.
ROUND_CSV_TEAM_HEADER = ["Match", "Teams", "Match board", "White team", "Black team"]


def round_csv_rows(*, page: RoundPage) -> list[list[Any]]:
    """The pairings of a round as spreadsheet rows: a header, the boards, then the byes.

    A team section's rows end with the board's match, its teams and the board within the
    match; an individual section's have the ten columns only."""
    is_team = page.section.is_team
    rows: list[list[Any]] = [ROUND_CSV_HEADER + (ROUND_CSV_TEAM_HEADER if is_team else [])]
    for board in page.boards:
        g = board.game
        row: list[Any] = [
            g.board, g.white.starting_rank, g.white.full_name, g.white.rating or "",
            score_decimal_text(board.white_score), g.result,
            g.black.starting_rank, g.black.full_name, g.black.rating or "",
            score_decimal_text(board.black_score),
        ]  # fmt: skip
        if is_team:
            row += _team_cells(board.teams)
        rows.append(row)
    for line in page.byes:
        p = line.bye.player
        row = [
            "", p.starting_rank, p.full_name, p.rating or "", score_decimal_text(line.score),
            line.bye.get_kind_display(), "", "", "", "",
        ]  # fmt: skip
        if is_team:
            row += _team_cells(None)
        rows.append(row)
    return rows


def _team_cells(teams: BoardTeams | None) -> list[Any]:
    if teams is None:
        return [""] * len(ROUND_CSV_TEAM_HEADER)
    return [teams.match, teams.teams, teams.board, teams.white_team, teams.black_team]
