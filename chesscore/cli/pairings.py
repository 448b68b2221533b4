"""``rookery-pairings``: pair, check and generate tournaments from the command line.

Shaped like the reference engines' command lines::

    rookery-pairings --dutch IN.trf -p [OUT]      pair the next round (JaVaFo list)
    rookery-pairings --dutch IN.trf -c            replay every recorded round
    rookery-pairings --dutch IN.trf -x            explain the next round, bracket by bracket
    rookery-pairings --dutch -g [CONFIG] -o OUT.trf [-s SEED]   random tournament
    rookery-pairings --burstein IN.trf -p [OUT]   the same by the Burstein system (C.04.4.2)
    rookery-pairings IN.trf -s [--tie-breaks=BH-C1,BH,SB]      standings (C.07)
    rookery-pairings --team IN.trf -p [OUT]       pair the next team round (C.04.6)
    rookery-pairings --check-pairing PAIRS IN.trf  check a pairing of the next round (C.04.1)

Without a system flag, the file's 192 code chooses among the systems the command line pairs
(``FIDE_BURSTEIN`` is the Burstein system), and the Dutch system pairs any other file. The
acceleration is the file's own (`Record.acceleration`: Baku when its 192 code names it, the
organiser's when it has ``XXA`` lines), whichever system pairs it.

With ``-g``, ``-s`` is the generator's seed; otherwise it prints the standings: a header
``RANK ID PTS <codes>`` and one line per player in rank order (the tie-break list of the
file when ``--tie-breaks`` is not given; players level after the whole list share a rank).

``--check-pairing`` reads a pairing of the round after the file's last, in the list format
``-p`` writes, and prints one line for each board or bye breaking a rule every Swiss system
keeps (rematch, forbidden pair, colours, pairing-allocated bye: C.04.1).

Exit codes: 0 paired (or every round matches, or the pairing checked breaks no rule), 1 no
legal pairing (or a round differs, or the pairing checked breaks a rule), 3 invalid input
(the message names the line), 5 file not readable.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from chesscore.pairing import InvalidRecord
from chesscore.pairing import NoLegalPairing
from chesscore.pairing import PairingResult
from chesscore.pairing import team
from chesscore.pairing.checks import pairing_warnings
from chesscore.pairing.generator import GeneratorConfig
from chesscore.pairing.replay import soft_rounds
from chesscore.pairing.team.generator import TeamSwissConfig
from chesscore.pairing.team.generator import generate_team_swiss
from chesscore.record.model import Acceleration
from chesscore.record.model import Record
from chesscore.record.trf import TrfError
from chesscore.record.trf import read
from chesscore.record.trf import write
from chesscore.systems import DEFAULT_SYSTEM
from chesscore.systems import SYSTEMS
from chesscore.systems import System

# The command line is where the engines meet: it prints C.07 standings too.
from chesscore.tiebreaks import InvalidTieBreakCode
from chesscore.tiebreaks.report import print_standings

__all__ = ["main"]

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3
EXIT_UNREADABLE = 5


def pairing_list(result: PairingResult) -> str:
    """The JaVaFo/bbpPairings list: number of pairs, ``white black`` lines, bye ``N 0``."""
    lines = [f"{b.white} {b.black}" for b in result.boards]
    if result.bye is not None:
        lines.append(f"{result.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _load(path: str) -> Record:
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise _Exit(EXIT_UNREADABLE, f"{path}: cannot read: {error.strerror}") from error
    try:
        return read(text)
    except TrfError as error:
        raise _Exit(EXIT_INVALID, f"{path}: {error}") from error


class _Exit(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _system_name(system: System) -> str:
    """The system in a message: its flag, or, for one chosen by a file's 192 code that has
    no flag of its own, its name and that code."""
    return system.cli_flag or f"{system.info.label} (192 {system.info.trf_code})"


@contextmanager
def _pairing_errors() -> Iterator[None]:
    """A round that cannot be paired, or a file that cannot be, as the command's exit."""
    try:
        yield
    except NoLegalPairing as error:
        raise _Exit(EXIT_NO_PAIRING, f"no legal pairing: {error.reason}") from error
    except InvalidRecord as error:
        raise _Exit(EXIT_INVALID, str(error)) from error


def _pair(system: System, record: Record) -> PairingResult:
    if system.pair_file is None:
        raise _Exit(EXIT_INVALID, f"{_system_name(system)} cannot pair a file")
    try:
        return system.pair_file(record)
    except InvalidRecord as error:
        raise _Exit(EXIT_INVALID, str(error)) from error


def _command_pair(system: System, args: argparse.Namespace) -> int:
    record = _load(args.input)
    with _pairing_errors():
        result = _pair(system, record)
    _write(pairing_list(result), args.pair)
    return EXIT_OK


def _command_explain(system: System, args: argparse.Namespace) -> int:
    record = _load(args.input)
    if system.explain_file is None:
        raise _Exit(EXIT_INVALID, f"{_system_name(system)} cannot explain a file")
    with _pairing_errors():
        result = _pair(system, record)
        lines = system.explain_file(record)
    sys.stdout.write(pairing_list(result))
    sys.stdout.write("\n".join(lines) + "\n")
    return EXIT_OK


