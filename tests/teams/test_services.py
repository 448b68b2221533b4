"""Team services: teams, rosters, matches, line-ups, forfeits; and derived match results."""

from __future__ import annotations

from fractions import Fraction

import pytest

from common.exceptions import PermissionDenied
from common.exceptions import StateError
from common.exceptions import ValidationError
from teams import selectors
from teams import services
from teams.models import Lineup
from teams.models import MatchForfeit
from teams.models import TeamSeat
from tests.factories import GameFactory
from tests.factories import PlayerFactory
from tests.factories import RoundFactory
from tests.factories import SectionFactory
from tests.factories import TeamFactory
from tests.factories import TeamMemberFactory
from tests.factories import UserFactory
from tests.factories import team_section
from tests.teams.conftest import run_by
from tournaments.models import GameResult
from tournaments.models import PlayerStatus
from tournaments.models import RoundStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(organiser):
    return run_by(SectionFactory(system="team_swiss", boards_per_match=2), organiser)


def _roster(team, size=3):
    return [TeamMemberFactory(team=team, board_order=b).player for b in range(1, size + 1)]


@pytest.fixture
def match(section, organiser):
    """Round 1 (draft) with team 1 (white) against team 2, three players each."""
    a = services.team_create(section=section, user=organiser, name="Knights")
    b = services.team_create(section=section, user=organiser, name="Bishops")
    _roster(a)
    _roster(b)
    rnd = RoundFactory(section=section, status=RoundStatus.DRAFT)
    return services.team_match_create(round=rnd, white_team=a, black_team=b, user=organiser)


# --- teams and rosters ---------------------------------------------------------------


def test_teams_are_numbered_in_the_order_they_are_created(section, organiser):
    first = services.team_create(section=section, user=organiser, name="Knights")
    second = services.team_create(section=section, user=organiser, name="Rooks", federation="eng")
    assert (first.starting_rank, second.starting_rank) == (1, 2)
    assert second.federation == "ENG"


def test_team_names_are_unique_in_a_section(section, organiser):
    services.team_create(section=section, user=organiser, name="Knights")
    with pytest.raises(ValidationError) as caught:
        services.team_create(section=section, user=organiser, name="Knights")
    assert caught.value.field == "name"


def test_only_managers_create_teams(section, stranger):
    with pytest.raises(PermissionDenied):
        services.team_create(section=section, user=stranger, name="Knights")


def test_teams_belong_to_team_sections_only(organiser):
    individual = run_by(SectionFactory(), organiser)
    with pytest.raises(StateError):
        services.team_create(section=individual, user=organiser, name="Knights")


def test_members_join_after_the_last_board(section, organiser):
    team = services.team_create(section=section, user=organiser, name="Knights")
    first = PlayerFactory(section=section)
    second = PlayerFactory(section=section)
    services.team_member_add(team=team, player=first, user=organiser)
    member = services.team_member_add(team=team, player=second, user=organiser)
    assert member.board_order == 2


def test_a_player_is_on_one_team_only(section, organiser):
    a = services.team_create(section=section, user=organiser, name="Knights")
    b = services.team_create(section=section, user=organiser, name="Rooks")
    player = PlayerFactory(section=section)
    services.team_member_add(team=a, player=player, user=organiser)
    with pytest.raises(ValidationError):
        services.team_member_add(team=b, player=player, user=organiser)


def test_a_player_of_another_section_cannot_join(section, organiser):
    team = services.team_create(section=section, user=organiser, name="Knights")
    with pytest.raises(ValidationError) as caught:
        services.team_member_add(team=team, player=PlayerFactory(), user=organiser)
    assert caught.value.field == "player"


def test_a_taken_board_order_is_refused(section, organiser):
    team = services.team_create(section=section, user=organiser, name="Knights")
    services.team_member_add(team=team, player=PlayerFactory(section=section), user=organiser)
    with pytest.raises(ValidationError) as caught:
        services.team_member_add(
            team=team, player=PlayerFactory(section=section), user=organiser, board_order=1
        )
    assert caught.value.field == "board_order"


# --- matches ---------------------------------------------------------------------------


def test_a_match_seats_both_teams(match):
    assert TeamSeat.objects.filter(match=match).count() == 2


