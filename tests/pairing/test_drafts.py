"""Changing a draft by hand: swaps, pairings and byes, their warnings and the audit log."""

from __future__ import annotations

import pytest

from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from pairing import services
from pairing.services import RoundStateError
from pairing.services import round_pair
from pairing.services import round_publish
from tests.factories import PlayerFactory
from tests.factories import SectionFactory
from tests.factories import UserFactory
from tournaments.models import Bye
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def make_section(players: int):
    section = SectionFactory(planned_rounds=5)
    section.organiser = UserFactory()
    section.event.organisers.add(section.organiser)
    for rank in range(1, players + 1):
        PlayerFactory(section=section, starting_rank=rank, first_name="", last_name=f"P{rank}")
    return section


def make_round(section, number, boards, byes=(), status=RoundStatus.DRAFT, result=""):
    """Round `number` with `boards` as (white, black) ranks and `byes` as (rank, kind)."""
    p = {player.starting_rank: player for player in section.players.all()}
    rnd = Round.objects.create(section=section, number=number, status=status)
    for board, (white, black) in enumerate(boards, start=1):
        game = Game.objects.create(
            round=rnd, board=board, white=p[white], black=p[black], result=result
        )
        Seat.objects.create(round=rnd, player=p[white], game=game)
        Seat.objects.create(round=rnd, player=p[black], game=game)
    for rank, kind in byes:
        bye = Bye.objects.create(round=rnd, player=p[rank], kind=kind)
        Seat.objects.create(round=rnd, player=p[rank], bye=bye)
    return rnd


def boards_of(rnd):
    games = rnd.games.select_related("white", "black").order_by("board")
    return [(g.white.starting_rank, g.black.starting_rank) for g in games]


def byes_of(rnd, kind=ByeKind.PAIRING_ALLOCATED):
    return sorted(rnd.byes.filter(kind=kind).values_list("player__starting_rank", flat=True))


ROUND_ACTIONS = (
    LogAction.COLOURS_SWAP,
    LogAction.OPPONENTS_SWAP,
    LogAction.PLAYERS_SWAP,
    LogAction.PLAYERS_PAIR,
    LogAction.BYE_GIVE,
    LogAction.BYE_TAKE,
    LogAction.REPAIR,
    LogAction.PUBLISH,
)


def v(rnd):
    """The round's version as stored now: what a page showing it would send."""
    return Round.objects.get(pk=rnd.pk).version


def hand_edits(rnd):
    """The log entries of `rnd` for changes to its draft, pairing it again and publishing it,
    newest first."""
    return LogEntry.objects.filter(
        section=rnd.section, round_number=rnd.number, action__in=ROUND_ACTIONS
    )


def assert_seated_once(rnd):
    """Every player of the round has exactly one seat, and it matches their game or bye."""
    seats = Seat.objects.filter(round=rnd)
    in_games = [r for pair in boards_of(rnd) for r in pair]
    in_byes = list(rnd.byes.values_list("player__starting_rank", flat=True))
    assert sorted(seats.values_list("player__starting_rank", flat=True)) == sorted(
        in_games + in_byes
    )
    assert len(set(in_games + in_byes)) == len(in_games + in_byes)
    assert [g.board for g in rnd.games.order_by("board")] == list(range(1, rnd.games.count() + 1))


@pytest.fixture
def section():
    return make_section(7)


@pytest.fixture
def draft(section):
    return make_round(section, 1, [(1, 4), (5, 2), (3, 6)], [(7, ByeKind.PAIRING_ALLOCATED)])


# -- swapping two players ----------------------------------------------------------------


def test_two_players_of_different_boards_take_each_others_places(section, draft):
    untouched = draft.games.get(board=3).pk

    services.draft_players_swap(
        round=draft, first=1, second=2, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft) == [(2, 4), (5, 1), (3, 6)]
    assert draft.games.get(board=3).pk == untouched
    assert_seated_once(draft)


