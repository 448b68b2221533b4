"""The FIDE team Swiss (C.04.6, 2026): pure engine over a tournament record.

The competition's choices (primary score, secondary score, colour preference type) are the
record's (`Record.team_rules`, from a file's 192 code); the engine agrees with gacrux, the
checker FIDE's technical commission uses, on every position of the team corpus
(tests/chesscore/pairing/test_team_corpus.py).

Example::

    >>> from chesscore.record.model import Record, Team
    >>> record = Record(teams=tuple(Team(n, f"Team {n}") for n in range(1, 6)))
    >>> print(format_team_pairing(pair_team_round(record)), end="")
    3
    1 3
    4 2
    5 0
"""

from __future__ import annotations

from .api import TeamCheckReport
from .api import TeamPairingResult
from .api import TeamRoundCheck
from .api import check_team_file
from .api import explain_team_pairing
from .api import format_team_pairing
from .api import pair_team_round
from .api import recorded_team_round
from .colours import Preference
from .colours import allocate_colours
from .colours import board_colours
from .colours import colour_preference
from .state import PreferenceType
from .state import ScoreKind
from .state import TeamPairingOptions
from .state import TeamRound
from .state import TeamRoundOutcome
from .state import TeamState
from .state import TeamSwissRules
from .state import TeamSwissState
from .state import team_swiss_state
from .swiss import TeamBracketNote
from .swiss import TeamMatch
from .swiss import TeamSwissPairing
from .swiss import pair_team_swiss

__all__ = [
    "Preference",
    "PreferenceType",
    "ScoreKind",
    "TeamBracketNote",
    "TeamCheckReport",
    "TeamMatch",
    "TeamPairingOptions",
    "TeamPairingResult",
    "TeamRound",
    "TeamRoundCheck",
    "TeamRoundOutcome",
    "TeamState",
    "TeamSwissPairing",
    "TeamSwissRules",
    "TeamSwissState",
    "allocate_colours",
    "board_colours",
    "check_team_file",
    "colour_preference",
    "explain_team_pairing",
    "format_team_pairing",
    "pair_team_round",
    "pair_team_swiss",
    "recorded_team_round",
    "team_swiss_state",
]
