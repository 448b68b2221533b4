"""Organiser pages for events, sections, rounds and players (the public ones are the
`public` app's).

Each view parses the request, calls one selector or service and renders; permissions come
from `tournaments.selectors.access.event_is_manager` (and are checked again by every
service). Other apps' pages use the helpers of `tournaments.views.base`.
"""

from tournaments.views.organiser import event_create
from tournaments.views.organiser import event_people
from tournaments.views.organiser import event_update
from tournaments.views.organiser import section_create
from tournaments.views.organiser import section_import
from tournaments.views.organiser import section_manage
from tournaments.views.organiser import section_ranks_reset
from tournaments.views.organiser import section_update
from tournaments.views.players import bye_request_create
from tournaments.views.players import bye_request_delete
from tournaments.views.players import player_create
from tournaments.views.players import player_reinstate
from tournaments.views.players import player_update
from tournaments.views.players import player_withdraw
from tournaments.views.players import roster_preview
from tournaments.views.players import roster_upload

__all__ = [
    "bye_request_create",
    "bye_request_delete",
    "event_create",
    "event_people",
    "event_update",
    "player_create",
    "player_reinstate",
    "player_update",
    "player_withdraw",
    "roster_preview",
    "roster_upload",
    "section_create",
    "section_import",
    "section_manage",
    "section_ranks_reset",
    "section_update",
]
