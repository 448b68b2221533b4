"""Reads: rosters, match cards with their derived results, a team's results by board.

A match result is computed on every read from the games of the line-ups' boards (or the
match's forfeit), never stored. Each page selector costs a fixed number of queries,
whatever the number of teams.
"""

from teams.selectors.cards import BoardLine
from teams.selectors.cards import BoardResults
from teams.selectors.cards import MatchCard
from teams.selectors.cards import MatchResult
from teams.selectors.cards import PlayerOnBoard
from teams.selectors.cards import RoundMatches
from teams.selectors.cards import TeamPage
from teams.selectors.cards import round_matches_get
from teams.selectors.cards import team_match_result_get
from teams.selectors.cards import team_page_get
from teams.selectors.record import section_record_get
from teams.selectors.record import team_group_pairings
from teams.selectors.record import team_groups_get
from teams.selectors.record import team_pab_points
from teams.selectors.rosters import board_label
from teams.selectors.rosters import captained_team_ids_get
from teams.selectors.rosters import is_available
from teams.selectors.rosters import lineup_choices_get
from teams.selectors.rosters import lineup_default
from teams.selectors.rosters import lineups_default_get
from teams.selectors.rosters import managed_round_numbers_get
from teams.selectors.rosters import match_scoring
from teams.selectors.rosters import round_numbers_get
from teams.selectors.rosters import team_board_teams_get
from teams.selectors.rosters import team_get
from teams.selectors.rosters import team_list
from teams.selectors.rosters import team_match_get
from teams.selectors.rosters import team_round_match_get

__all__ = [
    "BoardLine",
    "BoardResults",
    "MatchCard",
    "MatchResult",
    "PlayerOnBoard",
    "RoundMatches",
    "TeamPage",
    "board_label",
    "captained_team_ids_get",
    "is_available",
    "lineup_choices_get",
    "lineup_default",
    "lineups_default_get",
    "managed_round_numbers_get",
    "match_scoring",
    "round_matches_get",
    "round_numbers_get",
    "section_record_get",
    "team_board_teams_get",
    "team_get",
    "team_group_pairings",
    "team_groups_get",
    "team_list",
    "team_match_get",
    "team_match_result_get",
    "team_pab_points",
    "team_page_get",
    "team_round_match_get",
]
