"""Pairing a team round through the site: request, run, draft, line-ups, publish, results."""

from __future__ import annotations

from fractions import Fraction

import pytest

from chesscore.pairing.team import check_team_file
from chesscore.record.trf import read
from common.exceptions import StateError
from common.exceptions import ValidationError
from pairing.models import PairingRun
from pairing.models import RunStatus
from pairing.services import RoundStateError
from pairing.services import game_colours_swap
from pairing.services import round_pair
from pairing.services import round_publish
from public.selectors import section_trf_export_get
from public.selectors import team_standings_page_get
from results.services import game_result_set
from teams import selectors as team_selectors
from teams import services as team_services
from teams.models import Lineup
from teams.models import MatchForfeit
from teams.models import Team
from teams.models import TeamBye
from teams.models import TeamMatch
from teams.models import TeamMember
from teams.models import TeamSeat
from teams.services import team_reinstate
from teams.services import team_withdraw
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.constraints.services import group_create
from tournaments.models import ConstraintKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import GroupSource
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import ProhibitedGroup
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def make_team_section(
    teams: int = 4,
    *,
    boards: int = 2,
    reserves: int = 1,
    rounds: int = 4,
    system: str = "team_swiss",
):
    """A team section run by `section.organiser`: team t holds players (t - 1) x size + 1
    onwards in board order, rated so that team 1 is the strongest."""
    section = SectionFactory(system=system, boards_per_match=boards, planned_rounds=rounds)
    organiser = UserFactory()
    section.event.organisers.add(organiser)
    size = boards + reserves
    for t in range(1, teams + 1):
        team = Team.objects.create(section=section, name=f"Team {t:02d}", starting_rank=t)
        for b in range(1, size + 1):
            rank = (t - 1) * size + b
            player = Player.objects.create(
                section=section,
                starting_rank=rank,
                last_name=f"Player{rank:03d}",
                fide_rating=2600 - rank,
            )
            TeamMember.objects.create(team=team, player=player, board_order=b)
    section.organiser = organiser
    return section


def pair(section, number, capture, *, again=False) -> PairingRun:
    with capture(execute=True):
        run = round_pair(section=section, number=number, user=section.organiser, again=again)
    run.refresh_from_db()
    return run


def publish(section, number) -> Round:
    rnd = Round.objects.get(section=section, number=number)
    return round_publish(round=rnd, user=section.organiser)


def results(section, number, result=GameResult.WHITE_WINS) -> None:
    for game in Round.objects.get(section=section, number=number).games.all():
        game_result_set(game=game, result=result, user=section.organiser, version=game.version)


def matches(section, number) -> list[tuple[int, int]]:
    rows = TeamMatch.objects.filter(round__section=section, round__number=number)
    return list(
        rows.order_by("number").values_list(
            "white_team__starting_rank", "black_team__starting_rank"
        )
    )


# -- the draft -------------------------------------------------------------------------


def test_pairing_a_team_round_stores_its_matches_as_a_draft(django_capture_on_commit_callbacks):
    section = make_team_section(4)
    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    assert Round.objects.get(section=section, number=1).status == RoundStatus.DRAFT
    # C.04.6 round 1: top half against bottom half, the initial colour to team 1.
    assert matches(section, 1) == [(1, 3), (4, 2)]
    assert run.result["matches"] == [[1, 3], [4, 2]]
    assert TeamSeat.objects.filter(round__section=section).count() == 4


def test_default_lineups_are_the_roster_order_of_available_players(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(2, boards=2, reserves=1)
    Player.objects.filter(section=section, starting_rank=1).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=1
    )
    pair(section, 1, django_capture_on_commit_callbacks)

    lineups = Lineup.objects.filter(round__section=section).order_by("team__starting_rank", "board")
    assert [(row.team.starting_rank, row.board, row.player.starting_rank) for row in lineups] == [
        (1, 1, 2),
        (1, 2, 3),
        (2, 1, 4),
        (2, 2, 5),
    ]


def test_the_white_team_has_white_on_odd_boards(django_capture_on_commit_callbacks):
    section = make_team_section(2, boards=4, reserves=0)
    pair(section, 1, django_capture_on_commit_callbacks)

    games = Round.objects.get(section=section, number=1).games.order_by("board")
    assert [(g.board, g.white.starting_rank, g.black.starting_rank) for g in games] == [
        (1, 1, 5),
        (2, 6, 2),
        (3, 3, 7),
        (4, 8, 4),
    ]
    assert Seat.objects.filter(round__section=section, game__isnull=False).count() == 8


