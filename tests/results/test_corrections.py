"""Results and corrections (C.04.2 4.3): any round, any time, logged, never overwriting a
change unseen; later rounds stand, and the arbiter is told whether they would have been
paired otherwise."""

from __future__ import annotations

import pytest

from common.exceptions import PermissionDenied
from common.exceptions import ValidationError
from pairing import services
from pairing.services import RoundStateError
from pairing.services import StaleWrite
from public.selectors import standings_get
from results.services import bye_correct
from results.services import game_colours_correct
from results.services import game_result_set
from tests.factories import UserFactory
from tests.pairing.test_drafts import make_round
from tests.pairing.test_drafts import make_section
from tests.pairing.test_services import finish_round
from tests.pairing.test_services import pair
from tournaments.models import ByeKind
from tournaments.models import Game
from tournaments.models import GameResult
from tournaments.models import LogAction
from tournaments.models import LogEntry
from tournaments.models import Round
from tournaments.models import RoundStatus
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_tasks")]


def game(section, number, board):
    return Game.objects.select_related("round").get(
        round__section=section, round__number=number, board=board
    )


def set_result(section, number, board, result, reason=""):
    g = game(section, number, board)
    return game_result_set(
        game=g, result=result, user=section.organiser, version=g.version, reason=reason
    )


@pytest.fixture
def two_rounds(django_capture_on_commit_callbacks):
    """Eight players; round 1 paired by the engine, every game won by White; round 2 paired
    by the engine and published."""
    section = make_section(8)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)
    services.round_publish(
        round=Round.objects.get(section=section, number=2), user=section.organiser
    )
    return section


# -- entering and changing results ------------------------------------------------------


def test_a_result_is_entered_logged_and_the_version_goes_up():
    section = make_section(4)
    make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)

    done = set_result(section, 1, 1, GameResult.WHITE_WINS)

    g = game(section, 1, 1)
    assert (g.result, g.version) == ("1-0", 2)
    assert done.entry.action == LogAction.RESULT
    assert done.entry.changes == {"result": ["", "1-0"]}
    assert done.entry.board == 1
    assert sorted(p.starting_rank for p in done.entry.players.all()) == [1, 3]
    assert done.replay == ()


def test_a_result_sent_on_an_old_version_is_refused_with_who_changed_it_and_what_it_is():
    section = make_section(4)
    make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)
    seen = game(section, 1, 1)
    set_result(section, 1, 1, GameResult.DRAW)

    with pytest.raises(StaleWrite) as caught:
        game_result_set(
            game=seen, result=GameResult.BLACK_WINS, user=section.organiser, version=seen.version
        )

    assert f"by {section.organiser.username}" in caught.value.message
    assert "½–½" in caught.value.message
    assert caught.value.as_dict()["current"] == {
        "id": seen.pk,
        "result": "1/2",
        "version": 2,
    }
    assert game(section, 1, 1).result == GameResult.DRAW


def test_the_same_result_sent_again_changes_nothing_and_logs_nothing():
    section = make_section(4)
    make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)
    set_result(section, 1, 1, GameResult.DRAW)

    done = set_result(section, 1, 1, GameResult.DRAW)

    assert done.entry is None
    assert game(section, 1, 1).version == 2
    assert LogEntry.objects.filter(action=LogAction.RESULT).count() == 1


def test_a_result_of_a_completed_round_is_corrected_once_the_next_round_is_paired(two_rounds):
    section = two_rounds
    before = game(section, 1, 1)

    done = set_result(section, 1, 1, GameResult.BLACK_WINS, reason="Scoresheet says 0–1.")

    assert game(section, 1, 1).result == GameResult.BLACK_WINS
    entry = done.entry
    assert entry.action == LogAction.RESULT_CORRECT
    assert entry.reason == "Scoresheet says 0–1."
    assert entry.changes["result"] == ["1-0", "0-1"]
    assert "1–0 corrected to 0–1" in entry.description
    assert before.white.full_name in entry.description
    # Round 2 stands as paired.
    assert Round.objects.get(section=section, number=2).status == RoundStatus.PUBLISHED


