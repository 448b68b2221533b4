"""``rookery-trf``: check and convert Tournament Report Files.

Usage::

    rookery-trf check FILE
    rookery-trf convert FILE -o OUT --dialect trf16|trf26

Exit codes follow the pairing engines' convention: 0 success, 3 invalid input (the
reason is printed on standard error, with its line and field: a file with no player, or
one that is not plain text, is invalid too), 5 a file that cannot be read or written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from chesscore.record import model as rec
from chesscore.record.fields import gettext_noop
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from chesscore.record.trf import validate
from chesscore.record.trf import write

__all__ = ["main"]

EXIT_OK = 0
EXIT_INVALID = 3
EXIT_FILE = 5


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rookery-trf", description="Check and convert TRF16/TRF26 tournament files."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="validate a TRF file")
    check.add_argument("file", type=Path)
    convert = commands.add_parser("convert", help="rewrite a TRF file in a dialect")
    convert.add_argument("file", type=Path)
    convert.add_argument("-o", "--output", type=Path, required=True)
    convert.add_argument("--dialect", choices=("trf16", "trf26"), required=True)
    return parser


def will_be_rated(record: rec.Record) -> bool:
    """True for a file FIDE will rate, as far as it says: a player has a FIDE id, or its
    header counts rated players (072)."""
    rated = record.event.rated_player_count
    return bool(rated) or any(player.fide_id for player in record.players)


def rating_warnings(record: rec.Record) -> list[str]:
    """What a valid file that will be rated (`will_be_rated`) lacks for the rating
    report: the date of each round played (record 132)."""
    if not will_be_rated(record):
        return []
    dates = record.event.round_dates
    undated = [
        n for n in range(1, record.rounds_played + 1) if n > len(dates) or dates[n - 1] is None
    ]
    if not undated:
        return []
    if len(undated) == record.rounds_played:
        return [gettext_noop("no round dates (record 132): a rated tournament reports them.")]
    return [
        gettext_noop("no date for round %(rounds)s (record 132): a rated tournament reports them.")
        % {"rounds": ", ".join(str(n) for n in undated)}
    ]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (also used by the console script)."""
    args = _parser().parse_args(argv)
    path: Path = args.file
    try:
        data = path.read_bytes()
    except OSError as error:
        print(f"{path}: cannot read: {error.strerror or error}", file=sys.stderr)
        return EXIT_FILE
    if args.command == "check":
        errors = validate(data)
        for problem in errors:
            print(f"{path}: {problem}", file=sys.stderr)
        if errors:
            return EXIT_INVALID
        try:
            record = read(data)
        except TrfError as error:  # validate reports every defect read can find
            print(f"{path}: {error}", file=sys.stderr)
            return EXIT_INVALID
        print(f"{path}: valid, {len(record.players)} players, {record.rounds_played} rounds played")
        for warning in rating_warnings(record):
            print(f"{path}: warning: {warning}", file=sys.stderr)
        return EXIT_OK
    try:
        record = read(data)
    except TrfError as error:
        print(f"{path}: {error}", file=sys.stderr)
        return EXIT_INVALID
    output: Path = args.output
    try:
        text = write(record, args.dialect)
    except ValueError as error:
        print(f"{path}: cannot write {args.dialect}: {error}", file=sys.stderr)
        return EXIT_INVALID
    try:
        # newline="" keeps the CR line ends TRF asks for on every platform.
        with output.open("w", encoding="utf-8", newline="") as out:
            out.write(text)
    except OSError as error:
        print(f"{output}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_FILE
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