def _command_check(system: System, args: argparse.Namespace) -> int:
    record = _load(args.input)
    if system.check_file is None:
        raise _Exit(EXIT_INVALID, f"{_system_name(system)} cannot replay a file")
    all_match = True
    try:
        outcomes = list(system.check_file(record))
        soft = soft_rounds(record)
    except InvalidRecord as error:
        raise _Exit(EXIT_INVALID, str(error)) from error
    for number, difference in outcomes:
        note = " (not a pure FIDE pairing: soft prohibited groups)" if number in soft else ""
        if difference is None:
            print(f"round {number}: matches{note}")
        else:
            all_match = False
            print(f"round {number}: differs: {difference}{note}")
    return EXIT_OK if all_match else EXIT_NO_PAIRING


def _command_check_pairing(args: argparse.Namespace) -> int:
    """``--check-pairing PAIRS``: the basic rules (C.04.1) on a pairing of the next round."""

    record = _load(args.input)
    boards, byes = _read_pairs(args.check_pairing, record)
    found = pairing_warnings(
        record,
        round_number=record.next_round,
        boards=boards,
        pairing_allocated_byes=byes,
    )
    for warning in found:
        print(warning.text)
    return EXIT_NO_PAIRING if found else EXIT_OK


def _read_pairs(path: str, record: Record) -> tuple[list[tuple[int, int]], list[int]]:
    """Boards ``(white, black)`` and PAB receivers of a list as :func:`pairing_list` writes
    it: the number of pairs, then one ``white black`` line per board and ``N 0`` per bye.

    Blank lines are skipped. Every player must be in ``record`` and listed once.
    """
    try:
        text = Path(path).read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        raise _Exit(EXIT_UNREADABLE, f"{path}: cannot read: {error.strerror}") from error
    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), start=1)]
    lines = [(n, line) for n, line in lines if line]
    if not lines:
        raise _Exit(EXIT_INVALID, f"{path}: empty, the number of pairs is missing")
    first, head = lines[0]
    if not _is_number(head):
        raise _Exit(
            EXIT_INVALID, f"{path}: line {first}: expected the number of pairs, got {head!r}"
        )
    boards: list[tuple[int, int]] = []
    byes: list[int] = []
    seen: dict[int, int] = {}
    for number, line in lines[1:]:
        fields = line.split()
        if len(fields) != 2 or not all(_is_number(f) for f in fields):
            raise _Exit(
                EXIT_INVALID,
                f"{path}: line {number}: expected 'white black' or 'player 0', got {line!r}",
            )
        white, black = int(fields[0]), int(fields[1])
        if black and white == black:
            raise _Exit(EXIT_INVALID, f"{path}: line {number}: player {white} against themself")
        for rank in (white, black) if black else (white,):
            if not record.has_player(rank):
                raise _Exit(
                    EXIT_INVALID, f"{path}: line {number}: no player {rank} in the tournament"
                )
            if rank in seen:
                raise _Exit(
                    EXIT_INVALID,
                    f"{path}: line {number}: player {rank} is already paired on line {seen[rank]}",
                )
            seen[rank] = number
        if black:
            boards.append((white, black))
        else:
            byes.append(white)
    if int(head) != len(lines) - 1:
        raise _Exit(
            EXIT_INVALID,
            f"{path}: line {first}: {int(head)} pairs announced, {len(lines) - 1} listed",
        )
    return boards, byes


def _is_number(field: str) -> bool:
    return field.isascii() and field.isdigit()


def _command_standings(args: argparse.Namespace) -> int:
    record = _load(args.input)
    codes = None
    if args.tie_breaks is not None:
        codes = [code.strip() for code in args.tie_breaks.split(",") if code.strip()]
    try:
        print_standings(record, codes)
    except InvalidTieBreakCode as error:
        raise _Exit(EXIT_INVALID, f"--tie-breaks: {error}") from error
    return EXIT_OK


def _write(text: str, target: str | None) -> None:
    if target is None or target == "-":
        sys.stdout.write(text)
        return
    try:
        Path(target).write_text(text)
    except OSError as error:
        raise _Exit(EXIT_UNREADABLE, f"{target}: cannot write") from error


def _command_team(args: argparse.Namespace) -> int:
    """``--team``: the FIDE team Swiss (C.04.6), team against team."""
    if args.generate is not None:
        if not args.output:
            raise _Exit(EXIT_INVALID, "-g needs -o OUT.trf")
        seed = _seed(args)
        _write(write(generate_team_swiss(TeamSwissConfig(), seed), "trf26"), args.output)
        return EXIT_OK
    if args.input is None:
        raise _Exit(EXIT_INVALID, "a tournament file is needed")
    record = _load(args.input)
    with _pairing_errors():
        if args.check:
            report = team.check_team_file(record)
            print("\n".join(report.lines()))
            return EXIT_OK if report.ok else EXIT_NO_PAIRING
        result = team.pair_team_round(record)
    text = team.format_team_pairing(result)
    if args.explain:
        _write(text + "\n".join(team.explain_team_pairing(result)) + "\n", None)
        return EXIT_OK
    _write(text, args.pair)
    return EXIT_OK