def test_a_correction_after_the_next_pairing_needs_a_reason(two_rounds):
    with pytest.raises(ValidationError) as caught:
        set_result(two_rounds, 1, 1, GameResult.DRAW)

    assert caught.value.field == "reason"
    assert game(two_rounds, 1, 1).result == GameResult.WHITE_WINS


def test_a_result_cannot_be_cleared_once_the_next_round_is_paired(two_rounds):
    with pytest.raises(RoundStateError, match="corrected, not cleared"):
        set_result(two_rounds, 1, 1, "", reason="oops")


def test_a_correction_changes_the_standings_at_once(two_rounds):
    section = two_rounds
    g = game(section, 1, 1)
    white, black = g.white.starting_rank, g.black.starting_rank

    def points(rank):
        table = standings_get(section)
        return next(line.points for line in table.lines if line.number == rank)

    assert (points(white), points(black)) == (1, 0)
    set_result(section, 1, 1, GameResult.BLACK_WINS, reason="Wrong button.")
    assert (points(white), points(black)) == (0, 1)


def test_a_correction_says_the_next_round_would_have_been_paired_differently(two_rounds):
    section = two_rounds
    rnd2 = Round.objects.get(section=section, number=2)
    stored = {(g.board, g.white_id, g.black_id) for g in rnd2.games.all()}

    done = set_result(section, 1, 1, GameResult.BLACK_WINS, reason="Wrong button.")

    (note,) = done.replay
    assert note.round == 2
    assert not note.same
    assert note.boards
    assert note.text.startswith("Round 2 would have been paired differently on board")
    # The replay names only boards of round 2, which stands untouched.
    assert set(note.boards) <= {board for board, _w, _b in stored}
    assert {(g.board, g.white_id, g.black_id) for g in rnd2.games.all()} == stored
    entry = LogEntry.objects.get(pk=done.entry.pk)
    assert entry.warnings["replay"] == [note.text]


def test_a_correction_that_changes_nothing_for_the_pairing_says_so(two_rounds):
    section = two_rounds
    # A win in a game of less than one move scores, and pairs, as the win it replaces.
    done = set_result(section, 1, 2, GameResult.WHITE_WINS_UNRATED, reason="Under one move.")

    (note,) = done.replay
    assert note.same
    assert note.text == "Round 2 would be paired the same."


def test_a_correction_to_a_round_whose_successor_is_a_draft_advises_pairing_it_again(
    django_capture_on_commit_callbacks,
):
    section = make_section(8)
    pair(section, 1, django_capture_on_commit_callbacks)
    finish_round(section, 1)
    pair(section, 2, django_capture_on_commit_callbacks)

    done = set_result(section, 1, 1, GameResult.BLACK_WINS, reason="Wrong button.")

    (note,) = done.replay
    assert "It is still a draft: pair it again to use the correction." in note.text


def test_only_the_events_managers_may_enter_a_result():
    section = make_section(4)
    make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)
    g = game(section, 1, 1)

    with pytest.raises(PermissionDenied):
        game_result_set(game=g, result=GameResult.DRAW, user=UserFactory(), version=g.version)
    assert not LogEntry.objects.exists()


# -- colours ----------------------------------------------------------------------------


def test_colours_are_corrected_and_the_result_follows_its_player(two_rounds):
    section = two_rounds
    g = game(section, 1, 1)
    white, black = g.white_id, g.black_id

    done = game_colours_correct(
        game=g, user=section.organiser, version=g.version, reason="Arbiter saw the board."
    )

    g = game(section, 1, 1)
    assert (g.white_id, g.black_id) == (black, white)
    assert g.result == GameResult.BLACK_WINS  # the same player won
    assert done.entry.action == LogAction.COLOUR_CORRECT
    assert len(done.replay) == 1
    assert Seat.objects.filter(game=g).count() == 2


def test_colours_of_a_draft_are_not_corrected_but_swapped(django_capture_on_commit_callbacks):
    section = make_section(4)
    pair(section, 1, django_capture_on_commit_callbacks)
    g = game(section, 1, 1)

    with pytest.raises(RoundStateError, match="swap the colours of the draft"):
        game_colours_correct(game=g, user=section.organiser, version=1, reason="x")


