"""Writes: teams and rosters, team matches, line-ups and forfeited matches.

Every service checks that the user runs the event (`event_is_manager`); a team's captain may
also enter that team's line-up. Results of the boards are the games' results, entered like
any other game; a match result is never stored (`teams.selectors.team_match_result_get`).
"""

from teams.services.base import LineupInvalid, LineupStateError, NotATeamSection
from teams.services.matches import (
    PairedMatch,
    lineup_set,
    team_match_create,
    team_match_forfeit,
    team_round_store,
)
from teams.services.rosters import (
    MAX_BOARDS,
    RosterEntry,
    do_team_captain_change,
    team_captain_set,
    team_create,
    team_enter,
    team_member_add,
    team_reinstate,
    team_roster_extend,
    team_section_boards_set,
    team_withdraw,
)

__all__ = [
    "MAX_BOARDS",
    "LineupInvalid",
    "LineupStateError",
    "NotATeamSection",
    "PairedMatch",
    "RosterEntry",
    "do_team_captain_change",
    "lineup_set",
    "team_captain_set",
    "team_create",
    "team_enter",
    "team_match_create",
    "team_match_forfeit",
    "team_member_add",
    "team_reinstate",
    "team_roster_extend",
    "team_round_store",
    "team_section_boards_set",
    "team_withdraw",
]