def test_a_player_swapped_with_the_bye_receiver_takes_the_bye(section, draft):
    services.draft_players_swap(
        round=draft, first=6, second=7, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft) == [(1, 4), (5, 2), (3, 7)]
    assert byes_of(draft) == [6]
    assert_seated_once(draft)


def test_swapping_two_players_of_one_board_swaps_their_colours(section, draft):
    services.draft_players_swap(
        round=draft, first=1, second=4, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft)[0] == (4, 1)


def test_a_swap_is_logged_with_who_did_it(section, draft):
    services.draft_players_swap(
        round=draft, first=1, second=2, user=section.organiser, version=v(draft)
    )

    entry = hand_edits(draft).get()
    assert entry.action == LogAction.PLAYERS_SWAP
    assert entry.user == section.organiser
    assert entry.description == "1 P1 (board 1, White) and 2 P2 (board 2, Black) swapped places."
    draft.refresh_from_db()
    assert draft.is_pure_fide is False
    assert draft.explanation["edits"] == [entry.description]


def test_a_player_with_a_requested_bye_cannot_be_moved_by_hand(section):
    rnd = make_round(section, 1, [(1, 4), (5, 2), (3, 6)], [(7, ByeKind.HALF_POINT)])

    with pytest.raises(ValidationError, match="half-point bye") as caught:
        services.draft_players_swap(
            round=rnd, first=7, second=1, user=section.organiser, version=v(rnd)
        )
    assert caught.value.field == "first"


@pytest.mark.parametrize(
    ("second", "message"),
    [(99, "There is no player 99"), (1, "two different players")],
)
def test_a_swap_names_the_wrong_player(section, draft, second, message):
    with pytest.raises(ValidationError, match=message) as caught:
        services.draft_players_swap(
            round=draft, first=1, second=second, user=section.organiser, version=v(draft)
        )
    assert caught.value.field == "second"
    assert LogEntry.objects.count() == 0


def test_a_player_who_is_not_in_the_round_is_named(section, draft):
    PlayerFactory(section=section, starting_rank=8)

    with pytest.raises(ValidationError, match="Player 8 is not in round 1") as caught:
        services.draft_players_swap(
            round=draft, first=8, second=1, user=section.organiser, version=v(draft)
        )
    assert caught.value.field == "first"


# -- pairing by hand -----------------------------------------------------------------------


def test_pairing_two_players_pairs_their_former_opponents_with_each_other(section, draft):
    services.draft_players_pair(
        round=draft, white=1, black=3, user=section.organiser, version=v(draft)
    )

    # 1-3 on the better board; 4 (Black on board 1) keeps Black against 6.
    assert boards_of(draft) == [(1, 3), (5, 2), (6, 4)]
    assert_seated_once(draft)


def test_former_opponents_with_the_same_colour_leave_it_to_the_better_board(section, draft):
    services.draft_players_pair(
        round=draft, white=4, black=2, user=section.organiser, version=v(draft)
    )

    # 1 and 5 both had White: 1, from board 1, keeps it.
    assert boards_of(draft) == [(4, 2), (1, 5), (3, 6)]


def test_pairing_the_bye_receiver_gives_the_bye_to_the_former_opponent(section, draft):
    services.draft_players_pair(
        round=draft, white=7, black=6, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft) == [(1, 4), (5, 2), (7, 6)]
    assert byes_of(draft) == [3]
    entry = hand_edits(draft).get()
    assert entry.description == "7 P7 – 6 P6 on board 3; 3 P3 gets the bye."


def test_pairing_two_opponents_again_sets_the_colours_asked_for(section, draft):
    services.draft_players_pair(
        round=draft, white=4, black=1, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft)[0] == (4, 1)


def test_pairing_a_board_as_it_is_is_refused(section, draft):
    with pytest.raises(ValidationError, match="already plays") as caught:
        services.draft_players_pair(
            round=draft, white=1, black=4, user=section.organiser, version=v(draft)
        )
    assert caught.value.field == "black"


