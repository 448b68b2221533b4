"""Writes for pairing: ask for a round, carry out the run, edit the draft, publish, take a
round back. Results and their corrections are the `results` app's.

- `rounds`: `round_pair` (the request), `round_publish`;
- `runs`: `pairing_run_execute` (the worker side: read the section, plan the round by its
  system in `chesscore.systems`, store the plan as a draft in one transaction), and
  `runs_sweep` (runs that lost their worker or their message are sent again or failed);
- `drafts`: manual changes to a draft (or, under C.04.2 4.4, to a published pairing), with
  warnings for the FIDE rules they break, each written to the event's log;
- `replays`: whether a correction would have changed a round paired already;
- `takebacks`: unpublishing a round, deleting the latest round to pair it again;
- `versions`: the version check that refuses a stale write (`StaleWrite`).
"""

from __future__ import annotations

from pairing.services.base import RESULT_MIRROR
from pairing.services.base import RoundStateError
from pairing.services.base import SystemNotAvailable
from pairing.services.drafts import AlterationCase
from pairing.services.drafts import draft_bye_give
from pairing.services.drafts import draft_bye_take
from pairing.services.drafts import draft_edit_log
from pairing.services.drafts import draft_players_pair
from pairing.services.drafts import draft_players_swap
from pairing.services.drafts import draft_warnings
from pairing.services.drafts import game_colours_swap
from pairing.services.drafts import games_opponents_swap
from pairing.services.replays import ReplayNote
from pairing.services.replays import rounds_replay
from pairing.services.rounds import round_pair
from pairing.services.rounds import round_publish
from pairing.services.runs import MAX_ATTEMPTS
from pairing.services.runs import RUN_STALE_AFTER
from pairing.services.runs import pairing_run_execute
from pairing.services.runs import run_settle
from pairing.services.runs import runs_sweep
from pairing.services.takebacks import Takeback
from pairing.services.takebacks import round_delete
from pairing.services.takebacks import round_takeback_get
from pairing.services.takebacks import round_unpublish
from pairing.services.versions import StaleWrite

__all__ = [
    "MAX_ATTEMPTS",
    "RESULT_MIRROR",
    "RUN_STALE_AFTER",
    "AlterationCase",
    "ReplayNote",
    "RoundStateError",
    "StaleWrite",
    "SystemNotAvailable",
    "Takeback",
    "draft_bye_give",
    "draft_bye_take",
    "draft_edit_log",
    "draft_players_pair",
    "draft_players_swap",
    "draft_warnings",
    "game_colours_swap",
    "games_opponents_swap",
    "pairing_run_execute",
    "round_delete",
    "round_pair",
    "round_publish",
    "round_takeback_get",
    "round_unpublish",
    "rounds_replay",
    "run_settle",
    "runs_sweep",
]