def test_a_team_already_paired_in_the_round_is_refused(match, section, organiser):
    third = services.team_create(section=section, user=organiser, name="Pawns")
    with pytest.raises(StateError):
        services.team_match_create(
            round=match.round, white_team=third, black_team=match.white_team, user=organiser
        )


# --- line-ups --------------------------------------------------------------------------


def test_default_lineup_is_the_roster_order_of_available_players(match, organiser):
    top = match.white_team.members.get(board_order=1).player
    top.status, top.withdrawn_from_round = PlayerStatus.WITHDRAWN, 1
    top.save()
    rows = services.lineup_set(match=match, team=match.white_team, user=organiser)
    names = [row.player.last_name for row in rows]
    roster = [m.player.last_name for m in match.white_team.members.order_by("board_order")]
    assert names == roster[1:3]


def test_a_short_roster_leaves_the_last_boards_empty(section, organiser):
    a = services.team_create(section=section, user=organiser, name="Knights")
    b = services.team_create(section=section, user=organiser, name="Rooks")
    _roster(a, size=1)
    rnd = RoundFactory(section=section, status=RoundStatus.DRAFT)
    match = services.team_match_create(round=rnd, white_team=a, black_team=b, user=organiser)
    rows = services.lineup_set(match=match, team=a, user=organiser)
    assert [row.player is None for row in rows] == [False, True]


def test_a_lineup_in_any_order_of_the_roster(match, organiser):
    p3 = match.white_team.members.get(board_order=3).player
    services.lineup_set(match=match, team=match.white_team, user=organiser, players=[p3, None])
    stored = Lineup.objects.filter(match=match, team=match.white_team).order_by("board")
    assert [row.player_id for row in stored] == [p3.pk, None]


def test_setting_a_lineup_twice_replaces_it(match, organiser):
    p1, p2, _p3 = [m.player for m in match.white_team.members.order_by("board_order")]
    services.lineup_set(match=match, team=match.white_team, user=organiser, players=[p1, p2])
    services.lineup_set(match=match, team=match.white_team, user=organiser, players=[p1, p2])
    assert Lineup.objects.filter(match=match, team=match.white_team).count() == 2


def test_a_player_not_on_the_team_is_refused(match, organiser):
    other = match.black_team.members.first().player
    with pytest.raises(ValidationError) as caught:
        services.lineup_set(match=match, team=match.white_team, user=organiser, players=[other])
    assert caught.value.field == "board_1"


def test_more_players_than_boards_is_refused(match, organiser):
    players = [m.player for m in match.white_team.members.all()]
    with pytest.raises(ValidationError):
        services.lineup_set(match=match, team=match.white_team, user=organiser, players=players)


def test_one_player_on_two_boards_is_refused(match, organiser):
    p1 = match.white_team.members.first().player
    with pytest.raises(ValidationError) as caught:
        services.lineup_set(match=match, team=match.white_team, user=organiser, players=[p1, p1])
    assert caught.value.field == "board_2"


def test_a_withdrawn_player_cannot_be_lined_up(match, organiser):
    p1 = match.white_team.members.first().player
    p1.status, p1.withdrawn_from_round = PlayerStatus.WITHDRAWN, 1
    p1.save()
    with pytest.raises(ValidationError):
        services.lineup_set(match=match, team=match.white_team, user=organiser, players=[p1])


def test_a_team_not_in_the_match_is_refused(match, section, organiser):
    third = TeamFactory(section=section)
    with pytest.raises(ValidationError):
        services.lineup_set(match=match, team=third, user=organiser)


def test_the_captain_sets_the_own_team_lineup(match):
    captain = UserFactory()
    team = match.white_team
    team.captain = captain
    team.save()
    match.round.status = RoundStatus.PUBLISHED  # a captain sees the match once published
    match.round.save()
    rows = services.lineup_set(match=match, team=team, user=captain)
    assert len(rows) == 2


def test_a_captain_cannot_set_the_other_team_lineup(match):
    captain = UserFactory()
    match.white_team.captain = captain
    match.white_team.save()
    with pytest.raises(PermissionDenied):
        services.lineup_set(match=match, team=match.black_team, user=captain)


def test_strangers_cannot_set_lineups(match, stranger):
    with pytest.raises(PermissionDenied):
        services.lineup_set(match=match, team=match.white_team, user=stranger)