def test_a_colour_correction_needs_a_reason(two_rounds):
    g = game(two_rounds, 1, 1)

    with pytest.raises(ValidationError) as caught:
        game_colours_correct(game=g, user=two_rounds.organiser, version=g.version, reason=" ")

    assert caught.value.field == "reason"


# -- byes -------------------------------------------------------------------------------


def test_a_bye_is_corrected_given_and_taken_away():
    section = make_section(5)
    rnd = make_round(
        section, 1, [(1, 3), (4, 2)], [(5, ByeKind.HALF_POINT)], status=RoundStatus.PUBLISHED
    )

    bye_correct(
        round=rnd,
        player=5,
        kind=ByeKind.ZERO_POINT,
        user=section.organiser,
        version=1,
        reason="Asked too late.",
    )
    assert rnd.byes.get().kind == ByeKind.ZERO_POINT
    bye_correct(
        round=rnd, player=5, kind="", user=section.organiser, version=2, reason="No bye at all."
    )
    assert not rnd.byes.exists()
    assert not Seat.objects.filter(round=rnd, player__starting_rank=5).exists()
    bye_correct(
        round=rnd,
        player=5,
        kind=ByeKind.FULL_POINT,
        user=section.organiser,
        version=3,
        reason="Organiser's decision.",
    )

    bye = rnd.byes.get()
    assert bye.kind == ByeKind.FULL_POINT
    assert Seat.objects.get(round=rnd, player__starting_rank=5).bye == bye
    changes = list(
        LogEntry.objects.filter(action=LogAction.BYE_CORRECT)
        .order_by("pk")
        .values_list("changes", flat=True)
    )
    assert changes == [{"bye": ["H", "Z"]}, {"bye": ["Z", ""]}, {"bye": ["", "F"]}]


def test_the_pairing_allocated_bye_is_not_changed_by_correction():
    section = make_section(5)
    rnd = make_round(
        section,
        1,
        [(1, 3), (4, 2)],
        [(5, ByeKind.PAIRING_ALLOCATED)],
        status=RoundStatus.PUBLISHED,
    )

    with pytest.raises(ValidationError, match="part of the pairing"):
        bye_correct(
            round=rnd,
            player=5,
            kind=ByeKind.HALF_POINT,
            user=section.organiser,
            version=1,
            reason="x",
        )
    with pytest.raises(ValidationError, match="part of the pairing"):
        bye_correct(
            round=rnd,
            player=5,
            kind=ByeKind.PAIRING_ALLOCATED,
            user=section.organiser,
            version=1,
            reason="x",
        )


def test_a_player_with_a_game_gets_no_bye_by_correction():
    section = make_section(4)
    rnd = make_round(section, 1, [(1, 3), (4, 2)], status=RoundStatus.PUBLISHED)

    with pytest.raises(ValidationError, match="has a game"):
        bye_correct(
            round=rnd,
            player=1,
            kind=ByeKind.HALF_POINT,
            user=section.organiser,
            version=1,
            reason="x",
        )


def test_a_bye_correction_on_an_old_version_of_the_round_is_refused():
    section = make_section(5)
    rnd = make_round(
        section, 1, [(1, 3), (4, 2)], [(5, ByeKind.HALF_POINT)], status=RoundStatus.PUBLISHED
    )
    bye_correct(
        round=rnd,
        player=5,
        kind=ByeKind.ZERO_POINT,
        user=section.organiser,
        version=1,
        reason="x",
    )

    with pytest.raises(StaleWrite):
        bye_correct(
            round=rnd,
            player=5,
            kind=ByeKind.FULL_POINT,
            user=section.organiser,
            version=1,
            reason="y",
        )
    assert rnd.byes.get().kind == ByeKind.ZERO_POINT


def test_only_the_round_in_play_is_replayed(django_capture_on_commit_callbacks):
    section = make_section(8)
    for number in (1, 2):
        pair(section, number, django_capture_on_commit_callbacks)
        finish_round(section, number)
    pair(section, 3, django_capture_on_commit_callbacks)

    done = set_result(section, 1, 1, GameResult.BLACK_WINS, reason="Wrong button.")

    assert [note.round for note in done.replay] == [3]
