"""Writes of the tournaments app: events and sections, players, rosters, and the one place
that stores a tournament record (`do_section_record_store`, the mirror image of
`tournaments.selectors.record.section_record_base`).

Every service that takes a `user` checks that the user may do what it does (most often: runs
the event); a `do_` service checks no one, for a caller that decided already (a checked
service, the command line, the worker). Each changes the database in one transaction and
writes what it did to the event's log in that transaction (`log_write`: who, what, why,
``{"field": [old, new]}``; an action that changes nothing writes nothing). Callers import
from this package.
"""

from tournaments.services.base import ByeLimitReached
from tournaments.services.base import SectionStateError
from tournaments.services.base import event_lock_for_manager
from tournaments.services.base import event_lock_for_organiser
from tournaments.services.base import event_manager_require
from tournaments.services.base import event_organiser_require
from tournaments.services.base import free_slug
from tournaments.services.base import round_open_require
from tournaments.services.base import section_lock_for_manager
from tournaments.services.events import SCORING_FIELDS
from tournaments.services.events import do_event_create
from tournaments.services.events import do_event_import_trf
from tournaments.services.events import do_section_import_trf
from tournaments.services.events import event_create
from tournaments.services.events import event_update
from tournaments.services.events import section_create
from tournaments.services.events import section_import_trf
from tournaments.services.events import section_update
from tournaments.services.log import log_write
from tournaments.services.players import bye_request_create
from tournaments.services.players import bye_request_delete
from tournaments.services.players import player_create
from tournaments.services.players import player_reinstate
from tournaments.services.players import player_update
from tournaments.services.players import player_withdraw
from tournaments.services.players import section_ranks_reset
from tournaments.services.records import do_section_record_store
from tournaments.services.records import section_trf_load
from tournaments.services.removals import event_delete
from tournaments.services.removals import player_remove
from tournaments.services.removals import section_delete
from tournaments.services.rosters import ImportSummary
from tournaments.services.rosters import RosterImportError
from tournaments.services.rosters import event_roster_import
from tournaments.services.rosters import roster_section_choose
from tournaments.services.rosters import roster_sections_of
from tournaments.services.rosters import section_roster_import
from tournaments.services.schedule import section_schedule_set
from tournaments.services.staff import StaffRole
from tournaments.services.staff import event_staff_add
from tournaments.services.staff import event_staff_remove

__all__ = [
    "SCORING_FIELDS",
    "ByeLimitReached",
    "ImportSummary",
    "RosterImportError",
    "SectionStateError",
    "StaffRole",
    "bye_request_create",
    "bye_request_delete",
    "do_event_create",
    "do_event_import_trf",
    "do_section_import_trf",
    "do_section_record_store",
    "event_create",
    "event_delete",
    "event_lock_for_manager",
    "event_lock_for_organiser",
    "event_manager_require",
    "event_organiser_require",
    "event_roster_import",
    "event_staff_add",
    "event_staff_remove",
    "event_update",
    "free_slug",
    "log_write",
    "player_create",
    "player_reinstate",
    "player_remove",
    "player_update",
    "player_withdraw",
    "roster_section_choose",
    "roster_sections_of",
    "round_open_require",
    "section_create",
    "section_delete",
    "section_import_trf",
    "section_lock_for_manager",
    "section_ranks_reset",
    "section_roster_import",
    "section_schedule_set",
    "section_trf_load",
    "section_update",
]
