"""Writes for pairing: ask for a round, carry out the run, edit the draft, publish, results.

- `rounds`: `round_pair` (the request), `round_publish`, `game_result_set`;
- `runs`: `pairing_run_execute` (the worker side: read the section, plan the round by its
  system in `pairing.systems`, store the plan as a draft in one transaction), and
  `runs_sweep` (runs that lost their worker or their message are sent again or failed);
- `drafts`: manual changes to a draft, with warnings for the FIDE rules they break, each
  written to the round's audit log (`DraftEdit`).
"""

from __future__ import annotations

from pairing.services.base import RoundStateError, SystemNotAvailable
from pairing.services.drafts import (
    draft_bye_give,
    draft_bye_take,
    draft_edit_log,
    draft_players_pair,
    draft_players_swap,
    draft_warnings,
    game_colours_swap,
    games_opponents_swap,
)
from pairing.services.rounds import game_result_set, round_pair, round_publish
from pairing.services.runs import (
    MAX_ATTEMPTS,
    RUN_STALE_AFTER,
    pairing_run_execute,
    run_settle,
    runs_sweep,
)

__all__ = [
    "MAX_ATTEMPTS",
    "RUN_STALE_AFTER",
    "RoundStateError",
    "SystemNotAvailable",
    "draft_bye_give",
    "draft_bye_take",
    "draft_edit_log",
    "draft_players_pair",
    "draft_players_swap",
    "draft_warnings",
    "game_colours_swap",
    "game_result_set",
    "games_opponents_swap",
    "pairing_run_execute",
    "round_pair",
    "round_publish",
    "run_settle",
    "runs_sweep",
]
