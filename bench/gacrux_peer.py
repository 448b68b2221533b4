"""Time gacrux (FIDE Dutch, on PyPI) pairing the next round of a TRF file.

Run by ``bench/pairing.py`` under an interpreter that can import ``gacrux``; it imports
nothing of this project, so that interpreter needs gacrux alone:

    <python with gacrux> bench/gacrux_peer.py FILE.trf REPEAT

The file is read and prepared once, as gacrux's own ``pairingchecker -p`` does; each run
then pairs a fresh copy of the parsed tournament, and only that is timed: building the
Dutch engine on the tournament and its ``compute_pairing`` (the same "whole round" as
``pair_round`` on a parsed record).  One JSON line is printed: the runs as
``[elapsed, CPU]`` seconds, the boards ``[white, black]`` in board order and the player
given the pairing-allocated bye (or null).
"""

from __future__ import annotations

import copy
import json
import sys
import time

from gacrux.pairingchecker import pairingchecker
from gacrux.pairingdutch import pairing_dutch


def main() -> int:
    path, repeat = sys.argv[1], int(sys.argv[2])
    checker = pairingchecker()
    # gacrux reads its options from the command line: these are ``-i FILE -p``.
    sys.argv = ["pairingchecker", "-i", path, "-p"]
    checker.read_command_line()
    checker.read_input_file()
    status = checker.chessfile.chessjson["status"]
    if status["code"] > 0:
        print(f"gacrux could not read {path}: {status}", file=sys.stderr)
        return 1
    checker.prepare_tournament()
    tournament = checker.chessfile.get_tournament(1)
    number = tournament["currentRound"] + 1

    runs = []
    pairs: list[tuple[int, int]] = []
    for _ in range(repeat):
        fresh = copy.deepcopy(tournament)
        start, cpu = time.perf_counter(), time.process_time()
        brackets = pairing_dutch(fresh, number, checker.params).compute_pairing(False, 1)
        runs.append((time.perf_counter() - start, time.process_time() - cpu))
        pairs = checker.compute_pairs(brackets)
    boards = [[white, black] for white, black in pairs if black != 0]
    byes = [white for white, black in pairs if black == 0]
    bye = byes[0] if byes else None
    print(json.dumps({"round": number, "runs": runs, "boards": boards, "bye": bye}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
