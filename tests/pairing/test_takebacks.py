"""Taking things back: unpublishing a round, deleting the latest round to pair it again,
and altering a published pairing under one of the cases of C.04.2 4.4."""

from __future__ import annotations

import pytest

from common.exceptions import ValidationError
from pairing import services
from pairing.services import AlterationCase
from pairing.services import RoundStateError
from pairing.services import StaleWrite
from results.services import game_result_set
from tests.pairing.test_drafts import boards_of
from tests.pairing.test_drafts import byes_of
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tests.pairing.test_drafts import v
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import pair
from tournaments.models import ByeKind
from tournaments.models import ByeRequest
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Player
from tournaments.models import PlayerStatus
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


@pytest.fixture
def section():
    return make_section(7)


@pytest.fixture
def published(section):
    return make_round(
        section,
        1,
        [(1, 4), (5, 2), (3, 6)],
        [(7, ByeKind.PAIRING_ALLOCATED)],
        status=RoundStatus.PUBLISHED,
    )


def enter(rnd, board, result):
    game = rnd.games.get(board=board)
    game_result_set(game=game, result=result, user=rnd.section.organiser, version=game.version)


# -- unpublishing -------------------------------------------------------------------------


def test_a_published_round_without_results_goes_back_to_a_draft(section, published):
    rnd = services.round_unpublish(
        round=published, user=section.organiser, version=v(published), reason="Wrong round."
    )

    assert rnd.status == RoundStatus.DRAFT
    assert rnd.published_at is None
    assert boards_of(rnd) == [(1, 4), (5, 2), (3, 6)]
    entry = LogEntry.objects.get(action=LogAction.UNPUBLISH)
    assert entry.reason == "Wrong round."
    assert entry.round_number == 1


def test_a_round_with_a_result_cannot_be_unpublished_and_says_which_board(section, published):
    enter(published, 2, GameResult.DRAW)

    with pytest.raises(RoundStateError, match=r"has results \(board 2\): clear them first"):
        services.round_unpublish(round=published, user=section.organiser, version=v(published))
    assert Round.objects.get(pk=published.pk).status == RoundStatus.PUBLISHED


def test_a_result_entered_then_cleared_no_longer_blocks(section, published):
    enter(published, 2, GameResult.DRAW)
    enter(published, 2, "")

    rnd = services.round_unpublish(round=published, user=section.organiser, version=v(published))

    assert rnd.status == RoundStatus.DRAFT


def test_a_result_fixed_with_the_pairing_does_not_block(section):
    rnd = make_round(
        section, 1, [(1, 4)], status=RoundStatus.PUBLISHED, result=GameResult.WHITE_WINS_FORFEIT
    )

    assert services.round_takeback_get(round=rnd).unpublish_blocked == ""


def test_unpublishing_on_an_old_version_is_refused(section, published):
    old = v(published)
    enter(published, 1, GameResult.DRAW)
    enter(published, 1, "")

    with pytest.raises(StaleWrite):
        services.round_unpublish(round=published, user=section.organiser, version=old)


# -- deleting -----------------------------------------------------------------------------


def test_the_latest_round_is_deleted_and_the_log_keeps_its_boards(section, published):
    rnd = services.round_delete(
        round=published, user=section.organiser, version=v(published), reason="Paired too soon."
    )

    assert rnd.status == RoundStatus.PENDING
    assert not rnd.games.exists()
    assert not rnd.byes.exists()
    assert not Seat.objects.filter(round=rnd).exists()
    entry = LogEntry.objects.get(action=LogAction.ROUND_DELETE)
    assert entry.changes == {"boards": [[1, 4], [5, 2], [3, 6]], "byes": [[7, "U"]]}
    assert "3 boards and 1 bye" in entry.description


def test_a_deleted_round_is_paired_again_and_keeps_the_byes_asked_for(
    django_capture_on_commit_callbacks,
):
    section = make_section(7)
    ByeRequest.objects.create(player=section.players.get(starting_rank=3), round_number=1, kind="H")
    pair(section, 1, django_capture_on_commit_callbacks)
    rnd = Round.objects.get(section=section, number=1)
    services.round_delete(round=rnd, user=section.organiser, version=v(rnd))

    run = pair(section, 1, django_capture_on_commit_callbacks)

    assert run.status == "done"
    rnd.refresh_from_db()
    assert rnd.status == RoundStatus.DRAFT
    assert byes_of(rnd, ByeKind.HALF_POINT) == [3]