def test_a_rematch_made_by_hand_is_warned_about_and_logged(section):
    make_round(section, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.COMPLETED, result="1-0")
    rnd = make_round(section, 2, [(2, 3), (4, 5), (6, 1)], [(7, ByeKind.PAIRING_ALLOCATED)])

    rnd = services.draft_players_pair(
        round=rnd, white=1, black=2, user=section.organiser, version=v(rnd)
    )

    warning = "Board 1: 1 and 2 have already played each other."
    assert warning in rnd.explanation["warnings"]
    assert warning in hand_edits(rnd).get().added_warnings


def test_undoing_a_rematch_lists_it_as_resolved(section):
    make_round(section, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.COMPLETED, result="1-0")
    rnd = make_round(section, 2, [(1, 2), (3, 5), (6, 4)], [(7, ByeKind.PAIRING_ALLOCATED)])

    services.draft_players_swap(
        round=rnd, first=2, second=7, user=section.organiser, version=v(rnd)
    )

    entry = hand_edits(rnd).get()
    assert entry.resolved_warnings == ["Board 1: 1 and 2 have already played each other."]
    assert entry.added_warnings == []


# -- byes ----------------------------------------------------------------------------------


def test_giving_the_bye_pairs_the_former_receiver_in_the_players_place(section, draft):
    services.draft_bye_give(round=draft, player=2, user=section.organiser, version=v(draft))

    assert boards_of(draft) == [(1, 4), (5, 7), (3, 6)]
    assert byes_of(draft) == [2]
    assert_seated_once(draft)


def test_giving_a_bye_in_an_even_field_leaves_two_byes_and_closes_the_gap():
    section = make_section(6)
    rnd = make_round(section, 1, [(1, 4), (5, 2), (3, 6)])
    last = rnd.games.get(board=3).pk

    rnd = services.draft_bye_give(round=rnd, player=2, user=section.organiser, version=v(rnd))

    assert boards_of(rnd) == [(1, 4), (3, 6)]
    assert rnd.games.get(board=2).pk == last
    assert byes_of(rnd) == [2, 5]
    assert "Bye: 2 pairing-allocated byes (2, 5); one at most." in rnd.explanation["warnings"]
    assert_seated_once(rnd)


def test_the_bye_for_a_player_who_had_it_already_is_warned_about(section):
    make_round(
        section,
        1,
        [(1, 2), (3, 4), (5, 6)],
        [(7, ByeKind.PAIRING_ALLOCATED)],
        status=RoundStatus.COMPLETED,
        result="1-0",
    )
    rnd = make_round(section, 2, [(1, 3), (2, 7), (4, 5)], [(6, ByeKind.PAIRING_ALLOCATED)])

    rnd = services.draft_bye_give(round=rnd, player=7, user=section.organiser, version=v(rnd))

    assert "Bye: 7 already had the pairing-allocated bye in round 1." in rnd.explanation["warnings"]


def test_the_bye_for_a_player_who_won_by_forfeit_is_warned_about(section):
    make_round(section, 1, [(1, 2), (3, 4), (5, 6)], status=RoundStatus.COMPLETED, result="+-")
    rnd = make_round(section, 2, [(1, 3), (2, 7), (4, 5)], [(6, ByeKind.PAIRING_ALLOCATED)])

    rnd = services.draft_bye_give(round=rnd, player=1, user=section.organiser, version=v(rnd))

    assert "Bye: 1 already had a win by forfeit in round 1." in rnd.explanation["warnings"]


def test_giving_the_bye_to_its_holder_is_refused(section, draft):
    with pytest.raises(ValidationError, match="already has the bye") as caught:
        services.draft_bye_give(round=draft, player=7, user=section.organiser, version=v(draft))
    assert caught.value.field == "player"


def test_taking_the_bye_pairs_the_receiver_and_the_opponent_keeps_their_colour(section, draft):
    services.draft_bye_take(
        round=draft, player=7, opponent=2, user=section.organiser, version=v(draft)
    )

    assert boards_of(draft) == [(1, 4), (7, 2), (3, 6)]
    assert byes_of(draft) == [5]
    assert hand_edits(draft).get().action == LogAction.BYE_TAKE