def test_an_odd_team_gets_the_pab(django_capture_on_commit_callbacks):
    section = make_team_section(5)
    pair(section, 1, django_capture_on_commit_callbacks)

    bye = TeamBye.objects.get(round__section=section)
    assert bye.team.starting_rank == 5
    assert TeamSeat.objects.get(round__section=section, team=bye.team).bye == bye
    assert not Lineup.objects.filter(team=bye.team).exists()


def test_a_short_roster_leaves_an_empty_board_without_a_game(django_capture_on_commit_callbacks):
    section = make_team_section(2, boards=2, reserves=0)
    TeamMember.objects.filter(player__starting_rank=4).delete()
    pair(section, 1, django_capture_on_commit_callbacks)

    assert Round.objects.get(section=section, number=1).games.count() == 1
    card = team_selectors.round_matches_get(section=section, number=1, drafts=True).cards[0]
    assert card.boards[1].black_team_player is None


def test_pairing_a_draft_again_replaces_its_matches(django_capture_on_commit_callbacks):
    section = make_team_section(4)
    first = pair(section, 1, django_capture_on_commit_callbacks)
    run = pair(section, 1, django_capture_on_commit_callbacks, again=True)

    assert run.pk != first.pk
    assert run.status == RunStatus.DONE
    assert TeamMatch.objects.filter(round__section=section).count() == 2
    assert Lineup.objects.filter(round__section=section).count() == 8
    assert Round.objects.get(section=section, number=1).games.count() == 4