def test_only_the_latest_round_can_be_deleted(django_capture_on_commit_callbacks):
    section = make_section(6)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    first = Round.objects.get(section=section, number=1)

    with pytest.raises(RoundStateError, match="Round 2 is paired after it"):
        services.round_delete(round=first, user=section.organiser, version=v(first))


def test_a_round_with_results_cannot_be_deleted(section, published):
    enter(published, 3, GameResult.WHITE_WINS)

    with pytest.raises(RoundStateError, match="has results"):
        services.round_delete(round=published, user=section.organiser, version=v(published))
    assert published.games.count() == 3


# -- altering a published pairing (C.04.2 4.4) --------------------------------------------


def test_a_rematch_paired_by_mistake_is_mended_and_the_case_logged(section, published):
    rnd = services.draft_players_swap(
        round=published,
        first=4,
        second=6,
        user=section.organiser,
        version=v(published),
        case=AlterationCase.REMATCH,
    )

    assert rnd.status == RoundStatus.PUBLISHED
    assert boards_of(rnd) == [(1, 6), (5, 2), (3, 4)]
    assert not rnd.is_pure_fide
    entry = LogEntry.objects.get(action=LogAction.PAIRING_ALTER)
    assert entry.changes == {"case": "4.4.1", "change": "players_swap"}
    assert "published pairing altered: C.04.2 4.4.1" in entry.description


def test_a_board_with_a_result_is_never_altered(section, published):
    enter(published, 1, GameResult.DRAW)

    with pytest.raises(RoundStateError, match="Board 1 has a result"):
        services.draft_players_swap(
            round=published,
            first=4,
            second=6,
            user=section.organiser,
            version=v(published),
            case=AlterationCase.RULES,
        )
    assert boards_of(published) == [(1, 4), (5, 2), (3, 6)]


def test_a_late_entrant_is_fitted_in_against_the_bye_holder(section, published):
    late = Player.objects.create(section=section, starting_rank=8, last_name="Late", entry_round=2)

    rnd = services.draft_bye_take(
        round=published,
        player=7,
        opponent=8,
        user=section.organiser,
        version=v(published),
        case=AlterationCase.LATE_ENTRY,
    )

    assert boards_of(rnd) == [(1, 4), (5, 2), (3, 6), (7, 8)]
    assert byes_of(rnd) == []
    late.refresh_from_db()
    assert late.entry_round == 1
    assert Seat.objects.filter(round=rnd, player=late, game__isnull=False).exists()


def test_players_outside_the_boards_come_in_only_under_4_4_3_or_4_4_4(section, published):
    Player.objects.create(section=section, starting_rank=8, last_name="Late", entry_round=2)

    with pytest.raises(ValidationError, match="Player 8 is not in round 1"):
        services.draft_bye_take(
            round=published,
            player=7,
            opponent=8,
            user=section.organiser,
            version=v(published),
            case=AlterationCase.RULES,
        )


def test_a_zero_point_bye_gives_way_when_two_unpaired_players_agree_to_play(section):
    rnd = make_round(
        section,
        1,
        [(1, 4), (5, 2), (3, 6)],
        [(7, ByeKind.ZERO_POINT)],
        status=RoundStatus.PUBLISHED,
    )
    Player.objects.create(section=section, starting_rank=8, last_name="Eight")

    rnd = services.draft_players_pair(
        round=rnd,
        white=7,
        black=8,
        user=section.organiser,
        version=v(rnd),
        case=AlterationCase.UNPAIRED,
    )

    assert boards_of(rnd) == [(1, 4), (5, 2), (3, 6), (7, 8)]
    assert not rnd.byes.exists()


def test_a_withdrawn_player_is_never_brought_in(section, published):
    Player.objects.create(
        section=section,
        starting_rank=8,
        last_name="Gone",
        status=PlayerStatus.WITHDRAWN,
        withdrawn_from_round=1,
    )

    with pytest.raises(ValidationError, match="not in round 1"):
        services.draft_bye_take(
            round=published,
            player=7,
            opponent=8,
            user=section.organiser,
            version=v(published),
            case=AlterationCase.LATE_ENTRY,
        )


def test_a_completed_round_is_not_altered(section):
    rnd = make_round(section, 1, [(1, 4)], status=RoundStatus.COMPLETED, result="1-0")

    with pytest.raises(RoundStateError, match="completed"):
        services.game_colours_swap(
            game=rnd.games.get(),
            user=section.organiser,
            version=v(rnd),
            case=AlterationCase.RULES,
        )
