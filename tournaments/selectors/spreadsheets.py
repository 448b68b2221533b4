"""Pages as spreadsheet rows, for the CSV downloads (plain decimal points: ``1.5``)."""

from __future__ import annotations

from typing import Any

from tournaments.record.scores import score_decimal_text
from tournaments.selectors.pages import RoundPage

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
