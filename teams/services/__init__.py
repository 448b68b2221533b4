"""Writes: teams and rosters, team matches, line-ups and forfeited matches.

Every service checks that the user runs the event (`event_is_manager`); a team's captain may
also enter that team's line-up. Results of the boards are the games' results, entered like
any other game; a match result is never stored (`teams.selectors.team_match_result_get`).
"""

from teams.services.base import LineupInvalid
from teams.services.base import LineupStateError
from teams.services.base import NotATeamSection
from teams.services.matches import PairedMatch
from teams.services.matches import lineup_set
from teams.services.matches import team_match_create
from teams.services.matches import team_match_forfeit
from teams.services.matches import team_round_store
from teams.services.rosters import MAX_BOARDS
from teams.services.rosters import RosterEntry
from teams.services.rosters import do_team_captain_change
from teams.services.rosters import team_captain_set
from teams.services.rosters import team_create
from teams.services.rosters import team_enter
from teams.services.rosters import team_member_add
from teams.services.rosters import team_reinstate
from teams.services.rosters import team_roster_extend
from teams.services.rosters import team_section_boards_set
from teams.services.rosters import team_withdraw

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