def test_a_section_without_boards_fails_the_run_naming_the_setting(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(4)
    section.boards_per_match = None
    section.save()
    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.FAILED
    assert "boards per match" in run.error
    assert Round.objects.get(section=section, number=1).status == RoundStatus.PENDING


def test_a_section_with_one_team_fails_the_run(django_capture_on_commit_callbacks):
    section = make_team_section(1)
    run = pair(section, 1, django_capture_on_commit_callbacks)
    assert run.status == RunStatus.FAILED
    assert "at least two teams" in run.error


# -- line-ups and results ---------------------------------------------------------------


def test_a_lineup_changed_after_pairing_changes_the_games(django_capture_on_commit_callbacks):
    section = make_team_section(2, boards=2, reserves=1)
    pair(section, 1, django_capture_on_commit_callbacks)
    publish(section, 1)
    match = TeamMatch.objects.get(round__section=section)
    second, reserve = (Player.objects.get(section=section, starting_rank=r) for r in (2, 3))

    team_services.lineup_set(
        match=match, team=match.white_team, user=section.organiser, players=[second, reserve]
    )

    games = Round.objects.get(section=section, number=1).games.order_by("board")
    assert [(g.white.starting_rank, g.black.starting_rank) for g in games] == [(2, 4), (5, 3)]


def test_an_emptied_board_is_lost_by_forfeit_and_needs_no_result(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(2, boards=2, reserves=0)
    pair(section, 1, django_capture_on_commit_callbacks)
    publish(section, 1)
    match = TeamMatch.objects.get(round__section=section)
    first = Player.objects.get(section=section, starting_rank=3)
    team_services.lineup_set(
        match=match, team=match.black_team, user=section.organiser, players=[first, None]
    )
    results(section, 1, GameResult.DRAW)

    assert Round.objects.get(section=section, number=1).status == RoundStatus.COMPLETED
    result = team_selectors.team_match_result_get(match=match)
    assert (result.white_game_points, result.black_game_points) == (Fraction(3, 2), Fraction(1, 2))


def test_a_forfeited_match_drops_its_boards_and_completes_the_round(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(4)
    pair(section, 1, django_capture_on_commit_callbacks)
    publish(section, 1)
    second = TeamMatch.objects.filter(round__section=section).get(number=2)
    results(section, 1)  # every board of both matches
    rnd = Round.objects.get(section=section, number=1)
    for game in rnd.games.filter(board__gt=2):
        game_result_set(game=game, result="", user=section.organiser, version=game.version)

    team_services.team_match_forfeit(
        match=second, user=section.organiser, kind=MatchForfeit.WHITE_WINS
    )

    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.COMPLETED
    assert rnd.games.count() == 2
    team_services.team_match_forfeit(match=second, user=section.organiser, kind="")
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.PUBLISHED
    assert rnd.games.count() == 4


def test_rounds_follow_each_other_with_the_standings_in_between(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(4)
    for number in (1, 2):
        assert pair(section, number, django_capture_on_commit_callbacks).status == RunStatus.DONE
        publish(section, number)
        results(section, number)
    # Round 1: 1-3 and 4-2 won by the white teams' odd boards and lost on the even ones.
    assert Round.objects.get(section=section, number=2).status == RoundStatus.COMPLETED
    assert len(matches(section, 2)) == 2
    assert not {frozenset(m) for m in matches(section, 1)} & {
        frozenset(m) for m in matches(section, 2)
    }


# -- round robins and constraints -------------------------------------------------------


def test_a_team_round_robin_follows_the_berger_table(django_capture_on_commit_callbacks):
    section = make_team_section(4, rounds=3, system="team_round_robin")
    pair(section, 1, django_capture_on_commit_callbacks)
    assert matches(section, 1) == [(1, 4), (2, 3)]
    publish(section, 1)
    results(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    assert matches(section, 2) == [(4, 3), (1, 2)]


def test_a_double_team_round_robin_plays_the_table_twice_colours_reversed(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(4, rounds=6, system="team_double_round_robin")
    first_cycle = []
    for number in range(1, 7):
        pair(section, number, django_capture_on_commit_callbacks)
        first_cycle.append(matches(section, number))
        publish(section, number)
        results(section, number)
    firsts = {frozenset(m) for r in first_cycle[:3] for m in r}
    seconds = {frozenset(m) for r in first_cycle[3:] for m in r}
    assert firsts == seconds
    assert len(firsts) == 6
    played = {m for r in first_cycle for m in r}
    assert all((b, a) in played for a, b in played)
    assert Round.objects.get(section=section, number=6).explanation["system"] == (
        "team_double_round_robin"
    )


def test_the_free_team_of_a_round_robin_sits_out(django_capture_on_commit_callbacks):
    section = make_team_section(3, rounds=3, system="team_round_robin")
    run = pair(section, 1, django_capture_on_commit_callbacks)
    assert matches(section, 1) == [(2, 3)]
    assert run.result["pab"] is None
    assert Round.objects.get(section=section, number=1).explanation["free"] == 1


def test_a_strict_group_keeps_its_players_teams_apart(django_capture_on_commit_callbacks):
    section = make_team_section(4)
    group = ProhibitedGroup.objects.create(
        section=section, name="Same club", kind=ConstraintKind.STRICT
    )
    # A player of team 1 and one of team 3: the engine's round 1 would pair 1-3.
    group.members.set(Player.objects.filter(section=section, starting_rank__in=[1, 7]))
    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    assert (1, 3) not in matches(section, 1)
    rnd = Round.objects.get(section=section, number=1)
    assert rnd.is_pure_fide
    assert rnd.explanation["deviations"] == []


def test_a_strict_federation_group_keeps_teams_of_one_federation_apart(
    django_capture_on_commit_callbacks,
):
    section = make_team_section(4)
    Team.objects.filter(section=section, starting_rank__in=[1, 3]).update(federation="NOR")
    Team.objects.filter(section=section, starting_rank__in=[2, 4]).update(federation="SWE")
    ProhibitedGroup.objects.create(
        section=section,
        name="Federations",
        kind=ConstraintKind.STRICT,
        source=GroupSource.ATTRIBUTE,
        attribute="federation",
    )
    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    paired = {frozenset(m) for m in matches(section, 1)}
    assert len(paired) == 2
    assert not paired & {frozenset((1, 3)), frozenset((2, 4))}


def test_team_sections_take_strict_and_lowest_priority_groups_only():
    section = make_team_section(4)
    with pytest.raises(ValidationError) as caught:
        group_create(
            section=section,
            user=section.organiser,
            name="Club",
            kind=ConstraintKind.SOFT_FROM_BOTTOM,
            members=[1, 7],
        )
    assert caught.value.field == "kind"


def test_the_pab_counts_a_drawn_match_in_the_standings(django_capture_on_commit_callbacks):
    section = make_team_section(5, boards=2)
    pair(section, 1, django_capture_on_commit_callbacks)
    publish(section, 1)
    results(section, 1)

    lines = {line.number: line for line in team_standings_page_get(section).lines}
    assert (lines[5].match_points, lines[5].game_points) == (1, 1)
    page = team_selectors.round_matches_get(section=section, number=1)
    assert [bye.team.starting_rank for bye in page.byes] == [5]


def test_hand_edits_of_single_boards_are_refused_in_a_team_round(
    django_capture_on_commit_callbacks,
):

    section = make_team_section()
    pair(section, 1, django_capture_on_commit_callbacks)
    game = Game.objects.filter(round__section=section).first()

    with pytest.raises(RoundStateError) as caught:
        game_colours_swap(game=game, user=section.organiser, version=game.round.version)

    assert "line-up" in caught.value.message


def test_a_lowest_priority_group_picks_among_equal_team_pairings(
    django_capture_on_commit_callbacks,
):
    """Four teams in round 1: C.04.6 pairs 1-3 and 2-4; with teams 1 and 3 in one
    lowest-priority group the next pairing by identifier, 1-4 and 2-3, is as good."""

    section = make_team_section(4)
    group = ProhibitedGroup.objects.create(
        section=section, name="Same club", kind=ConstraintKind.SOFT_LOWEST
    )
    group.members.set(Player.objects.filter(section=section, starting_rank__in=[1, 7]))

    pair(section, 1, django_capture_on_commit_callbacks)

    paired = {frozenset(m) for m in matches(section, 1)}
    assert paired == {frozenset((1, 4)), frozenset((2, 3))}
    rnd = Round.objects.get(section=section, number=1)
    assert rnd.is_pure_fide is False
    publish(section, 1)
    results(section, 1)
    record = read(section_trf_export_get(section=section, dialect="trf26"))
    assert [(g.round, g.kind, g.ranks) for g in record.soft_groups] == [(1, "L", (1, 3))]
    assert check_team_file(record).ok


# -- withdrawals ------------------------------------------------------------------------


def test_a_withdrawn_team_is_not_paired_in_a_team_swiss(django_capture_on_commit_callbacks):
    section = make_team_section(5)
    pair(section, 1, django_capture_on_commit_callbacks)
    publish(section, 1)
    results(section, 1)
    team_withdraw(team=section.teams.get(starting_rank=5), user=section.organiser, from_round=2)

    run = pair(section, 2, django_capture_on_commit_callbacks)

    assert run.status == RunStatus.DONE, run.error
    paired = {t for m in matches(section, 2) for t in m}
    assert paired == {1, 2, 3, 4}
    assert not TeamBye.objects.filter(round__number=2, round__section=section).exists()
    assert Round.objects.get(section=section, number=2).explanation["withdrawn"] == [5]


def test_a_withdrawn_team_loses_its_round_robin_matches_by_forfeit(
    django_capture_on_commit_callbacks,
):

    section = make_team_section(4, rounds=3, system="team_round_robin")
    team_withdraw(team=section.teams.get(starting_rank=4), user=section.organiser, from_round=1)

    pair(section, 1, django_capture_on_commit_callbacks)

    forfeited = TeamMatch.objects.get(round__section=section, white_team__starting_rank=1)
    assert forfeited.black_team.starting_rank == 4
    assert forfeited.forfeit == MatchForfeit.WHITE_WINS
    assert not Game.objects.filter(
        round__section=section, white__team_member__team=forfeited.black_team
    ).exists()
    played = TeamMatch.objects.get(round__section=section, white_team__starting_rank=2)
    assert played.forfeit == MatchForfeit.NONE


def test_a_withdrawal_from_a_paired_round_is_refused(django_capture_on_commit_callbacks):
    section = make_team_section(4)
    pair(section, 1, django_capture_on_commit_callbacks)
    team = section.teams.get(starting_rank=2)
    with pytest.raises(StateError) as caught:
        team_withdraw(team=team, user=section.organiser, from_round=1)
    assert caught.value.field == "from_round"
    team = team_withdraw(team=team, user=section.organiser, from_round=3)
    assert team.withdrawn_from_round == 3
    assert team_reinstate(team=team, user=section.organiser).withdrawn_from_round is None