def test_lineups_are_closed_once_a_board_of_the_match_has_a_result(organiser):
    section = run_by(team_section(2, rounds_played=1), organiser)
    rnd = section.rounds.get()
    rnd.status = RoundStatus.PUBLISHED
    rnd.save()
    match = rnd.team_matches.get()
    with pytest.raises(StateError, match="has a result"):
        services.lineup_set(match=match, team=match.white_team, user=organiser)


def test_a_game_of_another_match_does_not_close_the_lineup(match, organiser):
    GameFactory(round=match.round, board=99, result=GameResult.DRAW)
    rows = services.lineup_set(match=match, team=match.white_team, user=organiser)
    assert len(rows) == 2


# --- forfeits and results --------------------------------------------------------------


def test_a_forfeit_decides_the_match(organiser):
    section = run_by(team_section(2, boards=4), organiser)
    match = section.rounds.get().team_matches.get()
    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.BLACK_WINS)
    result = selectors.team_match_result_get(match=match)
    assert (result.white_match_points, result.black_match_points) == (0, 2)
    assert (result.white_game_points, result.black_game_points) == (0, 4)


def test_a_double_forfeit_loses_both(organiser):
    section = run_by(team_section(2), organiser)
    match = section.rounds.get().team_matches.get()
    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.DOUBLE)
    result = selectors.team_match_result_get(match=match)
    assert (result.white_match_points, result.black_match_points) == (0, 0)


def test_clearing_a_forfeit_restores_the_board_result(organiser):
    section = run_by(team_section(2), organiser)
    match = section.rounds.get().team_matches.get()
    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.DOUBLE)
    services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.NONE)
    assert selectors.team_match_result_get(match=match).white_match_points == 2


def test_an_unknown_forfeit_kind_is_refused(organiser):
    section = run_by(team_section(2), organiser)
    match = section.rounds.get().team_matches.get()
    with pytest.raises(ValidationError):
        services.team_match_forfeit(match=match, user=organiser, kind="1-0")


def test_a_draft_match_cannot_be_forfeited(match, organiser):
    with pytest.raises(StateError):
        services.team_match_forfeit(match=match, user=organiser, kind=MatchForfeit.DOUBLE)


def test_strangers_cannot_forfeit_a_match(stranger):
    match = team_section(2).rounds.get().team_matches.get()
    with pytest.raises(PermissionDenied):
        services.team_match_forfeit(match=match, user=stranger, kind=MatchForfeit.DOUBLE)


def test_match_result_sums_the_boards():
    match = team_section(2, boards=4).rounds.get().team_matches.get()
    result = selectors.team_match_result_get(match=match)
    assert (result.white_game_points, result.black_game_points) == (Fraction(5, 2), Fraction(3, 2))
    assert (result.white_match_points, result.black_match_points) == (2, 0)


def test_a_board_in_play_leaves_the_match_without_match_points():
    match = team_section(2).rounds.get().team_matches.get()
    match.round.games.filter(board=2).update(result=GameResult.PENDING)
    result = selectors.team_match_result_get(match=match)
    assert result.white_match_points is None
    assert result.white_game_points == 1


def test_an_empty_board_is_lost_by_forfeit():
    match = team_section(2).rounds.get().team_matches.get()
    match.round.games.filter(board=2).delete()
    Lineup.objects.filter(match=match, team=match.black_team, board=2).update(player=None)
    result = selectors.team_match_result_get(match=match)
    assert (result.white_game_points, result.black_game_points) == (2, 0)


def test_black_team_wins_a_board_it_plays_with_white():
    match = team_section(2).rounds.get().team_matches.get()
    match.round.games.filter(board=2).update(result=GameResult.WHITE_WINS)
    result = selectors.team_match_result_get(match=match)
    assert (result.white_game_points, result.black_game_points) == (1, 1)
    assert (result.white_match_points, result.black_match_points) == (1, 1)


def test_a_team_of_another_section_cannot_be_paired(match, organiser):
    stranger_team = TeamFactory()
    with pytest.raises(ValidationError):
        services.team_match_create(
            round=match.round, white_team=match.white_team, black_team=stranger_team, user=organiser
        )