def _seed(args: argparse.Namespace) -> int | None:
    if args.standings in (None, ""):
        return None
    try:
        return int(args.standings)
    except ValueError as error:
        raise _Exit(EXIT_INVALID, f"-s: {args.standings!r} is not a seed") from error


def _command_generate(system: System, acceleration: Acceleration, args: argparse.Namespace) -> int:
    generators = " or ".join(s.cli_flag for s in SYSTEMS.values() if s.generate_file and s.cli_flag)
    if system.generate_file is None:
        raise _Exit(
            EXIT_INVALID,
            f"{_system_name(system)} cannot generate a tournament; {generators} can",
        )
    if acceleration is Acceleration.BAKU:
        raise _Exit(
            EXIT_INVALID,
            f"{_system_name(system)} with Baku acceleration (C.04.7) cannot generate a "
            f"tournament; {generators} can, without acceleration",
        )
    config = GeneratorConfig()
    if args.generate:
        try:
            config = GeneratorConfig.parse(Path(args.generate).read_text())
        except OSError as error:
            raise _Exit(EXIT_UNREADABLE, f"{args.generate}: cannot read") from error
        except ValueError as error:
            raise _Exit(EXIT_INVALID, f"{args.generate}: {error}") from error
    if not args.output:
        raise _Exit(EXIT_INVALID, "-g needs -o OUT.trf")
    text = system.generate_file(config, _seed(args))
    try:
        Path(args.output).write_text(text)
    except OSError as error:
        raise _Exit(EXIT_UNREADABLE, f"{args.output}: cannot write") from error
    return EXIT_OK


def _system_of_file(path: str | None) -> tuple[str, Acceleration]:
    """The system a file's 192 code names (`Record.system`), when the command line pairs
    files by it, else the default; and the file's acceleration (the commands report an
    unreadable file themselves)."""
    if path is None:
        return DEFAULT_SYSTEM, Acceleration.NONE
    try:
        record = read(Path(path).read_bytes())
    except (OSError, TrfError):
        return DEFAULT_SYSTEM, Acceleration.NONE
    key = record.system or DEFAULT_SYSTEM
    return key if SYSTEMS[key].pair_file is not None else DEFAULT_SYSTEM, record.acceleration


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``rookery-pairings``."""
    parser = argparse.ArgumentParser(prog="rookery-pairings", description=__doc__.split("\n")[0])
    flags = parser.add_mutually_exclusive_group()
    for key, system in SYSTEMS.items():
        if system.cli_flag:
            default = " (default)" if key == DEFAULT_SYSTEM else ""
            flags.add_argument(
                system.cli_flag,
                dest="system",
                action="store_const",
                const=key,
                help=system.info.label + default,
            )
    parser.add_argument("input", nargs="?", help="tournament file (TRF)")
    parser.add_argument("-p", dest="pair", nargs="?", const="-", default=None)
    parser.add_argument("-c", dest="check", action="store_true")
    parser.add_argument("-x", dest="explain", action="store_true")
    parser.add_argument("-g", dest="generate", nargs="?", const="", default=None)
    parser.add_argument("-o", dest="output")
    parser.add_argument(
        "-s", dest="standings", nargs="?", const="", default=None,
        help="standings (C.07); with -g, the generator's seed",
    )  # fmt: skip
    parser.add_argument("--tie-breaks", dest="tie_breaks", help="e.g. BH-C1,BH,SB")
    parser.add_argument(
        "--check-pairing", dest="check_pairing", metavar="PAIRS",
        help="check a pairing of the next round (as -p writes it) against C.04.1",
    )  # fmt: skip
    args = parser.parse_args(argv)
    # A flag names the system; without one, the file's 192 code names it and its acceleration.
    key, acceleration = (
        (args.system, Acceleration.NONE) if args.system else _system_of_file(args.input)
    )
    system = SYSTEMS[key]
    try:
        if system.info.team and args.check_pairing is not None:
            raise _Exit(EXIT_INVALID, "--check-pairing checks individual pairings, not --team")
        if system.info.team:
            return _command_team(args)
        if args.generate is not None:
            return _command_generate(system, acceleration, args)
        if args.input is None and args.standings:
            # "-s FILE": the file was taken as the option's value.
            args.input, args.standings = args.standings, ""
        if args.input is None:
            parser.error("a tournament file is needed")
        if args.check_pairing is not None:
            return _command_check_pairing(args)
        if args.check:
            return _command_check(system, args)
        if args.standings is not None:
            return _command_standings(args)
        if args.explain:
            return _command_explain(system, args)
        return _command_pair(system, args)
    except _Exit as stop:
        print(stop.message, file=sys.stderr)
        return stop.code


if __name__ == "__main__":
    sys.exit(main())