def test_taking_one_of_two_byes_pairs_the_two_receivers_on_a_new_last_board():
    section = make_section(6)
    rnd = make_round(section, 1, [(1, 4), (5, 2), (3, 6)])
    services.draft_bye_give(round=rnd, player=2, user=section.organiser, version=v(rnd))

    rnd = services.draft_bye_take(
        round=rnd, player=5, opponent=None, user=section.organiser, version=v(rnd)
    )

    assert boards_of(rnd) == [(1, 4), (3, 6), (2, 5)]
    assert byes_of(rnd) == []
    assert not any(w.startswith("Bye:") for w in rnd.explanation["warnings"])
    assert_seated_once(rnd)


def test_taking_the_bye_needs_an_opponent_when_nobody_else_has_one(section, draft):
    with pytest.raises(ValidationError, match="Choose the player") as caught:
        services.draft_bye_take(
            round=draft, player=7, opponent=None, user=section.organiser, version=v(draft)
        )
    assert caught.value.field == "opponent"


def test_taking_the_bye_from_a_player_without_it_is_refused(section, draft):
    with pytest.raises(ValidationError, match="does not have the bye") as caught:
        services.draft_bye_take(
            round=draft, player=1, opponent=2, user=section.organiser, version=v(draft)
        )
    assert caught.value.field == "player"


# -- boards, colours, state ------------------------------------------------------------------


def test_a_colour_swap_turns_a_result_fixed_in_advance_round(section):
    rnd = make_round(section, 1, [(1, 2)], result=GameResult.WHITE_WINS_FORFEIT)

    services.game_colours_swap(game=rnd.games.get(), user=section.organiser, version=v(rnd))

    game = rnd.games.get()
    assert (game.white.starting_rank, game.result) == (2, GameResult.BLACK_WINS_FORFEIT)


def test_a_published_round_cannot_be_edited_by_hand(section):
    rnd = make_round(section, 1, [(1, 2)], status=RoundStatus.PUBLISHED)

    with pytest.raises(RoundStateError):
        services.draft_players_pair(
            round=rnd, white=2, black=1, user=section.organiser, version=v(rnd)
        )


def test_only_the_events_managers_may_edit_a_draft(section, draft):
    with pytest.raises(PermissionDenied):
        services.draft_bye_give(round=draft, player=1, user=UserFactory(), version=v(draft))
    assert LogEntry.objects.count() == 0


def test_many_edits_keep_one_seat_per_player_and_boards_numbered_from_one(section, draft):
    user = section.organiser
    services.draft_bye_give(round=draft, player=1, user=user, version=v(draft))
    services.draft_players_pair(round=draft, white=1, black=6, user=user, version=v(draft))
    services.draft_players_swap(round=draft, first=2, second=3, user=user, version=v(draft))
    services.draft_bye_give(round=draft, player=5, user=user, version=v(draft))
    services.draft_bye_take(round=draft, player=5, opponent=4, user=user, version=v(draft))

    assert_seated_once(draft)
    assert hand_edits(draft).count() == 5


# -- pairing again and publishing ------------------------------------------------------------


def test_pairing_again_and_publishing_are_logged_and_the_log_is_kept(
    django_capture_on_commit_callbacks,
):
    section = make_section(6)
    with django_capture_on_commit_callbacks(execute=True):
        round_pair(section=section, number=1, user=section.organiser)
    rnd = Round.objects.get(section=section, number=1)
    services.draft_players_swap(
        round=rnd, first=1, second=2, user=section.organiser, version=v(rnd)
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_pair(section=section, number=1, user=section.organiser, again=True)
    services.game_colours_swap(game=rnd.games.first(), user=section.organiser, version=v(rnd))
    round_publish(round=rnd, user=section.organiser)

    actions = list(hand_edits(rnd).values_list("action", flat=True))
    assert actions == [
        LogAction.PUBLISH,
        LogAction.COLOURS_SWAP,
        LogAction.REPAIR,
        LogAction.PLAYERS_SWAP,
    ]
    published = hand_edits(rnd).first()
    assert published.description == "Round 1 published."
